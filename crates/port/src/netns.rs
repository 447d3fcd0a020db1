//! Network namespaces: entering one from a thread, and a throw-away veth pair for tests.
//!
//! `setns(2)` with `CLONE_NEWNET` moves only the **calling thread** into a namespace; the
//! rest of the process stays where it was. So a sender and a receiver can live in two
//! threads of one process, each in its own namespace ([`enter`], [`run_in`]).
//!
//! Per-thread namespaces have one trap: `/proc/net/*` is `/proc/self/net/*`, the namespace
//! of the process's *main* thread, and `/sys/class/net` shows the namespace sysfs was
//! mounted in. Code that must see the calling thread's namespace reads
//! `/proc/thread-self/net/*` or asks the kernel through a socket (as
//! [`crate::afpacket`] does).
//!
//! [`TestNet`] builds, with the `ip` command of iproute2, two fresh namespaces joined by a
//! veth pair with addresses from the RFC 2544 benchmarking range 198.18.0.0/15, and deletes
//! both namespaces (and with them the veth pair) when dropped, also while a failing test
//! unwinds. It never touches an interface of the namespace it is called from.

use crate::root;
use std::fs::File;
use std::io;
use std::net::Ipv4Addr;
use std::os::fd::{AsRawFd, FromRawFd};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Where `ip netns` keeps its named namespaces.
pub const NETNS_DIR: &str = "/var/run/netns";

/// Prefix of every namespace [`TestNet`] creates: `rt-test-<pid>-<n>-a` / `-b`.
pub const TEST_PREFIX: &str = "rt-test-";

/// Longest an `ip` command may run before it is killed.
pub(crate) const IP_TIMEOUT: Duration = Duration::from_secs(10);

fn check_name(name: &str) -> io::Result<()> {
    if name.is_empty() || name.len() > 200 || name == "." || name == ".." || name.contains(['/', '\0']) {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("bad namespace name '{name}'")));
    }
    Ok(())
}

/// Moves the calling thread into the named network namespace (`/var/run/netns/NAME`).
///
/// Only this thread changes namespace; sockets it opens afterwards, interface lookups and
/// `/proc/thread-self/net` belong to the new namespace. There is no way back short of
/// entering another namespace, so call it from a thread made for the purpose (see
/// [`run_in`]). The errors say what to do: a missing namespace names what makes it
/// (`riptide lab up` for the lab's, `ip netns add` for others), a refusal that it needs
/// root.
pub fn enter(name: &str) -> io::Result<()> {
    check_name(name)?;
    let path = Path::new(NETNS_DIR).join(name);
    let ns = File::open(&path).map_err(|e| open_error(name, &path, e))?;
    // SAFETY: setns takes a file descriptor we own (kept open by `ns` for the call) and a
    // namespace type constant; it touches no memory of ours.
    let rc = unsafe { libc::setns(ns.as_raw_fd(), libc::CLONE_NEWNET) };
    if rc != 0 {
        let e = io::Error::last_os_error();
        if root::is_denied(&e) {
            let what = format!("entering network namespace '{name}'");
            return Err(io::Error::new(e.kind(), root::needs_root(&what, "CAP_SYS_ADMIN")));
        }
        return Err(io::Error::new(e.kind(), format!("setns({}): {e}", path.display())));
    }
    Ok(())
}

/// The name (`/var/run/netns/NAME`) of the network namespace the calling thread is in,
/// or `None` when no name there is it (the host's own namespace, an anonymous one).
pub fn current_name() -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let here = std::fs::metadata("/proc/thread-self/ns/net").ok().map(|m| (m.dev(), m.ino()))?;
    let mut names: Vec<String> = std::fs::read_dir(NETNS_DIR)
        .ok()?
        .flatten()
        .filter(|e| e.metadata().is_ok_and(|m| (m.dev(), m.ino()) == here))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names.into_iter().next()
}

/// The interfaces of the calling thread's network namespace, sorted
/// (`/proc/thread-self/net/dev`: `/sys/class/net` shows the namespace sysfs was mounted
/// in, and `/proc/net` the main thread's).
pub fn interfaces() -> io::Result<Vec<String>> {
    let text = std::fs::read_to_string("/proc/thread-self/net/dev")?;
    Ok(interfaces_of(&text))
}

