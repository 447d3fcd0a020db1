//! The profile schema: what a YAML (or JSON) profile may say.
//!
//! Every struct denies unknown keys, so a typo is an error naming the key, never
//! a silently ignored setting. Anything left out takes a MoonGen-style default:
//! MACs 02:00:00:00:00:01 -> 02:00:00:00:00:02, IPv4 198.18.0.1 -> 198.19.0.1
//! (RFC 2544 benchmarking range), IPv6 2001:2::1 -> 2001:2:0:1::1 (RFC 5180),
//! UDP 1025 -> 12, 64 B frames, 1 kpps, continuous.
//!
//! See docs/profiles.md for the user-facing reference.

use crate::values::{Mac, RateSpec, SizeSpec, Value};
use riptide_core::Nanos;
use serde::{Deserialize, Serialize};
use std::net::{Ipv4Addr, Ipv6Addr};

/// A stateless traffic profile: a list of streams.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Free text.
    #[serde(default)]
    pub description: Option<String>,
    /// Seed for every random variable and size (per stream, per core derived from it).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The streams.
    pub streams: Vec<serde_saphyr::Spanned<StreamSpec>>,
    /// VLAN groups for streams counted `by_vlan` (TRex's tagged packet groups): an
    /// 802.1Q VID, or a QinQ pair `[first, second]` in frame order, or `null` (a group
    /// nothing counts under); the position in the list is the group.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vlans: Vec<Option<VlanGroupSpec>>,
}

/// One VLAN group: `5` or `[20, 30]`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum VlanGroupSpec {
    /// One 802.1Q VID.
    Dot1q(u32),
    /// QinQ: two VIDs in frame order.
    Qinq([u32; 2]),
}

fn yes() -> bool {
    true
}

/// One stream.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StreamSpec {
    /// Name, unique in the profile (default `s<index>`).
    #[serde(default)]
    pub name: Option<String>,
    /// Where the stream came from, as its translator says it (a TRex profile's file and
    /// line and the field-engine instructions it used); `riptide debug` shows it. At most
    /// 1024 characters.
    #[serde(default)]
    pub source: Option<String>,
    /// A disabled stream is loaded and checked but never sent.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Starts with the run; `false`: only when another stream's `next` names it.
    #[serde(default = "yes")]
    pub self_start: bool,
    /// Index of the transmit port (order of `--port` options).
    #[serde(default)]
    pub port: u16,
    /// Headers, outermost first. A missing `eth` is added in front.
    #[serde(default)]
    pub packet: Vec<Layer>,
    /// The frame as hex bytes (FCS excluded), instead of `packet`, sent byte for byte; the
    /// default size becomes the frame's (at least 64). Where riptide's layers describe the
    /// frame, it is resolved into `packet` when the profile is parsed; otherwise it stays
    /// here and runs as a raw template (`raw`).
    #[serde(default)]
    pub frame: Option<String>,
    /// Send `frame` as a raw template even where riptide's layers describe it: the bytes as
    /// given, fields named as far as the known headers go.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub raw: bool,
    /// Frame size, FCS included (64 writes 60 bytes).
    #[serde(default)]
    pub size: SizeSpec,
    /// Transmit rate.
    #[serde(default)]
    pub rate: RateSpec,
    /// Keep `rate` whatever the run's multiplier (`-m`, NDR trials): latency probes.
    #[serde(default)]
    pub fixed_rate: bool,
    /// Transmit mode.
    #[serde(default)]
    pub mode: ModeSpec,
    /// Start delay (inter-stream gap), e.g. `10us`.
    #[serde(default, with = "duration_opt")]
    pub isg: Option<Nanos>,
    /// Stream to start when this one ends (burst modes).
    #[serde(default)]
    pub next: Option<String>,
    /// The chain stops at this stream's Nth end instead of starting `next` (TRex's
    /// `action_count`: a loop of streams run N times); 0, the default: `next` every time.
    #[serde(default)]
    pub action_count: u32,
    /// Field-engine variables (each with its place in the file, for errors).
    #[serde(default)]
    pub vars: Vec<serde_saphyr::Spanned<VarSpec>>,
    /// Extra writes of variables into the frame (each with its place in the file).
    #[serde(default)]
    pub writes: Vec<serde_saphyr::Spanned<WriteSpec>>,
    /// Seed for this stream's random variables (default: derived from the profile seed).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Per-stream RX counting: a tag trailer with this id and a sequence number.
    #[serde(default)]
    pub flow_stats: Option<TagSpec>,
    /// Like `flow_stats`, plus the departure time: latency, jitter, histogram.
    #[serde(default)]
    pub latency: Option<TagSpec>,
}

