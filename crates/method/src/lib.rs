//! The methodology above the engine, written once for every front end.
//!
//! A method drives the engine through its command API only, by way of [`Drive`]: an
//! owned [`Engine`] (the CLI's `riptide ndr`) or an engine shared behind a mutex
//! ([`Shared`], the daemon's, locked for one command at a time so other sessions read
//! stats while a trial runs). [`trials`] runs and counts the trials of a throughput
//! search ([`riptide_search`]); [`ndr`] is the search as every front end runs it (the
//! options, the frame-size sweep, latency under load, generator limits, the typed
//! report and its files); [`soak`] runs a fixed-rate soak in intervals; [`b2b`] RFC 9004's back-to-back frames; [`host`] holds the facts every report carries. The CLI, the
//! daemon and Python run one and the same methodology.

use riptide_engine::{Command, Engine, EngineError, Response};
use std::sync::Mutex;

pub mod b2b;
pub mod host;
mod html;
pub mod ndr;
pub mod rfc2889;
pub mod rfc9411;
pub mod soak;
pub mod trials;

/// Whether a method's report covers all it was asked, as every results.json says
/// (`interrupted`, as `riptide run --json` does).
pub(crate) trait Completeness {
    /// `Some(false)`, the default: the method gives no result when it is stopped, so a
    /// report is always whole (ndr, b2b, RFC 2889, RFC 9411). `None`: the report says it
    /// in a field `interrupted` of its own, beside what was asked (soak and its search,
    /// which report what ran until they were stopped).
    fn interrupted(&self) -> Option<bool> {
        Some(false)
    }
}

impl Completeness for ndr::Report {}
impl Completeness for b2b::Report {}
impl Completeness for rfc2889::Report {}
impl Completeness for rfc9411::Report {}
impl Completeness for soak::Report {
    fn interrupted(&self) -> Option<bool> {
        None
    }
}
impl Completeness for soak::plr::Report {
    fn interrupted(&self) -> Option<bool> {
        None
    }
}

/// A method's results.json: the command, riptide's version, the host, the method's name
/// (where a report does not say it), whether it was interrupted (where the report does
/// not say it) and the report's own fields.
pub(crate) fn results_json<T: serde::Serialize + Completeness>(
    command: &[String],
    host: &host::Host,
    method: Option<&str>,
    report: &T,
) -> Result<Vec<u8>, ndr::Error> {
    #[derive(serde::Serialize)]
    struct Results<'a, T> {
        command: &'a [String],
        riptide_version: &'static str,
        host: &'a host::Host,
        #[serde(skip_serializing_if = "Option::is_none")]
        method: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        interrupted: Option<bool>,
        #[serde(flatten)]
        report: &'a T,
    }
    let interrupted = report.interrupted();
    let r = Results { command, riptide_version: env!("CARGO_PKG_VERSION"), host, method, interrupted, report };
    serde_json::to_vec_pretty(&r).map_err(|e| ndr::Error::Runtime(format!("results.json: {e}")))
}

/// Starts a run with `start` and waits for it to end by itself (polled every 5 ms), or
/// stops it when `interrupted` or after `limit`: its final snapshot.
pub(crate) fn run_to_end(
    engine: &mut impl Drive,
    start: Command,
    limit: std::time::Duration,
    interrupted: &dyn Fn() -> bool,
) -> Result<Box<riptide_engine::Snapshot>, ndr::Error> {
    let t0 = std::time::Instant::now();
    engine.handle(start)?;
    while matches!(
        engine.handle(Command::State)?,
        Response::State(riptide_engine::RunState::Running | riptide_engine::RunState::Paused)
    ) {
        if interrupted() || t0.elapsed() >= limit {
            let _ = engine.handle(Command::Stop);
            return Err(ndr::Error::Interrupted("interrupted: no result".into()));
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    match engine.handle(Command::Stop)? {
        Response::Stats(s) => Ok(s),
        _ => Err(ndr::Error::Runtime("stop answered no stats".into())),
    }
}

/// What a method needs of the engine: one command, one answer.
pub trait Drive {
    /// Hands the engine one command.
    fn handle(&mut self, command: Command) -> Result<Response, EngineError>;
}

impl Drive for Engine {
    fn handle(&mut self, command: Command) -> Result<Response, EngineError> {
        Engine::handle(self, command)
    }
}

impl<D: Drive + ?Sized> Drive for &mut D {
    fn handle(&mut self, command: Command) -> Result<Response, EngineError> {
        (**self).handle(command)
    }
}

/// An engine shared behind a mutex, locked for each command only.
pub struct Shared<'a>(pub &'a Mutex<Engine>);

impl Drive for Shared<'_> {
    fn handle(&mut self, command: Command) -> Result<Response, EngineError> {
        // A holder that panicked left the engine whole (commands are atomic under it).
        let mut e = match self.0.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        e.handle(command)
    }
}
