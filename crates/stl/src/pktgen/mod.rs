//! Linux pktgen's configuration language, run on riptide's engine.
//!
//! [`parse`] reads a pktgen command script: `pgset "..."` lines, `echo "..." >
//! /proc/net/pktgen/NAME` lines, `PGDEV=/proc/net/pktgen/NAME` context
//! switches, or bare commands; thread sections (`add_device IF[@Q]`,
//! `rem_device_all`) and `start`. [`Script::to_profile`] turns every device into
//! one riptide stream with the kernel's meaning of each command, so the result
//! goes through the ordinary profile compiler. A command riptide cannot honour
//! is an error naming the line.
//!
//! Semantics kept from the kernel (net/core/pktgen.c): `pkt_size` counts the
//! bytes written without FCS (60 = a 64 B frame); defaults `count 1000`,
//! `pkt_size 60`, UDP ports 9 -> 9, TTL 32, MACs 00:00:00:00:00:00 unless set;
//! ranges walk by one per packet unless the matching `*_RND` flag is set;
//! with `flows`/`flowlen` each address/port tuple is kept for `flowlen` packets
//! (flows are sent one after another, as with `FLOW_SEQ`); the UDP checksum is
//! 0 unless `UDPCSUM`; packets carry the pktgen header (magic 0xbe9be955,
//! sequence from 1, departure time in seconds and microseconds; zero time with
//! `NO_TIMESTAMP`) when the frame has room for it. `delay 0` (the default)
//! sends at the port's line rate; `delay`, `rate` (Mb/s) and `ratep` (pps) pace.

use crate::profile::ProfileError;
use crate::schema::{
    EthSpec, Ipv4Spec, Ipv6Spec, Layer, MplsSpec, OneOrMany, PayloadSpec, Profile, StreamSpec, UdpSpec, VarOp, VarSpec,
    VlanSpec, WriteSpec,
};
use crate::size::SizeWalk;
use crate::values::{Mac, RateSpec, SizeSpec, Value};
use riptide_core::Rate;
use riptide_wire::ethernet::EthernetAddress;
use std::collections::BTreeSet;
use std::net::{Ipv4Addr, Ipv6Addr};

pub mod samples;

/// Most `imix_weights` entries pktgen takes.
pub const MAX_IMIX_ENTRIES: usize = 100;

/// pktgen's header magic.
pub const PKTGEN_MAGIC: u32 = 0xbe9b_e955;
/// Length of the pktgen header: magic, sequence, tv_sec, tv_usec.
pub const PKTGEN_HDR_LEN: usize = 16;

const FLAGS: &[&str] = &[
    "IPSRC_RND",
    "IPDST_RND",
    "UDPSRC_RND",
    "UDPDST_RND",
    "MACSRC_RND",
    "MACDST_RND",
    "TXSIZE_RND",
    "IPV6",
    "MPLS_RND",
    "VID_RND",
    "SVID_RND",
    "FLOW_SEQ",
    "QUEUE_MAP_RND",
    "QUEUE_MAP_CPU",
    "UDPCSUM",
    "NO_TIMESTAMP",
    "NODE_ALLOC",
];

