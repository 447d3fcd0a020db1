//! Helpers shared by the interface port tests.

use riptide_core::BitsPerSec;
use riptide_port::netns;
use riptide_port::{PortCaps, PortInfo, RxStamps, Timing};

/// Whether `test` must be skipped here (no root or no `ip netns`); says why.
pub(crate) fn skip(test: &str) -> bool {
    match netns::test_support() {
        Ok(()) => false,
        Err(why) => {
            eprintln!("{test}: skipped: {why}");
            true
        }
    }
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
