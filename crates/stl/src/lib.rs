//! Stateless streams, sans-IO: everything between a profile and a frame in a
//! port's buffer, with no clock, no thread and no socket.
//!
//! The path of a packet, and the module for each step:
//!
//! 1. [`profile`]: YAML/JSON is parsed with source locations (the keys in [`schema`],
//!    the values with several spellings in [`values`]: leaves every step reads) and
//!    compiled ([`profile::compile()`]) into a [`compile::CompiledProfile`].
//! 2. [`template`]: each stream's layers are emitted once through
//!    `riptide-wire`; sizes that vary get their length and checksum fields
//!    precomputed.
//! 3. [`size`] picks each frame's size; [`field`] runs the per-packet field
//!    program with incremental checksum fixes; `riptide_core::Rng` feeds random variables.
//! 4. [`pacer`] says when each packet departs; [`stream`] adds the transmit
//!    mode (continuous, burst, multi-burst, chaining); [`set`] interleaves a
//!    worker's streams by departure and fills a port's batch.
//!
//! [`compile::CompiledStream::share`] cuts a stream into per-core shares (rate,
//! packet counts and variable ranges) so workers never coordinate.

pub mod compile;
pub mod field;
pub mod pacer;
pub mod pktgen;
pub mod profile;
pub mod schema;
pub mod set;
pub mod size;
pub mod stream;
pub mod tag;
pub mod template;
pub mod values;
