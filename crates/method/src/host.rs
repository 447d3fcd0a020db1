//! The host's facts, in one place for every report: the CPU, the kernel, each port's
//! interface as the kernel describes it (driver, rings, speed), and the host's latest
//! `riptide calibrate`, saved where [`latest_path`] says. `riptide ndr` and `riptide run`
//! embed them in their reports, `riptide calibrate` fills its interfaces from them, and
//! the daemon answers them (`host`), so a throughput figure travels with the state of
//! the machine that produced it.

use riptide_calibrate::{report, Calibration};
use riptide_core::cpulist::Compact;
use riptide_core::units::human_rate;
use serde::Serialize;
use std::path::PathBuf;

/// The host a search or run ran on.
#[derive(Clone, Debug, Serialize)]
pub struct Host {
    /// The CPU's model name.
    pub cpu: String,
    /// Cores available to this process.
    pub cores: usize,
    /// The kernel's release.
    pub kernel: String,
    /// The interfaces of the ports (every interface port: afpacket, afxdp, xdplive).
    pub interfaces: Vec<Interface>,
    /// The host's latest `riptide calibrate` (`{"age_s", "calibration"}`), or a note
    /// that there is none ([`latest_json`]).
    pub calibration: serde_json::Value,
    /// That calibration in a few lines for a report ([`summary_lines`]).
    #[serde(skip)]
    pub calibration_lines: Vec<String>,
}

/// A DUT's buffer as riptide knows it: how many frames it holds beyond its rate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutBuffer {
    /// Frames.
    pub frames: u64,
    /// What it is, for a report (`the lab's limiter (limit:60000pps,burst=100)`).
    pub what: String,
}

/// The buffer of the DUT this thread's ports reach, where riptide knows it: the lab's
/// limiter (`riptide lab up --dut limit:RATE,burst=N`) when this thread is in a lab's
/// generator namespace and the lab's DUT is one (read as root, from its nftables rules);
/// `None` for any other DUT.
pub fn dut_buffer() -> Option<DutBuffer> {
    let lab = riptide_port::lab::here()?;
    match riptide_port::lab::status(&lab).ok()?.mode? {
        mode @ riptide_port::lab::DutMode::Limit(l) => Some(DutBuffer {
            frames: l.burst,
            what: format!("lab {}'s limiter ({mode}) holds {} frames", lab.name(), l.burst),
        }),
        _ => None,
    }
}

/// What the kernel says about one port's interface (`ethtool -i` and `-g`).
#[derive(Clone, Debug, Serialize)]
pub struct Interface {
    /// The port spec as given.
    pub port: String,
    /// The interface's name.
    pub name: String,
    /// Its driver.
    pub driver: Option<String>,
    /// Ring sizes.
    pub rx_ring: Option<u32>,
    /// Ring sizes.
    pub tx_ring: Option<u32>,
    /// Link speed.
    pub speed_bps: Option<f64>,
}

impl Interface {
    /// What the kernel says of interface `name` (in the calling thread's namespace).
    pub fn probe(port: &str, name: &str) -> Self {
        use riptide_port::afpacket;
        let rings = afpacket::rings(name).ok();
        Interface {
            port: port.to_string(),
            name: name.to_string(),
            driver: afpacket::driver(name).ok(),
            rx_ring: rings.map(|r| r.0),
            tx_ring: rings.map(|r| r.1),
            speed_bps: afpacket::link_speed_bps(name),
        }
    }
}

/// The interface of a port spec (every interface port: `afpacket:`, `afxdp:`,
/// `xdplive:`, with wrappers), as the port crate parses it.
pub fn interface_of(spec: &str) -> Option<String> {
    let spec: riptide_port::PortSpec = spec.parse().ok()?;
    spec.interface().filter(|n| !n.is_empty()).map(str::to_string)
}

impl Host {
    /// This host, without ports.
    pub fn here() -> Self {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|t| {
                t.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "unknown".into());
        let calibration_lines = match latest() {
            Some((c, age)) => summary_lines(&c, age),
            None => vec!["no calibration of this host saved: run riptide calibrate before the search".into()],
        };
        Host {
            cpu,
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            kernel,
            interfaces: vec![],
            calibration: latest_json(),
            calibration_lines,
        }
    }

    /// [`Host::here`] with the facts of the ports' interfaces (in the calling thread's
    /// namespace, which `--netns` has entered).
    pub fn with_ports(ports: &[String]) -> Self {
        let mut h = Host::here();
        for p in ports {
            if let Some(name) = interface_of(p) {
                h.interfaces.push(Interface::probe(p, &name));
            }
        }
        h
    }

