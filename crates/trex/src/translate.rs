//! TRex's stream objects (as `add_stream` carries them) and multipliers, in riptide's
//! terms: pure translation, no I/O.
//!
//! A TRex stream becomes one riptide profile stream (docs/profiles.md) in JSON: its
//! base64 packet a `frame`, its mode and rate riptide's, its field-engine program
//! (`vm.instructions`) `vars` and `writes`, `trim_pkt_size` the frame-size walk. What
//! riptide cannot honour is an error naming the field, never a silent difference.

use base64::Engine as _;
use riptide_core::Rate;
use riptide_engine::Multiplier;
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The riptide name of TRex stream `id` on `port`.
pub fn stream_name(port: u16, id: u32) -> String {
    format!("s{id}-p{port}")
}

/// A packet group (`flow_stats`) a stream counts under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PacketGroup {
    /// TRex's `pg_id`.
    pub id: u16,
    /// `STLFlowLatencyStats` (timestamped) rather than `STLFlowStats`.
    pub latency: bool,
    /// `STLTaggedPktGroup`: `id` is its tpgid, counted by VLAN.
    pub tpg: bool,
}

/// A TRex stream in riptide's terms.
#[derive(Clone, Debug)]
pub struct Stream {
    /// The riptide profile stream (JSON).
    pub riptide: Value,
    /// Its packet group, if it has one.
    pub group: Option<PacketGroup>,
    /// TRex's `next_stream_id` (`None` for -1).
    pub next: Option<u32>,
}

type Obj = Map<String, Value>;

fn obj<'a>(v: &'a Value, path: &str) -> Result<&'a Obj, String> {
    v.as_object().ok_or_else(|| format!("{path}: expected an object, got {}", kind(v)))
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn field<'a>(m: &'a Obj, key: &str, path: &str) -> Result<&'a Value, String> {
    m.get(key).ok_or_else(|| format!("{path}.{key}: missing"))
}

/// An unsigned integer: a JSON number or a string (TRex's spec writes 64-bit values as
/// strings), decimal or `0x` hex.
pub fn uint(v: &Value, path: &str) -> Result<u64, String> {
    let bad = || format!("{path}: expected an unsigned integer, got {}", short(v));
    match v {
        Value::Number(n) => n
            .as_u64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 1.8e19).map(|f| f as u64))
            .ok_or_else(bad),
        Value::String(s) => {
            let t = s.trim();
            match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                Some(h) => u64::from_str_radix(h, 16).map_err(|_| bad()),
                None => t.parse().map_err(|_| bad()),
            }
        }
        _ => Err(bad()),
    }
}

fn int(v: &Value, path: &str) -> Result<i64, String> {
    let bad = || format!("{path}: expected an integer, got {}", short(v));
    match v {
        Value::Number(n) => n.as_i64().ok_or_else(bad),
        Value::String(s) => s.trim().parse().map_err(|_| bad()),
        _ => Err(bad()),
    }
}

fn float(v: &Value, path: &str) -> Result<f64, String> {
    v.as_f64().filter(|f| f.is_finite()).ok_or_else(|| format!("{path}: expected a number, got {}", short(v)))
}

fn boolean(v: &Value, path: &str) -> Result<bool, String> {
    v.as_bool().ok_or_else(|| format!("{path}: expected true or false, got {}", short(v)))
}

fn text<'a>(v: &'a Value, path: &str) -> Result<&'a str, String> {
    v.as_str().ok_or_else(|| format!("{path}: expected a string, got {}", short(v)))
}

/// A value for an error message: its start only.
fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 40 {
        let cut = (0..=40).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
        format!("{}...", &s[..cut])
    } else {
        s
    }
}

/// Microseconds (TRex's `isg` and `ibg` unit, 0 or more) as a riptide duration; `path`
/// names the field in the error for a value past riptide's longest duration.
fn usec(us: f64, path: &str) -> Result<String, String> {
    let max = riptide_core::units::MAX_DURATION.0 as f64 / 1000.0;
    if !(0.0..=max).contains(&us) {
        let given = if us.abs() >= 1e16 { format!("{us:e}") } else { format!("{us}") };
        return Err(format!("{path}: {given} must be microseconds, 0 to {max} (a year)"));
    }
    Ok(if us.fract() == 0.0 { format!("{}us", us as u64) } else { format!("{}ns", (us * 1000.0).round() as u64) })
}

/// TRex's rate object (`{"type": "pps", "value": 10}`) as riptide's.
fn rate(v: &Value, path: &str) -> Result<Value, String> {
    let m = obj(v, path)?;
    let value = float(field(m, "value", path)?, &format!("{path}.value"))?;
    if value <= 0.0 {
        return Err(format!("{path}.value: {value} must be positive"));
    }
    let key = match text(field(m, "type", path)?, &format!("{path}.type"))? {
        "pps" => "pps",
        "bps_L1" => "bps_l1",
        "bps_L2" => "bps_l2",
        "percentage" => "percent",
        t => return Err(format!("{path}.type: '{t}' is none of pps, bps_L1, bps_L2, percentage")),
    };
    Ok(json!({ key: value }))
}

fn mode(v: &Value, path: &str) -> Result<(Value, Value), String> {
    let m = obj(v, path)?;
    let rate = rate(field(m, "rate", path)?, &format!("{path}.rate"))?;
    let count = |key: &str| -> Result<u64, String> {
        let n = uint(field(m, key, path)?, &format!("{path}.{key}"))?;
        if n == 0 || n > u64::from(u32::MAX) {
            return Err(format!("{path}.{key}: {n} must be 1 to {}", u32::MAX));
        }
        Ok(n)
    };
    let mode = match text(field(m, "type", path)?, &format!("{path}.type"))? {
        "continuous" => json!("continuous"),
        "single_burst" => json!({"burst": {"packets": count("total_pkts")?}}),
        "multi_burst" => {
            let ibg = float(field(m, "ibg", path)?, &format!("{path}.ibg"))?;
            let bursts = uint(field(m, "count", path)?, &format!("{path}.count"))?;
            json!({"multi_burst": {"packets": count("pkts_per_burst")?, "bursts": bursts, "ibg": usec(ibg, &format!("{path}.ibg"))?}})
        }
        t => return Err(format!("{path}.type: '{t}' is none of continuous, single_burst, multi_burst")),
    };
    Ok((mode, rate))
}

