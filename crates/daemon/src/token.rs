//! The daemon's token: made at start, kept in a file only its owner can read.
//!
//! A local client finds the file by the daemon's TCP port (the same rule on both sides,
//! `riptide.client` in Python): root's daemons keep it in `/run/riptide`, other users'
//! in `$XDG_RUNTIME_DIR/riptide` or `/tmp/riptide-<uid>` (a directory of mode 0700). As
//! with Jupyter's or Docker's, whoever can read the file controls the daemon; nobody else.

use std::fs::OpenOptions;
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Where the token of a daemon listening on TCP port `port` lives.
pub fn default_path(port: u16) -> PathBuf {
    dir().join(format!("serve-{port}.token"))
}

fn dir() -> PathBuf {
    // SAFETY: geteuid and getuid have no preconditions and cannot fail.
    let (euid, uid) = unsafe { (libc::geteuid(), libc::getuid()) };
    if euid == 0 {
        return PathBuf::from("/run/riptide");
    }
    match std::env::var_os("XDG_RUNTIME_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d).join("riptide"),
        _ => std::env::temp_dir().join(format!("riptide-{uid}")),
    }
}

/// A new token: 32 random bytes from the kernel, in hex.
pub fn generate() -> io::Result<String> {
    let mut b = [0u8; 32];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut b)?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Writes `token` to `path`, readable and writable by this user only (mode 0600, in a
/// directory made 0700 when it has to be made). A file already there is replaced.
pub fn write(path: &Path, token: &str) -> io::Result<()> {
    if let Some(d) = path.parent() {
        if !d.exists() {
            std::fs::DirBuilder::new().recursive(true).mode(0o700).create(d)?;
        }
    }
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    // create_new: never through a link someone left in the way.
    let mut f = OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(token.as_bytes())?;
    f.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn tokens_are_random_and_their_files_private() {
        let (a, b) = (generate().unwrap(), generate().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        let dir = std::env::temp_dir().join(format!("riptide-token-test-{}", std::process::id()));
        let path = dir.join("sub").join("serve-1.token");
        write(&path, &a).unwrap();
        write(&path, &b).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{b}\n"));
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::metadata(path.parent().unwrap()).unwrap().permissions().mode() & 0o777, 0o700);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(default_path(4501).ends_with("serve-4501.token"));
    }
}
