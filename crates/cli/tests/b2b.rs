//! `riptide b2b` (RFC 9004's back-to-back frames) end to end on the in-memory `link:`
//! DUT with a known forwarding rate and queue (`rate=R,queue=N`: virtual time, so a
//! search of twenty bursts takes milliseconds). The link is RFC 9004's model of a DUT
//! (section 4: a buffer in front of a forwarding function at the throughput rate), so its
//! corrected buffer must come out as its queue, N, within a frame.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{cli, refused, text};
use serde_json::Value;

const PROFILE: &str = "profiles/lab/ndr.yaml";

fn json(line: &str) -> Value {
    let o = cli(line);
    assert!(o.status.success(), "{line}: {}", text(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// RFC 9004 6.4's figures recomputed from the report's own numbers.
fn check_formulas(s: &Value) {
    let f = |k: &str| s[k].as_f64().unwrap();
    let (c, t) = (s["line"]["max_pps"].as_f64().unwrap(), f("throughput_pps"));
    let frames: Vec<f64> = s["searches"].as_array().unwrap().iter().map(|x| x["frames"].as_f64().unwrap()).collect();
    let avg = frames.iter().sum::<f64>() / frames.len() as f64;
    assert!((f("average") - avg).abs() < 1e-9, "{s}");
    let implied = avg / c;
    assert!((f("implied_buffer_s") - implied).abs() < 1e-12, "{s}");
    assert!((f("corrected_buffer_s") - (implied - implied * t / c)).abs() < 1e-12, "{s}");
    assert!((f("corrected_buffer_frames") - f("corrected_buffer_s") * c).abs() < 1e-6, "{s}");
}

#[test]
fn the_corrected_buffer_is_the_duts_queue_within_a_frame() {
    // Queues and forwarding rates at several frame sizes (the line is 10 Gb/s: 14.88 Mpps
    // at 64 B, 2.35 Mpps at 512 B), the throughput given.
    for (queue, rate, size, throughput) in [
        (1000, "1mpps", 64, "1mpps"),
        (64, "1mpps", 64, "1mpps"),
        (4096, "5mpps", 64, "5mpps"),
        (300, "1mpps", 512, "1mpps"),
        (1, "10mpps", 64, "10mpps"),
    ] {
        let line = format!(
            "b2b {PROFILE} --port link:0:rate={rate},queue={queue} --port link:1 --frame-sizes {size} \
             --throughput {throughput} --repetitions 2 --max-burst-time 10ms --json"
        );
        let v = json(&line);
        let s = &v["sizes"][0];
        check_formulas(s);
        let frames = s["corrected_buffer_frames"].as_f64().unwrap();
        assert!((frames - queue as f64).abs() <= 1.0, "queue {queue} at {rate}, {size} B: {frames} ({s})");
        // The longest burst is the queue over 1 - throughput/line (RFC 9004's model).
        let c = s["line"]["max_pps"].as_f64().unwrap();
        let t = s["throughput_pps"].as_f64().unwrap();
        let want = queue as f64 / (1.0 - t / c);
        assert!((s["average"].as_f64().unwrap() - want).abs() <= 1.0 / (1.0 - t / c) + 1e-9, "{want}: {s}");
        // Virtual time: every search finds the same burst, and each ends within a frame.
        assert_eq!(s["min"], s["max"], "{s}");
        assert_eq!(s["stdev"], 0.0);
        let trials = s["trials"].as_array().unwrap();
        let passed = |b: u64| trials.iter().any(|t| t["burst"] == b && t["passed"] == true);
        let lost = |b: u64| trials.iter().any(|t| t["burst"] == b && t["passed"] == false);
        let found = s["min"].as_u64().unwrap();
        assert!(passed(found) && lost(found + 1), "{found}: {s}");
        assert_eq!(s["generator_limited_trials"], 0);
        assert!(trials.iter().all(|t| t["sent"] == t["burst"]), "{s}");
    }
}

#[test]
fn the_throughput_is_measured_first_or_taken_from_ndrs_results() {
    let dir = std::env::temp_dir().join(format!("riptide-b2b-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ports = "--port link:0:rate=1mpps,queue=500 --port link:1";
    // No --throughput: riptide ndr's search (goal ndr=0) measures it; the 1518 B frames'
    // line (812.74 Kpps) is below the DUT's rate, so that size is not tested (6.1).
    let line = format!(
        "b2b {PROFILE} {ports} --frame-sizes 64,1518 --repetitions 3 --max-burst-time 5ms --out {}",
        dir.join("b2b").display()
    );
    let o = cli(&line);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("not tested: the throughput at 1518 B frames"), "{out}");
    let v: Value = serde_json::from_slice(&std::fs::read(dir.join("b2b/results.json")).unwrap()).unwrap();
    let s = &v["sizes"][0];
    assert_eq!(s["throughput_from"], "measured");
    let ndr = s["throughput_search"]["goals"][0]["lower_bound"].as_f64().unwrap();
    assert_eq!(s["throughput_pps"].as_f64().unwrap(), ndr);
    assert!((ndr / 1e6 - 1.0).abs() < 0.005, "{ndr}");
    let frames = s["corrected_buffer_frames"].as_f64().unwrap();
    assert!((frames - 500.0).abs() <= 1.0, "{frames}");
    check_formulas(s);
    assert!(v["sizes"][1]["skipped"].as_str().unwrap().contains("RFC 9004 6.1"), "{v}");
    for f in ["results.json", "trials.csv", "report.md", "b2b.png", "report.html"] {
        assert!(dir.join("b2b").join(f).is_file(), "{f}");
    }
    let md = std::fs::read_to_string(dir.join("b2b/report.md")).unwrap();
    assert!(md.contains("| 64 | 537.0 | 537, 537, 0.0 |"), "{md}");
    assert!(md.contains("TST009 Binary Search (minimum step 1 frame); N = 3"), "{md}");
    assert!(md.contains("longest burst tried 0.005 s at the line rate (74405 frames at 64 B)"), "{md}");
    let csv = std::fs::read_to_string(dir.join("b2b/trials.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + s["trials"].as_array().unwrap().len());
    // riptide ndr's results.json as the throughput: its zero-loss goal per size.
    let o = cli(&format!(
        "ndr {PROFILE} {ports} --frame-sizes 64,128 --goals ndr=0,pdr=0.5% --latency off --trial 0.5s \
         --final-trial 1s --duration-sum 2s --out {}",
        dir.join("ndr").display()
    ));
    assert!(o.status.success(), "{}", text(&o));
    let ndr: Value = serde_json::from_slice(&std::fs::read(dir.join("ndr/results.json")).unwrap()).unwrap();
    let results = dir.join("ndr/results.json");
    let v = json(&format!(
        "b2b {PROFILE} {ports} --frame-sizes 128,64 --throughput {} --repetitions 1 --max-burst-time 5ms --json",
        results.display()
    ));
    for (i, size) in ["128", "64"].iter().enumerate() {
        let run = ndr["runs"].as_array().unwrap().iter().find(|r| r["frame_size"] == *size).unwrap();
        let s = &v["sizes"][i];
        assert_eq!(s["frame_size"], *size);
        assert_eq!(s["throughput_from"], "given");
        assert_eq!(s["throughput_pps"], run["goals"][0]["lower_bound"], "{size}");
        let frames = s["corrected_buffer_frames"].as_f64().unwrap();
        assert!((frames - 500.0).abs() <= 1.0, "{size}: {frames}");
    }
    refused(
        &format!("b2b {PROFILE} {ports} --throughput {}", results.display()),
        "its runs are per frame size (64,128): give --frame-sizes",
    );
    refused(
        &format!("b2b {PROFILE} {ports} --frame-sizes 256 --throughput {}", results.display()),
        "no run at frame size 256",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn loss_verification_and_the_search_limit_are_reported() {
    // --verify 2: each lost burst is tried twice more (a deterministic DUT loses each time).
    let v = json(&format!(
        "b2b {PROFILE} --port link:0:rate=1mpps,queue=100 --port link:1 --throughput 1mpps --repetitions 1 \
         --max-burst-time 1ms --verify 2 --json"
    ));
    assert_eq!(v["algorithm"], "binary-loss-verification");
    let trials = v["sizes"][0]["trials"].as_array().unwrap();
    let lost = trials.iter().filter(|t| t["passed"] == false).count();
    let verifications = trials.iter().filter(|t| t["verification"] == true).count();
    assert_eq!(verifications, 2 * lost / 3, "{v}");
    assert_eq!(v["sizes"][0]["searches"][0]["trials"].as_u64().unwrap() as usize, trials.len());
    // A limit the DUT passes: reported as likely invalid, as RFC 9004 says.
    let o = cli(&format!(
        "b2b {PROFILE} --port link:0:rate=1mpps,queue=5000 --port link:1 --throughput 1mpps --repetitions 2 \
         --max-burst-time 100us"
    ));
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("2 of 2 searches ended at or near the longest burst tried (1489 frames"), "{out}");
    // An actual rate of interest (section 7): the corrected buffer at that rate.
    let v = json(&format!(
        "b2b {PROFILE} --port link:0:rate=1mpps,queue=1000 --port link:1 --throughput 1mpps --repetitions 1 \
         --max-burst-time 1ms --actual-rate 500kpps --json"
    ));
    let s = &v["sizes"][0];
    let want = s["corrected_buffer_s"].as_f64().unwrap() * s["line"]["max_pps"].as_f64().unwrap() / 500e3;
    assert!((s["actual_buffer_s"].as_f64().unwrap() - want).abs() < 1e-12, "{s}");
}

#[test]
fn bad_options_and_profiles_are_refused_by_name() {
    let ports = "--port link:0:rate=1mpps,queue=10 --port link:1";
    refused(&format!("b2b {PROFILE} {ports} --repetitions 0"), "--repetitions 0: expected 1 to 1000");
    refused(&format!("b2b {PROFILE} {ports} --max-burst-time 2m"), "--max-burst-time '2m'");
    refused(&format!("b2b {PROFILE} {ports} --throughput 64=1mpps"), "needs --frame-sizes");
    refused(&format!("b2b {PROFILE} {ports} --throughput gone.json"), "--throughput gone.json: no such file");
    refused(&format!("b2b {PROFILE} {ports} --throughput 1mpps --actual-rate 2mpps"), "is not below the throughput");
    refused(&format!("b2b {PROFILE} {ports} --throughput 0pps"), "--throughput '0pps': '0pps' must be a positive");
    refused(
        &format!("b2b {PROFILE} {ports} --throughput 1mpps --max-burst-time 100us --step 1489"),
        "--step 1489: the longest burst tried is 1489 frames",
    );
    // A burst whose way out at the throughput would outlast the engine's receive window.
    refused(&format!("b2b {PROFILE} {ports} --throughput 10kpps --max-burst-time 1s"), "at most 600 s");
    // A stream the burst could not count: refused, naming it.
    let dir = std::env::temp_dir().join(format!("riptide-b2b-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("untagged.yaml");
    std::fs::write(&p, "streams:\n  - {name: t, rate: 1kpps, flow_stats: {id: 1}}\n  - {name: u, rate: 1kpps}\n")
        .unwrap();
    refused(&format!("b2b {} {ports} --throughput 1mpps", p.display()), "stream 'u' is not tagged");
    let _ = std::fs::remove_dir_all(&dir);
}
