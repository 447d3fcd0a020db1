//! `riptide lab`: a reproducible two-port test ring of network namespaces and veth pairs.
//!
//! ```text
//!   namespace riptide-tg (generator)          namespace riptide-dut (device under test)
//!   rt0  198.18.1.1/24  02:00:c6:12:01:01  <-veth->  dut0  198.18.1.254/24  02:00:c6:12:01:fe
//!   rt1  198.18.2.1/24  02:00:c6:12:02:01  <-veth->  dut1  198.18.2.254/24  02:00:c6:12:02:fe
//! ```
//!
//! The DUT forwards between its two legs in one of three ways ([`DutMode`]):
//!
//! - `route`: kernel IPv4 routing (`ip_forward=1`), permanent neighbour entries for the
//!   generator's ports, so a frame from rt0 to the gateway MAC `02:00:c6:12:01:fe` with
//!   destination 198.18.2.1 leaves dut1 towards rt1 with its TTL decremented. Routes to
//!   [`FAR_NETS`] send 198.19.0.0/17 to rt1 and 198.19.128.0/17 to rt0 as well.
//! - `bridge`: a Linux bridge `br0` joins dut0 and dut1; the DUT has no addresses, and the
//!   two gateway MACs are static forwarding entries pointing across (01:fe to dut1, 02:fe
//!   to dut0), so the same profile crosses the bridge unchanged.
//! - `none`: no DUT namespace; rt0 and rt1 are the two ends of one veth pair.
//! - `testpmd`: DPDK's `dpdk-testpmd` (Debian's dpdk-dev package) in io forwarding mode,
//!   without hugepages or PCI devices, each DUT leg an `af_packet` vdev: what arrives on
//!   dut0 leaves dut1 unchanged and the other way round. The forwarding core busy-polls.
//! - `ovs`: Open vSwitch's userspace datapath (`datapath_type=netdev`, no kernel module)
//!   with its own database and daemons under [`RUN_DIR`], a bridge of the two legs with
//!   one OpenFlow rule per direction (`in_port=dut0 actions=output:dut1` and back).
//! - `limit:RATE[,burst=N]`: routing as `route`, and an nftables limiter in the DUT's forward
//!   hook drops what arrives on a leg above RATE packets/s (a token bucket holding N packets,
//!   by default [`limit_burst`]): a DUT whose capacity is known, for the throughput search;
//!   a small burst (a NIC ring, a policer) makes it a DUT that drops what a generator sends
//!   in bursts beyond its schedule.
//!   Needs the `nft` tool (scripts/setup.sh installs nftables).
//!
//! Every address is from the RFC 2544 benchmarking range 198.18.0.0/15 and every MAC is
//! locally administered (`c6:12` is 198.18). IPv6 is disabled in both namespaces and all
//! neighbours are static, so the kernel sends nothing of its own (no ARP, router
//! solicitations or MLD reports): interface counters count riptide's frames only. The
//! generator namespace has `ip_forward=0`, and frames arriving on rt1 carry a source
//! address local to it (198.18.1.1), so its stack drops them silently instead of answering.
//!
//! [`down`] deletes both namespaces (and with them every veth end and any XDP program
//! attached to one), after stopping processes still running inside them: it cleans up
//! after a crashed or interrupted run as well as after [`up`].

use crate::impair::Impairments;
use crate::netns::{self, ip, run_bounded, IP_TIMEOUT};
use crate::root;
use std::fmt;
use std::io;
use std::net::Ipv4Addr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The default lab's name (`riptide lab up` without `--name`).
pub const DEFAULT_NAME: &str = "riptide";
/// The default lab's generator namespace.
pub const TG_NS: &str = "riptide-tg";
/// The default lab's DUT namespace.
pub const DUT_NS: &str = "riptide-dut";

/// The longest lab name accepted.
const MAX_NAME: usize = 32;

/// One lab on this host, by name: its namespaces are `NAME-tg` (the generator) and
/// `NAME-dut` (the DUT), its DUT programs' files live under `RUN_DIR/NAME`. Labs of
/// different names coexist: interface names, addresses and MACs are the same in each,
/// inside its own namespaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lab {
    name: String,
    tg: String,
    dut: String,
}

impl Default for Lab {
    fn default() -> Self {
        Lab { name: DEFAULT_NAME.into(), tg: TG_NS.into(), dut: DUT_NS.into() }
    }
}

impl Lab {
    /// The lab called `name`: 1 to 32 of `a-z`, `0-9` and `-`, starting with a letter or
    /// digit (it names namespaces and a directory).
    pub fn named(name: &str) -> Result<Lab, String> {
        let ok = !name.is_empty()
            && name.len() <= MAX_NAME
            && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !name.starts_with('-');
        if !ok {
            return Err(format!(
                "lab name '{name}': expected 1 to {MAX_NAME} of a-z, 0-9 and '-', not starting with '-'"
            ));
        }
        Ok(Lab { name: name.into(), tg: format!("{name}-tg"), dut: format!("{name}-dut") })
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The generator's namespace.
    pub fn tg(&self) -> &str {
        &self.tg
    }

    /// The DUT's namespace.
    pub fn dut(&self) -> &str {
        &self.dut
    }

    /// Whether this is the default lab.
    pub fn is_default(&self) -> bool {
        self.name == DEFAULT_NAME
    }

    /// Where its DUT programs keep their logs, database and sockets (and the mark that a
    /// lab of this name is up: [`list`]).
    pub fn run_dir(&self) -> std::path::PathBuf {
        Path::new(RUN_DIR).join(&self.name)
    }

    /// Whether either of its namespaces exists.
    pub fn is_up(&self) -> bool {
        exists(&self.tg) || exists(&self.dut)
    }
}

/// The labs up on this host, by name: those [`up`] marked (`RUN_DIR/NAME`) whose
/// namespaces exist, and the default lab whenever its namespaces do.
pub fn list() -> Vec<Lab> {
    let mut labs: Vec<Lab> = std::fs::read_dir(RUN_DIR)
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter_map(|n| Lab::named(&n).ok())
                .filter(Lab::is_up)
                .collect()
        })
        .unwrap_or_default();
    let default = Lab::default();
    if default.is_up() && !labs.contains(&default) {
        labs.push(default);
    }
    labs.sort_by(|a, b| (!a.is_default(), &a.name).cmp(&(!b.is_default(), &b.name)));
    labs
}

/// The lab whose generator namespace this thread is in (`--netns NAME-tg`), else the
/// default lab: the one a method's `--flush lab` empties.
pub fn current() -> Lab {
    here().unwrap_or_default()
}

/// The lab whose generator namespace this thread is in (`--netns NAME-tg`), if any.
pub fn here() -> Option<Lab> {
    use std::os::unix::fs::MetadataExt;
    let here = std::fs::metadata("/proc/thread-self/ns/net").map(|m| (m.dev(), m.ino()));
    here.ok().and_then(|here| {
        list().into_iter().find(|l| {
            std::fs::metadata(Path::new(netns::NETNS_DIR).join(l.tg())).is_ok_and(|m| (m.dev(), m.ino()) == here)
        })
    })
}

/// How the DUT forwards between its legs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DutMode {
    /// Kernel IPv4 routing.
    Route,
    /// A Linux bridge with static entries for the gateway MACs and a monitor leg
    /// ([`MONITOR`]).
    Bridge(Switch),
    /// No DUT: rt0 and rt1 are joined directly.
    None,
    /// Kernel routing, each leg's input limited by a token bucket.
    Limit(Limiter),
    /// DPDK testpmd forwarding between the legs (io mode, af_packet vdevs).
    Testpmd,
    /// Open vSwitch's userspace datapath bridging the legs: one rule per direction, or
    /// with `fdb` a learning switch (the NORMAL action, at most `fdb` addresses, OVS's
    /// `mac-table-size`) with RFC 2889's monitor leg ([`MONITOR`]).
    Ovs {
        /// The most addresses it learns (0: no learning, a fixed rule per direction).
        fdb: u32,
    },
    /// Kernel routing through a stateful firewall and NAT (nftables with conntrack):
    /// what leaves dut1 is masqueraded to the DUT's address.
    Nat(Stateful),
    /// riptide's own forwarder between the legs (`riptide lab forward`, frames unchanged
    /// as testpmd's io mode), doing what a `link:` does on the wall clock: a delay, loss,
    /// reordering, duplication, a bottleneck and its queue (netem's job, which this
    /// kernel may lack; [`crate::forward`]).
    Impair(Impairments),
}