/// One device's configuration, with the kernel's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceConfig {
    /// Packets to send (0: until stopped).
    pub count: u64,
    /// Smallest packet, bytes without FCS.
    pub min_pkt_size: u16,
    /// Largest packet.
    pub max_pkt_size: u16,
    /// Nanoseconds between packets (0: line rate).
    pub delay_ns: u64,
    /// Burst (xmit_more): accepted, sends are batched anyway.
    pub burst: u32,
    /// clone_skb: accepted (riptide always reuses its template).
    pub clone_skb: u64,
    /// IPv4 source range.
    pub src: (Ipv4Addr, Ipv4Addr),
    /// IPv4 destination range, if set.
    pub dst: Option<(Ipv4Addr, Ipv4Addr)>,
    /// IPv6 source range.
    pub src6: Option<(Ipv6Addr, Ipv6Addr)>,
    /// IPv6 destination range.
    pub dst6: Option<(Ipv6Addr, Ipv6Addr)>,
    /// Destination MAC and how many consecutive MACs to walk.
    pub dst_mac: (EthernetAddress, u32),
    /// Source MAC and count.
    pub src_mac: Option<(EthernetAddress, u32)>,
    /// UDP source port range.
    pub udp_src: (u16, u16),
    /// UDP destination port range.
    pub udp_dst: (u16, u16),
    /// Concurrent flows (0: no flow tracking).
    pub flows: u32,
    /// Packets per flow.
    pub flowlen: u32,
    /// VLAN id (None: no tag), priority, CFI.
    pub vlan: Option<(u16, u8, bool)>,
    /// S-VLAN (outer tag).
    pub svlan: Option<(u16, u8, bool)>,
    /// MPLS labels (raw 32-bit entries as pktgen takes them).
    pub mpls: Vec<u32>,
    /// IPv4 TOS.
    pub tos: u8,
    /// IPv6 traffic class.
    pub traffic_class: u8,
    /// Flags set.
    pub flags: BTreeSet<String>,
    /// `imix_weights`: (pkt_size, weight) pairs; when set they replace pkt_size.
    pub imix: Vec<(u16, u32)>,
}

impl Default for DeviceConfig {
    fn default() -> Self {
        DeviceConfig {
            count: 1000,
            min_pkt_size: 60,
            max_pkt_size: 60,
            delay_ns: 0,
            burst: 1,
            clone_skb: 0,
            src: (Ipv4Addr::new(198, 18, 0, 1), Ipv4Addr::new(198, 18, 0, 1)),
            dst: None,
            src6: None,
            dst6: None,
            dst_mac: (EthernetAddress([0; 6]), 0),
            src_mac: None,
            udp_src: (9, 9),
            udp_dst: (9, 9),
            flows: 0,
            flowlen: 0,
            vlan: None,
            svlan: None,
            mpls: Vec::new(),
            tos: 0,
            traffic_class: 0,
            flags: BTreeSet::new(),
            imix: Vec::new(),
        }
    }
}

/// A device added to a pktgen thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Device {
    /// Interface name as written (`eth1` of `eth1@3`).
    pub ifname: String,
    /// The `@N` queue suffix, if any.
    pub queue: Option<u32>,
    /// The kpktgend thread it was added to.
    pub thread: String,
    /// Its configuration.
    pub config: DeviceConfig,
}

impl Device {
    /// The device's proc name: `eth1` or `eth1@3`.
    pub fn name(&self) -> String {
        match self.queue {
            Some(q) => format!("{}@{q}", self.ifname),
            None => self.ifname.clone(),
        }
    }
}

/// A parsed pktgen script.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Script {
    /// Devices in the order they were added.
    pub devices: Vec<Device>,
    /// Whether the script said `start`.
    pub started: bool,
}

fn err(file: &str, line: usize, msg: impl Into<String>) -> ProfileError {
    ProfileError { file: file.into(), line: Some(line as u64), column: None, key: None, message: msg.into() }
}

/// Extracts (context, command) from one script line, or `None` for blank/comment.
fn split_line(raw: &str) -> Result<Option<(Option<String>, String)>, String> {
    let l = raw.trim();
    if l.is_empty() || l.starts_with('#') {
        return Ok(None);
    }
    if let Some(rest) = l.strip_prefix("PGDEV=") {
        let dev = rest.trim_matches(|c| c == '"' || c == '\'');
        let name = dev.rsplit('/').next().unwrap_or(dev);
        return Ok(Some((Some(name.to_string()), String::new())));
    }
    let unquote = |s: &str| -> Result<String, String> {
        let s = s.trim();
        let q = s.chars().next().filter(|c| *c == '"' || *c == '\'');
        match q {
            Some(q) => s[1..].find(q).map(|end| s[1..1 + end].to_string()).ok_or_else(|| "unclosed quote".to_string()),
            None => Ok(s.to_string()),
        }
    };
    if let Some(rest) = l.strip_prefix("pgset ") {
        return Ok(Some((None, unquote(rest)?)));
    }
    if let Some(rest) = l.strip_prefix("echo ") {
        let (cmd, target) = rest.split_once('>').ok_or("echo without '> /proc/net/pktgen/...'")?;
        let target = target.trim();
        let name = target.rsplit('/').next().unwrap_or(target).to_string();
        return Ok(Some((Some(name), unquote(cmd)?)));
    }
    Ok(Some((None, l.to_string())))
}

