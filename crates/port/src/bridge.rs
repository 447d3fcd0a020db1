//! A Linux bridge's learning limit over rtnetlink: `IFLA_BR_FDB_MAX_LEARNED` (the most
//! entries the bridge learns; 0: no limit) and `IFLA_BR_FDB_N_LEARNED` (how many it has),
//! kernel 6.8 and later. Debian 12's iproute2 (6.1) cannot set them, so the lab's bridge
//! DUT sets its table size for RFC 2889's address caching test with one RTM_NEWLINK of
//! its own. Acts in the calling thread's network namespace
//! ([`crate::netns::run_in`] for another).

use std::io;

/// `IFLA_BR_FDB_N_LEARNED` (include/uapi/linux/if_link.h, after `IFLA_BR_MCAST_QUERIER_STATE`).
pub const IFLA_BR_FDB_N_LEARNED: u16 = 48;
/// `IFLA_BR_FDB_MAX_LEARNED`.
pub const IFLA_BR_FDB_MAX_LEARNED: u16 = 49;

const NLMSG_ERROR: u16 = 2;
const RTM_NEWLINK: u16 = 16;
const RTM_GETLINK: u16 = 18;
const NLM_F_REQUEST: u16 = 1;
const NLM_F_ACK: u16 = 4;
const IFLA_LINKINFO: u16 = 18;
const IFLA_INFO_KIND: u16 = 1;
const IFLA_INFO_DATA: u16 = 2;
/// Attribute type bits that are flags (nested, network byte order), not the type.
const NLA_TYPE_MASK: u16 = 0x3fff;

/// What the bridge's table holds and may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learning {
    /// Entries learned now.
    pub learned: u32,
    /// The most it learns (0: no limit).
    pub max_learned: u32,
}

fn attr(buf: &mut Vec<u8>, kind: u16, payload: &[u8]) {
    let len = 4 + payload.len();
    buf.extend_from_slice(&(len as u16).to_ne_bytes());
    buf.extend_from_slice(&kind.to_ne_bytes());
    buf.extend_from_slice(payload);
    buf.resize(buf.len().next_multiple_of(4), 0);
}

/// A request: header, `ifinfomsg` for `index`, then `attrs`.
fn request(kind: u16, flags: u16, index: i32, attrs: &[u8]) -> Vec<u8> {
    let mut m = vec![0u8; 16];
    m[4..6].copy_from_slice(&kind.to_ne_bytes());
    m[6..8].copy_from_slice(&flags.to_ne_bytes());
    m[8..12].copy_from_slice(&1u32.to_ne_bytes());
    // ifinfomsg: family, pad, type, index, flags, change.
    let mut info = [0u8; 16];
    info[4..8].copy_from_slice(&index.to_ne_bytes());
    m.extend_from_slice(&info);
    m.extend_from_slice(attrs);
    let len = m.len() as u32;
    m[0..4].copy_from_slice(&len.to_ne_bytes());
    m
}

fn index(ifname: &str) -> io::Result<i32> {
    let name = std::ffi::CString::new(ifname).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    // SAFETY: a NUL-terminated name; the call reads it only.
    let i = unsafe { libc::if_nametoindex(name.as_ptr()) };
    if i == 0 {
        return Err(io::Error::other(format!("{ifname}: {}", io::Error::last_os_error())));
    }
    Ok(i as i32)
}

