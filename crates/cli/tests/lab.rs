//! `riptide lab` end to end: the namespace ring, traffic across the kernel DUT, and the
//! kernel's own interface counters as the oracle.
//!
//! Every test here uses one lab of this process's own name (`rt-PID`: namespaces
//! rt-PID-tg and rt-PID-dut), so a second test run on the same host, or a lab someone
//! left up, does not collide with it; the tests share that lab, serialised by `LAB`.
//! `RIPTIDE_LAB` names it to every `riptide lab` command they run.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{ipv4_src, pcap_frames, repo, require_tshark, riptide, text, tshark, wait_within, BAD};

use riptide_port::lab::{self, IfCounters};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

static LAB: Mutex<()> = Mutex::new(());

/// This process's lab name (`RIPTIDE_LAB`, set by [`fresh`] for the commands it runs).
fn name() -> &'static str {
    static NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NAME.get_or_init(|| format!("rt-{}", std::process::id()))
}

/// The lab's generator namespace.
fn tg() -> &'static str {
    static NS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NS.get_or_init(|| format!("{}-tg", name()))
}

/// profiles/lab/ports.yaml with this process's lab's generator namespace: a file in the
/// temporary directory, written once.
fn lab_ports() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let text = std::fs::read_to_string(repo().join("profiles/lab/ports.yaml")).unwrap();
        assert!(text.contains("netns: riptide-tg"), "{text}");
        let path = std::env::temp_dir().join(format!("riptide-lab-ports-{}.yaml", std::process::id()));
        std::fs::write(&path, text.replace("netns: riptide-tg", &format!("netns: {}", tg()))).unwrap();
        path.to_str().unwrap().to_string()
    })
}

/// The lab's DUT namespace.
fn dut() -> &'static str {
    static NS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NS.get_or_init(|| format!("{}-dut", name()))
}