fn num<T: std::str::FromStr>(v: Option<&str>, what: &str) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{what} needs a value"))?;
    v.parse::<T>().map_err(|_| format!("{what}: '{v}' is not a valid number"))
}

fn ip4(v: Option<&str>, what: &str) -> Result<Ipv4Addr, String> {
    let v = v.ok_or_else(|| format!("{what} needs an address"))?;
    v.parse().map_err(|_| format!("{what}: '{v}' is not an IPv4 address"))
}

fn ip6(v: Option<&str>, what: &str) -> Result<Ipv6Addr, String> {
    let v = v.ok_or_else(|| format!("{what} needs an address"))?;
    v.parse().map_err(|_| format!("{what}: '{v}' is not an IPv6 address"))
}

fn mac(v: Option<&str>, what: &str) -> Result<EthernetAddress, String> {
    let v = v.ok_or_else(|| format!("{what} needs a MAC address"))?;
    v.parse().map_err(|_| format!("{what}: '{v}' is not a MAC address"))
}

/// Parses a pktgen script (`file` names it in errors).
pub fn parse(text: &str, file: &str) -> Result<Script, ProfileError> {
    let mut script = Script::default();
    let mut ctx: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let Some((new_ctx, cmd)) = split_line(raw).map_err(|m| err(file, n, m))? else { continue };
        if let Some(c) = new_ctx {
            ctx = Some(c);
        }
        if cmd.is_empty() {
            continue;
        }
        let target = ctx.clone().ok_or_else(|| err(file, n, "command before any PGDEV= or echo target"))?;
        apply(&mut script, &target, &cmd).map_err(|m| err(file, n, format!("{cmd}: {m}")))?;
    }
    if script.devices.is_empty() {
        return Err(ProfileError::new(file, "no device added (expected 'add_device IF' in a kpktgend_N section)"));
    }
    Ok(script)
}

/// Applies one command written to `/proc/net/pktgen/TARGET` (`pgctrl`, `kpktgend_N`
/// or a device), as the kernel's write does; the message says why it was refused.
pub fn apply(script: &mut Script, target: &str, cmd: &str) -> Result<(), String> {
    let mut words = cmd.split_whitespace();
    let key = words.next().unwrap_or("");
    let arg = words.next();
    if target == "pgctrl" {
        return match key {
            "start" => {
                script.started = true;
                Ok(())
            }
            "stop" | "reset" => Ok(()),
            _ => Err("pgctrl takes start, stop or reset".into()),
        };
    }
    if target.starts_with("kpktgend_") {
        return match key {
            "rem_device_all" => {
                script.devices.retain(|d| d.thread != target);
                Ok(())
            }
            "add_device" => {
                let a = arg.ok_or("add_device needs an interface name")?;
                let (ifname, queue) = match a.split_once('@') {
                    Some((i, q)) => (i, Some(num::<u32>(Some(q), "queue")?)),
                    None => (a, None),
                };
                if script.devices.iter().any(|d| d.ifname == ifname && d.queue == queue) {
                    return Err(format!("{a} is already added"));
                }
                script.devices.push(Device {
                    ifname: ifname.into(),
                    queue,
                    thread: target.into(),
                    config: DeviceConfig::default(),
                });
                Ok(())
            }
            "max_before_softirq" => Ok(()),
            _ => Err(format!("a thread takes add_device or rem_device_all, not '{key}'")),
        };
    }
    let dev = script
        .devices
        .iter_mut()
        .find(|d| d.name() == target)
        .ok_or_else(|| format!("device '{target}' was not added to any thread (add_device first)"))?;
    configure(&mut dev.config, key, arg, cmd)
}

