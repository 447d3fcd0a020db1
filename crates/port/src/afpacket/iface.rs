//! Facts about a named interface, read in the calling thread's network namespace:
//! index, MAC address, MTU, link speed, and whether it carries a default route.

use super::cvt;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

/// Index of interface `ifname` in the calling thread's network namespace
/// (`if_nametoindex`).
pub fn interface_index(ifname: &str) -> io::Result<u32> {
    ifreq_for(ifname)?;
    let name = std::ffi::CString::new(ifname).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    // SAFETY: `name` is a NUL-terminated string that lives across the call.
    match unsafe { libc::if_nametoindex(name.as_ptr()) } {
        0 => Err(io::Error::last_os_error()),
        idx => Ok(idx),
    }
}

/// An `ifreq` naming `ifname` (at most 15 bytes, no NUL).
fn ifreq_for(ifname: &str) -> io::Result<libc::ifreq> {
    let bytes = ifname.as_bytes();
    if bytes.is_empty() || bytes.len() >= libc::IFNAMSIZ || bytes.contains(&0) || bytes.contains(&b'/') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("'{ifname}' is not an interface name (1 to 15 bytes)"),
        ));
    }
    let mut name = [0 as libc::c_char; libc::IFNAMSIZ];
    for (d, s) in name.iter_mut().zip(bytes) {
        *d = *s as libc::c_char;
    }
    Ok(libc::ifreq { ifr_name: name, ifr_ifru: libc::__c_anonymous_ifr_ifru { ifru_ifindex: 0 } })
}

/// A datagram socket for interface ioctls, in the calling thread's namespace.
fn control_socket() -> io::Result<OwnedFd> {
    // SAFETY: plain socket creation.
    let fd = cvt(unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) })?;
    // SAFETY: `fd` was just returned by socket(2) and nothing else owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// The MAC address of interface `ifname` (`SIOCGIFHWADDR`, in the calling thread's
/// network namespace). Fails for interfaces that are not Ethernet-like.
pub fn mac_address(ifname: &str) -> io::Result<[u8; 6]> {
    let mut req = ifreq_for(ifname)?;
    let sock = control_socket()?;
    // SAFETY: SIOCGIFHWADDR reads `ifr_name` and writes `ifr_hwaddr` inside `req`, which
    // lives across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCGIFHWADDR, &mut req) })?;
    // SAFETY: the ioctl succeeded, so the kernel filled the `ifru_hwaddr` member.
    let sa = unsafe { req.ifr_ifru.ifru_hwaddr };
    if sa.sa_family != libc::ARPHRD_ETHER {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{ifname} is not an Ethernet interface (hardware type {})", sa.sa_family),
        ));
    }
    let mut mac = [0u8; 6];
    for (d, s) in mac.iter_mut().zip(sa.sa_data) {
        *d = s as u8;
    }
    Ok(mac)
}

/// Whether interface `ifname` is up with its link (`SIOCGIFFLAGS`: `IFF_UP` and
/// `IFF_RUNNING`, carrier on; in the calling thread's namespace).
pub fn link_up(ifname: &str) -> io::Result<bool> {
    let mut req = ifreq_for(ifname)?;
    let sock = control_socket()?;
    // SAFETY: SIOCGIFFLAGS reads `ifr_name` and writes `ifr_flags` inside `req`, which
    // lives across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCGIFFLAGS, &mut req) })?;
    // SAFETY: the ioctl succeeded, so the kernel filled the `ifru_flags` member.
    let flags = i32::from(unsafe { req.ifr_ifru.ifru_flags });
    Ok(flags & libc::IFF_UP != 0 && flags & libc::IFF_RUNNING != 0)
}

