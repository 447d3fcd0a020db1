//! An OTG `Config` in riptide's terms: its ports, one riptide stream per flow, and what
//! each flow's metrics read.
//!
//! The config is first checked against the models ([`crate::spec`]); then every part
//! riptide carries out is translated, and every part it cannot is refused naming its path
//! (never dropped). What is left out takes the models' defaults (read from the spec).
//!
//! | OTG | riptide |
//! |---|---|
//! | `ports[].location` | the port: an interface name or a riptide port spec (`link:0`, `null`, `pcap:F`) |
//! | `flows[].tx_rx.port` | the stream's `port`; `rx_name(s)`: where its metrics count |
//! | `packet[]`: ethernet, vlan, mpls, arp, ipv4, ipv6, udp, tcp, icmp, icmpv6, gre, vxlan, custom | the layers of those names (`eth`; `payload.hex`); an inner ethernet after gre or vxlan |
//! | `captures[]` | [`CapturePlan`]: the port's received frames |
//! | a field's `value` / `values` / `increment` / `decrement` / `random` | the layer's value / `list`, `inc`, `dec`, `repeatable_random` variables |
//! | `size` fixed / increment / random / weight_pairs | `size` N / `{min, max, step, mode: inc}` / `{min, max, mode: random}` / `{imix: [{size, weight}]}` |
//! | `rate` pps / bps..gbps / percentage | `{pps}` / `{bps_l1}` (OTG's bps count the preamble and gap: 672 b is the least) / `{percent}` |
//! | `duration` fixed_packets / fixed_seconds / burst / continuous, `delay` | `burst` / a burst of rate x seconds / `multi_burst` / `continuous`, `isg` |
//! | `metrics.enable` (`latency.enable`) | `flow_stats` (`latency`) with the flow's index as tag id |

use crate::spec::{as_f64, as_u64, join, parse_hex, parse_mac, spec, OtgError};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Flows one config may hold (a tag id each).
pub const MAX_FLOWS: usize = 65_536;

/// Ports one config may name.
pub const MAX_PORTS: usize = 1024;

/// A port of the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortPlan {
    /// Its OTG name.
    pub name: String,
    /// Where it is: an interface, or a riptide port spec.
    pub location: String,
}

/// A flow of the config.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowPlan {
    /// Its OTG name (the riptide stream's name too).
    pub name: String,
    /// The sending port's index.
    pub tx: usize,
    /// The receiving ports' indexes (where its metrics count).
    pub rx: Vec<usize>,
    /// The riptide tag id it counts under (metrics enabled).
    pub tag: Option<u16>,
    /// With latency.
    pub latency: bool,
    /// Packets it sends in all (fixed_packets, fixed_seconds, bursts), if bounded.
    pub packets: Option<u64>,
    /// From a device: the ethernet and address (indexes into [`Plan::ethernets`]) whose
    /// gateway's MAC is the frames' destination (the packet's left it to riptide).
    pub gateway_of: Option<(usize, usize)>,
}

/// A port's capture (OTG `captures[]`): what it keeps of the frames the port receives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePlan {
    /// The capture's OTG name.
    pub name: String,
    /// The port's index.
    pub port: usize,
    /// Full: drop the earliest frame (OTG `overwrite`, its default) or the new one.
    pub cyclic: bool,
    /// Bytes kept of each frame (OTG `packet_size`), if cut.
    pub snaplen: Option<usize>,
}

/// An emulated device's Ethernet interface (OTG `devices[].ethernets[]`): riptide answers
/// ARP and Neighbor Solicitations for its addresses on its port and resolves their
/// gateways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EthernetPlan {
    /// Its OTG name.
    pub name: String,
    /// The port's index.
    pub port: usize,
    /// Its MAC.
    pub mac: [u8; 6],
    /// Its IPv4 and IPv6 addresses.
    pub addresses: Vec<AddressPlan>,
}

/// An address of an emulated device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressPlan {
    /// Its OTG name (what flows name as endpoints).
    pub name: String,
    /// The address.
    pub address: IpAddr,
    /// Its gateway.
    pub gateway: IpAddr,
    /// The gateway's MAC when the config gives it (`gateway_mac.value`); else resolved.
    pub gateway_mac: Option<[u8; 6]>,
    /// Its path in the config (`devices[0].ethernets[0].ipv4_addresses[0]`).
    pub path: String,
}

/// Ports that may capture at once (riptide's monitor keeps this many captures).
pub const MAX_CAPTURE_PORTS: usize = riptide_port::monitor::MAX_CAPTURES;

/// A config in riptide's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The ports, in the config's order.
    pub ports: Vec<PortPlan>,
    /// The flows, in the config's order.
    pub flows: Vec<FlowPlan>,
    /// The riptide profile: one stream per flow (JSON, `{"streams": [...]}`).
    pub profile: Value,
    /// The ports' captures, one per port at most.
    pub captures: Vec<CapturePlan>,
    /// The devices' Ethernet interfaces.
    pub ethernets: Vec<EthernetPlan>,
}

/// What riptide's OTG server carries out of a config's top-level keys.
const SERVED: &[&str] = &["ports", "flows", "captures", "devices"];

/// `config` (an OTG `Config`) in riptide's terms.
pub fn translate(config: &Value) -> Result<Plan, OtgError> {
    UNFOLDED.with(|u| u.set(0));
    spec().check("Config", config, "")?;
    let Some(c) = config.as_object() else { return Err(OtgError::at("", "a config must be an object")) };
    for (k, v) in c {
        let empty = v.as_array().is_some_and(Vec::is_empty) || v.as_object().is_some_and(Map::is_empty);
        if !SERVED.contains(&k.as_str()) && !empty {
            return Err(OtgError::at(k.as_str(), format!("riptide's OTG server does not serve {k} yet")));
        }
    }
    let mut ports = Vec::new();
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    let list = c.get("ports").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    if list.len() > MAX_PORTS {
        return Err(OtgError::at("ports", format!("{} ports: at most {MAX_PORTS}", list.len())));
    }
    for (i, p) in list.iter().enumerate() {
        let path = format!("ports[{i}]");
        let name = p.get("name").and_then(Value::as_str).unwrap_or_default();
        if let Some(j) = by_name.insert(name, i) {
            return Err(OtgError::at(join(&path, "name"), format!("'{name}' is ports[{j}]'s name already")));
        }
        let location = p.get("location").and_then(Value::as_str).ok_or_else(|| {
            OtgError::at(
                join(&path, "location"),
                "missing: riptide needs where the port is (an interface, or a port spec such as link:0)",
            )
        })?;
        ports.push(PortPlan { name: name.to_string(), location: location.to_string() });
    }
    let ethernets = devices_of(c.get("devices"), &by_name)?;
    let list = c.get("flows").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    if list.len() > MAX_FLOWS {
        return Err(OtgError::at("flows", format!("{} flows: at most {MAX_FLOWS}", list.len())));
    }
    let mut flows = Vec::with_capacity(list.len());
    let mut streams = Vec::with_capacity(list.len());
    let mut names: HashMap<&str, usize> = HashMap::new();
    for (i, f) in list.iter().enumerate() {
        let path = format!("flows[{i}]");
        let name = f.get("name").and_then(Value::as_str).unwrap_or_default();
        if let Some(j) = names.insert(name, i) {
            return Err(OtgError::at(join(&path, "name"), format!("'{name}' is flows[{j}]'s name already")));
        }
        let (stream, plan) = flow(f, &path, i, &by_name, &ethernets)?;
        streams.push(stream);
        flows.push(plan);
    }
    let captures = captures_of(c.get("captures"), &by_name)?;
    Ok(Plan { ports, flows, profile: json!({ "streams": streams }), captures, ethernets })
}

/// Most addresses all devices hold together.
pub const MAX_ADDRESSES: usize = 4096;

