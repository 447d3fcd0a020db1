//! Host calibration: what FD.io CSIT measures with pma_tools and Intel's Memory Latency
//! Checker before it trusts a zero-loss figure, in one library.
//!
//! Pure logic and measurement are kept apart:
//!
//! - [`system`] reads the host (procfs, sysfs) under a root directory, so tests hand in
//!   a fake tree; [`advice`] turns that into warnings, purely.
//! - [`jitter`] times a fixed loop on a pinned core (pma_tools' method); its
//!   [`jitter::summarize`] is pure.
//! - [`memory`] measures bandwidth by read:write mix (MLC `--peak_injection_bandwidth`);
//!   [`latency`] chases pointers for idle and loaded latency (MLC `--idle_latency`,
//!   `--loaded_latency`).
//! - [`report`] holds the result ([`Calibration`]), its text tables and its charts.
//! - [`cpu`] and [`buffer`] hold the only syscalls: the TSC, pinning, mappings.

pub mod advice;
pub mod buffer;
pub mod cpu;
pub mod jitter;
pub mod latency;
pub mod memory;
pub mod report;
pub mod system;

pub use advice::{advise, Warning};
pub use report::Calibration;
pub use system::{capture, SystemInfo};
