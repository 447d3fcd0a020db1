//! The command API: what the CLI, the daemon and clients ask of the engine.
//!
//! Commands and responses are plain serializable data, so the same values travel
//! over RPC as JSON and are built directly by the CLI.

use crate::stats::{RunState, Snapshot};
use riptide_core::{Nanos, Rate};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The run's rate multiplier (TRex's `-m`). In JSON it is a number (a factor)
/// or a string as on the command line: `"2"`, `"x2"`, `"10mpps"`, `"50%"`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Multiplier {
    /// Multiply every stream's rate by this factor.
    Factor(f64),
    /// Scale each port's streams so they add up to this rate: `10mpps`,
    /// `5gbps` (L2), `5gbpsl1` (L1) or `50%` (of line rate, L1).
    Total(Rate),
}

impl Default for Multiplier {
    fn default() -> Self {
        Multiplier::Factor(1.0)
    }
}

impl Serialize for Multiplier {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Multiplier {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(f64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Number(f) if f.is_finite() && f > 0.0 => Ok(Multiplier::Factor(f)),
            Raw::Number(f) => Err(serde::de::Error::custom(format!("multiplier {f} must be a positive number"))),
            Raw::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

impl FromStr for Multiplier {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        let t = t.strip_prefix('x').unwrap_or(t);
        if let Ok(f) = t.parse::<f64>() {
            if f.is_finite() && f > 0.0 {
                return Ok(Multiplier::Factor(f));
            }
            return Err(format!("multiplier '{s}' must be a positive number"));
        }
        t.parse::<Rate>().map(Multiplier::Total).map_err(|e| format!("multiplier {e} (or a plain factor such as 2)"))
    }
}

impl fmt::Display for Multiplier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Multiplier::Factor(x) => write!(f, "x{x}"),
            Multiplier::Total(r) => write!(f, "{r}"),
        }
    }
}

/// One generator's share of a run split between several (`--segment I/N`): the I-th of
/// N disjoint shares of every stream's rate, packet counts and field-engine ranges, cut
/// as the engine cuts a stream between its cores (so N generators of C cores each send
/// what one generator of N x C cores would).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    /// Which share, from 0.
    pub index: u32,
    /// How many generators share the run.
    pub count: u32,
}

/// The most generators one run is split between.
pub const MAX_SEGMENTS: u32 = 4096;

impl Segment {
    /// Checks `index < count <= MAX_SEGMENTS`.
    pub fn check(self) -> Result<Self, String> {
        if self.count == 0 || self.count > MAX_SEGMENTS {
            return Err(format!("segment count must be 1 to {MAX_SEGMENTS}, got {}", self.count));
        }
        if self.index >= self.count {
            return Err(format!(
                "segment index {} is not below the count {} (the shares are 0 to {})",
                self.index,
                self.count,
                self.count - 1
            ));
        }
        Ok(self)
    }

    /// The part of every rate this generator sends: 1/count.
    pub fn fraction(self) -> f64 {
        1.0 / f64::from(self.count.max(1))
    }

    /// Worker `core` of `cores`' share of the whole run: `(index, count)` among all
    /// the generators' workers.
    pub fn global(self, core: usize, cores: usize) -> (usize, usize) {
        (self.index as usize * cores + core, self.count as usize * cores)
    }

    /// Worker `core` of `cores`' share of a stateful run split between generators:
    /// `(index, count)` among all the generators' workers, interleaved (`index + count x
    /// core`), so that what a segment takes, the union of its workers' shares (every
    /// `count`-th client port or flow from its `index`), is the same whatever the number
    /// of cores each generator runs: generators of different sizes never overlap.
    pub fn tcp_share(self, core: usize, cores: usize) -> (usize, usize) {
        (self.index as usize + self.count as usize * core, self.count as usize * cores)
    }
}

impl std::str::FromStr for Segment {
    type Err = String;