fn ok(args: &[&str]) -> String {
    let o = riptide(args);
    assert!(o.status.success(), "riptide {args:?}: {}", text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn counters(ns: &str, ifname: &str) -> IfCounters {
    lab::if_counters(ns, ifname).unwrap()
}

fn ns_exists(ns: &str) -> bool {
    Path::new("/var/run/netns").join(ns).exists()
}

/// Takes the lab lock and starts from nothing. Without namespaces (root, `ip netns`) the
/// test fails naming what it needs, or with `RIPTIDE_ALLOW_SKIP=1` this is `None` and the
/// skip is counted (riptide_testkit).
#[track_caller]
fn fresh() -> Option<std::sync::MutexGuard<'static, ()>> {
    if !riptide_testkit::require(riptide_port::netns::test_support()) {
        return None;
    }
    let g = LAB.lock().unwrap_or_else(|p| p.into_inner());
    // Every `riptide lab` command below (and those of the Drop guards) acts on this
    // process's lab; set under the lock, before any is run.
    std::env::set_var("RIPTIDE_LAB", name());
    ok(&["lab", "down"]);
    Some(g)
}

struct Down;
impl Drop for Down {
    fn drop(&mut self) {
        let _ = riptide(&["lab", "down"]);
    }
}

/// Takes down the named labs when dropped (a test's extra labs).
struct DownNamed(Vec<String>);
impl Drop for DownNamed {
    fn drop(&mut self) {
        for n in &self.0 {
            let _ = riptide(&["lab", "down", "--name", n]);
        }
    }
}

/// Two labs of different names up at once (issue 37): a run in each crosses its own DUT
/// only (the kernel's counters in each lab's namespaces), `lab status` without a name
/// lists both, a name that is no lab's is refused, and `lab down --name A` leaves B up
/// and forwarding.
#[test]
fn two_named_labs_run_side_by_side_and_come_down_one_at_a_time() {
    let Some(_g) = fresh() else { return };
    let (a, b) = (format!("{}-a", name()), format!("{}-b", name()));
    let _down = DownNamed(vec![a.clone(), b.clone()]);
    ok(&["lab", "up", "--name", &a]);
    ok(&["lab", "up", "--name", &b, "--dut", "bridge"]);
    let (a_tg, b_tg, a_dut, b_dut) = (format!("{a}-tg"), format!("{b}-tg"), format!("{a}-dut"), format!("{b}-dut"));
    // Without RIPTIDE_LAB nor --name, status shows every lab up.
    let all = Command::new(env!("CARGO_BIN_EXE_riptide")).args(["lab", "status"]).env_remove("RIPTIDE_LAB").output();
    let all = text(&all.unwrap());
    assert!(
        all.contains(&format!("lab {a}: up, dut route")) && all.contains(&format!("lab {b}: up, dut bridge")),
        "{all}"
    );
    for bad in ["A", "-x", "a/b", "a.b", ""] {
        let o = riptide(&["lab", "up", &format!("--name={bad}")]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", text(&o));
        assert!(text(&o).contains("--name: lab name"), "{}", text(&o));
    }
    // One run into each lab at once.
    let run = |ns: &str| {
        #[rustfmt::skip]
        let args = ["run", "profiles/lab/udp64.yaml", "--count", "50000", "--netns", ns, "--port", "afpacket:rt0",
                    "--port", "afpacket:rt1", "--json"];
        Command::new(env!("CARGO_BIN_EXE_riptide"))
            .args(args)
            .current_dir(repo())
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let (ra, rb) = std::thread::scope(|s| {
        let ta = s.spawn(|| run(&a_tg));
        let tb = s.spawn(|| run(&b_tg));
        (ta.join().unwrap(), tb.join().unwrap())
    });
    for (o, tgn, dutn) in [(&ra, &a_tg, &a_dut), (&rb, &b_tg, &b_dut)] {
        assert!(o.status.success(), "{tgn}: {}", text(o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["ports"][1]["ipackets"], 50000, "{tgn}: {v}");
        assert_eq!(counters(tgn, "rt0").tx_packets, 50000, "{tgn}");
        assert_eq!(counters(dutn, "dut0").rx_packets, 50000, "{dutn}");
        assert_eq!(counters(tgn, "rt1").rx_packets, 50000, "{tgn}");
    }
    let out = ok(&["lab", "down", "--name", &a]);
    assert!(out.contains(&format!("lab {a}: removed namespaces {a_tg}, {a_dut}")), "{out}");
    assert!(!ns_exists(&a_tg) && !ns_exists(&a_dut) && ns_exists(&b_tg) && ns_exists(&b_dut));
    let st = ok(&["lab", "status", "--name", &b]);
    assert!(st.contains(&format!("lab {b}: up, dut bridge")), "{st}");
    assert!(ok(&["lab", "status", "--name", &a]).contains(&format!("lab {a}: down")));
    let v: serde_json::Value = serde_json::from_slice(&run(&b_tg).stdout).unwrap();
    assert_eq!(v["ports"][1]["ipackets"], 50000, "{b} after {a} came down: {v}");
    // A run into the lab that is gone names what makes it.
    let o = run(&a_tg);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains(&format!("`riptide lab up --name {a}` makes it")), "{}", text(&o));
    ok(&["lab", "down", "--name", &b]);
    assert!(!ns_exists(&b_tg) && !ns_exists(&b_dut));
}

/// Four generators in four namespaces (four labs of `--dut none`: rt0 and rt1 joined),
/// each sending its `--segment I/4` of one profile from the same `--start-at` moment
/// (issue 37): `riptide merge` of their results counts the profile's packets per stream,
/// what rt1 received in all four labs is that too (the kernel's counters), the source
/// addresses each one's tap saw are disjoint and together one generator's set, and the
/// four began within 1 ms of each other (one host's clock; the best of three starts).
#[test]
fn four_segmented_generators_in_four_namespaces_send_the_profile_once() {
    let Some(_g) = fresh() else { return };
    let dir = tempfile::tempdir().unwrap();
    let labs: Vec<String> = (0..4).map(|i| format!("{}-s{i}", name())).collect();
    let _down = DownNamed(labs.clone());
    for l in &labs {
        ok(&["lab", "up", "--name", l, "--dut", "none"]);
    }
    let prof = dir.path().join("seg.yaml");
    #[rustfmt::skip]
    std::fs::write(&prof, "streams:\n  - name: sweep\n    size: 64\n    rate: 40kpps\n    mode: {burst: {packets: 20000}}\n    vars:\n      - {name: src, op: inc, min: 198.18.1.1, max: 198.18.4.232, write: ipv4.src}\n  - name: other\n    size: 128\n    rate: 2kpps\n    mode: {burst: {packets: 1001}}\n").unwrap();
    let p = prof.to_str().unwrap().to_string();
    let run = |lab: &str, tap: &Path, extra: &[String]| {
        let mut args: Vec<String> =
            ["run", &p, "--netns", &format!("{lab}-tg"), "--port"].iter().map(|s| s.to_string()).collect();
        args.push(format!("afpacket:rt0+tap:{}", tap.display()));
        args.extend(["--port", "afpacket:rt1", "--json"].map(String::from));
        args.extend(extra.iter().cloned());
        let mut c = Command::new(env!("CARGO_BIN_EXE_riptide"));
        c.args(&args).current_dir(repo()).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        c.spawn().unwrap()
    };
    let srcs = |pcap: &Path| -> std::collections::BTreeSet<[u8; 4]> {
        pcap_frames(pcap).iter().filter(|f| f.len() == 60).map(|f| ipv4_src(f)).collect()
    };
    // One generator alone: the reference set (1000 addresses).
    let single_tap = dir.path().join("single.pcap");
    let o = run(&labs[0], &single_tap, &[]).wait_with_output().unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let single = srcs(&single_tap);
    assert_eq!(single.len(), 1000);
    // The four from one moment, 1.5 s ahead; three times: how close four processes on
    // two vCPUs begin is up to the scheduler (a worker can wake a tick late), so the best
    // start must be within 1 ms and every one within 50 ms.
    let mut skews = Vec::new();
    for round in 0..3 {
        let rx0: Vec<u64> = labs.iter().map(|l| counters(&format!("{l}-tg"), "rt1").rx_packets).collect();
        let at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs_f64() + 1.5;
        let at = format!("{at:.3}");
        let kids: Vec<_> = (0..4)
            .map(|i| {
                let tap = dir.path().join(format!("s{i}.pcap"));
                run(&labs[i], &tap, &["--segment".into(), format!("{i}/4"), "--start-at".into(), at.clone()])
            })
            .collect();
        let mut files = Vec::new();
        let mut union = std::collections::BTreeSet::new();
        for (i, k) in kids.into_iter().enumerate() {
            let o = k.wait_with_output().unwrap();
            assert!(o.status.success(), "segment {i}: {}", text(&o));
            let f = dir.path().join(format!("s{i}.json"));
            std::fs::write(&f, &o.stdout).unwrap();
            files.push(f.to_str().unwrap().to_string());
            let mine = srcs(&dir.path().join(format!("s{i}.pcap")));
            assert!(union.is_disjoint(&mine), "segment {i} repeats another's source addresses");
            union.extend(mine);
        }
        assert_eq!(union, single, "the four segments' addresses are one generator's");
        let mut args = vec!["merge", "--json"];
        args.extend(files.iter().map(String::as_str));
        let v = run_json(&args);
        assert_eq!(v["streams"][0]["opackets"], 20000, "{v}");
        assert_eq!(v["streams"][1]["opackets"], 1001, "{v}");
        assert_eq!(v["ports"][1]["ipackets"], 21001, "{v}");
        let got: u64 = labs.iter().zip(&rx0).map(|(l, r0)| counters(&format!("{l}-tg"), "rt1").rx_packets - r0).sum();
        assert_eq!(got, 21001, "what the kernel's rt1 received in the four labs");
        let (secs, ms) = at.split_once('.').unwrap();
        let at_ns = secs.parse::<u64>().unwrap() * 1_000_000_000 + ms.parse::<u64>().unwrap() * 1_000_000;
        assert_eq!(v["start_at_unix_ns"], at_ns, "{v}");
        let skew = v["start_skew_ns"].as_u64().unwrap();
        eprintln!(
            "round {round}: four generators began within {skew} ns; the last {} ns after the agreed start",
            v["late_start_ns"]
        );
        skews.push(skew);
    }
    assert!(skews.iter().min().is_some_and(|&s| s < 1_000_000), "start skews {skews:?} ns");
    assert!(skews.iter().all(|&s| s < 50_000_000), "start skews {skews:?} ns");
}

/// The riptide OCI image (issue 37): `scripts/image.sh` builds it (FROM scratch, the
/// release binary, its libraries, the profiles) with podman, and a container of it, in the
/// lab's generator namespace (`--network ns:`), sends across the ring with no
/// `--privileged` and one capability added: NET_RAW for AF_PACKET (100,000 frames, the
/// kernel's counters agree); without it riptide refuses, naming the capability; AF_XDP
/// needs NET_ADMIN, BPF and IPC_LOCK too, and the bpf() system call, which podman's
/// default seccomp profile refuses without CAP_SYS_ADMIN. Needs podman, and a podman
/// that can start a container here.
#[test]
fn the_image_runs_a_lab_run_without_privileged() {
    if !riptide_testkit::require_tool("podman") {
        return;
    }
    let Some(_g) = fresh() else { return };
    let tag = format!("localhost/riptide:test-{}", std::process::id());
    let o = Command::new(repo().join("scripts/image.sh")).env("IMAGE", &tag).output().unwrap();
    assert!(o.status.success(), "scripts/image.sh: {}", text(&o));
    struct Untag(String);
    impl Drop for Untag {
        fn drop(&mut self) {
            let _ = Command::new("podman").args(["rmi", "-f", &self.0]).output();
        }
    }
    let _untag = Untag(tag.clone());
    let _down = Down;
    ok(&["lab", "up"]);
    // This VM's cgroups are hybrid, which crun (podman's default runtime here) refuses:
    // runc where it is installed. Podman's default ulimits (nofile 1048576, nproc
    // 4194304) are above this host's hard limits, and with every capability dropped
    // the runtime cannot raise them: the container gets ones below.
    let podman = |caps: &[&str], extra: &[&str], args: &[&str]| {
        let mut c = Command::new("podman");
        if Command::new("runc").arg("--version").output().is_ok() {
            c.args(["--runtime", "runc"]);
        }
        c.args(["run", "--rm", "--ulimit", "nofile=1024:4096", "--ulimit", "nproc=4096:4096"]);
        c.args(["--network", &format!("ns:/run/netns/{}", tg()), "--cap-drop", "ALL"]);
        for cap in caps {
            c.args(["--cap-add", cap]);
        }
        c.args(extra).arg(&tag).args(args);
        assert!(!format!("{c:?}").contains("privileged"));
        wait_within(
            c.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap(),
            Duration::from_secs(120),
            "podman run",
        )
    };
    let probe = podman(&[], &[], &["--version"]);
    if !probe.status.success() {
        riptide_testkit::skip_or_fail(format!("needs podman to start a container here: {}", text(&probe)));
        return;
    }
    assert!(text(&probe).contains("riptide 0.1"), "{}", text(&probe));
    #[rustfmt::skip]
    let run = ["run", "profiles/lab/udp64.yaml", "--port", "afpacket:rt0", "--port", "afpacket:rt1", "-n", "100000",
               "--json"];
    let d0 = counters(dut(), "dut0").rx_packets;
    let o = podman(&["NET_RAW"], &[], &run);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ports"][0]["opackets"], 100_000, "{v}");
    assert_eq!(v["ports"][1]["ipackets"], 100_000, "{v}");
    assert_eq!(counters(dut(), "dut0").rx_packets - d0, 100_000, "the DUT's kernel counted them");
    let o = podman(&[], &[], &run);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("an AF_PACKET port needs root (CAP_NET_RAW)"), "{}", text(&o));
    let xdp =
        ["run", "profiles/lab/udp64.yaml", "--port", "afxdp:rt0", "--port", "afxdp:rt1", "-n", "100000", "--json"];
    let caps = ["NET_RAW", "NET_ADMIN", "BPF", "IPC_LOCK"];
    let o = podman(&caps, &[], &xdp);
    assert_eq!(o.status.code(), Some(2), "podman's seccomp profile let bpf() through: {}", text(&o));
    let o = podman(&caps, &["--security-opt", "seccomp=unconfined"], &xdp);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ports"][1]["ipackets"], 100_000, "{v}");
    // Without IPC_LOCK the frame memory counts against the container's memlock limit.
    let o = podman(&caps[..3], &["--security-opt", "seccomp=unconfined"], &xdp);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("locked-memory limit"), "{}", text(&o));
}

fn run_json(args: &[&str]) -> serde_json::Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The ring's two ports in this process's lab, and --json.
fn ring() -> [&'static str; 7] {
    ["--netns", tg(), "--port", "afpacket:rt0", "--port", "afpacket:rt1", "--json"]
}

/// Both interface backends.
const BACKENDS: [&str; 2] = ["afpacket", "afxdp"];

/// `riptide run PROFILE --count N` across the ring on `backend` ports; the JSON result.
fn run_ring(profile: &str, count: u64, backend: &str) -> serde_json::Value {
    let (p0, p1, n) = (format!("{backend}:rt0"), format!("{backend}:rt1"), count.to_string());
    run_json(&["run", profile, "--count", &n, "--netns", tg(), "--port", &p0, "--port", &p1, "--json"])
}

/// tcpdump on `ns`/`ifname` writing the next `count` frames to `file`; ready on return.
struct Capture(std::process::Child);

impl Capture {
    fn start(ns: &str, ifname: &str, count: u64, file: &Path) -> Capture {
        Capture::start_filtered(ns, ifname, count, file, "")
    }

    /// [`Capture::start`] of the frames matching the capture `filter` only.
    fn start_filtered(ns: &str, ifname: &str, count: u64, file: &Path, filter: &str) -> Capture {
        use std::io::BufRead;
        let mut child = Command::new("ip")
            .args([
                "netns",
                "exec",
                ns,
                "tcpdump",
                "-n",
                "-U",
                "-B",
                "65536",
                "-Z",
                "root",
                "--immediate-mode",
                "-i",
                ifname,
                "-c",
            ])
            .arg(count.to_string())
            .arg("-w")
            .arg(file)
            .args(filter.split_whitespace())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tcpdump (scripts/setup.sh installs it)");
        let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
        loop {
            match lines.next() {
                Some(Ok(l)) if l.contains("listening on") => break,
                Some(Ok(_)) => {}
                _ => panic!("tcpdump did not start on {ns}/{ifname}"),
            }
        }
        Capture(child)
    }

    /// Waits (at most 30 s) for the capture to reach its count.
    fn finish(mut self) {
        riptide_testkit::wait_for(Duration::from_secs(30), "tcpdump to see its frames", || {
            self.0.try_wait().unwrap().is_some()
        });
    }
}

impl Capture {
    /// Stops the capture (SIGINT, so tcpdump closes the file cleanly) once it has caught
    /// up: `file` (written a frame at a time, `-U`) has not grown for 300 ms.
    fn stop_when_quiet(mut self, file: &Path) {
        let size = || std::fs::metadata(file).map_or(0, |m| m.len());
        riptide_testkit::wait_for(Duration::from_secs(30), "the capture to go quiet", || {
            let was = size();
            !riptide_testkit::within(Duration::from_millis(300), || size() != was)
        });
        // SAFETY: kill(2) on the child this capture spawned.
        unsafe { libc::kill(self.0.id() as i32, libc::SIGINT) };
        let _ = self.0.wait();
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn route_dut_forwards_a_million_frames_and_every_counter_agrees() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    let up = ok(&["lab", "up", "--dut", "route"]);
    assert!(up.contains("dut route"), "{up}");
    for backend in BACKENDS {
        let before = [counters(tg(), "rt0"), counters(tg(), "rt1"), counters(dut(), "dut0"), counters(dut(), "dut1")];
        let v = run_ring("profiles/lab/udp64.yaml", 1_000_000, backend);
        let after = [counters(tg(), "rt0"), counters(tg(), "rt1"), counters(dut(), "dut0"), counters(dut(), "dut1")];
        let d = |i: usize, f: fn(&IfCounters) -> u64| f(&after[i]) - f(&before[i]);
        let (sent, got) = (v["ports"][0]["opackets"].as_u64().unwrap(), v["ports"][1]["ipackets"].as_u64().unwrap());
        assert_eq!(v["ports"][0]["driver"], backend, "{v}");
        assert_eq!(sent, 1_000_000, "{backend}: {v}");
        assert_eq!(v["ports"][0]["oerrors"], 0, "{backend}");
        assert_eq!(got, 1_000_000, "{backend}: {v}");
        assert_eq!(v["ports"][1]["ibytes"].as_u64().unwrap(), 60_000_000, "{backend}: {v}");
        assert_eq!(v["ports"][1]["ierrors"], 0, "{backend}: {v}");
        assert_eq!(d(0, |c| c.tx_packets), sent, "{backend}: rt0 tx");
        assert_eq!(d(2, |c| c.rx_packets), sent, "{backend}: dut0 rx");
        assert_eq!(d(3, |c| c.tx_packets), sent, "{backend}: dut1 tx");
        assert_eq!(d(1, |c| c.rx_packets), got, "{backend}: rt1 rx");
        // Nothing else crossed the ring: no ARP, IPv6 or ICMP of the kernel's own.
        assert_eq!(d(1, |c| c.tx_packets) + d(0, |c| c.rx_packets), 0, "{backend}");
        assert_eq!(v["loss"]["lost"], 0, "{backend}: {v}");
        let mode = if backend == "afxdp" {
            // veth: copy mode, the redirect program in the driver.
            "copy, 2048 transmit and 2048 receive frames, XDP program in native mode"
        } else {
            "transmit ring of 1024 frames (virtio-net headers), receive ring 4096 KiB"
        };
        assert_eq!(v["ports"][1]["mode"], mode, "{v}");
    }
    // AF_XDP's program went with the run.
    let links = Command::new("ip").args(["-n", tg(), "link", "show"]).output().unwrap();
    assert!(!text(&links).contains("xdp"), "{}", text(&links));

    // The DUT taken away (forwarding off): loss is reported as loss, the run succeeds.
    let st = Command::new("ip").args(["netns", "exec", dut(), "sysctl", "-qw", "net.ipv4.ip_forward=0"]).status();
    assert!(st.unwrap().success());
    let mut args = vec!["run", "profiles/lab/udp64.yaml", "--count", "20000"];
    args.extend(ring());
    let v = run_json(&args);
    assert_eq!(v["ports"][0]["opackets"], 20000, "{v}");
    assert_eq!(v["ports"][1]["ipackets"], 0, "{v}");
    assert_eq!(v["loss"]["lost"], 20000, "{v}");
    assert_eq!(v["loss"]["loss_ratio"], 1.0, "{v}");
    let st = ok(&["lab", "status"]);
    assert!(st.contains("NOT forwarding") && st.contains("dut1"), "{st}");

    // A second `up` is refused with a hint, the lab stays.
    let o = riptide(&["lab", "up"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("lab down"), "{}", text(&o));
    assert!(ns_exists(tg()));

    let out = ok(&["lab", "down"]);
    assert!(out.contains(tg()) && out.contains(dut()), "{out}");
    assert!(!ns_exists(tg()) && !ns_exists(dut()));
    assert!(ok(&["lab", "status"]).contains("down"));
}

#[test]
fn bridge_and_direct_rings_carry_the_same_profile() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    for mode in ["bridge", "none"] {
        ok(&["lab", "up", "--dut", mode]);
        let (rx0, back0) = (counters(tg(), "rt1").rx_packets, counters(tg(), "rt0").rx_packets);
        let mut args = vec!["run", "profiles/lab/udp64.yaml", "--count", "50000"];
        args.extend(ring());
        let v = run_json(&args);
        assert_eq!(v["ports"][0]["opackets"], 50000, "{mode}: {v}");
        assert_eq!(v["ports"][1]["ipackets"], 50000, "{mode}: {v}");
        assert_eq!(counters(tg(), "rt1").rx_packets - rx0, 50000, "{mode}");
        // Nothing of the DUT's own (STP, IGMP, ARP) reached the generator.
        assert_eq!(counters(tg(), "rt0").rx_packets - back0, 0, "{mode}");
        assert_eq!(counters(tg(), "rt1").tx_packets, 0, "{mode}");
        assert!(ok(&["lab", "status"]).contains(&format!("dut {mode}")));
        ok(&["lab", "down"]);
        assert!(!ns_exists(tg()) && !ns_exists(dut()), "{mode}");
    }
}

#[test]
fn down_cleans_up_after_a_run_that_is_still_going() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let tx0 = counters(tg(), "rt0").tx_packets;
    let mut child = Command::new(env!("CARGO_BIN_EXE_riptide"))
        .args(["run", "profiles/lab/udp64.yaml", "--duration", "60s", "--netns", tg(), "--port", "afpacket:rt0"])
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Sending (100 kpps; the kernel's own frames are a few): its port is open, and the
    // interface is its.
    riptide_testkit::wait_for(Duration::from_secs(30), "the first run to send", || {
        counters(tg(), "rt0").tx_packets > tx0 + 1000
    });
    // A second riptide on the same interface is refused, naming the first.
    let o = riptide(&["run", "profiles/lab/udp64.yaml", "-n", "10", "--netns", tg(), "--port", "afpacket:rt0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains(&format!("in use by another riptide (pid {})", child.id())), "{}", text(&o));
    let out = ok(&["lab", "down"]);
    assert!(out.contains("stopped processes"), "{out}");
    // The run is gone (by the signal), and so is every namespace and link of the lab.
    // (SIGTERM is riptide's graceful stop: the run ends and reports, whatever its status.)
    riptide_testkit::wait_for(Duration::from_secs(10), "the run to end after `lab down`", || {
        child.try_wait().unwrap().is_some()
    });
    assert!(!ns_exists(tg()) && !ns_exists(dut()));
    let links = Command::new("ip").args(["-o", "link", "show"]).output().unwrap();
    let links = String::from_utf8_lossy(&links.stdout);
    for name in ["rt0", "rt1", "dut0", "dut1"] {
        assert!(!links.contains(&format!(": {name}@")) && !links.contains(&format!(": {name}:")), "{links}");
    }
}

/// AF_XDP's program belongs to the process: a run killed outright (SIGKILL, no cleanup)
/// leaves no XDP program on the lab's interfaces, and the next run attaches its own.
#[test]
fn a_killed_afxdp_run_leaves_no_xdp_program() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let xdp_on = || text(&Command::new("ip").args(["-n", tg(), "link", "show"]).output().unwrap()).contains("xdp");
    let mut child = Command::new(env!("CARGO_BIN_EXE_riptide"))
        .args(["run", "profiles/lab/udp64.yaml", "--duration", "60s", "--netns", tg()])
        .args(["--port", "afxdp:rt0", "--port", "afxdp:rt1"])
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    riptide_testkit::wait_for(Duration::from_secs(30), "the run to attach its XDP program", xdp_on);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!xdp_on(), "the program went with the killed process");
    let v = run_ring("profiles/lab/udp64.yaml", 10_000, "afxdp");
    assert_eq!(v["ports"][1]["ipackets"], 10_000, "{v}");
    assert!(!xdp_on());
}

#[test]
fn bad_lab_input_is_exit_2() {
    let o = riptide(&["lab", "up", "--dut", "router"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains(
            "route, bridge, bridge,fdb=N, none, limit:RATE, nat, nat,conntrack=N, nat,cps=RATE, testpmd, ovs, ovs,fdb=N, impair or impair:IMPAIRMENTS"
        ),
        "{}",
        text(&o)
    );
    // Without root: a clear error, nothing built. As root the binary runs as nobody
    // (setpriv); as anyone else, as that user.
    let bin = env!("CARGO_BIN_EXE_riptide");
    let (mut c, _g) = if riptide_port::root::is_root() {
        if !riptide_testkit::require_tool("setpriv") {
            return;
        }
        let Some(g) = fresh() else { return };
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        (c, Some(g))
    } else {
        (Command::new(bin), None)
    };
    let o = c.args(["lab", "up"]).env("RIPTIDE_LAB", name()).current_dir("/").output().unwrap();
    if text(&o).contains("Permission denied") && o.status.code() != Some(2) {
        riptide_testkit::skip_or_fail(format!("needs the test binary reachable by nobody: {}", text(&o)));
        return;
    }
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("needs root"), "{}", text(&o));
    assert!(!ns_exists(tg()));
}

/// Issue 7's second acceptance point: a pktgen script on the ring through AF_PACKET; its
/// `Result:` pps agrees with the kernel's counters within 1%.
#[test]
fn pktgen_result_agrees_with_the_kernel_on_the_ring() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("ring.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\n\
         PGDEV=/proc/net/pktgen/kpktgend_0\n\
         pgset \"rem_device_all\"\n\
         pgset \"add_device rt0\"\n\
         PGDEV=/proc/net/pktgen/rt0\n\
         pgset \"count 100000\"\n\
         pgset \"pkt_size 60\"\n\
         pgset \"ratep 100000\"\n\
         pgset \"src_min 198.18.1.1\"\n\
         pgset \"src_max 198.18.1.1\"\n\
         pgset \"dst_min 198.19.0.1\"\n\
         pgset \"dst_max 198.19.0.254\"\n\
         pgset \"dst_mac 02:00:c6:12:01:fe\"\n\
         pgset \"udp_src_min 9\"\n\
         pgset \"udp_src_max 109\"\n\
         pgset \"flag UDPSRC_RND\"\n\
         pgset \"flows 16\"\n\
         pgset \"flowlen 8\"\n\
         PGDEV=/proc/net/pktgen/pgctrl\n\
         pgset \"start\"\n",
    )
    .unwrap();
    let (tx0, rx0) = (counters(tg(), "rt0").tx_packets, counters(tg(), "rt1").rx_packets);
    let out = ok(&["pktgen", script.to_str().unwrap(), "--netns", tg()]);
    let (tx, rx) = (counters(tg(), "rt0").tx_packets - tx0, counters(tg(), "rt1").rx_packets - rx0);
    // "Result: OK: 15430(c15405+d25) usec, 100000 (60byte,0frags)" then "  6480562pps 3110Mb/sec ...".
    let result = out.lines().skip_while(|l| !l.contains("Result: OK: ")).take(2).collect::<Vec<_>>();
    assert_eq!(result.len(), 2, "{out}");
    let usec: f64 = result[0].split("OK: ").nth(1).unwrap().split('(').next().unwrap().parse().unwrap();
    let sent: u64 = result[0].split("usec, ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let pps: f64 = result[1].trim().split("pps").next().unwrap().parse().unwrap();
    assert_eq!(sent, 100_000, "{out}");
    assert_eq!(tx, sent, "rt0 tx");
    assert_eq!(rx, sent, "rt1 rx: the route DUT forwards 198.19.0.0/17 to rt1");
    let kernel_pps = rx as f64 / (usec / 1e6);
    assert!((pps - kernel_pps).abs() <= 0.01 * kernel_pps, "pktgen {pps} pps, kernel {kernel_pps} pps\n{out}");
}

/// A TRex-style port configuration: ports, namespace and line rate from the file, the
/// gateway's MAC resolved by ARP from rt0 (the DUT's kernel answers).
#[test]
fn port_config_resolves_the_gateway_by_arp() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let prof = dir.path().join("noeth.yaml");
    std::fs::write(
        &prof,
        "streams:\n  - packet:\n      - ipv4: {src: 198.18.1.1, dst: 198.18.2.1}\n      - udp: {}\n    rate: 50kpps\n    mode: {burst: {packets: 10000}}\n",
    )
    .unwrap();
    let v = run_json(&["run", prof.to_str().unwrap(), "--config", lab_ports(), "--json"]);
    assert_eq!(v["ports"][0]["name"], "afpacket:rt0", "{v}");
    assert_eq!(v["ports"][0]["opackets"], 10000, "{v}");
    assert_eq!(v["ports"][1]["ipackets"], 10000, "the DUT routed them: the resolved MAC was its own\n{v}");
    // tx_desc and rx_desc size the rings (512 transmit frames; 4096 receive entries of 2 KiB).
    let mode = "transmit ring of 512 frames (virtio-net headers), receive ring 8192 KiB";
    assert_eq!(v["ports"][0]["mode"], mode, "{v}");
    // An unreachable gateway and a bad MAC: one-line errors, exit 2, nothing sent.
    let tx0 = counters(tg(), "rt0").tx_packets;
    let cfg = dir.path().join("cfg.yaml");
    let bad_gw = format!(
        "- interfaces: [rt0, rt1]\n  netns: {}\n  port_info:\n    - {{ip: 198.18.1.1, default_gw: 198.18.1.77}}\n",
        tg()
    );
    std::fs::write(&cfg, bad_gw).unwrap();
    let o = riptide(&["run", prof.to_str().unwrap(), "--config", cfg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("198.18.1.77 did not answer ARP"), "{}", text(&o));
    let arp_requests = counters(tg(), "rt0").tx_packets - tx0;
    assert!((1..=20).contains(&arp_requests), "only ARP requests left rt0: {arp_requests}");
    std::fs::write(
        &cfg,
        format!("- interfaces: [rt0]\n  netns: {}\n  port_info:\n    - dest_mac: 02:00:c6:12:01\n", tg()),
    )
    .unwrap();
    let o = riptide(&["run", prof.to_str().unwrap(), "--config", cfg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("cfg.yaml:4") && text(&o).contains("not a MAC address"), "{}", text(&o));
    std::fs::write(&cfg, format!("- interfaces: [rt7]\n  netns: {}\n", tg())).unwrap();
    let o = riptide(&["run", prof.to_str().unwrap(), "--config", cfg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("rt7"), "{}", text(&o));
}

/// Two workers on two AF_PACKET ports: each port's two receive queues form a fanout group
/// of their own (ids the kernel picks: a hand-picked id shared by both ports was refused),
/// and the counts add up to what the kernel saw.
#[test]
fn two_workers_on_two_afpacket_ports_count_every_frame() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up", "--dut", "route"]);
    let (tx0, rx0) = (counters(tg(), "rt0").tx_packets, counters(tg(), "rt1").rx_packets);
    // Half the profile's rate: two workers and the kernel DUT share two vCPUs, and a busy
    // machine made the DUT drop frames at the full 100 kpps (counted right, but lost).
    let mut args = vec!["run", "profiles/lab/udp64.yaml", "--count", "100000", "--cores", "2", "-m", "0.5"];
    args.extend(ring());
    let v = run_json(&args);
    assert_eq!(v["workers"].as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!(v["ports"][0]["opackets"], 100_000, "{v}");
    assert_eq!(v["ports"][1]["ipackets"], 100_000, "{v}");
    assert_eq!(v["ports"][1]["ierrors"], 0, "{v}");
    assert_eq!(counters(tg(), "rt0").tx_packets - tx0, 100_000);
    assert_eq!(counters(tg(), "rt1").rx_packets - rx0, 100_000);
}

/// `%` rates follow each port's own line rate: the interface's link speed (veth says
/// 10000 Mb/s), unless --line-rate fixes it for every port.
#[test]
fn percent_rates_use_the_ports_link_speed_unless_fixed() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up", "--dut", "none"]);
    let base = ["run", "profiles/lab/udp64.yaml", "--netns", tg(), "--port", "afpacket:rt0", "-d", "200ms", "-m", "1%"];
    let v = run_json(&[&base[..], &["--json"]].concat());
    assert_eq!(v["ports"][0]["line_rate_bps"], 1e10, "{v}");
    let want = 1e10 * 0.01 / (84.0 * 8.0);
    assert!((v["streams"][0]["requested_pps"].as_f64().unwrap() - want).abs() < 1.0, "{v}");
    let v = run_json(&[&base[..], &["--line-rate", "1g", "--json"]].concat());
    assert_eq!(v["ports"][0]["line_rate_bps"], 1e9, "{v}");
    assert!((v["streams"][0]["requested_pps"].as_f64().unwrap() - want / 10.0).abs() < 1.0, "{v}");
}

/// Issue 4 on the lab ring: per-stream rx == tx through the route DUT, latency in
/// microseconds, and the kernel's counters agreeing.
/// Both backends receive what the DUT forwards, by count and by content: riptide's own
/// classifier decodes every tagged frame (stream id, sequence: nothing lost, duplicated
/// or out of order), and tshark decodes the same frames captured on the DUT's egress.
#[test]
fn latency_profile_across_the_ring() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    for backend in BACKENDS {
        const N: u64 = 50_000;
        let rx0 = counters(tg(), "rt1").rx_packets;
        let pcap = dir.path().join(format!("{backend}.pcap"));
        let cap = Capture::start(dut(), "dut1", N, &pcap);
        let v = run_ring("profiles/lab/latency.yaml", N, backend);
        cap.finish();
        assert_eq!(counters(tg(), "rt1").rx_packets - rx0, N, "{backend}");
        assert_eq!(v["ports"][1]["ipackets"], N, "{backend}: {v}");
        for st in v["streams"].as_array().unwrap() {
            assert_eq!(st["rx_packets"], st["tx_packets"], "{backend}: {st}");
            assert_eq!((st["lost"].as_u64(), st["duplicates"].as_u64()), (Some(0), Some(0)), "{backend}: {st}");
            assert_eq!(st["out_of_order"], 0, "{backend}: {st}");
        }
        let stamps = if backend == "afpacket" { "kernel" } else { "read" };
        assert_eq!(v["ports"][1]["rx_timestamps"], stamps, "{backend}: the timestamp source is reported");
        // AF_XDP: none from the kernel, and why (what the kfunc gives on veth).
        let why = v["ports"][1]["rx_timestamps_why"].as_str();
        assert_eq!(
            why.is_some_and(|w| w.contains("bpf_xdp_metadata_rx_timestamp")),
            backend == "afxdp",
            "{backend}: {v}"
        );
        let l = &v["latency"][0];
        assert_eq!(l["stream"], "latency");
        assert_eq!(l["count"], v["streams"][0]["tx_packets"]);
        let (min, p50, p99, max) = (
            l["min_ns"].as_u64().unwrap(),
            l["p50_ns"].as_u64().unwrap(),
            l["p99_ns"].as_u64().unwrap(),
            l["max_ns"].as_u64().unwrap(),
        );
        // Through two veth hops and a kernel router: microseconds, ordered, not absurd.
        assert!(min > 0 && min <= p50 && p50 <= p99 && p99 <= max, "{backend}: {l}");
        assert!(p50 < 10_000_000, "{backend}: p50 {p50} ns");
        if require_tshark() {
            assert_eq!(tshark(&pcap, BAD, &[]), Vec::<String>::new(), "{backend}: tshark finds nothing wrong");
            let ports =
                tshark(&pcap, "ip.src == 198.18.1.1 && ip.dst == 198.18.2.1 && udp.dstport == 9", &["udp.srcport"]);
            assert_eq!(ports.len() as u64, N, "{backend}: every captured frame is one of the profile's");
            let latency = ports.iter().filter(|p| *p == "1025").count() as u64;
            assert_eq!(Some(latency), v["streams"][0]["rx_packets"].as_u64(), "{backend}");
        }
    }
}

/// The impair DUT: riptide's own forwarder in the DUT namespace (`--dut impair:...`), the
/// lab's delay line where the kernel has no netem. A delay injected there is measured
/// from the kernel's stamps within 1 us at p50 (issue 54): the same DUT without a delay
/// gives the forwarder's own latency, rounds alternate, medians of five. The loss it
/// injects is the loss the generator counts, frame for frame, and its own figures are
/// the kernel's counters of its legs.
#[test]
fn the_impair_dut_delays_by_what_it_is_told_as_the_kernels_stamps_measure() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    let run = |args: &[&str]| {
        let mut a = vec!["run", "profiles/lab/latency.yaml"];
        a.extend_from_slice(args);
        a.extend_from_slice(&ring());
        run_json(&a)
    };
    let delay = 200_000.0;
    let (mut bare, mut delayed) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        for (dut, into) in [("impair", &mut bare), ("impair:delay=200us", &mut delayed)] {
            ok(&["lab", "down"]);
            ok(&["lab", "up", "--dut", dut]);
            let v = run(&["-d", "1s", "--timestamps", "kernel"]);
            let l = &v["latency"][0];
            // Every frame arrives; one whose kernel stamp the host lost (1 of 10,000 once,
            // in a 3 ms stall) is counted as unstamped, not measured.
            let unstamped = l.get("unstamped").and_then(serde_json::Value::as_u64).unwrap_or(0);
            assert_eq!(l["source"], "kernel", "{v}");
            assert_eq!(
                l["count"].as_u64().unwrap() + unstamped,
                v["streams"][0]["tx_packets"].as_u64().unwrap(),
                "{v}"
            );
            assert!(unstamped <= 10, "{v}");
            into.push(l["p50_ns"].as_u64().unwrap() as f64);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (b, d) = (median(&mut bare), median(&mut delayed));
    eprintln!("impair DUT p50: {b:.0} ns bare, {d:.0} ns with 200 us ({bare:?} / {delayed:?})");
    assert!((d - b - delay).abs() <= 1_000.0, "200 us measured as {:.0} ns ({b} -> {d})", d - b);
    assert!(ok(&["lab", "status"]).contains("dut impair:delay=200000ns"), "status names the mode");
    // VLAN tags, which the kernel takes out before packet sockets see a frame, cross
    // whole: a C-tag and an S-tag over a C-tag (QinQ), every byte received.
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("vlan.yaml");
    let stream = |name: &str, tags: &str, sport: u16| {
        format!(
            "  - name: {name}\n    packet:\n      - eth: {{src: \"02:00:c6:12:01:01\", dst: \"02:00:c6:12:01:fe\"}}\n\
             {tags}      - ipv4: {{src: 198.18.1.1, dst: 198.18.2.1}}\n      - udp: {{sport: {sport}, dport: 9}}\n    \
             size: 96\n    rate: 10kpps\n"
        )
    };
    let yaml = format!(
        "streams:\n{}{}",
        stream("c-tag", "      - vlan: {id: 7}\n", 1025),
        stream("qinq", "      - vlan: {id: 10, tpid: 0x88a8}\n      - vlan: {id: 20}\n", 1026)
    );
    std::fs::write(&profile, yaml).unwrap();
    let v = run_json(&[
        "run",
        profile.to_str().unwrap(),
        "-n",
        "2000",
        "--netns",
        tg(),
        "--port",
        "afpacket:rt0",
        "--port",
        "afpacket:rt1",
        "--json",
    ]);
    let (p0, p1) = (&v["ports"][0], &v["ports"][1]);
    assert_eq!((p1["ipackets"].as_u64(), p1["ibytes"].as_u64()), (Some(2000), p0["obytes"].as_u64()), "{v}");

    // Loss: what the forwarder dropped is what the generator misses.
    ok(&["lab", "down"]);
    ok(&["lab", "up", "--dut", "impair:loss=10%,seed=7"]);
    let v = run(&["-n", "20000"]);
    let (sent, got) = (v["ports"][0]["opackets"].as_u64().unwrap(), v["ports"][1]["ipackets"].as_u64().unwrap());
    assert_eq!(sent, 20_000, "{v}");
    let file = Path::new(lab::RUN_DIR).join(name()).join("forward.json");
    let stats = riptide_testkit::wait_for_ok(Duration::from_secs(10), "the forwarder's figures", || {
        let t = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
        let s: serde_json::Value = serde_json::from_str(&t).map_err(|e| e.to_string())?;
        let d = &s["directions"][0];
        if d["received"].as_u64().unwrap_or(0) + d["ring_full"].as_u64().unwrap_or(0) >= sent {
            Ok(s)
        } else {
            Err(t)
        }
    });
    let d = &stats["directions"][0];
    let lost = d["lost"].as_u64().unwrap();
    assert!((1_600..=2_400).contains(&lost), "10% of 20,000: {stats}");
    let n = |k: &str| d[k].as_u64().unwrap();
    // Every frame read, or dropped by a full ring (none on a quiet host), and every frame
    // read forwarded or dropped by a count of its own.
    assert_eq!(n("received") + n("ring_full"), sent, "{stats}");
    assert_eq!(n("forwarded") + lost + n("held_full") + n("too_long") + n("send_failed"), n("received"), "{stats}");
    assert_eq!(got, n("forwarded"), "rt1 got what the forwarder sent: {v} {stats}");
    let (dut0, dut1) = (counters(dut(), "dut0"), counters(dut(), "dut1"));
    assert_eq!((dut0.rx_packets, dut1.tx_packets), (n("received") + n("ring_full"), n("forwarded")), "{stats}");
    let want = format!("forwarder dut0 -> dut1: {} received, {} forwarded, {lost} lost", d["received"], d["forwarded"]);
    assert!(ok(&["lab", "status"]).contains(&want), "{want}");
    // A mode it cannot do is refused before anything is built.
    let o = riptide(&["lab", "up", "--name", "imp-bad", "--dut", "impair:delay=1us,realtime"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("always runs on the wall clock"), "{}", text(&o));
}

/// Issue 54's first acceptance point: latency of a 10 kpps tagged stream through the
/// routing DUT from the kernel's stamps at both ends (the driver's departure stamp,
/// SO_TIMESTAMPING; the receive ring's arrival stamp). Five rounds, each a quiet run
/// then one beside two busy loops on the VM's two CPUs: the median of the kernel-stamp
/// p50s stays within 25% of the quiet host's (its largest: a quiet p50 is 0.8 or 1.3 us
/// here, run by run) and p99 within 2x, while user space's
/// stamps of the same frames grow by more (measured here: p99 x11, the kernel's x1.2).
/// Every arrival has its departure stamp (one worker reads them before the receive ring;
/// with two, an arrival waits for the other's) and the report names the sources; `--timestamps user` measures from user space only;
/// an AF_XDP port has no departure stamps and says why (`--timestamps kernel` refuses it).
#[test]
fn latency_from_kernel_stamps_stays_put_on_a_busy_host() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let run = |args: &[&str]| {
        let mut a = vec!["run", "profiles/lab/latency.yaml", "-d", "1s"];
        a.extend_from_slice(&ring());
        a.extend_from_slice(args);
        run_json(&a)
    };
    let (mut quiet, mut busy) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        for loaded in [false, true] {
            let _busy = loaded.then(|| Busy::start(2));
            let v = run(&[]);
            assert_eq!(
                (v["ports"][0]["tx_timestamps"].as_str(), v["ports"][1]["rx_timestamps"].as_str()),
                (Some("kernel"), Some("kernel")),
                "{v}"
            );
            let l = &v["latency"][0];
            assert_eq!(l["source"], "kernel", "{l}");
            assert_eq!(l["count"], v["streams"][0]["rx_packets"], "every arrival measured from its kernel stamp: {l}");
            assert_eq!((l["user"]["count"].as_u64(), l.get("unstamped")), (l["count"].as_u64(), None), "{l}");
            assert!(l["min_ns"].as_u64().unwrap() > 0, "{l}");
            // Pacing from the stamps of the frames that left: every latency frame's, as late
            // as user space's figure says on a quiet host (measured: within 5%), and never
            // less late beside the busy loops, where the kernel's own path can be starved
            // too (CI: kernel 11.6 ms late where user space saw 8.0 ms: the frame left
            // later than it was handed over, which only the kernel's stamp can tell).
            let p = &v["ports"][0]["pacing"];
            assert_eq!(p["kernel"]["frames"], v["streams"][0]["tx_packets"], "{p}");
            let (k, u) = (p["kernel"]["late_ns"].as_u64().unwrap() as f64, p["late_ns"].as_u64().unwrap() as f64);
            let within = (k - u).abs() <= 0.25 * k.max(u) + 100_000.0;
            let later = k >= 0.75 * u - 100_000.0;
            assert!(if loaded { later } else { within }, "kernel late {k} vs user {u} (busy: {loaded}): {p}");
            let f =
                |l: &serde_json::Value| [l["p50_ns"].as_u64().unwrap() as f64, l["p99_ns"].as_u64().unwrap() as f64];
            (if loaded { &mut busy } else { &mut quiet }).push((f(l), f(&l["user"])));
        }
    }
    let median = |v: &[([f64; 2], [f64; 2])], user: bool, i: usize| {
        let mut x: Vec<f64> = v.iter().map(|r| if user { r.1[i] } else { r.0[i] }).collect();
        x.sort_by(f64::total_cmp);
        x[x.len() / 2]
    };
    let (kq50, kb50, kq99, kb99) =
        (median(&quiet, false, 0), median(&busy, false, 0), median(&quiet, false, 1), median(&busy, false, 1));
    let (uq50, ub50, uq99, ub99) =
        (median(&quiet, true, 0), median(&busy, true, 0), median(&quiet, true, 1), median(&busy, true, 1));
    eprintln!(
        "kernel stamps: p50 {kq50:.0} -> {kb50:.0} ns, p99 {kq99:.0} -> {kb99:.0} ns; user stamps: p50 {uq50:.0} -> \
         {ub50:.0} ns, p99 {uq99:.0} -> {ub99:.0} ns (quiet -> two busy loops, medians of 5)"
    );
    // A quiet host's own p50 has two modes here (0.8 and 1.3 us: the receiving CPU woken
    // from idle or not), so the busy median is held to the quiet rounds' largest.
    let most = |i: usize| quiet.iter().map(|r| r.0[i]).fold(0.0, f64::max);
    eprintln!("quiet rounds {quiet:?}\nbusy rounds {busy:?}");
    assert!(kb50 <= 1.25 * most(0), "kernel p50 {kq50} -> {kb50}");
    assert!(kb99 <= 2.0 * most(1), "kernel p99 {kq99} -> {kb99}");
    assert!(ub99 / uq99 > kb99 / kq99, "user stamps grow more: p99 {uq99} -> {ub99}");
    // Two workers: a frame may arrive at one before the other has read its departure
    // stamp; it waits for it, and every arrival is still measured.
    let v = run(&["-c", "2"]);
    let l = &v["latency"][0];
    assert_eq!((l["count"].as_u64(), l.get("unstamped")), (v["streams"][0]["rx_packets"].as_u64(), None), "{l}");
    // User space's stamps only, when asked.
    let v = run(&["--timestamps", "user"]);
    assert_eq!(v["ports"][0]["tx_timestamps"], "user", "{v}");
    assert_eq!((v["latency"][0]["source"].as_str(), v["latency"][0].get("user")), (Some("user"), None), "{v}");
    // AF_XDP: no departure stamps, said why; required, refused before sending.
    let mut a = vec![
        "run",
        "profiles/lab/latency.yaml",
        "-d",
        "1s",
        "--netns",
        tg(),
        "--port",
        "afxdp:rt0",
        "--port",
        "afxdp:rt1",
        "--json",
    ];
    let v = run_json(&a);
    assert_eq!(
        (v["ports"][0]["tx_timestamps"].as_str(), v["latency"][0]["source"].as_str()),
        (Some("user"), Some("user")),
        "{v}"
    );
    assert!(v["ports"][0]["tx_timestamps_why"].as_str().unwrap().contains("afxdp"), "{v}");
    a.extend(["--timestamps", "kernel"]);
    let o = riptide(&a);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("port 0 (afxdp:rt0) has no departure stamps"), "{}", text(&o));
}