/// The config's `devices`: Ethernet interfaces on ports with IPv4 and IPv6 addresses;
/// every protocol beyond them is refused by its path.
fn devices_of(list: Option<&Value>, ports: &HashMap<&str, usize>) -> Result<Vec<EthernetPlan>, OtgError> {
    let mut out: Vec<EthernetPlan> = Vec::new();
    let mut names: HashMap<String, String> = HashMap::new();
    let mut count = 0usize;
    for (i, d) in list.and_then(Value::as_array).into_iter().flatten().enumerate() {
        let path = format!("devices[{i}]");
        if let Some(o) = d.as_object() {
            for (k, v) in o {
                let empty = v.as_array().is_some_and(Vec::is_empty) || v.as_object().is_some_and(Map::is_empty);
                if !matches!(k.as_str(), "name" | "ethernets") && !empty {
                    return Err(OtgError::at(
                        join(&path, k),
                        format!("{k} is not served yet (riptide's devices have Ethernet and IP addresses)"),
                    ));
                }
            }
        }
        for (j, e) in d.get("ethernets").and_then(Value::as_array).into_iter().flatten().enumerate() {
            let epath = format!("{path}.ethernets[{j}]");
            let ename = e.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
            for k in ["vlans", "dhcpv4_interfaces", "dhcpv6_interfaces"] {
                if e.get(k).and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
                    return Err(OtgError::at(join(&epath, k), "not served yet"));
                }
            }
            let conn = e.get("connection").unwrap_or(&Value::Null);
            let port = match (choice(conn, "Ethernet.Connection"), conn.get("port_name").and_then(Value::as_str)) {
                ("port_name", Some(n)) => *ports.get(n).ok_or_else(|| {
                    OtgError::at(join(&epath, "connection.port_name"), format!("'{n}' is no port of the config"))
                })?,
                ("port_name", None) | ("", _) => {
                    return Err(OtgError::at(
                        join(&epath, "connection"),
                        "missing: the port the device is on (port_name)",
                    ))
                }
                (other, _) => {
                    return Err(OtgError::at(
                        join(&epath, "connection"),
                        format!("{other}: only a port_name is served yet"),
                    ))
                }
            };
            let mac = e.get("mac").and_then(Value::as_str).and_then(parse_mac).ok_or_else(|| {
                OtgError::at(join(&epath, "mac"), "missing: riptide answers for the device with this MAC")
            })?;
            let mut addresses = Vec::new();
            for (key, v6) in [("ipv4_addresses", false), ("ipv6_addresses", true)] {
                for (k, a) in e.get(key).and_then(Value::as_array).into_iter().flatten().enumerate() {
                    let apath = format!("{epath}.{key}[{k}]");
                    count += 1;
                    if count > MAX_ADDRESSES {
                        return Err(OtgError::at(apath, format!("at most {MAX_ADDRESSES} device addresses")));
                    }
                    let name = a.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
                    let ip = |k: &str| -> Result<IpAddr, OtgError> {
                        let text = a.get(k).and_then(Value::as_str).unwrap_or_default();
                        let parsed: Option<IpAddr> = if v6 {
                            text.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
                        } else {
                            text.parse::<Ipv4Addr>().ok().map(IpAddr::V4)
                        };
                        parsed.ok_or_else(|| {
                            OtgError::at(
                                join(&apath, k),
                                format!("'{text}' is not an IPv{} address", if v6 { 6 } else { 4 }),
                            )
                        })
                    };
                    let (address, gateway) = (ip("address")?, ip("gateway")?);
                    let gm = a.get("gateway_mac").unwrap_or(&Value::Null);
                    let schema = if v6 { "Device.Ipv6GatewayMAC" } else { "Device.Ipv4GatewayMAC" };
                    let gateway_mac = match choice(gm, schema) {
                        "value" => Some(
                            gm.get("value")
                                .and_then(Value::as_str)
                                .and_then(parse_mac)
                                .ok_or_else(|| OtgError::at(join(&apath, "gateway_mac.value"), "not a MAC address"))?,
                        ),
                        _ => None,
                    };
                    if let Some(other) = names.insert(name.clone(), apath.clone()) {
                        return Err(OtgError::at(join(&apath, "name"), format!("'{name}' names {other} already")));
                    }
                    addresses.push(AddressPlan { name, address, gateway, gateway_mac, path: apath });
                }
            }
            out.push(EthernetPlan { name: ename, port, mac, addresses });
        }
    }
    Ok(out)
}

/// The config's `captures`: one per port at most, pcap, no filters.
fn captures_of(list: Option<&Value>, ports: &HashMap<&str, usize>) -> Result<Vec<CapturePlan>, OtgError> {
    let mut out: Vec<CapturePlan> = Vec::new();
    for (i, c) in list.and_then(Value::as_array).into_iter().flatten().enumerate() {
        let path = format!("captures[{i}]");
        let name = c.get("name").and_then(Value::as_str).unwrap_or_default();
        if get(c, "Capture", "format").and_then(Value::as_str) != Some("pcap") {
            return Err(OtgError::at(join(&path, "format"), "riptide writes captures as pcap"));
        }
        if c.get("filters").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
            return Err(OtgError::at(join(&path, "filters"), "capture filters are not served yet"));
        }
        let cyclic = get(c, "Capture", "overwrite").and_then(Value::as_bool).unwrap_or(true);
        let snaplen = c.get("packet_size").and_then(as_u64).map(|n| n as usize);
        for (j, n) in c.get("port_names").and_then(Value::as_array).into_iter().flatten().enumerate() {
            let at = format!("{path}.port_names[{j}]");
            let n = n.as_str().unwrap_or_default();
            let port =
                *ports.get(n).ok_or_else(|| OtgError::at(at.clone(), format!("'{n}' is no port of the config")))?;
            if let Some(o) = out.iter().find(|o| o.port == port) {
                return Err(OtgError::at(at, format!("port '{n}' is captured by '{}' already", o.name)));
            }
            if out.len() == MAX_CAPTURE_PORTS {
                return Err(OtgError::at(at, format!("at most {MAX_CAPTURE_PORTS} ports capture")));
            }
            out.push(CapturePlan { name: name.to_string(), port, cyclic, snaplen });
        }
    }
    Ok(out)
}

/// The choice of an object with a `choice` (the schema's default when absent).
fn choice<'a>(v: &'a Value, schema: &str) -> &'a str {
    match v.get("choice").and_then(Value::as_str) {
        Some(c) => c,
        // The spec outlives every request: a &'static str is a &'a str.
        None => spec().default_of(schema, "choice").and_then(Value::as_str).unwrap_or_default(),
    }
}

/// `v[key]`, else the schema's default for it.
fn get<'a>(v: &'a Value, schema: &str, key: &str) -> Option<&'a Value> {
    v.get(key).or_else(|| spec().default_of(schema, key))
}

fn uint(v: &Value, schema: &str, key: &str) -> u64 {
    get(v, schema, key).and_then(as_u64).unwrap_or(0)
}

fn flow(
    f: &Value,
    path: &str,
    index: usize,
    ports: &HashMap<&str, usize>,
    ethernets: &[EthernetPlan],
) -> Result<(Value, FlowPlan), OtgError> {
    let name = f.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
    let txrx = f.get("tx_rx").unwrap_or(&Value::Null);
    let tpath = join(path, "tx_rx");
    if choice(txrx, "Flow.TxRx") == "device" {
        return device_flow(f, path, index, ethernets);
    }
    let p = txrx.get("port").unwrap_or(&Value::Null);
    let ppath = join(&tpath, "port");
    let port_of = |n: &str, at: String| {
        ports.get(n).copied().ok_or_else(|| OtgError::at(at, format!("'{n}' is no port of the config")))
    };
    let tx = port_of(p.get("tx_name").and_then(Value::as_str).unwrap_or_default(), join(&ppath, "tx_name"))?;
    let mut rx = Vec::new();
    if let Some(n) = p.get("rx_name").and_then(Value::as_str) {
        rx.push(port_of(n, join(&ppath, "rx_name"))?);
    }
    for (i, n) in p.get("rx_names").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let r = port_of(n.as_str().unwrap_or_default(), format!("{ppath}.rx_names[{i}]"))?;
        if !rx.contains(&r) {
            rx.push(r);
        }
    }
    body_of(f, path, index, name, tx, rx, None, None)
}

