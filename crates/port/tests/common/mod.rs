//! Helpers shared by the interface port tests.

use riptide_core::BitsPerSec;
use riptide_port::netns;
use riptide_port::{PortCaps, PortInfo, RxStamps, Timing};

/// Whether the test may go on: namespaces can be made here (root, `ip netns`). Without
/// them the test fails naming what it needs, or with `RIPTIDE_ALLOW_SKIP=1` returns
/// `false` and the skip is counted (riptide_testkit).
#[track_caller]
pub(crate) fn require_netns() -> bool {
    riptide_testkit::require(netns::test_support())
}

/// The port info of interface `ifname` under backend `driver` (`afpacket`, `afxdp`).
pub(crate) fn info(driver: &'static str, ifname: &str) -> PortInfo {
    let caps = PortCaps {
        timing: Timing::Real,
        rx: Some(if driver == "afxdp" { RxStamps::Read } else { RxStamps::Kernel }),
        max_frame: 1514,
        batch: 64,
        line_rate: BitsPerSec(10e9),
    };
    PortInfo { name: format!("{driver}:{ifname}"), driver, caps }
}