/// `flow_stats: {id: N}` / `latency: {id: N}`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TagSpec {
    /// Stream id in the tag (0..=65535), unique in the profile.
    pub id: u32,
    /// Count arrivals by port and by the VLAN they carry too (the profile's `vlans`
    /// groups, with TRex's sequence counters per group).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_vlan: bool,
}

/// Transmit mode.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ModeSpec {
    /// Until the run ends.
    #[default]
    Continuous,
    /// A single burst.
    Burst {
        /// Packets in the burst.
        packets: u64,
    },
    /// Several bursts separated by a gap.
    MultiBurst {
        /// Packets per burst.
        packets: u64,
        /// Number of bursts (0 = until the run ends).
        bursts: u64,
        /// Inter-burst gap, e.g. `100us`.
        #[serde(default, with = "duration_opt")]
        ibg: Option<Nanos>,
    },
}

/// One header (or the payload) of the packet template.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// Ethernet II.
    Eth(EthSpec),
    /// An 802.1Q (or 802.1ad) tag; two in a row make QinQ.
    Vlan(VlanSpec),
    /// One MPLS label stack entry; several in a row make a stack.
    Mpls(MplsSpec),
    /// An ARP packet (Ethernet/IPv4), in place of an IP layer.
    Arp(ArpSpec),
    /// IPv4, no options.
    Ipv4(Ipv4Spec),
    /// IPv6, no extension headers.
    Ipv6(Ipv6Spec),
    /// UDP.
    Udp(UdpSpec),
    /// TCP, no options.
    Tcp(TcpSpec),
    /// ICMPv4 echo.
    Icmp(IcmpSpec),
    /// ICMPv6 echo.
    Icmpv6(IcmpSpec),
    /// An SRv6 segment routing header (after IPv6).
    Srh(SrhSpec),
    /// IPv6 hop-by-hop options (directly after IPv6).
    HopByHop(Ipv6OptsSpec),
    /// IPv6 destination options (after IPv6 or another extension header).
    DestOpts(Ipv6OptsSpec),
    /// An IPv6 fragment header (after IPv6 or another extension header).
    Frag(Ipv6FragSpec),
    /// VXLAN (after UDP; an inner Ethernet frame follows).
    Vxlan(VxlanSpec),
    /// VXLAN-GPE (after UDP; an inner Ethernet, IPv4 or IPv6 packet follows).
    VxlanGpe(VxlanSpec),
    /// Geneve (after UDP; an inner Ethernet, IPv4 or IPv6 packet follows).
    Geneve(GeneveSpec),
    /// GRE (after IPv4 or IPv6; an inner Ethernet, IPv4 or IPv6 packet follows).
    Gre(GreSpec),
    /// GTP-U (after UDP; an inner IPv4 or IPv6 packet follows).
    Gtpu(GtpuSpec),
    /// Payload content (the payload always runs to the end of the frame).
    Payload(PayloadSpec),
}

/// Ethernet header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EthSpec {
    /// Source MAC (default 02:00:00:00:00:01).
    #[serde(default)]
    pub src: Option<Mac>,
    /// Destination MAC (default 02:00:00:00:00:02).
    #[serde(default)]
    pub dst: Option<Mac>,
    /// EtherType; by default set from the next layer.
    #[serde(default, rename = "type")]
    pub ethertype: Option<u16>,
}

/// VLAN tag.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VlanSpec {
    /// VLAN id, 0..=4095 (default 1).
    #[serde(default)]
    pub id: Option<u16>,
    /// Priority code point, 0..=7.
    #[serde(default)]
    pub pcp: u8,
    /// Drop eligible indicator.
    #[serde(default)]
    pub dei: bool,
    /// Tag protocol id; default 0x88A8 for the outer tag of a QinQ pair, else 0x8100.
    #[serde(default)]
    pub tpid: Option<u16>,
}

