//! What a test needs from the machine (root, a tool, a kernel feature), required in one way.
//!
//! A test that cannot run here **fails**, naming itself and what it needs, unless
//! `RIPTIDE_ALLOW_SKIP=1` says that skipping is wanted (a developer's laptop without
//! root). A skip is then written to stderr past the test harness's capture, and, when
//! `RIPTIDE_SKIP_LOG` names a file, appended to it as one line `TEST: WHY`, so that
//! scripts/test.sh counts it. docs/testing.md has the rules.
//!
//! ```no_run
//! # fn needs_root_and_tshark() {
//! if !riptide_testkit::require_root() || !riptide_testkit::require_tool("tshark") {
//!     return; // skipped, and counted: only with RIPTIDE_ALLOW_SKIP=1
//! }
//! # }
//! ```
//!
//! The test is named by its thread (the test harness names each test's thread after the
//! test) and its binary, so no call repeats the test's name.
//!
//! This crate depends on nothing of riptide's, so every crate's tests can use it
//! (`riptide-port`'s own unit tests included) without a circle; capabilities that
//! riptide itself knows how to check (`riptide_port::netns::test_support()`) are passed
//! in through [`require`].
//!
//! A test that waits for something asynchronous waits for it with a deadline
//! ([`wait_for`], [`wait_for_ok`]), never with a sleep of a guessed length; a claim that
//! nothing happens is checked over a window ([`holds_for`]).

use std::io::Write;
use std::path::Path;

mod wait;
pub use wait::{holds_for, wait_for, wait_for_ok, within, POLL_MAX, POLL_MIN};

/// The variable that allows skipping (`1`); unset or anything else makes a missing
/// capability a failure.
pub const ALLOW_SKIP: &str = "RIPTIDE_ALLOW_SKIP";
/// The variable naming the file each skip is appended to (`TEST: WHY`).
pub const SKIP_LOG: &str = "RIPTIDE_SKIP_LOG";

/// Whether the test may go on: `true` when `need` is `Ok`. When it is `Err(why)` (`why`
/// says what is missing: "needs root (network namespaces)"), the test fails with `why`
/// unless `RIPTIDE_ALLOW_SKIP=1`; with it, the skip is recorded and `false` returned, and
/// the caller returns.
///
/// # Panics
/// When `need` is `Err` and skipping is not allowed: that is the point.
#[must_use = "the test returns when its need is not met"]
#[track_caller]
pub fn require(need: Result<(), String>) -> bool {
    let log = std::env::var_os(SKIP_LOG);
    decide(need, skipping_allowed(), log.as_deref().map(Path::new), &mut std::io::stderr())
}

/// [`require`] with the environment read: `allowed` is `RIPTIDE_ALLOW_SKIP=1`, `log` is
/// `RIPTIDE_SKIP_LOG`, `out` is where the skip is shown (stderr itself, which the test
/// harness does not capture).
#[track_caller]
fn decide(need: Result<(), String>, allowed: bool, log: Option<&Path>, out: &mut dyn Write) -> bool {
    let Err(why) = need else { return true };
    let test = test_name();
    if !allowed {
        panic!("{test}: {why} (RIPTIDE_ALLOW_SKIP=1 skips such a test instead; docs/testing.md)");
    }
    record(&test, &why, log, out);
    false
}

/// The test cannot go on here, for want of `why` ("needs a kernel with X: ..."), found
/// while it runs: it fails, or with `RIPTIDE_ALLOW_SKIP=1` the skip is recorded and the
/// caller returns. [`require`] of `Err(why)`.
#[track_caller]
pub fn skip_or_fail(why: impl Into<String>) {
    let _ = require(Err(why.into()));
}

/// [`require`] of [`root`].
#[must_use = "the test returns when its need is not met"]
#[track_caller]
pub fn require_root() -> bool {
    require(root())
}

/// [`require`] of [`tool`]: `name` is an executable on `PATH`.
#[must_use = "the test returns when its need is not met"]
#[track_caller]
pub fn require_tool(name: &str) -> bool {
    require(tool(name))
}

/// `Ok` when this process runs as root (effective uid 0); else `Err("needs root")`.
pub fn root() -> Result<(), String> {
    // SAFETY: geteuid has no arguments and cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        Ok(())
    } else {
        Err("needs root".to_string())
    }
}

/// `Ok` when `name` is an executable file in a folder of `PATH`; else `Err` saying that
/// the test needs it and that scripts/setup.sh installs the tools the tests use.
pub fn tool(name: &str) -> Result<(), String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| executable(&dir.join(name))) {
        Ok(())
    } else {
        Err(format!("needs {name} on PATH (scripts/setup.sh installs the tools the tests use)"))
    }
}