/// The nat DUT's limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stateful {
    /// The most connections it tracks at once (0: no limit).
    pub conntrack: u32,
    /// The most new connections it takes per second (an nftables limiter on the first
    /// packet of each, a bucket of 20 ms of them and at least 5): a DUT of known
    /// connections/s.
    pub cps: Option<u64>,
}

/// The nat DUT's bucket of new connections at `cps`: 20 ms of them, at least 5.
pub fn cps_burst(cps: u64) -> u64 {
    (cps / 50).max(5)
}

impl DutMode {
    /// Whether the DUT routes (route, limit and nat modes).
    pub fn routes(self) -> bool {
        matches!(self, DutMode::Route | DutMode::Limit(_) | DutMode::Nat(_))
    }

    /// Whether the DUT legs join without addresses (frames cross unchanged).
    fn switches(self) -> bool {
        matches!(self, DutMode::Bridge(_) | DutMode::Testpmd | DutMode::Ovs { .. } | DutMode::Impair(_))
    }

    /// Whether the DUT has RFC 2889's monitor leg (rt2 to dut2): the learning switches.
    pub fn has_monitor(self) -> bool {
        matches!(self, DutMode::Bridge(_) | DutMode::Ovs { fdb: 1.. })
    }
}

/// The bridge DUT's limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Switch {
    /// The most addresses it learns (0: no limit).
    pub fdb: u32,
    /// Frames/s the learning leg (dut1) takes in (an nftables limiter in the bridge's
    /// prerouting hook, a bucket of 5): what it drops is not learned either.
    pub learn: Option<u64>,
}

/// The limit-mode DUT's token bucket: `pps` packets/s, holding `burst` packets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limiter {
    /// Packets per second passed.
    pub pps: u64,
    /// Packets the bucket holds (what a burst may exceed the rate by).
    pub burst: u64,
}

impl Limiter {
    /// A limiter at `pps` with the default burst ([`limit_burst`]).
    pub fn new(pps: u64) -> Self {
        Limiter { pps, burst: limit_burst(pps) }
    }

    /// What the limiter passes over a trial of `secs` seconds, in packets/s.
    pub fn passes(&self, secs: f64) -> f64 {
        self.pps as f64 + self.burst as f64 / secs
    }
}

/// The limiter's burst allowance at `pps`: a hundredth of a second's packets (at least
/// 5, nftables' default). Over a trial of `d` seconds the DUT passes `pps + burst / d`.
pub fn limit_burst(pps: u64) -> u64 {
    (pps / 100).max(5)
}

/// Largest connection limit accepted (`nat,conntrack=N`).
const MAX_CONNTRACK: u32 = 10_000_000;

/// Smallest table Open vSwitch keeps (`ovs,fdb=N`: it forces `mac-table-size` to at
/// least 10).
const MIN_OVS_FDB: u32 = 10;

/// Largest bridge table limit accepted (`bridge,fdb=N`).
const MAX_FDB: u32 = 1_000_000;

/// Highest limit accepted (packets/s).
const MAX_LIMIT: u64 = 1_000_000_000;
/// Largest burst accepted (packets).
const MAX_BURST: u64 = 100_000_000;

impl FromStr for DutMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if let Some(spec) = s.strip_prefix("limit:") {
            let (rate, burst) = match spec.split_once(',') {
                Some((rate, b)) => {
                    let n = b.strip_prefix("burst=").and_then(|n| n.parse::<u64>().ok());
                    match n {
                        Some(n @ 1..=MAX_BURST) => (rate, Some(n)),
                        _ => {
                            return Err(format!(
                                "'{s}': expected burst=N after the rate, N packets from 1 to {MAX_BURST}"
                            ))
                        }
                    }
                }
                None => (spec, None),
            };
            let pps = match rate.parse::<u64>() {
                Ok(v) => v as f64,
                Err(_) => match rate.parse::<riptide_core::Rate>() {
                    Ok(riptide_core::Rate::Pps(v)) => v,
                    _ => {
                        return Err(format!(
                            "'{s}': expected limit:RATE[,burst=N], RATE in packets/s, such as limit:100kpps,burst=100"
                        ))
                    }
                },
            };
            if !(pps >= 1.0 && pps <= MAX_LIMIT as f64) {
                return Err(format!("'{s}': the limit must be 1 to {MAX_LIMIT} packets/s"));
            }
            let pps = pps.round() as u64;
            return Ok(DutMode::Limit(Limiter { pps, burst: burst.unwrap_or_else(|| limit_burst(pps)) }));
        }
        if let Some(spec) = s.strip_prefix("impair:") {
            let cfg = Impairments::parse(spec).map_err(|e| format!("'{s}': {e}"))?;
            if cfg.real_time {
                return Err(format!("'{s}': the impair DUT always runs on the wall clock (leave out realtime)"));
            }
            return Ok(DutMode::Impair(cfg));
        }
        if let Some(n) = s.strip_prefix("ovs,fdb=") {
            return match n.parse::<u32>() {
                Ok(n @ MIN_OVS_FDB..=MAX_FDB) => Ok(DutMode::Ovs { fdb: n }),
                _ => Err(format!(
                    "'{s}': expected ovs,fdb=N, the most addresses Open vSwitch learns, N from {MIN_OVS_FDB} to {MAX_FDB}"
                )),
            };
        }
        if let Some(opts) = s.strip_prefix("bridge,") {
            let mut sw = Switch::default();
            for opt in opts.split(',') {
                if let Some(n) = opt.strip_prefix("fdb=") {
                    match n.parse::<u32>() {
                        Ok(n @ 1..=MAX_FDB) => sw.fdb = n,
                        _ => {
                            return Err(format!(
                                "'{s}': expected fdb=N, the most addresses the bridge learns, N from 1 to {MAX_FDB}"
                            ))
                        }
                    }
                } else if let Some(r) = opt.strip_prefix("learn=") {
                    match r.parse::<riptide_core::Rate>() {
                        Ok(riptide_core::Rate::Pps(v)) if (1.0..=MAX_LIMIT as f64).contains(&v) => {
                            sw.learn = Some(v.round() as u64)
                        }
                        _ => {
                            return Err(format!(
                                "'{s}': expected learn=RATE, the frames/s the learning leg takes in, such as 20kpps"
                            ))
                        }
                    }
                } else {
                    return Err(format!("'{s}': expected bridge[,fdb=N][,learn=RATE]"));
                }
            }
            return Ok(DutMode::Bridge(sw));
        }
        if let Some(opts) = s.strip_prefix("nat,") {
            let mut st = Stateful::default();
            for opt in opts.split(',') {
                if let Some(n) = opt.strip_prefix("conntrack=") {
                    match n.parse::<u32>() {
                        Ok(n @ 1..=MAX_CONNTRACK) => st.conntrack = n,
                        _ => {
                            return Err(format!(
                                "'{s}': expected conntrack=N, the most connections the DUT tracks at once, N from 1 to {MAX_CONNTRACK}"
                            ))
                        }
                    }
                } else if let Some(r) = opt.strip_prefix("cps=") {
                    let v = r.strip_suffix("cps").unwrap_or(r);
                    let v = match v.strip_suffix('k') {
                        Some(k) => k.parse::<f64>().map(|x| x * 1e3),
                        None => v.parse::<f64>(),
                    };
                    match v {
                        Ok(v) if (1.0..=MAX_LIMIT as f64).contains(&v) => st.cps = Some(v.round() as u64),
                        _ => {
                            return Err(format!(
                            "'{s}': expected cps=RATE, the new connections per second the DUT takes, such as 500 or 2k"
                        ))
                        }
                    }
                } else {
                    return Err(format!("'{s}': expected nat[,conntrack=N][,cps=RATE]"));
                }
            }
            return Ok(DutMode::Nat(st));
        }
        match s {
            "nat" => Ok(DutMode::Nat(Stateful::default())),
            "route" => Ok(DutMode::Route),
            "bridge" => Ok(DutMode::Bridge(Switch::default())),
            "none" => Ok(DutMode::None),
            "testpmd" => Ok(DutMode::Testpmd),
            "ovs" => Ok(DutMode::Ovs { fdb: 0 }),
            "impair" => Ok(DutMode::Impair(Impairments::default())),
            _ => Err(format!(
                "unknown DUT mode '{s}' (expected route, bridge, bridge,fdb=N, none, limit:RATE, nat, nat,conntrack=N, nat,cps=RATE, testpmd, ovs, ovs,fdb=N, impair or impair:IMPAIRMENTS)"
            )),
        }
    }
}

