//! Resolving a gateway's MAC from the generator's own port: ARP for IPv4, Neighbor
//! Discovery for IPv6, sent on the named interface through a raw AF_PACKET socket.
//!
//! Used when a port configuration gives `default_gw` but no `dest_mac` (as TRex does).
//! A request goes out every 250 ms until a reply names the gateway or the timeout ends,
//! which is an error saying who did not answer.

use crate::afpacket::{interface_index, mac_address};
use riptide_wire::{echo, neighbor};
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const RETRY: Duration = Duration::from_millis(250);

fn cvt(rc: libc::c_int) -> io::Result<libc::c_int> {
    if rc < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(rc)
    }
}

/// A raw AF_PACKET socket of `ethertype`'s frames on interface `index`.
fn raw_socket(ifname: &str, index: u32, ethertype: u16) -> Result<OwnedFd, String> {
    let fail = |what: &str, e: io::Error| format!("{ifname}: {what}: {e}");
    let proto = ethertype.to_be();
    // SAFETY: plain socket creation.
    let fd = cvt(unsafe { libc::socket(libc::AF_PACKET, libc::SOCK_RAW | libc::SOCK_CLOEXEC, i32::from(proto)) })
        .map_err(|e| fail("AF_PACKET socket", e))?;
    // SAFETY: `fd` was just returned by socket(2) and nothing else owns it.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    // SAFETY: an all-zero sockaddr_ll is valid; the fields that matter are set below.
    let mut sll: libc::sockaddr_ll = unsafe { std::mem::zeroed() };
    sll.sll_family = libc::AF_PACKET as u16;
    sll.sll_protocol = proto;
    sll.sll_ifindex = index as i32;
    let len = std::mem::size_of::<libc::sockaddr_ll>() as libc::socklen_t;
    // SAFETY: `sll` is a valid sockaddr_ll of the length passed.
    cvt(unsafe { libc::bind(fd.as_raw_fd(), (&sll as *const libc::sockaddr_ll).cast(), len) })
        .map_err(|e| fail("bind", e))?;
    Ok(fd)
}

/// Answers ARP and Neighbor Solicitations for addresses of ours on an interface (an
/// emulated device's, as OTG's devices and TRex's L3 ports have), from a thread of its
/// own until dropped. Each frame read is one fixed buffer; what is not a request for one
/// of the addresses is ignored; one answer per request.
pub struct Responder {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    answered: Arc<AtomicU64>,
}

impl Responder {
    /// Starts answering on `ifname` (in the calling thread's namespace) for `addresses`,
    /// each with its MAC.
    pub fn start(ifname: &str, addresses: Vec<(IpAddr, [u8; 6])>) -> Result<Responder, String> {
        let index = interface_index(ifname).map_err(|e| format!("{ifname}: interface: {e}"))?;
        let fd = raw_socket(ifname, index, ETH_P_ALL)?;
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicU64::new(0));
        let (s, a) = (stop.clone(), answered.clone());
        let thread = std::thread::Builder::new()
            .name(format!("answer-{ifname}"))
            .spawn(move || answer(&fd, &addresses.into_iter().collect(), &s, &a))
            .map_err(|e| format!("{ifname}: a thread to answer ARP and ND: {e}"))?;
        Ok(Responder { stop, thread: Some(thread), answered })
    }

    /// Requests answered so far.
    pub fn answered(&self) -> u64 {
        self.answered.load(Ordering::Relaxed)
    }
}

impl Drop for Responder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Every protocol: ARP and IPv6 arrive on one socket.
const ETH_P_ALL: u16 = 0x0003;
/// How often the answering thread looks at its stop flag.
const STOP_POLL_MS: libc::c_int = 50;

/// One frame that arrived (not one sent: our own frames, and every other sent one, come
/// back as outgoing on an ETH_P_ALL socket), its length; 0 when there was none.
fn recv_incoming(fd: &OwnedFd, buf: &mut [u8]) -> usize {
    // SAFETY: an all-zero sockaddr_ll is valid for recvfrom to fill.
    let mut from: libc::sockaddr_ll = unsafe { std::mem::zeroed() };
    let mut len = std::mem::size_of::<libc::sockaddr_ll>() as libc::socklen_t;
    // SAFETY: `buf` is writable for its length, `from` for `len` bytes.
    let n = unsafe {
        libc::recvfrom(
            fd.as_raw_fd(),
            buf.as_mut_ptr().cast(),
            buf.len(),
            libc::MSG_DONTWAIT,
            (&mut from as *mut libc::sockaddr_ll).cast(),
            &mut len,
        )
    };
    if n <= 0 || from.sll_pkttype == libc::PACKET_OUTGOING {
        0
    } else {
        n as usize
    }
}