/// The MTU of interface `ifname` (`SIOCGIFMTU`, in the calling thread's namespace).
pub fn mtu(ifname: &str) -> io::Result<usize> {
    let mut req = ifreq_for(ifname)?;
    let sock = control_socket()?;
    // SAFETY: SIOCGIFMTU reads `ifr_name` and writes `ifr_mtu` inside `req`, which lives
    // across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCGIFMTU, &mut req) })?;
    // SAFETY: the ioctl succeeded, so the kernel filled the `ifru_mtu` member.
    let mtu = unsafe { req.ifr_ifru.ifru_mtu };
    usize::try_from(mtu).map_err(|_| io::Error::other(format!("{ifname} reports MTU {mtu}")))
}

/// The link speed of `ifname` in bits per second, as the driver reports it (veth: 10 Gb/s),
/// or `None` when unknown (no link, `SPEED_UNKNOWN`, no such interface, or a driver that
/// does not say).
///
/// Asks the kernel (`SIOCETHTOOL`/`ETHTOOL_GSET`, the same figure as
/// `/sys/class/net/IF/speed`) rather than reading sysfs, because sysfs shows the namespace
/// it was mounted in, not the calling thread's.
pub fn link_speed_bps(ifname: &str) -> Option<f64> {
    const ETHTOOL_GSET: u32 = 1;
    // struct ethtool_cmd: 44 bytes; `speed` (u16) at byte 12, `speed_hi` (u16) at byte 28.
    let mut cmd = [0u32; 11];
    cmd[0] = ETHTOOL_GSET;
    let mut req = ifreq_for(ifname).ok()?;
    req.ifr_ifru.ifru_data = cmd.as_mut_ptr().cast();
    let sock = control_socket().ok()?;
    // SAFETY: SIOCETHTOOL reads `ifr_name` and the command word, and writes at most the 44
    // bytes of `cmd` (an ethtool_cmd for ETHTOOL_GSET); both live across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCETHTOOL, &mut req) }).ok()?;
    let lo = u32::from(u16::from_ne_bytes(cmd[3].to_ne_bytes()[..2].try_into().ok()?));
    let hi = u32::from(u16::from_ne_bytes(cmd[7].to_ne_bytes()[..2].try_into().ok()?));
    let mbps = (hi << 16) | lo;
    (mbps != 0 && mbps != u32::MAX && mbps != 0xFFFF).then(|| f64::from(mbps) * 1e6)
}

/// Issues `SIOCETHTOOL` for `ifname` with `buf` (whose first word is the command).
fn ethtool(ifname: &str, buf: &mut [u32]) -> io::Result<()> {
    let mut req = ifreq_for(ifname)?;
    req.ifr_ifru.ifru_data = buf.as_mut_ptr().cast();
    let sock = control_socket()?;
    // SAFETY: SIOCETHTOOL reads `ifr_name` and the command word in `buf`, and writes at
    // most the command's structure, which callers size `buf` for; both live across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCETHTOOL, &mut req) }).map(drop)
}

/// The driver of `ifname` (`ETHTOOL_GDRVINFO`, what `ethtool -i` prints first), in the
/// calling thread's namespace.
pub fn driver(ifname: &str) -> io::Result<String> {
    const ETHTOOL_GDRVINFO: u32 = 3;
    // struct ethtool_drvinfo: 196 bytes; `driver` (char[32]) right after the command word.
    let mut buf = [0u32; 49];
    buf[0] = ETHTOOL_GDRVINFO;
    ethtool(ifname, &mut buf)?;
    let bytes: Vec<u8> = buf[1..9].iter().flat_map(|w| w.to_ne_bytes()).take_while(|&b| b != 0).collect();
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// What a driver can stamp (`ETHTOOL_GET_TS_INFO`, what `ethtool -T` prints).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamping {
    /// `SOF_TIMESTAMPING_*` capabilities.
    pub so_timestamping: u32,
    /// The PTP hardware clock's index, -1 for none.
    pub phc_index: i32,
    /// Hardware transmit stamp modes (`HWTSTAMP_TX_*` bits).
    pub tx_types: u32,
    /// Hardware receive filters (`HWTSTAMP_FILTER_*` bits).
    pub rx_filters: u32,
}