/// The endpoint an OTG name gives: (ethernet, address) indexes.
fn endpoint(ethernets: &[EthernetPlan], n: &str) -> Option<(usize, usize)> {
    ethernets.iter().enumerate().find_map(|(e, eth)| eth.addresses.iter().position(|a| a.name == n).map(|a| (e, a)))
}

/// A flow between device addresses: one sending address and one receiving (for now); the
/// packet's Ethernet source and IP addresses left to riptide are the devices', its
/// Ethernet destination the sender's gateway's MAC (resolved at set_config).
fn device_flow(f: &Value, path: &str, index: usize, ethernets: &[EthernetPlan]) -> Result<(Value, FlowPlan), OtgError> {
    let name = f.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
    let dpath = join(path, "tx_rx.device");
    let d = f.pointer("/tx_rx/device").unwrap_or(&Value::Null);
    if d.get("bidirectional").and_then(Value::as_bool) == Some(true) {
        return Err(OtgError::at(join(&dpath, "bidirectional"), "not served yet: make a flow each way"));
    }
    let names = |k: &str| -> Vec<&str> {
        d.get(k).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect()
    };
    let (txs, rxs) = (names("tx_names"), names("rx_names"));
    let one = |list: &[&str], k: &str| -> Result<(usize, usize), OtgError> {
        let [n] = list else {
            return Err(OtgError::at(
                join(&dpath, k),
                format!("{} names: riptide serves one endpoint a side yet", list.len()),
            ));
        };
        endpoint(ethernets, n).ok_or_else(|| {
            OtgError::at(
                format!("{dpath}.{k}[0]"),
                format!("'{n}' is no device address (ipv4_addresses, ipv6_addresses)"),
            )
        })
    };
    let (t, r) = (one(&txs, "tx_names")?, one(&rxs, "rx_names")?);
    let (ta, ra) = (&ethernets[t.0].addresses[t.1], &ethernets[r.0].addresses[r.1]);
    if ta.address.is_ipv4() != ra.address.is_ipv4() {
        return Err(OtgError::at(join(&dpath, "rx_names"), "the endpoints are not of one IP version"));
    }
    let (tx, rx) = (ethernets[t.0].port, vec![ethernets[r.0].port]);
    body_of(f, path, index, name, tx, rx, Some((&ethernets[t.0], ta, ra)), dst_left(f).then_some(t))
}

/// A device flow's sending ethernet, sending address and receiving address.
type Endpoints<'a> = (&'a EthernetPlan, &'a AddressPlan, &'a AddressPlan);

/// A flow's stream and plan once its ports are known; `device`: the sending and
/// receiving endpoints, whose addresses fill what the packet leaves to riptide.
#[allow(clippy::too_many_arguments)]
fn body_of(
    f: &Value,
    path: &str,
    index: usize,
    name: String,
    tx: usize,
    rx: Vec<usize>,
    device: Option<Endpoints>,
    gateway_of: Option<(usize, usize)>,
) -> Result<(Value, FlowPlan), OtgError> {
    let mut stream = Map::new();
    stream.insert("name".into(), json!(name));
    stream.insert("port".into(), json!(tx));
    let mut vars = Vec::new();
    let mut layers = packet(f.get("packet"), &join(path, "packet"), &name, &mut vars)?;
    if let Some((eth, t, r)) = device {
        from_devices(f.get("packet"), &mut layers, eth, t, r);
    }
    stream.insert("packet".into(), Value::Array(layers));
    if !vars.is_empty() {
        stream.insert("vars".into(), Value::Array(vars));
    }
    let empty = json!({});
    let size = f.get("size").unwrap_or(&empty);
    let fixed_size = size_of(size, &join(path, "size"), &mut stream)?;
    let rate = f.get("rate").unwrap_or(&empty);
    let pps = rate_of(rate, &join(path, "rate"), fixed_size, &mut stream)?;
    let duration = f.get("duration").unwrap_or(&empty);
    let packets = duration_of(duration, &join(path, "duration"), pps, &mut stream)?;
    let metrics = f.get("metrics").unwrap_or(&empty);
    let mpath = join(path, "metrics");
    let enabled = get(metrics, "Flow.Metrics", "enable").and_then(Value::as_bool).unwrap_or(false);
    let latency = metrics.pointer("/latency/enable").and_then(Value::as_bool).unwrap_or(false);
    if metrics.get("timestamps").and_then(Value::as_bool) == Some(true) {
        return Err(OtgError::at(join(&mpath, "timestamps"), "first and last timestamps are not served yet"));
    }
    if latency && !enabled {
        return Err(OtgError::at(join(&mpath, "latency.enable"), "latency needs metrics.enable"));
    }
    if let Some(m) = metrics.pointer("/latency/mode").and_then(Value::as_str).filter(|m| *m != "store_forward") {
        return Err(OtgError::at(
            join(&mpath, "latency.mode"),
            format!("{m}: riptide measures from departure stamp to arrival (store_forward)"),
        ));
    }
    for k in ["rx_tx_ratio", "predefined_metric_tags"] {
        if metrics.get(k).is_some_and(|v| v.as_object().is_some_and(|o| !o.is_empty())) {
            return Err(OtgError::at(join(&mpath, k), "not served yet"));
        }
    }
    if f.get("egress_packet").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
        return Err(OtgError::at(join(path, "egress_packet"), "egress tracking is not served yet"));
    }
    if f.get("payload").is_some_and(|v| v.as_object().is_some_and(|o| !o.is_empty())) {
        return Err(OtgError::at(
            join(path, "payload"),
            "payload patterns are not served yet: end the packet with a custom header",
        ));
    }
    let tag = enabled.then_some(index as u16);
    if let Some(id) = tag {
        stream.insert((if latency { "latency" } else { "flow_stats" }).into(), json!({ "id": id }));
    }
    Ok((Value::Object(stream), FlowPlan { name, tx, rx, tag, latency, packets, gateway_of }))
}

/// Whether the OTG header's field is left to riptide (absent, or `auto`).
fn left(header: &Value, field: &str) -> bool {
    match header.get(field) {
        None => true,
        Some(fp) => fp.get("choice").and_then(Value::as_str) == Some("auto") && fp.get("value").is_none(),
    }
}

/// Fills what a device flow's packet leaves to riptide: the first Ethernet header's source
/// (the device's MAC) and the first IP header's addresses (the endpoints'); the
/// destination MAC is the server's to fill once the gateway is resolved.
fn from_devices(headers: Option<&Value>, layers: &mut [Value], eth: &EthernetPlan, tx: &AddressPlan, rx: &AddressPlan) {
    let list = headers.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut seen_eth = false;
    let mut seen_ip = false;
    for (h, layer) in list.iter().zip(layers.iter_mut()) {
        let c = choice(h, "Flow.Header");
        let body = h.get(c).unwrap_or(&Value::Null);
        match c {
            "ethernet" if !seen_eth => {
                seen_eth = true;
                if left(body, "src") {
                    layer["eth"]["src"] = Kind::Mac.text(eth.mac.iter().fold(0u128, |a, b| (a << 8) | u128::from(*b)));
                }
            }
            "ipv4" | "ipv6" if !seen_ip => {
                seen_ip = true;
                if left(body, "src") {
                    layer[c]["src"] = json!(tx.address.to_string());
                }
                if left(body, "dst") {
                    layer[c]["dst"] = json!(rx.address.to_string());
                }
            }
            _ => {}
        }
    }
}