/// What a variable is, for the writes that name it.
#[derive(Clone, Debug)]
enum Var {
    /// Inc/dec/random/list of this many bytes, with its walk (for trimming); `list`: a
    /// value list's values in the order the walk takes them (one period), empty when
    /// they are drawn at random.
    Plain { size: u64, op: String, min: u64, max: u64, step: u64, init: u64, list: Option<Vec<u64>> },
    /// A tuple generator: `NAME.ip` (4 bytes) and `NAME.port` (2).
    Tuple,
}

/// Greatest common divisor.
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Offsets of the frame's IP and UDP length fields, each with the `add_value` that
/// turns a frame size (FCS excluded) into the field's value, as TRex's trim profiles
/// write them (riptide writes every length itself as the size walks).
fn length_fields(frame: &[u8]) -> HashMap<usize, i64> {
    let mut out = HashMap::new();
    let at16 = |i: usize| frame.get(i..i + 2).map(|b| u16::from_be_bytes([b[0], b[1]]));
    let mut l3 = 14;
    let mut ethertype = at16(12);
    while matches!(ethertype, Some(0x8100 | 0x88a8 | 0x9100)) {
        ethertype = at16(l3 + 2);
        l3 += 4;
    }
    let (l4, proto) = match ethertype {
        Some(0x0800) => {
            let Some(&vihl) = frame.get(l3) else { return out };
            out.insert(l3 + 2, -(l3 as i64));
            (l3 + usize::from(vihl & 0x0f) * 4, frame.get(l3 + 9).copied())
        }
        Some(0x86dd) => {
            out.insert(l3 + 4, -(l3 as i64 + 40));
            (l3 + 40, frame.get(l3 + 6).copied())
        }
        _ => return out,
    };
    if proto == Some(17) {
        out.insert(l4 + 4, -(l4 as i64));
    }
    out
}

/// One TRex stream (`add_stream`'s `stream` object) of `port`, id `id`.
pub fn stream(port: u16, id: u32, v: &Value) -> Result<Stream, String> {
    let p = "stream";
    let s = obj(v, p)?;
    let mut out = Obj::new();
    out.insert("name".into(), json!(stream_name(port, id)));
    out.insert("port".into(), json!(port));
    // The packet: base64 bytes (TRex pads under 60 bytes with zeros, as riptide does).
    let pkt = obj(field(s, "packet", p)?, "stream.packet")?;
    let b64 = text(field(pkt, "binary", "stream.packet")?, "stream.packet.binary")?;
    let frame = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .map_err(|e| format!("stream.packet.binary: not base64 ({e})"))?;
    if !(14..=9216).contains(&frame.len()) {
        return Err(format!("stream.packet.binary: {} bytes: a packet of 14 to 9216 bytes expected", frame.len()));
    }
    let hex: String = frame.iter().map(|b| format!("{b:02x}")).collect();
    out.insert("frame".into(), json!(hex));
    let (mode, rate) = mode(field(s, "mode", p)?, "stream.mode")?;
    out.insert("rate".into(), rate);
    out.insert("mode".into(), mode);
    let flag = |key: &str, default: bool| -> Result<bool, String> {
        s.get(key).map_or(Ok(default), |v| boolean(v, &format!("stream.{key}")))
    };
    if !flag("enabled", true)? {
        out.insert("enabled".into(), json!(false));
    }
    if !flag("self_start", true)? {
        out.insert("self_start".into(), json!(false));
    }
    if flag("start_paused", false)? {
        return Err("stream.start_paused: not supported by riptide yet (a stream that waits to be resumed)".into());
    }
    if let Some(n) = s.get("action_count") {
        // TRex's field is a uint16 (the client) in a uint32 (the server).
        let n = uint(n, "stream.action_count")?;
        if n > u64::from(u32::MAX) {
            return Err(format!("stream.action_count: {n} is above {}", u32::MAX));
        }
        if n != 0 {
            out.insert("action_count".into(), json!(n));
        }
    }
    if let Some(f) = s.get("flags") {
        if uint(f, "stream.flags")? & 8 != 0 {
            return Err("stream.flags: bit 3 (a dummy stream that sends nothing): not supported by riptide".into());
        }
    }
    if let Some(isg) = s.get("isg") {
        let us = float(isg, "stream.isg")?;
        let text = usec(us, "stream.isg")?;
        if us > 0.0 {
            out.insert("isg".into(), json!(text));
        }
    }
    let next = match s.get("next_stream_id") {
        None => None,
        Some(n) => match int(n, "stream.next_stream_id")? {
            -1 => None,
            n if (0..=i64::from(u32::MAX)).contains(&n) => {
                out.insert("next".into(), json!(stream_name(port, n as u32)));
                Some(n as u32)
            }
            n => return Err(format!("stream.next_stream_id: {n}: a stream id or -1 expected")),
        },
    };
    if let Some(seed) = s.get("random_seed") {
        let seed = uint(seed, "stream.random_seed")?;
        if seed != 0 {
            out.insert("seed".into(), json!(seed));
        }
    }
    let group = match s.get("flow_stats") {
        None => None,
        Some(fs) => {
            let fs = obj(fs, "stream.flow_stats")?;
            if !fs.get("enabled").map_or(Ok(false), |v| boolean(v, "stream.flow_stats.enabled"))? {
                None
            } else {
                let pg = uint(field(fs, "stream_id", "stream.flow_stats")?, "stream.flow_stats.stream_id")?;
                let id = u16::try_from(pg).map_err(|_| {
                    format!("stream.flow_stats.stream_id: pg_id {pg}: riptide counts pg_ids 0 to 65535")
                })?;
                let (latency, tpg) =
                    match fs.get("rule_type").map(|v| text(v, "stream.flow_stats.rule_type")).transpose()? {
                        None | Some("stats") => (false, false),
                        Some("latency") => (true, false),
                        Some("tpg") => (false, true),
                        Some(t) => {
                            return Err(format!("stream.flow_stats.rule_type: '{t}' is none of stats, latency, tpg"))
                        }
                    };
                let tag = if tpg { json!({ "id": id, "by_vlan": true }) } else { json!({ "id": id }) };
                out.insert((if latency { "latency" } else { "flow_stats" }).into(), tag);
                Some(PacketGroup { id, latency, tpg })
            }
        }
    };
    if let Some(vm) = s.get("vm") {
        let seeded = out.contains_key("seed");
        field_engine(vm, &frame, seeded, &mut out)?;
    }
    Ok(Stream { riptide: Value::Object(out), group, next })
}

