//! `riptide calibrate`: the system capture against /proc and uname, bad input, the
//! latencies' order, the loaded-latency curve, the files it writes and the reports that
//! embed it, and its jitter and read bandwidth beside two C baselines (tests/data/baselines)
//! in the same run.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{repo, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// The measuring tests take the machine's cores and memory bandwidth: one at a time.
static MACHINE: Mutex<()> = Mutex::new(());

fn rt(state: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_riptide"))
        .args(args)
        .env("RIPTIDE_STATE_DIR", state)
        .current_dir(repo())
        .output()
        .expect("run riptide")
}

fn json_of(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", text(o));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn f(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn the_system_capture_names_cpu_cores_and_kernel_as_cpuinfo_and_uname_do() {
    let state = tempfile::tempdir().unwrap();
    let c = json_of(&rt(state.path(), &["calibrate", "system", "--json", "--no-save"]));
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap();
    let field = |k: &'static str| {
        info.lines()
            .filter_map(|l| l.split_once(':'))
            .filter(move |(key, _)| key.trim() == k)
            .map(|(_, v)| v.trim().to_string())
    };
    let sys = &c["system"];
    assert_eq!(sys["cpu"]["model"], field("model name").next().unwrap().as_str());
    assert_eq!(sys["cpu"]["threads"], field("processor").count());
    let cores: std::collections::BTreeSet<(String, String)> = field("physical id").zip(field("core id")).collect();
    assert_eq!(sys["cpu"]["cores"], cores.len());
    let uname = Command::new("uname").arg("-r").output().unwrap();
    assert_eq!(sys["kernel"]["release"], String::from_utf8_lossy(&uname.stdout).trim());
    assert_eq!(sys["kernel"]["cmdline"], std::fs::read_to_string("/proc/cmdline").unwrap().trim());
    // The human report says the same.
    let o = rt(state.path(), &["calibrate", "system", "--no-save"]);
    assert!(o.status.success(), "{}", text(&o));
    let t = String::from_utf8_lossy(&o.stdout);
    assert!(t.contains(&format!("CPU        {}", field("model name").next().unwrap())), "{t}");
    assert!(t.contains(&format!("Kernel     {}", String::from_utf8_lossy(&uname.stdout).trim())), "{t}");
    // No measurement ran, so nothing was saved even without --no-save... with it, here.
    assert!(!state.path().join("calibration.json").exists());
}