/// MPLS label stack entry.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MplsSpec {
    /// Label, 0..=1048575.
    pub label: u32,
    /// Traffic class, 0..=7.
    #[serde(default)]
    pub tc: u8,
    /// Time to live (default 64).
    #[serde(default)]
    pub ttl: Option<u8>,
}

/// ARP (RFC 826) for IPv4 over Ethernet.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ArpSpec {
    /// `request` (default; `who-has`), `reply` (`is-at`) or an operation number.
    #[serde(default)]
    pub op: Option<ArpOp>,
    /// Sender hardware address (default: the Ethernet source's default, 02:00:00:00:00:01).
    #[serde(default)]
    pub sha: Option<Mac>,
    /// Sender protocol address (default 198.18.0.1).
    #[serde(default, deserialize_with = "crate::values::addr_opt::deserialize")]
    pub spa: Option<Ipv4Addr>,
    /// Target hardware address (default 00:00:00:00:00:00, as a request has it).
    #[serde(default)]
    pub tha: Option<Mac>,
    /// Target protocol address (default 198.19.0.1).
    #[serde(default, deserialize_with = "crate::values::addr_opt::deserialize")]
    pub tpa: Option<Ipv4Addr>,
}

/// An SRv6 segment routing header (RFC 8754).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SrhSpec {
    /// The segment list as carried: the final segment first (scapy's `addresses`,
    /// tshark's `Address[0]`), 1 to 127 of them.
    pub segments: Vec<Ipv6Addr>,
    /// Segments left (default: the last index, the first segment of the path active).
    #[serde(default)]
    pub segments_left: Option<u8>,
    /// Tag (default 0).
    #[serde(default)]
    pub tag: u16,
    /// Flags (default 0).
    #[serde(default)]
    pub flags: u8,
}

/// IPv6 hop-by-hop or destination options (RFC 8200 4.2).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ipv6OptsSpec {
    /// The options (type-length-value) as hex; padded with Pad1/PadN to the header's
    /// 8-byte multiple (none: the padding alone).
    #[serde(default)]
    pub options: Option<String>,
}

/// An IPv6 fragment header (RFC 8200 4.5).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ipv6FragSpec {
    /// Fragment offset in 8-byte units (13 bits; default 0).
    #[serde(default)]
    pub offset: u16,
    /// More fragments follow (the M flag; default false: with offset 0 an atomic fragment).
    #[serde(default)]
    pub m: bool,
    /// Identification (default 1).
    #[serde(default)]
    pub id: Option<u32>,
}

/// A VXLAN or VXLAN-GPE header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VxlanSpec {
    /// The 24-bit network identifier (default 1).
    #[serde(default)]
    pub vni: Option<u32>,
}

/// A Geneve header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GeneveSpec {
    /// The 24-bit network identifier (default 1).
    #[serde(default)]
    pub vni: Option<u32>,
    /// The O (OAM) flag.
    #[serde(default)]
    pub oam: bool,
    /// The C flag (default: set when an option's type has its critical bit, 0x80).
    #[serde(default)]
    pub critical: Option<bool>,
    /// Options (TLVs), in order.
    #[serde(default)]
    pub options: Vec<GeneveOptionSpec>,
}

/// One Geneve option.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GeneveOptionSpec {
    /// Option class.
    pub class: u16,
    /// Option type (0x80 and up: critical).
    #[serde(rename = "type")]
    pub kind: u8,
    /// Data as hex, a multiple of 4 bytes (at most 124), e.g. `"00 00 00 01"`.
    #[serde(default)]
    pub data: Option<String>,
}

/// A GRE header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GreSpec {
    /// The key (RFC 2890), if any.
    #[serde(default)]
    pub key: Option<u32>,
    /// The sequence number (RFC 2890), if any.
    #[serde(default)]
    pub seq: Option<u32>,
    /// Carry a checksum over the GRE header and payload (default false).
    #[serde(default)]
    pub checksum: bool,
}

/// A GTP-U G-PDU header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GtpuSpec {
    /// Tunnel endpoint identifier (default 1).
    #[serde(default)]
    pub teid: Option<u32>,
    /// A sequence number (the S flag and the optional word), if any.
    #[serde(default)]
    pub seq: Option<u16>,
}

