//! RFC 2889's address caching capacity (section 5.7) and address learning rate (5.8)
//! of a switching DUT, on three ports: port 0 the test port, port 1 the learning port,
//! port 2 the monitor (a third port of the DUT that only receives what it floods).
//!
//! A trial starts from an empty address table (the front end's `reset`: `riptide lab
//! flush` on the lab's bridge), sends `n` learning frames from the learning port, each
//! from another source address (locally administered, from `--mac` up), waits
//! `--settle`, then sends `n` test frames from the test port, one to each of those
//! addresses. A DUT that learned them all forwards every test frame to the learning port
//! alone; a test frame to an address it did not learn is flooded, and the monitor sees
//! it. A trial passes when every frame was sent, the learning port received all `n`
//! test frames and the monitor none. The learning frames go to an address the DUT knows
//! on the test port's side (the lab bridge's static gateway entry 02:00:c6:12:02:fe,
//! which the test frames also carry as their source, so they teach the table nothing),
//! so they are never flooded themselves.
//!
//! - Caching: binary search on `n` (learning frames at `--learn-rate`): the most
//!   addresses the DUT holds.
//! - Learning: `n` fixed (at most the capacity), binary search on the learning frames'
//!   rate: the fastest the DUT learns every address.

use crate::ndr::Error;
use crate::Drive;
use riptide_core::units::human_rate;
use riptide_core::{Nanos, Rate};
use riptide_engine::{Command, ProfileFormat, StartOptions};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Most addresses a trial teaches.
pub const MAX_ADDRESSES: u64 = 1 << 24;

/// Which RFC 2889 test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Test {
    /// Address caching capacity (RFC 2889 5.7).
    Caching,
    /// Address learning rate (RFC 2889 5.8).
    Learning,
}

/// The tests' options as people write them (`riptide rfc2889`'s arguments).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Caching: the most addresses tried (the search's upper bound). Learning: the
    /// addresses each trial teaches.
    pub addresses: u64,
    /// Caching: the fewest addresses tried.
    pub min_addresses: u64,
    /// Caching: the learning frames' rate. Learning: the highest rate tried.
    pub learn_rate: String,
    /// Learning: the lowest rate tried.
    pub min_rate: String,
    /// Learning: the search ends when the highest passing and lowest failing rates are
    /// within this ratio of each other.
    pub resolution: f64,
    /// The test frames' rate.
    pub test_rate: String,
    /// Frame size (bytes, FCS included).
    pub size: u64,
    /// The first learned address; the others count up from it in its last four bytes.
    pub mac: String,
    /// Wait between the learning frames and the test frames, and after the test frames.
    pub settle: String,
    /// Worker threads.
    pub cores: usize,
    /// Workers at real-time priority (as `riptide ndr --realtime`): the learning frames
    /// keep their schedule on a busy host instead of catching up in bursts (by default
    /// wherever permitted).
    pub realtime: crate::trials::Realtime,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            addresses: 4096,
            min_addresses: 1,
            learn_rate: "10kpps".into(),
            min_rate: "1kpps".into(),
            resolution: 0.05,
            test_rate: "10kpps".into(),
            size: 64,
            mac: "02:00:c6:13:00:00".into(),
            settle: "100ms".into(),
            cores: 1,
            realtime: crate::trials::Realtime::Auto,
        }
    }
}

/// One trial.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    /// Addresses taught.
    pub addresses: u64,
    /// The learning frames' rate (frames/s).
    pub learn_pps: f64,
    /// Learning frames sent.
    pub learn_sent: u64,
    /// At least this rate was achieved for the learning frames (frames/s): their count
    /// over their scheduled span plus the most any of them left late (the learning
    /// port's pacing).
    pub learn_achieved_pps: f64,
    /// The most learning frames that left beyond their schedule in some window (the
    /// learning port's pacing): a burst a slow learner may drop.
    pub learn_burst: u64,
    /// The learning frames left slower than 90% of the rate asked for: the trial says
    /// what the DUT learns at the achieved rate, not at the one asked for.
    pub generator_limited: bool,
    /// Test frames sent.
    pub test_sent: u64,
    /// Test frames the learning port received.
    pub received: u64,
    /// Frames the monitor received: test frames the DUT flooded.
    pub flooded: u64,
    /// Every frame sent, every test frame received, none flooded.
    pub passed: bool,
}