/// Wrappers over an interface port: `afpacket:rt0+tap:FILE+impair:loss=5%,seed=7` drops
/// frames by the seed, and the tap (next to the interface) holds exactly what reached the
/// wire: the frames tcpdump captures on the DUT's ingress, decoded by tshark, in the same
/// order. The same impairment over a pcap port (virtual time) drops the same frames; a
/// tap outside the impairment (`+impair:..+tap:F`) holds everything the engine made.
#[test]
fn impairment_and_tap_wrap_an_afpacket_port() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("ports.yaml");
    // 20 kpps: slow enough that a busy host's veth backlog never drops a frame before
    // tcpdump sees it (a CI run at 100 kpps lost some there: the kernel's loss, not ours).
    std::fs::write(
        &profile,
        "streams:\n  - packet:\n      - eth: {src: '02:00:c6:12:01:01', dst: '02:00:c6:12:01:fe'}\n      \
         - ipv4: {src: 198.18.1.1, dst: 198.18.2.1}\n      - udp: {dport: 9}\n    size: 64\n    rate: 20kpps\n    \
         vars: [{name: p, op: inc, min: 1, max: 60000, write: udp.sport}]\n",
    )
    .unwrap();
    let profile = profile.to_str().unwrap();
    const N: u64 = 10_000;
    let n = N.to_string();
    let impair = "+impair:loss=5%,seed=7";
    // Virtual time into a pcap: how many frames the impairment lets through.
    let sim = dir.path().join("sim.pcap");
    let v = run_json(&["run", profile, "-n", &n, "--port", &format!("pcap:{}{impair}", sim.display()), "--json"]);
    let kept = v["ports"][0]["opackets"].as_u64().unwrap();
    assert_eq!(v["streams"][0]["opackets"], N, "{v}");
    assert!((9_300..9_700).contains(&kept), "5% of {N} lost: {kept} left");
    // The interface: tcpdump on the DUT's ingress sees what the tap saw.
    let (tap, wire) = (dir.path().join("tap.pcap"), dir.path().join("wire.pcap"));
    let cap = Capture::start_filtered(dut(), "dut0", kept, &wire, "udp and src host 198.18.1.1");
    let made = dir.path().join("made.pcap");
    let port = format!("afpacket:rt0+tap:{}{impair}+tap:{}", tap.display(), made.display());
    let v = run_json(&["run", profile, "-n", &n, "--netns", tg(), "--port", &port, "--json"]);
    cap.finish();
    assert_eq!(v["ports"][0]["opackets"], kept, "{v}");
    assert_eq!(v["ports"][0]["name"], port, "{v}");
    if !require_tshark() {
        return;
    }
    let fields = ["frame.len", "ip.src", "ip.dst", "udp.srcport", "udp.dstport", "ip.checksum.status"];
    let on_wire = tshark(&wire, "", &fields);
    assert_eq!(on_wire.len() as u64, kept);
    let same = |a: Vec<String>, what: &str| {
        let first = a.iter().zip(&on_wire).position(|(x, y)| x != y);
        assert!(
            first.is_none() && a.len() == on_wire.len(),
            "{what}: {} vs {} frames on the wire; first difference at {first:?}: {:?} vs {:?}",
            a.len(),
            on_wire.len(),
            first.and_then(|i| a.get(i)),
            first.and_then(|i| on_wire.get(i)),
        );
    };
    same(tshark(&tap, "", &fields), "the tap holds what the wire carried, in order");
    same(tshark(&sim, "", &fields), "the seed drops the same frames on virtual time");
    assert_eq!(tshark(&made, "", &fields).len() as u64, N, "the outer tap saw every frame made");
    assert_eq!(tshark(&tap, BAD, &[]), Vec::<String>::new(), "tshark finds nothing wrong");
}

