//! The riptide engine: worker threads running compiled streams on ports.
//!
//! The engine is driven only through [`Command`]s ([`Engine::handle`]): the CLI,
//! the daemon and the Python client all send the same commands (start, stop,
//! pause, resume, update the rate, snapshot and clear stats).
//!
//! - [`clock`]: a TSC-calibrated clock.
//! - [`command`]: the commands, the multiplier and the start options.
//! - `worker`: one thread per core owning its streams, port queues and counters.
//! - [`stats`]: the snapshots workers publish and the engine merges.

pub mod clock;
pub mod command;
mod engine;
pub mod stats;
pub mod stf;
mod worker;

pub use command::{Command, Multiplier, Response, StartOptions};
pub use engine::{Engine, EngineConfig, EngineError};
pub use stats::{RunState, Snapshot};
