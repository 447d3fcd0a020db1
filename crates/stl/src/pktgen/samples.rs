//! The configurations of the kernel's `samples/pktgen` scripts, as pktgen command scripts.
//!
//! `riptide pktgen --sample 01 -i IF ...` takes the sample scripts' options (`-i -s -d -m
//! -p -t -f -c -n -b -w -6`) with their defaults and writes the commands those scripts
//! would write to /proc/net/pktgen, in the vocabulary [`super::parse`] reads:
//!
//! | sample | kernel script | what it sends |
//! |---|---|---|
//! | `01` | pktgen_sample01_simple.sh | one thread, one destination, random UDP source port 9-109; `-m` required |
//! | `02` | pktgen_sample02_multiqueue.sh | `-t` threads (`IF@N`), destination range from `-d` (CIDR), random UDP source port |
//! | `03` | pktgen_sample03_burst_single_flow.sh | one flow per thread, `burst` 32, until stopped |
//! | `04` | pktgen_sample04_many_flows.sh | random sources over 198.18.0.0/15, 8000 flows of 10 packets, `FLOW_SEQ` |
//! | `05` | pktgen_sample05_flow_per_thread.sh | one flow per thread, source 198.18.(thread+1).1, `burst` 32 |
//! | `imix` | (riptide's; the kernel has `imix_weights` but no sample) | sample 01 with the simple IMIX 7:4:1 of 64/590/1514 B frames |
//!
//! A count of 0 ("until stopped") runs for riptide's default bound, 10 s.

use std::fmt::Write;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// Which sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// pktgen_sample01_simple.sh.
    Simple,
    /// pktgen_sample02_multiqueue.sh.
    Multiqueue,
    /// pktgen_sample03_burst_single_flow.sh.
    BurstSingleFlow,
    /// pktgen_sample04_many_flows.sh.
    ManyFlows,
    /// pktgen_sample05_flow_per_thread.sh.
    FlowPerThread,
    /// riptide's IMIX variant of sample 01.
    Imix,
}

impl FromStr for Sample {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "01" | "1" | "simple" => Sample::Simple,
            "02" | "2" | "multiqueue" => Sample::Multiqueue,
            "03" | "3" | "burst" | "burst_single_flow" => Sample::BurstSingleFlow,
            "04" | "4" | "many_flows" => Sample::ManyFlows,
            "05" | "5" | "flow_per_thread" => Sample::FlowPerThread,
            "imix" => Sample::Imix,
            _ => return Err(format!("unknown sample '{s}' (expected 01, 02, 03, 04, 05 or imix)")),
        })
    }
}

impl Sample {
    /// The kernel script it reproduces.
    pub fn script_name(self) -> &'static str {
        match self {
            Sample::Simple => "pktgen_sample01_simple.sh",
            Sample::Multiqueue => "pktgen_sample02_multiqueue.sh",
            Sample::BurstSingleFlow => "pktgen_sample03_burst_single_flow.sh",
            Sample::ManyFlows => "pktgen_sample04_many_flows.sh",
            Sample::FlowPerThread => "pktgen_sample05_flow_per_thread.sh",
            Sample::Imix => "riptide imix (sample 01 + imix_weights)",
        }
    }
}

/// The sample scripts' options (parameters.sh); `None` takes the sample's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SampleParams {
    /// `-i`: output interface (required).
    pub dev: String,
    /// `-s`: packet size without FCS (default 60).
    pub pkt_size: Option<u16>,
    /// `-d`: destination address or CIDR range.
    pub dest: Option<String>,
    /// `-m`: destination MAC.
    pub dst_mac: Option<String>,
    /// `-p`: destination UDP port or range `A-B`.
    pub dst_port: Option<String>,
    /// `-t`: threads (default 1).
    pub threads: Option<u32>,
    /// `-f`: first thread (default 0).
    pub first_thread: Option<u32>,
    /// `-c`: clone_skb.
    pub clone_skb: Option<u64>,
    /// `-n`: packets per thread (0: until stopped).
    pub count: Option<u64>,
    /// `-b`: burst.
    pub burst: Option<u32>,
    /// `-w`: delay between packets, ns.
    pub delay: Option<u64>,
    /// `-6`: IPv6.
    pub ipv6: bool,
}

