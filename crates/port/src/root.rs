//! What needs root, said the same way everywhere: what needs it, the capabilities, and
//! what to do (`... needs root (CAP_NET_RAW): run riptide with sudo`), so a refusal by
//! the kernel (`EPERM`, `EACCES`) never reaches the user as a bare "Operation not
//! permitted" or as a lock file's "Permission denied".

use std::io;

/// Something that needs root, and the capabilities that make the difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rights {
    /// What needs them, as the subject of a sentence: "an AF_PACKET port".
    pub what: &'static str,
    /// The capabilities, comma-separated: "CAP_NET_RAW".
    pub caps: &'static str,
}

impl Rights {
    /// `WHAT needs root (CAPS): run riptide with sudo`.
    pub fn message(&self) -> String {
        needs_root(self.what, self.caps)
    }
}

/// An AF_PACKET port (`afpacket:IF`).
pub const AF_PACKET: Rights = Rights { what: "an AF_PACKET port", caps: "CAP_NET_RAW" };
/// An AF_XDP port (`afxdp:IF`): the socket and the XDP program.
pub const AF_XDP: Rights = Rights { what: "an AF_XDP port", caps: "CAP_NET_RAW, CAP_NET_ADMIN, CAP_BPF" };
/// An XDP live-frames port (`xdplive:IF`).
pub const XDP_LIVE: Rights = Rights { what: "an xdplive port", caps: "CAP_BPF, CAP_NET_ADMIN" };

/// `WHAT needs root (CAPS): run riptide with sudo`.
pub fn needs_root(what: &str, caps: &str) -> String {
    format!("{what} needs root ({caps}): run riptide with sudo")
}

/// Whether this process runs as root (effective uid 0).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no arguments and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Whether the kernel refused `e` for want of rights (`EPERM`, `EACCES`).
pub fn is_denied(e: &io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::EPERM | libc::EACCES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_root_once_with_the_capabilities_and_sudo() {
        let m = AF_PACKET.message();
        assert_eq!(m, "an AF_PACKET port needs root (CAP_NET_RAW): run riptide with sudo");
        for r in [AF_PACKET, AF_XDP, XDP_LIVE] {
            assert_eq!(r.message().matches("root").count(), 1, "{}", r.message());
        }
        assert!(is_denied(&io::Error::from_raw_os_error(libc::EPERM)));
        assert!(is_denied(&io::Error::from_raw_os_error(libc::EACCES)));
        assert!(!is_denied(&io::Error::from_raw_os_error(libc::ENOENT)));
    }
}