/// The README's wrapper example, run as the README writes it (its tap in a temporary
/// folder, `--json` added): it names both ports of the ring, the impairment's 1% shows as
/// the stream's opackets less the port's, the DUT forwards every frame that left rt0 to
/// rt1 (no loss reported), and the tap holds exactly those frames.
#[test]
fn the_readme_wrapper_example_does_what_it_says() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let line = readme.lines().find(|l| l.contains("+impair:loss=1%")).expect("README's wrapper example");
    let command = line.split(" #").next().unwrap().trim();
    let args: Vec<&str> = command.strip_prefix("riptide ").expect("a riptide command").split_whitespace().collect();
    assert!(args.contains(&"afpacket:rt1"), "the example must receive on rt1: {command}");
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let tap = dir.path().join("sent.pcap");
    let moved = format!("tap:{}", tap.display());
    // README's lab is the default one; this test's is its own.
    let args: Vec<String> = args
        .iter()
        .map(|a| if *a == lab::TG_NS { tg().to_string() } else { a.replace("tap:sent.pcap", &moved) })
        .collect();
    assert!(args.iter().any(|a| a.contains(&moved)), "the example's tap is sent.pcap: {command}");
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.push("--json");
    let v = run_json(&args);
    let made = v["streams"][0]["opackets"].as_u64().unwrap();
    let (sent, got) = (v["ports"][0]["opackets"].as_u64().unwrap(), v["ports"][1]["ipackets"].as_u64().unwrap());
    assert_eq!(made, 100_000, "{v}");
    // 1% of 100,000: 1,000 +- 3 standard deviations (31).
    assert!((900..=1100).contains(&(made - sent)), "1% dropped by the impairment: {} of {made}", made - sent);
    assert_eq!(got, sent, "the ring forwards what left rt0: {v}");
    assert_eq!(v["loss"]["lost"], 0, "{v}");
    if require_tshark() {
        assert_eq!(tshark(&tap, "", &[]).len() as u64, sent, "the tap holds what left rt0");
    }
}

/// Whether the test may go on: `nft` is on PATH (the limiter DUT needs it); required
/// (riptide_testkit).
#[track_caller]
fn require_nft() -> bool {
    riptide_testkit::require_tool("nft")
}

/// Issue 16's first acceptance point: on DUTs of known capacity (an nftables limiter at R
/// packets/s on the DUT's input leg), the search finds NDR within 1% of what the limiter
/// passes over a 1 s trial (R plus its burst allowance), PDR >= NDR, and it reports its
/// trials and their time; for three values of R below what the ring forwards.
#[test]
fn ndr_finds_the_capacity_of_a_rate_limited_dut() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    // A low and a high limit (a third in between added 15 s of CI and nothing the two miss).
    for r in [30_000u64, 90_000] {
        let _down = Down;
        ok(&["lab", "up", "--dut", &format!("limit:{r}")]);
        assert!(ok(&["lab", "status"]).contains(&format!("dut limit:{r}pps, forwarding")));
        let max = format!("{}pps", 2 * r);
        #[rustfmt::skip]
        let v = run_json(&["ndr", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
            "afpacket:rt1", "--min-load", "10kpps", "--max-load", &max, "--trial", "1s", "--final-trial", "1s",
            "--duration-sum", "3s", "--json"]);
        let passes = lab::Limiter::new(r).passes(1.0);
        let (wall, v) = (v["wall_s"].as_f64().unwrap(), &v["runs"][0]);
        let (ndr, pdr) = (&v["goals"][0], &v["goals"][1]);
        let n = ndr["lower_bound"].as_f64().unwrap();
        eprintln!(
            "limit {r}: NDR {n:.0} pps (limiter passes {passes:.0}), PDR {}, {} trials",
            pdr["lower_bound"], v["trials"]
        );
        assert!((n - passes).abs() <= 0.01 * passes, "NDR {n} vs {passes}: {v}");
        assert!(pdr["lower_bound"].as_f64().unwrap() >= n, "{v}");
        assert!(v["trials"].as_u64().unwrap() >= 3 && v["trial_seconds"].as_f64().unwrap() >= 3.0, "{v}");
        assert!(wall >= v["trial_seconds"].as_f64().unwrap() * 0.9, "{v}");
    }
}

/// Issue 36: `riptide ndr --mrr` (CSIT's maximum receive rate) over the limiter DUT:
/// offered 100 kpps, each 1 s trial receives what the limiter passes in a second (its
/// rate and its burst), within 1%; the report gives the samples, mean and deviation.
#[test]
fn mrr_of_a_rate_limited_dut_is_what_the_limiter_passes() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    let _down = Down;
    ok(&["lab", "up", "--dut", "limit:60000"]);
    let passes = lab::Limiter::new(60_000).passes(1.0);
    #[rustfmt::skip]
    let v = run_json(&["ndr", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
        "afpacket:rt1", "--max-load", "100kpps", "--mrr", "--mrr-trials", "3", "--latency", "off", "--json"]);
    let run = &v["runs"][0];
    let m = &run["mrr"];
    eprintln!("mrr {m} (the limiter passes {passes})");
    assert_eq!((m["load"].as_f64(), m["trial_duration"].as_f64()), (Some(100_000.0), Some(1.0)), "{run}");
    let samples: Vec<f64> = m["samples"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    assert_eq!((samples.len(), run["trials"].as_u64()), (3, Some(3)), "{run}");
    for x in &samples {
        assert!((x - passes).abs() <= 0.01 * passes, "{x} vs {passes}: {run}");
    }
    let mean = samples.iter().sum::<f64>() / 3.0;
    assert!((m["mean"].as_f64().unwrap() - mean).abs() < 1e-6, "{run}");
    assert!(run["goals"].as_array().unwrap().is_empty(), "no search: {run}");
}

/// Issue 36, RFC 9004: `riptide b2b` across the lab's nftables limiter with a bucket of
/// 100 packets at 10 kpps: a token bucket is RFC 9004's DUT model (a buffer of B frames
/// drained at the rate), so the corrected buffer is the bucket, within what nftables'
/// own refill makes of it (98 measured here); the bursts at a line rate of 20 Mb/s (29.8
/// Kpps at 64 B) are ones the generator sends on time, and what the searches counted
/// as received is what the kernel saw arrive on rt1.
#[test]
fn b2b_finds_the_limiters_bucket() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    let _down = Down;
    ok(&["lab", "up", "--dut", "limit:10000,burst=100"]);
    let before = counters(tg(), "rt1").rx_packets;
    #[rustfmt::skip]
    let v = run_json(&["b2b", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
        "afpacket:rt1", "--line-rate", "20m", "--throughput", "10kpps", "--repetitions", "3", "--idle", "0.2s",
        "--max-burst-time", "50ms", "--json"]);
    let received = counters(tg(), "rt1").rx_packets - before;
    let s = &v["sizes"][0];
    let trials = s["trials"].as_array().unwrap();
    let counted: u64 = trials.iter().map(|t| t["received"].as_u64().unwrap()).sum();
    eprintln!(
        "b2b over limit:10000,burst=100: average {} (min {}, max {}), corrected {:.1} frames, {} bursts, {} \
         generator-limited; rt1 received {received}, the searches counted {counted}",
        s["average"],
        s["min"],
        s["max"],
        s["corrected_buffer_frames"].as_f64().unwrap(),
        trials.len(),
        s["generator_limited_trials"]
    );
    let frames = s["corrected_buffer_frames"].as_f64().unwrap();
    // nftables' refill against the sender's real timing: 98 measured on one VM, 95.0 on
    // a loaded CI run of another (bursts of 138-148 frames).
    assert!((frames - 100.0).abs() <= 8.0, "corrected {frames}: {s}");
    // The kernel's count on rt1 (a few frames of the lab's own may add to it).
    assert!(received >= counted && received <= counted + 10, "rt1 {received} vs {counted}");
    assert!(s["generator_limited_trials"].as_u64().unwrap() * 4 <= trials.len() as u64, "{s}");
    assert_eq!(s["searches"].as_array().unwrap().len(), 3);
}

/// Issue 36: `riptide soak` across the lab's limiter DUT below its rate: every interval
/// loses nothing, has its pacing and latency, starts after the one before ended (its
/// wall time, the pause between them included), the engine's counters add up, and the
/// kernel saw at least every frame the soak counted as received.
#[test]
fn soak_across_the_lab_counts_each_interval() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    let _down = Down;
    ok(&["lab", "up", "--dut", "limit:60000"]);
    #[rustfmt::skip]
    let v = run_json(&["soak", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
        "afpacket:rt1", "--load", "30kpps", "-d", "3s", "--interval", "1s", "--json"]);
    let intervals = v["intervals"].as_array().unwrap();
    assert_eq!(intervals.len(), 3, "{v}");
    let mut end = 0.0;
    // The limiter's burst allowance at 60 kpps: what a stalled generator's catch-up may
    // pass before the DUT drops (a 23 ms stall of the host in CI: 735 frames, 58 lost).
    let allowance = lab::limit_burst(60_000);
    for i in intervals {
        let burst = i["pacing"]["burst"].as_u64().unwrap();
        let kernel = i["kernel_burst"].as_u64().unwrap_or(0);
        assert!(
            i["lost"] == 0 || burst.max(kernel) > allowance,
            "loss without a burst past the DUT's {allowance}: {i}"
        );
        assert!(i["latency"][0]["p50_ns"].as_u64().unwrap() > 0, "{i}");
        let start = i["start_s"].as_f64().unwrap();
        assert!(start >= end, "{i}");
        end = start + 1.0;
    }
    assert_eq!(v["counter_errors"], serde_json::json!([]), "{v}");
    let received = v["received"].as_u64().unwrap();
    assert_eq!(received, 90_000, "{v}");
    assert!(counters(tg(), "rt1").rx_packets >= received, "{v}");
}

/// Two processes spinning on the host's CPUs (bounded: at most 5 minutes), killed on drop.
struct Busy(Vec<std::process::Child>);

impl Busy {
    fn start(n: usize) -> Busy {
        Busy(
            (0..n)
                .map(|_| Command::new("timeout").args(["300", "sh", "-c", "while :; do :; done"]).spawn().unwrap())
                .collect(),
        )
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        for c in &mut self.0 {
            // SIGTERM, which `timeout` passes on to its loop (a SIGKILL would orphan it).
            let _ = Command::new("kill").arg(c.id().to_string()).status();
            let _ = c.wait();
        }
    }
}

