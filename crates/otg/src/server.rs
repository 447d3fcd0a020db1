//! riptide's OTG server, sans I/O: one request (method, path, JSON body) in, one answer
//! (status, JSON body) out. The transport ([`crate::net`]) only moves bytes.
//!
//! Each `set_config` makes an engine with the config's ports (a port's `location` is a
//! riptide port spec such as `link:0`, or an interface name: AF_PACKET on it) and loads
//! the flows as its profile; `control/state` starts, stops, pauses and resumes them;
//! `monitor/metrics` answers port and flow metrics from the engine's snapshot (the last
//! run's final one once it ended). Every request body is checked against the models
//! first; every failure is OTG's `Error` object (`kind` validation for the request,
//! internal for riptide), its `errors` naming the path.

use crate::spec::{join, spec, OtgError};
use crate::translate::{translate, Plan};
use riptide_engine::{
    CaptureAnswer, CaptureOp, CapturedFrame, Command, Engine, EngineConfig, Response, RunState, Snapshot, StartOptions,
};
use riptide_port::monitor::{CaptureSpec, MAX_BYTES, MAX_LIMIT};
use riptide_port::resolve::{ping, resolve_all, Ask, Resolved, Responder};
use riptide_port::PortSpec;
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::time::Duration;

/// Frames as a pcap (nanosecond stamps, Ethernet), each with its FCS (CRC-32 of the
/// frame, least significant byte first, as on the wire), cut at `snaplen` if given.
pub fn pcap<'a>(frames: impl Iterator<Item = &'a CapturedFrame>, snaplen: Option<usize>) -> Vec<u8> {
    let snap = snaplen.unwrap_or(65_535).clamp(1, 262_144);
    let mut out = Vec::new();
    out.extend_from_slice(&0xa1b2_3c4du32.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&(snap as u32).to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes());
    for f in frames {
        let mut frame = f.data.clone();
        frame.extend_from_slice(&crc32fast::hash(&f.data).to_le_bytes());
        let kept = frame.len().min(snap);
        out.extend_from_slice(&((f.unix_ns / 1_000_000_000) as u32).to_le_bytes());
        out.extend_from_slice(&((f.unix_ns % 1_000_000_000) as u32).to_le_bytes());
        out.extend_from_slice(&(kept as u32).to_le_bytes());
        out.extend_from_slice(&(frame.len() as u32).to_le_bytes());
        out.extend_from_slice(&frame[..kept]);
    }
    out
}

/// Largest request body read.
pub const MAX_BODY: usize = 64 << 20;

/// An answer: HTTP status and JSON body (or bytes: a capture's pcap).
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// The JSON body.
    pub body: Value,
    /// Bytes answered in place of the JSON (application/octet-stream).
    pub bytes: Option<Vec<u8>>,
}

impl Reply {
    fn ok(body: Value) -> Reply {
        Reply { status: 200, body, bytes: None }
    }

    fn warnings() -> Reply {
        Reply::ok(json!({"warnings": []}))
    }

    /// OTG's `Error`: `kind` validation (400) or internal (500).
    pub fn error(status: u16, errors: Vec<String>) -> Reply {
        let kind = if status >= 500 { "internal" } else { "validation" };
        Reply { status, body: json!({"code": status, "kind": kind, "errors": errors}), bytes: None }
    }
}

fn invalid(e: OtgError) -> Reply {
    Reply::error(400, vec![e.to_string()])
}

fn internal(e: impl std::fmt::Display) -> Reply {
    Reply::error(500, vec![e.to_string()])
}

/// How a flow transmits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Transmit {
    Started,
    Stopped,
    Paused,
}

impl Transmit {
    fn name(self) -> &'static str {
        match self {
            Transmit::Started => "started",
            Transmit::Stopped => "stopped",
            Transmit::Paused => "paused",
        }
    }
}

/// A config that was set: its plan, its engine and its flows' states.
struct Current {
    config: Value,
    plan: Plan,
    engine: Engine,
    transmit: Vec<Transmit>,
    /// Counters of the ended run (until the next start).
    last: Option<Snapshot>,
    /// By capture of the plan: the engine's capture, while it has one.
    capture_ids: Vec<Option<u32>>,
    /// By capture of the plan: the frames taken from the engine so far.
    held: Vec<VecDeque<CapturedFrame>>,
    /// Whether the engine holds the plan's profile with every flow enabled.
    loaded_all: bool,
    /// The ports as opened (their interfaces, for the link's state).
    ports: Vec<PortSpec>,
    /// By capture of the plan: whether it is capturing.
    capturing: Vec<bool>,
    /// By flow: its frames received, as a rate.
    flow_rx: Vec<Rate>,
    /// By port: its bytes received (with the FCS), as a rate.
    port_rx: Vec<Rate>,
    /// The devices' gateways: (ethernet, gateway, its MAC).
    neighbors: Vec<(usize, IpAddr, [u8; 6])>,
    /// Answering ARP and ND for the devices' addresses, one per port with devices.
    _responders: Vec<Responder>,
}

