//! `riptide serve`: the engine behind a JSON-RPC 2.0 API.
//!
//! ## Transport: JSON-RPC 2.0 over TCP, one JSON object per line
//!
//! Each request is one line of JSON, each response one line back, on a plain
//! TCP connection (127.0.0.1:4501 by default, TRex's RPC port). We chose this
//! over ZeroMQ because it needs nothing on either side: the daemon uses only
//! the standard library, and the Python client only Python's `socket` and
//! `json`, so `pip install` works offline, in containers and on any Python.
//! Live statistics use the same connection: `subscribe` turns it into a stream
//! of `stats` notifications, one per interval.
//!
//! ## Sessions and ownership
//!
//! Every connection is a session. A session authenticates first (`auth` with the
//! token; `riptide serve` makes one at start in a file only its user can read, see
//! [`token`]): before that it may only `ping`, `auth` and ask the `version`, and it is
//! closed if it has not authenticated within a few seconds. Read-only methods
//! (`ports`, `stats`, `state`) are then open to all sessions; methods that change the
//! engine need the session to own it (`acquire`, with `force` to take it over). When
//! the owner disconnects, or sends nothing for the owner heartbeat (a frozen client),
//! ownership is released, and traffic still running is stopped after the owner
//! timeout unless another session acquires first. Idle connections are closed, and
//! one peer may hold only so many.
//!
//! The daemon never dies of a request: every parse or engine error becomes a
//! JSON-RPC error object with a precise message.

pub mod metrics;
pub mod rpc;
pub mod search;
mod server;
pub mod streams;
pub mod token;

pub use server::{serve, serve_on, ServerConfig, ServerHandle, EVICT_IDLE_AFTER, REQUEST_DEADLINE, WRITE_DEADLINE};

/// The API version: clients with another major version are refused.
pub const API_VERSION: (u32, u32) = (1, 20);

/// The API's single definition (JSON Schema of every method's params and result, and
/// of the stats object), shipped with the Python package and served by `schema`.
pub const SCHEMA: &str = include_str!("../../../python/riptide/api_schema.json");