fn configure(c: &mut DeviceConfig, key: &str, arg: Option<&str>, cmd: &str) -> Result<(), String> {
    match key {
        "count" => c.count = num(arg, key)?,
        "pkt_size" => {
            let v: u16 = num(arg, key)?;
            c.min_pkt_size = v;
            c.max_pkt_size = v;
        }
        "min_pkt_size" => c.min_pkt_size = num(arg, key)?,
        "imix_weights" => {
            // `imix_weights 60,7 590,4 1514,1` (kernel >= 5.11; at most 100 entries).
            let pairs: Vec<&str> = cmd.split_whitespace().skip(1).collect();
            if pairs.is_empty() || pairs.len() > MAX_IMIX_ENTRIES {
                return Err(format!("expected 1 to {MAX_IMIX_ENTRIES} SIZE,WEIGHT pairs"));
            }
            c.imix = pairs
                .iter()
                .map(|p| {
                    let (sz, w) = p.split_once(',').ok_or_else(|| format!("'{p}' is not SIZE,WEIGHT"))?;
                    let sz: u16 = sz.parse().map_err(|_| format!("'{sz}' is not a packet size"))?;
                    let w: u32 = w.parse().map_err(|_| format!("'{w}' is not a weight"))?;
                    if w == 0 {
                        return Err(format!("'{p}': the weight must be positive"));
                    }
                    Ok((sz, w))
                })
                .collect::<Result<_, String>>()?;
        }
        "max_pkt_size" => c.max_pkt_size = num(arg, key)?,
        "frags" => {
            if num::<u32>(arg, key)? > 0 {
                return Err("fragmented skbs (frags > 0) are not supported".into());
            }
        }
        "delay" => c.delay_ns = num(arg, key)?,
        "rate" => {
            let mbps: f64 = num(arg, key)?;
            if mbps <= 0.0 {
                return Err("rate must be positive (Mb/s)".into());
            }
            c.delay_ns = (c.min_pkt_size as f64 * 8.0 * 1000.0 / mbps) as u64;
        }
        "ratep" => {
            let pps: f64 = num(arg, key)?;
            if pps <= 0.0 {
                return Err("ratep must be positive (packets/s)".into());
            }
            c.delay_ns = (1e9 / pps) as u64;
        }
        "burst" => c.burst = num(arg, key)?,
        "clone_skb" => c.clone_skb = num(arg, key)?,
        "dst" => {
            let a = ip4(arg, key)?;
            c.dst = Some((a, a));
        }
        "dst_min" => {
            let a = ip4(arg, key)?;
            c.dst = Some((a, c.dst.map(|d| d.1).unwrap_or(a)));
        }
        "dst_max" => {
            let a = ip4(arg, key)?;
            c.dst = Some((c.dst.map(|d| d.0).unwrap_or(a), a));
        }
        "src_min" => c.src.0 = ip4(arg, key)?,
        "src_max" => c.src.1 = ip4(arg, key)?,
        "dst6" | "dst6_min" => {
            let a = ip6(arg, key)?;
            c.dst6 = Some((a, if key == "dst6" { a } else { c.dst6.map(|d| d.1).unwrap_or(a) }));
        }
        "dst6_max" => {
            let a = ip6(arg, key)?;
            c.dst6 = Some((c.dst6.map(|d| d.0).unwrap_or(a), a));
        }
        "src6" => {
            let a = ip6(arg, key)?;
            c.src6 = Some((a, a));
        }
        "dst_mac" => c.dst_mac.0 = mac(arg, key)?,
        "src_mac" => c.src_mac = Some((mac(arg, key)?, c.src_mac.map(|m| m.1).unwrap_or(0))),
        "dst_mac_count" => c.dst_mac.1 = num(arg, key)?,
        "src_mac_count" => {
            let n = num(arg, key)?;
            c.src_mac = Some((c.src_mac.map(|m| m.0).unwrap_or(EthernetAddress([2, 0, 0, 0, 0, 1])), n));
        }
        "udp_src_min" => c.udp_src.0 = num(arg, key)?,
        "udp_src_max" => c.udp_src.1 = num(arg, key)?,
        "udp_dst_min" => c.udp_dst.0 = num(arg, key)?,
        "udp_dst_max" => c.udp_dst.1 = num(arg, key)?,
        "flows" => c.flows = num(arg, key)?,
        "flowlen" => c.flowlen = num(arg, key)?,
        "queue_map_min" | "queue_map_max" | "node" | "skb_priority" | "debug" => {
            num::<u64>(arg, key)?;
        }
        // The kernel zeroes the device's counters; riptide's start from zero each run.
        "clear_counters" => {}
        "vlan_id" | "svlan_id" => {
            let id: u32 = num(arg, key)?;
            let slot = if key == "vlan_id" { &mut c.vlan } else { &mut c.svlan };
            // The kernel treats 0xffff as "no tag".
            *slot = if id >= 4096 {
                None
            } else {
                Some((id as u16, slot.map(|v| v.1).unwrap_or(0), slot.is_some_and(|v| v.2)))
            };
        }
        "vlan_p" | "svlan_p" | "vlan_cfi" | "svlan_cfi" => {
            let v: u8 = num(arg, key)?;
            let slot = if key.starts_with('v') { &mut c.vlan } else { &mut c.svlan };
            if let Some(tag) = slot.as_mut() {
                if key.ends_with("_p") {
                    tag.1 = v.min(7);
                } else {
                    tag.2 = v != 0;
                }
            }
        }
        "mpls" => {
            let list = arg.ok_or("mpls needs a comma-separated list of hex labels (0 turns MPLS off)")?;
            let mut labels = Vec::new();
            for h in list.split(',') {
                let v = u32::from_str_radix(h.trim().trim_start_matches("0x"), 16)
                    .map_err(|_| format!("mpls: '{h}' is not a hex label entry"))?;
                labels.push(v);
            }
            c.mpls = if labels == [0] { Vec::new() } else { labels };
        }
        "tos" => {
            c.tos = u8::from_str_radix(arg.ok_or("tos needs a hex value")?.trim_start_matches("0x"), 16)
                .map_err(|_| "tos: not a hex byte")?
        }
        "traffic_class" => {
            c.traffic_class =
                u8::from_str_radix(arg.ok_or("traffic_class needs a hex value")?.trim_start_matches("0x"), 16)
                    .map_err(|_| "traffic_class: not a hex byte")?
        }
        "xmit_mode" => match arg {
            Some("start_xmit") => {}
            Some(m) => return Err(format!("xmit_mode '{m}' is not supported (only start_xmit)")),
            None => return Err("xmit_mode needs a mode".into()),
        },
        "flag" => {
            let f = arg.ok_or("flag needs a name")?;
            let (neg, name) = match f.strip_prefix('!') {
                Some(n) => (true, n),
                None => (false, f),
            };
            if !FLAGS.contains(&name) {
                return Err(format!("flag {name} is not supported (supported: {})", FLAGS.join(", ")));
            }
            if neg {
                c.flags.remove(name);
            } else {
                c.flags.insert(name.to_string());
            }
        }
        _ => return Err(format!("'{cmd}' is not a pktgen command riptide supports")),
    }
    Ok(())
}

