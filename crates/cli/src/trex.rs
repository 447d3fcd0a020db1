//! TRex's Python profiles: stateless ones (`riptide run PROFILE.py`) translated to a
//! riptide profile, ASTF ones (`riptide tcp PROFILE.py`) to TRex's profile JSON, by
//! riptide's Python package (`python -m riptide.trex`, which answers TRex's module names
//! for the load); then run like any other profile.
//!
//! The interpreter is `$RIPTIDE_PYTHON` (default `python3`); it needs scapy. riptide's
//! Python package comes from `$RIPTIDE_PYTHONPATH`, else from beside the running binary
//! (`python/` of the build tree a `target/<profile>/riptide` sits in, or
//! `../share/riptide/python` of an installed one), else from the interpreter's own
//! installation. Never from a path compiled in (issue 32: an installed binary run as root
//! imported code from wherever its build tree had been), and never from the working
//! directory (`PYTHONSAFEPATH`).

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
    translate(path, &["--ports", &ports.to_string()], tunables)
}

/// The JSON of TRex ASTF profile `path` (what TRex's `ASTFProfile.to_json()` gives, by
/// riptide's own translation) with `tunables` (TRex's `-t`: `key=val,...` or the
/// profile's own argparse options).
pub(crate) fn astf(path: &Path, tunables: Option<&str>) -> Result<String, Failure> {
    translate(path, &["--astf"], tunables)
}

/// A TRex ASTF profile's JSON with its IP generator's client ranges (`dir: c`) and server
/// ranges (`dir: s`) replaced: `FIRST` or `FIRST/COUNT` (riptide's range syntax), so a
/// profile written for TRex's 16.0.0.0/48.0.0.0 can meet a real server.
pub(crate) fn astf_addresses(text: &str, clients: Option<&str>, servers: Option<&str>) -> Result<String, Failure> {
    let range = |flag: &str, s: &str| -> Result<(String, String), Failure> {
        let bad = || Failure::input(format!("--{flag} {s}: expected FIRST or FIRST/COUNT (198.18.1.100/16)"));
        let (first, count) = match s.split_once('/') {
            Some((f, n)) => (f, n.trim().parse::<u32>().map_err(|_| bad())?),
            None => (s, 1),
        };
        let first: std::net::Ipv4Addr = first.trim().parse().map_err(|_| bad())?;
        let last = u32::from(first).checked_add(count.checked_sub(1).ok_or_else(bad)?).ok_or_else(bad)?;
        Ok((first.to_string(), std::net::Ipv4Addr::from(last).to_string()))
    };
    let clients = clients.map(|c| range("clients", c)).transpose()?;
    let servers = servers.map(|s| range("servers", s)).transpose()?;
    let not_astf = || Failure::input("--clients/--servers are for TRex ASTF profiles (.py or their JSON)");
    let mut v: serde_json::Value = serde_json::from_str(text).map_err(|_| not_astf())?;
    let gens = v.get_mut("ip_gen_dist_list").and_then(serde_json::Value::as_array_mut).ok_or_else(not_astf)?;
    for g in gens {
        let set = match g.get("dir").and_then(serde_json::Value::as_str) {
            Some("c") => &clients,
            Some("s") => &servers,
            _ => &None,
        };
        if let (Some((first, last)), Some(m)) = (set, g.as_object_mut()) {
            m.insert("ip_start".into(), first.clone().into());
            m.insert("ip_end".into(), last.clone().into());
        }
    }
    Ok(v.to_string())
}

fn translate(path: &Path, args: &[&str], tunables: Option<&str>) -> Result<String, Failure> {
    let exe = std::env::current_exe().ok();
    let (python, whence) = match std::env::var_os("RIPTIDE_PYTHON") {
        Some(p) => (p, "RIPTIDE_PYTHON"),
        None => match venv_python(exe.as_deref()) {
            Some(p) => (p.into_os_string(), "the python3 of riptide's virtual environment"),
            None => ("python3".into(), "the default; set RIPTIDE_PYTHON for another"),
        },
    };
    let mut cmd = Command::new(&python);
    cmd.args(["-m", "riptide.trex"]).arg(path).args(args);
    // `-m` would put the working directory first on sys.path: a `riptide/` there would run.
    cmd.env("PYTHONSAFEPATH", "1");
    if let Some(t) = tunables {
        cmd.args(["-t", t]);
    }
    if let Some(dir) = package_dir(std::env::var_os("RIPTIDE_PYTHONPATH"), exe.as_deref()) {
        let mut paths = vec![dir];
        if let Some(old) = std::env::var_os("PYTHONPATH") {
            paths.extend(std::env::split_paths(&old));
        }
        if let Ok(joined) = std::env::join_paths(paths) {
            cmd.env("PYTHONPATH", joined);
        }
    }
    let shown = format!("the interpreter {} ({whence})", Path::new(&python).display());
    let out = cmd.output().map_err(|e| {
        Failure::input(format!(
            "{}: a TRex profile is read by Python (with scapy), and {shown} {}",
            path.display(),
            not_run(Path::new(&python), &e)
        ))
    })?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let last = stderr.lines().rev().map(str::trim).find(|l| !l.is_empty());
        if let Some(last) = last {
            let msg = last.strip_prefix("error: ").unwrap_or(last);
            if msg.contains("No module named 'scapy'") || msg.contains("No module named 'riptide'") {
                return Err(Failure::input(format!(
                    "{}: {msg}: {shown} needs scapy and riptide's Python package: pip install 'riptide[trex]' \
                     into its environment gives both (beside a checkout's python/ or the .deb's, pip install \
                     scapy is enough); RIPTIDE_PYTHON names another interpreter, RIPTIDE_PYTHONPATH another package",
                    path.display()
                )));
            }
            // riptide.trex's own refusal: one line, `error: FILE:LINE: ...`.
            if last.starts_with("error: ") {
                return Err(Failure::input(msg.to_string()));
            }
        }
        return Err(Failure::input(format!(
            "{}: {shown} failed to translate it: {}{}",
            path.display(),
            how_it_ended(out.status),
            last.map_or_else(|| ", printing nothing on stderr".to_string(), |l| format!(": {l}"))
        )));
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

/// Why `python` could not be started (`e`, from spawning it), in words.
fn not_run(python: &Path, e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        // execve says ENOENT too when the file is there but its #! interpreter is not.
        ErrorKind::NotFound if python.is_file() => {
            format!("cannot be run: the interpreter its #! line names is not there ({e})")
        }
        ErrorKind::NotFound => "was not found".to_string(),
        ErrorKind::PermissionDenied => format!("is not executable ({e})"),
        _ => format!("cannot be run: {e}"),
    }
}