fn executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether `RIPTIDE_ALLOW_SKIP=1`.
pub fn skipping_allowed() -> bool {
    std::env::var(ALLOW_SKIP).is_ok_and(|v| v == "1")
}

/// `BINARY::TEST`: the test binary's name without cargo's hash (`lab`, `riptide_port`)
/// and the test's (its thread's) name.
fn test_name() -> String {
    let exe = std::env::current_exe().ok();
    let stem = exe.as_deref().and_then(Path::file_stem).map(|s| s.to_string_lossy().into_owned());
    let binary = stem.map(|s| strip_hash(&s).to_string()).unwrap_or_else(|| "?".into());
    match std::thread::current().name() {
        Some(t) if t != "main" => format!("{binary}::{t}"),
        _ => binary,
    }
}

/// `lab-402b140973da96f3` -> `lab`: cargo's hash is 16 hex digits after the last `-`.
fn strip_hash(stem: &str) -> &str {
    match stem.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => name,
        _ => stem,
    }
}

/// Shows the skip on `out` and appends it to `log`.
fn record(test: &str, why: &str, log: Option<&Path>, out: &mut dyn Write) {
    let line = format!("{test}: {why}\n");
    let _ = out.write_all(format!("SKIPPED {line}").as_bytes());
    let Some(log) = log else { return };
    // One write of one line in append mode: lines of concurrent tests do not interleave.
    let written =
        std::fs::OpenOptions::new().create(true).append(true).open(log).and_then(|mut f| f.write_all(line.as_bytes()));
    if let Err(e) = written {
        panic!("{test}: skipped ({why}), but {SKIP_LOG}={} could not be written: {e}", log.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargos_hash_is_taken_off_the_binarys_name() {
        assert_eq!(strip_hash("lab-402b140973da96f3"), "lab");
        assert_eq!(strip_hash("riptide_port-3d1ee98fe6295e28"), "riptide_port");
        assert_eq!(strip_hash("ndr_golden"), "ndr_golden");
        assert_eq!(strip_hash("a-b"), "a-b");
    }

    #[test]
    fn a_tool_is_found_on_path_or_named() {
        assert_eq!(tool("sh"), Ok(()));
        let e = tool("riptide-no-such-tool").unwrap_err();
        assert!(e.starts_with("needs riptide-no-such-tool on PATH"), "{e}");
    }

    #[test]
    fn a_met_need_goes_on_and_the_test_is_named_by_its_thread() {
        assert!(require(Ok(())));
        assert!(decide(Ok(()), false, None, &mut Vec::new()));
        let name = test_name();
        assert!(name.ends_with("::tests::a_met_need_goes_on_and_the_test_is_named_by_its_thread"), "{name}");
    }

    #[test]
    fn a_missing_need_fails_the_test_naming_it_and_what_it_needs() {
        let e = std::panic::catch_unwind(|| decide(Err("needs a unicorn".into()), false, None, &mut Vec::new()))
            .unwrap_err();
        let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(
            msg.contains("::tests::a_missing_need_fails_the_test_naming_it_and_what_it_needs: needs a unicorn"),
            "{msg}"
        );
        assert!(msg.contains("RIPTIDE_ALLOW_SKIP=1"), "{msg}");
    }

    #[test]
    fn an_allowed_skip_is_appended_to_the_log_one_line_each() {
        let log = std::env::temp_dir().join(format!("riptide-testkit-skips-{}", std::process::id()));
        let _ = std::fs::remove_file(&log);
        let mut shown = Vec::new();
        assert!(!decide(Err("needs a unicorn".into()), true, Some(&log), &mut shown));
        assert!(!decide(Err("needs two".into()), true, Some(&log), &mut shown));
        let text = std::fs::read_to_string(&log).unwrap();
        std::fs::remove_file(&log).unwrap();
        let me = "::tests::an_allowed_skip_is_appended_to_the_log_one_line_each";
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].ends_with(&format!("{me}: needs a unicorn")), "{text}");
        assert!(lines[1].ends_with(&format!("{me}: needs two")), "{text}");
        let shown = String::from_utf8(shown).unwrap();
        assert_eq!(shown, text.lines().map(|l| format!("SKIPPED {l}\n")).collect::<String>());
        // Without a log the skip is still allowed, and shown.
        let mut shown = Vec::new();
        assert!(!decide(Err("needs a unicorn".into()), true, None, &mut shown));
        assert!(String::from_utf8(shown).unwrap().ends_with(&format!("{me}: needs a unicorn\n")));
    }
}
