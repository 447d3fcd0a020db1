//! The riptide engine: worker threads running a run's share on ports.
//!
//! The engine is driven only through [`Command`]s ([`Engine::handle`]): the CLI,
//! the daemon and the Python client all send the same commands (load a profile,
//! start a stateless or a stateful run, stop, pause, resume, update the rate,
//! snapshot and clear stats). A front end translates its input into commands and
//! prints what comes back; it never reaches further in.
//!
//! - [`affinity`]: pinning workers to cores.
//! - [`clock`]: a TSC-calibrated clock.
//! - [`command`]: the commands, the multiplier and the start options.
//! - `worker`: the one worker loop (clock, control, pacing, ports, stats) every run
//!   kind plugs into through the `kind::RunKind` trait: `stateless` (stream sets) and
//!   [`stf`] (flows from pcap templates).
//! - [`stats`]: the snapshots workers publish and the engine merges.

pub mod affinity;
pub mod clock;
pub mod command;
mod engine;
mod kind;
mod snapshot;
mod stateless;
pub mod stats;
pub mod stf;
mod stf_report;
pub mod tcp;
mod tcp_report;
mod worker;

pub use command::{
    CaptureAnswer, CaptureOp, Command, CoreMask, Multiplier, PortOp, ProfileFormat, Response, Segment, StartOptions,
    StreamInfo, Timestamps, MAX_SEGMENTS,
};
pub use engine::{check_profile, cores, Engine, EngineConfig, EngineError, MAX_CORES};
pub use riptide_port::monitor::{CaptureSpec, CaptureStatus, Frame as CapturedFrame};
pub use stats::{KernelPacing, Lane, LatencyStats, Pacing, RunState, Snapshot};
pub use tcp_report::{Neighbors, Percentiles, TcpHistograms, TcpReport, TcpSplit};

/// The `SCHED_FIFO` priority of real-time workers ([`StartOptions::realtime`]): above
/// every normal task, below the kernel's interrupt threads (50), which must still run.
pub const REALTIME_PRIORITY: i32 = 10;

/// How late a stream may fall behind its schedule in real time and still make up what it
/// owes in a burst, by default: 1 s, so rate x duration is exact across the stalls a host
/// has (a descheduled worker, a VM's hiccup), as TRex and Linux pktgen make up what they
/// owe. A stall past it (a suspended machine) restarts the schedule: `late_resets`.
pub const DEFAULT_CATCH_UP: riptide_core::Nanos = riptide_core::Nanos::from_secs(1);

/// The longest a run may keep receiving after its last frame left
/// ([`StartOptions::drain`]): 10 minutes, past any DUT's buffer.
pub const MAX_DRAIN: riptide_core::Nanos = riptide_core::Nanos::from_secs(600);