    /// `I/N`: share I (from 0) of N.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("segment '{s}': expected I/N, share I (0 to N-1) of N generators, such as 0/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index = i.trim().parse().map_err(|_| bad())?;
        let count = n.trim().parse().map_err(|_| bad())?;
        Segment { index, count }.check()
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// How a run starts.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartOptions {
    /// Stop after this long (virtual time on simulated ports).
    #[serde(default)]
    pub duration: Option<Nanos>,
    /// Stop after this many packets in all.
    #[serde(default)]
    pub count: Option<u64>,
    /// Rate multiplier.
    #[serde(default)]
    pub multiplier: Multiplier,
    /// Worker threads.
    #[serde(default = "one")]
    pub cores: usize,
    /// Pin worker `k` to core `pin[k]` (one core per worker, each one this process may
    /// run on); empty: the kernel places the workers.
    #[serde(default)]
    pub pin: Vec<usize>,
    /// Ignore rates and send as fast as possible (benchmarks).
    #[serde(default)]
    pub unpaced: bool,
    /// Real-time lateness before a stream's schedule is reset (default
    /// [`DEFAULT_CATCH_UP`](crate::DEFAULT_CATCH_UP), 1 s).
    #[serde(default)]
    pub catch_up: Option<Nanos>,
    /// Start at this wall-clock time (`CLOCK_REALTIME`, ns since the Unix epoch), so
    /// several engines (daemons on several hosts) begin together. At least 1 ms and at
    /// most 60 s ahead.
    #[serde(default)]
    pub at_unix_ns: Option<u64>,
    /// A total-rate multiplier (`10mpps`) is the sum over the sending ports, split
    /// evenly between them (TRex's `--total`), instead of each port's rate.
    #[serde(default)]
    pub total: bool,
    /// Which workers send which port's streams.
    #[serde(default)]
    pub core_mask: CoreMask,
    /// Start only these ports' streams of the loaded profile, each port a lane of its
    /// own (TRex's `start(ports=...)`): the run goes on until stopped, the duration is
    /// each started port's, and while it runs a `start` naming other ports starts them
    /// too, from the profile loaded then ([`Command::Ports`] stops, pauses, resumes or
    /// updates ports alone). `None`: the whole profile as one run.
    #[serde(default)]
    pub ports: Option<Vec<u16>>,
    /// Run the workers at real-time priority (`SCHED_FIFO`, priority
    /// [`REALTIME_PRIORITY`](crate::REALTIME_PRIORITY); root or `CAP_SYS_NICE`): on a busy
    /// host the scheduler no longer preempts them for other processes, so departures stay
    /// on schedule (each port's `pacing` shows it). They then sleep between departures
    /// instead of spinning, and leave the CPU for a moment after each millisecond of
    /// continuous work, so the kernel never throttles them (its fair server runs starved
    /// tasks for 50 ms at once). Real-time ports only.
    #[serde(default)]
    pub realtime: bool,
    /// Send only this share of the run ([`Segment`]; `count` too is shared: this
    /// generator sends its part of it). Stateless runs of the whole profile.
    #[serde(default)]
    pub segment: Option<Segment>,
    /// After the last frame left, how long the receive queues keep counting arrivals
    /// (real ports that receive; default the engine's [`EngineConfig::drain`], 100 ms;
    /// at most [`MAX_DRAIN`](crate::MAX_DRAIN)): a DUT that buffers a burst forwards
    /// it for longer than that (RFC 9004's back-to-back trials wait for it).
    ///
    /// [`EngineConfig::drain`]: crate::EngineConfig::drain
    #[serde(default)]
    pub drain: Option<Nanos>,
    /// Where latency's departure times come from ([`Timestamps`]; default `auto`).
    #[serde(default)]
    pub timestamps: Timestamps,
}

/// Where latency's departure times come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timestamps {
    /// The sending port's departure stamps where it takes them (AF_PACKET: the driver's
    /// software stamp), user space's elsewhere; each port's report says which.
    #[default]
    Auto,
    /// The port's departure stamps, or the run does not start.
    Kernel,
    /// User space's: the time a frame was built, in its tag.
    User,
}

impl std::str::FromStr for Timestamps {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(Timestamps::Auto),
            "kernel" => Ok(Timestamps::Kernel),
            "user" => Ok(Timestamps::User),
            _ => Err(format!("unknown timestamp source '{s}' (expected auto, kernel or user)")),
        }
    }
}

