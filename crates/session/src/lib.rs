//! The session layer every front end stands on, without a transport.
//!
//! A front end (the JSON-RPC daemon, the TRex STL server, the next wire) keeps its
//! codec and its method table; what a session *is* lives here, once:
//!
//! - [`Owners`]: who owns which port (or the one engine): acquire with a handle, force
//!   to take over, release, heartbeats of a frozen owner, ports orphaned when their
//!   owner leaves and freed after a grace. Time is passed in (`now`), so the rules are
//!   tested without sleeping.
//! - [`StreamTables`]: the streams loaded per port, each kept as its wire text beside
//!   what the front end made of it, with one limit per table, one per stream and one
//!   byte budget over all tables.
//!
//! Counters that only grow across runs are the engine's (`Command::Totals`): a front
//! end that answers them asks the engine, it does not fold them itself.
//!
//! Refusals are typed ([`Refused`], [`Full`]): each front end words them for its wire
//! (its own error codes and phrases), the rule behind them is this crate's.

mod owners;
mod streams;

pub use owners::{Owner, Owners, Refused};
pub use streams::{Full, Limits, Stored, StreamTables};