fn answer(fd: &OwnedFd, addresses: &HashMap<IpAddr, [u8; 6]>, stop: &AtomicBool, answered: &AtomicU64) {
    let mut buf = [0u8; 2048];
    while !stop.load(Ordering::Relaxed) {
        let mut pfd = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one pollfd that lives across the call.
        if unsafe { libc::poll(&mut pfd, 1, STOP_POLL_MS) } <= 0 {
            continue;
        }
        let n = recv_incoming(fd, &mut buf);
        if n == 0 {
            continue;
        }
        let frame = &buf[..n];
        let reply = if let Some((mac, ip, target)) = neighbor::arp_request_from(frame) {
            addresses.get(&IpAddr::V4(target)).map(|m| neighbor::arp_reply(*m, target, mac, ip))
        } else if let Some((mac, ip, target)) = neighbor::nd_solicit_from(frame) {
            addresses.get(&IpAddr::V6(target)).map(|m| neighbor::nd_advert(*m, target, mac, ip))
        } else if let Some(to) = echo::request_to(frame) {
            // A device answers pings to its addresses (as ixia-c's do).
            addresses.get(&to).and_then(|m| echo::reply_to(frame, to, *m))
        } else {
            None
        };
        if let Some(r) = reply {
            // SAFETY: `r` is a live buffer of the length passed; the socket is bound.
            if unsafe { libc::send(fd.as_raw_fd(), r.as_ptr().cast(), r.len(), 0) } > 0 {
                answered.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// Pings `dst` from a device's address `ip` (and `mac`) on `ifname`, sending to
/// `dst_mac`: an echo request every 250 ms until a reply with its identifier and sequence
/// number arrives (true) or `timeout` passes (false). The outer error is the interface's.
pub fn ping(
    ifname: &str,
    mac: [u8; 6],
    ip: IpAddr,
    dst: IpAddr,
    dst_mac: [u8; 6],
    timeout: Duration,
) -> Result<bool, String> {
    let index = interface_index(ifname).map_err(|e| format!("{ifname}: interface: {e}"))?;
    let fd = raw_socket(ifname, index, ETH_P_ALL)?;
    // An identifier of this process and call; the sequence number counts the tries.
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let id = (std::process::id() as u16) ^ (CALLS.fetch_add(1, Ordering::Relaxed) as u16).rotate_left(8);
    let deadline = Instant::now() + timeout;
    let mut buf = [0u8; 2048];
    let mut seq = 0u16;
    while Instant::now() < deadline {
        seq = seq.wrapping_add(1);
        let Some(request) = echo::request(mac, ip, dst_mac, dst, id, seq) else {
            return Err(format!("{ifname}: {ip} and {dst} are not of one IP version"));
        };
        // SAFETY: `request` is a live buffer of the length passed; the socket is bound.
        if unsafe { libc::send(fd.as_raw_fd(), request.as_ptr().cast(), request.len(), 0) } < 0 {
            return Err(format!("{ifname}: send: {}", io::Error::last_os_error()));
        }
        let next = (Instant::now() + RETRY).min(deadline);
        while Instant::now() < next {
            let wait = next.saturating_duration_since(Instant::now()).as_millis().max(1) as libc::c_int;
            let mut pfd = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
            // SAFETY: one pollfd that lives across the call.
            if unsafe { libc::poll(&mut pfd, 1, wait) } <= 0 {
                continue;
            }
            let n = recv_incoming(&fd, &mut buf);
            // Any try's reply will do.
            if n > 0 && (1..=seq).any(|s| echo::is_reply(&buf[..n], dst, ip, id, s)) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// A gateway to resolve: asked from `ip` and `mac` (an emulated device's; `None`: the
/// interface's own MAC), so that what the gateway learns from the request is right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The address asking.
    pub ip: IpAddr,
    /// The gateway asked for.
    pub gateway: IpAddr,
    /// The MAC asking, if not the interface's.
    pub mac: Option<[u8; 6]>,
}

/// One gateway's MAC, or why it is not known.
pub type Resolved = Result<[u8; 6], String>;

/// The MAC of `gateway`, asked from `ip` on `ifname` (in the calling thread's namespace).
pub fn resolve(ifname: &str, ip: IpAddr, gateway: IpAddr, timeout: Duration) -> Result<[u8; 6], String> {
    resolve_all(ifname, &[Ask { ip, gateway, mac: None }], timeout)?
        .pop()
        .unwrap_or_else(|| Err(format!("{ifname}: nothing resolved")))
}

/// The MACs of many gateways at once on `ifname`, each `(ip, gateway)` asked from `ip`:
/// one socket, a request to every gateway not yet heard from each 250 ms, all of them
/// within one `timeout` (so a thousand silent gateways cost what one does). A gateway
/// asked for by several addresses is asked once (its MAC is the same). The answer has a
/// result per pair, in order; the outer error is the interface's (no MAC, no socket).
pub fn resolve_all(ifname: &str, pairs: &[Ask], timeout: Duration) -> Result<Vec<Result<[u8; 6], String>>, String> {
    let fail = |what: &str, e: io::Error| format!("{ifname}: {what}: {e}");
    let own = mac_address(ifname).map_err(|e| fail("MAC address", e))?;
    let index = interface_index(ifname).map_err(|e| fail("interface", e))?;
    // Each gateway once, with the first address that asks for it.
    let mut asked: HashMap<IpAddr, (IpAddr, Option<[u8; 6]>)> = HashMap::new();
    let mut requests = Vec::new();
    for &Ask { ip, gateway, mac } in pairs {
        let mac = mac.unwrap_or(own);
        if ip.is_ipv4() != gateway.is_ipv4() || asked.contains_key(&gateway) {
            continue;
        }
        asked.insert(gateway, (ip, None));
        requests.push((
            gateway,
            match (ip, gateway) {
                (IpAddr::V4(me), IpAddr::V4(gw)) => neighbor::arp_request(mac, me, gw),
                (IpAddr::V6(me), IpAddr::V6(gw)) => neighbor::nd_solicit(mac, me, gw),
                _ => continue,
            },
        ));
    }
    let mut missing = requests.len();
    let fd = if missing > 0 { Some(raw_socket(ifname, index, ETH_P_ALL)?) } else { None };
    let deadline = Instant::now() + timeout;
    let mut buf = [0u8; 2048];
    while let Some(fd) = fd.as_ref().filter(|_| missing > 0 && Instant::now() < deadline) {
        for (gateway, request) in &requests {
            if asked.get(gateway).is_some_and(|(_, m)| m.is_none()) {
                // SAFETY: `request` is a live buffer of the length passed; the socket is bound.
                if unsafe { libc::send(fd.as_raw_fd(), request.as_ptr().cast(), request.len(), 0) } < 0 {
                    return Err(fail("send", io::Error::last_os_error()));
                }
            }
        }
        let next = (Instant::now() + RETRY).min(deadline);
        while missing > 0 && Instant::now() < next {
            let wait = next.saturating_duration_since(Instant::now()).as_millis().max(1) as libc::c_int;
            let mut pfd = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
            // SAFETY: one pollfd that lives across the call.
            if unsafe { libc::poll(&mut pfd, 1, wait) } <= 0 {
                continue;
            }
            let n = recv_incoming(fd, &mut buf);
            if n == 0 {
                continue;
            }
            let frame = &buf[..n];
            let Some((from, m)) = neighbor::arp_sender(frame)
                .map(|(ip, m)| (IpAddr::V4(ip), m))
                .or_else(|| neighbor::nd_advert_sender(frame).map(|(ip, m)| (IpAddr::V6(ip), m)))
            else {
                continue;
            };
            if let Some((_, slot @ None)) = asked.get_mut(&from) {
                *slot = Some(m);
                missing -= 1;
            }
        }
    }
    let secs = timeout.as_secs_f64();
    Ok(pairs
        .iter()
        .map(|&Ask { ip, gateway, .. }| match asked.get(&gateway) {
            _ if ip.is_ipv4() != gateway.is_ipv4() => {
                Err(format!("{ifname}: ip {ip} and default_gw {gateway} are not of one IP version"))
            }
            Some((_, Some(m))) => Ok(*m),
            _ => {
                let how = if gateway.is_ipv4() { "ARP" } else { "Neighbor Discovery" };
                Err(format!(
                    "{ifname}: default_gw {gateway} did not answer {how} from {ip} within {secs:.1} s (unreachable \
                     gateway? give dest_mac to skip resolution)"
                ))
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::netns::{self, TestNet};
    use std::process::Command;

    fn ok(args: &[&str]) {
        assert!(Command::new("ip").args(args).status().unwrap().success(), "ip {args:?}");
    }

    /// One echo through the kernel's ping socket to `to`: whether a reply came within 2 s.
    fn kernel_ping(to: std::net::Ipv4Addr) -> bool {
        // SAFETY: plain socket creation; the descriptor is owned below.
        let fd = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM, libc::IPPROTO_ICMP) };
        assert!(fd >= 0, "ping socket: {}", io::Error::last_os_error());
        // SAFETY: `fd` was just returned by socket(2).
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        let request = [8u8, 0, 0, 0, 0, 0, 0, 1, b'r', b't'];
        // SAFETY: an all-zero sockaddr_in is valid; family and address are set.
        let mut sa: libc::sockaddr_in = unsafe { std::mem::zeroed() };
        sa.sin_family = libc::AF_INET as u16;
        sa.sin_addr.s_addr = u32::from_ne_bytes(to.octets());
        let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        // SAFETY: live buffers of the lengths passed.
        let sent = unsafe {
            libc::sendto(
                fd.as_raw_fd(),
                request.as_ptr().cast(),
                request.len(),
                0,
                (&sa as *const libc::sockaddr_in).cast(),
                len,
            )
        };
        assert!(sent > 0, "sendto: {}", io::Error::last_os_error());
        let mut pfd = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one pollfd that lives across the call.
        if unsafe { libc::poll(&mut pfd, 1, 2000) } <= 0 {
            return false;
        }
        let mut buf = [0u8; 256];
        // SAFETY: `buf` is writable for its length.
        let n = unsafe { libc::recv(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len(), 0) };
        n >= 8 && buf[0] == 0 && &buf[8..n as usize] == b"rt"
    }

    /// The kernel on the far side of a veth pair is the oracle: it answers ARP and ND.
    #[test]
    fn the_kernel_answers_arp_and_nd_and_silence_is_an_error() {
        if !riptide_testkit::require(netns::test_support()) {
            return;
        }
        let net = TestNet::new().unwrap();
        // TestNet's peers have static neighbours; the far kernel answers ARP regardless.
        let got = netns::run_in(&net.ns_a, || {
            resolve(&net.if_a, IpAddr::V4(net.ip_a), IpAddr::V4(net.ip_b), Duration::from_secs(2))
        })
        .unwrap();
        assert_eq!(got, Ok(net.mac_b));
        // Nobody has 198.18.N.3: a clear error after the timeout.
        let silent = [198, 18, net.ip_b.octets()[2], 3].into();
        let e = netns::run_in(&net.ns_a, || {
            resolve(&net.if_a, IpAddr::V4(net.ip_a), IpAddr::V4(silent), Duration::from_millis(600))
        })
        .unwrap()
        .unwrap_err();
        assert!(e.contains("did not answer ARP") && e.contains(&silent.to_string()), "{e}");
        // The kernel answers a ping (it checks the request's checksums); nobody answers
        // for the silent address.
        let (a, b) = (IpAddr::V4(net.ip_a), IpAddr::V4(net.ip_b));
        let pinged = netns::run_in(&net.ns_a, || {
            let to_kernel = ping(&net.if_a, net.mac_a, a, b, net.mac_b, Duration::from_secs(2));
            let to_nobody = ping(&net.if_a, net.mac_a, a, IpAddr::V4(silent), net.mac_b, Duration::from_millis(400));
            (to_kernel, to_nobody)
        })
        .unwrap();
        assert_eq!(pinged, (Ok(true), Ok(false)));
        // Many at once: the kernel's gateway (asked twice), 100 silent ones, a pair of two
        // IP versions; one timeout for all of them (one after the other: 100 of them).
        let ask = |gateway: IpAddr| Ask { ip: IpAddr::V4(net.ip_a), gateway, mac: None };
        let mut pairs = vec![ask(IpAddr::V4(net.ip_b)); 2];
        pairs.extend((0..100u8).map(|i| ask(IpAddr::V4([198, 19, 7, i].into()))));
        pairs.push(ask("2001:2::9".parse().unwrap()));
        let t0 = Instant::now();
        let got =
            netns::run_in(&net.ns_a, || resolve_all(&net.if_a, &pairs, Duration::from_millis(600))).unwrap().unwrap();
        let took = t0.elapsed();
        assert_eq!(got.len(), pairs.len());
        assert_eq!((&got[0], &got[1]), (&Ok(net.mac_b), &Ok(net.mac_b)));
        assert!(got[2..102].iter().all(|r| r.as_ref().is_err_and(|e| e.contains("did not answer ARP"))), "{got:?}");
        assert!(got[102].as_ref().is_err_and(|e| e.contains("not of one IP version")), "{:?}", got[102]);
        assert!(took < Duration::from_secs(10), "{took:?}");
        // IPv6 on (TestNet turns it off): benchmarking range 2001:2::/48 (RFC 5180).
        for (ns, ifn, addr) in [(&net.ns_a, &net.if_a, "2001:2::1"), (&net.ns_b, &net.if_b, "2001:2::2")] {
            ok(&["netns", "exec", ns, "sysctl", "-qw", &format!("net.ipv6.conf.{ifn}.disable_ipv6=0")]);
            ok(&["-n", ns, "addr", "add", &format!("{addr}/64"), "dev", ifn, "nodad"]);
        }
        let got = netns::run_in(&net.ns_a, || {
            let (me, gw) = ("2001:2::1".parse().unwrap(), "2001:2::2".parse().unwrap());
            resolve(&net.if_a, IpAddr::V6(me), IpAddr::V6(gw), Duration::from_secs(2))
        })
        .unwrap();
        assert_eq!(got, Ok(net.mac_b));
    }

    /// A responder answers for addresses the kernel does not have (198.18.N.7 and
    /// 2001:2::7 on the far side): riptide's resolver and the kernel's own neighbour
    /// table (ping's resolution) both learn its MAC; dropped, it is silent.
    #[test]
    fn a_responder_answers_arp_and_nd_for_its_addresses() {
        if !riptide_testkit::require(netns::test_support()) {
            return;
        }
        let net = TestNet::new().unwrap();
        let mine = [2, 0, 0, 0x5e, 0, 7];
        let v4: std::net::Ipv4Addr = [198, 18, net.ip_b.octets()[2], 7].into();
        let v6: std::net::Ipv6Addr = "2001:2::7".parse().unwrap();
        for (ns, ifn) in [(&net.ns_a, &net.if_a), (&net.ns_b, &net.if_b)] {
            ok(&["netns", "exec", ns, "sysctl", "-qw", &format!("net.ipv6.conf.{ifn}.disable_ipv6=0")]);
        }
        ok(&["-n", &net.ns_a, "addr", "add", "2001:2::1/64", "dev", &net.if_a, "nodad"]);
        let r = netns::run_in(&net.ns_b, || Responder::start(&net.if_b, vec![(v4.into(), mine), (v6.into(), mine)]))
            .unwrap()
            .unwrap();
        let got = netns::run_in(&net.ns_a, || {
            let a = resolve(&net.if_a, IpAddr::V4(net.ip_a), IpAddr::V4(v4), Duration::from_secs(2));
            let b = resolve(&net.if_a, "2001:2::1".parse().unwrap(), IpAddr::V6(v6), Duration::from_secs(2));
            (a, b)
        })
        .unwrap();
        assert_eq!(got, (Ok(mine), Ok(mine)));
        // The kernel's own resolution (a datagram sent to each): its neighbour table
        // learns the MAC.
        ok(&["-n", &net.ns_a, "route", "add", &format!("{v4}/32"), "dev", &net.if_a]);
        for to in [IpAddr::V4(v4), IpAddr::V6(v6)] {
            netns::run_in(&net.ns_a, || {
                let s = std::net::UdpSocket::bind(if to.is_ipv4() { "0.0.0.0:0" } else { "[::]:0" }).unwrap();
                s.send_to(b"x", (to, 9)).unwrap();
            })
            .unwrap();
            riptide_testkit::wait_for(Duration::from_secs(3), "the kernel to learn the responder's MAC", || {
                let n = Command::new("ip").args(["-n", &net.ns_a, "neigh", "show", &to.to_string()]).output().unwrap();
                String::from_utf8_lossy(&n.stdout).contains("02:00:00:5e:00:07")
            });
        }
        // The kernel pings the responder's address (a ping socket: the kernel checks the
        // reply's checksums before it hands it over).
        ok(&["netns", "exec", &net.ns_a, "sysctl", "-qw", "net.ipv4.ping_group_range=0 2147483647"]);
        let echoed = netns::run_in(&net.ns_a, || kernel_ping(v4)).unwrap();
        assert!(echoed, "the kernel got no echo reply from the responder");
        assert!(r.answered() >= 5, "{}", r.answered());
        drop(r);
        let silent = netns::run_in(&net.ns_a, || {
            resolve(&net.if_a, IpAddr::V4(net.ip_a), IpAddr::V4(v4), Duration::from_millis(400))
        })
        .unwrap();
        assert!(silent.is_err(), "{silent:?}");
    }
}