/// An ARP operation: a number or its name.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(untagged)]
pub enum ArpOp {
    /// The operation's number (1 request, 2 reply, ...).
    Number(u16),
    /// `request` / `who-has` or `reply` / `is-at`.
    Name(String),
}

/// IPv4 header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ipv4Spec {
    /// Source (default 198.18.0.1).
    #[serde(default, deserialize_with = "crate::values::addr_opt::deserialize")]
    pub src: Option<Ipv4Addr>,
    /// Destination (default 198.19.0.1).
    #[serde(default, deserialize_with = "crate::values::addr_opt::deserialize")]
    pub dst: Option<Ipv4Addr>,
    /// Time to live (default 64).
    #[serde(default)]
    pub ttl: Option<u8>,
    /// Type of service byte (DSCP << 2 | ECN).
    #[serde(default)]
    pub tos: u8,
    /// Identification.
    #[serde(default)]
    pub id: u16,
    /// Don't-fragment flag.
    #[serde(default)]
    pub df: bool,
    /// More-fragments flag.
    #[serde(default)]
    pub mf: bool,
    /// Fragment offset in 8-byte units (as the header and scapy's `frag` hold it). A
    /// fragment at a non-zero offset carries no L4 header: only a payload may follow.
    #[serde(default)]
    pub frag: u16,
    /// Options as hex bytes (e.g. Router Alert `94 04 00 00`), padded with zeros (end of
    /// list) to a multiple of 4, at most 40.
    #[serde(default)]
    pub options: Option<String>,
    /// Protocol number; by default set from the next layer.
    #[serde(default)]
    pub proto: Option<u8>,
}

/// IPv6 header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ipv6Spec {
    /// Source (default 2001:2::1).
    #[serde(default, deserialize_with = "crate::values::addr_opt::deserialize")]
    pub src: Option<Ipv6Addr>,
    /// Destination (default 2001:2:0:1::1).
    #[serde(default, deserialize_with = "crate::values::addr_opt::deserialize")]
    pub dst: Option<Ipv6Addr>,
    /// Hop limit (default 64).
    #[serde(default)]
    pub hop_limit: Option<u8>,
    /// Traffic class.
    #[serde(default)]
    pub tc: u8,
    /// Flow label, 20 bits.
    #[serde(default)]
    pub flow_label: u32,
    /// Next header; by default set from the next layer.
    #[serde(default)]
    pub next_header: Option<u8>,
}

/// UDP header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UdpSpec {
    /// Source port (default 1025).
    #[serde(default)]
    pub sport: Option<u16>,
    /// Destination port (default 12).
    #[serde(default)]
    pub dport: Option<u16>,
    /// Compute the checksum (default true). `false` sends 0, "no checksum",
    /// which only UDP over IPv4 allows (over IPv6 the checksum is always set).
    #[serde(default)]
    pub checksum: Option<bool>,
}

/// TCP header.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TcpSpec {
    /// Source port (default 1025).
    #[serde(default)]
    pub sport: Option<u16>,
    /// Destination port (default 80).
    #[serde(default)]
    pub dport: Option<u16>,
    /// Flags in scapy letters (`S`, `SA`, `PA`, `FA`, `R`; default `S`).
    #[serde(default)]
    pub flags: Option<String>,
    /// Sequence number.
    #[serde(default)]
    pub seq: u32,
    /// Acknowledgment number.
    #[serde(default)]
    pub ack: u32,
    /// Window (default 8192).
    #[serde(default)]
    pub window: Option<u16>,
    /// Options: hex bytes, or `{mss, wscale, sack_perm, timestamp: [val, ecr]}` laid
    /// out as FreeBSD and TRex's stack do (NOP-padded); zero-padded to a multiple of 4,
    /// at most 40.
    #[serde(default)]
    pub options: Option<TcpOptionsSpec>,
}

/// TCP options: bytes, or the common ones by name.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(untagged)]
pub enum TcpOptionsSpec {
    /// Hex bytes, as given.
    Hex(String),
    /// The options a SYN carries.
    Named(TcpNamedOptions),
}

