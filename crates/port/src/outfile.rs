//! Files riptide writes where a user said: made beside their target, exclusively.
//!
//! The directory a user names may be writable by others, and they may have put
//! anything at a name riptide would use: a link to a file only the user running riptide
//! (root, say) may write. So a file riptide writes there is first created under a name
//! nobody can guess (`TARGET.riptide-PID-TAG-RANDOM.tmp`), exclusively (`O_CREAT |
//! O_EXCL | O_NOFOLLOW`: an entry already at that name, a link included, is never
//! opened; another name is tried), written through that descriptor only, and then
//! renamed over the target: rename(2) replaces a link or another file at the target, it
//! never writes through it. A failure leaves the target as it was.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// Names tried before giving up (each taken name is a coincidence of 64 random bits, or
/// someone filling the directory with every name: either way, say so).
const TRIES: usize = 16;

/// Creates a new empty file beside `target` (in its directory) under a random name
/// carrying `tag` (which part it is: `q0`, `merge`; may be empty), exclusively: its
/// descriptor and its path. Never opens anything that was there before.
pub fn create_beside(target: &Path, tag: &str) -> io::Result<(File, PathBuf)> {
    for _ in 0..TRIES {
        let path = temp_name(target, tag, random_u64());
        match create_new(&path) {
            Ok(f) => return Ok((f, path)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{TRIES} random temporary names beside it were all taken: is someone filling the directory?"),
    ))
}

/// Creates `path`, which must not exist (not even as a dangling link).
pub fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).mode(0o666).custom_flags(libc::O_NOFOLLOW).open(path)
}

/// `TARGET.riptide-PID[-TAG]-RANDOM.tmp` in the target's directory (the PID first, so
/// [`crate::spec::remove_stale_parts`] knows a dead run's parts).
fn temp_name(target: &Path, tag: &str, random: u64) -> PathBuf {
    let mut name = target.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    let tag = if tag.is_empty() { String::new() } else { format!("-{tag}") };
    name.push(format!(".riptide-{}{tag}-{random:016x}.tmp", std::process::id()));
    target.with_file_name(name)
}

/// 64 bits from the kernel's random source (getrandom(2)), or, where that fails, from
/// std's hasher keys (which std seeds from the same source).
pub fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    // SAFETY: getrandom writes at most `b.len()` bytes into the buffer we own and pass.
    let n = unsafe { libc::getrandom(b.as_mut_ptr().cast(), b.len(), 0) };
    if n == b.len() as isize {
        return u64::from_ne_bytes(b);
    }
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one((std::process::id(), std::time::SystemTime::now()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_taken_name_is_never_opened_and_another_is_tried() {
        let d = std::env::temp_dir().join(format!("riptide-outfile-test-{}", random_u64()));
        std::fs::create_dir(&d).unwrap();
        let victim = d.join("victim");
        std::fs::write(&victim, "secret").unwrap();
        let target = d.join("out.pcap");
        // A link at the exact name the next try would use: refused, never followed.
        let path = temp_name(&target, "q0", 7);
        std::os::unix::fs::symlink(&victim, &path).unwrap();
        assert_eq!(create_new(&path).unwrap_err().kind(), io::ErrorKind::AlreadyExists);
        let (_, made) = create_beside(&target, "q0").unwrap();
        assert_ne!(made, path);
        assert!(made.file_name().unwrap().to_string_lossy().starts_with("out.pcap.riptide-"), "{made:?}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "secret");
        // Two names are never the same.
        assert_ne!(random_u64(), random_u64());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