fn spanned<T>(v: T) -> serde_saphyr::Spanned<T> {
    serde_saphyr::Spanned::new(v, serde_saphyr::Location::UNKNOWN, serde_saphyr::Location::UNKNOWN)
}

fn mac_value(m: EthernetAddress) -> u64 {
    m.0.iter().fold(0u64, |a, &b| (a << 8) | b as u64)
}

impl DeviceConfig {
    fn has(&self, f: &str) -> bool {
        self.flags.contains(f)
    }

    /// Bytes of headers before the UDP payload.
    pub fn header_len(&self) -> usize {
        let l3 = if self.has("IPV6") { 40 } else { 20 };
        14 + 4 * (self.vlan.is_some() as usize + self.svlan.is_some() as usize) + 4 * self.mpls.len() + l3 + 8
    }

    /// The smallest packet this device sends (bytes without FCS).
    pub fn smallest(&self) -> u16 {
        self.imix.iter().map(|&(s, _)| s).min().unwrap_or(self.min_pkt_size)
    }

    /// The stream this device sends, on port `port`.
    pub fn to_stream(&self, name: &str, port: u16, seed: u64) -> Result<StreamSpec, String> {
        let hdr = self.header_len();
        if (self.smallest() as usize) < hdr {
            return Err(format!("pkt_size {} is smaller than the {hdr} bytes of headers", self.smallest()));
        }
        if self.min_pkt_size > self.max_pkt_size {
            return Err(format!("min_pkt_size {} is above max_pkt_size {}", self.min_pkt_size, self.max_pkt_size));
        }
        let v6 = self.has("IPV6");
        let mut layers = vec![Layer::Eth(EthSpec {
            src: self.src_mac.map(|m| Mac(m.0)),
            dst: Some(Mac(self.dst_mac.0)),
            ethertype: None,
        })];
        if let Some((id, pcp, dei)) = self.svlan {
            layers.push(Layer::Vlan(VlanSpec { id: Some(id), pcp, dei, tpid: Some(0x88A8) }));
        }
        if let Some((id, pcp, dei)) = self.vlan {
            layers.push(Layer::Vlan(VlanSpec { id: Some(id), pcp, dei, tpid: Some(0x8100) }));
        }
        for &entry in &self.mpls {
            layers.push(Layer::Mpls(MplsSpec {
                label: entry >> 12,
                tc: ((entry >> 9) & 7) as u8,
                ttl: Some((entry & 0xff) as u8).filter(|&t| t > 0),
            }));
        }
        let mut vars = Vec::new();
        let hold = if self.flows > 0 && self.flowlen > 0 { Some(self.flowlen as u64) } else { None };
        let mut var = |name: &str, rnd: bool, lo: u64, hi: u64, size: u8, field: &str, hold: Option<u64>| {
            if lo < hi {
                vars.push(VarSpec {
                    size: Some(size),
                    min: Some(Value(lo)),
                    max: Some(Value(hi)),
                    hold,
                    write: Some(OneOrMany::One(field.into())),
                    ..VarSpec::new(name, if rnd { VarOp::Random } else { VarOp::Inc })
                });
            }
        };
        if v6 {
            let dst = self.dst6.ok_or("IPV6 needs dst6 (or dst6_min/dst6_max)")?;
            let src = self.src6.map(|s| s.0).unwrap_or(Ipv6Addr::new(0x2001, 2, 0, 0, 0, 0, 0, 1));
            layers.push(Layer::Ipv6(Ipv6Spec {
                src: Some(src),
                dst: Some(dst.0),
                hop_limit: Some(32),
                tc: self.traffic_class,
                flow_label: 0,
                next_header: None,
            }));
            let (lo, hi) = (u128::from(dst.0) as u64, u128::from(dst.1) as u64);
            if (u128::from(dst.0) >> 64) != (u128::from(dst.1) >> 64) {
                return Err("dst6_min and dst6_max must share their upper 64 bits".into());
            }
            var("dst6", self.has("IPDST_RND"), lo, hi, 8, "ipv6.dst", hold);
        } else {
            let dst = self.dst.ok_or("no destination: set dst (or dst_min/dst_max)")?;
            if u32::from(dst.0) > u32::from(dst.1) || u32::from(self.src.0) > u32::from(self.src.1) {
                return Err("an address range has min above max".into());
            }
            layers.push(Layer::Ipv4(Ipv4Spec {
                src: Some(self.src.0),
                dst: Some(dst.0),
                ttl: Some(32),
                tos: self.tos,
                id: 0,
                df: false,
                proto: None,
                ..Ipv4Spec::default()
            }));
            var(
                "src",
                self.has("IPSRC_RND"),
                u32::from(self.src.0) as u64,
                u32::from(self.src.1) as u64,
                4,
                "ipv4.src",
                hold,
            );
            var("dst", self.has("IPDST_RND"), u32::from(dst.0) as u64, u32::from(dst.1) as u64, 4, "ipv4.dst", hold);
        }
        layers.push(Layer::Udp(UdpSpec {
            sport: Some(self.udp_src.0),
            dport: Some(self.udp_dst.0),
            checksum: Some(self.has("UDPCSUM")),
        }));
        if self.udp_src.0 > self.udp_src.1 || self.udp_dst.0 > self.udp_dst.1 {
            return Err("a UDP port range has min above max".into());
        }
        var("sport", self.has("UDPSRC_RND"), self.udp_src.0 as u64, self.udp_src.1 as u64, 2, "udp.sport", hold);
        var("dport", self.has("UDPDST_RND"), self.udp_dst.0 as u64, self.udp_dst.1 as u64, 2, "udp.dport", hold);
        if self.dst_mac.1 > 1 {
            let m = mac_value(self.dst_mac.0);
            var("dmac", self.has("MACDST_RND"), m, m + self.dst_mac.1 as u64 - 1, 8, "eth.dst", None);
        }
        if let Some((m, n)) = self.src_mac.filter(|m| m.1 > 1) {
            let m = mac_value(m);
            var("smac", self.has("MACSRC_RND"), m, m + n as u64 - 1, 8, "eth.src", None);
        }
        if self.has("VID_RND") && self.vlan.is_some() {
            let field = if self.svlan.is_some() { "vlan[1].id" } else { "vlan.id" };
            var("vid", true, 0, 4095, 2, field, None);
        }
        if self.has("SVID_RND") && self.svlan.is_some() {
            var("svid", true, 0, 4095, 2, "vlan.id", None);
        }
        if self.has("MPLS_RND") {
            for i in 0..self.mpls.len() {
                let field = if i == 0 { "mpls.label".to_string() } else { format!("mpls[{i}].label") };
                var(&format!("label{i}"), true, 0, 0xF_FFFF, 4, &field, None);
            }
        }
        // The pktgen header, when the smallest frame has room for it.
        let mut writes = Vec::new();
        let mut payload = None;
        if self.smallest() as usize >= hdr + PKTGEN_HDR_LEN {
            payload =
                Some(PayloadSpec { hex: Some(format!("{PKTGEN_MAGIC:08x}")), pattern: None, string: None, len: None });
            vars.push(VarSpec {
                size: Some(4),
                min: Some(Value(1)),
                max: Some(Value(u32::MAX as u64)),
                ..VarSpec::new("pg_seq", VarOp::Inc)
            });
            writes.push(WriteSpec::at("pg_seq", (hdr + 4) as u16, 4));
            if !self.has("NO_TIMESTAMP") {
                for (name, op, off) in [("pg_sec", VarOp::TimeSec, 8), ("pg_usec", VarOp::TimeUsec, 12)] {
                    vars.push(VarSpec { size: Some(4), ..VarSpec::new(name, op) });
                    writes.push(WriteSpec::at(name, (hdr + off) as u16, 4));
                }
            }
        }
        if let Some(p) = payload {
            layers.push(Layer::Payload(p));
        }
        let size = if !self.imix.is_empty() {
            SizeSpec::Mix(self.imix.iter().map(|&(s, w)| (s + 4, w)).collect())
        } else if self.min_pkt_size == self.max_pkt_size {
            SizeSpec::Fixed(self.min_pkt_size + 4)
        } else {
            SizeSpec::Range {
                min: self.min_pkt_size + 4,
                max: self.max_pkt_size + 4,
                step: 1,
                walk: if self.has("TXSIZE_RND") { SizeWalk::Random } else { SizeWalk::Inc },
            }
        };
        let rate = if self.delay_ns == 0 { Rate::Percent(100.0) } else { Rate::Pps(1e9 / self.delay_ns as f64) };
        Ok(StreamSpec {
            name: Some(name.into()),
            source: None,
            enabled: true,
            self_start: true,
            port,
            packet: layers,
            frame: None,
            raw: false,
            size,
            rate: RateSpec(rate),
            fixed_rate: false,
            mode: if self.count == 0 {
                crate::schema::ModeSpec::Continuous
            } else {
                crate::schema::ModeSpec::Burst { packets: self.count }
            },
            isg: None,
            next: None,
            action_count: 0,
            vars: vars.into_iter().map(spanned).collect(),
            writes: writes.into_iter().map(spanned).collect(),
            seed: Some(seed),
            flow_stats: None,
            latency: None,
        })
    }
}