    /// One line: CPU, cores, kernel, and each interface's driver and rings.
    pub fn describe(&self) -> String {
        let mut s = format!("{}, {} cores, Linux {}", self.cpu, self.cores, self.kernel);
        for i in &self.interfaces {
            s.push_str(&format!("; {} ({}): driver {}", i.name, i.port, i.driver.as_deref().unwrap_or("unknown")));
            if let (Some(rx), Some(tx)) = (i.rx_ring, i.tx_ring) {
                s.push_str(&format!(", rings rx {rx} tx {tx}"));
            }
            if let Some(b) = i.speed_bps {
                s.push_str(&format!(", {}", human_rate(b, "b/s")));
            }
        }
        s
    }
}

/// Where the host's latest calibration is kept: $RIPTIDE_STATE_DIR, else
/// $XDG_STATE_HOME/riptide, else ~/.local/state/riptide; the file `calibration.json`.
pub fn latest_path() -> Option<PathBuf> {
    let dir =
        match (std::env::var_os("RIPTIDE_STATE_DIR"), std::env::var_os("XDG_STATE_HOME"), std::env::var_os("HOME")) {
            (Some(d), _, _) => PathBuf::from(d),
            (None, Some(x), _) => PathBuf::from(x).join("riptide"),
            (None, None, Some(h)) => PathBuf::from(h).join(".local/state/riptide"),
            _ => return None,
        };
    Some(dir.join("calibration.json"))
}

/// The host's latest calibration and its age in seconds, if one was saved and reads back.
pub fn latest() -> Option<(Calibration, u64)> {
    let text = std::fs::read_to_string(latest_path()?).ok()?;
    let c: Calibration = serde_json::from_str(&text).ok()?;
    (c.schema == report::SCHEMA).then(|| {
        let age = (riptide_core::host::unix_now_ns() / 1_000_000_000).saturating_sub(c.taken_unix_s);
        (c, age)
    })
}

/// The latest calibration as JSON for a report (`{"age_s": .., "calibration": {..}}`),
/// or a note saying there is none.
pub fn latest_json() -> serde_json::Value {
    match latest() {
        Some((c, age)) => serde_json::json!({ "age_s": age, "calibration": c }),
        None => serde_json::json!({ "note": "no calibration of this host saved: run riptide calibrate" }),
    }
}

/// A few lines for a report: when, the worst jitter, bandwidth, latency, the warnings.
pub fn summary_lines(c: &Calibration, age_s: u64) -> Vec<String> {
    let mut v = vec![format!(
        "calibrated {} ago (riptide calibrate{}), cores {}",
        age(age_s),
        if c.quick { " --quick" } else { "" },
        Compact(&c.cores)
    )];
    if let Some(js) = &c.jitter {
        for j in js {
            v.push(format!(
                "core {} jitter: loop {} cycles, worst +{:.1} us, {:.1} interruptions/s over {:.1} us",
                j.core,
                j.abs_min,
                j.jitter_ns / 1e3,
                j.interruptions_per_s,
                j.threshold_ns / 1e3
            ));
        }
    }
    if let Some(b) = &c.bandwidth {
        if let Some(r) = b.rows.first() {
            v.push(format!(
                "memory bandwidth, all reads: {:.0} MB/s (cores {}), {:.0} MB/s (one core)",
                r.all_cores_mb_s,
                Compact(&b.cores),
                r.one_core_mb_s
            ));
        }
    }
    if let Some(l) = &c.latency {
        let levels: Vec<String> = l.levels.iter().map(|x| format!("{} {:.1} ns", x.level, x.ns)).collect();
        v.push(format!("latency: {}", levels.join(", ")));
    }
    for w in &c.warnings {
        v.push(format!("warning [{}]: {}", w.code, w.message));
    }
    v
}

/// An age as people say it: `42 s`, `5 min`, `3 h`, `2 days`.
fn age(s: u64) -> String {
    match s {
        s if s < 120 => format!("{s} s"),
        s if s < 7200 => format!("{} min", s / 60),
        s if s < 172_800 => format!("{} h", s / 3600),
        s => format!("{} days", s / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_specs_name_their_interfaces() {
        assert_eq!(interface_of("afpacket:rt0").as_deref(), Some("rt0"));
        assert_eq!(interface_of("afxdp:rt1:0").as_deref(), Some("rt1"));
        assert_eq!(interface_of("xdplive:rt2").as_deref(), Some("rt2"));
        assert_eq!(interface_of("afpacket:eth0+impair:loss=1%").as_deref(), Some("eth0"));
        assert_eq!(interface_of("link:0"), None);
        assert_eq!(interface_of("afpacket:"), None);
    }

    #[test]
    fn ages_read_in_the_unit_that_fits() {
        assert_eq!([age(42), age(600), age(10_800), age(400_000)], ["42 s", "10 min", "3 h", "4 days"]);
    }
}