/// Issue 36's first acceptance point: the limiter DUT with a burst allowance of 100
/// packets, two busy loops beside the generator. A preempted worker makes up what it
/// owes back to back, the limiter drops that burst, and a search that took the loss for
/// the DUT's would report a fraction of its capacity (measured here: a quarter). So the
/// search finds the capacity within 1%, or names the trials it could not trust (their
/// bursts past --max-burst in every repetition) and marks nothing as found silently:
/// every trial carries its pacing figures and report.md says them. With the workers at
/// real-time priority (--realtime), and without. The bound is half the DUT's allowance
/// (set it below the DUT's buffer: two bursts of 90 a few ms apart also empty a bucket of
/// 100 that refills at a few hundred frames a second near the capacity).
#[test]
fn ndr_on_a_busy_host_finds_the_capacity_or_names_the_trials_it_could_not_trust() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    let _down = Down;
    ok(&["lab", "up", "--dut", "limit:60000,burst=100"]);
    assert!(ok(&["lab", "status"]).contains("dut limit:60000pps,burst=100, forwarding"));
    let passes = lab::Limiter { pps: 60_000, burst: 100 }.passes(1.0);
    let out = std::env::temp_dir().join(format!("riptide-busy-ndr-{}", std::process::id()));
    for realtime in [true, false] {
        let _busy = Busy::start(2);
        let dir = out.join(if realtime { "realtime" } else { "plain" });
        let dir_s = dir.to_str().unwrap();
        // One goal over a range around the capacity: a search of about ten trials. The
        // plain run repeats nothing (its trials would mostly be repeated, minutes of them).
        #[rustfmt::skip]
        let mut args = vec!["ndr", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
            "afpacket:rt1", "--goals", "ndr=0", "--min-load", "30kpps", "--max-load", "90kpps", "--trial", "1s",
            "--final-trial", "1s", "--duration-sum", "3s", "--latency", "off", "--max-burst", "50",
            "--pacing-retries", if realtime { "1" } else { "0" }, "--max-search", "120s", "--out", dir_s, "--json"];
        args.push(if realtime { "--realtime" } else { "--realtime=off" });
        let v = run_json(&args);
        let run = &v["runs"][0];
        let trials = run["trial_list"].as_array().unwrap();
        let repeated = run["repeated"].as_array().map_or(0, Vec::len);
        let limited: Vec<&serde_json::Value> = trials.iter().filter(|t| t["pacing_limited"] == true).collect();
        let n = run["goals"][0]["lower_bound"].as_f64().unwrap_or(0.0);
        let worst = trials.iter().map(|t| t["pacing"]["burst"].as_u64().unwrap()).max().unwrap();
        eprintln!(
            "busy host, realtime {realtime}: NDR {n:.0} pps (the limiter passes {passes:.0}), {} trials, {repeated} \
             repeated, {} pacing-limited, largest burst {worst} frames",
            trials.len(),
            limited.len()
        );
        assert!(trials.iter().all(|t| t["pacing"]["burst"].is_u64()), "every trial has its pacing: {run}");
        assert_eq!(v["max_burst"], 50, "{v}");
        assert_eq!(v["realtime"] == true, realtime, "{v}");
        if (n - passes).abs() > 0.01 * passes {
            // Not found: then the search says which trials it could not trust, and why.
            assert!(!limited.is_empty(), "NDR {n} is {passes} +- 1%, and no trial is marked: {run}");
            assert!(limited.iter().all(|t| t["pacing"]["burst"].as_u64().unwrap() > 50), "{run}");
            assert_eq!(run["pacing_limited_trials"], limited.len(), "{run}");
        }
        let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
        assert!(md.contains("the largest burst beyond the schedule was") && md.contains("bound 50 frames"), "{md}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Issue 54's fourth point: where the sending port stamps its latency frames' departures
/// (AF_PACKET, `--timestamps auto`), the search's pacing bound judges the burst by the
/// kernel's stamps (`kernel_burst`: the latest stamped frame's lateness at the port's
/// rate), not user space's. Two busy loops beside normal-priority workers, a profile of a
/// latency stream and a counted one through the limiter DUT (a search of several trials):
/// every trial carries the kernel's burst, and a trial is marked pacing-limited exactly
/// when that burst passed the bound (no repetitions).
#[test]
fn ndrs_pacing_bound_judges_the_kernels_departure_stamps_on_a_busy_host() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    let _down = Down;
    ok(&["lab", "up", "--dut", "limit:60000"]);
    let _busy = Busy::start(2);
    #[rustfmt::skip]
    let v = run_json(&["ndr", "profiles/lab/latency.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
        "afpacket:rt1", "--goals", "ndr=0", "--min-load", "20kpps", "--max-load", "120kpps", "--trial", "1s",
        "--final-trial", "1s", "--duration-sum", "2s", "--latency", "off", "--max-burst", "50", "--pacing-retries",
        "0", "--realtime=off", "--max-search", "120s", "--json"]);
    let run = &v["runs"][0];
    let trials = run["trial_list"].as_array().unwrap();
    assert!(trials.len() >= 3, "a search: {run}");
    let mut differ = 0;
    for t in trials {
        let kernel = t["kernel_burst"].as_u64().unwrap_or_else(|| panic!("a trial without the kernel's burst: {t}"));
        let user = t["pacing"]["burst"].as_u64().unwrap();
        assert!(t["pacing"]["kernel"]["frames"].as_u64().unwrap() > 0, "{t}");
        assert_eq!(t["pacing_limited"] == true, kernel > 50, "judged by the kernel's burst: {t}");
        differ += usize::from((kernel > 50) != (user > 50));
        eprintln!(
            "load {:.0} pps: burst by the kernel's stamps {kernel}, by user space's {user}",
            t["intended_load"].as_f64().unwrap()
        );
    }
    eprintln!("{differ} of {} trials judged differently by the two views", trials.len());
}

/// Issue 50: `riptide ndr` with no pacing flag, as a newcomer runs it, over a policer that
/// passes 100 frames beyond its rate, with two busy loops on the VM's two CPUs: as root
/// (real-time workers by default, said in the header), and without CAP_SYS_NICE (normal
/// priority, said with what it risks and how to change it; `--max-burst auto` takes half
/// the lab limiter's bucket). Each answer is within 1% of what the limiter passes, or its
/// own line in the table says it is untrusted and what to change.
#[test]
fn ndr_by_default_on_a_busy_host_is_right_or_says_it_is_untrusted() {
    let Some(_g) = fresh() else { return };
    if !require_nft() {
        return;
    }
    let _down = Down;
    ok(&["lab", "up", "--dut", "limit:60000,burst=100"]);
    let passes = lab::Limiter { pps: 60_000, burst: 100 }.passes(1.0);
    let bin = riptide_bin();
    for permitted in [true, false] {
        let _busy = Busy::start(2);
        // Without CAP_SYS_NICE: root's bounding set loses it, as an unprivileged user has
        // none (and an RLIMIT_RTPRIO of 0, root's default here).
        let mut cmd = if permitted {
            Command::new(&bin)
        } else {
            let mut c = Command::new("setpriv");
            c.args(["--bounding-set", "-sys_nice"]).arg(&bin);
            c
        };
        #[rustfmt::skip]
        cmd.args(["ndr", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port", "afpacket:rt1",
            "--goals", "ndr=0", "--min-load", "30kpps", "--max-load", "90kpps", "--trial", "1s", "--final-trial", "1s",
            "--duration-sum", "3s", "--latency", "off", "--max-search", "120s"]);
        let o = wait_within(common::spawn_in_repo(&mut cmd), Duration::from_secs(300), "riptide ndr on a busy host");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(o.status.success(), "{}", text(&o));
        eprintln!("busy host, real-time permitted {permitted}:\n{out}");
        if permitted {
            assert!(out.contains("workers: real-time priority (SCHED_FIFO 10, the default where permitted"), "{out}");
        } else {
            assert!(out.contains("workers: normal priority: real-time priority is not permitted here"), "{out}");
            assert!(out.contains("a DUT with a small buffer drops") && out.contains("CAP_SYS_NICE"), "{out}");
        }
        assert!(out.contains("bound 50 frames (--max-burst, half the DUT's buffer"), "{out}");
        let row = out.lines().find(|l| l.starts_with("ndr ")).unwrap_or_else(|| panic!("no ndr row: {out}"));
        let ndr = row.split_whitespace().nth(2).and_then(|v| v.parse::<f64>().ok()).map(|k| {
            assert!(row.split_whitespace().nth(3) == Some("Kpps"), "{row}");
            k * 1e3
        });
        let right = ndr.is_some_and(|n| (n - passes).abs() <= 0.01 * passes);
        assert!(
            right || row.contains("UNTRUSTED: ") && row.contains("rerun"),
            "NDR {ndr:?} is not {passes} +- 1% and its line does not say it is untrusted: {out}"
        );
    }
}

/// The binary the tests run (as `common::riptide` does).
fn riptide_bin() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_BIN_EXE_riptide"))
}

/// Issue 16: `riptide ndr` completes over the user-space forwarders CSIT and the OVS
/// benchmarks use, DPDK testpmd and Open vSwitch's userspace datapath, for 64 B and
/// 1518 B frames (testpmd always finds an NDR; OVS may lose at every load tried, which
/// the search must then have seen at its minimum). The DUT namespace has no addresses and no bridge in these modes, so
/// only the forwarder moves frames; the kernel's counters show it forwarded each frame
/// at most once (testpmd's af_packet PMD once sent frames twice) and that rt1 received
/// at least what the trials counted.
#[test]
fn ndr_completes_over_testpmd_and_ovs() {
    let Some(_g) = fresh() else { return };
    for mode in ["testpmd", "ovs"] {
        let _down = Down;
        ok(&["lab", "up", "--dut", mode]);
        assert!(ok(&["lab", "status"]).contains(&format!("dut {mode}")), "{mode}");
        #[rustfmt::skip]
        let v = run_json(&["ndr", "profiles/lab/ndr.yaml", "--netns", tg(), "--port", "afpacket:rt0", "--port",
            "afpacket:rt1", "--frame-sizes", "64,1518", "--min-load", "10kpps", "--max-load", "300kpps",
            "--trial", "0.5s", "--final-trial", "0.5s", "--duration-sum", "1s", "--width", "5%", "--json"]);
        let mut counted = 0;
        for (run, size) in v["runs"].as_array().unwrap().iter().zip(["64", "1518"]) {
            assert_eq!(run["frame_size"], size, "{v}");
            let ndr = run["goals"][0]["lower_bound"].as_f64();
            eprintln!(
                "{mode} {size} B: NDR {ndr:?} pps, PDR {}, {} trials",
                run["goals"][1]["lower_bound"], run["trials"]
            );
            match ndr {
                Some(n) => assert!(n >= 10_000.0, "{run}"),
                // OVS's userspace datapath on this VM sometimes loses frames at every load,
                // the 10 kpps minimum included (BENCHMARKS.md saw it in one round of three,
                // CI in one run at 1518 B): then the search ends "not found" having tried the
                // minimum and seen the DUT, not the generator, lose there.
                None if mode == "ovs" => {
                    let tried = run["trial_list"].as_array().unwrap().iter().any(|t| {
                        t["intended_load"].as_f64().unwrap() <= 10_000.0 * 1.001
                            && t["lost"].as_u64().unwrap() > 0
                            && t["generator_limited"] == false
                    });
                    assert!(tried, "{mode} at {size} B: no NDR, and no lossy trial at the minimum: {run}");
                }
                None => panic!("{mode} forwards nothing losslessly at {size} B: {run}"),
            }
            // One trial is the whole search when the first one, at the maximum load, loses
            // nothing (a fast moment of the DUT); otherwise the search narrows.
            let at_max = ndr.is_some_and(|n| n >= 300_000.0);
            assert!(at_max || run["trials"].as_u64().unwrap() >= 2, "{run}");
            counted += run["trial_list"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["forwarded_count"].as_u64().unwrap())
                .sum::<u64>();
        }
        let (d0, d1, r1) = (counters(dut(), "dut0"), counters(dut(), "dut1"), counters(tg(), "rt1"));
        assert!(d1.tx_packets <= d0.rx_packets, "{mode} sent more than it received: {d0:?} {d1:?}");
        assert_eq!(r1.rx_packets, d1.tx_packets, "{mode}");
        assert!(r1.rx_packets >= counted, "{mode}: rt1 received {} < {counted} counted", r1.rx_packets);
    }
}

/// `riptide ndr --bidirectional` on the routing DUT with the lab's port configuration:
/// the profile's rt0 -> rt1 stream and its mirror rt1 -> rt0 (MACs from the port
/// configuration, the gateways resolved by ARP) share the load; what the trials counted
/// as received is exactly what the kernel says rt0 and rt1 received.
#[test]
fn ndr_bidirectional_counts_both_directions() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    #[rustfmt::skip]
    let v = run_json(&["ndr", "profiles/lab/ndr.yaml", "--config", lab_ports(), "--bidirectional",
        "--min-load", "10kpps", "--max-load", "100kpps", "--trial", "0.5s", "--final-trial", "0.5s",
        "--duration-sum", "1s", "--width", "5%", "--latency", "off", "--json"]);
    let run = &v["runs"][0];
    assert_eq!(run["line"]["ports"], 2, "two sending ports: {run}");
    assert_eq!(v["ports"], serde_json::json!(["afpacket:rt0", "afpacket:rt1"]));
    assert!(run["goals"][0]["lower_bound"].as_f64().is_some_and(|n| n >= 10_000.0), "{run}");
    let counted: u64 =
        run["trial_list"].as_array().unwrap().iter().map(|t| t["forwarded_count"].as_u64().unwrap()).sum();
    let (r0, r1) = (counters(tg(), "rt0"), counters(tg(), "rt1"));
    assert!(r0.rx_packets > 0 && r1.rx_packets > 0, "both directions arrived: {r0:?} {r1:?}");
    // Besides the test's frames each port received one ARP reply (42 bytes): the port
    // configuration resolved its gateway.
    assert_eq!(r0.rx_packets + r1.rx_packets, counted + 2, "{r0:?} {r1:?}");
    assert_eq!(r0.rx_bytes + r1.rx_bytes, counted * 60 + 2 * 42, "{r0:?} {r1:?}");
}

/// A process started in a namespace, killed when dropped.
struct Spawned(std::process::Child);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn in_ns(ns: &str, args: &[&str]) -> std::process::Output {
    Command::new("ip").args(["netns", "exec", ns]).args(args).output().unwrap()
}

/// nginx (Debian's) in the DUT namespace on 198.18.1.254:80, serving `/64` (64 bytes),
/// its access log at `dir/access.log`, started by the script docs/tcp.md gives
/// (scripts/lab-nginx.sh) and stopped when the guard goes. nginx is required; `None`
/// when it is not installed and the skip is allowed (riptide_testkit).
#[track_caller]
fn nginx(dir: &Path) -> Option<NginxGuard> {
    if !riptide_testkit::require_tool("nginx") {
        return None;
    }
    let script = repo().join("scripts/lab-nginx.sh");
    let o = Command::new(&script).arg("start").arg(dir).output().unwrap();
    assert!(o.status.success(), "scripts/lab-nginx.sh start: {}", text(&o));
    Some(NginxGuard(dir.to_path_buf()))
}

/// Stops the lab's nginx (scripts/lab-nginx.sh stop) when dropped.
struct NginxGuard(std::path::PathBuf);

impl Drop for NginxGuard {
    fn drop(&mut self) {
        let _ = Command::new(repo().join("scripts/lab-nginx.sh")).arg("stop").arg(&self.0).output();
    }
}