/// What a test found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Which test.
    pub test: Test,
    /// The ports: test, learning, monitor.
    pub ports: Vec<String>,
    /// Caching: the most addresses a trial passed with (None: not even the fewest).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u64>,
    /// Learning: the fastest learning rate a trial passed with (frames/s); where the
    /// generator did not keep that rate, the rate it achieved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learning_rate: Option<f64>,
    /// Learning: the addresses each trial taught.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<u64>,
    /// The result is a lower bound: the search's upper limit passed (or, learning, the
    /// generator's fastest did).
    pub at_limit: bool,
    /// The test frames' rate (frames/s).
    pub test_pps: f64,
    /// Frame size (bytes).
    pub size: u64,
    /// Every trial, in order.
    pub trials: Vec<Trial>,
    /// Wall time (s).
    pub wall_s: f64,
}

/// What a front end sees while a test runs.
pub trait Observer {
    /// A trial ended.
    fn trial(&mut self, _t: &Trial) {}
}

impl Observer for () {}

fn pps(option: &str, s: &str) -> Result<f64, Error> {
    match s.parse::<Rate>() {
        Ok(Rate::Pps(v)) if (1.0..=1e8).contains(&v) => Ok(v),
        _ => Err(Error::Input(format!("{option} '{s}': expected a rate in frames/s, such as 10kpps"))),
    }
}

/// [`Options`] checked (what [`run`] needs of them, beyond the ports).
pub struct Checked {
    learn_pps: f64,
    min_pps: f64,
    test_pps: f64,
    base: u32,
    prefix: [u8; 2],
    settle: f64,
}

impl Options {
    /// Checks every option, naming a bad one as the CLI spells it.
    pub fn check(&self, test: Test) -> Result<Checked, Error> {
        riptide_engine::cores(self.cores as u64).map_err(|e| Error::Input(format!("--cores {e}")))?;
        if !(1..=MAX_ADDRESSES).contains(&self.addresses) {
            return Err(Error::Input(format!("--addresses {}: expected 1 to {MAX_ADDRESSES}", self.addresses)));
        }
        if test == Test::Caching && !(1..=self.addresses).contains(&self.min_addresses) {
            return Err(Error::Input(format!(
                "--min-addresses {}: expected 1 to --addresses ({})",
                self.min_addresses, self.addresses
            )));
        }
        if !(self.resolution > 0.0 && self.resolution < 1.0) {
            return Err(Error::Input(format!("--resolution {}: expected a ratio between 0 and 1", self.resolution)));
        }
        if !(60..=9216).contains(&self.size) {
            return Err(Error::Input(format!("--frame-size {}: expected 60 to 9216 bytes", self.size)));
        }
        let mac: Vec<u8> = self.mac.split(':').filter_map(|b| u8::from_str_radix(b, 16).ok()).collect();
        if mac.len() != 6 || self.mac.split(':').count() != 6 || mac[0] & 1 != 0 {
            return Err(Error::Input(format!(
                "--mac '{}': expected a unicast MAC such as 02:00:c6:13:00:00",
                self.mac
            )));
        }
        let base = u32::from_be_bytes([mac[2], mac[3], mac[4], mac[5]]);
        if u64::from(base) + self.addresses > 1 << 32 {
            return Err(Error::Input(format!(
                "--mac '{}': {} addresses do not fit after it",
                self.mac, self.addresses
            )));
        }
        let settle: Nanos = self.settle.parse().map_err(|e| Error::Input(format!("--settle: {e}")))?;
        let (learn_pps, min_pps) = (pps("--learn-rate", &self.learn_rate)?, pps("--min-rate", &self.min_rate)?);
        if test == Test::Learning && min_pps >= learn_pps {
            return Err(Error::Input(format!(
                "--min-rate {} is not below --learn-rate {}",
                self.min_rate, self.learn_rate
            )));
        }
        Ok(Checked {
            learn_pps,
            min_pps,
            test_pps: pps("--test-rate", &self.test_rate)?,
            base,
            prefix: [mac[0], mac[1]],
            settle: settle.as_secs_f64(),
        })
    }
}