/// How a process that failed ended: its exit status, or the signal that killed it.
fn how_it_ended(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("it exited with status {code}"),
        (None, Some(sig)) => {
            let name = match sig {
                libc::SIGHUP => " (SIGHUP)",
                libc::SIGINT => " (SIGINT)",
                libc::SIGABRT => " (SIGABRT)",
                libc::SIGKILL => " (SIGKILL: out of memory, or killed)",
                libc::SIGSEGV => " (SIGSEGV)",
                libc::SIGTERM => " (SIGTERM)",
                _ => "",
            };
            format!("it was killed by signal {sig}{name}")
        }
        _ => format!("it ended with {status}"),
    }
}

/// The interpreter of the virtual environment the binary `exe` was installed into (the
/// riptide wheel: `VENV/bin/riptide` beside `VENV/bin/python3`, `VENV/pyvenv.cfg`): the
/// one whose site-packages hold the riptide package installed with it, whichever
/// `python3` is first on PATH.
fn venv_python(exe: Option<&Path>) -> Option<PathBuf> {
    let bin = std::fs::canonicalize(exe?).ok()?.parent()?.to_path_buf();
    if !bin.parent()?.join("pyvenv.cfg").is_file() {
        return None;
    }
    ["python3", "python"].into_iter().map(|n| bin.join(n)).find(|p| p.is_file())
}

/// Where riptide's Python package is: `env` (`$RIPTIDE_PYTHONPATH`), else beside the
/// binary `exe`: the `python/` of the build tree it was built in
/// (`ROOT/target/PROFILE/riptide`), or `PREFIX/share/riptide/python` for
/// `PREFIX/bin/riptide`. Code as trusted as the binary itself, found from where the binary
/// is now, not from where it was built.
fn package_dir(env: Option<std::ffi::OsString>, exe: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = env {
        return Some(PathBuf::from(p));
    }
    let exe = std::fs::canonicalize(exe?).ok()?;
    let bin = exe.parent()?;
    let build_tree = (bin.parent()?.file_name()? == "target").then(|| bin.parent()?.parent().map(|r| r.join("python")));
    let installed = bin.parent().map(|p| p.join("share/riptide/python"));
    [build_tree.flatten(), installed].into_iter().flatten().find(|d| d.join("riptide/trex/convert.py").is_file())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn touch(p: &Path) {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, "").unwrap();
    }

    #[test]
    fn a_wheel_installed_binary_runs_its_own_environments_python() {
        let d = tempfile::tempdir().unwrap();
        let venv = d.path().join("venv");
        touch(&venv.join("bin/riptide"));
        touch(&venv.join("bin/python3"));
        // Not a virtual environment (no pyvenv.cfg): PATH's python3.
        assert_eq!(venv_python(Some(&venv.join("bin/riptide"))), None);
        touch(&venv.join("pyvenv.cfg"));
        let got = venv_python(Some(&venv.join("bin/riptide"))).unwrap();
        assert_eq!(got, std::fs::canonicalize(&venv).unwrap().join("bin/python3"));
        // Its package is that interpreter's: nothing put on PYTHONPATH.
        assert_eq!(package_dir(None, Some(&venv.join("bin/riptide"))), None);
    }

    #[test]
    fn the_package_is_found_beside_the_binary_never_where_it_was_built() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path();
        // A build tree: ROOT/target/release/riptide and ROOT/python.
        touch(&root.join("tree/target/release/riptide"));
        touch(&root.join("tree/python/riptide/trex/convert.py"));
        let got = package_dir(None, Some(&root.join("tree/target/release/riptide"))).unwrap();
        assert_eq!(got, std::fs::canonicalize(root.join("tree")).unwrap().join("python"));
        // An installed binary: PREFIX/bin/riptide and PREFIX/share/riptide/python.
        touch(&root.join("usr/bin/riptide"));
        assert_eq!(package_dir(None, Some(&root.join("usr/bin/riptide"))), None);
        touch(&root.join("usr/share/riptide/python/riptide/trex/convert.py"));
        let got = package_dir(None, Some(&root.join("usr/bin/riptide"))).unwrap();
        assert!(got.ends_with("usr/share/riptide/python"), "{got:?}");
        // A copy elsewhere finds nothing (and so uses the interpreter's own installation).
        touch(&root.join("elsewhere/riptide"));
        assert_eq!(package_dir(None, Some(&root.join("elsewhere/riptide"))), None);
        // The variable wins.
        assert_eq!(package_dir(Some("/x".into()), None), Some(PathBuf::from("/x")));
    }
}
