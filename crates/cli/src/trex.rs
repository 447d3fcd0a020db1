//! TRex stateless Python profiles (`riptide run PROFILE.py`): translated to a riptide
//! profile by riptide's Python package (`python -m riptide.trex`, which answers TRex's
//! module names for the load), then run like any other profile.
//!
//! The interpreter is `$RIPTIDE_PYTHON` (default `python3`); it needs scapy. riptide's
//! Python package comes from `$RIPTIDE_PYTHONPATH`, else from this checkout's `python/`
//! directory when it exists, else from the interpreter's own installation.

use crate::Failure;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether `path` names a TRex Python profile.
pub(crate) fn is_python_profile(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "py")
}

/// The riptide profile (JSON text) of TRex profile `path` loaded on `ports` ports with
/// `tunables` (`key=val,key2=val2`, TRex's `-t`).
pub(crate) fn convert(path: &Path, ports: usize, tunables: Option<&str>) -> Result<String, Failure> {
    let python = std::env::var_os("RIPTIDE_PYTHON").unwrap_or_else(|| "python3".into());
    let mut cmd = Command::new(&python);
    cmd.args(["-m", "riptide.trex"]).arg(path).args(["--ports", &ports.to_string()]);
    if let Some(t) = tunables {
        cmd.args(["-t", t]);
    }
    if let Some(dir) = package_dir() {
        let mut paths = vec![dir];
        if let Some(old) = std::env::var_os("PYTHONPATH") {
            paths.extend(std::env::split_paths(&old));
        }
        if let Ok(joined) = std::env::join_paths(paths) {
            cmd.env("PYTHONPATH", joined);
        }
    }
    let shown = Path::new(&python).display().to_string();
    let out = cmd.output().map_err(|e| {
        Failure::input(format!(
            "{}: a TRex profile is read by Python (with scapy), and {shown} cannot be run: {e} (set RIPTIDE_PYTHON)",
            path.display()
        ))
    })?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message").trim();
        let msg = last.strip_prefix("error: ").unwrap_or(last);
        if msg.contains("No module named 'scapy'") || msg.contains("No module named 'riptide'") {
            return Err(Failure::input(format!(
                "{}: {msg}: {shown} needs scapy and riptide's python/ package (pip install scapy; set RIPTIDE_PYTHON \
                 or RIPTIDE_PYTHONPATH)",
                path.display()
            )));
        }
        return Err(Failure::input(msg.to_string()));
    }
    let text = String::from_utf8(out.stdout)
        .map_err(|_| Failure::input(format!("{}: the translated profile is not UTF-8", path.display())))?;
    if text.len() > riptide_stl::profile::MAX_PROFILE_BYTES {
        return Err(Failure::input(format!(
            "{}: the translated profile is larger than {} bytes",
            path.display(),
            riptide_stl::profile::MAX_PROFILE_BYTES
        )));
    }
    Ok(text)
}

/// Where riptide's Python package is: `$RIPTIDE_PYTHONPATH`, or this checkout's `python/`.
fn package_dir() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("RIPTIDE_PYTHONPATH") {
        return Some(PathBuf::from(p));
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python");
    dir.join("riptide/trex/convert.py").is_file().then_some(dir)
}