/// The interface names of a `/proc/net/dev` text, sorted.
fn interfaces_of(text: &str) -> Vec<String> {
    let mut names: Vec<String> =
        text.lines().filter_map(|l| l.split_once(':')).map(|(name, _)| name.trim().to_string()).collect();
    names.retain(|n| !n.is_empty() && !n.contains('|'));
    names.sort();
    names
}

/// What opening a namespace's file (`path`) failed with, and what to do about it.
fn open_error(name: &str, path: &Path, e: io::Error) -> io::Error {
    let hint = match e.kind() {
        // A lab's namespaces (crate::lab names them NAME-tg and NAME-dut, the default lab
        // riptide-*; netns stays below the lab).
        io::ErrorKind::NotFound if name.starts_with("riptide-") => {
            format!("no network namespace '{name}' ({}): `riptide lab up` makes it", path.display())
        }
        io::ErrorKind::NotFound if name.ends_with("-tg") || name.ends_with("-dut") => {
            let lab = name.rsplit_once('-').map_or(name, |(l, _)| l);
            format!(
                "no network namespace '{name}' ({}): `riptide lab up --name {lab}` makes it, `riptide lab status` lists the labs up",
                path.display()
            )
        }
        io::ErrorKind::NotFound => format!(
            "no network namespace '{name}' ({}): `ip netns add {name}` makes one, `ip netns list` shows those there are",
            path.display()
        ),
        _ if root::is_denied(&e) => root::needs_root(&format!("entering network namespace '{name}'"), "CAP_SYS_ADMIN"),
        _ => format!("{}: {e}", path.display()),
    };
    io::Error::new(e.kind(), hint)
}