/// What a program's translation builds, instruction by instruction.
struct Program<'a> {
    /// The stream's frame.
    frame: &'a [u8],
    /// The stream has a `random_seed`: random variables draw TRex's sequence.
    seeded: bool,
    /// Variables that set the packet size (`trim_pkt_size` may come after their writes).
    trimmed: Vec<String>,
    /// The frame's IP and UDP length fields: offset -> the value less the frame's length.
    lengths: HashMap<usize, i64>,
    /// The variables defined so far.
    vars: HashMap<String, Var>,
    /// riptide's `vars`, `writes` and frame-size walk.
    out_vars: Vec<Value>,
    writes: Vec<Value>,
    size: Option<Value>,
}

/// One instruction of a program, and where it is (for errors).
struct Ins<'a> {
    m: &'a Obj,
    path: String,
}

impl Ins<'_> {
    /// The instruction's `key`, required.
    fn f(&self, key: &str) -> Result<&Value, String> {
        field(self.m, key, &self.path)
    }

    /// The path of its `key`, for errors.
    fn at(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// The variable it names.
    fn name(&self) -> Result<String, String> {
        Ok(text(self.f("name")?, &self.at("name"))?.to_string())
    }
}

/// How one kind of TRex instruction becomes riptide's field engine.
type Translate = fn(&mut Program<'_>, &Ins<'_>) -> Result<(), String>;

/// TRex's STL VM instructions (its server's `parse_vm_instr_*`) and their translations.
const INSTRUCTIONS: &[(&str, Translate)] = &[
    ("flow_var", flow_var),
    ("tuple_flow_var", tuple_flow_var),
    ("flow_var_rand_limit", flow_var_rand_limit),
    ("write_flow_var", write_flow_var),
    ("write_mask_flow_var", write_flow_var),
    ("trim_pkt_size", trim_pkt_size),
    // riptide keeps every checksum right after each write (IPv4, UDP, TCP, ICMP, ICMPv6:
    // the frame's decoded layers).
    ("fix_checksum_ipv4", keep_checksums),
    ("fix_checksum_hw", keep_checksums),
    ("fix_checksum_icmpv6", keep_checksums),
];

/// TRex's checksum fixes: riptide keeps every checksum right after each write anyway.
fn keep_checksums(_: &mut Program<'_>, _: &Ins<'_>) -> Result<(), String> {
    Ok(())
}

/// TRex's `flow_var`: an inc/dec/random walk over a range (padded to its step, as TRex's
/// server pads it) or a value list, with its `next_var`.
fn flow_var(p: &mut Program<'_>, ins: &Ins<'_>) -> Result<(), String> {
    let m = ins.m;
    let path = ins.path.as_str();
    let Program { seeded, trimmed, vars, out_vars, .. } = p;
    let name = ins.name()?;
    let size = uint(ins.f("size")?, &ins.at("size"))?;
    if ![1, 2, 4, 8].contains(&size) {
        return Err(format!("{}: {size}: 1, 2, 4 or 8 bytes expected", ins.at("size")));
    }
    let op = text(ins.f("op")?, &ins.at("op"))?.to_string();
    if !["inc", "dec", "random"].contains(&op.as_str()) {
        return Err(format!("{}: '{op}' is none of inc, dec, random", ins.at("op")));
    }
    let next = next_var(m, &ins.at("next_var"))?;
    let limit = if size == 8 { u64::MAX } else { (1u64 << (8 * size)) - 1 };
    let var = if let Some(list) = m.get("value_list").filter(|v| !v.is_null()) {
        let values = list.as_array().ok_or_else(|| format!("{}: expected a list", ins.at("value_list")))?;
        let mut vs = Vec::with_capacity(values.len());
        for (k, v) in values.iter().enumerate() {
            let x = uint(v, &format!("{}[{k}]", ins.at("value_list")))?;
            if x > limit {
                return Err(format!("{}[{k}]: {x} does not fit {size} bytes", ins.at("value_list")));
            }
            vs.push(x);
        }
        if vs.is_empty() {
            return Err(format!("{}: an empty list", ins.at("value_list")));
        }
        let step = m.get("step").map_or(Ok(1), |v| uint(v, &ins.at("step")))?;
        if step == 0 {
            return Err(format!("{}: step cannot be 0", ins.at("step")));
        }
        match op.as_str() {
            "inc" => {}
            // TRex walks the list down from its last value: up the reversed list.
            "dec" => vs.reverse(),
            _ => {
                if next.is_some() {
                    return Err(format!("{}: a random variable never wraps around", ins.at("next_var")));
                }
                out_vars.push(json!({"name": name, "size": size, "op": "trex_random", "values": vs}));
                if vars
                    .insert(
                        name.clone(),
                        Var::Plain { size, op, min: 0, max: 0, step: 1, init: 0, list: Some(Vec::new()) },
                    )
                    .is_some()
                {
                    return Err(format!("{}: variable '{name}' is defined twice", ins.at("name")));
                }
                return Ok(());
            }
        }
        let (len, by) = (vs.len() as u64, step % vs.len() as u64);
        if next.is_some() && by > 1 && !len.is_multiple_of(by) {
            return Err(format!(
                "{}: a value list whose step does not divide its length wraps more than once a cycle: \
                 not supported by riptide with next_var",
                ins.at("step")
            ));
        }
        let mut v = json!({"name": name, "size": size, "op": "list", "values": vs});
        if step != 1 {
            v["step"] = json!(step);
        }
        if let Some(n) = &next {
            v["next"] = json!(n);
        }
        // The values in the order the walk takes them: a trimmed list's sizes.
        let order: Vec<u64> = if by == 0 {
            vs[..1].to_vec()
        } else {
            (0..len / gcd(len, by)).map(|k| vs[(k * by % len) as usize]).collect()
        };
        if trimmed.contains(&name) {
            if next.is_some() {
                return Err(format!("{}: a trimmed packet size cannot move a next variable", ins.at("next_var")));
            }
        } else {
            out_vars.push(v);
        }
        Var::Plain { size, op, min: 0, max: 0, step: 1, init: 0, list: Some(order) }
    } else {
        let (mut min, mut max) =
            (uint(ins.f("min_value")?, &ins.at("min_value"))?, uint(ins.f("max_value")?, &ins.at("max_value"))?);
        let step = m.get("step").map_or(Ok(1), |v| uint(v, &ins.at("step")))?;
        let init =
            m.get("init_value").map_or(Ok(if op == "dec" { max } else { min }), |v| uint(v, &ins.at("init_value")))?;
        if step == 0 {
            return Err(format!("{}: step cannot be 0", ins.at("step")));
        }
        if max < min {
            return Err(format!("{path}: max_value {max} is smaller than min_value {min}"));
        }
        if [min, max, init, step].iter().any(|&x| x > limit) {
            return Err(format!("{path}: a value does not fit the variable's {size} bytes (at most {limit})"));
        }
        // TRex pads a range the step does not divide so that it cycles.
        let pad = (max - min).wrapping_add(1) % step;
        if pad != 0 && op != "random" {
            let by = step - pad;
            match op.as_str() {
                "inc" if limit - max >= by => max += by,
                "dec" if min >= by => min -= by,
                _ => {
                    return Err(format!(
                        "{path}: (max_value - min_value + 1) % step must be 0 (TRex cannot pad this range)"
                    ))
                }
            }
        }
        let riptide_op = if op == "random" && *seeded { "trex_random" } else { op.as_str() };
        let mut v = json!({"name": name, "size": size, "op": riptide_op, "min": min, "max": max});
        // TRex's random draws ignore the step.
        if step != 1 && riptide_op != "trex_random" {
            v["step"] = json!(step);
        }
        if op != "random" {
            if !(min..=max).contains(&init) {
                return Err(format!("{}: {init} is outside {min}..{max}", ins.at("init_value")));
            }
            v["init"] = json!(init);
        }
        if let Some(n) = &next {
            v["next"] = json!(n);
        }
        if trimmed.contains(&name) {
            if next.is_some() {
                return Err(format!("{}: a trimmed packet size cannot move a next variable", ins.at("next_var")));
            }
        } else {
            out_vars.push(v);
        }
        Var::Plain { size, op, min, max, step, init, list: None }
    };
    if vars.insert(name.clone(), var).is_some() {
        return Err(format!("{}: variable '{name}' is defined twice", ins.at("name")));
    }
    Ok(())
}

