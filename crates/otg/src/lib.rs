//! riptide as an Open Traffic Generator (OTG) implementation: the API that snappi,
//! gosnappi, otgen, containerlab and KNE speak (open-traffic-generator/models).
//!
//! - [`spec`]: the models' schemas, which every request is checked against first.
//! - [`translate`]: a `Config` in riptide's terms: its ports, one riptide stream per
//!   flow, and what each flow's metrics count; what riptide cannot carry out is refused
//!   naming its path.
//! - [`server`]: the OTG endpoints, sans I/O, over an engine made for each config.
//! - [`net`]: the HTTP listener (`riptide serve --otg`).
//!
//! A front end: it translates, and the engine, the session layer and the methodology
//! stay where they are (docs/architecture.md).

pub mod grpc;
pub mod net;
pub mod server;
pub mod spec;
pub mod translate;

pub use spec::{spec, OtgError};
pub use translate::{translate, FlowPlan, Plan, PortPlan};