/// Which workers send which port's streams: TRex's `core_mask` modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoreMask {
    /// Every worker sends its share of every port's streams (TRex's `CORE_MASK_SPLIT`,
    /// its default).
    #[default]
    Split,
    /// The workers are divided between the sending ports, each sending one port's
    /// streams (TRex's `CORE_MASK_PIN`, the console's `start --pin`): worker `k` sends
    /// the `k mod n`-th of the `n` sending ports, so it touches one port's queue and
    /// streams. Needs a worker per sending port; uneven counts give the first ports one
    /// worker more.
    Pin,
}

impl CoreMask {
    /// Worker `core`'s place among the workers that send port `port`, as `(index,
    /// count)`; `None` when it sends none of that port's streams. `sending` lists the
    /// sending ports.
    pub fn share(self, core: usize, cores: usize, port: usize, sending: &[usize]) -> Option<(usize, usize)> {
        match self {
            CoreMask::Split => Some((core, cores)),
            CoreMask::Pin => {
                let n = sending.len().max(1);
                let i = sending.iter().position(|&p| p == port)?;
                (core % n == i).then(|| (core / n, cores.saturating_sub(i).div_ceil(n)))
            }
        }
    }
}

impl std::str::FromStr for CoreMask {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "split" => Ok(CoreMask::Split),
            "pin" => Ok(CoreMask::Pin),
            _ => Err(format!("core mask '{s}': expected split (every worker sends every port) or pin (workers divided between the ports)")),
        }
    }
}

/// A capture fetch's default byte budget: 8 MiB of frames.
fn fetch_bytes() -> usize {
    8 << 20
}

fn unnamed() -> String {
    "<profile>".into()
}

fn one() -> usize {
    1
}

impl Default for StartOptions {
    fn default() -> Self {
        StartOptions {
            duration: None,
            count: None,
            multiplier: Multiplier::default(),
            cores: 1,
            pin: Vec::new(),
            unpaced: false,
            catch_up: None,
            at_unix_ns: None,
            total: false,
            core_mask: CoreMask::Split,
            ports: None,
            realtime: false,
            segment: None,
            drain: None,
            timestamps: Timestamps::Auto,
        }
    }
}

/// The language of a profile's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProfileFormat {
    /// A riptide profile, YAML or JSON (docs/profiles.md).
    #[default]
    Yaml,
    /// A Linux pktgen command script (`pgset` lines; docs/pktgen.md): device `i` sends
    /// on port `i`, or every device on port 0 when the engine has one port.
    Pktgen,
}

/// A request to the engine.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "cmd")]
pub enum Command {
    /// Parses, checks and loads a stateless profile. Streams that leave their Ethernet
    /// addresses unset take their port's from the engine's port configuration
    /// ([`EngineConfig::macs`](crate::EngineConfig::macs)).
    LoadProfile {
        /// The profile text.
        text: String,
        /// Where it came from (a file name), for error messages.
        #[serde(default = "unnamed")]
        source: String,
        /// The text's language.
        #[serde(default)]
        format: ProfileFormat,
        /// Latency probes, as TRex's `-l`: on every sending port a latency stream of
        /// this many packets per second (at most 1,000,000), with the headers of the
        /// port's first stream, never scaled by the multiplier.
        #[serde(default)]
        latency_pps: Option<f64>,
        /// Every stream's frame size replaced by this one (`64`, `"imix"`, a range): one
        /// profile swept over frame sizes (`riptide ndr --frame-sizes`). Latency probes
        /// keep theirs.
        #[serde(default)]
        frame_size: Option<riptide_stl::profile::values::SizeSpec>,
        /// Also the reverse direction: every stream of port 0 or 1 mirrored onto the
        /// other port, addresses and ports swapped, MACs from the port configuration
        /// (`riptide ndr --bidirectional`; riptide_stl::profile::add_reverse_streams).
        #[serde(default)]
        bidirectional: bool,
    },
    /// Forgets the loaded profile (nothing may be running).
    Unload,
    /// Starts the loaded profile on the configured ports.
    Start(StartOptions),
    /// Starts a stateful run (TRex STF) of a cap2 profile on the configured ports
    /// (client side first, server side second); answers notes on the profile. Stop,
    /// snapshot and state apply to it as to a stateless run; the loaded stateless
    /// profile stays loaded.
    StfStart(crate::stf::StfStart),
    /// Starts a TCP run (TRex ASTF) of a TCP profile on the configured ports (one port:
    /// both roles on it; two: clients on the first, servers on the second). Stop,
    /// snapshot and state apply to it; pause and update do not.
    TcpStart(crate::tcp::TcpStart),
    /// Stops the run and finishes the ports.
    Stop,
    /// Pauses transmission (schedules restart on resume; nothing is made up).
    Pause,
    /// Resumes after a pause.
    Resume,
    /// Changes the multiplier of the running traffic.
    Update {
        /// New multiplier.
        multiplier: Multiplier,
    },
    /// Stops, pauses, resumes or updates some ports of a run started with `ports`
    /// while the others go on.
    Ports {
        /// The ports (started in the run).
        ports: Vec<u16>,
        /// What to do with them.
        op: PortOp,
    },
    /// Each port's state in a per-port run (answers [`Response::Lanes`]; empty in other
    /// runs and between runs): cheaper than a snapshot.
    Lanes,
    /// Captures of the ports' frames (engines made with `captures`; answers
    /// [`Response::Capture`]).
    Capture(CaptureOp),
    /// Current counters and rates.
    Snapshot,
    /// Current counters and rates with each latency stream's whole histogram (`hdr`), as
    /// the final snapshot of a run has it: an HDR encode per latency stream, for front
    /// ends that report histograms while a run goes on (TRex's `hdrh`).
    SnapshotWithHistograms,
    /// Counters since the engine was made, over every run (answers [`Response::Totals`]).
    Totals,
    /// The run's state only (cheaper than a snapshot).
    State,
    /// Zeroes the counters the next snapshots report (rates restart too).
    ClearStats,
    /// Describes the loaded profile's streams (answers [`Response::Streams`]).
    Describe,
}

