//! Output files, written whole or not at all, where the user said and nowhere else.
//!
//! Each file is first written to a temporary file made exclusively beside it
//! (`riptide_port::outfile`: a random name, `O_EXCL | O_NOFOLLOW`, so nothing another
//! user planted in the directory is ever opened or written through), then renamed into
//! place (a link at the target is replaced, never followed). A method's set of files is
//! written whole before any of them is renamed: a full disk leaves none of them.

use crate::Failure;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `text` to `path` through a temporary file renamed into place: a failure
/// never leaves a partial file, and nothing at `path` (a link, say) is written through.
pub(crate) fn write_atomic(flag: &str, path: &Path, text: impl AsRef<[u8]>) -> Result<(), Failure> {
    Staged::write(path, text.as_ref(), &write_all)
        .and_then(Staged::commit)
        .map_err(|e| Failure::runtime(format!("{flag} {}: {e}", path.display())))
}

/// A file written under a temporary name beside its target, removed when dropped unless
/// renamed into place.
struct Staged {
    tmp: PathBuf,
    target: PathBuf,
    placed: bool,
}

impl Staged {
    /// Writes `bytes` (with `write`) to a new temporary file beside `target`.
    fn write(
        target: &Path,
        bytes: &[u8],
        write: &dyn Fn(&mut File, &[u8]) -> std::io::Result<()>,
    ) -> std::io::Result<Staged> {
        let (mut file, tmp) = riptide_port::outfile::create_beside(target, "")?;
        let staged = Staged { tmp, target: target.to_path_buf(), placed: false };
        write(&mut file, bytes)?;
        Ok(staged)
    }