/// Whether a device flow's frames take their destination MAC from the gateway: its
/// first Ethernet header leaves `dst` to riptide.
fn dst_left(flow: &Value) -> bool {
    let list = flow.get("packet").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    list.first().is_none_or(|h| {
        choice(h, "Flow.Header") != "ethernet" || left(h.get("ethernet").unwrap_or(&Value::Null), "dst")
    })
}

/// What an OTG field holds, and so how its values read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An unsigned integer of this many bits.
    Int(u32),
    Mac,
    Ipv4,
    Ipv6,
}

impl Kind {
    /// `v` as a number (IPv6: its low 64 bits, with the high ones apart).
    fn number(self, v: &Value) -> Option<u128> {
        match self {
            Kind::Int(_) => as_u64(v).map(u128::from),
            Kind::Mac => v.as_str().and_then(parse_mac).map(|m| m.iter().fold(0u128, |a, b| (a << 8) | u128::from(*b))),
            Kind::Ipv4 => v.as_str().and_then(|s| s.parse::<Ipv4Addr>().ok()).map(|a| u128::from(u32::from(a))),
            Kind::Ipv6 => v.as_str().and_then(|s| s.parse::<Ipv6Addr>().ok()).map(u128::from),
        }
    }

    /// The largest value.
    fn max(self) -> u128 {
        match self {
            Kind::Int(b) => (1u128 << b) - 1,
            Kind::Mac => (1u128 << 48) - 1,
            Kind::Ipv4 => u128::from(u32::MAX),
            Kind::Ipv6 => u128::MAX,
        }
    }

    /// `n` as riptide writes this kind of value in a profile.
    fn text(self, n: u128) -> Value {
        match self {
            Kind::Int(_) => json!(n as u64),
            Kind::Mac => {
                let b = n.to_be_bytes();
                json!(b[10..].iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(":"))
            }
            Kind::Ipv4 => json!(Ipv4Addr::from(n as u32).to_string()),
            Kind::Ipv6 => json!(Ipv6Addr::from(n).to_string()),
        }
    }
}

/// One header field: OTG key, its pattern schema, riptide layer key, riptide field name
/// (for variables), its kind, and whether `auto` leaves riptide's own value.
struct Field {
    otg: &'static str,
    schema: &'static str,
    key: &'static str,
    field: &'static str,
    kind: Kind,
}

const fn fd(otg: &'static str, schema: &'static str, key: &'static str, field: &'static str, kind: Kind) -> Field {
    Field { otg, schema, key, field, kind }
}

const ETHERNET: &[Field] = &[
    fd("dst", "Pattern.Flow.Ethernet.Dst", "dst", "eth.dst", Kind::Mac),
    fd("src", "Pattern.Flow.Ethernet.Src", "src", "eth.src", Kind::Mac),
    fd("ether_type", "Pattern.Flow.Ethernet.EtherType", "type", "eth.type", Kind::Int(16)),
];
const VLAN: &[Field] = &[
    fd("priority", "Pattern.Flow.Vlan.Priority", "pcp", "vlan.pcp", Kind::Int(3)),
    fd("cfi", "Pattern.Flow.Vlan.Cfi", "dei", "vlan.dei", Kind::Int(1)),
    fd("id", "Pattern.Flow.Vlan.Id", "id", "vlan.id", Kind::Int(12)),
    fd("tpid", "Pattern.Flow.Vlan.Tpid", "tpid", "vlan.type", Kind::Int(16)),
];
const IPV4: &[Field] = &[
    fd("identification", "Pattern.Flow.Ipv4.Identification", "id", "ipv4.id", Kind::Int(16)),
    fd("time_to_live", "Pattern.Flow.Ipv4.TimeToLive", "ttl", "ipv4.ttl", Kind::Int(8)),
    fd("protocol", "Pattern.Flow.Ipv4.Protocol", "proto", "ipv4.proto", Kind::Int(8)),
    fd("src", "Pattern.Flow.Ipv4.Src", "src", "ipv4.src", Kind::Ipv4),
    fd("dst", "Pattern.Flow.Ipv4.Dst", "dst", "ipv4.dst", Kind::Ipv4),
    fd("dont_fragment", "Pattern.Flow.Ipv4.DontFragment", "df", "", Kind::Int(1)),
    fd("more_fragments", "Pattern.Flow.Ipv4.MoreFragments", "mf", "", Kind::Int(1)),
    fd("fragment_offset", "Pattern.Flow.Ipv4.FragmentOffset", "frag", "", Kind::Int(13)),
];
const IPV6: &[Field] = &[
    fd("traffic_class", "Pattern.Flow.Ipv6.TrafficClass", "tc", "ipv6.tc", Kind::Int(8)),
    fd("flow_label", "Pattern.Flow.Ipv6.FlowLabel", "flow_label", "ipv6.flow_label", Kind::Int(20)),
    fd("next_header", "Pattern.Flow.Ipv6.NextHeader", "next_header", "", Kind::Int(8)),
    fd("hop_limit", "Pattern.Flow.Ipv6.HopLimit", "hop_limit", "ipv6.hop_limit", Kind::Int(8)),
    fd("src", "Pattern.Flow.Ipv6.Src", "src", "ipv6.src", Kind::Ipv6),
    fd("dst", "Pattern.Flow.Ipv6.Dst", "dst", "ipv6.dst", Kind::Ipv6),
];
const UDP: &[Field] = &[
    fd("src_port", "Pattern.Flow.Udp.SrcPort", "sport", "udp.sport", Kind::Int(16)),
    fd("dst_port", "Pattern.Flow.Udp.DstPort", "dport", "udp.dport", Kind::Int(16)),
];
const TCP: &[Field] = &[
    fd("src_port", "Pattern.Flow.Tcp.SrcPort", "sport", "tcp.sport", Kind::Int(16)),
    fd("dst_port", "Pattern.Flow.Tcp.DstPort", "dport", "tcp.dport", Kind::Int(16)),
    fd("seq_num", "Pattern.Flow.Tcp.SeqNum", "seq", "tcp.seq", Kind::Int(32)),
    fd("ack_num", "Pattern.Flow.Tcp.AckNum", "ack", "tcp.ack", Kind::Int(32)),
    fd("window", "Pattern.Flow.Tcp.Window", "window", "tcp.window", Kind::Int(16)),
];
const MPLS: &[Field] = &[
    fd("label", "Pattern.Flow.Mpls.Label", "label", "mpls.label", Kind::Int(20)),
    fd("traffic_class", "Pattern.Flow.Mpls.TrafficClass", "tc", "mpls.tc", Kind::Int(3)),
    fd("time_to_live", "Pattern.Flow.Mpls.TimeToLive", "ttl", "mpls.ttl", Kind::Int(8)),
];
const ARP: &[Field] = &[
    fd("operation", "Pattern.Flow.Arp.Operation", "op", "arp.op", Kind::Int(16)),
    fd("sender_hardware_addr", "Pattern.Flow.Arp.SenderHardwareAddr", "sha", "arp.sha", Kind::Mac),
    fd("sender_protocol_addr", "Pattern.Flow.Arp.SenderProtocolAddr", "spa", "arp.spa", Kind::Ipv4),
    fd("target_hardware_addr", "Pattern.Flow.Arp.TargetHardwareAddr", "tha", "arp.tha", Kind::Mac),
    fd("target_protocol_addr", "Pattern.Flow.Arp.TargetProtocolAddr", "tpa", "arp.tpa", Kind::Ipv4),
];
const ICMP: &[Field] = &[
    fd("identifier", "Pattern.Flow.Icmp.Echo.Identifier", "id", "icmp.id", Kind::Int(16)),
    fd("sequence_number", "Pattern.Flow.Icmp.Echo.SequenceNumber", "seq", "icmp.seq", Kind::Int(16)),
];
const ICMPV6: &[Field] = &[
    fd("identifier", "Pattern.Flow.Icmpv6.Echo.Identifier", "id", "icmpv6.id", Kind::Int(16)),
    fd("sequence_number", "Pattern.Flow.Icmpv6.Echo.SequenceNumber", "seq", "icmpv6.seq", Kind::Int(16)),
];
const GRE: &[Field] = &[fd("checksum_present", "Pattern.Flow.Gre.ChecksumPresent", "checksum", "", Kind::Int(1))];
const VXLAN: &[Field] = &[fd("vni", "Pattern.Flow.Vxlan.Vni", "vni", "vxlan.vni", Kind::Int(24))];
/// Fields riptide writes itself, constant or from the layers around them: only the
/// models' default (or `auto`, `generated: good`) is accepted, with the schema to read
/// that default from.
const FIXED: &[(&str, &str, &str)] = &[
    ("arp", "hardware_type", "Pattern.Flow.Arp.HardwareType"),
    ("arp", "protocol_type", "Pattern.Flow.Arp.ProtocolType"),
    ("arp", "hardware_length", "Pattern.Flow.Arp.HardwareLength"),
    ("arp", "protocol_length", "Pattern.Flow.Arp.ProtocolLength"),
    ("icmp", "code", "Pattern.Flow.Icmp.Echo.Code"),
    ("icmp", "checksum", "Pattern.Flow.Icmp.Echo.Checksum"),
    ("icmpv6", "code", "Pattern.Flow.Icmpv6.Echo.Code"),
    ("icmpv6", "checksum", "Pattern.Flow.Icmpv6.Echo.Checksum"),
    ("gre", "version", "Pattern.Flow.Gre.Version"),
    ("gre", "reserved0", "Pattern.Flow.Gre.Reserved0"),
    ("gre", "reserved1", "Pattern.Flow.Gre.Reserved1"),
    ("gre", "protocol", "Pattern.Flow.Gre.Protocol"),
    ("gre", "checksum", "Pattern.Flow.Gre.Checksum"),
    ("vxlan", "flags", "Pattern.Flow.Vxlan.Flags"),
    ("vxlan", "reserved0", "Pattern.Flow.Vxlan.Reserved0"),
    ("vxlan", "reserved1", "Pattern.Flow.Vxlan.Reserved1"),
    ("mpls", "bottom_of_stack", "Pattern.Flow.Mpls.BottomOfStack"),
];
/// TCP's control bits in riptide's `flags` letters.
const TCP_FLAGS: &[(&str, char)] =
    &[("ctl_fin", 'F'), ("ctl_syn", 'S'), ("ctl_rst", 'R'), ("ctl_psh", 'P'), ("ctl_ack", 'A'), ("ctl_urg", 'U')];