impl Timestamping {
    fn source(&self, hardware: u32, software: u32) -> &'static str {
        let has = |bit: u32| self.so_timestamping & bit != 0;
        if has(hardware) && has(libc::SOF_TIMESTAMPING_RAW_HARDWARE) {
            "hardware"
        } else if has(software) {
            "software"
        } else {
            "none"
        }
    }

    /// The best transmit stamp the driver takes: `hardware`, `software` or `none`.
    pub fn tx(&self) -> &'static str {
        self.source(libc::SOF_TIMESTAMPING_TX_HARDWARE, libc::SOF_TIMESTAMPING_TX_SOFTWARE)
    }

    /// The best receive stamp: `hardware`, `software` or `none`.
    pub fn rx(&self) -> &'static str {
        self.source(libc::SOF_TIMESTAMPING_RX_HARDWARE, libc::SOF_TIMESTAMPING_RX_SOFTWARE)
    }
}

/// What `ifname`'s driver can stamp, in the calling thread's namespace.
pub fn timestamping(ifname: &str) -> io::Result<Timestamping> {
    const ETHTOOL_GET_TS_INFO: u32 = 0x41;
    // struct ethtool_ts_info: cmd, so_timestamping, phc_index, tx_types, tx_reserved[3],
    // rx_filters, rx_reserved[3] (44 bytes).
    let mut buf = [0u32; 11];
    buf[0] = ETHTOOL_GET_TS_INFO;
    ethtool(ifname, &mut buf)?;
    Ok(Timestamping { so_timestamping: buf[1], phc_index: buf[2] as i32, tx_types: buf[3], rx_filters: buf[7] })
}

/// The RX and TX ring sizes of `ifname` (`ETHTOOL_GRINGPARAM`: `rx_pending`,
/// `tx_pending`, what `ethtool -g` calls "current"), when the driver has rings.
pub fn rings(ifname: &str) -> io::Result<(u32, u32)> {
    const ETHTOOL_GRINGPARAM: u32 = 0x10;
    // struct ethtool_ringparam: cmd, rx/rx_mini/rx_jumbo/tx max, rx/rx_mini/rx_jumbo/tx pending.
    let mut buf = [0u32; 9];
    buf[0] = ETHTOOL_GRINGPARAM;
    ethtool(ifname, &mut buf)?;
    Ok((buf[5], buf[8]))
}

/// Reads a `/proc/net` file of the calling thread's namespace (`/proc/net` itself is the
/// main thread's).
fn proc_net(file: &str) -> io::Result<Option<String>> {
    let thread = format!("/proc/thread-self/net/{file}");
    let path = if std::path::Path::new("/proc/thread-self").exists() { thread } else { format!("/proc/net/{file}") };
    match std::fs::read_to_string(path) {
        Ok(s) => Ok(Some(s)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether `/proc/net/route` text has an up IPv4 default route (0.0.0.0/0) via `ifname`.
fn v4_default_via(route: &str, ifname: &str) -> bool {
    route.lines().skip(1).any(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        // Iface Destination Gateway Flags RefCnt Use Metric Mask ...
        f.len() >= 8
            && f[0] == ifname
            && f[1] == "00000000"
            && f[7] == "00000000"
            && u32::from_str_radix(f[3], 16).is_ok_and(|fl| fl & 0x1 != 0)
    })
}

/// Whether an up IPv4 route of `/proc/net/route` text covers `addr` (a default route
/// covers every address). The file prints each address as the native reading of its
/// network-order bytes: `to_ne_bytes` gives them back.
fn v4_routes_cover(route: &str, addr: std::net::Ipv4Addr) -> bool {
    let a = u32::from_be_bytes(addr.octets());
    route.lines().skip(1).any(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        let hex = |i: usize| f.get(i).and_then(|h| u32::from_str_radix(h, 16).ok());
        let be = |v: u32| u32::from_be_bytes(v.to_ne_bytes());
        // Iface Destination Gateway Flags RefCnt Use Metric Mask ...
        match (hex(1), hex(3), hex(7)) {
            (Some(dst), Some(flags), Some(mask)) if flags & 0x1 != 0 => a & be(mask) == be(dst) & be(mask),
            _ => false,
        }
    })
}

/// Whether the calling thread's network namespace has an up IPv4 route (main table) that
/// covers `addr`, a default route included: where the kernel there would send it.
pub fn routes_v4_to(addr: std::net::Ipv4Addr) -> io::Result<bool> {
    Ok(proc_net("route")?.is_some_and(|s| v4_routes_cover(&s, addr)))
}

/// Whether `/proc/net/ipv6_route` text has an up, non-reject IPv6 default route (::/0)
/// via `ifname`.
fn v6_default_via(route: &str, ifname: &str) -> bool {
    route.lines().any(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        // dst dst_len src src_len next_hop metric refcnt use flags ifname
        f.len() >= 10
            && f[9] == ifname
            && f[1] == "00"
            && f[0].bytes().all(|c| c == b'0')
            && u32::from_str_radix(f[8], 16).is_ok_and(|fl| fl & 0x1 != 0 && fl & 0x200 == 0)
    })
}