/// riptide's client against nginx: 100,000 HTTP GETs of a 64-byte file, each one in
/// nginx's access log with status 200, as many as riptide says it completed.
#[test]
fn tcp_client_against_nginx_every_connection_is_in_its_log() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let Some(_nginx) = nginx(dir.path()) else { return };
    let log = dir.path().join("access.log");
    let before = std::fs::read_to_string(&log).unwrap().lines().count();
    // docs/tcp.md's recipe: the shipped profile and the lab's port configuration, with
    // the limit raised.
    let v = run_json(&["tcp", "profiles/tcp/nginx-get.yaml", "--config", lab_ports(), "-n", "100000", "--json"]);
    let t = &v["tcp"];
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().skip(before).collect();
    let ok200 = lines.iter().filter(|l| l.contains("\"GET /64 HTTP/1.1\" 200 64 ")).count();
    assert_eq!(lines.len(), 100_000, "nginx logged every request: {t}");
    assert_eq!(ok200, 100_000, "all of them 200 with the 64-byte body");
    assert_eq!(t["client"]["tcps_connects"], 100_000, "{t}");
    assert_eq!(t["client_app"]["completed"], 100_000, "{t}");
    assert_eq!(t["client"]["tcps_connattempt"], t["client"]["tcps_closed"], "{t}");
    assert!(t["client_app"]["recv_timeouts"] == 0 && t["client"]["tcps_drops"] == 0, "{t}");
    eprintln!(
        "riptide -> nginx: {} conn/s (concurrency 32), transaction p50 {} ns",
        t["connects_per_s"], t["transaction"]["p50"]
    );
}

/// TRex's own astf/http_simple.py, unchanged, against nginx: its addresses moved into the
/// lab (--clients, --servers); every connection is in nginx's access log, a 200 of the
/// 32,000-byte page the profile's GET asks for, and the client's programs all complete
/// (TRex's `recv` waits for at least the bytes of its capture's response).
#[test]
fn trex_http_simple_against_nginx_every_connection_is_in_its_log() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let Some(_nginx) = nginx(dir.path()) else { return };
    let log = dir.path().join("access.log");
    let before = std::fs::read_to_string(&log).unwrap().lines().count();
    let profile = repo().join("python/tests/trex-core/scripts/astf/http_simple.py");
    let v = run_json(&[
        "tcp",
        profile.to_str().unwrap(),
        "--config",
        lab_ports(),
        "--clients",
        "198.18.1.100/16",
        "--servers",
        "198.18.1.254",
        "-m",
        "1000",
        "-n",
        "2000",
        "--json",
    ]);
    let t = &v["tcp"];
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().skip(before).collect();
    let ok200 = lines.iter().filter(|l| l.contains("\"GET /3384 HTTP/1.1\" 200 32000 ")).count();
    assert_eq!(lines.len(), 2000, "nginx logged every connection's request: {t}");
    assert_eq!(ok200, 2000, "all of them 200 with the 32,000-byte page");
    assert_eq!(t["client"]["tcps_connects"], 2000, "{t}");
    assert_eq!(t["client_app"]["completed"], 2000, "{t}");
    assert_eq!(t["client"]["tcps_connattempt"], t["client"]["tcps_closed"], "{t}");
    assert!(t["client_app"]["recv_timeouts"] == 0 && t["client"]["tcps_drops"] == 0, "{t}");
}

/// curl, ab and wrk in the DUT namespace against riptide's server on rt0: no failed
/// request, and tshark finds no TCP fault in a capture of 1,000 connections.
#[test]
fn curl_ab_and_wrk_against_the_tcp_server() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !["curl", "ab", "wrk"].into_iter().all(riptide_testkit::require_tool) {
        return;
    }
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let prof = dir.path().join("server.yaml");
    // Port 80 answers one request and closes (ab's HTTP/1.0, curl); port 8080 keeps the
    // connection for many (wrk's keep-alive).
    let response = "HTTP/1.1 200 OK\\r\\nContent-Length: 64\\r\\nConnection: close\\r\\n\\r\\n";
    let keep = "HTTP/1.1 200 OK\\r\\nContent-Length: 64\\r\\n\\r\\n";
    let yaml = format!(
        "server:\n  ips: [198.18.1.50/1]\n  listen:\n    - port: 80\n      program: [recv: {{until: \"\\r\\n\\r\\n\"}}, send: \"{response}\", send: {{size: 64}}, close]\n    \
         - port: 8080\n      program:\n        - loop: {{times: 100000, steps: [recv: {{until: \"\\r\\n\\r\\n\"}}, send: \"{keep}\", send: {{size: 64}}]}}\n        - close\n\
         tcp: {{time_wait: 0s}}\n"
    );
    std::fs::write(&prof, yaml).unwrap();
    let cfg = dir.path().join("ports.yaml");
    std::fs::write(
        &cfg,
        format!(
            "- interfaces: [rt0]\n  netns: {}\n  port_info:\n    - {{ip: 198.18.1.1, default_gw: 198.18.1.254}}\n",
            tg()
        ),
    )
    .unwrap();
    let server = Spawned(
        Command::new(env!("CARGO_BIN_EXE_riptide"))
            .args(["tcp", prof.to_str().unwrap(), "--config", cfg.to_str().unwrap(), "-d", "300s", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    // Up when curl gets an answer (the DUT's kernel asks ARP for 198.18.1.50 first).
    riptide_testkit::wait_for(Duration::from_secs(60), "riptide's server to answer curl", || {
        let o = in_ns(dut(), &["curl", "-s", "-m", "2", "http://198.18.1.50/"]);
        o.status.success() && o.stdout.len() == 64
    });
    for _ in 0..20 {
        let o = in_ns(dut(), &["curl", "-s", "-m", "2", "http://198.18.1.50/"]);
        assert!(o.status.success() && o.stdout == (0u8..64).collect::<Vec<u8>>(), "curl: {}", text(&o));
    }
    // 1,000 connections captured on the DUT's side and decoded by tshark.
    let pcap = dir.path().join("ab.pcap");
    let cap = Capture::start_filtered(dut(), "dut0", 1_000_000, &pcap, "tcp port 80");
    let o = in_ns(dut(), &["ab", "-q", "-n", "1000", "-c", "10", "http://198.18.1.50/"]);
    assert!(o.status.success(), "ab: {}", text(&o));
    cap.stop_when_quiet(&pcap);
    // The client here is the DUT's kernel (ab): when riptide's server closed first and holds
    // TIME-WAIT, the kernel may pick the same source port again, which tshark flags as
    // "port numbers reused"; a SYN on a TIME-WAIT tuple is legal (RFC 1122 4.2.2.13), and
    // the server's answers to it are checked by the flags left (and by ab's own counts).
    let faults = tshark(&pcap, "tcp.analysis.flags && !tcp.analysis.window_update && !tcp.analysis.reused_ports", &[]);
    assert!(faults.is_empty(), "tshark flags TCP faults:\n{}", faults.join("\n"));
    // ab opens up to its concurrency more connections than requests, closed unused.
    let syns = tshark(&pcap, "tcp.flags.syn == 1 && tcp.flags.ack == 0", &[]);
    assert!((1000..=1010).contains(&syns.len()), "{} connections", syns.len());
    // 100,000 requests from ab: none failed.
    let o = in_ns(dut(), &["ab", "-q", "-n", "100000", "-c", "100", "http://198.18.1.50/"]);
    let out = text(&o);
    assert!(o.status.success(), "ab: {out}");
    assert!(out.contains("Complete requests:      100000"), "{out}");
    assert!(out.contains("Failed requests:        0"), "{out}");
    assert!(!out.contains("Non-2xx"), "{out}");
    // wrk, keep-alive: requests, and no socket error or non-2xx answer.
    let o = in_ns(dut(), &["wrk", "-t", "1", "-c", "50", "-d", "3s", "http://198.18.1.50:8080/"]);
    let out = text(&o);
    assert!(o.status.success(), "wrk: {out}");
    assert!(!out.contains("Socket errors") && !out.contains("Non-2xx"), "{out}");
    let requests: u64 =
        out.lines().find_map(|l| l.trim().split_once(" requests in ").map(|(n, _)| n.trim().parse().unwrap())).unwrap();
    assert!(requests > 1000, "{out}");
    // SIGINT: the server stops and prints its counters (exit 130, interrupted).
    let pid = server.0.id() as i32;
    // SAFETY: kill(2) on the child we spawned.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let mut server = server;
    let status = riptide_testkit::wait_for_ok(Duration::from_secs(30), "the TCP server to end on SIGINT", || {
        server.0.try_wait().unwrap().ok_or("running")
    });
    let mut stdout = String::new();
    use std::io::Read;
    server.0.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    assert_eq!(status.code(), Some(130), "{stdout}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let s = &v["tcp"]["server"];
    assert!(s["tcps_accepts"].as_u64().unwrap() >= 101_000 + 20, "{v}");
    assert_eq!(v["tcp"]["server_app"]["recv_timeouts"], 0, "{v}");
    eprintln!("ab/wrk -> riptide: {wrk}", wrk = out.lines().find(|l| l.contains("Requests/sec")).unwrap_or(""));
}

/// RFC 2889 on the lab's Open vSwitch as a learning switch (`--dut ovs,fdb=300`: the
/// NORMAL action, `mac-table-size` 300, the monitor leg rt2): OVS counts its static
/// entries in the table and evicts the oldest entry to learn a new one (where the kernel
/// bridge refuses the new one), so the gateway's static entry that the test frames
/// carry as their source holds one of the 300 places: the caching test finds 299, each
/// trial floods exactly its addresses beyond 299, and OVS's own table says 300 entries.
#[test]
fn rfc2889_finds_the_lab_ovs_table_size() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up", "--dut", "ovs,fdb=300"]);
    assert!(ok(&["lab", "status"]).contains("dut ovs,fdb=300"));
    #[rustfmt::skip]
    let v = run_json(&["rfc2889", "caching", "--addresses", "1000", "--netns", tg(), "--port", "afpacket:rt0",
        "--port", "afpacket:rt1", "--port", "afpacket:rt2", "--json"]);
    assert_eq!((&v["capacity"], &v["at_limit"]), (&299.into(), &false.into()), "{v}");
    for t in v["trials"].as_array().unwrap() {
        let n = t["addresses"].as_u64().unwrap();
        assert_eq!(t["flooded"].as_u64().unwrap(), n.saturating_sub(299), "{t}");
        assert_eq!(t["passed"], n <= 299, "{t}");
    }
    let dir = format!("/run/riptide-lab/{}/ovs", name());
    let o = Command::new("ovs-appctl").args(["fdb/show", "br0"]).env("OVS_RUNDIR", &dir).output().unwrap();
    let table = String::from_utf8_lossy(&o.stdout);
    assert_eq!(table.lines().count(), 1 + 300, "{table}");
    assert!(table.contains("02:00:c6:12:02:fe  static"), "{table}");
}

/// RFC 2889 on the lab's bridge with its table limited (`--dut bridge,fdb=N`, the
/// kernel's fdb_max_learned) and its learning leg limited to 20 kpps (`learn=20kpps`,
/// nftables before the bridge learns): the caching test finds N exactly (a trial with
/// N + 1 addresses floods one test frame onto the monitor port rt2), the bridge itself
/// says it learned N, and the learning test finds the 20 kpps.
#[test]
fn rfc2889_finds_the_lab_bridges_table_limit_and_its_learning_rate() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    let up = riptide(&["lab", "up", "--dut", "bridge,fdb=300"]);
    if !up.status.success() && text(&up).contains("6.8") {
        riptide_testkit::skip_or_fail(format!("needs the bridge's fdb_max_learned: {}", text(&up)));
        return;
    }
    assert!(up.status.success(), "{}", text(&up));
    assert!(ok(&["lab", "status"]).contains("bridge br0: 0 addresses learned (at most 300)"));
    let ports = ["--netns", tg(), "--port", "afpacket:rt0", "--port", "afpacket:rt1", "--port", "afpacket:rt2"];
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("caching");
    #[rustfmt::skip]
    let mut args = vec!["rfc2889", "caching", "--addresses", "1000", "--min-addresses", "10", "--learn-rate", "10kpps",
        "--test-rate", "20kpps", "--out", out.to_str().unwrap(), "--json"];
    args.extend(ports);
    let v = run_json(&args);
    assert_eq!(v["capacity"], 300, "{v}");
    assert_eq!(v["at_limit"], false, "{v}");
    let trials = v["trials"].as_array().unwrap();
    // 1000 and 10, then bisection of 10..1000: about log2(990) more.
    assert!((10..=14).contains(&trials.len()), "{v}");
    for t in trials {
        let n = t["addresses"].as_u64().unwrap();
        assert_eq!((t["learn_sent"].as_u64(), t["test_sent"].as_u64()), (Some(n), Some(n)), "{t}");
        // What the monitor saw is what the table could not hold: exactly the excess.
        assert_eq!(t["flooded"].as_u64().unwrap(), n.saturating_sub(300), "{t}");
        assert_eq!(t["passed"], n <= 300, "{t}");
    }
    // The last trial's table, as the kernel counts it.
    let last = trials.last().unwrap()["addresses"].as_u64().unwrap();
    assert!(ok(&["lab", "status"]).contains(&format!("bridge br0: {} addresses learned", last.min(300))));
    for f in ["results.json", "trials.csv", "report.md"] {
        assert!(out.join(f).exists(), "{f}");
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("address caching capacity: 300 addresses"), "{md}");

    // Learning rate: the same table, and the learning leg limited to 20 kpps; 250
    // addresses (below the table's limit), 2 kpps to 200 kpps, real-time workers (a
    // catch-up burst of learning frames would meet the leg's bucket of 5). A burst of 250
    // at R passes the bucket below about 20.4 kpps; pacing jitter fails it a little below.
    ok(&["lab", "down"]);
    ok(&["lab", "up", "--dut", "bridge,fdb=300,learn=20kpps"]);
    assert!(ok(&["lab", "status"]).contains("dut bridge,fdb=300,learn=20000pps"));
    #[rustfmt::skip]
    let mut args = vec!["rfc2889", "learning", "--addresses", "250", "--min-rate", "2kpps", "--learn-rate", "200kpps",
        "--realtime", "--json"];
    args.extend(ports);
    let v = run_json(&args);
    let rate = v["learning_rate"].as_f64().unwrap();
    assert!((16_000.0..=20_400.0).contains(&rate), "{v}");
    assert_eq!(v["at_limit"], false, "{v}");
    let trials = v["trials"].as_array().unwrap();
    assert!(trials.iter().all(|t| t["addresses"] == 250), "{v}");
    // The search narrowed to 5%: a failing rate within it above the result.
    let failed = trials.iter().filter(|t| t["passed"] == false).map(|t| t["learn_pps"].as_f64().unwrap());
    assert!(failed.clone().all(|f| f > rate) && failed.fold(f64::MAX, f64::min) <= rate * 1.05 + 1.0, "{v}");
    eprintln!("learning rate {rate} pps in {} trials", trials.len());
}

/// The stateful DUT (`--dut nat,conntrack=N`: nftables conntrack with `ct count`, and
/// source NAT towards rt1) between riptide's TCP client (rt0) and server (rt1): of 150
/// connections opened at once and held 1.5 s, exactly the 100 the DUT tracks are
/// established and complete (the others' SYNs are dropped, retried once, given up), and
/// the server sees every SYN from the DUT's address.
#[test]
fn the_nat_dut_translates_tcp_and_holds_its_connection_limit() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !require_nft() {
        return;
    }
    ok(&["lab", "up", "--dut", "nat,conntrack=100"]);
    assert!(ok(&["lab", "status"]).contains("dut nat,conntrack=100"));
    let dir = tempfile::tempdir().unwrap();
    let prof = dir.path().join("hold.yaml");
    std::fs::write(
        &prof,
        "tcp: {syn_retries: 1, time_wait: 0s}\n\
         client:\n  ips: 198.18.1.1\n  servers: [198.18.2.1:80]\n  concurrent: 150\n  limit: 150\n  \
         program: [send: \"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n\", recv: http, delay: 1500ms, close]\n\
         server:\n  ips: [198.18.2.1/1]\n  listen:\n    - {port: 80, http: {body: 64}}\n",
    )
    .unwrap();
    let pcap = dir.path().join("dut1.pcap");
    let cap = Capture::start_filtered(dut(), "dut1", 1_000_000, &pcap, "tcp[tcpflags] & tcp-syn != 0");
    #[rustfmt::skip]
    let v = run_json(&["tcp", prof.to_str().unwrap(), "--config", lab_ports(),
        "-d", "2500ms", "--json"]);
    cap.stop_when_quiet(&pcap);
    let (c, s) = (&v["tcp"]["client"], &v["tcp"]["server"]);
    assert_eq!((c["tcps_connattempt"].as_u64(), c["tcps_connects"].as_u64()), (Some(150), Some(100)), "{v}");
    assert_eq!((s["tcps_accepts"].as_u64(), s["tcps_connects"].as_u64()), (Some(100), Some(100)), "{v}");
    assert_eq!(v["tcp"]["client_app"]["completed"], 100, "{v}");
    // Behind the DUT every SYN comes from its address (masquerade): 100 SYNs, 100 SYN-ACKs.
    let sources = tshark(&pcap, "tcp.flags.syn == 1 && tcp.flags.ack == 0", &["ip.src"]);
    assert_eq!(sources.len(), 100, "{sources:?}");
    assert!(sources.iter().all(|s| s == "198.18.2.254"), "{sources:?}");
}