/// Fields riptide keeps right by itself: only `auto` (or their default) is accepted.
const COMPUTED: &[(&str, &[&str])] = &[
    ("ipv4", &["version", "header_length", "total_length", "header_checksum", "reserved"]),
    ("ipv6", &["version", "payload_length"]),
    ("udp", &["length", "checksum"]),
    ("tcp", &["data_offset", "checksum", "ecn_ns", "ecn_cwr", "ecn_echo"]),
    ("ethernet", &["pfc_queue"]),
];

/// The flow's headers as riptide layers, its patterns as variables in `vars`.
fn packet(headers: Option<&Value>, path: &str, flow: &str, vars: &mut Vec<Value>) -> Result<Vec<Value>, OtgError> {
    let list = headers.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut layers = Vec::with_capacity(list.len());
    let mut seen: HashMap<&'static str, usize> = HashMap::new();
    for (i, h) in list.iter().enumerate() {
        let hpath = format!("{path}[{i}]");
        let c = choice(h, "Flow.Header");
        let empty = json!({});
        let mut body = h.get(c).unwrap_or(&empty);
        let mut bpath = join(&hpath, c);
        if c == "icmp" || c == "icmpv6" {
            let schema = if c == "icmp" { "Flow.Icmp" } else { "Flow.Icmpv6" };
            let k = choice(body, schema);
            if k != "echo" {
                return Err(OtgError::at(join(&bpath, "choice"), format!("{k}: riptide sends echo messages only")));
            }
            body = body.get("echo").unwrap_or(&empty);
            bpath = join(&bpath, "echo");
        }
        let (key, fields): (&'static str, &[Field]) = match c {
            "ethernet" => ("eth", ETHERNET),
            "vlan" => ("vlan", VLAN),
            "ipv4" => ("ipv4", IPV4),
            "ipv6" => ("ipv6", IPV6),
            "udp" => ("udp", UDP),
            "tcp" => ("tcp", TCP),
            "mpls" => ("mpls", MPLS),
            "arp" => ("arp", ARP),
            "icmp" => ("icmp", ICMP),
            "icmpv6" => ("icmpv6", ICMPV6),
            "gre" => ("gre", GRE),
            "vxlan" => ("vxlan", VXLAN),
            "custom" => {
                if i + 1 != list.len() {
                    return Err(OtgError::at(bpath, "a custom header is served as the packet's last (its payload)"));
                }
                let bytes = body.get("bytes").and_then(Value::as_str).and_then(parse_hex).unwrap_or_default();
                if body.get("metric_tags").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
                    return Err(OtgError::at(join(&bpath, "metric_tags"), "metric tags are not served yet"));
                }
                let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                layers.push(json!({"payload": {"hex": hex}}));
                continue;
            }
            other => return Err(OtgError::at(bpath, format!("the {other} header is not served yet"))),
        };
        // An inner Ethernet frame follows a tunnel header only.
        let after = if i > 0 { choice(&list[i - 1], "Flow.Header") } else { "" };
        if key == "eth" && i != 0 && after != "vxlan" && after != "gre" {
            return Err(OtgError::at(hpath, "an ethernet header after the first follows a vxlan or gre header only"));
        }
        for (_, f, schema) in FIXED.iter().filter(|(h, _, _)| *h == c) {
            if let Some(fp) = body.get(*f) {
                fixed(fp, &join(&bpath, f), schema, c, f, list.get(i + 1))?;
            }
        }

        let nth = {
            let n = seen.entry(key).or_insert(0);
            *n += 1;
            *n - 1
        };
        let mut layer = Map::new();
        if c == "icmp" || c == "icmpv6" {
            let schema = if c == "icmp" { "Pattern.Flow.Icmp.Echo.Type" } else { "Pattern.Flow.Icmpv6.Echo.Type" };
            let (request, reply) = if c == "icmp" { (8, 0) } else { (128, 129) };
            let tpath = join(&bpath, "type");
            let t = match body.get("type") {
                None => spec().default_of(schema, "value").and_then(as_u64),
                Some(fp) if pattern_choice(fp, schema) == "value" => get(fp, schema, "value").and_then(as_u64),
                Some(_) => {
                    return Err(OtgError::at(tpath, "a pattern over the echo type is not served: give its value"))
                }
            };
            let kind = match t {
                Some(t) if t == request => "echo_request",
                Some(t) if t == reply => "echo_reply",
                _ => {
                    return Err(OtgError::at(
                        tpath,
                        format!("riptide sends echo requests ({request}) and replies ({reply}) only"),
                    ))
                }
            };
            layer.insert("type".into(), json!(kind));
        }
        for (k, list) in COMPUTED {
            if *k == c {
                for f in list.iter().filter(|f| body.get(**f).is_some()) {
                    let fp = body.get(*f).unwrap_or(&Value::Null);
                    if !matches!(fp.get("choice").and_then(Value::as_str), None | Some("auto"))
                        || fp.get("value").is_some()
                    {
                        return Err(OtgError::at(
                            join(&bpath, f),
                            "riptide sets this field itself (auto): setting it is not served yet",
                        ));
                    }
                }
            }
        }
        if c == "ipv4" {
            if let Some(p) = body.get("priority") {
                priority(p, &join(&bpath, "priority"), &mut layer)?;
            }
            if body.get("options").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
                return Err(OtgError::at(join(&bpath, "options"), "IPv4 options from OTG are not served yet"));
            }
        }
        if c == "tcp" {
            let mut flags = String::new();
            for (k, letter) in TCP_FLAGS {
                if let Some(fp) = body.get(*k) {
                    if pattern_choice(fp, "") != "value" {
                        return Err(OtgError::at(
                            join(&bpath, k),
                            "a pattern over a TCP flag is not served yet: give its value",
                        ));
                    }
                    if fp.get("value").and_then(Value::as_u64) == Some(1) {
                        flags.push(*letter);
                    }
                }
            }
            // TRex's and riptide's default is a SYN; OTG's is no flag.
            layer.insert("flags".into(), json!(if flags.is_empty() { "0".to_string() } else { flags }));
        }
        for fdef in fields {
            let Some(fp) = body.get(fdef.otg) else {
                default_value(fdef, c, &mut layer);
                continue;
            };
            let fpath = join(&bpath, fdef.otg);
            field(fp, &fpath, fdef, nth, flow, &mut layer, vars)?;
        }
        layers.push(json!({ key: layer }));
    }
    Ok(layers)
}

