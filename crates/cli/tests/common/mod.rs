//! Helpers shared by the CLI test binaries: run the `riptide` binary from the repository root.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `riptide ARGS` in the repository root.
pub(crate) fn riptide(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_riptide")).args(args).current_dir(repo()).output().expect("run riptide")
}

/// The repository root.
pub(crate) fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// stdout and stderr together.
pub(crate) fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// stderr.
pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
