//! Files riptide writes where the user said, and nowhere else (issue 50): whatever
//! another user planted in the directory (links at the names riptide used, or at the
//! targets themselves) is never written through; a set of files is whole or absent; a
//! result that an interrupt cut short says so.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{text, wait_within, COMMAND_BOUND};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// An NDR search on the in-memory link (virtual time: milliseconds).
const NDR: &str = "ndr profiles/lab/ndr.yaml --port link:0 --port link:1 --min-load 5kpps --max-load 50kpps \
                   --trial 0.5s --final-trial 0.5s --duration-sum 2s";

/// `sh -c SCRIPT` in the repository root, with `$RIPTIDE` the binary: a script that ends
/// in `exec $RIPTIDE ...` runs riptide under the shell's own PID (`$$`), so the script can
/// plant files at the names that PID would have used.
fn sh(script: &str) -> Output {
    let child =
        common::spawn_in_repo(Command::new("sh").args(["-c", script]).env("RIPTIDE", env!("CARGO_BIN_EXE_riptide")));
    wait_within(child, COMMAND_BOUND, script)
}

/// A mode-600 file holding "secret", as a file of root's that only root may write.
fn victim(dir: &Path) -> PathBuf {
    let v = dir.join("victim");
    std::fs::write(&v, "secret").unwrap();
    std::fs::set_permissions(&v, std::fs::Permissions::from_mode(0o600)).unwrap();
    v
}

fn intact(victim: &Path, what: &str) {
    let now = std::fs::read(victim).unwrap();
    let shown = String::from_utf8_lossy(&now[..now.len().min(60)]).into_owned();
    assert!(
        now == b"secret",
        "{what} wrote through a planted link: the victim now holds {} bytes: {shown:?}",
        now.len()
    );
    assert_eq!(std::fs::metadata(victim).unwrap().permissions().mode() & 0o777, 0o600, "{what}");
}

/// Shell lines planting a link to `victim` at each of `names` in `dir` (`$$`: riptide's
/// PID to be).
fn plant(dir: &Path, victim: &Path, names: &[String]) -> String {
    names.iter().map(|n| format!("ln -s {} {}/{n} && ", victim.display(), dir.display())).collect()
}

/// The names riptide wrote a target through before: `NAME.riptide-PID.tmp` (the
/// writability probe and the write alike) and the target itself.
fn old_names(targets: &[&str]) -> Vec<String> {
    targets.iter().flat_map(|t| [format!("{t}.riptide-$$.tmp"), t.to_string()]).collect()
}

#[test]
fn out_never_writes_through_links_planted_in_its_directory() {
    let d = tempfile::tempdir().unwrap();
    let victim = victim(d.path());
    // The files an NDR search writes, learnt from one written elsewhere.
    let learn = d.path().join("learn");
    let o = sh(&format!("exec $RIPTIDE {NDR} --out {}", learn.display()));
    assert!(o.status.success(), "{}", text(&o));
    let mut names: Vec<String> =
        std::fs::read_dir(&learn).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert!(names.len() >= 8 && names.contains(&"report.html".to_string()), "{names:?}");
    let out = d.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let targets: Vec<&str> = names.iter().map(String::as_str).collect();
    let o = sh(&format!("{}exec $RIPTIDE {NDR} --out {}", plant(&out, &victim, &old_names(&targets)), out.display()));
    assert!(o.status.success(), "{}", text(&o));
    intact(&victim, "ndr --out");
    for n in &names {
        let meta = std::fs::symlink_metadata(out.join(n)).unwrap();
        assert!(meta.is_file(), "{n}: the link at the target is replaced by the file");
    }
    // Each result file (run --out and --hist, merge --out) and a pcap port with two
    // queues and a tap: its parts (`NAME.riptide-PID-q0.tmp`, `-merge`) too.
    let dir = d.path().join("run");
    std::fs::create_dir(&dir).unwrap();
    let mut planted = old_names(&["r.json", "h.hlog", "m.json", "x.pcap", "t.pcap"]);
    for part in ["x.pcap.riptide-$$-q0", "x.pcap.riptide-$$-q1", "x.pcap.riptide-$$-merge", "t.pcap.riptide-$$-tap0"] {
        planted.push(format!("{part}.tmp"));
    }
    let at = |n: &str| dir.join(n).display().to_string();
    #[rustfmt::skip]
    let run = format!(
        "{}exec $RIPTIDE run profiles/tagged.yaml --port pcap:{}+tap:{} --cores 2 -n 200 --out {} --hist {}",
        plant(&dir, &victim, &planted), at("x.pcap"), at("t.pcap"), at("r.json"), at("h.hlog")
    );
    let o = sh(&run);
    assert!(o.status.success(), "{}", text(&o));
    intact(&victim, "run --out/--hist and a pcap port");
    let probe = ["m.json.riptide-$$.tmp".to_string()];
    let merge = format!("{}exec $RIPTIDE merge {} --out {}", plant(&dir, &victim, &probe), at("r.json"), at("m.json"));
    let o = sh(&merge);
    assert!(o.status.success(), "{}", text(&o));
    intact(&victim, "merge --out");
    for n in ["r.json", "h.hlog", "m.json", "x.pcap", "t.pcap"] {
        let meta = std::fs::symlink_metadata(dir.join(n)).unwrap();
        assert!(meta.is_file() && meta.len() > 0, "{n}");
    }
    let frames = std::fs::read(dir.join("x.pcap")).unwrap();
    assert_eq!(&frames[..4], &0xa1b2_3c4du32.to_le_bytes(), "a pcap");
    // Nothing of riptide's is left behind: only what was planted, the files and the victim.
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains(".riptide-") && !std::fs::symlink_metadata(dir.join(n)).unwrap().is_symlink())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A disk that fills up while a method's files are written leaves none of them, and says
/// which could not be written. A tmpfs of 64 KiB in a mount namespace of the test's own
/// (root only: elsewhere the unit tests of `files::write_set` inject the same failure).
#[test]
fn a_full_disk_leaves_no_partial_set_of_files() {
    if !riptide_testkit::require(riptide_testkit::root().map_err(|e| format!("{e} (to mount a tmpfs)"))) {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("small");
    std::fs::create_dir(&out).unwrap();
    // results.json, trials.csv and report.md fit; report.html (200 KiB) does not.
    let script = format!(
        "unshare -m --propagation private sh -c 'mount -t tmpfs -o size=64k tmpfs {0} || exit 99; \
         $RIPTIDE {NDR} --out {0} >/dev/null; echo \"rc=$?\"; ls -A {0}'",
        out.display()
    );
    let o = sh(&script);
    let stdout = String::from_utf8_lossy(&o.stdout).to_string();
    if o.status.code() == Some(99) || !stdout.starts_with("rc=") {
        riptide_testkit::skip_or_fail(format!("needs a tmpfs in a mount namespace of its own: {}", text(&o)));
        return;
    }
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("rc=1"), "{}", text(&o));
    let left: Vec<&str> = lines.collect();
    assert!(left.is_empty(), "a partial set was left: {left:?}\n{}", text(&o));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("No space left on device") && e.contains("none of the files was written"), "{e}");
}