/// The models' default for a field left out, where it differs from riptide's.
fn default_value(f: &Field, header: &str, layer: &mut Map<String, Value>) {
    // OTG's addresses default to zeros (riptide's to its benchmarking ranges); its
    // ports to 0; ttl 64 and hop limit 64 are riptide's too.
    let zero = match (header, f.otg) {
        ("ethernet", "dst" | "src") => Some(json!("00:00:00:00:00:00")),
        ("ipv4", "src" | "dst") => Some(json!("0.0.0.0")),
        ("ipv6", "src" | "dst") => Some(json!("::")),
        ("udp" | "tcp", "src_port" | "dst_port") => Some(json!(0)),
        ("vlan", "id") => Some(json!(1)),
        // The headers added later take the models' default (their `auto` where that is
        // the default choice) as it is written there.
        ("mpls" | "arp" | "icmp" | "icmpv6" | "gre" | "vxlan", _) => {
            let key = if choice(&Value::Null, f.schema) == "auto" { "auto" } else { "value" };
            spec().default_of(f.schema, key).map(|v| plain(f, v))
        }
        _ => None,
    };
    if let Some(v) = zero {
        layer.insert(f.key.into(), v);
    }
}

/// A field's value as riptide's layer key takes it.
fn plain(f: &Field, v: &Value) -> Value {
    match f.key {
        "df" | "mf" | "dei" | "checksum" => json!(as_u64(v) == Some(1)),
        _ => f.kind.number(v).map_or(Value::Null, |n| f.kind.text(n)),
    }
}

/// A field riptide writes itself ([`FIXED`]): accepted as `auto`, `generated: good` (a
/// checksum) or the value riptide writes there (the models' default; for
/// `mpls.bottom_of_stack` and `gre.protocol`, what the next header makes it).
fn fixed(
    fp: &Value,
    path: &str,
    schema: &str,
    header: &str,
    field: &str,
    next: Option<&Value>,
) -> Result<(), OtgError> {
    let next = next.map(|n| choice(n, "Flow.Header"));
    let written = match (header, field) {
        ("mpls", "bottom_of_stack") => Some(u64::from(next != Some("mpls"))),
        ("gre", "protocol") => match next {
            Some("ethernet") => Some(0x6558),
            Some("ipv4") => Some(0x0800),
            Some("ipv6") => Some(0x86DD),
            _ => None,
        },
        _ => spec().default_of(schema, "value").and_then(as_u64),
    };
    let ok = match pattern_choice(fp, schema) {
        "auto" => true,
        "generated" => get(fp, schema, "generated").and_then(Value::as_str) == Some("good"),
        "value" => written.is_some() && get(fp, schema, "value").and_then(as_u64) == written,
        _ => false,
    };
    if ok {
        return Ok(());
    }
    let what = match written {
        _ if schema.ends_with(".Checksum") => "generated: good".to_string(),
        Some(w) => format!("{w}"),
        None => "auto".into(),
    };
    Err(OtgError::at(path, format!("riptide writes {header}.{field} itself: leave it out or give {what}")))
}

fn pattern_choice<'a>(fp: &'a Value, schema: &str) -> &'a str {
    match fp.get("choice").and_then(Value::as_str) {
        Some(c) => c,
        None if fp.get("value").is_some() => "value",
        None => choice(fp, schema),
    }
}

/// Values a config's walks may be unfolded into (listed), all flows together: a config
/// of 65,536 flows each listing 65,536 values would otherwise be billions.
pub const MAX_UNFOLDED: u64 = 1 << 22;

