//! Stateful flows (TRex's STF mode), pure logic.
//!
//! - [`profile`]: TRex cap2 YAML profiles (`duration`, `generator`, `cap_info`, ...),
//!   read as TRex reads them; unsupported keys are errors naming them.
//! - [`pcap`]: a small reader of classic pcap files (µs and ns).
//! - [`template`]: one pcap = one conversation: its packets, directions and gaps.
//! - [`gen`]: the flow generator: new flows at each template's CPS, client and server
//!   addresses from the pools, every flow's next packet a timer in a
//!   [`riptide_timer::Scheduler`] (wheel or heap); frames come out rewritten with
//!   fixed checksums.
//!
//! Time is passed in (`now_ns`); nothing here reads a clock or writes a port.

pub mod gen;
pub mod pcap;
pub mod profile;
pub mod template;

pub use gen::{FlowGen, GenStats};
pub use profile::{load, StfProfile};