/// Sends `msg` on a fresh rtnetlink socket and returns the answers' bytes.
fn exchange(msg: &[u8]) -> io::Result<Vec<u8>> {
    // SAFETY: plain socket calls; the fd is closed by OwnedFd.
    let fd = unsafe { libc::socket(libc::AF_NETLINK, libc::SOCK_RAW | libc::SOCK_CLOEXEC, libc::NETLINK_ROUTE) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd is a new socket we own.
    let fd = unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    let raw = std::os::fd::AsRawFd::as_raw_fd(&fd);
    let tv = libc::timeval { tv_sec: 2, tv_usec: 0 };
    // SAFETY: a valid timeval of the size given.
    unsafe {
        libc::setsockopt(
            raw,
            libc::SOL_SOCKET,
            libc::SO_RCVTIMEO,
            (&tv as *const libc::timeval).cast(),
            std::mem::size_of::<libc::timeval>() as libc::socklen_t,
        )
    };
    // SAFETY: msg is a valid buffer of its length; the kernel is the peer (no address).
    if unsafe { libc::send(raw, msg.as_ptr().cast(), msg.len(), 0) } < 0 {
        return Err(io::Error::last_os_error());
    }
    let mut buf = vec![0u8; 65536];
    // SAFETY: buf is writable for its length.
    let n = unsafe { libc::recv(raw, buf.as_mut_ptr().cast(), buf.len(), 0) };
    if n < 0 {
        return Err(io::Error::last_os_error());
    }
    buf.truncate(n as usize);
    Ok(buf)
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_ne_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_ne_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The attributes in `b`, as (type, payload).
fn attrs(b: &[u8]) -> Vec<(u16, &[u8])> {
    let mut out = vec![];
    let mut at = 0;
    while let (Some(len), Some(kind)) = (u16_at(b, at), u16_at(b, at + 2)) {
        let len = len as usize;
        if len < 4 || at + len > b.len() {
            break;
        }
        out.push((kind & NLA_TYPE_MASK, &b[at + 4..at + len]));
        at += len.next_multiple_of(4);
    }
    out
}

/// The first message's errno, if it is an error message (0: an ack).
fn error_of(answer: &[u8]) -> Option<i32> {
    (u16_at(answer, 4)? == NLMSG_ERROR).then(|| u32_at(answer, 16).map(|e| e as i32)).flatten()
}

/// Sets bridge `ifname`'s learning limit (0: none).
pub fn set_max_learned(ifname: &str, max: u32) -> io::Result<()> {
    let mut data = vec![];
    attr(&mut data, IFLA_BR_FDB_MAX_LEARNED, &max.to_ne_bytes());
    let mut info = vec![];
    attr(&mut info, IFLA_INFO_KIND, b"bridge\0");
    attr(&mut info, IFLA_INFO_DATA, &data);
    let mut top = vec![];
    attr(&mut top, IFLA_LINKINFO, &info);
    let answer = exchange(&request(RTM_NEWLINK, NLM_F_REQUEST | NLM_F_ACK, index(ifname)?, &top))?;
    match error_of(&answer) {
        Some(0) => Ok(()),
        Some(e) => Err(io::Error::other(format!(
            "{ifname}: setting the bridge's fdb_max_learned: {} (it needs Linux 6.8 or later)",
            io::Error::from_raw_os_error(-e)
        ))),
        None => Err(io::Error::other(format!("{ifname}: no answer to setting fdb_max_learned"))),
    }
}

/// Bridge `ifname`'s learned entries and limit.
pub fn learning(ifname: &str) -> io::Result<Learning> {
    let answer = exchange(&request(RTM_GETLINK, NLM_F_REQUEST, index(ifname)?, &[]))?;
    if let Some(e) = error_of(&answer).filter(|&e| e != 0) {
        return Err(io::Error::other(format!("{ifname}: {}", io::Error::from_raw_os_error(-e))));
    }
    let missing = || io::Error::other(format!("{ifname}: the kernel did not say its fdb_max_learned (Linux 6.8+)"));
    let len = u32_at(&answer, 0).ok_or_else(missing)? as usize;
    let body = answer.get(32..len.min(answer.len())).ok_or_else(missing)?;
    let (mut learned, mut max) = (None, None);
    for (kind, info) in attrs(body) {
        if kind != IFLA_LINKINFO {
            continue;
        }
        for (k, data) in attrs(info) {
            if k != IFLA_INFO_DATA {
                continue;
            }
            for (a, v) in attrs(data) {
                match a {
                    IFLA_BR_FDB_N_LEARNED => learned = u32_at(v, 0),
                    IFLA_BR_FDB_MAX_LEARNED => max = u32_at(v, 0),
                    _ => {}
                }
            }
        }
    }
    match (learned, max) {
        (Some(learned), Some(max_learned)) => Ok(Learning { learned, max_learned }),
        _ => Err(missing()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_are_padded_and_read_back() {
        let mut b = vec![];
        attr(&mut b, 1, b"bridge\0");
        attr(&mut b, IFLA_BR_FDB_MAX_LEARNED, &7u32.to_ne_bytes());
        assert_eq!(b.len(), 12 + 8);
        let a = attrs(&b);
        assert_eq!(a, vec![(1, &b"bridge\0"[..]), (IFLA_BR_FDB_MAX_LEARNED, &7u32.to_ne_bytes()[..])]);
        // A truncated or zero-length attribute ends the walk instead of looping.
        assert_eq!(attrs(&b[..14]).len(), 1);
        assert!(attrs(&[0, 0, 1, 0]).is_empty());
    }

    /// Against the kernel: a bridge in a namespace of its own learns at most the limit
    /// set (root and Linux 6.8's fdb_max_learned: required, riptide_testkit).
    #[test]
    fn the_kernel_keeps_the_limit_set() {
        if !riptide_testkit::require_root() {
            return;
        }
        let r = crate::netns::run_isolated(|| -> io::Result<Learning> {
            let ok = std::process::Command::new("ip").args(["link", "add", "brt", "type", "bridge"]).status()?;
            if !ok.success() {
                return Err(io::Error::other("ip link add bridge failed"));
            }
            set_max_learned("brt", 37)?;
            learning("brt")
        })
        .unwrap();
        match &r {
            Err(e) if e.to_string().contains("6.8") => {
                riptide_testkit::skip_or_fail(format!("needs the bridge's fdb_max_learned: {e}"));
                return;
            }
            _ => {}
        }
        assert_eq!(r.unwrap(), Learning { learned: 0, max_learned: 37 });
    }
}