impl Command {
    /// Loads a riptide profile (YAML or JSON) as it is: no probes.
    pub fn load_profile(text: impl Into<String>, source: impl Into<String>) -> Command {
        Command::LoadProfile {
            text: text.into(),
            source: source.into(),
            format: ProfileFormat::Yaml,
            latency_pps: None,
            frame_size: None,
            bidirectional: false,
        }
    }
}

/// What [`Command::Capture`] does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op")]
pub enum CaptureOp {
    /// Starts a capture (ports by direction, a limit, fixed or cyclic, a BPF filter).
    Start(riptide_port::monitor::CaptureSpec),
    /// Stops capture `id`; its frames stay until fetched or removed.
    Stop {
        /// The capture.
        id: u32,
    },
    /// Takes up to `max` of its frames and `max_bytes` of their bytes (one frame at
    /// least), earliest first.
    Fetch {
        /// The capture.
        id: u32,
        /// Most frames.
        max: usize,
        /// Most bytes of frames.
        #[serde(default = "fetch_bytes")]
        max_bytes: usize,
    },
    /// Forgets it.
    Remove {
        /// The capture.
        id: u32,
    },
    /// Every capture kept.
    Status,
}

/// What a capture command answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "capture")]
pub enum CaptureAnswer {
    /// Started: its id and start time (ns since the Unix epoch).
    Started {
        /// Its id.
        id: u32,
        /// When.
        start_unix_ns: u64,
    },
    /// Stopped, holding this many frames.
    Stopped {
        /// Frames held.
        count: usize,
    },
    /// Frames taken, how many are left, when the capture started.
    Frames {
        /// The frames.
        frames: Vec<riptide_port::monitor::Frame>,
        /// Frames still held.
        pending: usize,
        /// When it started.
        start_unix_ns: u64,
    },
    /// Removed.
    Removed,
    /// Every capture kept.
    Status(Vec<riptide_port::monitor::CaptureStatus>),
}

/// What [`Command::Ports`] does to its ports.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op")]
pub enum PortOp {
    /// Stop sending for good (their counters stay in the run's).
    Stop,
    /// Hold the schedule.
    Pause,
    /// Send again from now; nothing is made up.
    Resume,
    /// A new multiplier for these ports' streams.
    Update {
        /// The multiplier.
        multiplier: Multiplier,
    },
}

