//! Output files, written whole or not at all: shared by every subcommand that writes.

use crate::Failure;
use std::path::PathBuf;

/// Writes `text` to `path` through a temporary file renamed into place: a failure
/// never leaves a partial file.
pub(crate) fn write_atomic(flag: &str, path: &std::path::Path, text: impl AsRef<[u8]>) -> Result<(), Failure> {
    let tmp = tmp_beside(path);
    let res = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = res {
        let _ = std::fs::remove_file(&tmp);
        return Err(Failure::runtime(format!("{flag} {}: {e}", path.display())));
    }
    Ok(())
}

fn tmp_beside(path: &std::path::Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".riptide-{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// `--out DIR`: made (with its parents) and checked writable before anything is sent.
pub(crate) fn prepare_out(dir: Option<&std::path::Path>) -> Result<(), Failure> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|e| Failure::input(format!("--out {}: {e}", dir.display())))?;
        check_writable("--out", &dir.join("results.json"))?;
    }
    Ok(())
}

/// Writes a method's files into `--out DIR`, each whole or not at all.
pub(crate) fn write_out(dir: Option<&std::path::Path>, files: Vec<(String, Vec<u8>)>) -> Result<(), Failure> {
    if let Some(dir) = dir {
        for (name, bytes) in files {
            write_atomic("--out", &dir.join(name), &bytes)?;
        }
    }
    Ok(())
}

/// Refuses an unwritable output file before anything is sent.
pub(crate) fn check_writable(flag: &str, path: &std::path::Path) -> Result<(), Failure> {
    let probe = tmp_beside(path);
    std::fs::write(&probe, b"").map_err(|e| Failure::input(format!("{flag} {}: {e}", path.display())))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Reads a profile file (size-limited) for `LoadProfile`.
pub(crate) fn read_profile(path: &std::path::Path) -> Result<String, Failure> {
    let file = path.display();
    let meta = std::fs::metadata(path).map_err(|e| Failure::input(format!("{file}: cannot read profile: {e}")))?;
    if meta.len() as usize > riptide_stl::profile::MAX_PROFILE_BYTES {
        return Err(Failure::input(format!(
            "{file}: profile is larger than {} bytes",
            riptide_stl::profile::MAX_PROFILE_BYTES
        )));
    }
    std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{file}: cannot read profile: {e}")))
}