/// RFC 9411's concurrent TCP and HTTPS connection capacity against the nat DUT with its
/// conntrack limit at 200: each search finds 200 within 1% (the acceptance point), every
/// passing trial with all its connections completed (over TLS 1.3: each with its
/// handshake).
#[test]
fn rfc9411_finds_the_nat_duts_connection_limit() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !require_nft() {
        return;
    }
    ok(&["lab", "up", "--dut", "nat,conntrack=200"]);
    let dir = tempfile::tempdir().unwrap();
    for tls in [None, Some("1.3")] {
        let out = dir.path().join(format!("rfc9411-{}", tls.unwrap_or("tcp")));
        #[rustfmt::skip]
        let mut args = vec!["rfc9411", "concurrent", "--config", lab_ports(),
            "--max-connections", "1000", "--min-connections", "20", "--hold", "1200ms", "--settle", "500ms",
            "--out", out.to_str().unwrap(), "--json"];
        if let Some(version) = tls {
            args.extend(["--tls", version]);
        }
        let v = run_json(&args);
        let capacity = v["capacity"].as_u64().unwrap();
        assert!((198..=200).contains(&capacity), "TLS {tls:?}: {v}");
        assert_eq!(v["at_limit"], false, "{v}");
        for t in v["trials"].as_array().unwrap() {
            let k = t["connections"].as_u64().unwrap();
            if t["passed"] == true {
                assert_eq!((t["completed"].as_u64(), t["failed"].as_u64()), (Some(k), Some(0)), "{t}");
                let handshakes = if tls.is_some() { k } else { 0 };
                assert_eq!(t["tls_handshakes"].as_u64().unwrap_or(0), handshakes, "{t}");
            } else {
                // What failed is what the DUT had no room for.
                assert!(k > 200 && t["established"].as_u64().unwrap() <= 200, "{t}");
            }
        }
        let md = std::fs::read_to_string(out.join("report.md")).unwrap();
        let what = if tls.is_some() { "HTTPS" } else { "TCP" };
        assert!(md.contains(&format!("concurrent {what} connection capacity: {capacity} connections")), "{md}");
    }
}

/// RFC 9411's HTTPS connections/s against the nat DUT that takes 500 new connections a
/// second (an nftables limiter on each connection's first packet): the search finds 500
/// within 1%, every passing trial sustained its rate with no connection failing and each
/// connection made its TLS 1.3 handshake. Then, through the plain nat DUT, HTTPS
/// throughput (TLS 1.2, AES-GCM) per object size passes the 0.001% rule and the bytes its
/// clients received are what the DUT's kernel sent them (less the frames' and the TLS
/// records' headers), and the HTTPS latency test times the sustain phase's connections.
/// (The plain forms cross the DUT in the tests above, and every form crosses a `link:`
/// in tests/ndr.rs.)
#[test]
fn rfc9411_finds_the_nat_duts_connection_rate_and_measures_throughput_and_latency() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !require_nft() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cfg = std::path::PathBuf::from(lab_ports());
    let phases = ["--ramp-up", "1s", "--sustain", "3s", "--ramp-down", "2s", "--settle", "500ms"];
    let run = |test: &str, args: &[&str]| -> serde_json::Value {
        let out = dir.path().join(test);
        let tls = if test == "throughput" { "1.2" } else { "1.3" };
        #[rustfmt::skip]
        let mut all = vec!["rfc9411", test, "--config", cfg.to_str().unwrap(), "--tls", tls, "--json", "--out",
            out.to_str().unwrap()];
        all.extend_from_slice(args);
        all.extend_from_slice(&phases);
        let v = run_json(&all);
        assert!(out.join("report.html").exists());
        v
    };
    ok(&["lab", "up", "--dut", "nat,cps=500"]);
    let v = run("cps", &["--max-cps", "800", "--min-cps", "300"]);
    let capacity = v["capacity"].as_u64().unwrap();
    // The limiter passes its rate and its bucket (cps_burst: 10 connections) over a
    // trial: with at least the 3 s sustain phase offering connections, up to 503.3/s
    // pass (a CI run found 503: its 1,761 connections all completed; at 507, 13 failed).
    let passes = 500.0 + lab::cps_burst(500) as f64 / 3.0;
    assert!(capacity >= 495 && capacity as f64 <= passes, "{v}");
    for t in v["trials"].as_array().unwrap() {
        let offered = t["cps"].as_f64().unwrap();
        if t["passed"] == true {
            assert_eq!(t["failed"], 0, "{t}");
            assert_eq!(t["tls_handshakes"], t["completed"], "{t}");
            let sustained = t["sustain"]["cps"].as_f64().unwrap();
            assert!((sustained / offered - 1.0).abs() < 0.02, "{t}");
        } else {
            // What failed was over the DUT's rate, and the DUT held it to its rate.
            assert!(offered > 500.0, "{t}");
            assert!(t["sustain"]["cps"].as_f64().unwrap() < 510.0, "{t}");
        }
    }

    ok(&["lab", "down"]);
    ok(&["lab", "up", "--dut", "nat"]);
    let before = counters(dut(), "dut0");
    let v = run("throughput", &["--object-sizes", "1k,64k", "--connections", "20"]);
    let after = counters(dut(), "dut0");
    let trials = v["trials"].as_array().unwrap();
    assert_eq!(trials.len(), 2, "{v}");
    let mut received = 0;
    for t in trials {
        assert_eq!((t["passed"].as_bool(), t["failed"].as_u64()), (Some(true), Some(0)), "{t}");
        assert!(t["sustain"]["goodput_bps"].as_f64().unwrap() > 1e6, "{t}");
        received += t["received_bytes"].as_u64().unwrap();
    }
    // The kernel sent the clients their bytes (and the init phase's) plus 54-66 bytes of
    // headers a frame, the TLS handshakes and 22 bytes a record: more than riptide
    // counted, and not a quarter more.
    let sent = after.tx_bytes - before.tx_bytes;
    assert!(sent > received && (sent as f64) < received as f64 * 1.25, "kernel {sent}, riptide {received}");

    let v = run("latency", &["--object-sizes", "1k", "--cps", "100"]);
    let trials = v["trials"].as_array().unwrap();
    for t in trials {
        assert_eq!(t["passed"], true, "{t}");
        assert!((295..=301).contains(&t["ttfb"]["count"].as_u64().unwrap()), "{t}");
        assert!(t["ttfb"]["mean"].as_u64() <= t["ttlb"]["mean"].as_u64(), "{t}");
    }
    assert!(trials[1]["ttlb"]["mean"].as_u64() > trials[0]["ttlb"]["mean"].as_u64(), "{v}");
    assert!(trials.iter().all(|t| t["tls_setup"]["count"].as_u64() >= t["ttfb"]["count"].as_u64()), "{v}");
    let md = std::fs::read_to_string(dir.path().join("latency/report.md")).unwrap();
    assert!(md.contains("HTTPS transaction latency (mean): "), "{md}");
}

/// tshark on a TLS capture decrypted with `keylog`: the lines of `fields` of the frames
/// matching `filter`.
fn tshark_tls(pcap: &Path, keylog: &Path, filter: &str, fields: &[&str]) -> Vec<String> {
    let mut c = Command::new("tshark");
    c.args(["-n", "-r"]).arg(pcap).arg("-o").arg(format!("tls.keylog_file:{}", keylog.display()));
    c.args(["-Y", filter, "-T", "fields"]);
    for f in fields {
        c.args(["-e", f]);
    }
    let o = c.output().expect("tshark");
    assert!(o.status.success(), "tshark failed: {}", text(&o));
    String::from_utf8_lossy(&o.stdout).lines().map(str::to_string).filter(|l| !l.is_empty()).collect()
}

/// riptide's HTTPS client against nginx (scripts/lab-nginx.sh: an ECDSA P-256 certificate
/// on :443, RSA 2048 on :8443) over TLS 1.2 and 1.3: every request in nginx's log with
/// status 200, its protocol and the suite of the certificate's kind, as many as riptide
/// completed; with resumption on nginx reports the sessions reused
/// (`$ssl_session_reused`), with it off none; and a capture of a run decrypts in tshark
/// with riptide's `--keylog`: every request and response there, nothing malformed.
#[test]
fn https_client_against_nginx_tls_versions_keys_resumption_and_keylog() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !riptide_testkit::require_tool("openssl") || !require_tshark() {
        return;
    }
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let Some(_nginx) = nginx(dir.path()) else { return };
    let log = dir.path().join("tls.log");
    let logged = || std::fs::read_to_string(&log).unwrap_or_default();
    let profile = |port: u16, tls: &str, limit: u32| {
        let p = dir.path().join(format!("https-{port}.yaml"));
        std::fs::write(
            &p,
            format!(
                "client:\n  ips: 198.18.1.100/16\n  servers: [198.18.1.254:{port}]\n  http: {{host: 198.18.1.254, path: /1k}}\n  \
                 concurrent: 8\n  limit: {limit}\n  tls: {tls}\n"
            ),
        )
        .unwrap();
        p
    };
    for (port, key) in [(443, "ECDSA"), (8443, "RSA")] {
        for (version, nginx_name) in [("1.2", "TLSv1.2"), ("1.3", "TLSv1.3")] {
            let before = logged().lines().count();
            let p = profile(port, &format!("{{version: {version}}}"), 300);
            let v = run_json(&["tcp", p.to_str().unwrap(), "--config", lab_ports(), "--json"]);
            let t = &v["tcp"];
            let log_text = logged();
            let lines: Vec<&str> = log_text.lines().skip(before).collect();
            let what = format!("{key} TLS {version}: {t}");
            assert_eq!(lines.len(), 300, "nginx logged every request: {what}");
            assert!(
                lines
                    .iter()
                    .all(|l| l.starts_with(&format!("{port} 200 1024 {nginx_name} "))
                        && l.ends_with("\"GET /1k HTTP/1.1\"")),
                "{what}: {}",
                lines[0]
            );
            if version == "1.2" {
                // TLS 1.2's suite names the certificate's key.
                assert!(lines.iter().all(|l| l.contains(&format!("ECDHE-{key}-"))), "{what}: {}", lines[0]);
            }
            assert_eq!(t["client_app"]["completed"], 300, "{what}");
            assert_eq!(t["client_app"]["tls_handshakes"], 300, "{what}");
            assert_eq!(t["client_app"]["tls_failures"], 0, "{what}");
            // Resumption on (the default): nginx says which sessions it resumed, riptide
            // counts the same number; all but the first few (one per connection at once).
            let reused = lines.iter().filter(|l| l.split(' ').nth(5) == Some("r")).count() as u64;
            assert_eq!(t["client_app"]["tls_resumed"], reused, "{what}");
            assert!(reused >= 280, "{what}: {reused} reused");
        }
    }
    // Resumption off: every handshake full, in nginx's eyes too.
    let before = logged().lines().count();
    let p = profile(443, "{resume: false}", 100);
    let v = run_json(&["tcp", p.to_str().unwrap(), "--config", lab_ports(), "--json"]);
    let log_text = logged();
    let lines: Vec<&str> = log_text.lines().skip(before).collect();
    assert_eq!(lines.len(), 100, "{v}");
    assert!(lines.iter().all(|l| l.split(' ').nth(5) == Some(".")), "{}", lines.join("\n"));
    assert_eq!(v["tcp"]["client_app"]["tls_resumed"], 0, "{v}");
    // A capture on the DUT's side decrypts with the key log.
    let pcap = dir.path().join("https.pcap");
    let keys = dir.path().join("keys.log");
    let p = profile(443, "{}", 50);
    let cap = Capture::start_filtered(dut(), "dut0", 1_000_000, &pcap, "tcp port 443");
    let k = keys.to_str().unwrap();
    let v = run_json(&["tcp", p.to_str().unwrap(), "--config", lab_ports(), "--keylog", k, "--json"]);
    cap.stop_when_quiet(&pcap);
    assert_eq!(v["tcp"]["client_app"]["completed"], 50, "{v}");
    let requests = tshark_tls(&pcap, &keys, "http.request", &["http.request.method", "http.request.uri"]);
    assert_eq!(requests.len(), 50, "{requests:?}");
    assert!(requests.iter().all(|r| r == "GET\t/1k"), "{requests:?}");
    let responses = tshark_tls(&pcap, &keys, "http.response", &["http.response.code", "http.content_length"]);
    assert_eq!(responses.len(), 50, "{responses:?}");
    assert!(responses.iter().all(|r| r == "200\t1024"), "{responses:?}");
    let bad = tshark_tls(&pcap, &keys, "_ws.malformed || _ws.expert.severity == error", &["frame.number"]);
    assert!(bad.is_empty(), "tshark: malformed or in error: {bad:?}");
    // The key log is refused where a file is (created exclusively).
    let o = riptide(&["tcp", p.to_str().unwrap(), "--config", lab_ports(), "--keylog", k]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains(&format!("--keylog {k}: cannot create")), "{}", text(&o));
}