/// Address range of `-d`: one address or a CIDR block (network to broadcast address).
fn addr_range(s: &str, v6: bool) -> Result<(String, String), String> {
    let (a, bits) = match s.split_once('/') {
        Some((a, b)) => (a, Some(b.parse::<u32>().map_err(|_| format!("-d {s}: bad prefix length '{b}'"))?)),
        None => (s, None),
    };
    if v6 {
        let ip: Ipv6Addr = a.parse().map_err(|_| format!("-d {s}: '{a}' is not an IPv6 address"))?;
        let bits = bits.unwrap_or(128);
        if bits > 128 {
            return Err(format!("-d {s}: prefix longer than 128"));
        }
        let host = if bits == 0 { u128::MAX } else { (1u128 << (128 - bits)).wrapping_sub(1) };
        let lo = u128::from(ip) & !host;
        Ok((Ipv6Addr::from(lo).to_string(), Ipv6Addr::from(lo | host).to_string()))
    } else {
        let ip: Ipv4Addr = a.parse().map_err(|_| format!("-d {s}: '{a}' is not an IPv4 address"))?;
        let bits = bits.unwrap_or(32);
        if bits > 32 {
            return Err(format!("-d {s}: prefix longer than 32"));
        }
        let host = if bits == 0 { u32::MAX } else { (1u32 << (32 - bits)).wrapping_sub(1) };
        let lo = u32::from(ip) & !host;
        Ok((Ipv4Addr::from(lo).to_string(), Ipv4Addr::from(lo | host).to_string()))
    }
}

fn port_range(s: &str) -> Result<(u16, u16), String> {
    let p = |x: &str| x.trim().parse::<u16>().map_err(|_| format!("-p {s}: '{x}' is not a port"));
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (p(a)?, p(b)?),
        None => (p(s)?, p(s)?),
    };
    if lo > hi {
        return Err(format!("-p {s}: {lo} is above {hi}"));
    }
    Ok((lo, hi))
}

