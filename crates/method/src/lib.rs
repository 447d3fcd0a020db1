//! The methodology above the engine, written once for every front end.
//!
//! A method drives the engine through its command API only, by way of [`Drive`]: an
//! owned [`Engine`] (the CLI's `riptide ndr`) or an engine shared behind a mutex
//! ([`Shared`], the daemon's, locked for one command at a time so other sessions read
//! stats while a trial runs). [`trials`] runs and counts the trials of a throughput
//! search ([`riptide_search`]); [`ndr`] is the search as every front end runs it (the
//! options, the frame-size sweep, latency under load, generator limits, the typed
//! report and its files); [`soak`] runs a fixed-rate soak in intervals; [`host`] holds the facts every report carries. The CLI, the
//! daemon and Python run one and the same methodology.

use riptide_engine::{Command, Engine, EngineError, Response};
use std::sync::Mutex;

pub mod host;
pub mod ndr;
pub mod rfc2889;
pub mod soak;
pub mod trials;

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