/// riptide's HTTPS server (a generated ECDSA P-256 certificate on :443, an RSA 2048 one
/// from files on :8443) answers curl and `openssl s_client` over TLS 1.2 and 1.3, and
/// resumes s_client's saved session in both.
#[test]
fn https_server_answers_curl_and_openssl_s_client() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !riptide_testkit::require_tool("curl") || !riptide_testkit::require_tool("openssl") {
        return;
    }
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = (dir.path().join("rsa.pem"), dir.path().join("rsa.key"));
    let o = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=riptide.test", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .unwrap();
    assert!(o.status.success(), "openssl req: {}", text(&o));
    let prof = dir.path().join("server.yaml");
    // One answer a connection, then close (s_client waits for the server's close).
    let answer = "[recv: {until: \"\\r\\n\\r\\n\"}, send: \"HTTP/1.1 200 OK\\r\\nContent-Length: 64\\r\\nConnection: close\\r\\n\\r\\n\", \
                  send: {size: 64}, close]";
    std::fs::write(
        &prof,
        format!(
            "server:\n  ips: [198.18.1.50/1]\n  listen:\n    - {{port: 443, program: {answer}, tls: {{cert: ecdsa-p256}}}}\n    \
             - {{port: 8443, program: {answer}, tls: {{cert: {{cert: rsa.pem, key: rsa.key}}}}}}\ntcp: {{time_wait: 0s}}\n"
        ),
    )
    .unwrap();
    let cfg = dir.path().join("ports.yaml");
    std::fs::write(
        &cfg,
        format!(
            "- interfaces: [rt0]\n  netns: {}\n  port_info:\n    - {{ip: 198.18.1.1, default_gw: 198.18.1.254}}\n",
            tg()
        ),
    )
    .unwrap();
    let server = Spawned(
        Command::new(env!("CARGO_BIN_EXE_riptide"))
            .args(["tcp", prof.to_str().unwrap(), "--config", cfg.to_str().unwrap(), "-d", "120s", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let body: Vec<u8> = (0u8..64).collect();
    riptide_testkit::wait_for(Duration::from_secs(60), "riptide's HTTPS server to answer curl", || {
        let o = in_ns(dut(), &["curl", "-sk", "-m", "2", "https://198.18.1.50/"]);
        o.status.success() && o.stdout == body
    });
    for port in ["443", "8443"] {
        for (curl, s_client, name) in [("--tls-max", "-tls1_2", "TLSv1.2"), ("--tlsv1.3", "-tls1_3", "TLSv1.3")] {
            let url = format!("https://198.18.1.50:{port}/");
            let mut args = vec!["curl", "-sk", "-m", "5", "-w", "%{http_code} %{ssl_verify_result}", "-o", "/dev/null"];
            if curl == "--tls-max" {
                args.extend(["--tlsv1.2", "--tls-max", "1.2"]);
            } else {
                args.push(curl);
            }
            args.push(&url);
            let o = in_ns(dut(), &args);
            assert!(o.status.success() && text(&o).starts_with("200"), "curl {port} {name}: {}", text(&o));
            // s_client: a request, the answer, and the session saved then resumed.
            let sess = dir.path().join(format!("sess-{port}-{name}"));
            let connect = format!("198.18.1.50:{port}");
            for resumed in [false, true] {
                let sess_arg = if resumed { "-sess_in" } else { "-sess_out" };
                let mut c = Command::new("ip");
                c.args(["netns", "exec", dut(), "openssl", "s_client", "-connect", &connect, s_client, "-ign_eof"]);
                c.arg(sess_arg).arg(&sess);
                let mut child = c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
                use std::io::Write;
                child.stdin.take().unwrap().write_all(b"GET / HTTP/1.1\r\nHost: riptide.test\r\n\r\n").unwrap();
                let o = child.wait_with_output().unwrap();
                let out = text(&o);
                assert!(
                    out.contains("HTTP/1.1 200 OK") && out.contains("Content-Length: 64"),
                    "s_client {port} {name}: {out}"
                );
                assert!(out.contains(&format!("Protocol  : {name}")) || out.contains(&format!(", {name},")), "{out}");
                if resumed {
                    assert!(out.contains("Reused, "), "s_client {port} {name} did not resume: {out}");
                }
            }
        }
    }
    drop(server);
}

/// An IPv6 TCP profile against the lab's kernel with no static neighbour: the DUT's dut0
/// gets 2001:2::c612:1fe/64 (RFC 5180's benchmarking range; TRex maps 198.18.1.254 into
/// its low 32 bits) and nginx listens there; a TRex ASTF profile with `ipv6.enable` and
/// that prefix as `src_msb`/`dst_msb` runs its 500 connections from its client range
/// (198.18.1.100-115 below it). The kernel finds each client by Neighbor Solicitation and riptide's endpoint answers
/// with an Advertisement (on the wire, and in the kernel's neighbour table: riptide's
/// MAC, learnt); every connection is in nginx's log from its IPv6 client.
#[test]
fn an_ipv6_astf_profile_runs_against_the_lab_kernel_by_neighbor_discovery() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    if !require_tshark() {
        return;
    }
    ok(&["lab", "up"]);
    let sh = |args: &[&str]| {
        let o = in_ns(dut(), args);
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    sh(&["sysctl", "-q", "-w", "net.ipv6.conf.dut0.disable_ipv6=0", "net.ipv6.conf.dut0.accept_dad=0"]);
    sh(&["ip", "-6", "addr", "add", "2001:2::c612:1fe/64", "dev", "dut0", "nodad"]);
    let dir = tempfile::tempdir().unwrap();
    let Some(_nginx) = nginx(dir.path()) else { return };
    let log = dir.path().join("access.log");
    let before = std::fs::read_to_string(&log).unwrap().lines().count();
    let pcap_in = repo().join("python/tests/trex-core/scripts/avl/delay_10_http_browsing_0.pcap");
    let profile = dir.path().join("http_simple_ipv6.py");
    std::fs::write(
        &profile,
        format!(
            "from trex.astf.api import *\n\n\
             class Prof1():\n    \
                 def get_profile(self, **kwargs):\n        \
                     ip_gen_c = ASTFIPGenDist(ip_range=['198.18.1.100', '198.18.1.115'], distribution='seq')\n        \
                     ip_gen_s = ASTFIPGenDist(ip_range=['198.18.1.254', '198.18.1.254'], distribution='seq')\n        \
                     ip_gen = ASTFIPGen(glob=ASTFIPGenGlobal(ip_offset='1.0.0.0'), dist_client=ip_gen_c, dist_server=ip_gen_s)\n        \
                     c_glob_info = ASTFGlobalInfo()\n        \
                     c_glob_info.ipv6.src_msb = '2001:2::'\n        \
                     c_glob_info.ipv6.dst_msb = '2001:2::'\n        \
                     c_glob_info.ipv6.enable = 1\n        \
                     return ASTFProfile(default_ip_gen=ip_gen, default_c_glob_info=c_glob_info,\n            \
                         cap_list=[ASTFCapInfo(file='{}', cps=2.776)])\n\n\
             def register():\n    return Prof1()\n",
            pcap_in.display()
        ),
    )
    .unwrap();
    let pcap = dir.path().join("v6.pcap");
    let cap = Capture::start_filtered(dut(), "dut0", 1_000_000, &pcap, "ip6");
    #[rustfmt::skip]
    let v = run_json(&["tcp", profile.to_str().unwrap(), "--config", lab_ports(), "-m", "500", "-n", "500", "--json"]);
    cap.stop_when_quiet(&pcap);
    let t = &v["tcp"];
    assert_eq!(t["client"]["tcps_connects"], 500, "{t}");
    assert_eq!(t["client_app"]["completed"], 500, "{t}");
    assert!(t["client_app"]["recv_timeouts"] == 0 && t["client"]["tcps_drops"] == 0, "{t}");
    // nginx saw every request from the clients' IPv6 addresses.
    let text_log = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text_log.lines().skip(before).collect();
    assert_eq!(lines.len(), 500, "nginx logged every connection's request: {t}");
    let clients: std::collections::BTreeSet<&str> = lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
    let want: std::collections::BTreeSet<String> = (0x164..=0x173).map(|k| format!("2001:2::c612:{k:x}")).collect();
    assert!(!clients.is_empty() && clients.iter().all(|c| want.contains(*c)), "{clients:?}");
    assert!(lines.iter().all(|l| l.contains("\"GET /3384 HTTP/1.1\" 200 32000 ")), "{}", lines[0]);
    // On the wire: the kernel's solicitations for each client, riptide's advertisements
    // (solicited, overriding, its MAC), as many as it counted.
    // (Not the DUT's duplicate address detection of its own link-local address, which a
    // capture started soon after IPv6 came up may see: its source is the unspecified ::.)
    let ns = tshark(&pcap, "icmpv6.type == 135 && ipv6.src != ::", &["icmpv6.nd.ns.target_address"]);
    let na = tshark(&pcap, "icmpv6.type == 136", &["icmpv6.nd.na.target_address", "icmpv6.nd.na.flag.s", "eth.src"]);
    let asked: std::collections::BTreeSet<&str> = ns.iter().map(String::as_str).collect();
    assert_eq!(asked, clients, "the kernel asked for each client it answered: {ns:?}");
    let mac = lab::PORTS[0].mac.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":");
    let answered: std::collections::BTreeSet<&str> = na.iter().filter_map(|l| l.split('\t').next()).collect();
    assert_eq!(answered, asked, "{na:?}");
    assert!(na.iter().all(|l| l.ends_with(&format!("\tTrue\t{mac}")) || l.ends_with(&format!("\t1\t{mac}"))), "{na:?}");
    assert_eq!(t["neighbors"]["nd_adverts"].as_u64(), Some(na.len() as u64), "{t}");
    // The kernel learnt riptide's MAC for each client (no static entry).
    let neigh = sh(&["ip", "-6", "neigh", "show", "dev", "dut0"]);
    for a in &clients {
        let line = neigh.lines().find(|l| l.starts_with(&format!("{a} "))).unwrap_or_else(|| panic!("{a}: {neigh}"));
        assert!(line.contains(&format!("lladdr {mac}")) && !line.contains("PERMANENT"), "{line}");
    }
}

/// A TRex ASTF profile of two templates against the lab's nginx (GET /64 on port 80 and
/// GET /1k on port 81, twice the rate, each in its template group), each connection
/// closed by nginx after its answer (`Connection: close`, `wait_for_peer_close`).
const TWO_TEMPLATES_NGINX: &str = "from trex.astf.api import *

def get(path):
    return ('GET %s HTTP/1.1\\r\\nHost: 198.18.1.254\\r\\nConnection: close\\r\\n\\r\\n' % path).encode()

class Prof1():
    def get_profile(self, tunables, **kwargs):
        ip_gen = ASTFIPGen(glob=ASTFIPGenGlobal(ip_offset='1.0.0.0'),
                           dist_client=ASTFIPGenDist(ip_range=['16.0.0.0', '16.0.0.255'], distribution='seq'),
                           dist_server=ASTFIPGenDist(ip_range=['48.0.0.0', '48.0.255.255'], distribution='seq'))
        templates = []
        for port, path, cps, group in [(80, '/64', 1, 'small'), (81, '/1k', 2, 'large')]:
            c = ASTFProgram()
            c.send(get(path))
            c.wait_for_peer_close()
            s = ASTFProgram()
            s.recv(len(get(path)))
            s.send(b'HTTP/1.1 200 OK\\r\\nContent-Length: 0\\r\\n\\r\\n')
            templates.append(ASTFTemplate(client_template=ASTFTCPClientTemplate(port=port, program=c, ip_gen=ip_gen, cps=cps),
                                          server_template=ASTFTCPServerTemplate(program=s, assoc=ASTFAssociationRule(port)),
                                          tg_name=group))
        return ASTFProfile(default_ip_gen=ip_gen, templates=templates)

def register():
    return Prof1()
";

/// Issue 55: four generators in the lab's generator namespace, each a `riptide tcp
/// --segment i/4` of the same profile on its own interface of one wire (a macvlan on rt0:
/// four hosts on one switch, each its own MAC), started together (`--start-at`), against
/// the DUT's one nginx: TRex's http_simple.py (its clients moved to
/// 16 lab addresses, four blocks of four) and a two-template profile. The DUT's capture
/// has every SYN once, each from the block its segment's result says it took; nginx's
/// access log has the merged total (per template group for the two templates); `riptide
/// merge`'s counters are the sum of the four and TRex's invariants hold on them. Each
/// generator ignores the SYN-ACKs to the others' addresses (none reset).
#[test]
fn four_tcp_segments_on_one_wire_against_one_nginx_open_each_tuple_once() {
    let Some(_g) = fresh() else { return };
    let _down = Down;
    ok(&["lab", "up"]);
    let dir = tempfile::tempdir().unwrap();
    let Some(_nginx) = nginx(dir.path()) else { return };
    let log = dir.path().join("access.log");
    let two = dir.path().join("two_templates.py");
    std::fs::write(&two, TWO_TEMPLATES_NGINX).unwrap();
    let http_simple = repo().join("python/tests/trex-core/scripts/astf/http_simple.py");
    let mut configs = Vec::new();
    for i in 0..4 {
        let ifname = format!("seg{i}");
        for cmd in [
            vec!["link", "add", &ifname, "link", "rt0", "type", "macvlan", "mode", "bridge"],
            vec!["link", "set", &ifname, "up"],
        ] {
            let o = Command::new("ip").args(["-n", tg()]).args(&cmd).output().unwrap();
            assert!(o.status.success(), "ip {cmd:?}: {}", text(&o));
        }
        let cfg = dir.path().join(format!("seg{i}.yaml"));
        #[rustfmt::skip]
        std::fs::write(&cfg, format!("- interfaces: [{ifname}]\n  netns: {}\n  port_info:\n    - {{ip: 198.18.1.{}, default_gw: 198.18.1.254}}\n", tg(), 10 + i)).unwrap();
        configs.push(cfg.to_str().unwrap().to_string());
    }
    for (name, profile, per_group) in
        [("http_simple", http_simple.as_path(), None), ("two", two.as_path(), Some(["/64", "/1k"]))]
    {
        let before = std::fs::read_to_string(&log).unwrap().lines().count();
        let pcap = dir.path().join(format!("{name}.pcap"));
        let cap =
            Capture::start_filtered(dut(), "dut0", 1_000_000, &pcap, "tcp[tcpflags] & (tcp-syn|tcp-ack) == tcp-syn");
        let at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs_f64() + 1.5;
        let at = format!("{at:.3}");
        let kids: Vec<_> = (0..4)
            .map(|i| {
                let seg = format!("{i}/4");
                #[rustfmt::skip]
                let args = ["tcp", profile.to_str().unwrap(), "--config", &configs[i], "--clients", "198.18.1.100/16",
                    "--servers", "198.18.1.254", "-m", "400cps", "-n", "1200", "--segment", &seg, "--start-at", &at, "--json"];
                Command::new(env!("CARGO_BIN_EXE_riptide"))
                    .args(args)
                    .current_dir(repo())
                    .stdin(Stdio::null())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let mut files = Vec::new();
        let mut blocks = Vec::new();
        let mut parts = Vec::new();
        for (i, k) in kids.into_iter().enumerate() {
            let o = k.wait_with_output().unwrap();
            assert!(o.status.success(), "{name} segment {i}: {}", text(&o));
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            let t = &v["tcp"];
            assert_eq!(t["client"]["tcps_sndrst"], 0, "{name} segment {i} reset nothing: {t}");
            assert_eq!(t["client"]["tcps_connects"], t["client"]["tcps_connattempt"], "{name} {i}: {t}");
            let took = &v["tcp"]["split"]["client_tuples"];
            let first: std::net::Ipv4Addr = took["ip_first"].as_str().unwrap().parse().unwrap();
            assert_eq!((took["ip_count"].as_u64(), took["port_stride"].as_u64()), (Some(4), Some(1)), "{took}");
            blocks.push((u32::from(first), i));
            let f = dir.path().join(format!("{name}{i}.json"));
            std::fs::write(&f, &o.stdout).unwrap();
            files.push(f.to_str().unwrap().to_string());
            parts.push(v);
        }
        cap.stop_when_quiet(&pcap);
        // Every SYN once (the kernel's capture), from the block of the segment that took it.
        let syns = tshark(&pcap, "", &["ip.src", "tcp.srcport", "ip.dst", "tcp.dstport"]);
        let mut seen = std::collections::BTreeSet::new();
        let mut per_segment = [0u64; 4];
        for s in &syns {
            assert!(seen.insert(s.clone()), "{name}: SYN {s} twice (the same 5-tuple opened again)");
            let src: std::net::Ipv4Addr = s.split('\t').next().unwrap().parse().unwrap();
            let (_, i) =
                blocks.iter().find(|(b, _)| (u32::from(src).wrapping_sub(*b)) < 4).unwrap_or_else(|| panic!("{s}"));
            per_segment[*i] += 1;
        }
        for (i, p) in parts.iter().enumerate() {
            assert_eq!(Some(per_segment[i]), p["tcp"]["client"]["tcps_connattempt"].as_u64(), "{name} segment {i}");
        }
        let mut args = vec!["merge", "--json"];
        args.extend(files.iter().map(String::as_str));
        let m = run_json(&args);
        let mt = &m["tcp"];
        assert!(m["invariants"].as_array().unwrap().iter().all(|i| i["holds"] == true), "{name}: {m}");
        for k in ["tcps_connattempt", "tcps_connects", "tcps_closed", "tcps_sndbyte", "tcps_rcvbyte"] {
            let sum: u64 = parts.iter().map(|p| p["tcp"]["client"][k].as_u64().unwrap()).sum();
            assert_eq!(mt["client"][k].as_u64(), Some(sum), "{name}: client.{k}");
        }
        let connects = mt["client"]["tcps_connects"].as_u64().unwrap();
        assert_eq!(connects, 1200 * if per_group.is_some() { 2 } else { 1 }, "{name}: {mt}");
        assert_eq!(seen.len() as u64, connects, "{name}: the capture's SYNs");
        assert_eq!(mt["client_app"]["completed"].as_u64(), Some(connects), "{name}: {mt}");
        let text = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<&str> = text.lines().skip(before).collect();
        assert_eq!(lines.len() as u64, connects, "{name}: nginx logged the merged total");
        assert!(lines.iter().all(|l| l.contains("\" 200 ")), "{name}: all answered 200");
        if let Some(paths) = per_group {
            for (g, path) in paths.iter().enumerate() {
                let logged = lines.iter().filter(|l| l.contains(&format!("\"GET {path} HTTP/1.1\""))).count() as u64;
                assert_eq!(
                    Some(logged),
                    mt["groups"][g + 1]["client"]["tcps_connects"].as_u64(),
                    "{name}: {path}: {m}"
                );
            }
        }
        // One host's clock: the four opened their first connections together.
        assert!(m["first_open_skew_ns"].as_u64().unwrap() < 100_000_000, "{m}");
        eprintln!(
            "{name}: four segments opened their first connections within {} ns; merged {connects} connections at {:.0} conn/s",
            m["first_open_skew_ns"], mt["connects_per_s"]
        );
    }
}