impl Script {
    /// One stream per device; `port_of(i)` picks each device's port index.
    pub fn to_profile(&self, file: &str, port_of: impl Fn(usize) -> u16) -> Result<Profile, ProfileError> {
        let mut streams = Vec::new();
        for (i, d) in self.devices.iter().enumerate() {
            let s = d
                .config
                .to_stream(&d.name(), port_of(i), 0x9e37 + i as u64)
                .map_err(|m| ProfileError { key: Some(d.name()), ..ProfileError::new(file, m) })?;
            streams.push(spanned(s));
        }
        Ok(Profile { description: Some(format!("pktgen script {file}")), seed: None, streams, vlans: Vec::new() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = r#"
# a pktgen script
PGDEV=/proc/net/pktgen/kpktgend_0
pgset "rem_device_all"
pgset "add_device eth1"
PGDEV=/proc/net/pktgen/eth1
pgset "count 100000"
pgset "pkt_size 60"
pgset "dst_min 198.19.0.1"
pgset "dst_max 198.19.0.254"
pgset "udp_src_min 9"
pgset "udp_src_max 109"
pgset "flag UDPSRC_RND"
pgset "flows 8"
pgset "flowlen 4"
echo "dst_mac 02:00:00:00:00:02" > /proc/net/pktgen/eth1
PGDEV=/proc/net/pktgen/pgctrl
pgset "start"
"#;

    #[test]
    fn parses_the_vocabulary() {
        let s = parse(SCRIPT, "t.sh").unwrap();
        assert!(s.started);
        assert_eq!(s.devices.len(), 1);
        let c = &s.devices[0].config;
        assert_eq!(c.count, 100_000);
        assert_eq!(c.dst, Some((Ipv4Addr::new(198, 19, 0, 1), Ipv4Addr::new(198, 19, 0, 254))));
        assert_eq!(c.udp_src, (9, 109));
        assert!(c.flags.contains("UDPSRC_RND"));
        assert_eq!((c.flows, c.flowlen), (8, 4));
        let p = s.to_profile("t.sh", |_| 0).unwrap();
        crate::profile::compile(&p, "t.sh").unwrap();
    }

    #[test]
    fn errors_name_the_line() {
        let bad = "PGDEV=/proc/net/pktgen/kpktgend_0\npgset \"add_device eth0\"\nPGDEV=/proc/net/pktgen/eth0\npgset \"flag IPSEC\"\n";
        let e = parse(bad, "b.sh").unwrap_err();
        assert_eq!(e.line, Some(4));
        assert!(e.message.contains("IPSEC"), "{e}");
        let e = parse("PGDEV=/proc/net/pktgen/eth9\npgset \"count 5\"\n", "c.sh").unwrap_err();
        assert!(e.message.contains("not added"), "{e}");
        let e = parse(
            "PGDEV=/proc/net/pktgen/kpktgend_0\npgset \"add_device e\"\nPGDEV=/proc/net/pktgen/e\npgset \"frags 2\"\n",
            "d.sh",
        )
        .unwrap_err();
        assert!(e.message.contains("frags"), "{e}");
        let e = parse("PGDEV=/proc/net/pktgen/kpktgend_0\npgset \"add_device e\"\nPGDEV=/proc/net/pktgen/e\npgset \"xmit_mode queue_xmit\"\n", "d.sh").unwrap_err();
        assert!(e.message.contains("start_xmit"), "{e}");
    }
}
