//! `riptide serve --trex`: TRex's stateless RPC on riptide's engine.
//!
//! TRex's Python client (and automation written against it, such as FD.io CSIT's TRex
//! driver) talks JSON-RPC 2.0 over ZeroMQ: requests on a REQ/REP socket (port 4501 by
//! default), statistics and events on a PUB socket (4500). This crate is one more front
//! end on the one engine: it translates TRex's requests into [`riptide_engine::Command`]s
//! and the engine's snapshots into TRex's replies; it re-implements nothing.
//!
//! - [`wire`]: TRex's message framing (zlib-compressed messages behind a magic header).
//! - [`translate`]: TRex's stream objects and multipliers in riptide's terms (pure).
//! - [`server`]: the RPC methods, port ownership and stream tables over an engine (pure:
//!   bytes in, bytes out, no sockets).
//! - [`zmtp`]: ZeroMQ's wire (ZMTP 3: REP and PUB, NULL mechanism), sans-IO, every size
//!   bounded.
//! - [`net`]: the sockets (I/O), through `riptide_listen`'s bounded listeners.

pub mod net;
pub mod server;
pub mod translate;
pub mod wire;
pub mod zmtp;

pub use net::{serve, TrexConfig, TrexHandle};