impl fmt::Display for DutMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DutMode::Route => f.write_str("route"),
            DutMode::Bridge(sw) => {
                f.write_str("bridge")?;
                if sw.fdb > 0 {
                    write!(f, ",fdb={}", sw.fdb)?;
                }
                match sw.learn {
                    Some(r) => write!(f, ",learn={r}pps"),
                    None => Ok(()),
                }
            }
            DutMode::None => f.write_str("none"),
            DutMode::Limit(l) if l.burst == limit_burst(l.pps) => write!(f, "limit:{}pps", l.pps),
            DutMode::Limit(l) => write!(f, "limit:{}pps,burst={}", l.pps, l.burst),
            DutMode::Testpmd => f.write_str("testpmd"),
            DutMode::Impair(c) if *c == Impairments::default() => f.write_str("impair"),
            DutMode::Impair(c) => write!(f, "impair:{c}"),
            DutMode::Ovs { fdb: 0 } => f.write_str("ovs"),
            DutMode::Ovs { fdb } => write!(f, "ovs,fdb={fdb}"),
            DutMode::Nat(st) => {
                f.write_str("nat")?;
                if st.conntrack > 0 {
                    write!(f, ",conntrack={}", st.conntrack)?;
                }
                match st.cps {
                    Some(r) => write!(f, ",cps={r}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// One generator port of the lab and the DUT leg facing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabPort {
    /// Interface in [`TG_NS`].
    pub name: &'static str,
    /// Its address (/24).
    pub ip: Ipv4Addr,
    /// Its MAC.
    pub mac: [u8; 6],
    /// The DUT interface facing it (in [`DUT_NS`]).
    pub dut_if: &'static str,
    /// The gateway address on the DUT leg (route mode).
    pub gateway_ip: Ipv4Addr,
    /// The gateway MAC: dut_if's MAC in route mode, a static bridge entry in bridge mode.
    pub gateway_mac: [u8; 6],
}

/// The lab's two ports, port 0 and port 1.
pub const PORTS: [LabPort; 2] = [
    LabPort {
        name: "rt0",
        ip: Ipv4Addr::new(198, 18, 1, 1),
        mac: [0x02, 0, 0xc6, 0x12, 1, 1],
        dut_if: "dut0",
        gateway_ip: Ipv4Addr::new(198, 18, 1, 254),
        gateway_mac: [0x02, 0, 0xc6, 0x12, 1, 0xfe],
    },
    LabPort {
        name: "rt1",
        ip: Ipv4Addr::new(198, 18, 2, 1),
        mac: [0x02, 0, 0xc6, 0x12, 2, 1],
        dut_if: "dut1",
        gateway_ip: Ipv4Addr::new(198, 18, 2, 254),
        gateway_mac: [0x02, 0, 0xc6, 0x12, 2, 0xfe],
    },
];

/// The bridge DUT's third leg: a monitor port (RFC 2889's), which receives only what the
/// bridge floods. Not one of [`PORTS`]: it sends nothing.
pub const MONITOR: LabPort = LabPort {
    name: "rt2",
    ip: Ipv4Addr::new(198, 18, 3, 1),
    mac: [0x02, 0, 0xc6, 0x12, 3, 1],
    dut_if: "dut2",
    gateway_ip: Ipv4Addr::new(198, 18, 3, 254),
    gateway_mac: [0x02, 0, 0xc6, 0x12, 3, 0xfe],
};

/// Networks the route-mode DUT reaches through each generator port: destinations in
/// `FAR_NETS[i]` leave the DUT towards port `i` (so pktgen-style address ranges such as
/// 198.19.0.1-198.19.0.254 cross the ring from rt0 to rt1).
pub const FAR_NETS: [&str; 2] = ["198.19.128.0/17", "198.19.0.0/17"];

/// MAC of a DUT leg in the switching modes: not the gateway MAC, which the bridge must forward
/// rather than deliver to itself.
fn bridge_leg_mac(p: &LabPort) -> [u8; 6] {
    let mut m = p.gateway_mac;
    m[5] = 0xfc;
    m
}

/// What went wrong building or inspecting the lab.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// Not root: `riptide lab ACTION` makes, enters or deletes network namespaces.
    #[error("riptide lab {0} needs root (CAP_SYS_ADMIN, CAP_NET_ADMIN: network namespaces, veth pairs): run riptide with sudo")]
    NotRoot(&'static str),
    /// No namespace support (no iproute2, or `ip netns` fails).
    #[error("riptide lab needs iproute2's `ip netns`: {0}")]
    Unsupported(String),
    /// The lab is already up.
    #[error("the lab is already up (namespace {0} exists); `riptide lab down{1}` removes it")]
    AlreadyUp(String, String),
    /// A step failed; whatever had been created was removed again.
    #[error("{step}: {source}")]
    Step {
        /// What was being done.
        step: String,
        /// Why it failed.
        source: io::Error,
    },
}

fn step(what: impl Into<String>) -> impl FnOnce(io::Error) -> LabError {
    let step = what.into();
    move |source| LabError::Step { step, source }
}

/// `aa:bb:cc:dd:ee:ff`.
pub fn mac_str(m: &[u8; 6]) -> String {
    format!("{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", m[0], m[1], m[2], m[3], m[4], m[5])
}

fn exists(ns: &str) -> bool {
    Path::new(netns::NETNS_DIR).join(ns).exists()
}

fn sysctl(ns: &str, settings: &[&str]) -> io::Result<()> {
    run_bounded(Command::new("ip").args(["netns", "exec", ns, "sysctl", "-qw"]).args(settings), IP_TIMEOUT)
}

/// Builds the lab. Fails with [`LabError::NotRoot`] unless root, with
/// [`LabError::AlreadyUp`] if either namespace exists; on any other failure removes what
/// it created.
pub fn up(lab: &Lab, mode: DutMode) -> Result<(), LabError> {
    let (tg, dut) = (lab.tg(), lab.dut());
    if !root::is_root() {
        return Err(LabError::NotRoot("up"));
    }
    netns::ip_netns_support().map_err(LabError::Unsupported)?;
    for ns in [tg, dut] {
        if exists(ns) {
            let name = if lab.is_default() { String::new() } else { format!(" --name {}", lab.name()) };
            return Err(LabError::AlreadyUp(ns.to_string(), name));
        }
    }
    let res = build(lab, mode).and_then(|()| wait_ready(lab, mode));
    if res.is_err() {
        let _ = down(lab);
    }
    res
}

fn build(lab: &Lab, mode: DutMode) -> Result<(), LabError> {
    let (tg, dut) = (lab.tg(), lab.dut());
    let with_dut = mode != DutMode::None;
    let spaces: &[&str] = if with_dut { &[tg, dut] } else { &[tg] };
    let run_dir = lab.run_dir();
    std::fs::create_dir_all(&run_dir).map_err(step(format!("creating {}", run_dir.display())))?;
    for ns in spaces {
        ip(&["netns", "add", ns]).map_err(step(format!("creating namespace {ns}")))?;
        // Before any link exists, so new interfaces inherit `default`.
        let mut settings = vec![];
        if Path::new("/proc/sys/net/ipv6").exists() {
            settings.extend(["net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1"]);
        }
        let forward = if *ns == dut && mode.routes() { "1" } else { "0" };
        let fwd = format!("net.ipv4.ip_forward={forward}");
        settings.push(&fwd);
        // Sources from anywhere in the benchmarking range may cross (no reverse-path check).
        settings.extend(["net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.default.rp_filter=0"]);
        sysctl(ns, &settings).map_err(step(format!("sysctl in {ns}")))?;
        ip(&["-n", ns, "link", "set", "lo", "up"]).map_err(step(format!("lo up in {ns}")))?;
    }
    let [p0, p1] = PORTS;
    if with_dut {
        for p in [&p0, &p1] {
            let leg_mac = if mode.switches() { bridge_leg_mac(p) } else { p.gateway_mac };
            #[rustfmt::skip]
            ip(&["link", "add", p.name, "netns", tg, "address", &mac_str(&p.mac), "type", "veth",
                 "peer", "name", p.dut_if, "netns", dut, "address", &mac_str(&leg_mac)])
                .map_err(step(format!("creating veth {} <-> {}", p.name, p.dut_if)))?;
        }
    } else {
        #[rustfmt::skip]
        ip(&["link", "add", p0.name, "netns", tg, "address", &mac_str(&p0.mac), "type", "veth",
             "peer", "name", p1.name, "netns", tg, "address", &mac_str(&p1.mac)])
            .map_err(step(format!("creating veth {} <-> {}", p0.name, p1.name)))?;
    }
    for p in [&p0, &p1] {
        let s = step(format!("configuring {} in {tg}", p.name));
        (|| {
            ip(&["-n", tg, "addr", "add", &format!("{}/24", p.ip), "dev", p.name])?;
            ip(&["-n", tg, "link", "set", p.name, "up"])?;
            let gw = (p.gateway_ip.to_string(), mac_str(&p.gateway_mac));
            ip(&["-n", tg, "neigh", "replace", &gw.0, "lladdr", &gw.1, "dev", p.name, "nud", "permanent"])
        })()
        .map_err(s)?;
    }
    match mode {
        DutMode::Route | DutMode::Limit(_) | DutMode::Nat(_) => {
            for p in [&p0, &p1] {
                let s = step(format!("configuring {} in {dut}", p.dut_if));
                (|| {
                    ip(&["-n", dut, "addr", "add", &format!("{}/24", p.gateway_ip), "dev", p.dut_if])?;
                    ip(&["-n", dut, "link", "set", p.dut_if, "up"])?;
                    let peer = (p.ip.to_string(), mac_str(&p.mac));
                    ip(&[
                        "-n",
                        dut,
                        "neigh",
                        "replace",
                        &peer.0,
                        "lladdr",
                        &peer.1,
                        "dev",
                        p.dut_if,
                        "nud",
                        "permanent",
                    ])
                })()
                .map_err(s)?;
            }
            // The far networks: 198.19.0.0/17 lives behind rt1, 198.19.128.0/17 behind rt0.
            for (net, p) in [(FAR_NETS[1], &p1), (FAR_NETS[0], &p0)] {
                ip(&["-n", dut, "route", "replace", net, "via", &p.ip.to_string(), "dev", p.dut_if])
                    .map_err(step(format!("route {net} in {dut}")))?;
            }
            if let DutMode::Limit(l) = mode {
                limiter(lab, l).map_err(step(format!("nftables limiter in {dut} (is nftables installed?)")))?;
            }
            if let DutMode::Nat(st) = mode {
                nat(lab, st).map_err(step(format!("nftables conntrack and NAT in {dut} (is nftables installed?)")))?;
                quiet_generator(lab).map_err(step(format!("nftables input filter in {tg}")))?;
            }
        }
        DutMode::Bridge(sw) => {
            let m = MONITOR;
            monitor_leg(lab)?;
            let s = step(format!("building bridge br0 in {dut}"));
            (|| {
                // No STP and no multicast snooping: the bridge itself sends nothing (it
                // would otherwise join 224.0.0.106 and flood IGMP reports onto the ports).
                #[rustfmt::skip]
                ip(&["-n", dut, "link", "add", "br0", "type", "bridge", "stp_state", "0",
                     "mcast_snooping", "0"])?;
                ip(&["-n", dut, "link", "set", "br0", "multicast", "off", "arp", "off"])?;
                if sw.fdb > 0 {
                    netns::run_in(dut, || crate::bridge::set_max_learned("br0", sw.fdb))??;
                }
                for p in [&p0, &p1, &m] {
                    ip(&["-n", dut, "link", "set", p.dut_if, "master", "br0"])?;
                    ip(&["-n", dut, "link", "set", p.dut_if, "up"])?;
                }
                ip(&["-n", dut, "link", "set", "br0", "up"])?;
                // Each gateway MAC is forwarded out of the *other* leg.
                for (p, out) in [(&p0, &p1), (&p1, &p0)] {
                    #[rustfmt::skip]
                    run_bounded(Command::new("bridge").args(["-n", dut, "fdb", "replace",
                        &mac_str(&p.gateway_mac), "dev", out.dut_if, "master", "static"]), IP_TIMEOUT)?;
                }
                Ok(())
            })()
            .map_err(s)?;
            if let Some(pps) = sw.learn {
                learn_limiter(lab, pps)
                    .map_err(step(format!("nftables learning limiter in {dut} (is nftables installed?)")))?;
            }
        }
        DutMode::Testpmd | DutMode::Ovs { .. } | DutMode::Impair(_) => {
            if mode.has_monitor() {
                monitor_leg(lab)?;
            }
            let legs: &[&LabPort] = if mode.has_monitor() { &[&p0, &p1, &MONITOR] } else { &[&p0, &p1] };
            for p in legs {
                ip(&["-n", dut, "link", "set", p.dut_if, "up"]).map_err(step(format!("{} up", p.dut_if)))?;
            }
            if mode == DutMode::Testpmd {
                testpmd(lab).map_err(step("starting dpdk-testpmd in the DUT (scripts/setup.sh installs dpdk-dev)"))?;
            } else if let DutMode::Impair(cfg) = mode {
                impair_forwarder(lab, cfg).map_err(step("starting riptide's forwarder in the DUT"))?;
            } else if let DutMode::Ovs { fdb } = mode {
                ovs(lab, fdb)
                    .map_err(step("starting Open vSwitch in the DUT (scripts/setup.sh installs openvswitch-switch)"))?;
            }
        }
        DutMode::None => {}
    }
    Ok(())
}

/// Where each lab has a directory of its name ([`Lab::run_dir`]): the mark that it is up,
/// and the testpmd and ovs DUTs' logs, database and sockets; [`down`] removes it.
pub const RUN_DIR: &str = "/run/riptide-lab";

/// How long a DUT program may take to come up.
const DUT_START: Duration = Duration::from_secs(20);

/// The CPUs this process may run on.
fn allowed_cpus() -> Vec<usize> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; sched_getaffinity fills it.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: pid 0 is this thread; the size is the set's.
    let rc = unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
    if rc != 0 {
        return vec![0];
    }
    // SAFETY: CPU_ISSET reads the set filled above.
    (0..libc::CPU_SETSIZE as usize).filter(|&c| unsafe { libc::CPU_ISSET(c, &set) }).collect()
}

/// The testpmd command line: io forwarding between two af_packet vdevs, no hugepages,
/// no PCI, no shared config, a small mbuf pool; the main lcore on the first allowed CPU
/// and the forwarding lcore on the last (the same one on a single-CPU machine).
///
/// `qdisc_bypass=0`: with the kernel's direct transmit (the PMD's default), DPDK 22.11's
/// af_packet PMD sent frames twice on veth under load (measured at 100 Kpps: 593,263
/// frames out of dut1 for 297,779 into dut0); through the qdisc layer every frame leaves
/// once.
fn testpmd_args() -> Vec<String> {
    let cpus = allowed_cpus();
    let (main, fwd) = (cpus.first().copied().unwrap_or(0), cpus.last().copied().unwrap_or(0));
    let mut a: Vec<String> =
        ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "--log-level=notice"].map(String::from).to_vec();
    a.push(format!("--lcores=0@{main},1@{fwd}"));
    for (i, p) in PORTS.iter().enumerate() {
        a.push(format!("--vdev=net_af_packet{i},iface={},qdisc_bypass=0", p.dut_if));
    }
    a.extend(
        [
            "--",
            "--forward-mode=io",
            "--auto-start",
            "--stats-period=3600",
            "--no-lsc-interrupt",
            "--total-num-mbufs=16384",
        ]
        .map(String::from),
    );
    a
}