/// Whether `ifname` carries a default route (IPv4 0.0.0.0/0 or IPv6 ::/0) in the calling
/// thread's network namespace: such an interface is the host's uplink, and riptide must
/// refuse to send on it unless forced.
///
/// Reads `/proc/thread-self/net/route` (IPv4 main table) and `.../ipv6_route`; a missing
/// IPv6 file (IPv6 disabled) counts as no IPv6 routes.
pub fn carries_default_route(ifname: &str) -> io::Result<bool> {
    let v4 = proc_net("route")?.is_some_and(|s| v4_default_via(&s, ifname));
    Ok(v4 || proc_net("ipv6_route")?.is_some_and(|s| v6_default_via(&s, ifname)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTE: &str = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n\
        eth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n\
        eth0\t0002A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n\
        veth1\t000012C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n";

    const ROUTE6: &str = "\
        fe800000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 \
        00000100 00000001 00000000 00000001     eth0\n\
        00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 \
        00000400 00000002 00000000 00000003     eth1\n\
        00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 \
        ffffffff 00000001 00000000 00200200       lo\n";

    #[test]
    fn a_route_covers_the_addresses_of_its_subnet() {
        let ip = |s: &str| s.parse::<std::net::Ipv4Addr>().unwrap();
        // ROUTE: a default via eth0, 192.168.2.0/24 on eth0, 198.18.0.0/24 on veth1.
        assert!(v4_routes_cover(ROUTE, ip("48.0.0.1")), "the default route");
        let no_default: String = ROUTE.lines().filter(|l| !l.contains("0102A8C0")).map(|l| format!("{l}\n")).collect();
        assert!(v4_routes_cover(&no_default, ip("192.168.2.77")) && v4_routes_cover(&no_default, ip("198.18.0.9")));
        assert!(!v4_routes_cover(&no_default, ip("48.0.0.1")) && !v4_routes_cover(&no_default, ip("198.18.1.1")));
        assert!(!v4_routes_cover("Iface\tDestination\n", ip("10.0.0.1")));
    }

    #[test]
    fn default_routes_are_found_per_interface() {
        assert!(v4_default_via(ROUTE, "eth0"));
        assert!(!v4_default_via(ROUTE, "veth1"));
        assert!(!v4_default_via(ROUTE, "eth1"));
        assert!(v6_default_via(ROUTE6, "eth1"));
        assert!(!v6_default_via(ROUTE6, "eth0"));
        assert!(!v6_default_via(ROUTE6, "lo"), "reject routes are not default routes");
    }

    #[test]
    fn bad_interface_names_are_refused() {
        for bad in ["", "a/b", "sixteen-chars-xx"] {
            assert!(ifreq_for(bad).is_err(), "{bad:?}");
        }
        assert!(ifreq_for("veth0").is_ok());
    }
}