/// The common TCP options by name.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TcpNamedOptions {
    /// Maximum segment size.
    #[serde(default)]
    pub mss: Option<u16>,
    /// Window scale shift.
    #[serde(default)]
    pub wscale: Option<u8>,
    /// SACK permitted.
    #[serde(default)]
    pub sack_perm: bool,
    /// Timestamps: [TSval, TSecr].
    #[serde(default)]
    pub timestamp: Option<[u32; 2]>,
}

/// ICMP echo.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct IcmpSpec {
    /// `echo_request` (default) or `echo_reply`.
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    /// Identifier.
    #[serde(default)]
    pub id: u16,
    /// Sequence number.
    #[serde(default)]
    pub seq: u16,
}

/// Payload content: at most one of `pattern`, `hex`, `string`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PayloadSpec {
    /// Hex bytes repeated to the end of the frame, e.g. `"deadbeef"`.
    #[serde(default)]
    pub pattern: Option<String>,
    /// Hex bytes written once, then zeros.
    #[serde(default)]
    pub hex: Option<String>,
    /// Text repeated to the end of the frame.
    #[serde(default)]
    pub string: Option<String>,
    /// The payload's length in bytes: the IP packet ends there and the rest of the frame
    /// is Ethernet padding (zeros, outside the IP and L4 lengths and checksums), as a
    /// short packet is padded to 60 bytes on the wire. Unset: the payload runs to the end
    /// of the frame.
    #[serde(default)]
    pub len: Option<usize>,
}

/// How a variable walks.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum VarOp {
    /// Increment.
    #[default]
    Inc,
    /// Decrement.
    Dec,
    /// Uniform random, seeded.
    Random,
    /// Cycle through `values`.
    List,
    /// The packet's scheduled departure, whole seconds of Unix time.
    TimeSec,
    /// The packet's scheduled departure, microseconds within its second.
    TimeUsec,
    /// TRex's repeatable random (`STLVmFlowVarRepeatableRandom`): TRex's generator from
    /// `seed`, `limit` values, then the same values again; the same sequence TRex sends.
    RepeatableRandom,
    /// TRex's random (`op="random"` in a TRex profile): a draw a packet over `min..=max`
    /// (or from `values`) from TRex's generator, shared by the stream's `trex_random`
    /// variables in their order and seeded from the stream's `seed` (its low 32 bits, TRex's
    /// `random_seed`): the values TRex sends, its 15-bit draws included.
    TrexRandom,
}

/// A field-engine variable.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VarSpec {
    /// Name, referenced by writes.
    pub name: String,
    /// Walk (default `inc`).
    #[serde(default)]
    pub op: VarOp,
    /// Size in bytes: 1, 2, 4 or 8 (default: the size of the first field written).
    #[serde(default)]
    pub size: Option<u8>,
    /// Lower bound (number, IPv4 address, MAC or `0x..`).
    #[serde(default)]
    pub min: Option<Value>,
    /// Upper bound.
    #[serde(default)]
    pub max: Option<Value>,
    /// Step (default 1).
    #[serde(default)]
    pub step: Option<u64>,
    /// First value (default `min`, or `max` for `dec`).
    #[serde(default)]
    pub init: Option<Value>,
    /// Values for `op: list`.
    #[serde(default)]
    pub values: Option<Vec<Value>>,
    /// Client tuple generator instead of a plain variable.
    #[serde(default)]
    pub tuple: Option<TupleSpec>,
    /// Packets each value is kept for before the next (default 1; pktgen's `flowlen`).
    #[serde(default)]
    pub hold: Option<u64>,
    /// `op: repeatable_random`: the generator's seed (32 bits).
    #[serde(default)]
    pub seed: Option<u64>,
    /// `op: repeatable_random`: values before the sequence starts over.
    #[serde(default)]
    pub limit: Option<u64>,
    /// Shorthand: fields this variable is written to (e.g. `ipv4.src`).
    #[serde(default)]
    pub write: Option<OneOrMany>,
    /// Another variable that takes its next value when this one wraps around, and only
    /// then (TRex's `next_var`): chained variables count like an odometer's wheels.
    #[serde(default)]
    pub next: Option<String>,
    /// How `--cores N` (and segments) cut the walk: `share` (default: each core a
    /// contiguous share), `interleave` (TRex's `split_to_cores`: core k every N-th value
    /// from the k-th, so the cores together send one core's walk) or `whole` (every
    /// core all of it: TRex's `split_to_cores=False`).
    #[serde(default)]
    pub split: Option<SplitSpec>,
}

