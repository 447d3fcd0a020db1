//! One riptide per interface: an advisory lock held while a port is open.
//!
//! Two generators on one interface would each count the other's frames and each
//! believe its own rates. Opening an interface port takes an exclusive `flock(2)` on
//! `/run/riptide/<netns>-<ifname>.lock` (the namespace named by the inode of the calling
//! thread's network namespace, so `rt0` in two namespaces are two interfaces). The
//! kernel drops the lock when the holder exits, also by a crash, so a stale file never
//! blocks anyone; the file holds the owner's pid for the error message. The holder
//! removes the file when it lets go (still holding the lock, so nobody else can hold a
//! lock on it then); a taker that locked a file which meanwhile left the directory
//! tries again with a fresh one.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::PathBuf;

/// Why an interface could not be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another riptide process holds it.
    #[error("'{ifname}' is in use by another riptide{}", pid.as_ref().map(|p| format!(" (pid {p})")).unwrap_or_default())]
    InUse {
        /// The interface.
        ifname: String,
        /// The holder's pid, as its lock file says.
        pid: Option<String>,
    },
    /// The lock file could not be opened or locked (`EACCES` there: not root).
    #[error("lock file {}: {source}", path.display())]
    File {
        /// The lock file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The lock file was replaced under us again and again.
    #[error("lock file {}: keeps being replaced", path.display())]
    Replaced {
        /// The lock file.
        path: PathBuf,
    },
}

/// A held interface lock; dropping it releases the interface.
#[derive(Debug)]
pub struct InterfaceLock {
    /// The locked file and its path; `None` when this process held it already.
    held: Option<(File, PathBuf)>,
}

impl Drop for InterfaceLock {
    fn drop(&mut self) {
        if let Some((_, path)) = &self.held {
            // While the lock is still held (the file closes after this).
            let _ = std::fs::remove_file(path);
        }
    }
}

fn lock_dir() -> PathBuf {
    let run = PathBuf::from("/run/riptide");
    if std::fs::create_dir_all(&run).is_ok() {
        return run;
    }
    let tmp = std::env::temp_dir().join("riptide-locks");
    let _ = std::fs::create_dir_all(&tmp);
    tmp
}

/// Takes the lock of `ifname` in the calling thread's network namespace. `Err` names the
/// process holding it, or why the lock file could not be used.
pub fn lock_interface(ifname: &str) -> Result<InterfaceLock, LockError> {
    let ns = std::fs::metadata("/proc/thread-self/ns/net").map(|m| m.ino()).unwrap_or(0);
    let path = lock_dir().join(format!("{ns}-{ifname}.lock"));
    let mut tries = 0;
    loop {
        // Never through a link: where the directory is not root's (the fallback under the
        // temporary directory), someone may have planted one at this name to a file of ours,
        // which the pid written below would overwrite.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&path)
            .map_err(|source| LockError::File { path: path.clone(), source })?;
        // SAFETY: flock on a descriptor we own; no memory is passed.
        let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if rc != 0 {
            let e = io::Error::last_os_error();
            if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
                let mut owner = String::new();
                let _ = file.read_to_string(&mut owner);
                let owner = owner.trim();
                // Several ports of one run on one interface (pktgen's `IF@0`, `IF@1`) share it.
                if owner == std::process::id().to_string() {
                    return Ok(InterfaceLock { held: None });
                }
                let pid = (!owner.is_empty()).then(|| owner.to_string());
                return Err(LockError::InUse { ifname: ifname.into(), pid });
            }
            return Err(LockError::File { path, source: e });
        }
        // The previous holder may have removed the file between our open and our lock:
        // then this lock guards nothing, and the file at the path (if any) is the one.
        let same = |m: &std::fs::Metadata, f: &std::fs::Metadata| m.ino() == f.ino() && m.dev() == f.dev();
        let current = std::fs::metadata(&path).ok().zip(file.metadata().ok()).is_some_and(|(m, f)| same(&m, &f));
        if !current {
            tries += 1;
            if tries < 8 {
                continue;
            }
            return Err(LockError::Replaced { path });
        }
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = write!(file, "{}", std::process::id());
        return Ok(InterfaceLock { held: Some((file, path)) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::Duration;

    /// Whether the lock folder takes a file here (root's /run/riptide, or the temporary
    /// folder where /run is not writable); required by the tests that lock.
    #[track_caller]
    fn lock_dir_writable() -> bool {
        let probe = lock_dir().join(format!("probe-{}", std::process::id()));
        let made = std::fs::write(&probe, "").map_err(|e| format!("needs to write {}: {e}", probe.display()));
        let _ = std::fs::remove_file(&probe);
        riptide_testkit::require(made)
    }

    #[test]
    fn another_process_holding_the_lock_is_named_and_one_run_may_share() {
        if !lock_dir_writable() {
            return;
        }
        let name = format!("rtlock{}", std::process::id() % 100_000);
        let ns = std::fs::metadata("/proc/thread-self/ns/net").map(|m| m.ino()).unwrap_or(0);
        let path = lock_dir().join(format!("{ns}-{name}.lock"));
        let first = lock_interface(&name).unwrap();
        assert!(path.exists());
        // The same process again (two queues or devices of one run): shared.
        let again = lock_interface(&name).unwrap();
        drop(again);
        assert!(path.exists(), "a shared hold does not remove the file");
        drop(first);
        assert!(!path.exists(), "the holder removes its lock file");
        // Another process holds it (util-linux flock(1) takes the same flock(2)).
        std::fs::write(&path, "").unwrap();
        if !riptide_testkit::require_tool("flock") {
            return;
        }
        // It holds the lock until its input ends (`cat`), not for a guessed time.
        let mut holder = Command::new("flock")
            .arg(&path)
            .arg("cat")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let e = riptide_testkit::wait_for_ok(Duration::from_secs(10), "flock(1) to take the lock", || {
            lock_interface(&name).map(drop).map_or_else(|e| Ok(e.to_string()), |()| Err("free"))
        });
        assert!(e.contains(&format!("'{name}' is in use by another riptide")), "{e}");
        drop(holder.stdin.take());
        holder.wait().unwrap();
        assert!(lock_interface(&name).is_ok(), "released when the holder exits");
        assert!(!path.exists());
    }

    #[test]
    fn a_link_planted_at_the_lock_file_is_not_followed() {
        if !lock_dir_writable() {
            return;
        }
        let name = format!("rtlink{}", std::process::id() % 100_000);
        let ns = std::fs::metadata("/proc/thread-self/ns/net").map(|m| m.ino()).unwrap_or(0);
        let path = lock_dir().join(format!("{ns}-{name}.lock"));
        let victim = std::env::temp_dir().join(format!("riptide-lock-victim-{}", std::process::id()));
        std::fs::write(&victim, "secret").unwrap();
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(&victim, &path).unwrap();
        let e = lock_interface(&name).map(|_| ()).unwrap_err();
        let _ = std::fs::remove_file(&path);
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "secret", "the pid went through the link");
        std::fs::remove_file(&victim).unwrap();
        assert!(matches!(&e, LockError::File { source, .. } if source.raw_os_error() == Some(libc::ELOOP)), "{e}");
    }
}