    /// Renames it over the target.
    fn commit(mut self) -> std::io::Result<()> {
        std::fs::rename(&self.tmp, &self.target)?;
        self.placed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.placed {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Writes and syncs: an error the file system holds back until then (a full disk
/// behind a cache, a quota on NFS) is seen before the file is renamed into place.
fn write_all(file: &mut File, bytes: &[u8]) -> std::io::Result<()> {
    file.write_all(bytes)?;
    file.sync_data()
}

/// `--out DIR`: made (with its parents) and checked writable before anything is sent.
pub(crate) fn prepare_out(dir: Option<&Path>) -> Result<(), Failure> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|e| Failure::input(format!("--out {}: {e}", dir.display())))?;
        check_writable("--out", &dir.join("results.json"))?;
    }
    Ok(())
}

/// Writes a method's files into `--out DIR`, all of them or none.
pub(crate) fn write_out(dir: Option<&Path>, files: Vec<(String, Vec<u8>)>) -> Result<(), Failure> {
    match dir {
        Some(dir) => write_set("--out", dir, files).map(drop),
        None => Ok(()),
    }
}

/// Writes `files` (name, bytes) into `dir`: every one to a temporary file first, then
/// all renamed into place, so a failure while writing (a full disk) leaves none of them.
/// A rename that fails after that (rare: the directory changed) says which files were
/// written and which not. The paths written, in order.
pub(crate) fn write_set(flag: &str, dir: &Path, files: Vec<(String, Vec<u8>)>) -> Result<Vec<PathBuf>, Failure> {
    write_set_with(flag, dir, files, &write_all)
}

fn write_set_with(
    flag: &str,
    dir: &Path,
    files: Vec<(String, Vec<u8>)>,
    write: &dyn Fn(&mut File, &[u8]) -> std::io::Result<()>,
) -> Result<Vec<PathBuf>, Failure> {
    let names = |files: &[(String, Vec<u8>)]| files.iter().map(|f| f.0.as_str()).collect::<Vec<_>>().join(", ");
    let mut staged = Vec::with_capacity(files.len());
    for (name, bytes) in &files {
        match Staged::write(&dir.join(name), bytes, write) {
            Ok(s) => staged.push(s),
            // Dropping `staged` removes the temporary files written so far.
            Err(e) => {
                return Err(Failure::runtime(format!(
                    "{flag} {}: cannot write {name}: {e}; none of the files was written ({})",
                    dir.display(),
                    names(&files)
                )))
            }
        }
    }
    let mut written = Vec::with_capacity(staged.len());
    for (i, s) in staged.into_iter().enumerate() {
        let target = s.target.clone();
        if let Err(e) = s.commit() {
            let done = names(&files[..i]);
            return Err(Failure::runtime(format!(
                "{flag} {}: cannot rename {} into place: {e}; written: {}; not written: {}",
                dir.display(),
                files[i].0,
                if done.is_empty() { "none" } else { &done },
                names(&files[i..])
            )));
        }
        written.push(target);
    }
    Ok(written)
}

/// Refuses an unwritable output file before anything is sent: a temporary file made
/// beside it (exclusively, as the real write will) and removed.
pub(crate) fn check_writable(flag: &str, path: &Path) -> Result<(), Failure> {
    Staged::write(path, b"", &|_, _| Ok(()))
        .map(drop)
        .map_err(|e| Failure::input(format!("{flag} {}: {e}", path.display())))
}

/// Reads a profile file (size-limited) for `LoadProfile`.
pub(crate) fn read_profile(path: &Path) -> Result<String, Failure> {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A directory holding `victim`, a mode-600 file of the user running the test.
    fn dir_with_victim() -> (tempfile::TempDir, PathBuf) {
        let d = tempfile::tempdir().unwrap();
        let victim = d.path().join("victim");
        std::fs::write(&victim, "secret").unwrap();
        std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o600)).unwrap();
        (d, victim)
    }

    fn intact(victim: &Path) {
        assert_eq!(std::fs::read_to_string(victim).unwrap(), "secret");
        assert_eq!(std::fs::metadata(victim).unwrap().permissions().mode() & 0o777, 0o600);
    }

    #[test]
    fn links_planted_at_the_target_and_at_guessable_names_are_never_written_through() {
        let (d, victim) = dir_with_victim();
        let out = d.path().join("report.html");
        let pid = std::process::id();
        // The name riptide used to write through (probe and write alike), and the target.
        let planted = format!("report.html.riptide-{pid}.tmp");
        for name in [planted.as_str(), "report.html"] {
            std::os::unix::fs::symlink(&victim, d.path().join(name)).unwrap();
        }
        check_writable("--out", &out).unwrap();
        intact(&victim);
        write_atomic("--out", &out, "<html>").unwrap();
        intact(&victim);
        // The link at the target was replaced by the file, not followed.
        assert!(std::fs::symlink_metadata(&out).unwrap().is_file());
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "<html>");
        // No temporary file is left behind.
        assert_eq!(entries(d.path()), ["report.html", planted.as_str(), "victim"]);
    }

    fn set() -> Vec<(String, Vec<u8>)> {
        ["results.json", "trials.csv", "report.md", "report.html"]
            .map(|n| (n.to_string(), n.as_bytes().to_vec()))
            .into()
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_write_that_fails_midway_through_a_set_leaves_none_of_it() {
        let d = tempfile::tempdir().unwrap();
        // The disk fills up on the third file.
        let full = |f: &mut File, b: &[u8]| {
            if b == b"report.md" {
                return Err(std::io::Error::from_raw_os_error(libc::ENOSPC));
            }
            write_all(f, b)
        };
        let e = write_set_with("--out", d.path(), set(), &full).unwrap_err();
        assert!(e.message.contains("cannot write report.md: No space left on device"), "{}", e.message);
        assert!(e.message.contains("none of the files was written"), "{}", e.message);
        assert_eq!(entries(d.path()), Vec::<String>::new());
        // Without the fault, all of them.
        let written = write_set("--out", d.path(), set()).unwrap();
        assert_eq!(written.len(), 4);
        assert_eq!(entries(d.path()), ["report.html", "report.md", "results.json", "trials.csv"]);
    }

    #[test]
    fn a_rename_that_fails_says_which_files_were_written_and_which_not() {
        let d = tempfile::tempdir().unwrap();
        // A directory where report.md goes: rename(2) cannot put a file there.
        std::fs::create_dir(d.path().join("report.md")).unwrap();
        let e = write_set("--out", d.path(), set()).unwrap_err();
        assert!(e.message.contains("cannot rename report.md into place"), "{}", e.message);
        assert!(
            e.message.contains("written: results.json, trials.csv; not written: report.md, report.html"),
            "{}",
            e.message
        );
        assert_eq!(entries(d.path()), ["report.md", "results.json", "trials.csv"]);
    }
}