/// A count's rate, read from its changes on the run's clock (the snapshot's `duration_s`):
/// the average over at least the last second (the run so far, before its first second),
/// from samples kept a quarter second apart, so clients reading often and rarely see the
/// same figure; on simulated ports, the run's average.
#[derive(Clone, Debug, Default)]
struct Rate {
    samples: VecDeque<(f64, u64)>,
}

impl Rate {
    /// The rate at `now_s` on the run's clock; on simulated ports (virtual time, whose
    /// receive counts arrive in wall-clock steps) the run's average so far.
    fn read(&mut self, now_s: f64, count: u64, simulated: bool) -> f64 {
        if simulated {
            return if now_s > 0.0 { count as f64 / now_s } else { 0.0 };
        }
        if self.samples.back().is_none_or(|&(t, _)| now_s - t >= 0.25) {
            self.samples.push_back((now_s, count));
        }
        // The newest sample a second old or more is the window's start; older ones go.
        while self.samples.len() > 1 && now_s - self.samples[1].0 >= 1.0 {
            self.samples.pop_front();
        }
        let (t, c) = self.samples.front().copied().unwrap_or((0.0, 0));
        let (t, c) = if now_s - t >= 1.0 { (t, c) } else { (0.0, 0) };
        if now_s - t > 0.0 {
            count.saturating_sub(c) as f64 / (now_s - t)
        } else {
            0.0
        }
    }
}

/// How long a ping's destination has to answer ARP or ND, and then the ping.
pub const PING_TIMEOUT: Duration = Duration::from_secs(1);

/// Ping requests one `control/action` may make.
pub const MAX_PINGS: usize = 256;

/// How long a device's gateway has to answer ARP or ND at set_config.
pub const RESOLVE_TIMEOUT: Duration = Duration::from_secs(2);

/// Bytes of frames the server holds for all captures together (as the engine's monitor).
const HELD_BYTES: usize = MAX_BYTES;

/// An engine's refusal of the translated profile in the config's terms: its place in
/// the profile's text dropped, its streams named as the flows they are.
fn in_otg_terms(e: &str) -> String {
    let e = e.strip_prefix("otg:").map_or(e, |rest| rest.split_once(": ").map_or(rest, |(_, m)| m));
    e.replace("streams[", "flows[")
}

/// A port's link: an interface's as the kernel has it (up and running); riptide's own
/// ports (`link:`, `null`, `pcap:`) are always up.
fn link_of(port: Option<&PortSpec>) -> &'static str {
    match port.and_then(PortSpec::interface).map(riptide_port::afpacket::link_up) {
        Some(Ok(false)) | Some(Err(_)) => "down",
        _ => "up",
    }
}

fn mac_text(m: &[u8; 6]) -> String {
    m.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":")
}

type Devices = (Vec<(usize, IpAddr, [u8; 6])>, Vec<Responder>);