/// TRex's `tuple_flow_var`: the client tuple generator (addresses x ports, `limit_flows`).
fn tuple_flow_var(p: &mut Program<'_>, ins: &Ins<'_>) -> Result<(), String> {
    let m = ins.m;
    let path = ins.path.as_str();
    let Program { vars, out_vars, .. } = p;
    let name = ins.name()?;
    let u = |key: &str| uint(ins.f(key)?, &ins.at(key));
    let (ip_min, ip_max, port_min, port_max) = (u("ip_min")?, u("ip_max")?, u("port_min")?, u("port_max")?);
    if ip_min > ip_max || ip_max > u64::from(u32::MAX) {
        return Err(format!("{path}: ip_min..ip_max {ip_min}..{ip_max}: IPv4 addresses, min first"));
    }
    if port_min > port_max || port_max > 65535 {
        return Err(format!("{path}: port_min..port_max {port_min}..{port_max}: ports, min first"));
    }
    if m.get("flags").map_or(Ok(0), |v| uint(v, &ins.at("flags")))? & 1 != 0 {
        return Err(format!("{}: bit 0 (unlimited flows): not supported by riptide yet", ins.at("flags")));
    }
    let ip = |x: u64| std::net::Ipv4Addr::from(x as u32).to_string();
    let mut t = json!({"ip_min": ip(ip_min), "ip_max": ip(ip_max), "port_min": port_min, "port_max": port_max});
    let limit = m.get("limit_flows").map_or(Ok(0), |v| uint(v, &ins.at("limit_flows")))?;
    if limit != 0 {
        t["limit"] = json!(limit);
    }
    out_vars.push(json!({"name": name, "tuple": t}));
    if vars.insert(name.clone(), Var::Tuple).is_some() {
        return Err(format!("{}: variable '{name}' is defined twice", ins.at("name")));
    }
    Ok(())
}

/// TRex's `flow_var_rand_limit`: the repeatable random (its seed and limit).
fn flow_var_rand_limit(p: &mut Program<'_>, ins: &Ins<'_>) -> Result<(), String> {
    let m = ins.m;
    let Program { vars, out_vars, .. } = p;
    let name = ins.name()?;
    let size = uint(ins.f("size")?, &ins.at("size"))?;
    if ![1, 2, 4, 8].contains(&size) {
        return Err(format!("{}: {size}: 1, 2, 4 or 8 bytes expected", ins.at("size")));
    }
    let u = |key: &str| uint(ins.f(key)?, &ins.at(key));
    let (min, max, limit, seed) = (u("min_value")?, u("max_value")?, u("limit")?, u("seed")?);
    let mut v = json!({"name": name, "size": size, "op": "repeatable_random", "min": min, "max": max,
                       "limit": limit, "seed": seed});
    if let Some(n) = next_var(m, &ins.at("next_var"))? {
        v["next"] = json!(n);
    }
    out_vars.push(v);
    let var = Var::Plain { size, op: "random".into(), min, max, step: 1, init: min, list: Some(Vec::new()) };
    if vars.insert(name.clone(), var).is_some() {
        return Err(format!("{}: variable '{name}' is defined twice", ins.at("name")));
    }
    Ok(())
}

