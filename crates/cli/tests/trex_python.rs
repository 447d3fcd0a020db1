//! A TRex Python profile is read by `$RIPTIDE_PYTHON`: when that interpreter fails,
//! riptide says which one and how (issue 50 F9: it said `riptide: error: no message`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{stderr, text, wait_within, COMMAND_BOUND};
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Output};

const PROFILE: &str = "profiles/python/two_streams.py";

/// `riptide run PROFILE` with `RIPTIDE_PYTHON=python`.
fn run_with(python: &str) -> Output {
    let child = common::spawn_in_repo(
        Command::new(env!("CARGO_BIN_EXE_riptide"))
            .args(["run", PROFILE, "--port", "null", "-n", "1"])
            .env("RIPTIDE_PYTHON", python),
    );
    wait_within(child, COMMAND_BOUND, python)
}

/// Refused (exit 2, one line) with every piece of `want` in the line.
fn says(python: &str, want: &[&str]) {
    let o = run_with(python);
    assert_eq!(o.status.code(), Some(2), "{python}: {}", text(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(!e.contains("no message"), "{e}");
    for w in want {
        assert!(e.contains(w), "{python}: wanted {w:?} in {e}");
    }
}

#[test]
fn a_failing_interpreter_is_named_with_how_it_failed() {
    let d = tempfile::tempdir().unwrap();
    let missing = d.path().join("no-python");
    let missing = missing.to_str().unwrap();
    says(missing, &[PROFILE, &format!("the interpreter {missing} (RIPTIDE_PYTHON) was not found")]);
    says("/bin/false", &["the interpreter /bin/false (RIPTIDE_PYTHON)", "exited with status 1, printing nothing"]);
    // One that complains and exits 3.
    let script = d.path().join("python");
    std::fs::write(&script, "#!/bin/sh\necho 'first line' >&2\necho 'Fatal: cannot start' >&2\nexit 3\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let s = script.to_str().unwrap();
    says(s, &[&format!("the interpreter {s} (RIPTIDE_PYTHON)"), "exited with status 3: Fatal: cannot start"]);
    // One that is not executable, and one killed by a signal.
    let plain = d.path().join("plain");
    std::fs::write(&plain, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o644)).unwrap();
    let p = plain.to_str().unwrap();
    says(p, &[&format!("the interpreter {p} (RIPTIDE_PYTHON) is not executable")]);
    let killed = d.path().join("killed");
    std::fs::write(&killed, "#!/bin/sh\nkill -KILL $$\n").unwrap();
    std::fs::set_permissions(&killed, std::fs::Permissions::from_mode(0o755)).unwrap();
    says(killed.to_str().unwrap(), &["was killed by signal 9 (SIGKILL"]);
}
