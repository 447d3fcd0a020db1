//! User-space TCP for riptide, as pure logic: segments and `now` in, segments and timers
//! out (the sans-IO shape of quinn-proto; smoltcp's TCP socket is the other model).
//!
//! # A tour of the modules
//!
//! - [`seq`]: sequence numbers compared modulo 2^32;
//! - [`cc`]: congestion control behind one interface: NewReno and Cubic (RFC 9438);
//! - [`rtt`]: RFC 6298's SRTT/RTTVAR/RTO with Karn's rule and backoff;
//! - [`conn`]: one connection: handshake, data and ACKs, MSS, window scale, SACK blocks,
//!   timestamps, flow control and zero-window probes, RTO retransmission, NewReno fast
//!   retransmit and recovery (switchable off for pure connection-rate tests), FIN in
//!   both orders, RST, TIME-WAIT. It never holds the bytes it sends: a segment names a
//!   range of the send stream and the caller fills it from the connection's program;
//! - `reasm`: out-of-order data, held only while a hole is open, and the SACK blocks;
//! - [`program`]: what a connection does (send, recv, delay, close, loops), compiled once
//!   and shared; the built-in HTTP/1.1 GET pair;
//! - [`machine`]: programs that decide as they run (TRex ASTF's clocks, variables and
//!   jumps): one small machine per connection, with a log of what it queued;
//! - [`profile`]: YAML profiles (docs/tcp.md) into client and server specs;
//! - [`astf`]: TRex ASTF profiles (the JSON of TRex's `ASTFProfile.to_json()`) read, checked
//!   and lowered onto the same specs;
//! - [`frame`]: Ethernet + IPv4 + TCP frames read and written;
//! - [`endpoint`]: one worker's connections, client and server at once: pools and port
//!   shares, open and closed load, the timer wheel, programs, counters and latencies;
//! - [`stats`]: the `tcps_*` counters of BSD and TRex ASTF;
//! - [`tls`]: TLS (rustls) as a layer of a program: records on the stream, plaintext to
//!   the program.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod astf;
pub mod cc;
pub mod cluster;
pub mod conn;
pub mod endpoint;
pub mod frame;
mod instr;
pub mod machine;
pub mod profile;
pub mod program;
mod reasm;
pub mod rtt;
mod sack;
pub mod seq;
pub mod stats;
pub mod tls;
mod tls_doc;
mod yaml;

pub use conn::{Connection, Events, Segment, State, TcpConfig, Transmit};
pub use endpoint::{
    ClientSpec, CloseMode, Endpoint, EndpointConfig, EndpointError, EndpointStats, Load, ServerSpec, Servers, Tune,
    DEFAULT_MAX_CONNS,
};
pub use program::{Program, Step};
pub use seq::Seq;
pub use stats::TcpStats;