/// `riptide soak` stopped by Ctrl-C (SIGINT) writes what it measured and says so: the
/// intervals that ended, `interrupted`, and the duration that was asked for.
#[test]
fn an_interrupted_soak_says_so_and_what_was_asked() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("soak");
    #[rustfmt::skip]
    let child = common::spawn_in_repo(Command::new(env!("CARGO_BIN_EXE_riptide"))
        .args(["soak", "profiles/lab/ndr.yaml", "--port", "null", "--port", "null", "--load", "10kpps",
               "-d", "20s", "--interval", "1s", "--out", out.to_str().unwrap(), "--json"]));
    // Intervals of 1 s on null ports (real time), each a run of its own: Ctrl-C once the
    // second has begun (other workers than the first's), so one has ended.
    let limit = std::time::Duration::from_secs(60);
    let first = riptide_testkit::wait_for_ok(limit, "the first interval to run", || {
        Some(common::worker_threads(child.id())).filter(|w| !w.is_empty()).ok_or("no workers")
    });
    riptide_testkit::wait_for(limit, "the second interval to run", || {
        common::worker_threads(child.id()).iter().any(|w| !first.contains(w))
    });
    // SAFETY: a signal to the child we started, still ours to wait for.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let o = wait_within(child, COMMAND_BOUND, "riptide soak");
    // 128 + SIGINT, as shells report it, after the files and the figures.
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    let stdout: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for v in [&results, &stdout] {
        assert_eq!(v["interrupted"], true, "{v}");
        assert_eq!(v["requested_duration_s"], 20.0, "{v}");
        assert_eq!(v["requested_intervals"], 20, "{v}");
        let n = v["intervals"].as_array().unwrap().len();
        assert!((1..20).contains(&n), "{n} intervals");
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("interrupted after ") && md.contains(" of 20 intervals (20 s asked)"), "{md}");
}

/// Every method's results.json says whether it was interrupted, beside what was asked
/// (here none was: the methods ran to their end on the in-memory link).
#[test]
fn every_methods_results_say_whether_it_was_interrupted() {
    let d = tempfile::tempdir().unwrap();
    let at = |n: &str| d.path().join(n).display().to_string();
    let ports = "--port link:0:rate=20kpps,queue=100 --port link:1";
    let prof = "profiles/lab/ndr.yaml";
    #[rustfmt::skip]
    let runs = [
        (format!("{NDR} --out {}", at("ndr")), "ndr", vec![]),
        (format!("b2b {prof} {ports} --frame-sizes 64 --repetitions 1 --throughput 20kpps --max-burst-time 5ms \
                  --out {}", at("b2b")), "b2b", vec![]),
        (format!("rfc9411 concurrent --port link:0 --port link:1 --max-connections 300 --hold 1200ms --settle 0s \
                  --flush none --out {}", at("rfc9411")), "rfc9411", vec![]),
        (format!("soak {prof} {ports} --load 10kpps -d 2s --interval 1s --out {}", at("soak")), "soak",
         vec![("requested_duration_s", serde_json::json!(2.0)), ("requested_intervals", serde_json::json!(2))]),
        (format!("soak {prof} {ports} --plr --max-load 50kpps --latency off -d 1.2s --trial-step 0.01s \
                  --plr-samples 500 --out {}", at("plr")), "plr", vec![("requested_duration_s", serde_json::json!(1.2))]),
    ];
    for (line, dir, asked) in runs {
        let o = sh(&format!("exec $RIPTIDE {line}"));
        assert!(o.status.success(), "{line}: {}", text(&o));
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.path().join(dir).join("results.json")).unwrap()).unwrap();
        assert_eq!(v["interrupted"], false, "{dir}: {v}");
        for (k, want) in asked {
            assert_eq!(v[k], want, "{dir}: {k}");
        }
    }
}