/// The pktgen command script of `sample` with `p`'s options.
pub fn script(sample: Sample, p: &SampleParams) -> Result<String, String> {
    use Sample as S;
    if p.dev.is_empty() {
        return Err("-i IF is required (the interface to send on)".into());
    }
    if p.dev.contains(['@', '/', ' ']) {
        return Err(format!("-i {}: an interface name, without @ or /", p.dev));
    }
    let v6 = p.ipv6;
    if v6 && sample == S::FlowPerThread {
        return Err("sample 05 is IPv4 only (as the kernel's)".into());
    }
    let dst_mac = match (&p.dst_mac, sample) {
        (Some(m), _) => m.clone(),
        (None, S::Simple | S::Imix) => return Err("-m DST_MAC is required (as in the kernel's sample 01)".into()),
        (None, _) => "90:e2:ba:ff:ff:ff".into(),
    };
    let dest = p.dest.clone().unwrap_or_else(|| if v6 { "FD00::1".into() } else { "198.18.0.42".into() });
    let (dmin, dmax) = addr_range(&dest, v6)?;
    let udp_dst = p.dst_port.as_deref().map(port_range).transpose()?;
    let default_count = match sample {
        S::Simple | S::Multiqueue | S::Imix => 100_000,
        _ => 0,
    };
    let count = p.count.unwrap_or(default_count);
    let burst = match sample {
        S::BurstSingleFlow | S::FlowPerThread => Some(p.burst.unwrap_or(32)),
        S::ManyFlows if p.burst.is_some() => return Err("-b: bursting is not supported by sample 04".into()),
        _ => p.burst,
    };
    let pkt_size = p.pkt_size.unwrap_or(60);
    let (first, threads) = (p.first_thread.unwrap_or(0), p.threads.unwrap_or(1).max(1));
    if threads > 256 {
        return Err(format!("-t {threads}: at most 256 threads"));
    }
    let single = matches!(sample, S::Simple | S::Imix);
    let ip6 = if v6 { "6" } else { "" };

    let mut o = String::new();
    let _ = writeln!(o, "# riptide pktgen --sample: the configuration of the kernel's {}", sample.script_name());
    let _ = writeln!(o, "PGDEV=/proc/net/pktgen/pgctrl\npgset \"reset\"");
    let thread_range = if single { 0..1 } else { first..first + threads };
    for t in thread_range {
        let dev = if single { p.dev.clone() } else { format!("{}@{t}", p.dev) };
        let _ = writeln!(o, "PGDEV=/proc/net/pktgen/kpktgend_{t}");
        let _ = writeln!(o, "pgset \"rem_device_all\"\npgset \"add_device {dev}\"");
        let _ = writeln!(o, "PGDEV=/proc/net/pktgen/{dev}");
        let mut set = |cmd: String| {
            let _ = writeln!(o, "pgset \"{cmd}\"");
        };
        if !single {
            set("flag QUEUE_MAP_CPU".into());
        }
        set(format!("count {count}"));
        set(format!("clone_skb {}", p.clone_skb.unwrap_or(0)));
        set(format!("pkt_size {pkt_size}"));
        set(format!("delay {}", p.delay.unwrap_or(0)));
        set("flag NO_TIMESTAMP".into());
        set(format!("dst_mac {dst_mac}"));
        if v6 {
            set("flag IPV6".into());
        }
        match sample {
            S::Simple | S::Imix | S::FlowPerThread => set(format!("dst{ip6} {dmin}")),
            _ => {
                set(format!("dst{ip6}_min {dmin}"));
                set(format!("dst{ip6}_max {dmax}"));
            }
        }
        if let Some((lo, hi)) = udp_dst {
            set("flag UDPDST_RND".into());
            set(format!("udp_dst_min {lo}"));
            set(format!("udp_dst_max {hi}"));
        }
        match sample {
            S::Simple | S::Multiqueue | S::Imix => {
                set("flag UDPSRC_RND".into());
                set("udp_src_min 9".into());
                set("udp_src_max 109".into());
            }
            S::ManyFlows => {
                set("flag IPSRC_RND".into());
                set("src_min 198.18.0.0".into());
                set("src_max 198.19.255.255".into());
                set("flows 8000".into());
                set("flowlen 10".into());
                set("flag FLOW_SEQ".into());
            }
            S::FlowPerThread => {
                let n = t + 1;
                if n > 255 {
                    return Err(format!("sample 05: thread {t} has no 198.18.{n}.1 source"));
                }
                set(format!("src_min 198.18.{n}.1"));
                set(format!("src_max 198.18.{n}.1"));
            }
            S::BurstSingleFlow => {}
        }
        if sample == S::Imix {
            set("imix_weights 60,7 590,4 1514,1".into());
        }
        if let Some(b) = burst.filter(|&b| b > 0) {
            set(format!("burst {b}"));
        }
    }
    let _ = writeln!(o, "PGDEV=/proc/net/pktgen/pgctrl\npgset \"start\"");
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pktgen::parse;

    fn params(dev: &str) -> SampleParams {
        SampleParams { dev: dev.into(), dst_mac: Some("02:00:00:00:00:02".into()), ..Default::default() }
    }

    #[test]
    fn every_sample_parses_with_the_kernel_defaults() {
        for s in ["01", "02", "03", "04", "05", "imix"] {
            let sample: Sample = s.parse().unwrap();
            let text = script(sample, &params("eth9")).unwrap();
            let sc = parse(&text, s).unwrap_or_else(|e| panic!("{s}: {e}\n{text}"));
            assert_eq!(sc.devices.len(), 1, "{s}");
            let c = &sc.devices[0].config;
            assert_eq!(c.min_pkt_size, 60, "{s}");
            assert!(c.flags.contains("NO_TIMESTAMP"), "{s}");
            let want_count = if matches!(s, "01" | "02" | "imix") { 100_000 } else { 0 };
            assert_eq!(c.count, want_count, "{s}");
            match s {
                "01" | "imix" => {
                    assert_eq!(sc.devices[0].name(), "eth9");
                    assert_eq!(c.udp_src, (9, 109));
                    assert!(c.flags.contains("UDPSRC_RND"));
                }
                "02" => assert_eq!(sc.devices[0].name(), "eth9@0"),
                "03" | "05" => assert_eq!(c.burst, 32, "{s}"),
                "04" => {
                    assert_eq!((c.flows, c.flowlen), (8000, 10));
                    assert_eq!(c.src, ("198.18.0.0".parse().unwrap(), "198.19.255.255".parse().unwrap()));
                }
                _ => {}
            }
        }
        let imix = parse(&script(Sample::Imix, &params("e")).unwrap(), "imix").unwrap();
        assert_eq!(imix.devices[0].config.imix, vec![(60, 7), (590, 4), (1514, 1)]);
    }

    #[test]
    fn threads_cidr_ports_and_ipv6() {
        let p = SampleParams {
            dest: Some("198.18.0.0/24".into()),
            dst_port: Some("433-444".into()),
            threads: Some(3),
            first_thread: Some(1),
            ..params("eth0")
        };
        let sc = parse(&script(Sample::Multiqueue, &p).unwrap(), "02").unwrap();
        let names: Vec<String> = sc.devices.iter().map(|d| d.name()).collect();
        assert_eq!(names, ["eth0@1", "eth0@2", "eth0@3"]);
        let c = &sc.devices[2].config;
        assert_eq!(c.dst, Some(("198.18.0.0".parse().unwrap(), "198.18.0.255".parse().unwrap())));
        assert_eq!(c.udp_dst, (433, 444));
        let sc =
            parse(&script(Sample::FlowPerThread, &SampleParams { threads: Some(2), ..params("e") }).unwrap(), "05")
                .unwrap();
        assert_eq!(sc.devices[1].config.src.0, "198.18.2.1".parse::<Ipv4Addr>().unwrap());
        let p6 = SampleParams { ipv6: true, dest: Some("fd00::/120".into()), ..params("e") };
        let sc = parse(&script(Sample::Multiqueue, &p6).unwrap(), "02").unwrap();
        let c = &sc.devices[0].config;
        assert!(c.flags.contains("IPV6"));
        assert_eq!(c.dst6, Some(("fd00::".parse().unwrap(), "fd00::ff".parse().unwrap())));
    }

    #[test]
    fn bad_options_are_named() {
        let e = |s: Sample, p: SampleParams| script(s, &p).unwrap_err();
        assert!(e(Sample::Simple, SampleParams { dst_mac: None, ..params("e") }).contains("-m"));
        assert!(e(Sample::Simple, params("")).contains("-i"));
        assert!(e(Sample::Multiqueue, SampleParams { dest: Some("10.0.0.300".into()), ..params("e") }).contains("-d"));
        assert!(e(Sample::Multiqueue, SampleParams { dest: Some("1.2.3.4/33".into()), ..params("e") }).contains("33"));
        assert!(e(Sample::Simple, SampleParams { dst_port: Some("9-8".into()), ..params("e") }).contains("-p"));
        assert!(e(Sample::ManyFlows, SampleParams { burst: Some(4), ..params("e") }).contains("-b"));
        assert!("06".parse::<Sample>().unwrap_err().contains("01, 02"));
    }
}