/// The config's devices on their ports: riptide answers ARP and ND for their addresses
/// (a responder per port), then resolves each address's gateway (or takes the MAC the
/// config gives) and writes it into the flows that leave their destination to it.
fn devices(plan: &mut Plan, ports: &[PortSpec]) -> Result<Devices, Reply> {
    let mut by_port: BTreeMap<usize, Vec<(IpAddr, [u8; 6])>> = BTreeMap::new();
    for e in &plan.ethernets {
        by_port.entry(e.port).or_default().extend(e.addresses.iter().map(|a| (a.address, e.mac)));
    }
    let ifname = |port: usize| -> Result<&str, Reply> {
        ports[port].interface().ok_or_else(|| {
            let p = &plan.ports[port];
            invalid(OtgError::at(
                "devices",
                format!(
                    "port '{}' ({}) is no interface: riptide's devices answer ARP and ND on interface ports",
                    p.name, p.location
                ),
            ))
        })
    };
    let mut responders = Vec::new();
    for (port, list) in by_port {
        let r = Responder::start(ifname(port)?, list)
            .map_err(|e| invalid(OtgError::at(format!("ports[{port}].location"), e)))?;
        responders.push(r);
    }
    // Every port's gateways side by side, each port's at once (one socket, one timeout):
    // a config's silent gateways cost RESOLVE_TIMEOUT in all, however many there are.
    let mut asks: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
    for (i, e) in plan.ethernets.iter().enumerate() {
        for (k, a) in e.addresses.iter().enumerate() {
            if a.gateway_mac.is_none() {
                asks.entry(e.port).or_default().push((i, k));
            }
        }
    }
    let mut names = BTreeMap::new();
    for &port in asks.keys() {
        names.insert(port, ifname(port)?);
    }
    let ethernets = &plan.ethernets;
    let resolved: Vec<(usize, Result<Vec<Resolved>, String>)> = std::thread::scope(|scope| {
        let running: Vec<_> = asks
            .iter()
            .map(|(port, list)| {
                let ifn = names[port];
                // Asked from the device's own MAC: what the gateway learns is the device.
                let pairs: Vec<Ask> = list
                    .iter()
                    .map(|&(i, k)| {
                        let a = &ethernets[i].addresses[k];
                        Ask { ip: a.address, gateway: a.gateway, mac: Some(ethernets[i].mac) }
                    })
                    .collect();
                (*port, scope.spawn(move || resolve_all(ifn, &pairs, RESOLVE_TIMEOUT)))
            })
            .collect();
        running
            .into_iter()
            .map(|(port, t)| (port, t.join().unwrap_or_else(|_| Err("the resolving thread panicked".into()))))
            .collect()
    });
    // Each address's gateway MAC, by [ethernet][address].
    let mut macs: Vec<Vec<[u8; 6]>> = plan
        .ethernets
        .iter()
        .map(|e| e.addresses.iter().map(|a| a.gateway_mac.unwrap_or_default()).collect())
        .collect();
    for (port, answers) in resolved {
        let answers = answers.map_err(|e| invalid(OtgError::at(format!("ports[{port}].location"), e)))?;
        for (&(i, k), answer) in asks[&port].iter().zip(answers) {
            macs[i][k] = answer.map_err(|why| {
                let why = why.replace("default_gw ", "gateway ").replace("give dest_mac", "give gateway_mac.value");
                invalid(OtgError::at(join(&plan.ethernets[i].addresses[k].path, "gateway"), why))
            })?;
        }
    }
    for (k, f) in plan.flows.iter().enumerate() {
        if let Some((e, a)) = f.gateway_of {
            plan.profile["streams"][k]["packet"][0]["eth"]["dst"] = json!(mac_text(&macs[e][a]));
        }
    }
    let neighbors = plan
        .ethernets
        .iter()
        .enumerate()
        .flat_map(|(i, e)| e.addresses.iter().zip(&macs[i]).map(move |(a, m)| (i, a.gateway, *m)))
        .collect();
    Ok((neighbors, responders))
}

/// The state behind its mutex, even if a thread panicked holding it (its data stays whole:
/// every change is made before the lock is let go).
pub(crate) fn lock(m: &std::sync::Mutex<Otg>) -> std::sync::MutexGuard<'_, Otg> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// The server's state.
#[derive(Default)]
pub struct Otg {
    current: Option<Current>,
    /// Where the latency streams' stamps come from, for every run it starts
    /// (`riptide serve --otg --timestamps`: OTG's API has no say in it).
    pub timestamps: riptide_engine::Timestamps,
}