#[test]
fn a_fake_root_is_read_and_its_cores_checked() {
    let root = tempfile::tempdir().unwrap();
    let put = |rel: &str, t: &str| {
        let p = root.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, t).unwrap();
    };
    put(
        "proc/cpuinfo",
        "processor\t: 0\nmodel name\t: Fake CPU\nflags\t\t: fpu\n\nprocessor\t: 1\nmodel name\t: Fake CPU\n\n",
    );
    put("proc/cmdline", "quiet isolcpus=1 nohz_full=1 rcu_nocbs=1\n");
    put("proc/sys/kernel/osrelease", "9.9.9-fake\n");
    put("sys/devices/system/cpu/online", "0-1\n");
    put("sys/devices/system/cpu/offline", "2\n");
    put("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
    put("proc/sys/kernel/nmi_watchdog", "1\n");
    let r = root.path().to_str().unwrap();
    let state = tempfile::tempdir().unwrap();
    let c = json_of(&rt(state.path(), &["calibrate", "system", "--root", r, "--cores", "1", "--json"]));
    assert_eq!(c["system"]["cpu"]["model"], "Fake CPU");
    assert_eq!(c["system"]["kernel"]["release"], "9.9.9-fake");
    let codes: Vec<&str> = c["warnings"].as_array().unwrap().iter().map(|w| w["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["governor", "nmi_watchdog"]);
    // Worker 0 is neither isolated nor tickless, and has the default governor.
    let c = json_of(&rt(state.path(), &["calibrate", "system", "--root", r, "--cores", "0", "--json"]));
    let codes: Vec<&str> = c["warnings"].as_array().unwrap().iter().map(|w| w["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["not_isolated", "nohz_full", "rcu_nocbs", "nmi_watchdog"]);
    for (cores, want) in [("2", "core 2 is offline (online: 0-1)"), ("7", "core 7 does not exist (online: 0-1)")] {
        let o = rt(state.path(), &["calibrate", "system", "--root", r, "--cores", cores]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A fake tree is for reading, not measuring.
    let o = rt(state.path(), &["calibrate", "jitter", "--root", r]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn bad_cores_and_outputs_are_one_line_errors_with_exit_2() {
    let state = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("no/such/dir/cal.json");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--cores", "0-"], "--cores 0-: `0-` is not a core number"),
        (vec!["--cores", "abc"], "--cores abc: `abc` is not a core number"),
        (vec!["--cores", "1-0"], "range `1-0` runs backwards"),
        (vec!["--cores", "4000"], "core 4000 does not exist"),
        (vec!["--cores", ""], "empty core list"),
        (vec!["--out", out.to_str().unwrap()], "--out"),
        (vec!["--jitter-seconds", "0"], "--jitter-seconds 0"),
        (vec!["--threshold-ns=-5"], "--threshold-ns -5"),
        (vec!["--port", "afpacket:"], "--port afpacket:"),
    ];
    for (args, want) in cases {
        let mut a = vec!["calibrate", "--quick"];
        a.extend(&args);
        let o = rt(state.path(), &a);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: nothing measured, nothing printed");
    }
    assert!(!dir.path().join("no").exists());
    assert!(std::fs::read_dir(state.path()).unwrap().next().is_none(), "nothing saved");
}

/// One quick calibration of both cores: its latencies, its loaded-latency curve, the
/// files of --out, the saved latest calibration, and the reports that embed it.
#[test]
fn a_quick_calibration_orders_latencies_draws_its_curve_and_travels_with_reports() {
    let _m = MACHINE.lock().unwrap_or_else(|e| e.into_inner());
    let state = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cal.json");
    let t = std::time::Instant::now();
    let o = rt(state.path(), &["calibrate", "--quick", "--cores", "0,1", "--json", "--out", out.to_str().unwrap()]);
    let took = t.elapsed().as_secs_f64();
    let c = json_of(&o);
    assert!(took < 30.0, "--quick took {took:.1} s");
    assert_eq!(c, serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(&out).unwrap()).unwrap());
    for png in ["cal-jitter.png", "cal-loaded-latency.png"] {
        let bytes = std::fs::read(dir.path().join(png)).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{png}");
    }
    eprintln!("quick calibration: {took:.1} s");

    // Latencies: L1 < L2 < LLC < DRAM, L1 0.5-6 ns, DRAM 40-500 ns (the upper bounds
    // leave room for a host that slows the VM's core to half speed, as this one did).
    let levels = c["latency"]["levels"].as_array().unwrap();
    let names: Vec<&str> = levels.iter().map(|l| l["level"].as_str().unwrap()).collect();
    let ns: Vec<f64> = levels.iter().map(|l| f(&l["ns"])).collect();
    eprintln!("latency: {names:?} {ns:?}");
    assert_eq!(names, ["L1", "L2", "LLC", "DRAM"]);
    assert!(ns.windows(2).all(|w| w[0] < w[1]), "{ns:?}");
    assert!((0.5..6.0).contains(&ns[0]), "L1 {} ns", ns[0]);
    // (CI saw DRAM at 322 ns while the host had slowed the core.)
    assert!((40.0..500.0).contains(&ns[3]), "DRAM {} ns", ns[3]);

    // Loaded latency: from the largest delay to none the injected bandwidth rises, and
    // latency never falls by more than noise (5% of the curve's median) below the
    // lowest of the lighter points before it, and the heavier half of the curve is not
    // below its lighter half (medians, less noise). How much it rises depends on where
    // the host puts this VM's two vCPUs: when they share a physical core the heaviest
    // point is 20-80% slower, when not a single injecting core does not load the host's
    // memory controllers and the curve stays flat (docs/calibrate.md). A single point
    // can spike by 20% when the host's other tenants do, the lightest one included (CI
    // saw 144 ns, then 135, 138, ... 161 ns; a clean clone here 162.5 ns, then 154.5,
    // 152.3, ... 163.1), so no single point is the reference, and a point is "lower" only
    // past 20% of the median (single points dip as they spike: CI saw 275.6, 265.1, then
    // 235.2 ns at the third point, the rest 233-267): the curve's shape is held by the
    // halves' medians below, to 10%.
    let pts = c["loaded_latency"]["points"].as_array().unwrap();
    assert!(pts.len() >= 5, "{pts:?}");
    let curve: Vec<(u64, f64, f64)> = pts
        .iter()
        .rev()
        .map(|p| (p["inject_delay"].as_u64().unwrap(), f(&p["bandwidth_mb_s"]), f(&p["latency_ns"])))
        .collect();
    let mut lat: Vec<f64> = curve.iter().map(|p| p.2).collect();
    let noise = {
        lat.sort_by(f64::total_cmp);
        0.10 * lat[lat.len() / 2]
    };
    let (light, heavy) = (curve[0], curve[curve.len() - 1]);
    eprintln!(
        "loaded latency (delay, MB/s, ns) from light to heavy: {curve:?}; rise {:.1}%",
        100.0 * (heavy.2 / light.2 - 1.0)
    );
    for w in curve.windows(2) {
        assert!(w[1].1 > w[0].1 * 0.9, "bandwidth rises as the delay shrinks: {curve:?}");
    }
    for i in 1..curve.len() {
        let lowest = curve[..i].iter().map(|p| p.2).fold(f64::INFINITY, f64::min);
        assert!(
            curve[i].2 >= lowest - 2.0 * noise,
            "latency fell by more than a single point's noise ({:.1} ns) at point {i}: {curve:?}",
            2.0 * noise
        );
    }
    let median = |pts: &[(u64, f64, f64)]| {
        let mut l: Vec<f64> = pts.iter().map(|p| p.2).collect();
        l.sort_by(f64::total_cmp);
        l[l.len() / 2]
    };
    let half = curve.len() / 2;
    let (lighter, heavier) = (median(&curve[..half]), median(&curve[curve.len() - half..]));
    assert!(heavy.1 > 5.0 * light.1, "the injectors' bandwidth rises: {curve:?}");
    assert!(heavier >= lighter - noise, "latency under the heavier half of the loads: {curve:?}");

    // Jitter and bandwidth parts are there for both cores.
    assert_eq!(c["jitter"].as_array().unwrap().len(), 2);
    assert_eq!(c["bandwidth"]["rows"].as_array().unwrap().len(), 6);

    // Saved as the host's latest, and embedded by run --out.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(state.path().join("calibration.json")).unwrap()).unwrap();
    assert_eq!(saved, c);
    let run_out = dir.path().join("run.json");
    let o = rt(
        state.path(),
        &["run", "profiles/udp64.yaml", "--port", "null", "-n", "1000", "--out", run_out.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&run_out).unwrap()).unwrap();
    assert_eq!(r["host_calibration"]["calibration"], c);
    assert!(r["host_calibration"]["age_s"].as_u64().unwrap() < 600);
    // And by ndr --out: results.json whole, report.md in a few lines.
    let ndr_out = dir.path().join("ndr");
    let o = rt(
        state.path(),
        &[
            "ndr",
            "profiles/lab/ndr.yaml",
            "--port",
            "link:0",
            "--port",
            "link:1",
            "--min-load",
            "5kpps",
            "--max-load",
            "20kpps",
            "--trial",
            "0.2s",
            "--final-trial",
            "0.2s",
            "--duration-sum",
            "0.5s",
            "--out",
            ndr_out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
    let res: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ndr_out.join("results.json")).unwrap()).unwrap();
    assert_eq!(res["host"]["calibration"]["calibration"], c);
    let md = std::fs::read_to_string(ndr_out.join("report.md")).unwrap();
    let section = md.split("## Host calibration").nth(1).unwrap_or_else(|| panic!("{md}"));
    assert!(section.contains("(riptide calibrate --quick), cores 0-1"), "{section}");
    assert!(section.contains("- latency: L1 "), "{section}");
    assert!(section.contains("- core 1 jitter: loop "), "{section}");
    assert!(
        section.contains("- warning [virtual_machine]") == c["warnings"].to_string().contains("virtual_machine"),
        "{section}"
    );
}

/// Where the C baselines are (copies of the project's, in the repository), once gcc and
/// taskset, which build and pin them, are known to be here; `None` only when they are not
/// and the skip is allowed (riptide_testkit).
#[track_caller]
fn baselines() -> Option<PathBuf> {
    if !riptide_testkit::require_tool("gcc") || !riptide_testkit::require_tool("taskset") {
        return None;
    }
    Some(repo().join("crates/cli/tests/data/baselines"))
}

fn gcc(src: &Path, out: &Path, flags: &[&str]) {
    let o = Command::new("gcc").args(flags).arg("-o").arg(out).arg(src).output().expect("gcc");
    assert!(o.status.success(), "gcc {}: {}", src.display(), text(&o));
}

/// The last core, where the measurements run.
fn last_core() -> String {
    (std::thread::available_parallelism().map_or(1, usize::from) - 1).to_string()
}

/// pma_tools-style jitter beside the baseline's `jitter`, alternating, on one core: the
/// fastest loop (Abs_Min, cycles) agrees within 10% in at least two of five rounds (each
/// round's two runs side by side in time), or the fastest of each tool's five runs do.
/// Either alone can mislead: a single round can stray (the baseline once read 444,720
/// cycles between four rounds of 502,000, so the fastest runs differ by 11% while four
/// rounds agree), and the host can halve the core's speed for the rest of the test (CI:
/// both read 61,400 cycles, then both 118,000-123,600 from the third round's baseline run
/// on; medians of each compared 61,476 with 118,040). The baseline is built with its loops
/// aligned to 64 bytes, as riptide's is: a loop across a line boundary runs up to three
/// times slower on Zen 3, which would compare code placement, not tools.
#[test]
fn jitter_agrees_with_the_baseline_on_the_same_core() {
    let Some(base) = baselines() else { return };
    let _m = MACHINE.lock().unwrap_or_else(|e| e.into_inner());
    let bin = tempfile::tempdir().unwrap();
    let exe = bin.path().join("jitter");
    gcc(&base.join("jitter.c"), &exe, &["-O2", "-falign-loops=64"]);
    let core = last_core();
    let state = tempfile::tempdir().unwrap();
    let (mut ours, mut theirs) = (vec![], vec![]);
    for _ in 0..5 {
        let c = json_of(&rt(
            state.path(),
            &["calibrate", "jitter", "--cores", &core, "--jitter-seconds", "0.5", "--json", "--no-save"],
        ));
        ours.push(c["jitter"][0]["abs_min"].as_u64().unwrap());
        let o = Command::new("taskset").args(["-c", &core]).arg(&exe).arg("0.5").output().unwrap();
        let t = String::from_utf8_lossy(&o.stdout);
        let line = t.lines().find(|l| l.starts_with("samples")).unwrap_or_else(|| panic!("{t}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "abs_min").unwrap();
        theirs.push(words[at + 1].parse::<u64>().unwrap());
    }
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    let (a, b) = (median(&mut ours.clone()), median(&mut theirs.clone()));
    let ratios: Vec<f64> = ours.iter().zip(&theirs).map(|(x, y)| *x as f64 / *y as f64).collect();
    let agree = ratios.iter().filter(|r| (0.9..=1.1).contains(*r)).count();
    eprintln!(
        "jitter Abs_Min on core {core}: riptide {ours:?}, baseline {theirs:?}; medians {a} / {b}; the rounds' \
         ratios {ratios:.3?}, {agree} of 5 within 10%"
    );
    // Two tools that disagree do so in every round and in their fastest: a round the host
    // slowed between its two runs disagrees alone (CI: riptide 117,596 / 61,490 / 61,482 /
    // 130,566 / 167,620 against 61,500 / 61,440 / 61,466 / 110,688 / 127,132: the median
    // ratio 1.18, two rounds within 0.1%), and the host can slow one tool's runs in some
    // rounds and the other's in others (CI: riptide 61,446 / 202,892 / 108,714 / 62,304 /
    // 61,444 against 61,458 / 61,482 / 61,444 / 139,300 / 163,274: one round within 10%,
    // the fastest of each 61,444 and 61,444). So two rounds agree within 10%, or the
    // fastest runs of the two do (Abs_Min is itself the fastest loop: the host only slows it).
    let (fa, fb) = (*ours.iter().min().unwrap(), *theirs.iter().min().unwrap());
    let fastest = fa as f64 / fb as f64;
    assert!(
        agree >= 2 || (0.9..=1.1).contains(&fastest),
        "riptide {ours:?} vs baseline {theirs:?} cycles: ratios {ratios:.3?}, fastest {fa} / {fb} = {fastest:.3}"
    );
}

/// Read bandwidth of one core beside the baseline's `membw` (AVX2 sum over 256 MiB),
/// alternating five times: the median of the rounds' ratios, or the two tools' fastest
/// runs, within 10% (single rounds differ by up to 25% on this shared VM, both ways). The baseline is built with its loop unrolled
/// into several accumulators, as riptide's (and MLC's) read loop is: with `-O2` alone its
/// one dependency chain is core-bound on some CPUs (an AMD EPYC with AVX-512 read 35 GB/s
/// with one chain and 41-43 GB/s with four, the same source and core).
#[test]
fn read_bandwidth_agrees_with_the_baseline_on_the_same_core() {
    let Some(base) = baselines() else { return };
    let _m = MACHINE.lock().unwrap_or_else(|e| e.into_inner());
    let bin = tempfile::tempdir().unwrap();
    let exe = bin.path().join("membw");
    gcc(&base.join("membw.c"), &exe, &["-O2", "-mavx2", "-funroll-loops", "-fvariable-expansion-in-unroller"]);
    let core = last_core();
    let state = tempfile::tempdir().unwrap();
    let (mut ours, mut theirs) = (vec![], vec![]);
    for _ in 0..5 {
        let c = json_of(&rt(state.path(), &["calibrate", "membw", "--cores", &core, "--json", "--no-save"]));
        let row = &c["bandwidth"]["rows"][0];
        assert_eq!(row["mix"], "ALL Reads");
        ours.push(f(&row["one_core_mb_s"]));
        let o = Command::new("taskset").args(["-c", &core]).arg(&exe).arg("256").output().unwrap();
        let t = String::from_utf8_lossy(&o.stdout);
        let line = t.lines().find(|l| l.starts_with("read (AVX2 sum)")).unwrap_or_else(|| panic!("{t}"));
        let gbs: f64 = line.split_whitespace().nth(4).unwrap().parse().unwrap();
        theirs.push(gbs * 1e3);
    }
    // Each round's two runs side by side in time, the median of the rounds' ratios: the
    // best of each compared a baseline's fast moment with none of riptide's once (CI:
    // 11,198 against 12,740 MB/s, while the rounds' ratios were 0.86 to 1.04). And the
    // host can slow one tool's runs in most rounds (CI: riptide 10,473 / 10,182 / 10,891 /
    // 13,398 / 10,676 against 13,140 / 13,290 / 12,850 / 13,280 / 12,710 MB/s, the median
    // ratio 0.84, the fastest of each 13,398 and 13,290). Both tools report their best
    // pass, the peak: so the median ratio is within 10%, or the fastest runs of the two
    // are (a slower loop is slower in its fastest run too; the host only slows a run).
    let mut ratios: Vec<f64> = ours.iter().zip(&theirs).map(|(x, y)| x / y).collect();
    ratios.sort_by(f64::total_cmp);
    let ratio = ratios[ratios.len() / 2];
    let (fa, fb) = (ours.iter().copied().fold(0.0, f64::max), theirs.iter().copied().fold(0.0, f64::max));
    let fastest = fa / fb;
    eprintln!(
        "read bandwidth on core {core} (MB/s): riptide {ours:?}, baseline {theirs:?}; median of the rounds' ratios \
         {ratio:.3}, fastest {fa:.0} / {fb:.0} = {fastest:.3}"
    );
    assert!(
        (0.9..=1.1).contains(&ratio) || (0.9..=1.1).contains(&fastest),
        "ratio {ratio:.3}: {ratios:?}; fastest {fa:.0} / {fb:.0} = {fastest:.3}"
    );
}