/// TRex's `write_flow_var` and `write_mask_flow_var`: a write at a byte offset (masked,
/// shifted, added to); a trimmed size's writes into the IP and UDP lengths are riptide's own.
fn write_flow_var(p: &mut Program<'_>, ins: &Ins<'_>) -> Result<(), String> {
    let m = ins.m;
    let path = ins.path.as_str();
    let Program { trimmed, lengths, vars, writes, .. } = p;
    let kind = text(ins.f("type")?, &ins.at("type"))?;
    let name = ins.name()?;
    let (base, part) = name.rsplit_once('.').map_or((name.as_str(), ""), |(b, p)| (b, p));
    let (var, var_size) = match (vars.get(&name), vars.get(base)) {
        (Some(v @ Var::Plain { size, .. }), _) => (v, *size),
        (_, Some(v @ Var::Tuple)) if part == "ip" => (v, 4),
        (_, Some(v @ Var::Tuple)) if part == "port" => (v, 2),
        _ => return Err(format!("{}: '{name}' is no variable defined before it", ins.at("name"))),
    };
    let offset = uint(ins.f("pkt_offset")?, &ins.at("pkt_offset"))?;
    let add = m.get("add_value").map_or(Ok(0), |v| int(v, &ins.at("add_value")))?;
    if !m.get("is_big_endian").map_or(Ok(true), |v| boolean(v, &ins.at("is_big_endian")))? {
        return Err(format!("{}: little-endian writes: not supported by riptide yet", ins.at("is_big_endian")));
    }
    if trimmed.contains(&name) {
        // The trimmed size written into a length field: riptide writes every length.
        if kind != "write_flow_var" || lengths.get(&(offset as usize)) != Some(&add) {
            return Err(format!(
                "{path}: '{name}' is the packet size: riptide writes only the IP and UDP lengths from it \
                 (pkt_offset of the length field, add_value minus the layer's offset)"
            ));
        }
        return Ok(());
    }
    let mut w = json!({"var": name, "offset": offset});
    if kind == "write_flow_var" {
        w["size"] = json!(var_size);
    } else {
        let cast = uint(ins.f("pkt_cast_size")?, &ins.at("pkt_cast_size"))?;
        if ![1, 2, 4].contains(&cast) {
            return Err(format!("{}: {cast}: 1, 2 or 4 bytes expected", ins.at("pkt_cast_size")));
        }
        w["size"] = json!(cast);
        w["mask"] = json!(uint(ins.f("mask")?, &ins.at("mask"))?);
        let shift = m.get("shift").map_or(Ok(0), |v| int(v, &ins.at("shift")))?;
        if shift != 0 {
            w["shift"] = json!(shift);
        }
    }
    if add != 0 {
        w["add"] = json!(add);
    }
    let _ = var;
    writes.push(w);
    Ok(())
}

/// TRex's `trim_pkt_size`: the frame-size walk of a variable (a range or a value list).
fn trim_pkt_size(p: &mut Program<'_>, ins: &Ins<'_>) -> Result<(), String> {
    let path = ins.path.as_str();
    let Program { frame, vars, size, .. } = p;
    let name = ins.name()?;
    let Some(Var::Plain { op, min, max, step, init, list, .. }) = vars.get(&name) else {
        return Err(format!("{}: '{name}' is no flow variable defined before it", ins.at("name")));
    };
    if let Some(order) = list {
        // A value list trimmed: its sizes in the walk's order (riptide's size list).
        if order.is_empty() {
            return Err(format!(
                "{path}: '{name}' draws sizes at random from a value list: riptide draws sizes from ranges only"
            ));
        }
        if let Some(bad) = order.iter().find(|&&x| !(60..=frame.len() as u64).contains(&x)) {
            return Err(format!(
                "{path}: '{name}' lists {bad}: trimming needs sizes from 60 to the packet's {} bytes",
                frame.len()
            ));
        }
        *size = Some(json!({"list": order.iter().map(|x| x + 4).collect::<Vec<_>>()}));
        return Ok(());
    }
    if !(60..=*max).contains(min) || *max as usize > frame.len() {
        return Err(format!(
            "{path}: '{name}' walks {min}..{max}: trimming needs 60 <= min <= max <= the packet's {} bytes",
            frame.len()
        ));
    }
    if op != "random" && *init != if op == "dec" { *max } else { *min } {
        return Err(format!("{path}: a trimmed variable with its own init_value: not supported by riptide yet"));
    }
    let mut walk = json!({"min": min + 4, "max": max + 4, "mode": op});
    if *step != 1 {
        walk["step"] = json!(step);
    }
    *size = Some(walk);
    Ok(())
}

/// The field-engine program: `vars`, `writes` and a frame-size walk into `out`.
/// `seeded`: the stream has a `random_seed`, so its random variables draw TRex's own
/// sequence (`op: trex_random`); without one TRex seeds from the clock, and riptide's
/// uniform draws serve (a random value list is always TRex's pick).
fn field_engine(vm: &Value, frame: &[u8], seeded: bool, out: &mut Obj) -> Result<(), String> {
    let instructions = match vm {
        Value::Array(a) => a,
        Value::Object(m) => match m.get("instructions") {
            None => return Ok(()),
            Some(Value::Array(a)) => a,
            Some(v) => return Err(format!("stream.vm.instructions: expected a list, got {}", kind(v))),
        },
        v => return Err(format!("stream.vm: expected an object, got {}", kind(v))),
    };
    // Which variables set the packet size (trim_pkt_size may come after their writes).
    let (mut trimmed, mut whole) = (Vec::new(), Vec::new());
    for (i, ins) in instructions.iter().enumerate() {
        let path = format!("stream.vm.instructions[{i}]");
        let m = obj(ins, &path)?;
        let kind = text(field(m, "type", &path)?, &format!("{path}.type"))?;
        if kind == "trim_pkt_size" {
            trimmed.push(text(field(m, "name", &path)?, &format!("{path}.name"))?.to_string());
        }
        if matches!(kind, "flow_var" | "flow_var_rand_limit")
            && !m.get("split_to_cores").map_or(Ok(true), |v| boolean(v, &format!("{path}.split_to_cores")))?
        {
            whole.push(text(field(m, "name", &path)?, &format!("{path}.name"))?.to_string());
        }
    }
    let mut p = Program {
        frame,
        seeded,
        trimmed,
        lengths: length_fields(frame),
        vars: HashMap::new(),
        out_vars: Vec::new(),
        writes: Vec::new(),
        size: None,
    };
    for (i, ins) in instructions.iter().enumerate() {
        let path = format!("stream.vm.instructions[{i}]");
        let m = obj(ins, &path)?;
        let kind = text(field(m, "type", &path)?, &format!("{path}.type"))?;
        let Some((_, translate)) = INSTRUCTIONS.iter().find(|(k, _)| *k == kind) else {
            let known: Vec<&str> = INSTRUCTIONS.iter().map(|(k, _)| *k).collect();
            return Err(format!("{path}.type: '{kind}' is none of {}", known.join(", ")));
        };
        translate(&mut p, &Ins { m, path })?;
    }
    let Program { mut out_vars, writes, size, .. } = p;
    // TRex splits a variable between cores by interleaving its walk, unless it says
    // split_to_cores: false or another variable moves it (next_var): then each core
    // walks all of it. Random draws are never split.
    let moved: Vec<Value> = out_vars.iter().filter_map(|v| v.get("next").cloned()).collect();
    for v in &mut out_vars {
        if matches!(v["op"].as_str(), Some("inc" | "dec" | "list" | "repeatable_random")) {
            let keep = whole.iter().any(|w| v["name"] == **w) || moved.contains(&v["name"]);
            v["split"] = json!(if keep { "whole" } else { "interleave" });
        }
    }
    if !out_vars.is_empty() {
        out.insert("vars".into(), Value::Array(out_vars));
    }
    if !writes.is_empty() {
        out.insert("writes".into(), Value::Array(writes));
    }
    if let Some(walk) = size {
        out.insert("size".into(), walk);
    }
    Ok(())
}