fn mac_str(prefix: [u8; 2], low: u32) -> String {
    let b = low.to_be_bytes();
    format!("{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", prefix[0], prefix[1], b[0], b[1], b[2], b[3])
}

/// The address the learning frames go to and the test frames come from: the lab
/// bridge's static entry towards the test port.
pub const KNOWN: &str = "02:00:c6:12:02:fe";

/// The trial's profile: `n` learning frames on port 1, then `n` test frames on port 0.
fn profile(c: &Checked, size: u64, n: u64, learn_pps: f64) -> String {
    let (lo, hi) = (c.base, c.base + (n - 1) as u32);
    let first = mac_str(c.prefix, lo);
    let isg_us = ((n as f64 / learn_pps + c.settle) * 1e6).ceil() as u64;
    format!(
        "description: RFC 2889 trial, {n} addresses\n\
         streams:\n\
         \x20 - name: learning\n\
         \x20   port: 1\n\
         \x20   packet:\n\
         \x20     - eth: {{src: \"{first}\", dst: \"{KNOWN}\"}}\n\
         \x20     - ipv4: {{src: 198.18.2.1, dst: 198.18.1.1}}\n\
         \x20     - udp: {{sport: 1025, dport: 9}}\n\
         \x20   size: {size}\n\
         \x20   rate: {learn_pps}pps\n\
         \x20   mode: {{burst: {{packets: {n}}}}}\n\
         \x20   vars:\n\
         \x20     - {{name: mac, op: inc, size: 4, min: {lo}, max: {hi}, write: eth.src}}\n\
         \x20 - name: test\n\
         \x20   port: 0\n\
         \x20   isg: {isg_us}us\n\
         \x20   packet:\n\
         \x20     - eth: {{src: \"{KNOWN}\", dst: \"{first}\"}}\n\
         \x20     - ipv4: {{src: 198.18.1.1, dst: 198.18.2.1}}\n\
         \x20     - udp: {{sport: 1025, dport: 9}}\n\
         \x20   size: {size}\n\
         \x20   rate: {}pps\n\
         \x20   mode: {{burst: {{packets: {n}}}}}\n\
         \x20   vars:\n\
         \x20     - {{name: mac, op: inc, size: 4, min: {lo}, max: {hi}, write: eth.dst}}\n",
        c.test_pps
    )
}

/// Runs one trial from an empty table.
fn trial<D: Drive>(
    engine: &mut D,
    o: &Options,
    c: &Checked,
    n: u64,
    learn_pps: f64,
    reset: &mut dyn FnMut() -> Result<(), String>,
    interrupted: &dyn Fn() -> bool,
) -> Result<Trial, Error> {
    reset().map_err(|e| Error::Runtime(format!("emptying the DUT's address table: {e}")))?;
    engine.handle(Command::LoadProfile {
        text: profile(c, o.size, n, learn_pps),
        source: "rfc2889".into(),
        format: ProfileFormat::Yaml,
        latency_pps: None,
        frame_size: None,
        bidirectional: false,
    })?;
    let span = n as f64 / learn_pps + n as f64 / c.test_pps + 2.0 * c.settle;
    let opts = StartOptions {
        duration: Some(Nanos::from_secs_f64(span + 0.05)),
        cores: o.cores,
        realtime: o.realtime.enabled(),
        catch_up: Some(Nanos::from_secs_f64(span + 1.0)),
        ..Default::default()
    };
    let limit = Duration::from_secs_f64(span * 2.0 + 30.0);
    let s = crate::run_to_end(engine, Command::Start(opts), limit, interrupted)?;
    let port = |i: usize| s.ports.get(i).map_or((0, 0), |p| (p.opackets, p.ipackets));
    let ((test_sent, _), (learn_sent, received), (_, flooded)) = (port(0), port(1), port(2));
    let passed = learn_sent == n && test_sent == n && received >= n && flooded == 0;
    let pacing = s.ports.get(1).and_then(|p| p.pacing);
    let late = pacing.map_or(0.0, |p| p.late_ns as f64 * 1e-9);
    let learn_achieved_pps = n as f64 / (n as f64 / learn_pps + late);
    Ok(Trial {
        addresses: n,
        learn_pps,
        learn_sent,
        learn_achieved_pps,
        learn_burst: pacing.map_or(0, |p| p.burst),
        generator_limited: learn_achieved_pps < 0.9 * learn_pps,
        test_sent,
        received,
        flooded,
        passed,
    })
}

