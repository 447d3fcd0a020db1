//! `riptide console`: a terminal UI over a running `riptide serve`.
//!
//! The console is a client of the daemon like the Python client: it reads the
//! daemon's per-interval stats stream (`subscribe`) and sends the daemon's commands
//! (`load_profile`, `start`, `update`, ...) for the lines typed at its prompt, in TRex
//! console's vocabulary. Pure parts ([`command`], [`model`], and the drawing) are apart
//! from the terminal and the sockets (`app`, `client`).

pub mod command;
pub mod model;

mod app;
mod client;
mod ui;

pub use app::{run, Options, PyLoader};