/// A flow variable's `next_var` (TRex sends "" for none): the variable it moves when it
/// wraps around.
fn next_var(m: &Obj, path: &str) -> Result<Option<String>, String> {
    match m.get("next_var") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => {
            let name = text(v, path)?;
            Ok((!name.is_empty()).then(|| name.to_string()))
        }
    }
}

/// TRex's multiplier object (`{"type": "raw", "op": "abs", "value": 2}`) as riptide's:
/// `raw` a factor, `pps` / `bps` (L2) / `bps_L1` / `percentage` the port's total.
pub fn multiplier(v: &Value) -> Result<Multiplier, String> {
    let p = "mul";
    let m = obj(v, p)?;
    let op = text(field(m, "op", p)?, "mul.op")?;
    if op != "abs" {
        return Err(format!(
            "mul.op: '{op}': riptide sets multipliers absolutely (abs); add and sub are not supported"
        ));
    }
    let value = float(field(m, "value", p)?, "mul.value")?;
    if value <= 0.0 {
        return Err(format!("mul.value: {value} must be positive"));
    }
    Ok(match text(field(m, "type", p)?, "mul.type")? {
        "raw" => Multiplier::Factor(value),
        "pps" => Multiplier::Total(Rate::Pps(value)),
        "bps" => Multiplier::Total(Rate::BpsL2(value)),
        "bps_L1" => Multiplier::Total(Rate::BpsL1(value)),
        "percentage" => Multiplier::Total(Rate::Percent(value)),
        t => return Err(format!("mul.type: '{t}' is none of raw, pps, bps, bps_L1, percentage")),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// 42-byte Ethernet/IPv4/UDP packet, 198.18.0.1 -> 198.19.0.1, ports 1025 -> 12.
    fn udp_b64() -> String {
        let mut f = vec![0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 8, 0];
        f.extend([0x45, 0, 0, 28, 0, 1, 0, 0, 64, 17, 0, 0, 198, 18, 0, 1, 198, 19, 0, 1]);
        let mut sum: u32 = f[14..34].chunks(2).map(|w| u32::from(u16::from_be_bytes([w[0], w[1]]))).sum();
        while sum > 0xffff {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        f[24..26].copy_from_slice(&(!(sum as u16)).to_be_bytes());
        f.extend([4, 1, 0, 12, 0, 8, 0, 0]);
        base64::engine::general_purpose::STANDARD.encode(f)
    }

    fn trex_stream(vm: Value) -> Value {
        json!({
            "enabled": true, "self_start": true, "isg": 2.5, "next_stream_id": -1, "flags": 0, "action_count": 0,
            "core_id": -1, "random_seed": 0, "start_paused": false,
            "mode": {"type": "multi_burst", "rate": {"type": "pps", "value": 100.0}, "pkts_per_burst": 5, "ibg": 10.0, "count": 3},
            "packet": {"binary": udp_b64(), "meta": ""},
            "flow_stats": {"enabled": true, "stream_id": 7, "rule_type": "latency"},
            "vm": {"instructions": vm, "split_by_var": ""}
        })
    }

    #[test]
    fn a_stream_with_a_program_becomes_riptide_keys() {
        let vm = json!([
            {"type": "flow_var", "name": "src", "size": 4, "op": "inc", "init_value": "3323068417",
             "min_value": "3323068417", "max_value": "3323068426", "step": "1"},
            {"type": "write_flow_var", "name": "src", "pkt_offset": 26, "add_value": 0, "is_big_endian": true},
            {"type": "fix_checksum_ipv4", "pkt_offset": 14},
            {"type": "tuple_flow_var", "name": "t", "ip_min": 3323068417u64, "ip_max": 3323068418u64, "port_min": 1025,
             "port_max": 1026, "limit_flows": 3, "flags": 0},
            {"type": "write_flow_var", "name": "t.port", "pkt_offset": 34, "add_value": 0, "is_big_endian": true},
            {"type": "write_mask_flow_var", "name": "src", "pkt_offset": 15, "pkt_cast_size": 1, "mask": 252, "shift": 2,
             "add_value": 1, "is_big_endian": true}
        ]);
        let s = stream(1, 4, &trex_stream(vm)).unwrap();
        assert_eq!(s.group, Some(PacketGroup { id: 7, latency: true, tpg: false }));
        let r = &s.riptide;
        assert_eq!(r["name"], "s4-p1");
        assert_eq!(r["isg"], "2500ns");
        assert_eq!(r["rate"], json!({"pps": 100.0}));
        assert_eq!(r["mode"], json!({"multi_burst": {"packets": 5, "bursts": 3, "ibg": "10us"}}));
        assert_eq!(r["latency"], json!({"id": 7}));
        assert_eq!(
            r["vars"][0],
            json!({"name": "src", "size": 4, "op": "inc", "min": 3323068417u64, "max": 3323068426u64, "init": 3323068417u64,
                   "split": "interleave"})
        );
        assert_eq!(
            r["vars"][1]["tuple"],
            json!({"ip_min": "198.18.0.1", "ip_max": "198.18.0.2", "port_min": 1025, "port_max": 1026, "limit": 3})
        );
        assert_eq!(r["writes"][0], json!({"var": "src", "offset": 26, "size": 4}));
        assert_eq!(r["writes"][1], json!({"var": "t.port", "offset": 34, "size": 2}));
        assert_eq!(r["writes"][2], json!({"var": "src", "offset": 15, "size": 1, "mask": 252, "shift": 2, "add": 1}));
        assert!(r["frame"].as_str().unwrap().starts_with("000000000002"));
    }

    /// Regression (audit): `isg: 1e30` said `18446744073709551615us`, not the value given.
    #[test]
    fn gaps_past_a_year_are_refused_with_the_value_given() {
        let mut t = trex_stream(json!([]));
        t["isg"] = json!(1e30);
        let e = stream(0, 0, &t).unwrap_err();
        assert!(e.starts_with("stream.isg: 1e30 must be microseconds, 0 to"), "{e}");
        let mut t = trex_stream(json!([]));
        t["mode"]["ibg"] = json!(-1.0);
        assert!(stream(0, 0, &t).unwrap_err().starts_with("stream.mode.ibg: -1 must be"));
    }

    #[test]
    fn trex_pads_a_range_its_step_does_not_divide() {
        let vm = json!([{"type": "flow_var", "name": "x", "size": 1, "op": "inc", "init_value": 0, "min_value": 0,
                         "max_value": 10, "step": 4}]);
        let s = stream(0, 0, &trex_stream(vm)).unwrap();
        assert_eq!(s.riptide["vars"][0]["max"], 11);
    }

    #[test]
    fn trimming_takes_the_size_walk_and_drops_the_length_writes() {
        let vm = json!([
            {"type": "flow_var", "name": "len", "size": 2, "op": "inc", "init_value": 60, "min_value": 60, "max_value": 100, "step": 1},
            {"type": "trim_pkt_size", "name": "len"},
            {"type": "write_flow_var", "name": "len", "pkt_offset": 16, "add_value": -14, "is_big_endian": true},
            {"type": "write_flow_var", "name": "len", "pkt_offset": 38, "add_value": -34, "is_big_endian": true}
        ]);
        let mut t = trex_stream(vm.clone());
        let mut big = base64::engine::general_purpose::STANDARD.decode(udp_b64()).unwrap();
        big.resize(100, 0);
        t["packet"]["binary"] = json!(base64::engine::general_purpose::STANDARD.encode(&big));
        let s = stream(0, 0, &t).unwrap();
        assert_eq!(s.riptide["size"], json!({"min": 64, "max": 104, "mode": "inc"}));
        assert!(s.riptide.get("vars").is_none() && s.riptide.get("writes").is_none(), "{}", s.riptide);
        // A write of the size anywhere else is refused.
        let mut bad = t.clone();
        bad["vm"]["instructions"][2]["pkt_offset"] = json!(18);
        assert!(stream(0, 0, &bad).unwrap_err().contains("is the packet size"));
        // A value list trimmed (udp_inc_len_list.py): its sizes in the walk's order, the
        // reversed list for dec, every second for step 2; at random, refused.
        let mut list = t.clone();
        list["vm"]["instructions"][0] =
            json!({"type": "flow_var", "name": "len", "size": 2, "op": "inc", "value_list": [96, 60, 100, 64]});
        let s = stream(0, 0, &list).unwrap();
        assert_eq!(s.riptide["size"], json!({"list": [100, 64, 104, 68]}));
        assert!(s.riptide.get("vars").is_none() && s.riptide.get("writes").is_none(), "{}", s.riptide);
        list["vm"]["instructions"][0]["op"] = json!("dec");
        list["vm"]["instructions"][0]["step"] = json!(2);
        assert_eq!(stream(0, 0, &list).unwrap().riptide["size"], json!({"list": [68, 64]}));
        list["vm"]["instructions"][0]["op"] = json!("random");
        assert!(stream(0, 0, &list).unwrap_err().contains("at random from a value list"));
        list["vm"]["instructions"][0]["op"] = json!("inc");
        list["vm"]["instructions"][0]["step"] = json!(1);
        list["vm"]["instructions"][0]["value_list"] = json!([60, 101]);
        assert!(stream(0, 0, &list).unwrap_err().contains("lists 101: trimming needs sizes from 60"));
    }

    #[test]
    fn what_riptide_cannot_honour_is_named() {
        let cases = [
            (
                json!([{"type": "flow_var", "name": "x", "size": 1, "op": "inc", "init_value": 0, "min_value": 0, "max_value": 1, "step": 1},
                       {"type": "write_flow_var", "name": "x", "pkt_offset": 26, "add_value": 0, "is_big_endian": false}]),
                "instructions[1].is_big_endian: little-endian",
            ),
            (
                json!([{"type": "write_flow_var", "name": "nope", "pkt_offset": 26, "add_value": 0, "is_big_endian": true}]),
                "instructions[0].name: 'nope' is no variable",
            ),
            (
                json!([{"type": "flow_var", "name": "x", "size": 3, "op": "inc", "init_value": 0, "min_value": 0, "max_value": 1, "step": 1}]),
                "instructions[0].size: 3",
            ),
            (
                json!([{"type": "flow_var", "name": "x", "size": 1, "op": "inc", "init_value": 0, "min_value": 0, "max_value": 300, "step": 1}]),
                "does not fit",
            ),
            (json!([{"type": "bogus"}]), "instructions[0].type: 'bogus'"),
        ];
        for (vm, want) in cases {
            let e = stream(0, 0, &trex_stream(vm)).unwrap_err();
            assert!(e.contains(want), "{e} lacks {want}");
        }
        let mut t = trex_stream(json!([]));
        t["start_paused"] = json!(true);
        assert!(stream(0, 0, &t).unwrap_err().contains("start_paused"));
        t["start_paused"] = json!(false);
        t["packet"]["binary"] = json!("!!");
        assert!(stream(0, 0, &t).unwrap_err().contains("not base64"));
    }

    /// The table holds TRex's server's whole instruction set (trex_stl_rpc_cmds.cpp's
    /// vm_types), each once; anything else is refused naming them all.
    #[test]
    fn the_instruction_table_is_trexs_vm() {
        let trex = [
            "fix_checksum_hw",
            "fix_checksum_ipv4",
            "fix_checksum_icmpv6",
            "flow_var",
            "write_flow_var",
            "tuple_flow_var",
            "trim_pkt_size",
            "write_mask_flow_var",
            "flow_var_rand_limit",
        ];
        let mut ours: Vec<&str> = INSTRUCTIONS.iter().map(|(k, _)| *k).collect();
        ours.sort_unstable();
        let mut want = trex.to_vec();
        want.sort_unstable();
        assert_eq!(ours, want);
        let e = stream(0, 0, &trex_stream(json!([{"type": "flow_var_magic", "name": "x"}]))).unwrap_err();
        assert!(e.starts_with("stream.vm.instructions[0].type: 'flow_var_magic' is none of flow_var, "), "{e}");
        assert!(trex.iter().all(|k| e.contains(k)), "{e}");
    }

    #[test]
    fn repeatable_random_is_riptides_too() {
        let vm = json!([{"type": "flow_var_rand_limit", "name": "r", "size": 2, "limit": "5", "seed": "4660", "min_value": 0, "max_value": 10},
                        {"type": "write_flow_var", "name": "r", "pkt_offset": 34, "add_value": 0, "is_big_endian": true}]);
        let s = stream(0, 0, &trex_stream(vm)).unwrap();
        assert_eq!(
            s.riptide["vars"][0],
            json!({"name": "r", "size": 2, "op": "repeatable_random", "min": 0, "max": 10, "limit": 5, "seed": 4660,
                   "split": "interleave"})
        );
        assert_eq!(s.riptide["writes"][0], json!({"var": "r", "offset": 34, "size": 2}));
    }

    /// TRex's dependent_field_engine_vars.py as TRex's client compiles it: a dec value list
    /// moves an inc variable, which moves a repeatable random, which moves another inc.
    #[test]
    fn chained_variables_and_value_lists_walking_down_become_riptides_next() {
        let vm = json!([
            {"type": "flow_var", "name": "IP_src", "size": 4, "op": "dec", "next_var": "var1", "split_to_cores": true,
             "value_list": [268435457u64, 167772161u64, 234881025u64], "step": 1},
            {"type": "flow_var", "name": "var1", "size": 1, "op": "inc", "next_var": "var2", "split_to_cores": false,
             "init_value": 97, "min_value": 97, "max_value": 99, "step": 1},
            {"type": "flow_var_rand_limit", "name": "var2", "size": 1, "limit": 4, "seed": 0, "min_value": 97,
             "max_value": 122, "split_to_cores": false, "next_var": "var3"},
            {"type": "flow_var", "name": "var3", "size": 1, "op": "inc", "next_var": null, "split_to_cores": false,
             "init_value": 97, "min_value": 97, "max_value": 98, "step": 1},
            {"type": "write_flow_var", "name": "IP_src", "pkt_offset": 26, "add_value": 0, "is_big_endian": true}
        ]);
        let s = stream(0, 0, &trex_stream(vm)).unwrap();
        let vars = &s.riptide["vars"];
        // TRex walks a dec list from its last value down: riptide the reversed list up.
        assert_eq!(vars[0]["values"], json!([234881025u64, 167772161u64, 268435457u64]));
        assert_eq!(
            (&vars[0]["next"], &vars[1]["next"], &vars[2]["next"]),
            (&json!("var1"), &json!("var2"), &json!("var3"))
        );
        assert!(vars[3].get("next").is_none(), "{}", vars[3]);
        // The head interleaves between cores (TRex's split_to_cores); what a variable moves
        // stays whole on every core.
        let splits: Vec<&Value> = (0..4).map(|k| &vars[k]["split"]).collect();
        assert_eq!(splits, [&json!("interleave"), &json!("whole"), &json!("whole"), &json!("whole")]);
        // A random list is TRex's pick from its generator; a random range is TRex's draw
        // when the stream has a random_seed, riptide's uniform one when it has none.
        let mut t = trex_stream(json!([
            {"type": "flow_var", "name": "l", "size": 1, "op": "random", "value_list": [1, 2], "step": 1},
            {"type": "flow_var", "name": "r", "size": 2, "op": "random", "init_value": 0, "min_value": 0,
             "max_value": 9, "step": 3}
        ]));
        let vars = stream(0, 0, &t).unwrap().riptide["vars"].clone();
        assert_eq!(vars[0], json!({"name": "l", "size": 1, "op": "trex_random", "values": [1, 2]}));
        assert_eq!(vars[1], json!({"name": "r", "size": 2, "op": "random", "min": 0, "max": 9, "step": 3}));
        t["random_seed"] = json!(4660);
        let vars = stream(0, 0, &t).unwrap().riptide["vars"].clone();
        assert_eq!(vars[1], json!({"name": "r", "size": 2, "op": "trex_random", "min": 0, "max": 9}));
        t["vm"]["instructions"] = json!([
            {"type": "flow_var", "name": "l", "size": 1, "op": "inc", "value_list": [1, 2, 3, 4, 5], "step": 2, "next_var": "x"}
        ]);
        assert!(stream(0, 0, &t).unwrap_err().contains("wraps more than once a cycle"));
    }

    /// TRex's load_pcap(loop_count=3) ends its chain with action_count 3: riptide's own key.
    #[test]
    fn action_count_is_riptides_too() {
        let mut t = trex_stream(json!([]));
        t["action_count"] = json!(3);
        assert_eq!(stream(0, 0, &t).unwrap().riptide["action_count"], 3);
        t["action_count"] = json!(0);
        assert!(stream(0, 0, &t).unwrap().riptide.get("action_count").is_none());
        t["action_count"] = json!(1u64 << 33);
        assert!(stream(0, 0, &t).unwrap_err().contains("stream.action_count"));
    }

    #[test]
    fn multipliers() {
        assert_eq!(multiplier(&json!({"type": "raw", "op": "abs", "value": 2})), Ok(Multiplier::Factor(2.0)));
        assert_eq!(
            multiplier(&json!({"type": "pps", "op": "abs", "value": 1e6})),
            Ok(Multiplier::Total(Rate::Pps(1e6)))
        );
        assert!(multiplier(&json!({"type": "raw", "op": "add", "value": 2})).unwrap_err().contains("abs"));
        assert!(multiplier(&json!({"type": "raw", "op": "abs", "value": 0})).is_err());
    }
}