/// Starts testpmd in the DUT namespace, detached (its output in `RUN_DIR/testpmd.log`),
/// and waits until it forwards.
///
/// testpmd's stdout into a file is block-buffered, and it flushes only part of what it
/// prints: on some hosts "start packet forwarding" sat in the buffer for as long as it
/// ran. `stdbuf -oL` (coreutils) makes it line-buffered.
fn testpmd(lab: &Lab) -> io::Result<()> {
    let mut argv: Vec<std::ffi::OsString> = ["stdbuf", "-oL", "dpdk-testpmd"].map(Into::into).to_vec();
    argv.extend(testpmd_args().into_iter().map(Into::into));
    start_in_dut(lab, "testpmd.log", &argv, "start packet forwarding", "dpdk-testpmd")
}

/// Runs `argv` in the lab's DUT namespace (`ip netns exec`), detached in its own process
/// group, its output in `RUN_DIR/NAME/LOG`, and waits (at most [`DUT_START`]) until that
/// output says `ready`; else the error names `what`, how it ended and the output's last
/// lines.
fn start_in_dut(lab: &Lab, log: &str, argv: &[std::ffi::OsString], ready: &str, what: &str) -> io::Result<()> {
    let run_dir = lab.run_dir();
    let log_path = run_dir.join(log);
    let file = std::fs::File::create(&log_path)?;
    let mut child = Command::new("ip")
        .args(["netns", "exec", lab.dut()])
        .args(argv)
        .current_dir(&run_dir)
        .stdin(Stdio::null())
        .stdout(file.try_clone()?)
        .stderr(file)
        .process_group(0)
        .spawn()?;
    let deadline = Instant::now() + DUT_START;
    loop {
        let text = std::fs::read_to_string(&log_path).unwrap_or_default();
        if text.contains(ready) {
            return Ok(());
        }
        let tail = || text.lines().rev().take(3).collect::<Vec<_>>().join(" / ");
        if let Some(status) = child.try_wait()? {
            return Err(io::Error::other(format!("{what} exited ({status}): {}", tail())));
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            return Err(io::Error::new(io::ErrorKind::TimedOut, format!("not forwarding after 20 s: {}", tail())));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The impair DUT's statistics ([`crate::forward::ForwardStats`] as JSON), rewritten by
/// its forwarder about once a second while they change.
pub fn forward_stats_path(lab: &Lab) -> PathBuf {
    lab.run_dir().join("forward.json")
}

/// Starts riptide's forwarder (`riptide lab forward`, this very program) in the DUT
/// namespace, detached (its output in `RUN_DIR/NAME/forward.log`), and waits until it
/// forwards.
fn impair_forwarder(lab: &Lab, cfg: Impairments) -> io::Result<()> {
    let exe = std::env::current_exe()?;
    if exe.file_name().and_then(|n| n.to_str()) != Some("riptide") {
        return Err(io::Error::other(format!(
            "the impair DUT runs riptide itself, and this program is {} (start the lab with the riptide command)",
            exe.display()
        )));
    }
    let mut argv: Vec<std::ffi::OsString> = vec![exe.into()];
    argv.extend(["lab", "forward", "--name", lab.name(), "--impair", &cfg.to_string(), "--stats"].map(Into::into));
    argv.push(forward_stats_path(lab).into());
    start_in_dut(lab, "forward.log", &argv, "forwarding ", "riptide lab forward")
}

/// RFC 2889's monitor leg of the learning switches: rt2 in the generator's namespace to
/// dut2 in the DUT's, which joins the switch.
fn monitor_leg(lab: &Lab) -> Result<(), LabError> {
    let (tg, dut, m) = (lab.tg(), lab.dut(), MONITOR);
    #[rustfmt::skip]
    ip(&["link", "add", m.name, "netns", tg, "address", &mac_str(&m.mac), "type", "veth",
         "peer", "name", m.dut_if, "netns", dut, "address", &mac_str(&bridge_leg_mac(&m))])
        .map_err(step(format!("creating veth {} <-> {}", m.name, m.dut_if)))?;
    (|| {
        ip(&["-n", tg, "addr", "add", &format!("{}/24", m.ip), "dev", m.name])?;
        ip(&["-n", tg, "link", "set", m.name, "up"])
    })()
    .map_err(step(format!("configuring {} in {tg}", m.name)))
}

/// `ovs-appctl ARGS` (or another OVS tool) against the lab's Open vSwitch, whose
/// sockets and pid files are in the lab's run directory.
fn ovs_tool(lab: &Lab, prog: &str, args: &[String]) -> io::Result<()> {
    let dir = lab.run_dir().join("ovs");
    let mut c = Command::new(prog);
    for v in ["OVS_RUNDIR", "OVS_LOGDIR", "OVS_DBDIR", "OVS_SYSCONFDIR"] {
        c.env(v, &dir);
    }
    c.args(args).current_dir(&dir);
    run_bounded(&mut c, DUT_START)
}

/// The learning OVS's static entries: each gateway MAC forwarded out of the *other* leg
/// (as the bridge's), so the test frames that carry one as their source teach nothing.
fn ovs_static_entries(lab: &Lab) -> io::Result<()> {
    for (p, out) in [(&PORTS[0], &PORTS[1]), (&PORTS[1], &PORTS[0])] {
        let args = ["fdb/add", "br0", out.dut_if, "0", &mac_str(&p.gateway_mac)];
        ovs_tool(lab, "ovs-appctl", &args.map(String::from))?;
    }
    Ok(())
}

/// Starts Open vSwitch in the DUT namespace: a fresh database, `ovsdb-server` and
/// `ovs-vswitchd` (both detached, logs and sockets under `RUN_DIR/ovs`), a netdev bridge
/// `br0` in secure fail mode with the two legs and a rule per direction; with `fdb` > 0
/// the monitor leg too, one NORMAL rule (OVS learns and floods as a switch) and a table
/// of `fdb` addresses (`mac-table-size`; OVS evicts the oldest when it is full), the
/// gateway MACs static.
fn ovs(lab: &Lab, fdb: u32) -> io::Result<()> {
    let dut = lab.dut();
    let dir = lab.run_dir().join("ovs");
    std::fs::create_dir_all(&dir)?;
    let d = dir.display().to_string();
    let env = |c: &mut Command| {
        for v in ["OVS_RUNDIR", "OVS_LOGDIR", "OVS_DBDIR", "OVS_SYSCONFDIR"] {
            c.env(v, &d);
        }
    };
    let run = |prog: &str, in_ns: bool, args: &[String]| -> io::Result<()> {
        let mut c = if in_ns {
            let mut c = Command::new("ip");
            c.args(["netns", "exec", dut, prog]);
            c
        } else {
            Command::new(prog)
        };
        env(&mut c);
        c.args(args).current_dir(&dir);
        run_bounded(&mut c, DUT_START)
    };
    let s = |v: &[&str]| v.iter().map(|x| x.replace("{d}", &d)).collect::<Vec<String>>();
    let schema = ["/usr/share/openvswitch/vswitch.ovsschema", "/usr/local/share/openvswitch/vswitch.ovsschema"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .ok_or_else(|| {
            io::Error::new(io::ErrorKind::NotFound, "no vswitch.ovsschema (is openvswitch-switch installed?)")
        })?;
    run("ovsdb-tool", false, &s(&["create", "{d}/conf.db", schema]))?;
    #[rustfmt::skip]
    run("ovsdb-server", true, &s(&["{d}/conf.db", "--remote=punix:{d}/db.sock", "--pidfile={d}/ovsdb-server.pid",
        "--log-file={d}/ovsdb-server.log", "--detach", "--no-chdir"]))?;
    let db = format!("--db=unix:{d}/db.sock");
    run("ovs-vsctl", false, &[db.clone(), "--no-wait".into(), "init".into()])?;
    #[rustfmt::skip]
    run("ovs-vswitchd", true, &s(&["unix:{d}/db.sock", "--pidfile={d}/ovs-vswitchd.pid",
        "--log-file={d}/ovs-vswitchd.log", "--detach", "--no-chdir"]))?;
    // Without --no-wait, ovs-vsctl returns once ovs-vswitchd has applied the change.
    #[rustfmt::skip]
    let mut bridge: Vec<String> = [&db, "--timeout=20", "add-br", "br0", "--", "set", "bridge", "br0",
        "datapath_type=netdev", "fail_mode=secure", "--", "add-port", "br0", PORTS[0].dut_if, "--", "add-port",
        "br0", PORTS[1].dut_if].iter().map(|x| x.to_string()).collect();
    if fdb > 0 {
        let table = format!("other-config:mac-table-size={fdb}");
        bridge
            .extend(["--", "add-port", "br0", MONITOR.dut_if, "--", "set", "bridge", "br0", &table].map(String::from));
    }
    run("ovs-vsctl", false, &bridge)?;
    let mgmt = format!("unix:{d}/br0.mgmt");
    if fdb > 0 {
        run("ovs-ofctl", false, &["add-flow".into(), mgmt, "actions=NORMAL".into()])?;
        return ovs_static_entries(lab);
    }
    for (from, to) in [(&PORTS[0], &PORTS[1]), (&PORTS[1], &PORTS[0])] {
        let flow = format!("in_port={},actions=output:{}", from.dut_if, to.dut_if);
        run("ovs-ofctl", false, &["add-flow".into(), mgmt.clone(), flow])?;
    }
    Ok(())
}

/// `nft ARGS` in the DUT namespace.
fn nft(lab: &Lab, args: &[&str]) -> io::Result<()> {
    let dut = lab.dut();
    run_bounded(Command::new("ip").args(["netns", "exec", dut, "nft"]).args(args), IP_TIMEOUT)
}

/// The table riptide's limiter lives in.
const NFT_TABLE: &str = "riptide";

/// Drops what each DUT leg receives beyond `l`'s token bucket, in the forward hook.
fn limiter(lab: &Lab, l: Limiter) -> io::Result<()> {
    nft(lab, &["add", "table", "inet", NFT_TABLE])?;
    #[rustfmt::skip]
    nft(lab, &["add", "chain", "inet", NFT_TABLE, "forward", "{", "type", "filter", "hook", "forward", "priority", "0",
          ";", "policy", "accept", ";", "}"])?;
    let (rate, burst) = (format!("{}/second", l.pps), l.burst.to_string());
    for p in PORTS {
        #[rustfmt::skip]
        nft(lab, &["add", "rule", "inet", NFT_TABLE, "forward", "iifname", p.dut_if, "limit", "rate", "over", &rate,
              "burst", &burst, "packets", "drop"])?;
    }
    Ok(())
}

/// The nat DUT: a stateful firewall (new connections only while fewer than `max` are
/// tracked, `ct count`; 0: any) and source NAT of what leaves towards rt1 (masquerade to
/// 198.18.2.254).
fn nat(lab: &Lab, st: Stateful) -> io::Result<()> {
    nft(lab, &["add", "table", "inet", NFT_TABLE])?;
    #[rustfmt::skip]
    nft(lab, &["add", "chain", "inet", NFT_TABLE, "forward", "{", "type", "filter", "hook", "forward", "priority", "0",
          ";", "policy", "accept", ";", "}"])?;
    nft(lab, &["add", "rule", "inet", NFT_TABLE, "forward", "ct", "state", "invalid", "drop"])?;
    if let Some(cps) = st.cps {
        let (rate, burst) = (format!("{cps}/second"), cps_burst(cps).to_string());
        #[rustfmt::skip]
        nft(lab, &["add", "rule", "inet", NFT_TABLE, "forward", "ct", "state", "new", "limit", "rate", "over", &rate,
              "burst", &burst, "packets", "drop"])?;
    }
    if st.conntrack > 0 {
        let n = st.conntrack.to_string();
        nft(
            lab,
            &["add", "rule", "inet", NFT_TABLE, "forward", "ct", "state", "new", "ct", "count", "over", &n, "drop"],
        )?;
    }
    #[rustfmt::skip]
    nft(lab, &["add", "chain", "inet", NFT_TABLE, "post", "{", "type", "nat", "hook", "postrouting", "priority", "100",
          ";", "policy", "accept", ";", "}"])?;
    nft(lab, &["add", "rule", "inet", NFT_TABLE, "post", "oifname", PORTS[1].dut_if, "masquerade"])
}

/// Keeps the generator namespace's own stack from answering what reaches its ports (an
/// nftables input hook dropping all; riptide's sockets see frames before it). Needed
/// behind the nat DUT: there a server port receives connections from the DUT's address,
/// not from an address local to the generator namespace (which the kernel drops as a
/// martian), and the kernel would answer each SYN to riptide's server with a RST.
fn quiet_generator(lab: &Lab) -> io::Result<()> {
    let tg = lab.tg();
    let nft = |args: &[&str]| run_bounded(Command::new("ip").args(["netns", "exec", tg, "nft"]).args(args), IP_TIMEOUT);
    nft(&["add", "table", "inet", NFT_TABLE])?;
    #[rustfmt::skip]
    let chain = ["add", "chain", "inet", NFT_TABLE, "input", "{", "type", "filter", "hook", "input", "priority", "0",
                 ";", "policy", "drop", ";", "}"];
    nft(&chain)
}

/// The bridge DUT's learning limiter: what leg dut1 takes in, in the bridge's prerouting
/// hook (before the bridge learns the source).
fn learn_limiter(lab: &Lab, pps: u64) -> io::Result<()> {
    nft(lab, &["add", "table", "bridge", NFT_TABLE])?;
    #[rustfmt::skip]
    nft(lab, &["add", "chain", "bridge", NFT_TABLE, "pre", "{", "type", "filter", "hook", "prerouting", "priority", "-200",
          ";", "policy", "accept", ";", "}"])?;
    let rate = format!("{pps}/second");
    #[rustfmt::skip]
    let rule = ["add", "rule", "bridge", NFT_TABLE, "pre", "iifname", PORTS[1].dut_if, "limit", "rate", "over", &rate,
                "burst", "5", "packets", "drop"];
    nft(lab, &rule)
}

/// The nat DUT's limits in `nft list table`'s text.
fn parse_nat(rules: &str) -> Stateful {
    Stateful { conntrack: parse_ct_count(rules).unwrap_or(0), cps: parse_limit(rules).map(|l| l.pps) }
}

/// The nat DUT's connection limit in `nft list table`'s text: `ct count over 200`.
fn parse_ct_count(rules: &str) -> Option<u32> {
    rules.split("ct count over ").nth(1)?.split_whitespace().next()?.parse().ok()
}

/// The limiter in `nft list table`'s text: `limit rate over 60000/second burst 100 packets`.
fn parse_limit(rules: &str) -> Option<Limiter> {
    let after = rules.split("limit rate over ").nth(1)?;
    let pps = after.split('/').next()?.trim().parse().ok()?;
    let burst = match after.split(" burst ").nth(1) {
        Some(b) => b.split_whitespace().next()?.parse().ok()?,
        None => limit_burst(pps),
    };
    Some(Limiter { pps, burst })
}

/// Waits until every veth end reports carrier (the kernel's link watch delays it by up
/// to a second) and, in bridge mode, both bridge ports forward: frames sent before that
/// would be dropped on the way.
fn wait_ready(lab: &Lab, mode: DutMode) -> Result<(), LabError> {
    let (tg, dut) = (lab.tg(), lab.dut());
    let mut want: Vec<(&str, &str)> = PORTS.iter().map(|p| (tg, p.name)).collect();
    if mode != DutMode::None {
        want.extend(PORTS.iter().map(|p| (dut, p.dut_if)));
    }
    if mode.has_monitor() {
        want.extend([(tg, MONITOR.name), (dut, MONITOR.dut_if)]);
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut pending = None;
        for &(ns, name) in &want {
            let brief = output(Command::new("ip").args(["-n", ns, "-br", "link", "show", name])).unwrap_or_default();
            if brief.split_whitespace().nth(1) != Some("UP") {
                pending = Some(format!("{ns}/{name} has no carrier"));
                break;
            }
        }
        if pending.is_none() && matches!(mode, DutMode::Bridge(_)) {
            let ports = output(Command::new("bridge").args(["-n", dut, "link", "show"])).unwrap_or_default();
            if ports.matches("state forwarding").count() < 3 {
                pending = Some("bridge ports are not forwarding".into());
            }
        }
        let Some(why) = pending else { return Ok(()) };
        if Instant::now() >= deadline {
            return Err(LabError::Step {
                step: "waiting for the links".into(),
                source: io::Error::new(io::ErrorKind::TimedOut, format!("{why} after 10 s")),
            });
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Empties the DUT's state for the next trial: the bridge DUT forgets what it learned
/// (its static gateway entries stay; RFC 2889), the nat DUT its connection count (its
/// rules made again: the kernel's `ct count` frees a closed connection's place only a few
/// at a time, so a trial after a full one would find places taken; RFC 9411).
pub fn flush(lab: &Lab) -> Result<(), LabError> {
    let dut = lab.dut();
    if !root::is_root() {
        return Err(LabError::NotRoot("flush"));
    }
    if let Some(DutMode::Ovs { fdb: 1.. }) = forwarder(lab) {
        // fdb/flush empties the whole table, the static entries too: they come back. The
        // datapath's cached flows go too (revalidator/purge), or a frame that matches
        // one (flooded when its address was unknown) never reaches the learning slow path.
        return ovs_tool(lab, "ovs-appctl", &["fdb/flush".into(), "br0".into()])
            .and_then(|()| ovs_tool(lab, "ovs-appctl", &["revalidator/purge".into()]))
            .and_then(|()| ovs_static_entries(lab))
            .map_err(step(format!("flushing Open vSwitch's learned addresses in {dut}")));
    }
    if output(Command::new("ip").args(["-n", dut, "-o", "link", "show", "br0"])).is_ok() {
        return ip(&["-n", dut, "link", "set", "br0", "type", "bridge", "fdb_flush"])
            .map_err(step(format!("flushing br0's learned addresses in {dut}")));
    }
    let rules = output(Command::new("ip").args(["netns", "exec", dut, "nft", "list", "table", "inet", NFT_TABLE]))
        .unwrap_or_default();
    if rules.contains("masquerade") {
        return nft(lab, &["delete", "table", "inet", NFT_TABLE])
            .and_then(|()| nat(lab, parse_nat(&rules)))
            .map_err(step(format!("renewing the nat DUT's rules in {dut}")));
    }
    Err(LabError::Step {
        step: "riptide lab flush".into(),
        source: io::Error::other("the lab's DUT is neither a bridge nor nat: nothing to flush"),
    })
}

/// What [`down`] removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    /// Namespaces deleted.
    pub namespaces: Vec<String>,
    /// Processes stopped because they still ran inside one.
    pub processes: Vec<u32>,
}

/// Removes the lab: stops processes still inside its namespaces (SIGTERM, then SIGKILL
/// after a second) and deletes the namespaces. Idempotent; needs root when there is
/// something to remove.
pub fn down(lab: &Lab) -> Result<Removed, LabError> {
    let (tg, dut) = (lab.tg(), lab.dut());
    let mut removed = Removed::default();
    let run_dir = lab.run_dir();
    if !root::is_root() && ([tg, dut].into_iter().any(exists) || run_dir.exists()) {
        return Err(LabError::NotRoot("down"));
    }
    for ns in [tg, dut] {
        if !exists(ns) {
            continue;
        }
        let pids = pids_in(ns);
        for &pid in &pids {
            // SAFETY: kill(2) with a pid read from `ip netns pids` and a signal number.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
        }
        let deadline = Instant::now() + Duration::from_secs(1);
        while pids.iter().any(|&p| alive(p)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        for &pid in pids.iter().filter(|&&p| alive(p)) {
            // SAFETY: as above.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        }
        removed.processes.extend(pids);
        ip(&["netns", "del", ns]).map_err(step(format!("deleting namespace {ns}")))?;
        removed.namespaces.push(ns.to_string());
    }
    if run_dir.exists() {
        std::fs::remove_dir_all(&run_dir).map_err(step(format!("removing {}", run_dir.display())))?;
    }
    // The parent goes with the last lab (it stays while another lab's directory is in it).
    let _ = std::fs::remove_dir(RUN_DIR);
    Ok(removed)
}

/// The learning OVS's table size (`mac-table-size`), if it has one.
fn ovs_table(lab: &Lab) -> Option<u32> {
    let dir = lab.run_dir().join("ovs");
    let db = format!("--db=unix:{}/db.sock", dir.display());
    #[rustfmt::skip]
    let out = output(Command::new("ovs-vsctl").args([&db, "--timeout=5", "get", "bridge", "br0",
        "other-config:mac-table-size"])).ok()?;
    out.trim().trim_matches('"').parse().ok()
}

/// The user-space forwarder running in the DUT namespace, if any.
fn forwarder(lab: &Lab) -> Option<DutMode> {
    let dut = lab.dut();
    pids_in(dut).into_iter().find_map(|pid| match std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?.trim() {
        "dpdk-testpmd" => Some(DutMode::Testpmd),
        "riptide" => {
            // `riptide lab forward --impair SPEC ...`: its arguments say what it does.
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
            let args: Vec<&[u8]> = cmd.split(|&b| b == 0).collect();
            let at = args.windows(2).position(|w| w == [&b"lab"[..], &b"forward"[..]])?;
            let spec = args[at..].windows(2).find(|w| w[0] == b"--impair").map(|w| String::from_utf8_lossy(w[1]))?;
            Impairments::parse(&spec).ok().map(DutMode::Impair)
        }
        "ovs-vswitchd" => Some(DutMode::Ovs { fdb: ovs_table(lab).unwrap_or(0) }),
        _ => None,
    })
}

fn alive(pid: u32) -> bool {
    // A zombie still has /proc/PID but no longer holds the namespace; good enough.
    Path::new(&format!("/proc/{pid}/ns/net")).exists()
}

fn pids_in(ns: &str) -> Vec<u32> {
    let own = std::process::id();
    output(Command::new("ip").args(["netns", "pids", ns]))
        .map(|s| s.split_whitespace().filter_map(|p| p.parse().ok()).filter(|&p| p != own).collect())
        .unwrap_or_default()
}

fn output(cmd: &mut Command) -> io::Result<String> {
    let out = cmd.stdin(Stdio::null()).stderr(Stdio::null()).output()?;
    if !out.status.success() {
        return Err(io::Error::other(format!("{cmd:?}: {}", out.status)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Kernel counters of one interface (`/proc/net/dev`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IfCounters {
    /// Received packets.
    pub rx_packets: u64,
    /// Received bytes.
    pub rx_bytes: u64,
    /// Receive drops.
    pub rx_dropped: u64,
    /// Transmitted packets.
    pub tx_packets: u64,
    /// Transmitted bytes.
    pub tx_bytes: u64,
    /// Transmit drops.
    pub tx_dropped: u64,
}

/// Reads the kernel's counters of `ifname` inside namespace `ns`.
pub fn if_counters(ns: &str, ifname: &str) -> io::Result<IfCounters> {
    let text = netns::run_in(ns, || std::fs::read_to_string("/proc/thread-self/net/dev"))??;
    parse_net_dev(&text, ifname)
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, format!("no interface {ifname} in namespace {ns}")))
}

fn parse_net_dev(text: &str, ifname: &str) -> Option<IfCounters> {
    for line in text.lines() {
        let Some((name, rest)) = line.split_once(':') else { continue };
        if name.trim() != ifname {
            continue;
        }
        let v: Vec<u64> = rest.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        if v.len() < 16 {
            return None;
        }
        return Some(IfCounters {
            rx_bytes: v[0],
            rx_packets: v[1],
            rx_dropped: v[3],
            tx_bytes: v[8],
            tx_packets: v[9],
            tx_dropped: v[11],
        });
    }
    None
}

/// One interface as [`status`] sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IfStatus {
    /// Namespace.
    pub ns: String,
    /// Interface name.
    pub name: &'static str,
    /// Kernel counters.
    pub counters: IfCounters,
    /// Whether an XDP program is attached.
    pub xdp: bool,
}

/// The lab as it is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// `None` when the lab is down.
    pub mode: Option<DutMode>,
    /// Interfaces found (generator's first).
    pub interfaces: Vec<IfStatus>,
    /// Whether the DUT forwards (route mode), from its `ip_forward`.
    pub forwarding: Option<bool>,
    /// The bridge's learned addresses and limit (bridge mode, Linux 6.8+).
    pub learning: Option<crate::bridge::Learning>,
}

/// Inspects the lab: which mode, interface counters, attached XDP programs (root, when
/// the lab is up: they are read inside its namespaces).
pub fn status(lab: &Lab) -> Result<Status, LabError> {
    let (tg, dut) = (lab.tg(), lab.dut());
    if !exists(tg) {
        let mode = exists(dut).then_some(DutMode::Route);
        return Ok(Status { mode, interfaces: vec![], forwarding: None, learning: None });
    }
    // Its counters and mode are read inside its namespaces.
    if !root::is_root() {
        return Err(LabError::NotRoot("status"));
    }
    let has_dut = exists(dut);
    let mut st = Status { mode: None, interfaces: vec![], forwarding: None, learning: None };
    let mut names: Vec<(&str, &'static str)> = PORTS.iter().map(|p| (tg, p.name)).collect();
    if has_dut {
        names.extend(PORTS.iter().map(|p| (dut, p.dut_if)));
        st.mode = Some(match forwarder(lab) {
            Some(m) => {
                if m.has_monitor() {
                    names.extend([(tg, MONITOR.name), (dut, MONITOR.dut_if)]);
                }
                m
            }
            None if output(Command::new("ip").args(["-n", dut, "-o", "link", "show", "br0"])).is_ok() => {
                names.extend([(tg, MONITOR.name), (dut, MONITOR.dut_if)]);
                let limit = netns::run_in(dut, || crate::bridge::learning("br0")).ok().and_then(|r| r.ok());
                st.learning = limit;
                let learn = output(
                    Command::new("ip").args(["netns", "exec", dut, "nft", "list", "table", "bridge", NFT_TABLE]),
                )
                .ok()
                .and_then(|r| parse_limit(&r))
                .map(|l| l.pps);
                DutMode::Bridge(Switch { fdb: limit.map_or(0, |l| l.max_learned), learn })
            }
            None => {
                let rules =
                    output(Command::new("ip").args(["netns", "exec", dut, "nft", "list", "table", "inet", NFT_TABLE]))
                        .unwrap_or_default();
                if rules.contains("masquerade") {
                    DutMode::Nat(parse_nat(&rules))
                } else {
                    parse_limit(&rules).map_or(DutMode::Route, DutMode::Limit)
                }
            }
        });
        let fwd =
            netns::run_in(dut, || std::fs::read_to_string("/proc/sys/net/ipv4/ip_forward")).ok().and_then(|r| r.ok());
        if st.mode.is_some_and(DutMode::routes) {
            st.forwarding = fwd.map(|s| s.trim() == "1");
        }
    } else {
        st.mode = Some(DutMode::None);
    }
    for (ns, name) in names {
        let Ok(counters) = if_counters(ns, name) else { continue };
        let shown = output(Command::new("ip").args(["-n", ns, "-o", "link", "show", name])).unwrap_or_default();
        st.interfaces.push(IfStatus {
            ns: ns.to_string(),
            name,
            counters,
            xdp: shown.contains(" xdp") || shown.contains("prog/xdp"),
        });
    }
    Ok(st)
}

#[cfg(test)]
mod tests {
    use super::*;
    use riptide_core::Nanos;

    #[test]
    fn modes_parse_and_print() {
        for m in ["route", "bridge", "none"] {
            assert_eq!(m.parse::<DutMode>().unwrap().to_string(), m);
        }
        assert!("router".parse::<DutMode>().unwrap_err().contains(
            "route, bridge, bridge,fdb=N, none, limit:RATE, nat, nat,conntrack=N, nat,cps=RATE, testpmd, ovs, ovs,fdb=N, impair or impair:IMPAIRMENTS"
        ));
        assert_eq!("nat".parse::<DutMode>(), Ok(DutMode::Nat(Stateful::default())));
        assert_eq!("impair".parse::<DutMode>().unwrap().to_string(), "impair");
        let i = "impair:delay=100us,loss=1%,seed=3".parse::<DutMode>().unwrap();
        let DutMode::Impair(c) = i else { panic!("{i:?}") };
        assert_eq!((c.delay, c.loss_ppm, c.seed), (Nanos(100_000), 10_000, 3));
        assert_eq!(i.to_string().parse::<DutMode>(), Ok(i));
        assert!("impair:delay=1us,realtime".parse::<DutMode>().unwrap_err().contains("always runs on the wall clock"));
        assert!("impair:lag=1us".parse::<DutMode>().unwrap_err().contains("'impair:lag=1us': "), "names the mode");
        let ct = Stateful { conntrack: 200, cps: None };
        assert_eq!("nat,conntrack=200".parse::<DutMode>(), Ok(DutMode::Nat(ct)));
        assert_eq!(DutMode::Nat(ct).to_string(), "nat,conntrack=200");
        let both = Stateful { conntrack: 200, cps: Some(2000) };
        assert_eq!("nat,cps=2k,conntrack=200".parse::<DutMode>(), Ok(DutMode::Nat(both)));
        assert_eq!(DutMode::Nat(both).to_string(), "nat,conntrack=200,cps=2000");
        assert_eq!(DutMode::Nat(both).to_string().parse::<DutMode>(), Ok(DutMode::Nat(both)));
        assert!("nat,cps=0".parse::<DutMode>().unwrap_err().contains("cps=RATE"));
        assert!("nat,fast".parse::<DutMode>().unwrap_err().contains("nat[,conntrack=N][,cps=RATE]"));
        assert_eq!(cps_burst(1000), 20);
        assert_eq!(cps_burst(100), 5);
        assert!("nat,conntrack=0".parse::<DutMode>().is_err());
        assert!("nat,ct=5".parse::<DutMode>().unwrap_err().contains("nat[,conntrack=N][,cps=RATE]"));
        assert_eq!(parse_ct_count("\t\tct state new ct count over 200 drop\n"), Some(200));
        let sw = |fdb, learn| DutMode::Bridge(Switch { fdb, learn });
        assert_eq!("bridge,fdb=300".parse::<DutMode>(), Ok(sw(300, None)));
        assert_eq!("bridge,fdb=300,learn=20kpps".parse::<DutMode>(), Ok(sw(300, Some(20_000))));
        assert_eq!("bridge,learn=500pps".parse::<DutMode>(), Ok(sw(0, Some(500))));
        assert_eq!(sw(300, Some(20_000)).to_string(), "bridge,fdb=300,learn=20000pps");
        assert_eq!("bridge,fdb=300,learn=20000pps".parse::<DutMode>(), Ok(sw(300, Some(20_000))));
        for bad in
            ["bridge,", "bridge,fdb=0", "bridge,fdb=x", "bridge,fdb=2000000", "bridge,learn=1gbps", "bridge,stp=1"]
        {
            assert!(bad.parse::<DutMode>().is_err(), "{bad}");
        }
        for m in ["testpmd", "ovs", "ovs,fdb=300"] {
            assert_eq!(m.parse::<DutMode>().unwrap().to_string(), m);
        }
        assert_eq!("ovs,fdb=300".parse::<DutMode>(), Ok(DutMode::Ovs { fdb: 300 }));
        assert!("ovs,fdb=300".parse::<DutMode>().unwrap().has_monitor() && !DutMode::Ovs { fdb: 0 }.has_monitor());
        for bad in ["ovs,fdb=9", "ovs,fdb=x", "ovs,fdb=2000000", "ovs,learn=5"] {
            assert!(bad.parse::<DutMode>().is_err(), "{bad}");
        }
        let lim = |pps, burst| DutMode::Limit(Limiter { pps, burst });
        assert_eq!("limit:100kpps".parse::<DutMode>(), Ok(lim(100_000, 1000)));
        assert_eq!("limit:2500".parse::<DutMode>(), Ok(lim(2500, 25)));
        assert_eq!(lim(100_000, 1000).to_string(), "limit:100000pps");
        assert_eq!("limit:100000pps".parse::<DutMode>(), Ok(lim(100_000, 1000)));
        assert_eq!("limit:60kpps,burst=100".parse::<DutMode>(), Ok(lim(60_000, 100)));
        assert_eq!(lim(60_000, 100).to_string(), "limit:60000pps,burst=100");
        assert_eq!("limit:60000pps,burst=100".parse::<DutMode>(), Ok(lim(60_000, 100)));
        for bad in
            ["limit:", "limit:0", "limit:fast", "limit:1gbps", "limit:5e9pps", "limit:1000,burst=0", "limit:1000,b=5"]
        {
            assert!(bad.parse::<DutMode>().is_err(), "{bad}");
        }
        assert!("limit:1000,burst=x".parse::<DutMode>().unwrap_err().contains("burst=N"));
        let rules = "table inet riptide {\n\tchain forward {\n\t\tiifname \"dut0\" limit rate over 60000/second burst 100 packets drop\n";
        assert_eq!(parse_limit(rules), Some(Limiter { pps: 60_000, burst: 100 }));
        assert!((Limiter { pps: 60_000, burst: 100 }.passes(2.0) - 60_050.0).abs() < 1e-9);
        assert_eq!((limit_burst(100_000), limit_burst(10)), (1000, 5));
    }

    #[test]
    fn addresses_are_benchmarking_range_and_macs_local() {
        for p in PORTS {
            for a in [p.ip, p.gateway_ip] {
                let o = a.octets();
                assert!(o[0] == 198 && (o[1] & 0xfe) == 18, "{a}");
            }
            for m in [p.mac, p.gateway_mac, bridge_leg_mac(&p)] {
                assert_eq!(m[0] & 0x03, 0x02, "{}", mac_str(&m));
            }
            assert_ne!(bridge_leg_mac(&p), p.gateway_mac);
        }
    }

    #[test]
    fn net_dev_lines_parse() {
        let text = "Inter-|   Receive |  Transmit\n face |bytes packets errs drop fifo frame compressed multicast|bytes packets errs drop fifo colls carrier compressed\n    lo:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0\n   rt0: 6400 100 0 2 0 0 0 0 128000 2000 0 5 0 0 0 0\n";
        let c = parse_net_dev(text, "rt0").unwrap();
        assert_eq!(
            c,
            IfCounters {
                rx_bytes: 6400,
                rx_packets: 100,
                rx_dropped: 2,
                tx_bytes: 128000,
                tx_packets: 2000,
                tx_dropped: 5
            }
        );
        assert!(parse_net_dev(text, "rt1").is_none());
    }
}