/// The engine's answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Response {
    /// Done.
    Ok,
    /// Counters and rates.
    Stats(Box<Snapshot>),
    /// The run's state.
    State(RunState),
    /// Done, with notes for the user (keys of a profile read but not used).
    Notes(Vec<String>),
    /// The loaded profile's streams.
    Streams(Vec<StreamInfo>),
    /// Counters over every run.
    Totals(Box<crate::stats::Totals>),
    /// Each port's state in a per-port run.
    Lanes(Vec<crate::stats::Lane>),
    /// A capture command's answer.
    Capture(CaptureAnswer),
}

/// One stream of the loaded profile, as [`Command::Describe`] tells it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct StreamInfo {
    /// Name.
    pub name: String,
    /// Transmit port.
    pub port: u16,
    /// Sent at all.
    pub enabled: bool,
    /// Its rate follows the run's multiplier (latency probes' do not).
    pub scaled: bool,
    /// Tagged (`flow_stats` or `latency`): receivers count it.
    pub tagged: bool,
    /// Stamped with its departure time (`latency`).
    pub latency: bool,
    /// Mean frame size, bytes, FCS included.
    pub mean_frame: f64,
    /// Requested packet rate at multiplier 1 (a `%` rate of the configured line rate).
    pub requested_pps: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multipliers() {
        assert_eq!("2".parse::<Multiplier>(), Ok(Multiplier::Factor(2.0)));
        assert_eq!("10mpps".parse::<Multiplier>(), Ok(Multiplier::Total(Rate::Pps(10e6))));
        assert_eq!("50%".parse::<Multiplier>(), Ok(Multiplier::Total(Rate::Percent(50.0))));
        assert!("0".parse::<Multiplier>().is_err());
        assert!("fast".parse::<Multiplier>().is_err());
    }

    /// A stateful segment's share (the ports or flows `x` its workers take: `x % n == g`
    /// for one of its `(g, n)`) is every N-th from the I-th whatever its number of cores:
    /// generators of 1, 2 and 3 cores never take the same one.
    #[test]
    fn stateful_segments_take_the_same_share_on_any_number_of_cores() {
        let n = 4u32;
        for cores in 1..=3usize {
            let mut owner = [None; 240];
            for index in 0..n {
                let seg = Segment { index, count: n }.check().unwrap();
                for k in 0..cores {
                    let (g, total) = seg.tcp_share(k, cores);
                    assert_eq!(total, n as usize * cores);
                    for (x, o) in owner.iter_mut().enumerate().filter(|(x, _)| x % total == g) {
                        assert_eq!(x % n as usize, index as usize, "{cores} cores: {x} in segment {index}");
                        assert!(o.replace(index).is_none(), "{x} taken twice");
                    }
                }
            }
            assert!(owner.iter().all(Option::is_some), "{cores} cores: every one taken");
        }
    }

    #[test]
    fn commands_round_trip_as_json() {
        let c = Command::Start(StartOptions { count: Some(5), ..Default::default() });
        let j = serde_json::to_string(&c).unwrap();
        let back: Command = serde_json::from_str(&j).unwrap();
        assert!(matches!(back, Command::Start(StartOptions { count: Some(5), .. })));
    }
}

#[cfg(test)]
mod core_mask_tests {
    use super::CoreMask;

    #[test]
    fn pin_divides_the_workers_and_split_shares_them() {
        let sending = [0, 2];
        // Five workers over ports 0 and 2: 0, 2, 4 send port 0; 1, 3 port 2; none port 1.
        let pin: Vec<_> = (0..5).map(|k| [0, 1, 2].map(|p| CoreMask::Pin.share(k, 5, p, &sending))).collect();
        assert_eq!(pin[0], [Some((0, 3)), None, None]);
        assert_eq!(pin[1], [None, None, Some((0, 2))]);
        assert_eq!(pin[2], [Some((1, 3)), None, None]);
        assert_eq!(pin[3], [None, None, Some((1, 2))]);
        assert_eq!(pin[4], [Some((2, 3)), None, None]);
        for k in 0..5 {
            assert_eq!(CoreMask::Split.share(k, 5, 1, &sending), Some((k, 5)));
        }
        assert_eq!("pin".parse(), Ok(CoreMask::Pin));
        assert_eq!("split".parse(), Ok(CoreMask::Split));
        assert!("greedy".parse::<CoreMask>().is_err_and(|e| e.contains("'greedy'")));
    }
}