/// Runs `test` on the engine's three ports (test, learning, monitor). `reset` empties
/// the DUT's address table before each trial.
pub fn run<D: Drive>(
    engine: &mut D,
    ports: &[String],
    test: Test,
    o: &Options,
    reset: &mut dyn FnMut() -> Result<(), String>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = Instant::now();
    let c = o.check(test)?;
    if ports.len() != 3 {
        return Err(Error::Input(format!(
            "RFC 2889 takes three ports (test, learning, monitor): {} given",
            ports.len()
        )));
    }
    let mut trials = vec![];
    let mut run = |n: u64, rate: f64, trials: &mut Vec<Trial>| -> Result<bool, Error> {
        let t = trial(engine, o, &c, n, rate, reset, interrupted)?;
        observer.trial(&t);
        let p = t.passed;
        trials.push(t);
        Ok(p)
    };
    let mut report = Report {
        test,
        ports: ports.to_vec(),
        capacity: None,
        learning_rate: None,
        addresses: None,
        at_limit: false,
        test_pps: c.test_pps,
        size: o.size,
        trials: vec![],
        wall_s: 0.0,
    };
    match test {
        Test::Caching => {
            // The upper bound first (a DUT that holds it ends the search), then the lower.
            let (mut lo, mut hi) = (o.min_addresses, o.addresses);
            if run(hi, c.learn_pps, &mut trials)? {
                report.capacity = Some(hi);
                report.at_limit = true;
            } else if lo < hi && run(lo, c.learn_pps, &mut trials)? {
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if run(mid, c.learn_pps, &mut trials)? {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                report.capacity = Some(lo);
            }
        }
        Test::Learning => {
            report.addresses = Some(o.addresses);
            let (mut lo, mut hi) = (c.min_pps, c.learn_pps);
            if run(o.addresses, hi, &mut trials)? {
                report.at_limit = true;
            } else if run(o.addresses, lo, &mut trials)? {
                while hi / lo > 1.0 + o.resolution {
                    let mid = (lo * hi).sqrt();
                    if run(o.addresses, mid, &mut trials)? {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
            }
            // The fastest passing trial, at the rate it achieved where the generator
            // did not keep the one asked for (the DUT then learns at least that fast).
            let best = trials.iter().filter(|t| t.passed).max_by(|a, b| a.learn_pps.total_cmp(&b.learn_pps));
            if let Some(t) = best {
                report.learning_rate = Some(if t.generator_limited { t.learn_achieved_pps } else { t.learn_pps });
                report.at_limit |= t.generator_limited;
            }
        }
    }
    report.trials = trials;
    report.wall_s = began.elapsed().as_secs_f64();
    Ok(report)
}

/// One sentence of what the test found.
pub fn headline(r: &Report) -> String {
    let more = if r.at_limit { " or more (the search's limit)" } else { "" };
    match (r.test, r.capacity, r.learning_rate) {
        (Test::Caching, Some(n), _) => format!(
            "address caching capacity: {n} addresses{more}, in {} trials (test frames at {})",
            r.trials.len(),
            human_rate(r.test_pps, "pps")
        ),
        (Test::Learning, _, Some(rate)) => {
            let limited = r.trials.iter().any(|t| t.passed && t.generator_limited);
            let more = match (limited, r.at_limit) {
                (true, _) => " or more (the generator's fastest: the DUT learned all it sent)",
                (false, true) => " or more (the search's limit)",
                _ => "",
            };
            format!(
                "address learning rate: {}{more} ({} addresses), in {} trials",
                human_rate(rate, "pps"),
                r.addresses.unwrap_or(0),
                r.trials.len()
            )
        }
        (Test::Caching, None, _) => format!(
            "address caching capacity: below {} addresses (every trial flooded or lost test frames)",
            r.trials.last().map_or(0, |t| t.addresses)
        ),
        (Test::Learning, _, None) => format!(
            "address learning rate: below {} (every trial flooded or lost test frames)",
            human_rate(r.trials.last().map_or(0.0, |t| t.learn_pps), "pps")
        ),
    }
}

/// The test's files: results.json, trials.csv, report.md.
pub fn files(command: &[String], host: &crate::host::Host, r: &Report) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let json = crate::results_json(command, host, Some("rfc2889"), r)?;
    let mut csv =
        "trial,addresses,learn_pps,learn_achieved_pps,learn_sent,test_sent,received,flooded,passed\n".to_string();
    for (i, t) in r.trials.iter().enumerate() {
        csv.push_str(&format!(
            "{},{},{},{:.0},{},{},{},{},{}\n",
            i + 1,
            t.addresses,
            t.learn_pps,
            t.learn_achieved_pps,
            t.learn_sent,
            t.test_sent,
            t.received,
            t.flooded,
            t.passed
        ));
    }
    let mut md = format!(
        "# RFC 2889 {}\n\nPorts: test {}, learning {}, monitor {}.\n\n{}.\n\n",
        match r.test {
            Test::Caching => "address caching capacity (section 5.7)",
            Test::Learning => "address learning rate (section 5.8)",
        },
        r.ports[0],
        r.ports[1],
        r.ports[2],
        headline(r)
    );
    md.push_str(
        "Each trial empties the address table, sends one learning frame from each address on the learning \
         port, then one test frame to each address from the test port; it passes when the learning port receives \
         every test frame and the monitor none (a test frame the DUT did not know the address of is flooded).\n\n\
         | trial | addresses | learning rate | flooded | received | passed |\n|---|---|---|---|---|---|\n",
    );
    for (i, t) in r.trials.iter().enumerate() {
        md.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            i + 1,
            t.addresses,
            human_rate(t.learn_pps, "pps"),
            t.flooded,
            t.received,
            if t.passed { "yes" } else { "no" }
        ));
    }
    md.push_str(&format!("\nCommand: `{}`\n", command.join(" ")));
    Ok(vec![
        ("results.json".into(), json),
        ("trials.csv".into(), csv.into_bytes()),
        ("report.md".into(), md.into_bytes()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_by_their_names() {
        let e = |o: Options, t: Test| o.check(t).err().unwrap().to_string();
        let ok = Options::default();
        assert!(ok.check(Test::Caching).is_ok());
        assert!(e(Options { addresses: 0, ..ok.clone() }, Test::Caching).contains("--addresses 0"));
        assert!(e(Options { min_addresses: 5000, ..ok.clone() }, Test::Caching).contains("--min-addresses 5000"));
        assert!(e(Options { mac: "01:00:00:00:00:00".into(), ..ok.clone() }, Test::Caching).contains("unicast"));
        assert!(e(Options { mac: "02:00:ff:ff:ff:00".into(), ..ok.clone() }, Test::Caching).contains("do not fit"));
        assert!(e(Options { min_rate: "20kpps".into(), ..ok.clone() }, Test::Learning).contains("not below"));
        assert!(e(Options { test_rate: "fast".into(), ..ok.clone() }, Test::Caching).contains("--test-rate 'fast'"));
    }

    #[test]
    fn the_profile_sweeps_the_addresses_on_the_learning_port_then_the_test_port() {
        let o = Options { mac: "02:00:c6:13:00:10".into(), ..Options::default() };
        let c = o.check(Test::Caching).unwrap();
        let text = profile(&c, 64, 100, 1000.0);
        let p = riptide_stl::profile::parse(&text, "t").unwrap();
        let compiled = riptide_stl::profile::compile(&p, "t").unwrap();
        assert_eq!(compiled.streams.len(), 2, "{text}");
        assert!(text.contains(&format!("min: {}, max: {}", 0xc6130010u32, 0xc6130010u32 + 99)), "{text}");
        // 100 frames at 1 kpps, then the settle: the test frames start 0.2 s in.
        assert!(text.contains("isg: 200000us"), "{text}");
    }
}