/// The port a location names: a riptide port spec (`link:0`, `null`, `pcap:FILE`,
/// `afpacket:IF`, `afxdp:IF`, with wrappers), or else an interface name (AF_PACKET on it).
pub fn port_of(location: &str) -> Result<PortSpec, String> {
    // The port before its wrappers (`+tap:F`, `+impair:..`).
    let base = ["+tap:", "+impair:"].iter().filter_map(|w| location.find(w)).min().map_or(location, |i| &location[..i]);
    match location.parse::<PortSpec>() {
        Ok(s) => Ok(s),
        // Not a spec: an interface's name (no scheme), if it is one.
        Err(e) if !base.contains(':') => format!("afpacket:{location}").parse().map_err(|_| e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

impl Otg {
    /// A server with no config.
    pub fn new() -> Otg {
        Otg::default()
    }

    /// Answers one request.
    pub fn handle(&mut self, method: &str, path: &str, body: &[u8]) -> Reply {
        let parse = |schema: &str| -> Result<Value, Reply> {
            let v: Value = serde_json::from_slice(if body.is_empty() { b"{}" } else { body })
                .map_err(|e| Reply::error(400, vec![format!("the body is not JSON: {e}")]))?;
            spec().check(schema, &v, "").map_err(invalid)?;
            Ok(v)
        };
        let path = path.split('?').next().unwrap_or(path);
        let r = match (method, path) {
            ("POST", "/config") => parse("Config").map(|v| self.set_config(v)),
            ("GET", "/config") => Ok(match &self.current {
                Some(c) => Reply::ok(c.config.clone()),
                None => Reply::ok(json!({})),
            }),
            ("POST", "/control/state") => parse("Control.State").map(|v| self.control_state(&v)),
            ("POST", "/control/action") => parse("Control.Action").map(|v| self.control_action(&v)),
            ("POST", "/monitor/metrics") => parse("Metrics.Request").map(|v| self.metrics(&v)),
            ("POST", "/monitor/capture") => parse("Capture.Request").map(|v| self.capture(&v)),
            ("POST", "/monitor/states") => parse("States.Request").map(|v| self.states(&v)),
            ("GET", "/capabilities/version") => Ok(Reply::ok(json!({
                "api_spec_version": spec().version(),
                "sdk_version": "",
                "app_version": concat!("riptide ", env!("CARGO_PKG_VERSION")),
            }))),
            (m, p) => Ok(Reply::error(
                404,
                vec![format!("{m} {}: not an OTG endpoint riptide serves", p.chars().take(128).collect::<String>())],
            )),
        };
        r.unwrap_or_else(|e| e)
    }

    fn set_config(&mut self, config: Value) -> Reply {
        let mut plan = match translate(&config) {
            Ok(p) => p,
            Err(e) => return invalid(e),
        };
        let mut ports = Vec::with_capacity(plan.ports.len());
        for (i, p) in plan.ports.iter().enumerate() {
            match port_of(&p.location) {
                Ok(s) => ports.push(s),
                Err(e) => return invalid(OtgError::at(format!("ports[{i}].location"), e)),
            }
        }
        if let Err(e) = riptide_port::spec::join_links(&mut ports) {
            return invalid(OtgError::at("ports", e.to_string()));
        }
        // A flow without an end on a port that runs on virtual time (link:, pcap:) would
        // never end, at the CPU's speed rather than its rate: refused here, not at start.
        let opts = riptide_port::PortOptions::default();
        for (i, f) in plan.flows.iter().enumerate() {
            if f.packets.is_none() && ports[f.tx].caps(&opts).simulated() {
                let p = &plan.ports[f.tx];
                return invalid(OtgError::at(
                    format!("flows[{i}].duration"),
                    format!(
                        "a flow without an end on port '{}' ({}), which runs on virtual time, would never end: give \
                         fixed_packets, fixed_seconds or a count of bursts, or put the link on the wall clock (its \
                         option realtime: link:0:realtime)",
                        p.name, p.location
                    ),
                ));
            }
        }
        // The old config's traffic ends with it.
        if let Some(mut c) = self.current.take() {
            let _ = c.engine.handle(Command::Stop);
        }
        let (neighbors, responders) = match devices(&mut plan, &ports) {
            Ok(d) => d,
            Err(r) => return r,
        };
        let captures = !plan.captures.is_empty();
        let (port_specs, capture_count) = (ports.clone(), plan.captures.len());
        let mut engine = Engine::new(EngineConfig { ports, captures, ..Default::default() });
        if !plan.flows.is_empty() {
            if let Err(e) = engine.handle(Command::load_profile(plan.profile.to_string(), "otg")) {
                return Reply::error(400, vec![in_otg_terms(&e.to_string())]);
            }
        }
        let transmit = vec![Transmit::Stopped; plan.flows.len()];
        let (capture_ids, held) = (vec![None; plan.captures.len()], vec![VecDeque::new(); plan.captures.len()]);
        self.current = Some(Current {
            config,
            plan,
            engine,
            transmit,
            last: None,
            capture_ids,
            held,
            loaded_all: true,
            flow_rx: Vec::new(),
            port_rx: Vec::new(),
            ports: port_specs,
            capturing: vec![false; capture_count],
            neighbors,
            _responders: responders,
        });
        Reply::warnings()
    }

    /// Notices a run that ended by itself (its flows all sent what they had).
    fn sync(c: &mut Current) {
        if !c.transmit.contains(&Transmit::Started) {
            return;
        }
        if let Ok(Response::State(RunState::Finished | RunState::Stopped)) = c.engine.handle(Command::State) {
            Self::stop(c);
        }
    }

    fn stop(c: &mut Current) {
        if let Ok(Response::Stats(s)) = c.engine.handle(Command::Stop) {
            c.last = Some(*s);
        }
        c.transmit.iter_mut().for_each(|t| *t = Transmit::Stopped);
    }

    /// `control/action`: pings from the devices' addresses (`protocol.ipv4.ping`,
    /// `protocol.ipv6.ping`), all requests side by side, each within [`PING_TIMEOUT`]
    /// (after resolving its destination: on the link by ARP or ND, else the address's
    /// gateway). Other actions are control-plane protocols' and refused by path.
    fn control_action(&mut self, v: &Value) -> Reply {
        let Some(c) = &self.current else {
            return Reply::error(400, vec!["no config: set one first (POST /config)".into()]);
        };
        let choice = v.get("choice").and_then(Value::as_str).unwrap_or_default();
        let version = v.pointer("/protocol/choice").and_then(Value::as_str).unwrap_or_default();
        if choice != "protocol" || !matches!(version, "ipv4" | "ipv6") {
            let at = if choice == "protocol" { "protocol.choice" } else { "choice" };
            return invalid(OtgError::at(
                at,
                format!(
                    "{} actions are not served: riptide's devices answer ARP, ND and ping, and ping (protocol.ipv4.ping, \
                     protocol.ipv6.ping); they run no control-plane protocol",
                    if choice == "protocol" { version } else { choice }
                ),
            ));
        }
        let inner = &v["protocol"][version];
        if inner.get("choice").and_then(Value::as_str) != Some("ping") {
            return invalid(OtgError::at(format!("protocol.{version}.choice"), "only ping is served"));
        }
        let requests = inner.pointer("/ping/requests").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        if requests.len() > MAX_PINGS {
            return invalid(OtgError::at(
                format!("protocol.{version}.ping.requests"),
                format!("{} requests: at most {MAX_PINGS}", requests.len()),
            ));
        }
        // Each request's device address, its port's interface and its gateway's MAC.
        let mut jobs = Vec::with_capacity(requests.len());
        for (i, r) in requests.iter().enumerate() {
            let at = format!("protocol.{version}.ping.requests[{i}]");
            let name = r.get("src_name").and_then(Value::as_str).unwrap_or_default();
            let found = c.plan.ethernets.iter().enumerate().find_map(|(e, eth)| {
                eth.addresses
                    .iter()
                    .find(|a| a.name == name && a.address.is_ipv4() == (version == "ipv4"))
                    .map(|a| (e, a))
            });
            let Some((e, a)) = found else {
                return invalid(OtgError::at(
                    join(&at, "src_name"),
                    format!("'{name}' is no {version} address of a device"),
                ));
            };
            let dst = r.get("dst_ip").and_then(Value::as_str).unwrap_or_default();
            let Ok(dst) = dst.parse::<IpAddr>() else {
                return invalid(OtgError::at(join(&at, "dst_ip"), format!("'{dst}' is not an address")));
            };
            let eth = &c.plan.ethernets[e];
            let Some(ifname) = c.ports.get(eth.port).and_then(PortSpec::interface) else {
                return invalid(OtgError::at(join(&at, "src_name"), "the device's port is no interface"));
            };
            let gateway = c.neighbors.iter().find(|(n, ip, _)| *n == e && *ip == a.gateway).map(|(_, _, m)| *m);
            jobs.push((name.to_string(), dst, ifname.to_string(), eth.mac, a.address, gateway));
        }
        let results: Vec<bool> = std::thread::scope(|scope| {
            let running: Vec<_> = jobs
                .iter()
                .map(|(_, dst, ifname, mac, ip, gateway)| {
                    scope.spawn(move || {
                        // On the link (ARP or ND from the device's address), else by its gateway.
                        let ask = Ask { ip: *ip, gateway: *dst, mac: Some(*mac) };
                        let on_link = resolve_all(ifname, &[ask], PING_TIMEOUT)
                            .ok()
                            .and_then(|mut r| r.pop())
                            .and_then(Result::ok);
                        match on_link.or(*gateway) {
                            Some(to) => ping(ifname, *mac, *ip, *dst, to, PING_TIMEOUT).unwrap_or(false),
                            None => false,
                        }
                    })
                })
                .collect();
            running.into_iter().map(|t| t.join().unwrap_or(false)).collect()
        });
        let responses: Vec<Value> = jobs
            .iter()
            .zip(results)
            .map(|((name, dst, ..), ok)| {
                json!({"src_name": name, "dst_ip": dst.to_string(), "result": if ok { "succeeded" } else { "failed" }})
            })
            .collect();
        Reply::ok(json!({"warnings": [], "response": {"choice": "protocol", "protocol": {
            "choice": version, version: {"choice": "ping", "ping": {"responses": responses}}}}}))
    }

    fn control_state(&mut self, v: &Value) -> Reply {
        let timestamps = self.timestamps;
        let Some(c) = &mut self.current else {
            return Reply::error(400, vec!["no config: set one first (POST /config)".into()]);
        };
        Self::sync(c);
        let choice = v.get("choice").and_then(Value::as_str).unwrap_or_default();
        if choice == "port" {
            return Self::port_state(c, v.get("port").unwrap_or(&Value::Null));
        }
        if choice != "traffic" {
            return invalid(OtgError::at(choice, "riptide's OTG server controls traffic and captures only yet"));
        }
        let ft = v.pointer("/traffic/flow_transmit").cloned().unwrap_or(json!({}));
        let names: Vec<&str> =
            ft.get("flow_names").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let mut chosen = Vec::new();
        for (i, n) in names.iter().enumerate() {
            match c.plan.flows.iter().position(|f| f.name == *n) {
                Some(k) => chosen.push(k),
                None => {
                    return invalid(OtgError::at(
                        format!("traffic.flow_transmit.flow_names[{i}]"),
                        format!("'{n}' is no flow of the config"),
                    ))
                }
            }
        }
        if names.is_empty() {
            chosen = (0..c.plan.flows.len()).collect();
        }
        let state = ft.get("state").and_then(Value::as_str).unwrap_or_default();
        chosen.sort_unstable();
        chosen.dedup();
        let all = chosen.len() == c.plan.flows.len();
        match state {
            "start" => {
                if c.plan.flows.is_empty() {
                    return Reply::error(400, vec!["the config has no flows to start".into()]);
                }
                if c.transmit.contains(&Transmit::Started) || c.transmit.contains(&Transmit::Paused) {
                    Self::stop(c);
                }
                // The flows named alone: the others are in the profile, not sent. Every
                // flow: the profile set_config loaded, unless a start of some changed it.
                if !(all && c.loaded_all) {
                    let mut profile = c.plan.profile.clone();
                    if let Some(streams) = profile.get_mut("streams").and_then(Value::as_array_mut) {
                        for (i, s) in streams.iter_mut().enumerate() {
                            s["enabled"] = json!(chosen.contains(&i));
                        }
                    }
                    if let Err(e) = c.engine.handle(Command::load_profile(profile.to_string(), "otg")) {
                        return internal(e);
                    }
                    c.loaded_all = all;
                }
                let opts = StartOptions { timestamps, ..Default::default() };
                if let Err(e) = c.engine.handle(Command::Start(opts)) {
                    return internal(e);
                }
                c.last = None;
                c.flow_rx = vec![Rate::default(); c.plan.flows.len()];
                c.port_rx = vec![Rate::default(); c.plan.ports.len()];
                for &k in &chosen {
                    c.transmit[k] = Transmit::Started;
                }
            }
            "stop" => {
                if !all && c.transmit.iter().enumerate().any(|(k, t)| *t != Transmit::Stopped && !chosen.contains(&k)) {
                    return invalid(OtgError::at(
                        "traffic.flow_transmit.flow_names",
                        "riptide stops a run's flows together: name them all (or none)",
                    ));
                }
                Self::stop(c);
            }
            "pause" | "resume" => {
                let (cmd, from, to) = if state == "pause" {
                    (Command::Pause, Transmit::Started, Transmit::Paused)
                } else {
                    (Command::Resume, Transmit::Paused, Transmit::Started)
                };
                if !c.transmit.contains(&from) {
                    return Reply::warnings();
                }
                if let Err(e) = c.engine.handle(cmd) {
                    return internal(e);
                }
                c.transmit.iter_mut().filter(|t| **t == from).for_each(|t| *t = to);
            }
            other => return invalid(OtgError::at("traffic.flow_transmit.state", format!("{other} is not served"))),
        }
        Reply::warnings()
    }

    fn metrics(&mut self, v: &Value) -> Reply {
        let Some(c) = &mut self.current else {
            return Reply::error(400, vec!["no config: set one first (POST /config)".into()]);
        };
        Self::sync(c);
        let live = c.transmit.iter().any(|t| *t != Transmit::Stopped);
        let snap = if live {
            match c.engine.handle(Command::Snapshot) {
                Ok(Response::Stats(s)) => Some(*s),
                _ => None,
            }
        } else {
            c.last.clone()
        };
        let now = snap.as_ref().map_or(0.0, |s| s.duration_s);
        let simulated = snap.as_ref().is_some_and(|s| s.simulated);
        let choice = v.get("choice").and_then(Value::as_str).unwrap_or("port");
        let names = |key: &str| -> Vec<String> {
            v.pointer(&format!("/{choice}/{key}"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        };
        match choice {
            "flow" => {
                let want = names("flow_names");
                let mut out = Vec::new();
                for (i, n) in want.iter().enumerate() {
                    if !c.plan.flows.iter().any(|f| f.name == *n) {
                        return invalid(OtgError::at(
                            format!("flow.flow_names[{i}]"),
                            format!("'{n}' is no flow of the config"),
                        ));
                    }
                }
                for (k, f) in c.plan.flows.iter().enumerate() {
                    if !want.is_empty() && !want.contains(&f.name) {
                        continue;
                    }
                    let st = snap.as_ref().and_then(|s| s.streams.iter().find(|x| x.name == f.name));
                    let fcs = |frames: u64, bytes: u64| bytes + 4 * frames;
                    let tx = st.map_or(0, |s| s.opackets);
                    let rx = st.and_then(|s| s.rx.as_ref()).map_or(0, |r| r.rx_packets);
                    let mut m = json!({
                        "name": f.name,
                        "port_tx": c.plan.ports[f.tx].name,
                        "transmit": c.transmit[k].name(),
                        "frames_tx": tx,
                        "bytes_tx": st.map_or(0, |s| fcs(s.opackets, s.obytes)),
                        "frames_tx_rate": st.map_or(0.0, |s| s.achieved_pps),
                        "frames_rx": rx,
                        "bytes_rx": st.and_then(|s| s.rx.as_ref()).map_or(0, |r| fcs(r.rx_packets, r.rx_bytes)),
                        "frames_rx_rate": match c.flow_rx.get_mut(k) {
                            Some(r) if live => r.read(now, rx, simulated),
                            _ => 0.0,
                        },
                        "loss": if tx > 0 { 100.0 * tx.saturating_sub(rx) as f64 / tx as f64 } else { 0.0 },
                    });
                    if let Some(&r) = f.rx.first() {
                        m["port_rx"] = json!(c.plan.ports[r].name);
                    }
                    if f.latency {
                        let l = snap.as_ref().and_then(|s| s.latency.iter().find(|l| l.stream == f.name));
                        let s = l.map(|l| l.summary).unwrap_or_default();
                        m["latency"] = json!({"minimum_ns": s.min_ns as f64, "maximum_ns": s.max_ns as f64,
                                              "average_ns": s.mean_ns});
                    }
                    out.push(m);
                }
                Reply::ok(json!({"choice": "flow_metrics", "flow_metrics": out}))
            }
            "port" => {
                let want = names("port_names");
                let mut out = Vec::new();
                for (i, n) in want.iter().enumerate() {
                    if !c.plan.ports.iter().any(|p| p.name == *n) {
                        return invalid(OtgError::at(
                            format!("port.port_names[{i}]"),
                            format!("'{n}' is no port of the config"),
                        ));
                    }
                }
                for (k, p) in c.plan.ports.iter().enumerate() {
                    if !want.is_empty() && !want.contains(&p.name) {
                        continue;
                    }
                    let ps = snap.as_ref().and_then(|s| s.ports.get(k));
                    let sending =
                        c.plan.flows.iter().zip(&c.transmit).any(|(f, t)| f.tx == k && *t == Transmit::Started);
                    out.push(json!({
                        "name": p.name,
                        "location": p.location,
                        "link": link_of(c.ports.get(k)),
                        "capture": match c.plan.captures.iter().position(|x| x.port == k) {
                            Some(i) if c.capturing.get(i) == Some(&true) => "started",
                            _ => "stopped",
                        },
                        "transmit": if sending { "started" } else { "stopped" },
                        "frames_tx": ps.map_or(0, |s| s.opackets),
                        "frames_rx": ps.map_or(0, |s| s.ipackets),
                        "bytes_tx": ps.map_or(0, |s| s.obytes + 4 * s.opackets),
                        "bytes_rx": ps.map_or(0, |s| s.ibytes + 4 * s.ipackets),
                        "frames_tx_rate": ps.map_or(0.0, |s| s.tx_pps),
                        "frames_rx_rate": ps.filter(|_| live).map_or(0.0, |s| s.rx_pps),
                        "bytes_tx_rate": ps.map_or(0.0, |s| s.tx_bps_l2 / 8.0),
                        "bytes_rx_rate": match (c.port_rx.get_mut(k), ps) {
                            (Some(r), Some(s)) if live => r.read(now, s.ibytes + 4 * s.ipackets, simulated),
                            _ => 0.0,
                        },
                    }));
                }
                Reply::ok(json!({"choice": "port_metrics", "port_metrics": out}))
            }
            other => invalid(OtgError::at(join("", other), "riptide serves port and flow metrics only yet")),
        }
    }

    /// `control/state` of ports: captures start and stop.
    fn port_state(c: &mut Current, v: &Value) -> Reply {
        let k = v.get("choice").and_then(Value::as_str).unwrap_or_default();
        if k != "capture" {
            return invalid(OtgError::at(join("port", k), "riptide's ports' links are not controlled yet"));
        }
        let cap = v.get("capture").unwrap_or(&Value::Null);
        let names: Vec<&str> =
            cap.get("port_names").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let mut chosen = Vec::new();
        for (i, n) in names.iter().enumerate() {
            let at = format!("port.capture.port_names[{i}]");
            let Some(p) = c.plan.ports.iter().position(|p| p.name == *n) else {
                return invalid(OtgError::at(at, format!("'{n}' is no port of the config")));
            };
            match c.plan.captures.iter().position(|x| x.port == p) {
                Some(k) => chosen.push(k),
                None => {
                    return invalid(OtgError::at(at, format!("port '{n}' has no capture in the config (captures)")))
                }
            }
        }
        if names.is_empty() {
            chosen = (0..c.plan.captures.len()).collect();
        }
        let start = cap.get("state").and_then(Value::as_str) == Some("start");
        for k in chosen {
            if start {
                // A new capture replaces the port's last one.
                if let Some(id) = c.capture_ids[k].take() {
                    let _ = c.engine.handle(Command::Capture(CaptureOp::Remove { id }));
                }
                c.held[k].clear();
                let p = &c.plan.captures[k];
                let spec = CaptureSpec {
                    tx: vec![],
                    rx: vec![p.port as u16],
                    limit: MAX_LIMIT,
                    cyclic: p.cyclic,
                    filter: String::new(),
                };
                match c.engine.handle(Command::Capture(CaptureOp::Start(spec))) {
                    Ok(Response::Capture(CaptureAnswer::Started { id, .. })) => {
                        c.capture_ids[k] = Some(id);
                        c.capturing[k] = true;
                    }
                    Ok(other) => return internal(format!("the engine answered {other:?} to a capture")),
                    Err(e) => return internal(e),
                }
            } else if let Some(id) = c.capture_ids[k] {
                if let Err(e) = c.engine.handle(Command::Capture(CaptureOp::Stop { id })) {
                    return internal(e);
                }
                c.capturing[k] = false;
            }
        }
        Reply::warnings()
    }

    /// `monitor/capture`: the port's captured frames as a pcap (each with its FCS, as OTG's
    /// frames are), held by the server so that a second request answers the same.
    fn capture(&mut self, v: &Value) -> Reply {
        let Some(c) = &mut self.current else {
            return Reply::error(400, vec!["no config: set one first (POST /config)".into()]);
        };
        let name = v.get("port_name").and_then(Value::as_str).unwrap_or_default();
        let Some(p) = c.plan.ports.iter().position(|p| p.name == name) else {
            return invalid(OtgError::at("port_name", format!("'{name}' is no port of the config")));
        };
        let Some(k) = c.plan.captures.iter().position(|x| x.port == p) else {
            return invalid(OtgError::at("port_name", format!("port '{name}' has no capture in the config")));
        };
        if let Some(id) = c.capture_ids[k] {
            // Take what the engine holds, within what the server keeps for all captures.
            let mut total: usize = c.held.iter().flatten().map(|f| f.data.len()).sum();
            loop {
                let max = MAX_LIMIT;
                match c.engine.handle(Command::Capture(CaptureOp::Fetch { id, max, max_bytes: 16 << 20 })) {
                    Ok(Response::Capture(CaptureAnswer::Frames { frames, pending, .. })) => {
                        let cyclic = c.plan.captures[k].cyclic;
                        for f in frames {
                            while total + f.data.len() > HELD_BYTES && cyclic {
                                match c.held[k].pop_front() {
                                    Some(old) => total -= old.data.len(),
                                    None => break,
                                }
                            }
                            if total + f.data.len() > HELD_BYTES {
                                continue;
                            }
                            total += f.data.len();
                            c.held[k].push_back(f);
                        }
                        if pending == 0 {
                            break;
                        }
                    }
                    Ok(other) => return internal(format!("the engine answered {other:?} to a fetch")),
                    Err(e) => return internal(e),
                }
            }
        }
        let snaplen = c.plan.captures[k].snaplen;
        let mut ok = Reply::ok(Value::Null);
        ok.bytes = Some(pcap(c.held[k].iter(), snaplen));
        ok
    }

    /// `monitor/states`: the devices' neighbours (their gateways as resolved).
    fn states(&mut self, v: &Value) -> Reply {
        let Some(c) = &self.current else {
            return Reply::error(400, vec!["no config: set one first (POST /config)".into()]);
        };
        let choice = v.get("choice").and_then(Value::as_str).unwrap_or("ipv4_neighbors");
        let v6 = match choice {
            "ipv4_neighbors" => false,
            "ipv6_neighbors" => true,
            other => return invalid(OtgError::at(other, "riptide serves ipv4_neighbors and ipv6_neighbors only yet")),
        };
        let want: Vec<&str> = v
            .pointer(&format!("/{choice}/ethernet_names"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        for (i, n) in want.iter().enumerate() {
            if !c.plan.ethernets.iter().any(|e| e.name == *n) {
                return invalid(OtgError::at(
                    format!("{choice}.ethernet_names[{i}]"),
                    format!("'{n}' is no device ethernet of the config"),
                ));
            }
        }
        let key = if v6 { "ipv6_address" } else { "ipv4_address" };
        let list: Vec<Value> = c
            .neighbors
            .iter()
            .filter(|(e, ip, _)| ip.is_ipv6() == v6 && (want.is_empty() || want.contains(&c.plan.ethernets[*e].name.as_str())))
            .map(|(e, ip, mac)| json!({"ethernet_name": c.plan.ethernets[*e].name, key: ip.to_string(), "link_layer_address": mac_text(mac)}))
            .collect();
        Reply::ok(json!({"choice": choice, choice: list}))
    }

    /// Stops traffic (the server is going away).
    pub fn shutdown(&mut self) {
        if let Some(c) = &mut self.current {
            Self::stop(c);
        }
    }
}