/// Runs `f` on a new thread that has entered namespace `name`, and returns its result.
/// The thread ends with `f`, so the caller's namespace never changes. A panic in `f` is
/// propagated to the caller.
pub fn run_in<T: Send>(name: &str, f: impl FnOnce() -> T + Send) -> io::Result<T> {
    std::thread::scope(|s| {
        let h = s.spawn(|| -> io::Result<T> {
            enter(name)?;
            Ok(f())
        });
        match h.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Runs `f` on a new thread in a fresh, anonymous network namespace of its own (only
/// `lo`, brought up), and returns its result; threads `f` spawns are in it too. The
/// namespace ends with the thread: a benchmark's loopback traffic never touches the
/// caller's namespace. Needs CAP_SYS_ADMIN (root).
pub fn run_isolated<T: Send>(f: impl FnOnce() -> T + Send) -> io::Result<T> {
    std::thread::scope(|s| {
        let h = s.spawn(|| -> io::Result<T> {
            // SAFETY: unshare takes only flags; it moves this thread alone.
            if unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
                let e = io::Error::last_os_error();
                if root::is_denied(&e) {
                    let why = root::needs_root("a private network namespace", "CAP_SYS_ADMIN");
                    return Err(io::Error::new(e.kind(), why));
                }
                return Err(io::Error::new(e.kind(), format!("unshare(CLONE_NEWNET): {e}")));
            }
            lo_up()?;
            Ok(f())
        });
        match h.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Brings `lo` of the calling thread's namespace up (SIOCSIFFLAGS).
fn lo_up() -> io::Result<()> {
    // SAFETY: a datagram socket for the ioctls, closed on every path by OwnedFd.
    let fd = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd was just opened and is owned here only.
    let sock = unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) };
    // SAFETY: an all-zero ifreq is valid; the name is copied within its 16 bytes.
    let mut req: libc::ifreq = unsafe { std::mem::zeroed() };
    for (d, s) in req.ifr_name.iter_mut().zip(b"lo\0") {
        *d = *s as libc::c_char;
    }
    // SAFETY: SIOCGIFFLAGS/SIOCSIFFLAGS read and write the ifreq we own.
    unsafe {
        if libc::ioctl(sock.as_raw_fd(), libc::SIOCGIFFLAGS, &mut req) != 0 {
            return Err(io::Error::last_os_error());
        }
        req.ifr_ifru.ifru_flags |= libc::IFF_UP as libc::c_short;
        if libc::ioctl(sock.as_raw_fd(), libc::SIOCSIFFLAGS, &mut req) != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Runs a command to completion within `limit`, killing it past that; fails unless it
/// exits with status 0, with its stderr in the error.
pub(crate) fn run_bounded(cmd: &mut Command, limit: Duration) -> io::Result<()> {
    let shown = format!("{cmd:?}");
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn()?;
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break st;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::new(io::ErrorKind::TimedOut, format!("{shown}: no answer within {limit:?}")));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    if status.success() {
        return Ok(());
    }
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = io::Read::read_to_string(&mut e, &mut err);
    }
    Err(io::Error::other(format!("{shown}: {status}: {}", err.trim())))
}

pub(crate) fn ip(args: &[&str]) -> io::Result<()> {
    run_bounded(Command::new("ip").args(args), IP_TIMEOUT)
}

/// Whether `ip netns` can be used here; `Err` says why not (not root, no iproute2, no
/// namespace support). Tests skip with that reason.
pub fn test_support() -> Result<(), String> {
    if !root::is_root() {
        return Err("needs root (network namespaces and AF_PACKET)".into());
    }
    ip_netns_support()
}

/// Whether iproute2's `ip netns` answers; `Err` says why not.
pub(crate) fn ip_netns_support() -> Result<(), String> {
    ip(&["netns", "list"]).map_err(|e| format!("`ip netns` is unavailable: {e}"))
}

/// Deletes `rt-test-<pid>-*` namespaces left behind by test processes that no longer run
/// (killed before their `Drop` could run). Namespaces of live processes are left alone.
fn reap_stale() {
    let Ok(dir) = std::fs::read_dir(NETNS_DIR) else { return };
    for entry in dir.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(TEST_PREFIX) else { continue };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = ip(&["netns", "del", &name]);
        }
    }
}

static NEXT: AtomicU32 = AtomicU32::new(0);

/// Two fresh network namespaces joined by a veth pair, deleted on drop.
///
/// ```text
///   namespace ns_a                         namespace ns_b
///   if_a  198.18.N.1/24  mac_a  <-veth->   if_b  198.18.N.2/24  mac_b
/// ```
///
/// Both ends are up, IPv6 is disabled in both namespaces (no router solicitations or MLD
/// reports to disturb packet counts), and each side has a permanent neighbour entry for
/// the other, so no ARP is sent either.
#[derive(Debug)]
pub struct TestNet {
    /// Sender-side namespace, `rt-test-<pid>-<n>-a`.
    pub ns_a: String,
    /// Receiver-side namespace, `rt-test-<pid>-<n>-b`.
    pub ns_b: String,
    /// The veth end inside `ns_a`.
    pub if_a: String,
    /// The veth end inside `ns_b`.
    pub if_b: String,
    /// Address of `if_a`: 198.18.N.1.
    pub ip_a: Ipv4Addr,
    /// Address of `if_b`: 198.18.N.2.
    pub ip_b: Ipv4Addr,
    /// MAC of `if_a` (locally administered, 02:00:00:N:00:01).
    pub mac_a: [u8; 6],
    /// MAC of `if_b` (02:00:00:N:00:02).
    pub mac_b: [u8; 6],
}

fn mac_str(m: &[u8; 6]) -> String {
    format!("{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", m[0], m[1], m[2], m[3], m[4], m[5])
}

impl TestNet {
    /// Creates the namespaces and the veth pair. Needs root and iproute2 (check with
    /// [`test_support`]). On failure whatever was created is deleted again.
    pub fn new() -> io::Result<TestNet> {
        reap_stale();
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let pid = std::process::id();
        let sub = (n % 256) as u8;
        let net = TestNet {
            ns_a: format!("{TEST_PREFIX}{pid}-{n}-a"),
            ns_b: format!("{TEST_PREFIX}{pid}-{n}-b"),
            // At most 15 bytes (IFNAMSIZ); the names only ever exist inside the namespaces.
            if_a: format!("rtv{}a", n % 100_000),
            if_b: format!("rtv{}b", n % 100_000),
            ip_a: Ipv4Addr::new(198, 18, sub, 1),
            ip_b: Ipv4Addr::new(198, 18, sub, 2),
            mac_a: [0x02, 0, 0, sub, 0, 1],
            mac_b: [0x02, 0, 0, sub, 0, 2],
        };
        // From here on `net`'s Drop deletes both namespaces, whatever fails next.
        ip(&["netns", "add", &net.ns_a])?;
        ip(&["netns", "add", &net.ns_b])?;
        net.build()?;
        Ok(net)
    }

    fn build(&self) -> io::Result<()> {
        let (a, b) = (self.ns_a.as_str(), self.ns_b.as_str());
        let (ma, mb) = (mac_str(&self.mac_a), mac_str(&self.mac_b));
        // Both ends are created directly inside their namespaces.
        #[rustfmt::skip]
        ip(&["link", "add", &self.if_a, "netns", a, "address", &ma, "type", "veth",
             "peer", "name", &self.if_b, "netns", b, "address", &mb])?;
        if Path::new("/proc/sys/net/ipv6").exists() {
            for ns in [a, b] {
                run_bounded(
                    Command::new("ip")
                        .args(["netns", "exec", ns, "sysctl", "-qw"])
                        .args(["net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1"]),
                    IP_TIMEOUT,
                )?;
            }
        }
        for (ns, ifn, me, peer, peer_mac) in
            [(a, &self.if_a, self.ip_a, self.ip_b, &mb), (b, &self.if_b, self.ip_b, self.ip_a, &ma)]
        {
            ip(&["-n", ns, "link", "set", "lo", "up"])?;
            ip(&["-n", ns, "addr", "add", &format!("{me}/24"), "dev", ifn])?;
            ip(&["-n", ns, "link", "set", ifn, "up"])?;
            #[rustfmt::skip]
            ip(&["-n", ns, "neigh", "replace", &peer.to_string(), "lladdr", peer_mac,
                 "dev", ifn, "nud", "permanent"])?;
        }
        Ok(())
    }

    /// Whether the namespace `ns` exists (both of a `TestNet`'s are gone after its drop).
    pub fn exists(ns: &str) -> bool {
        Path::new(NETNS_DIR).join(ns).exists()
    }
}

impl Drop for TestNet {
    fn drop(&mut self) {
        // Deleting a namespace destroys the veth end inside it, and with it the peer.
        for ns in [&self.ns_a, &self.ns_b] {
            if TestNet::exists(ns) {
                if let Err(e) = ip(&["netns", "del", ns]) {
                    eprintln!("riptide TestNet: could not delete namespace {ns}: {e}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab;

    /// A listener on the caller's loopback is not reachable from an isolated namespace,
    /// whose own loopback is up and alone.
    #[test]
    fn an_isolated_namespace_has_its_own_loopback() {
        if !riptide_testkit::require(test_support()) {
            return;
        }
        let outside = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = outside.local_addr().unwrap().port();
        let (reached, ifaces, own) = run_isolated(|| {
            let reached = std::net::TcpStream::connect(("127.0.0.1", port)).is_ok();
            let dev = std::fs::read_to_string("/proc/thread-self/net/dev").unwrap();
            let ifaces: Vec<String> =
                dev.lines().skip(2).filter_map(|l| l.split(':').next()).map(|n| n.trim().to_string()).collect();
            // Its loopback works: a listener and a connection inside.
            let inside = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let own = std::net::TcpStream::connect(inside.local_addr().unwrap()).is_ok();
            (reached, ifaces, own)
        })
        .unwrap();
        assert!(!reached, "the caller's 127.0.0.1:{port} is not in the isolated namespace");
        assert_eq!(ifaces, ["lo"]);
        assert!(own);
    }

    #[test]
    fn interfaces_are_read_from_a_net_dev_text() {
        let text =
            "Inter-|   Receive |  Transmit\n face |bytes packets|bytes packets\n  rt1: 0 0 0 0\n    lo: 1 2 3 4\n";
        assert_eq!(interfaces_of(text), ["lo", "rt1"]);
        // This thread's namespace has at least its loopback.
        assert!(interfaces().unwrap().iter().any(|n| n == "lo"));
    }

    #[test]
    fn names_are_checked() {
        for bad in ["", ".", "..", "a/b", "../x"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name("rt-test-1-0-a").is_ok());
    }

    #[test]
    fn entering_a_missing_namespace_says_what_makes_it() {
        let e = enter("rt-test-does-not-exist").unwrap_err().to_string();
        assert!(
            e.contains("no network namespace 'rt-test-does-not-exist' (/var/run/netns/rt-test-does-not-exist)"),
            "{e}"
        );
        assert!(e.contains("`ip netns add rt-test-does-not-exist` makes one"), "{e}");
        // The lab's namespaces: `riptide lab up` makes them (when the lab is down).
        for ns in [lab::TG_NS, lab::DUT_NS] {
            if TestNet::exists(ns) {
                continue;
            }
            let e = enter(ns).unwrap_err().to_string();
            assert!(e.ends_with("`riptide lab up` makes it"), "{e}");
            assert!(!e.contains("ip netns add"), "{e}");
        }
        let e = enter("rt-test-missing-lab-tg").unwrap_err().to_string();
        assert!(e.contains("`riptide lab up --name rt-test-missing-lab` makes it"), "{e}");
    }
}