/// How a variable is cut between cores (`VarSpec::split`).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SplitSpec {
    /// Each core a contiguous share of the walk.
    Share,
    /// Core k of N every N-th value from the k-th (TRex's split).
    Interleave,
    /// Every core the whole walk.
    Whole,
}

impl VarSpec {
    /// A variable with every optional key unset.
    pub fn new(name: &str, op: VarOp) -> Self {
        VarSpec {
            name: name.into(),
            op,
            size: None,
            min: None,
            max: None,
            step: None,
            init: None,
            values: None,
            tuple: None,
            hold: None,
            seed: None,
            limit: None,
            write: None,
            next: None,
            split: None,
        }
    }
}

/// Client tuple: addresses x ports; writes name `VAR.ip` and `VAR.port`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TupleSpec {
    /// First address.
    pub ip_min: Value,
    /// Last address.
    pub ip_max: Value,
    /// First port (default 1025).
    #[serde(default)]
    pub port_min: Option<u16>,
    /// Last port (default 65535).
    #[serde(default)]
    pub port_max: Option<u16>,
    /// At most this many tuples, then the walk starts over (TRex's `limit_flows`);
    /// default every address x port pair.
    #[serde(default)]
    pub limit: Option<u64>,
}

/// One field name or a list of them.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(untagged)]
pub enum OneOrMany {
    /// One.
    One(String),
    /// Several.
    Many(Vec<String>),
}

impl OneOrMany {
    /// The names.
    pub fn names(&self) -> Vec<&str> {
        match self {
            OneOrMany::One(s) => vec![s.as_str()],
            OneOrMany::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

/// A write of a variable into the frame: to a named field or a byte offset.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WriteSpec {
    /// Variable name (`NAME.ip` / `NAME.port` for tuples).
    pub var: String,
    /// Named field, e.g. `ipv4.src`, `udp.sport`, `eth.dst`, `vlan.id`, `vlan[1].id`.
    #[serde(default)]
    pub field: Option<String>,
    /// Byte offset from the start of the frame (instead of `field`).
    #[serde(default)]
    pub offset: Option<u16>,
    /// Bytes written at `offset` (1..=8, default the variable's size).
    #[serde(default)]
    pub size: Option<u8>,
    /// Bits replaced (default all).
    #[serde(default)]
    pub mask: Option<Value>,
    /// Left shift before masking (negative: right shift).
    #[serde(default)]
    pub shift: i8,
    /// Added to the value before shifting (TRex's `add_val`; negative subtracts, modulo the
    /// field's width).
    #[serde(default)]
    pub add: i64,
}

impl WriteSpec {
    /// A plain write of `var` to a named field.
    pub fn field(var: &str, field: &str) -> Self {
        WriteSpec { var: var.into(), field: Some(field.into()), offset: None, size: None, mask: None, shift: 0, add: 0 }
    }

    /// A plain write of `size` bytes of `var` at a byte offset.
    pub fn at(var: &str, offset: u16, size: u8) -> Self {
        WriteSpec { var: var.into(), field: None, offset: Some(offset), size: Some(size), mask: None, shift: 0, add: 0 }
    }
}

/// (De)serializes an optional duration written as `10us`, `1ms`, `2s`.
mod duration_opt {
    use riptide_core::Nanos;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(v: &Option<Nanos>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(n) => s.serialize_str(&format!("{}ns", n.0)),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Nanos>, D::Error> {
        let s: Option<String> = Option::deserialize(d)?;
        s.map(|s| {
            // A unit is required: TRex reads a bare `isg: 10.0` as microseconds, the command
            // line's `-d 10` means seconds; a profile must not leave it to a guess.
            if s.trim().parse::<f64>().is_ok() {
                let t = s.trim();
                return Err(serde::de::Error::custom(format!(
                    "'{t}' has no unit: write {t}us (TRex's unit for isg and ibg), {t}ms or {t}s"
                )));
            }
            s.parse::<Nanos>().map_err(serde::de::Error::custom)
        })
        .transpose()
    }
}