thread_local! {
    /// Values unfolded so far by the translation under way on this thread.
    static UNFOLDED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` more unfolded values against [`MAX_UNFOLDED`].
fn unfold(n: u64, path: &str) -> Result<(), OtgError> {
    let total = UNFOLDED.with(|u| u.get()).saturating_add(n);
    if total > MAX_UNFOLDED {
        return Err(OtgError::at(
            path,
            format!(
                "the config's walks unfold into more than {MAX_UNFOLDED} listed values in all: fewer or shorter walks"
            ),
        ));
    }
    UNFOLDED.with(|u| u.set(total));
    Ok(())
}

/// One pattern field into `layer` (a value) or `vars` (a walk).
fn field(
    fp: &Value,
    path: &str,
    f: &Field,
    nth: usize,
    flow: &str,
    layer: &mut Map<String, Value>,
    vars: &mut Vec<Value>,
) -> Result<(), OtgError> {
    if fp.get("metric_tags").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
        return Err(OtgError::at(join(path, "metric_tags"), "metric tags are not served yet"));
    }
    let k = f.kind;
    let value = |v: &Value| plain(f, v);
    let c = pattern_choice(fp, f.schema);
    let var_target = || {
        if f.field.is_empty() {
            Err(OtgError::at(path, format!("{c}: only a value is served for this field yet")))
        } else if nth == 0 {
            Ok(f.field.to_string())
        } else {
            let (l, x) = f.field.split_once('.').unwrap_or((f.field, ""));
            Ok(format!("{l}[{nth}].{x}"))
        }
    };
    let name = format!("{flow}/{}", var_target().unwrap_or_default());
    match c {
        "auto" => {
            if let Some(a) = fp.get("auto").filter(|a| !a.is_object()) {
                layer.insert(f.key.into(), value(a));
            }
        }
        "value" => {
            let v = get(fp, f.schema, "value").cloned().unwrap_or(Value::Null);
            layer.insert(f.key.into(), value(&v));
        }
        "values" => {
            let list = get(fp, f.schema, "values").and_then(Value::as_array).cloned().unwrap_or_default();
            let first = list.first().map(&value).unwrap_or(Value::Null);
            layer.insert(f.key.into(), first);
            if list.len() > 1 {
                let values: Vec<Value> = list.iter().map(&value).collect();
                vars.push(json!({"name": name, "op": "list", "values": values, "write": var_target()?}));
            }
        }
        "increment" | "decrement" => {
            let counter = fp.get(c).cloned().unwrap_or(json!({}));
            let cschema = format!("{}.Counter", f.schema);
            let num = |key: &str| {
                get(&counter, &cschema, key).and_then(|v| k.number(v).or_else(|| as_u64(v).map(u128::from)))
            };
            let start = num("start").unwrap_or(0);
            let step = num("step").unwrap_or(1);
            let count = get(&counter, &cschema, "count").and_then(as_u64).unwrap_or(1).max(1);
            let up = c == "increment";
            // The values: start, start +- step, ... count of them, then start again.
            let span = step.checked_mul(u128::from(count - 1));
            let last = span.and_then(|s| if up { start.checked_add(s) } else { start.checked_sub(s) });
            let leaves =
                || OtgError::at(join(path, c), format!("{count} steps of {step} from {start} leave the field"));
            layer.insert(f.key.into(), k.text(start));
            let Some(last) = last.filter(|l| *l <= k.max()) else {
                // A walk past the field's end wraps at its width, as OTG's counters do on
                // ixia-c (otgen's default source ports: 64,511 steps of 7 from 1024).
                if k == Kind::Ipv6 || start > k.max() {
                    return Err(leaves());
                }
                let m = k.max() + 1;
                let step = step % m;
                let at = |j: u128| {
                    let d = (j * step) % m;
                    if up {
                        (start + d) % m
                    } else {
                        (start + m - d) % m
                    }
                };
                // riptide's walk over the whole field is modular: exact when count steps
                // come back to start; otherwise the values are listed.
                let var = if (u128::from(count) * step).is_multiple_of(m) {
                    json!({"name": name, "op": if up { "inc" } else { "dec" }, "min": k.text(0),
                           "max": k.text(k.max()), "init": k.text(start), "step": step as u64,
                           "write": var_target()?})
                } else if count <= 65_536 {
                    unfold(count, path)?;
                    let values: Vec<Value> = (0..u128::from(count)).map(|j| k.text(at(j))).collect();
                    json!({"name": name, "op": "list", "values": values, "write": var_target()?})
                } else {
                    return Err(leaves());
                };
                vars.push(var);
                return Ok(());
            };
            if count > 1 && step > 0 {
                if k == Kind::Ipv6 && (start >> 64 != last >> 64 || step > u128::from(u64::MAX)) {
                    return Err(OtgError::at(
                        join(path, c),
                        "riptide walks the low 64 bits of an IPv6 address: keep the walk inside them",
                    ));
                }
                // riptide's inc (dec) walk past max (min) starts again as far past min
                // (max) as it overshot: a range of exactly count x step values comes back
                // to start. Where that range leaves the field, the values are listed.
                let (min, max) = if up {
                    (start, last + step - 1)
                } else {
                    (last.checked_sub(step - 1).unwrap_or(u128::MAX), start)
                };
                let fits = min <= max && max <= k.max() && (k != Kind::Ipv6 || min >> 64 == max >> 64);
                let low = |n: u128| if k == Kind::Ipv6 { json!(n as u64) } else { k.text(n) };
                let mut var = if fits {
                    json!({"name": name, "op": if up { "inc" } else { "dec" },
                           "min": low(min), "max": low(max), "step": step as u64, "write": var_target()?})
                } else if count <= 65_536 {
                    unfold(count, path)?;
                    let values: Vec<Value> = (0..u128::from(count))
                        .map(|j| low(if up { start + j * step } else { start - j * step }))
                        .collect();
                    json!({"name": name, "op": "list", "values": values, "write": var_target()?})
                } else {
                    return Err(leaves());
                };
                if k == Kind::Ipv6 {
                    var["size"] = json!(8);
                }
                vars.push(var);
            }
        }
        "random" => {
            let r = fp.get("random").cloned().unwrap_or(json!({}));
            let rschema = format!("{}.Random", f.schema);
            let num =
                |key: &str| get(&r, &rschema, key).and_then(|v| k.number(v).or_else(|| as_u64(v).map(u128::from)));
            let (min, max) = (num("min").unwrap_or(0), num("max").unwrap_or(k.max()));
            if min > max {
                return Err(OtgError::at(join(path, "random"), "min is above max"));
            }
            let seed = get(&r, &rschema, "seed").and_then(as_u64).unwrap_or(1);
            let count = get(&r, &rschema, "count").and_then(as_u64).unwrap_or(1).max(1);
            if k == Kind::Ipv6 {
                return Err(OtgError::at(join(path, "random"), "random IPv6 addresses are not served yet"));
            }
            layer.insert(f.key.into(), k.text(min));
            vars.push(json!({"name": name, "op": "repeatable_random", "min": k.text(min), "max": k.text(max),
                             "seed": seed, "limit": count, "write": var_target()?}));
        }
        other => return Err(OtgError::at(join(path, "choice"), format!("{other} is not served yet"))),
    }
    Ok(())
}

/// IPv4's `priority` (raw, tos or dscp) into riptide's `tos` byte.
fn priority(p: &Value, path: &str, layer: &mut Map<String, Value>) -> Result<(), OtgError> {
    let value_of = |fp: Option<&Value>, at: &str, schema: &str| -> Result<u64, OtgError> {
        match fp {
            None => Ok(spec().default_of(schema, "value").and_then(Value::as_u64).unwrap_or(0)),
            Some(fp) if pattern_choice(fp, schema) == "value" => {
                Ok(get(fp, schema, "value").and_then(Value::as_u64).unwrap_or(0))
            }
            Some(_) => Err(OtgError::at(at, "a pattern over the IPv4 priority is not served yet: give its value")),
        }
    };
    let tos = match choice(p, "Flow.Ipv4.Priority") {
        "raw" => value_of(p.get("raw"), &join(path, "raw"), "Pattern.Flow.Ipv4.Priority.Raw")?,
        "dscp" => {
            let d = p.get("dscp").cloned().unwrap_or(json!({}));
            let at = join(path, "dscp");
            let phb = value_of(d.get("phb"), &join(&at, "phb"), "Pattern.Flow.Ipv4.Dscp.Phb")?;
            let ecn = value_of(d.get("ecn"), &join(&at, "ecn"), "Pattern.Flow.Ipv4.Dscp.Ecn")?;
            (phb << 2) | ecn
        }
        _ => {
            let t = p.get("tos").cloned().unwrap_or(json!({}));
            let at = join(path, "tos");
            let bit = |k: &str, s: &str| value_of(t.get(k), &join(&at, k), s);
            (bit("precedence", "Pattern.Flow.Ipv4.Tos.Precedence")? << 5)
                | (bit("delay", "Pattern.Flow.Ipv4.Tos.Delay")? << 4)
                | (bit("throughput", "Pattern.Flow.Ipv4.Tos.Throughput")? << 3)
                | (bit("reliability", "Pattern.Flow.Ipv4.Tos.Reliability")? << 2)
                | (bit("monetary", "Pattern.Flow.Ipv4.Tos.Monetary")? << 1)
                | bit("unused", "Pattern.Flow.Ipv4.Tos.Unused")?
        }
    };
    layer.insert("tos".into(), json!(tos & 0xff));
    Ok(())
}

/// The flow's `size`; its fixed size, if it has one.
fn size_of(size: &Value, path: &str, stream: &mut Map<String, Value>) -> Result<Option<u64>, OtgError> {
    match choice(size, "Flow.Size") {
        "fixed" => {
            let n = uint(size, "Flow.Size", "fixed");
            stream.insert("size".into(), json!(n));
            Ok(Some(n))
        }
        "increment" => {
            let i = size.get("increment").cloned().unwrap_or(json!({}));
            let s = |k: &str| uint(&i, "Flow.SizeIncrement", k);
            stream.insert(
                "size".into(),
                json!({"min": s("start"), "max": s("end"), "step": s("step").max(1), "mode": "inc"}),
            );
            Ok(None)
        }
        "random" => {
            let r = size.get("random").cloned().unwrap_or(json!({}));
            let s = |k: &str| uint(&r, "Flow.SizeRandom", k);
            stream.insert("size".into(), json!({"min": s("min"), "max": s("max"), "mode": "random"}));
            Ok(None)
        }
        "weight_pairs" => {
            let w = size.get("weight_pairs").cloned().unwrap_or(json!({}));
            let wpath = join(path, "weight_pairs");
            let pairs: Vec<(u64, f64)> = match choice(&w, "Flow.SizeWeightPairs") {
                "custom" => w
                    .get("custom")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|p| {
                        (
                            uint(p, "Flow.SizeWeightPairs.Custom", "size"),
                            get(p, "Flow.SizeWeightPairs.Custom", "weight").and_then(as_f64).unwrap_or(1.0),
                        )
                    })
                    .collect(),
                _ => {
                    let name = get(&w, "Flow.SizeWeightPairs", "predefined").and_then(Value::as_str).unwrap_or("imix");
                    IMIXES.iter().find(|(n, _)| *n == name).map(|(_, p)| p.to_vec()).unwrap_or_default()
                }
            };
            let mix = weights(&pairs).ok_or_else(|| {
                OtgError::at(
                    join(&wpath, "custom"),
                    "weights: none negative, at least one above 0, the largest at most 4.29e9 times the smallest",
                )
            })?;
            let list: Vec<Value> = mix.iter().map(|(s, w)| json!({"size": s, "weight": w})).collect();
            stream.insert("size".into(), json!({ "imix": list }));
            Ok(None)
        }
        other => Err(OtgError::at(join(path, other), "not served yet")),
    }
}

/// OTG's predefined size distributions (the models' flow/size.yaml): size and weight.
const IMIXES: &[(&str, &[(u64, f64)])] = &[
    ("imix", &[(64, 7.0), (570, 4.0), (1518, 1.0)]),
    ("ipsec_imix", &[(90, 58.67), (92, 2.0), (594, 23.66), (1418, 15.67)]),
    ("ipv6_imix", &[(60, 58.67), (496, 2.0), (594, 23.66), (1518, 15.67)]),
    ("standard_imix", &[(58, 58.67), (62, 2.0), (594, 23.66), (1518, 15.67)]),
    ("tcp_imix", &[(90, 58.67), (92, 2.0), (594, 23.66), (1518, 15.67)]),
];

/// OTG's (size, weight) pairs, weights as numbers, in riptide's whole weights: each
/// scaled by 10^6, rounded, and divided by their greatest common divisor, so the
/// proportions are those given to a millionth (riptide lays a mix out so that every window of the total holds each size its
/// weight's times, where OTG only asks for them on average). Pairs of weight 0 drop out.
fn weights(pairs: &[(u64, f64)]) -> Option<Vec<(u64, u64)>> {
    let mut out = Vec::new();
    for &(size, w) in pairs {
        let scaled = (w * 1e6).round();
        if !w.is_finite() || w < 0.0 || scaled > 1e15 {
            return None;
        }
        if scaled > 0.0 {
            out.push((size, scaled as u64));
        }
    }
    let g = out.iter().fold(0u64, |g, &(_, w)| gcd(g, w));
    if g == 0 {
        return None;
    }
    out.iter_mut().for_each(|(_, w)| *w /= g);
    out.iter().all(|&(_, w)| w <= u64::from(u32::MAX)).then_some(out)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The flow's `rate`; its packets per second, where that is known from it alone.
fn rate_of(
    rate: &Value,
    path: &str,
    size: Option<u64>,
    stream: &mut Map<String, Value>,
) -> Result<Option<f64>, OtgError> {
    let c = choice(rate, "Flow.Rate");
    let n = |k: &str| get(rate, "Flow.Rate", k).and_then(as_f64).unwrap_or(0.0);
    let bps = match c {
        "pps" => {
            let pps = n("pps");
            stream.insert("rate".into(), json!({ "pps": pps }));
            return Ok(Some(pps));
        }
        "percentage" => {
            let p = n("percentage");
            if !(p > 0.0 && p <= 100.0) {
                return Err(OtgError::at(
                    join(path, "percentage"),
                    format!("{p}: a share of the line rate above 0 and at most 100 expected"),
                ));
            }
            stream.insert("rate".into(), json!({ "percent": p }));
            return Ok(None);
        }
        "bps" => n("bps"),
        "kbps" => n("kbps") * 1e3,
        "mbps" => n("mbps") * 1e6,
        "gbps" => n("gbps") * 1e9,
        other => return Err(OtgError::at(join(path, other), "not served yet")),
    };
    stream.insert("rate".into(), json!({ "bps_l1": bps }));
    // OTG's bit rates count the preamble and the gap (its least, 672 b/s, is one 64 B frame).
    Ok(size.map(|s| bps / ((s + 20) * 8) as f64))
}

/// The flow's `duration`; the packets it sends in all, if bounded.
fn duration_of(
    d: &Value,
    path: &str,
    pps: Option<f64>,
    stream: &mut Map<String, Value>,
) -> Result<Option<u64>, OtgError> {
    let c = choice(d, "Flow.Duration");
    let empty = json!({});
    let body = d.get(c).unwrap_or(&empty);
    let bpath = join(path, c);
    if let Some(delay) = body.get("delay") {
        let ns = match choice(delay, "Flow.Delay") {
            "nanoseconds" => get(delay, "Flow.Delay", "nanoseconds").and_then(Value::as_f64).unwrap_or(0.0),
            "microseconds" => get(delay, "Flow.Delay", "microseconds").and_then(Value::as_f64).unwrap_or(0.0) * 1e3,
            _ => {
                let bytes = get(delay, "Flow.Delay", "bytes").and_then(Value::as_f64).unwrap_or(0.0);
                if bytes > 0.0 {
                    return Err(OtgError::at(
                        join(&bpath, "delay.bytes"),
                        "a delay in bytes needs the line rate: give nanoseconds or microseconds",
                    ));
                }
                0.0
            }
        };
        if ns > 0.0 {
            stream.insert("isg".into(), json!(format!("{}ns", ns.round() as u64)));
        }
    }
    if body.get("gap").and_then(Value::as_u64).is_some_and(|g| g != 12) {
        return Err(OtgError::at(join(&bpath, "gap"), "riptide's ports keep the standard 12-byte gap"));
    }
    match c {
        "continuous" => {
            stream.insert("mode".into(), json!("continuous"));
            Ok(None)
        }
        "fixed_packets" => {
            let n = uint(body, "Flow.FixedPackets", "packets");
            stream.insert("mode".into(), json!({"burst": {"packets": n}}));
            Ok(Some(n))
        }
        "fixed_seconds" => {
            let s = get(body, "Flow.FixedSeconds", "seconds").and_then(Value::as_f64).unwrap_or(1.0);
            let Some(pps) = pps else {
                return Err(OtgError::at(bpath, "fixed_seconds needs a rate in pps or bits with a fixed size"));
            };
            let n = (pps * s).round() as u64;
            if n == 0 {
                return Err(OtgError::at(bpath, format!("{s} s at {pps} pps is no packet")));
            }
            stream.insert("mode".into(), json!({"burst": {"packets": n}}));
            Ok(Some(n))
        }
        "burst" => {
            let packets = uint(body, "Flow.Burst", "packets");
            let bursts = uint(body, "Flow.Burst", "bursts");
            let gap = body.get("inter_burst_gap").cloned().unwrap_or(json!({}));
            let ibg_ns =
                match choice(&gap, "Flow.Duration.InterBurstGap") {
                    "nanoseconds" => {
                        get(&gap, "Flow.Duration.InterBurstGap", "nanoseconds").and_then(Value::as_f64).unwrap_or(0.0)
                    }
                    "microseconds" => {
                        get(&gap, "Flow.Duration.InterBurstGap", "microseconds").and_then(Value::as_f64).unwrap_or(0.0)
                            * 1e3
                    }
                    // The models' default: 12 bytes, the wire's own gap between frames (which
                    // the rate counts already): bursts back to back.
                    _ if get(&gap, "Flow.Duration.InterBurstGap", "bytes").and_then(as_u64) == Some(12) => 0.0,
                    _ => return Err(OtgError::at(
                        join(&bpath, "inter_burst_gap.bytes"),
                        "a gap in bytes other than the wire's 12 needs the line rate: give nanoseconds or microseconds",
                    )),
                };
            stream.insert(
                "mode".into(),
                json!({"multi_burst": {"packets": packets, "bursts": bursts, "ibg": format!("{}ns", ibg_ns.round() as u64)}}),
            );
            Ok((bursts > 0).then(|| packets.saturating_mul(bursts)))
        }
        other => Err(OtgError::at(bpath, format!("{other} is not served yet"))),
    }
}
