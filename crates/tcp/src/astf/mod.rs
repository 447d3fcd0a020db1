//! TRex ASTF profiles: the JSON TRex's Python `ASTFProfile.to_json()` writes (what its
//! client sends its server, and what riptide's own translation of TRex's profile API,
//! `python -m riptide.trex --astf`, writes) read into typed values, checked, and lowered
//! onto riptide's TCP endpoints.
//!
//! The JSON's parts, as TRex's server reads them (trex-core src/astf/astf_db.cpp):
//! `buf_list` (payloads, base64), `program_list` (`{commands: [...], stream?}`; a program
//! with `stream: false` is UDP), `ip_gen_dist_list` (address ranges, client or server),
//! `templates` (a client template: program, ip generators, destination port, cps, limit;
//! a server template: program and the ports it answers), `c_glob_info`/`s_glob_info`
//! (tunables: `tcp.mss`, `ip.ttl`, `ipv6.enable`, ...), `tg_names`.
//!
//! [`AstfProfile::parse`] keeps everything TRex's programs say, so an error can name what
//! a profile asked for. [`AstfProfile::lower`] turns it into riptide's
//! [`TcpProfile`](crate::profile::TcpProfile): per template a client (its program unrolled into
//! [`Step`]s by running TRex's variables and jumps at load time) and the server programs by
//! port. What the endpoints cannot run yet (UDP programs, time-driven jumps, template
//! switching, per-template TCP tunables) is refused there, naming the program and command.

pub mod sim;

use crate::endpoint::{ranges_meet, ClientSpec, Load, ServerSpec, Servers, Tune};
use crate::program::{Payload, Program, Recv, Step};
use base64::Engine as _;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::net::Ipv4Addr;
use std::sync::Arc;

/// A profile error, naming the file and the JSON field (or program and command).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct AstfError {
    /// The profile (or `<name>`).
    pub file: String,
    /// What was wrong, and where.
    pub message: String,
}

/// One command of a TRex ASTF program, as TRex's `ASTFProgram` methods write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `send(buf)`: queue buffer `buf` on the stream (`tx`).
    Tx(usize),
    /// `recv(bytes, clear)` (`rx`). TRex's Python writes `min_bytes` as the running total
    /// of the program's `recv`s since the last `clear`, and its server waits, per command,
    /// for that total less the one before it in the program's order (the order of the
    /// commands, whatever order loops run them in); `clear` then drops the surplus and
    /// starts the total again.
    Rx {
        /// The running total, as written.
        min_bytes: u64,
        /// Whether the bytes beyond them are forgotten.
        clear: bool,
    },
    /// `delay(usec)`.
    Delay(u64),
    /// `delay_rand(min_usec, max_usec)` (`delay_rnd`).
    DelayRand(u64, u64),
    /// `wait_for_peer_close()` (`nc`: the program does not close; the peer does).
    WaitPeerClose,
    /// `reset()`: RST.
    Reset,
    /// `connect()`: the client connects here (TRex connects before the first command).
    Connect,
    /// `set_var(id, val)`.
    SetVar(u32, u64),
    /// `jmp_nz(id, label)`: decrement variable `id`, jump by `offset` commands if not zero.
    JmpNz(u32, i64),
    /// `add_var(id, val)`: `val` TRex's signed value as its two's complement (the add wraps).
    AddVar(u32, u64),
    /// `set_tick_var(id)`: clock variable `id` is now.
    SetTick(u32),
    /// `add_tick_var(id, duration)`: clock variable `id` moves on (ns).
    AddTick(u32, u64),
    /// `jmp_dp(id, label, duration)`: jump by `offset` while less than `ns` has passed
    /// since clock variable `id`.
    JmpDp {
        /// The clock variable.
        id: u32,
        /// The jump.
        offset: i64,
        /// The duration, ns.
        ns: u64,
    },
    /// `jmp_cmp(id, label, op, val)` (and `jmp(label)`, unconditional: no `id`).
    JmpCmp {
        /// The variable (0 for `jmp`).
        id: u32,
        /// The comparison.
        cmp: crate::machine::Cmp,
        /// The value compared with.
        val: u64,
        /// The jump.
        offset: i64,
    },
    /// `set_send_blocking(block)` (`tx_mode`, flags).
    TxMode(u32),
    /// `send_msg(buf)` (UDP, `tx_msg`).
    TxMsg(usize),
    /// `recv_msg(pkts, clear)` (UDP, `rx_msg`): a running total as `rx`'s is.
    RxMsg {
        /// The running total, as written.
        min_pkts: u64,
        /// Whether the datagrams beyond them are forgotten.
        clear: bool,
    },
    /// `set_keepalive_msg(msec, rx_mode)` (UDP, `keepalive`).
    Keepalive {
        /// Idle time.
        msec: u64,
        /// Only arrivals keep the flow.
        rx_mode: bool,
    },
    /// `close_msg()` (UDP).
    CloseMsg,
    /// A command riptide reads but cannot run yet, by TRex's name (`set_template`,
    /// `exec_template`, `add_stats`, `add_tick_stats`).
    Other(String),
}

/// One program: its commands, and whether it is a TCP stream (else UDP messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AstfProgram {
    /// The commands in order.
    pub commands: Vec<Command>,
    /// TCP (true) or UDP.
    pub stream: bool,
}

impl AstfProgram {
    /// Whether the program has commands whose effect depends on time or on what ran
    /// before at run time (clocks, `add_var`, `jmp_cmp`): then it runs on a
    /// [`crate::machine::Machine`], not unrolled.
    fn decides_as_it_runs(&self) -> bool {
        self.commands.iter().any(|c| {
            matches!(
                c,
                Command::AddVar(..)
                    | Command::SetTick(_)
                    | Command::AddTick(..)
                    | Command::JmpDp { .. }
                    | Command::JmpCmp { .. }
            )
        })
    }

    /// What each `rx` (bytes) or `rx_msg` (datagrams) waits for, as TRex's server works
    /// it out when it loads a profile: its running total less the one before it in the
    /// program's order (0 after a `clear`).
    fn rx_wants(&self) -> Vec<u64> {
        let mut total = 0u64;
        self.commands
            .iter()
            .map(|c| match c {
                Command::Rx { min_bytes: min, clear } | Command::RxMsg { min_pkts: min, clear } => {
                    let want = min.saturating_sub(total);
                    total = if *clear { 0 } else { total.max(*min) };
                    want
                }
                _ => 0,
            })
            .collect()
    }
}

/// An address range of the IP generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IpGenDist {
    /// First address.
    pub start: Ipv4Addr,
    /// Last address.
    pub end: Ipv4Addr,
    /// `seq` or `rand`.
    pub sequential: bool,
    /// Client (`c`) or server (`s`) addresses.
    pub client: bool,
    /// TRex's per-port offset (added for the second port pair and on).
    pub offset: Ipv4Addr,
}

impl IpGenDist {
    /// How many addresses the range holds.
    pub fn count(&self) -> u32 {
        u32::from(self.end).wrapping_sub(u32::from(self.start)).wrapping_add(1)
    }
}

/// A client template.
#[derive(Clone, Debug, PartialEq)]
pub struct ClientTemplate {
    /// Index into the programs.
    pub program: usize,
    /// Index of the client address range.
    pub client_ips: usize,
    /// Index of the server address range.
    pub server_ips: usize,
    /// Destination port.
    pub port: u16,
    /// New connections per second.
    pub cps: f64,
    /// At most this many connections (TRex's `limit`).
    pub limit: Option<u64>,
    /// riptide's extension: the program runs over TLS (`tls`: true or the TCP profile's
    /// `tls:` settings, as JSON).
    pub tls: Option<Value>,
}

/// A server template: its program, and the ports (and addresses) it answers.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerTemplate {
    /// Index into the programs.
    pub program: usize,
    /// The ports it answers (TRex's association rules).
    pub ports: Vec<Assoc>,
    /// riptide's extension: it answers over TLS (as [`ClientTemplate::tls`]).
    pub tls: Option<Value>,
}

/// One association rule of a server template (TRex's `ASTFAssociationRule`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assoc {
    /// The port.
    pub port: u16,
    /// At every server address (`None`) or at a range of them only (`ip_start`,
    /// `ip_end`: first and count).
    pub ips: Option<(Ipv4Addr, u32)>,
    /// By L7 content too (`l7_map`).
    pub l7: Option<L7Map>,
}

/// TRex's `l7_map`: the first payload's bytes at `offsets`, masked, name the template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct L7Map {
    /// Offsets, ascending, 1 to 8.
    pub offsets: Vec<u8>,
    /// A mask per offset (255 where the profile gives none).
    pub masks: Vec<u8>,
    /// The bytes at them; `None`: the client program's first message's (TRex's rule).
    pub values: Option<Vec<u8>>,
}

/// A template: a client and the server that answers it.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The client side.
    pub client: ClientTemplate,
    /// The server side.
    pub server: ServerTemplate,
    /// The template group (1-based index into `tg_names`), 0 for none.
    pub tg_id: u32,
    /// The client side's own tunables (`glob_info`), over the profile's.
    pub client_tunables: Option<Tunables>,
    /// The server side's own tunables, over the profile's.
    pub server_tunables: Option<Tunables>,
}

/// TRex's tunables (`ASTFGlobalInfo`) that a run reads; the others are kept by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tunables {
    /// `tcp.mss`.
    pub mss: Option<u16>,
    /// `tcp.initwnd` (segments).
    pub initwnd: Option<u32>,
    /// `tcp.rxbufsize` (bytes).
    pub rxbufsize: Option<u32>,
    /// `tcp.txbufsize` (bytes).
    pub txbufsize: Option<u32>,
    /// `tcp.do_rfc1323` (window scale and timestamps).
    pub do_rfc1323: Option<bool>,
    /// `tcp.do_sack`.
    pub do_sack: Option<bool>,
    /// `ip.ttl`.
    pub ttl: Option<u8>,
    /// `ip.tos`.
    pub tos: Option<u8>,
    /// `ipv6.enable`.
    pub ipv6: bool,
    /// `ipv6.src_msb`: the client addresses' first 96 bits.
    pub ipv6_src_msb: Option<[u8; 16]>,
    /// `ipv6.dst_msb`: the server addresses' first 96 bits.
    pub ipv6_dst_msb: Option<[u8; 16]>,
    /// `tcp.no_delay_counter` (bytes).
    pub no_delay_counter: Option<u16>,
    /// `tcp.no_delay` (Nagle off; 2 also pushes every segment, which riptide does not).
    pub no_delay: Option<u8>,
    /// `tcp.cc_algo`: 0 NewReno, 1 Cubic (the whole profile's, as TRex's).
    pub cc_algo: Option<u8>,
    /// `scheduler.rampup_sec`: the flow rate climbs to the profile's in this many steps
    /// of a second each.
    pub rampup_sec: Option<u16>,
    /// Every other tunable given, as `section.name` (`tcp.no_delay`, `scheduler.rampup_sec`).
    pub other: Vec<String>,
}

/// A TRex ASTF profile.
#[derive(Clone, Debug, PartialEq)]
pub struct AstfProfile {
    /// The payloads.
    pub buffers: Vec<Arc<[u8]>>,
    /// The programs.
    pub programs: Vec<AstfProgram>,
    /// The address ranges.
    pub ip_gens: Vec<IpGenDist>,
    /// The templates.
    pub templates: Vec<Template>,
    /// The template group names.
    pub tg_names: Vec<String>,
    /// The client side's tunables.
    pub client_tunables: Tunables,
    /// The server side's tunables.
    pub server_tunables: Tunables,
}

/// The most commands one program may have, and the most steps its loops may unroll to.
pub const MAX_COMMANDS: usize = 1 << 16;

/// TRex's program variables (`apVAR_NUM_SIZE`).
pub const VARS: u32 = 2;

struct At<'a> {
    file: &'a str,
}

impl At<'_> {
    fn err(&self, path: &str, what: impl std::fmt::Display) -> AstfError {
        AstfError { file: self.file.to_string(), message: format!("{path}: {what}") }
    }

    fn obj<'v>(&self, v: &'v Value, path: &str) -> Result<&'v Map<String, Value>, AstfError> {
        v.as_object().ok_or_else(|| self.err(path, "expected an object"))
    }

    fn arr<'v>(&self, v: Option<&'v Value>, path: &str) -> Result<&'v [Value], AstfError> {
        match v {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(a)) => Ok(a),
            Some(_) => Err(self.err(path, "expected a list")),
        }
    }

    fn uint(&self, m: &Map<String, Value>, key: &str, path: &str) -> Result<u64, AstfError> {
        m.get(key)
            .ok_or_else(|| self.err(path, format!("missing `{key}`")))?
            .as_u64()
            .ok_or_else(|| self.err(&format!("{path}.{key}"), "expected a whole number at least 0"))
    }

    fn int(&self, m: &Map<String, Value>, key: &str, path: &str) -> Result<i64, AstfError> {
        m.get(key)
            .ok_or_else(|| self.err(path, format!("missing `{key}`")))?
            .as_i64()
            .ok_or_else(|| self.err(&format!("{path}.{key}"), "expected a whole number"))
    }

    fn index(&self, m: &Map<String, Value>, key: &str, path: &str, len: usize, of: &str) -> Result<usize, AstfError> {
        let i = self.uint(m, key, path)?;
        if i as usize >= len || i > u32::MAX as u64 {
            return Err(self.err(&format!("{path}.{key}"), format!("{i} is not one of the {len} {of}")));
        }
        Ok(i as usize)
    }

    fn ip(&self, m: &Map<String, Value>, key: &str, path: &str) -> Result<Ipv4Addr, AstfError> {
        let s = m
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| self.err(path, format!("missing `{key}` (an address)")))?;
        s.parse().map_err(|_| self.err(&format!("{path}.{key}"), format!("`{s}` is not an IPv4 address")))
    }
}

impl AstfProfile {
    /// Reads TRex's profile JSON; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<AstfProfile, AstfError> {
        let at = At { file };
        let root: Value =
            serde_json::from_str(text).map_err(|e| at.err(&format!("line {}", e.line()), format!("not JSON: {e}")))?;
        let root = at.obj(&root, "the profile")?;
        for key in root.keys() {
            if !matches!(
                key.as_str(),
                "buf_list"
                    | "program_list"
                    | "ip_gen_dist_list"
                    | "templates"
                    | "tg_names"
                    | "c_glob_info"
                    | "s_glob_info"
            ) {
                return Err(at.err(key, "not a field of TRex's ASTF profile"));
            }
        }
        let mut buffers = Vec::new();
        let mut total = 0usize;
        for (i, b) in at.arr(root.get("buf_list"), "buf_list")?.iter().enumerate() {
            let path = format!("buf_list[{i}]");
            let bytes = buffer(&at, b, &path)?;
            total += bytes.len();
            if total > MAX_BUFFER_BYTES {
                return Err(at.err(&path, format!("the buffers pass {} MiB", MAX_BUFFER_BYTES >> 20)));
            }
            buffers.push(Arc::from(bytes));
        }
        let mut programs = Vec::new();
        for (i, p) in at.arr(root.get("program_list"), "program_list")?.iter().enumerate() {
            programs.push(parse_program(&at, p, &format!("program_list[{i}]"), buffers.len())?);
        }
        let mut ip_gens = Vec::new();
        for (i, g) in at.arr(root.get("ip_gen_dist_list"), "ip_gen_dist_list")?.iter().enumerate() {
            let path = format!("ip_gen_dist_list[{i}]");
            let m = at.obj(g, &path)?;
            let start = at.ip(m, "ip_start", &path)?;
            let end = at.ip(m, "ip_end", &path)?;
            if u32::from(end) < u32::from(start) {
                return Err(at.err(&path, format!("ip_end {end} is below ip_start {start}")));
            }
            if u32::from(end) - u32::from(start) == u32::MAX {
                return Err(
                    at.err(&path, format!("{start}-{end}: at most 4294967295 addresses (the whole space less one)"))
                );
            }
            let sequential = match m.get("distribution").and_then(Value::as_str) {
                Some("seq") | None => true,
                Some("rand") => false,
                Some(other) => {
                    return Err(at.err(&format!("{path}.distribution"), format!("`{other}`: expected seq or rand")))
                }
            };
            let client = match m.get("dir").and_then(Value::as_str) {
                Some("c") => true,
                Some("s") => false,
                _ => return Err(at.err(&format!("{path}.dir"), "expected \"c\" (clients) or \"s\" (servers)")),
            };
            let offset =
                if m.contains_key("ip_offset") { at.ip(m, "ip_offset", &path)? } else { Ipv4Addr::UNSPECIFIED };
            ip_gens.push(IpGenDist { start, end, sequential, client, offset });
        }
        let mut tg_names = Vec::new();
        for (i, n) in at.arr(root.get("tg_names"), "tg_names")?.iter().enumerate() {
            tg_names.push(n.as_str().ok_or_else(|| at.err(&format!("tg_names[{i}]"), "expected a name"))?.to_string());
        }
        let mut templates = Vec::new();
        for (i, t) in at.arr(root.get("templates"), "templates")?.iter().enumerate() {
            templates.push(parse_template(&at, t, &format!("templates[{i}]"), &programs, &ip_gens, tg_names.len())?);
        }
        if templates.is_empty() {
            return Err(at.err("templates", "the profile has no template (no cap_list and no templates)"));
        }
        let client_tunables = parse_tunables(&at, root.get("c_glob_info"), "c_glob_info")?;
        let server_tunables = parse_tunables(&at, root.get("s_glob_info"), "s_glob_info")?;
        Ok(AstfProfile { buffers, programs, ip_gens, templates, tg_names, client_tunables, server_tunables })
    }
}

/// TRex's `l7_map`: `{"offset": [...], "mask": [...], "value": [...]}` (its Python writes
/// a bare list of offsets as the dict).
fn parse_l7_map(at: &At<'_>, v: &Value, path: &str) -> Result<L7Map, AstfError> {
    let m = at.obj(v, path)?;
    for key in m.keys() {
        if !matches!(key.as_str(), "offset" | "mask" | "value") {
            return Err(at.err(&format!("{path}.{key}"), "expected offset, mask and value"));
        }
    }
    let bytes = |key: &str| -> Result<Option<Vec<u8>>, AstfError> {
        match m.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .map(|(i, x)| {
                    x.as_u64()
                        .and_then(|x| u8::try_from(x).ok())
                        .ok_or_else(|| at.err(&format!("{path}.{key}[{i}]"), "expected 0 to 255"))
                })
                .collect::<Result<Vec<u8>, _>>()
                .map(Some),
            Some(_) => Err(at.err(&format!("{path}.{key}"), "expected a list of 0 to 255")),
        }
    };
    let offsets = bytes("offset")?.ok_or_else(|| at.err(path, "missing `offset` (the payload's bytes that decide)"))?;
    if offsets.is_empty() || offsets.len() > 8 {
        return Err(at.err(&format!("{path}.offset"), format!("{} offsets: 1 to 8", offsets.len())));
    }
    if offsets.windows(2).any(|w| w[1] < w[0]) {
        return Err(at.err(&format!("{path}.offset"), "offsets in ascending order (TRex's rule)"));
    }
    let mut masks = bytes("mask")?.unwrap_or_default();
    if masks.len() > offsets.len() {
        return Err(at.err(&format!("{path}.mask"), format!("{} masks for {} offsets", masks.len(), offsets.len())));
    }
    masks.resize(offsets.len(), 255);
    let values = bytes("value")?;
    if values.as_ref().is_some_and(|v| v.len() != offsets.len()) {
        return Err(at.err(&format!("{path}.value"), "one value per offset"));
    }
    Ok(L7Map { offsets, masks, values })
}

fn parse_program(at: &At<'_>, p: &Value, path: &str, buffers: usize) -> Result<AstfProgram, AstfError> {
    let m = at.obj(p, path)?;
    let stream = match m.get("stream") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(at.err(&format!("{path}.stream"), "expected true or false")),
    };
    if let Some(addon) = m.get("addon") {
        return Err(at.err(&format!("{path}.addon"), format!("program add-ons ({addon}) are not supported")));
    }
    let list = at.arr(m.get("commands"), &format!("{path}.commands"))?;
    if list.len() > MAX_COMMANDS {
        return Err(at.err(&format!("{path}.commands"), format!("{} commands: at most {MAX_COMMANDS}", list.len())));
    }
    let mut commands = Vec::with_capacity(list.len());
    for (k, c) in list.iter().enumerate() {
        let cpath = format!("{path}.commands[{k}]");
        let cm = at.obj(c, &cpath)?;
        let name = cm.get("name").and_then(Value::as_str).ok_or_else(|| at.err(&cpath, "missing `name`"))?;
        let var = |key: &str| -> Result<u32, AstfError> {
            let id = at.uint(cm, key, &cpath)?;
            if id >= u64::from(VARS) {
                return Err(
                    at.err(&format!("{cpath}.{key}"), format!("variable {id}: TRex has variables 0..{}", VARS - 1))
                );
            }
            Ok(id as u32)
        };
        // A jump's offset, its target inside the program (at its end: the program ends).
        let jump = || -> Result<i64, AstfError> {
            let offset = at.int(cm, "offset", &cpath)?;
            let target = k as i64 + offset;
            if target < 0 || target > list.len() as i64 {
                return Err(
                    at.err(&format!("{cpath}.offset"), format!("jumps to command {target}, outside the program"))
                );
            }
            Ok(offset)
        };
        // TRex's `duration` in seconds, as ns.
        let seconds = || -> Result<u64, AstfError> {
            let d = cm.get("duration").and_then(Value::as_f64).filter(|d| d.is_finite() && *d >= 0.0);
            let d = d.ok_or_else(|| at.err(&format!("{cpath}.duration"), "expected seconds, at least 0"))?;
            // Past 2^64 ns (584 years) is for ever.
            Ok(if d >= 1.8e10 { u64::MAX } else { (d * 1e9) as u64 })
        };
        let cmd = match name {
            "tx" => Command::Tx(at.index(cm, "buf_index", &cpath, buffers, "buffers")?),
            "rx" => Command::Rx { min_bytes: at.uint(cm, "min_bytes", &cpath)?, clear: flag(cm, "clear") },
            "delay" => Command::Delay(at.uint(cm, "usec", &cpath)?),
            "delay_rnd" => {
                let (lo, hi) = (at.uint(cm, "min_usec", &cpath)?, at.uint(cm, "max_usec", &cpath)?);
                if hi < lo {
                    return Err(at.err(&cpath, format!("delay_rand: max_usec {hi} is below min_usec {lo}")));
                }
                Command::DelayRand(lo, hi)
            }
            "nc" => Command::WaitPeerClose,
            "reset" => Command::Reset,
            "connect" => Command::Connect,
            "set_var" => Command::SetVar(var("id")?, at.uint(cm, "val", &cpath)?),
            "jmp_nz" => Command::JmpNz(var("id")?, jump()?),
            // TRex reads it signed (`asInt64`) and adds it to its unsigned variable.
            "add_var" => Command::AddVar(var("id")?, at.int(cm, "val", &cpath)? as u64),
            "set_tick_var" => Command::SetTick(var("id")?),
            "add_tick_var" => Command::AddTick(var("id")?, seconds()?),
            "jmp_dp" => Command::JmpDp { id: var("id")?, offset: jump()?, ns: seconds()? },
            "jmp_cmp" => match cm.get("cmp_op") {
                // TRex's `jmp(label)`: no variable, no comparison.
                None => Command::JmpCmp { id: 0, cmp: crate::machine::Cmp::Always, val: 0, offset: jump()? },
                Some(op) => {
                    let cmp = crate::machine::Cmp::parse(op.as_str()).filter(|c| *c != crate::machine::Cmp::Always);
                    let cmp = cmp.ok_or_else(|| {
                        at.err(&format!("{cpath}.cmp_op"), format!("{op}: expected lt, gt, eq, ge, le or ne"))
                    })?;
                    Command::JmpCmp { id: var("id")?, cmp, val: at.uint(cm, "cmp_val", &cpath)?, offset: jump()? }
                }
            },
            "tx_mode" => Command::TxMode(at.uint(cm, "flags", &cpath)? as u32),
            "tx_msg" => Command::TxMsg(at.index(cm, "buf_index", &cpath, buffers, "buffers")?),
            "rx_msg" => Command::RxMsg { min_pkts: at.uint(cm, "min_pkts", &cpath)?, clear: flag(cm, "clear") },
            "keepalive" => Command::Keepalive { msec: at.uint(cm, "msec", &cpath)?, rx_mode: flag(cm, "rx_mode") },
            "close_msg" => Command::CloseMsg,
            "add_stats" | "add_tick_stats" | "set_template" | "exec_template" => Command::Other(name.to_string()),
            other => return Err(at.err(&format!("{cpath}.name"), format!("`{other}` is not a TRex ASTF command"))),
        };
        commands.push(cmd);
    }
    Ok(AstfProgram { commands, stream })
}

fn parse_template(
    at: &At<'_>,
    t: &Value,
    path: &str,
    programs: &[AstfProgram],
    ip_gens: &[IpGenDist],
    tg_names: usize,
) -> Result<Template, AstfError> {
    let m = at.obj(t, path)?;
    let cpath = format!("{path}.client_template");
    let c = at.obj(m.get("client_template").ok_or_else(|| at.err(path, "missing `client_template`"))?, &cpath)?;
    let program = at.index(c, "program_index", &cpath, programs.len(), "programs")?;
    let gpath = format!("{cpath}.ip_gen");
    let g = at.obj(c.get("ip_gen").ok_or_else(|| at.err(&cpath, "missing `ip_gen`"))?, &gpath)?;
    let dist = |key: &str, client: bool| -> Result<usize, AstfError> {
        let dpath = format!("{gpath}.{key}");
        let d = at.obj(g.get(key).ok_or_else(|| at.err(&gpath, format!("missing `{key}`")))?, &dpath)?;
        let i = at.index(d, "index", &dpath, ip_gens.len(), "address ranges")?;
        if ip_gens[i].client != client {
            return Err(at.err(&dpath, format!("range {i} is a {} range", if client { "server" } else { "client" })));
        }
        Ok(i)
    };
    let (client_ips, server_ips) = (dist("dist_client", true)?, dist("dist_server", false)?);
    let port = at.uint(c, "port", &cpath)?;
    let port = u16::try_from(port).map_err(|_| at.err(&format!("{cpath}.port"), format!("{port} is not a port")))?;
    let cps = match c.get("cps") {
        None | Some(Value::Null) => 1.0,
        Some(v) => v
            .as_f64()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| at.err(&format!("{cpath}.cps"), "expected connections per second, a number at least 0"))?,
    };
    let limit = match c.get("limit") {
        None | Some(Value::Null) => None,
        Some(_) => Some(at.uint(c, "limit", &cpath)?),
    };
    if let Some(cluster) = c.get("cluster").and_then(Value::as_object).filter(|m| !m.is_empty()) {
        return Err(at.err(
            &format!("{cpath}.cluster"),
            format!("client clusters per template ({cluster:?}) are not supported"),
        ));
    }
    if c.get("cont").and_then(Value::as_bool) == Some(true) {
        return Err(at.err(&format!("{cpath}.cont"), "continuous templates are not supported"));
    }
    let spath = format!("{path}.server_template");
    let s = at.obj(m.get("server_template").ok_or_else(|| at.err(path, "missing `server_template`"))?, &spath)?;
    let sprogram = at.index(s, "program_index", &spath, programs.len(), "programs")?;
    let mut ports = Vec::new();
    for (k, a) in at.arr(s.get("assoc"), &format!("{spath}.assoc"))?.iter().enumerate() {
        let apath = format!("{spath}.assoc[{k}]");
        let am = at.obj(a, &apath)?;
        for key in am.keys() {
            match key.as_str() {
                "port" | "ip_start" | "ip_end" | "l7_map" => {}
                "assoc_id" => {
                    return Err(at.err(
                        &format!("{apath}.{key}"),
                        "association by id is for program add-ons, which are not supported",
                    ))
                }
                _ => return Err(at.err(&format!("{apath}.{key}"), "expected port, ip_start, ip_end and l7_map")),
            }
        }
        let p = at.uint(am, "port", &apath)?;
        let port = u16::try_from(p).map_err(|_| at.err(&format!("{apath}.port"), format!("{p} is not a port")))?;
        let ips = match (am.contains_key("ip_start"), am.contains_key("ip_end")) {
            (false, false) => None,
            (true, true) => {
                let (start, end) = (at.ip(am, "ip_start", &apath)?, at.ip(am, "ip_end", &apath)?);
                let n = u32::from(end).checked_sub(u32::from(start)).and_then(|d| d.checked_add(1));
                let n = n.ok_or_else(|| {
                    at.err(&apath, format!("ip_end {end} is below ip_start {start} (or the range is the whole space)"))
                })?;
                Some((start, n))
            }
            _ => return Err(at.err(&apath, "ip_start and ip_end come together (the range of addresses answered)")),
        };
        let l7 = match am.get("l7_map") {
            None | Some(Value::Null) => None,
            Some(v) => Some(parse_l7_map(at, v, &format!("{apath}.l7_map"))?),
        };
        ports.push(Assoc { port, ips, l7 });
    }
    if ports.is_empty() {
        return Err(at.err(&format!("{spath}.assoc"), "a server template answers at least one port"));
    }
    if programs[program].stream != programs[sprogram].stream {
        return Err(at.err(path, "the client program and the server program differ in TCP and UDP"));
    }
    let tg_id = match m.get("tg_id") {
        None | Some(Value::Null) => 0,
        Some(_) => {
            let id = at.uint(m, "tg_id", path)?;
            if id as usize > tg_names {
                return Err(
                    at.err(&format!("{path}.tg_id"), format!("{id}: the profile names {tg_names} template groups"))
                );
            }
            id as u32
        }
    };
    let own = |v: &Map<String, Value>, side: &str| -> Result<Option<Tunables>, AstfError> {
        let Some(g) = v.get("glob_info").filter(|g| !g.is_null()) else { return Ok(None) };
        let gpath = format!("{path}.{side}.glob_info");
        let t = parse_tunables(at, Some(g), &gpath)?;
        // TRex applies these per template (set_tcp_info, tcp_template_ipv4_update).
        if t.do_rfc1323.is_some()
            || t.do_sack.is_some()
            || t.cc_algo.is_some()
            || t.ipv6
            || t.rampup_sec.is_some()
            || !t.other.is_empty()
        {
            let name =
                t.other.first().map_or("tcp.do_rfc1323, tcp.do_sack, tcp.cc_algo, ipv6 or scheduler", String::as_str);
            return Err(at.err(
                &gpath,
                format!("{name}: TRex takes it for the whole profile only; per template: tcp.mss, tcp.initwnd, tcp.no_delay, tcp.no_delay_counter, tcp.rxbufsize, tcp.txbufsize, ip.ttl, ip.tos"),
            ));
        }
        Ok(Some(t))
    };
    // riptide's extension: true, false or the TCP profile's `tls:` settings (checked
    // where the programs are made, with the keys and files).
    let tls = |v: &Map<String, Value>, side: &str| -> Result<Option<Value>, AstfError> {
        match v.get("tls") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(None),
            Some(t @ (Value::Bool(true) | Value::Object(_))) => {
                if !programs[program].stream {
                    return Err(at.err(&format!("{path}.{side}.tls"), "TLS runs over TCP, and this template is UDP"));
                }
                Ok(Some(t.clone()))
            }
            Some(other) => {
                Err(at.err(&format!("{path}.{side}.tls"), format!("expected true or an object, not {other}")))
            }
        }
    };
    Ok(Template {
        client: ClientTemplate { program, client_ips, server_ips, port, cps, limit, tls: tls(c, "client_template")? },
        server: ServerTemplate { program: sprogram, ports, tls: tls(s, "server_template")? },
        tg_id,
        client_tunables: own(c, "client_template")?,
        server_tunables: own(s, "server_template")?,
    })
}

/// The most payload bytes a profile's buffers hold in all (padded ones are made whole).
pub const MAX_BUFFER_BYTES: usize = 256 << 20;

/// One `buf_list` entry: base64 text, or TRex's padded buffer `{base, size, fill}` (`size`
/// bytes: `base`, then the `fill` pattern, or bytes counting 0..255, as TRex's
/// `utl_mbuf_buffer_create_and_copy` makes them).
fn buffer(at: &At<'_>, b: &Value, path: &str) -> Result<Vec<u8>, AstfError> {
    let decode = |s: &Value, p: &str| -> Result<Vec<u8>, AstfError> {
        let s = s.as_str().ok_or_else(|| at.err(p, "expected base64 text"))?;
        base64::engine::general_purpose::STANDARD.decode(s).map_err(|e| at.err(p, format!("not base64: {e}")))
    };
    let Value::Object(m) = b else { return decode(b, path) };
    for key in m.keys() {
        if !matches!(key.as_str(), "base" | "size" | "fill") {
            return Err(at.err(&format!("{path}.{key}"), "not a field of a padded buffer (base, size, fill)"));
        }
    }
    let base = match m.get("base") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => decode(v, &format!("{path}.base"))?,
    };
    let fill = match m.get("fill") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => decode(v, &format!("{path}.fill"))?,
    };
    let size = match m.get("size") {
        None | Some(Value::Null) => base.len(),
        Some(_) => {
            let n = at.uint(m, "size", path)?;
            usize::try_from(n).ok().filter(|&n| n <= MAX_BUFFER_BYTES).ok_or_else(|| {
                at.err(&format!("{path}.size"), format!("{n}: at most {} MiB", MAX_BUFFER_BYTES >> 20))
            })?
        }
    };
    let mut out = base;
    out.truncate(size);
    // TRex's counter is a byte: the pattern's index wraps at 256.
    out.extend((0..size - out.len()).map(|k| {
        let k = k % 256;
        if fill.is_empty() {
            k as u8
        } else {
            fill[k % fill.len()]
        }
    }));
    Ok(out)
}

/// A flag TRex's Python writes as a bool or an int.
fn flag(m: &Map<String, Value>, key: &str) -> bool {
    match m.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(v) => v.as_u64().is_some_and(|n| n != 0),
        None => false,
    }
}

fn parse_tunables(at: &At<'_>, v: Option<&Value>, path: &str) -> Result<Tunables, AstfError> {
    let mut t = Tunables::default();
    let Some(v) = v.filter(|v| !v.is_null()) else { return Ok(t) };
    for (section, fields) in at.obj(v, path)? {
        let spath = format!("{path}.{section}");
        for (key, value) in at.obj(fields, &spath)? {
            let fpath = format!("{spath}.{key}");
            let num = |lo: u64, hi: u64| -> Result<u64, AstfError> {
                value
                    .as_u64()
                    .filter(|n| (lo..=hi).contains(n))
                    .ok_or_else(|| at.err(&fpath, format!("expected {lo}..{hi}")))
            };
            match (section.as_str(), key.as_str()) {
                ("tcp", "mss") => t.mss = Some(num(10, 9 * 1024)? as u16),
                ("tcp", "initwnd") => t.initwnd = Some(num(1, 20)? as u32),
                ("tcp", "rxbufsize") => t.rxbufsize = Some(num(1024, 1 << 30)? as u32),
                ("tcp", "txbufsize") => t.txbufsize = Some(num(1024, 1 << 30)? as u32),
                ("tcp", "do_rfc1323") => t.do_rfc1323 = Some(num(0, 1)? == 1),
                ("tcp", "do_sack") => t.do_sack = Some(num(0, 1)? == 1),
                // TRex keeps the TTL at 127 at most and the TOS's low bit clear.
                ("ip", "ttl") => t.ttl = Some(num(0, 255)?.min(0x7f) as u8),
                ("ip", "tos") => t.tos = Some(num(0, 255)? as u8 & !1),
                ("ipv6", "enable") => t.ipv6 = num(0, 1)? == 1,
                ("tcp", "no_delay_counter") => t.no_delay_counter = Some(num(0, 65533)? as u16),
                ("tcp", "no_delay") => t.no_delay = Some(num(0, 3)? as u8),
                ("tcp", "cc_algo") => t.cc_algo = Some(num(0, 1)? as u8),
                (
                    "tcp",
                    "delay_ack_msec" | "keepinit" | "keepidle" | "keepintvl" | "rexmtthresh" | "blackhole" | "do_ecn"
                    | "reass_maxqlen",
                )
                | ("ip", "dont_use_inbound_mac")
                | ("scheduler", "accurate") => t.other.push(format!("{section}.{key}")),
                ("ipv6", "src_msb" | "dst_msb") => {
                    let bytes: Option<Vec<u8>> = value
                        .as_array()
                        .map(|a| a.iter().map(|b| b.as_u64().and_then(|b| u8::try_from(b).ok())).collect())
                        .unwrap_or(None);
                    let msb: [u8; 16] = bytes
                        .and_then(|b| b.try_into().ok())
                        .ok_or_else(|| at.err(&fpath, "expected an IPv6 address as 16 bytes"))?;
                    if key == "src_msb" {
                        t.ipv6_src_msb = Some(msb);
                    } else {
                        t.ipv6_dst_msb = Some(msb);
                    }
                }
                // TRex asserts at 1 (its ramp needs two steps).
                ("scheduler", "rampup_sec") => t.rampup_sec = Some(num(2, 65535)? as u16),
                _ => return Err(at.err(&fpath, "not one of TRex's tunables")),
            }
        }
    }
    Ok(t)
}

/// What [`AstfProfile::lower`] gives: riptide's endpoints' specs.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// One client per template, in template order.
    pub clients: Vec<ClientSpec>,
    /// The server programs by port.
    pub server: ServerSpec,
    /// The client side's TCP settings and IP header (the profile's tunables).
    pub client_tune: Tune,
    /// The server side's.
    pub server_tune: Tune,
}

impl AstfProfile {
    /// The profile as riptide's client and server specs: each template's client program
    /// and each server program unrolled into steps, addresses and ports from the ranges,
    /// TCP settings from the tunables (each template's over the profile's, on every
    /// client and listening port). `base` is what the tunables change.
    pub fn lower(&self, file: &str, base: &Tune) -> Result<Lowered, AstfError> {
        self.lower_with(file, base, &crate::tls_doc::ParseOptions::default())
    }

    /// [`AstfProfile::lower`] with what TLS templates take: the key log, and where
    /// certificate files named relative to the profile are.
    pub fn lower_with(
        &self,
        file: &str,
        base: &Tune,
        opts: &crate::tls_doc::ParseOptions,
    ) -> Result<Lowered, AstfError> {
        let err = |message: String| AstfError { file: file.to_string(), message };
        let c_tune = self.client_tunables.apply(base).map_err(|m| err(format!("c_glob_info: {m}")))?;
        let mut s_tune = self.server_tunables.apply(base).map_err(|m| err(format!("s_glob_info: {m}")))?;
        if let (Some(v6), None) = (c_tune.ip.v6, s_tune.ip.v6) {
            // TRex's server answers IPv6 with the addresses it learns from the client.
            s_tune.ip.v6 = Some(v6.mirrored());
            if self.server_tunables.ttl.is_none() {
                s_tune.ip.ttl = 64;
            }
        }
        let mut compiled: Vec<Option<Arc<Program>>> = vec![None; self.programs.len()];
        let mut program = |i: usize| -> Result<Arc<Program>, AstfError> {
            if let Some(p) = &compiled[i] {
                return Ok(p.clone());
            }
            let p = if self.programs[i].decides_as_it_runs() {
                Arc::new(self.machine(i).map_err(|m| err(format!("program_list[{i}]: {m}")))?)
            } else {
                let steps = self.steps(i).map_err(|m| err(format!("program_list[{i}]: {m}")))?;
                Arc::new(Program::compile(&steps).map_err(|e| err(format!("program_list[{i}]: {e}")))?)
            };
            compiled[i] = Some(p.clone());
            Ok(p)
        };
        let mut clients = Vec::new();
        let mut server = ServerSpec::default();
        // Beside each of `server.listen` and `server.listen_at`: its plain program and TLS settings.
        let mut answered: Vec<(Arc<Program>, Option<Value>)> = Vec::new();
        let mut answered_at: Vec<(Arc<Program>, Option<Value>)> = Vec::new();
        for (i, t) in self.templates.iter().enumerate() {
            let own = |t: &Option<Tunables>, side: Tune, name: &str| match t {
                None => Ok(side),
                Some(t) => t.apply(&side).map_err(|m| err(format!("templates[{i}].{name}.glob_info: {m}"))),
            };
            let group = u16::try_from(t.tg_id)
                .map_err(|_| err(format!("templates[{i}].tg_id: {}: too many groups", t.tg_id)))?;
            let c_own = Tune { group, ..own(&t.client_tunables, c_tune, "client_template")? };
            let s_own = Tune { group, ..own(&t.server_tunables, s_tune, "server_template")? };
            let c = &t.client;
            let (cr, sr) = (&self.ip_gens[c.client_ips], &self.ip_gens[c.server_ips]);
            // Servers: every address of the range, used in turn; TRex pairs them with
            // clients by its generator, which riptide's pool does not copy.
            let servers = Servers::Range { first: sr.start, count: sr.count(), port: c.port };
            clients.push(ClientSpec {
                ips: (cr.start, cr.count()),
                ports: (1025, 65535),
                port_stride: 1,
                port_offset: 0,
                servers,
                program: crate::tls_doc::tls_json(program(c.program)?, c.tls.as_ref(), false, opts)
                    .map_err(|m| err(format!("templates[{i}].client_template.tls{m}")))?,
                load: Load::Open { cps: c.cps },
                limit: c.limit,
                tune: Some(c_own),
                ramp_up_ns: 0,
                phase_ns: 0,
            });
            let plain = program(t.server.program)?;
            // A server program over TLS is made once per template; a port that two
            // templates name needs the same program and the same TLS.
            let sp = crate::tls_doc::tls_json(plain.clone(), t.server.tls.as_ref(), true, opts)
                .map_err(|m| err(format!("templates[{i}].server_template.tls{m}")))?;
            let datagram = plain.is_datagram();
            let no_group = |t: Tune| Tune { group: 0, ..t };
            for assoc in &t.server.ports {
                let (port, ips) = (assoc.port, assoc.ips);
                let here = format!("templates[{i}].server_template.assoc");
                // The rules of the same kind (TCP or UDP) at this port.
                let kind = |a: &&crate::endpoint::ListenAt| a.port == port && a.program.is_datagram() == datagram;
                if let Some(map) = &assoc.l7 {
                    // Answered by the first payload's bytes (TRex's association by L7
                    // content): at the rule's addresses, else the template's servers'.
                    if t.server.tls.is_some() {
                        return Err(err(format!(
                            "{here}.l7_map: TLS under association by L7 content is not supported"
                        )));
                    }
                    let ips = ips.unwrap_or((sr.start, sr.count()));
                    let bytes = match &map.values {
                        Some(v) => v.clone(),
                        None => {
                            self.first_message_bytes(c.program, map).map_err(|m| err(format!("{here}.l7_map: {m}")))?
                        }
                    };
                    let rule: Vec<(u8, u8)> = map.offsets.iter().copied().zip(map.masks.iter().copied()).collect();
                    let value = bytes.iter().zip(&map.masks).fold(0u64, |v, (b, m)| v << 8 | u64::from(b & m));
                    let mut twice = false;
                    for (k, b) in
                        server.listen_at.iter().enumerate().filter(|(_, b)| kind(b) && ranges_meet(b.ips, ips))
                    {
                        if b.tune.map(no_group) != Some(no_group(s_own)) {
                            return Err(err(format!(
                                "{here}: port {port} is shared with other tunables (TRex's server needs them equal until the payload names the template)"
                            )));
                        }
                        let Some(x) = &b.l7 else { continue };
                        if b.ips != ips || x.rule != rule {
                            return Err(err(format!(
                                "{here}.l7_map: port {port}'s rules by L7 content meet at {}/{} with other addresses, offsets or masks (TRex's rules share them)",
                                ips.0, ips.1
                            )));
                        }
                        if x.value == value {
                            if !Arc::ptr_eq(&answered_at[k].0, &plain) {
                                return Err(err(format!(
                                    "{here}.l7_map: port {port}: value {value:#x} is answered by another server program"
                                )));
                            }
                            twice = true;
                        }
                    }
                    if twice {
                        continue;
                    }
                    if server.listen.iter().any(|l| l.0 == port && l.1.is_datagram() == datagram) {
                        return Err(err(format!(
                            "{here}: port {port} is answered at every address and, by L7 content, at some"
                        )));
                    }
                    server.listen_at.push(crate::endpoint::ListenAt {
                        port,
                        ips,
                        program: sp.clone(),
                        tune: Some(s_own),
                        l7: Some(crate::endpoint::L7Match { rule, value }),
                    });
                    answered_at.push((plain.clone(), t.server.tls.clone()));
                    if !server.ips.contains(&ips) {
                        server.ips.push(ips);
                    }
                    continue;
                }
                if let Some(ips) = ips {
                    // Answered at a range of the server's addresses only (TRex's association
                    // by address): two templates on one port at different addresses.
                    let same = server.listen_at.iter().position(|a| kind(&a) && a.l7.is_none() && a.ips == ips);
                    if let Some(k) = same {
                        let (program, tls) = &answered_at[k];
                        if Arc::ptr_eq(program, &plain) && *tls == t.server.tls {
                            continue;
                        }
                    }
                    let meets = |a: &crate::endpoint::ListenAt| kind(&a) && a.l7.is_none() && ranges_meet(a.ips, ips);
                    let plain_port = server.listen.iter().any(|l| l.0 == port && l.1.is_datagram() == datagram);
                    if same.is_some() || server.listen_at.iter().any(meets) || plain_port {
                        return Err(err(format!(
                            "templates[{i}].server_template.assoc: port {port} at {}/{} is answered by another server program there too",
                            ips.0, ips.1
                        )));
                    }
                    // Beside rules by L7 content there, the same tunables.
                    let content = |a: &&crate::endpoint::ListenAt| kind(a) && a.l7.is_some() && ranges_meet(a.ips, ips);
                    if server.listen_at.iter().filter(content).any(|a| a.tune.map(no_group) != Some(no_group(s_own))) {
                        return Err(err(format!(
                            "{here}: port {port} is shared with other tunables (TRex's server needs them equal until the payload names the template)"
                        )));
                    }
                    server.listen_at.push(crate::endpoint::ListenAt {
                        port,
                        ips,
                        program: sp.clone(),
                        tune: Some(s_own),
                        l7: None,
                    });
                    answered_at.push((plain.clone(), t.server.tls.clone()));
                    if !server.ips.contains(&ips) {
                        server.ips.push(ips);
                    }
                    continue;
                }
                if server.listen_at.iter().any(|a| kind(&a)) {
                    return Err(err(format!(
                        "templates[{i}].server_template.assoc: port {port} is answered at every address and, by another server program, at some"
                    )));
                }
                if let Some(k) = server.listen.iter().position(|(p, _)| *p == port) {
                    let (program, tls) = &answered[k];
                    if !Arc::ptr_eq(program, &plain) || *tls != t.server.tls {
                        return Err(err(format!("templates[{i}]: two server programs answer port {port}")));
                    }
                    // The port's connections count in the group of the template that named it first.
                    if server.tunes.iter().any(|(p, t)| *p == port && Tune { group, ..*t } != s_own) {
                        return Err(err(format!(
                            "templates[{i}].server_template.glob_info: port {port} is answered with other tunables by an earlier template"
                        )));
                    }
                    continue;
                }
                server.listen.push((port, sp.clone()));
                answered.push((plain.clone(), t.server.tls.clone()));
                server.tunes.push((port, s_own));
            }
            let range = (sr.start, sr.count());
            if !server.ips.contains(&range) {
                server.ips.push(range);
            }
        }
        Ok(Lowered { clients, server, client_tune: c_tune, server_tune: s_tune })
    }

    /// The bytes at `map`'s offsets of client program `i`'s first message, as TRex takes
    /// them for an `l7_map` without values: a TCP program's first `send` (refused if it
    /// receives first); a UDP program's messages, which must agree there.
    fn first_message_bytes(&self, i: usize, map: &L7Map) -> Result<Vec<u8>, String> {
        let p = &self.programs[i];
        let mut messages = Vec::new();
        for c in &p.commands {
            match c {
                Command::Rx { .. } if p.stream && messages.is_empty() => {
                    return Err("the client program receives before it sends: TRex's rule needs it to send first".into())
                }
                Command::Tx(b) | Command::TxMsg(b) => {
                    messages.push(&self.buffers[*b]);
                    if p.stream {
                        break;
                    }
                }
                _ => {}
            }
        }
        let first =
            messages.first().ok_or("the client program sends nothing to take the values from (give `value`)")?;
        let at = |m: &[u8], k: usize| -> Result<u8, String> {
            let o = usize::from(map.offsets[k]);
            m.get(o)
                .map(|b| b & map.masks[k])
                .ok_or_else(|| format!("offset {o}: the client's message has {} bytes", m.len()))
        };
        let values = (0..map.offsets.len()).map(|k| at(first, k)).collect::<Result<Vec<u8>, String>>()?;
        for m in &messages[1..] {
            for (k, v) in values.iter().enumerate() {
                if at(m, k)? != *v {
                    return Err(format!(
                        "offset {}: the client's messages differ there (a UDP flow's every datagram must agree, as TRex's)",
                        map.offsets[k]
                    ));
                }
            }
        }
        Ok(values)
    }

    /// Program `i` for [`crate::machine`]: TRex's commands one for one, its jumps and
    /// clocks run by each connection (a program with `set_tick_var`, `jmp_dp`, `add_var`
    /// or `jmp_cmp`).
    fn machine(&self, i: usize) -> Result<Program, String> {
        use crate::machine::Instr;
        let p = &self.programs[i];
        if !p.stream {
            return Err("clock, variable and jump commands (set_tick_var, jmp_dp, add_var, jmp_cmp) run in TCP \
                        programs only: this one is UDP"
                .into());
        }
        let rx_wants = p.rx_wants();
        // The instruction each command starts at (one each, but a leading `connect`).
        let mut at = Vec::with_capacity(p.commands.len() + 1);
        let mut n = 0u32;
        for (k, c) in p.commands.iter().enumerate() {
            at.push(n);
            n += u32::from(!(k == 0 && *c == Command::Connect));
        }
        at.push(n);
        let to = |k: usize, offset: i64| at[(k as i64 + offset) as usize];
        let mut payloads: Vec<Payload> = Vec::new();
        let mut payload_of: HashMap<usize, u32> = HashMap::new();
        let mut code = Vec::with_capacity(p.commands.len());
        for (k, cmd) in p.commands.iter().enumerate() {
            let here = format!("commands[{k}]");
            code.push(match cmd {
                Command::Connect if k == 0 => continue,
                Command::Connect => return Err(format!("{here}: connect after the first command is not supported")),
                Command::Tx(b) => Instr::Send(*payload_of.entry(*b).or_insert_with(|| {
                    payloads.push(Payload::Bytes(self.buffers[*b].clone()));
                    payloads.len() as u32 - 1
                })),
                Command::Rx { clear, .. } => Instr::Recv { want: rx_wants[k], clear: *clear },
                Command::Delay(us) => Instr::Delay(us.saturating_mul(1000)),
                Command::DelayRand(lo, hi) => Instr::DelayRand(lo.saturating_mul(1000), hi.saturating_mul(1000)),
                Command::WaitPeerClose => Instr::WaitPeerClose,
                Command::Reset => Instr::Reset,
                // Flag 1: non-blocking.
                Command::TxMode(flags) => Instr::Blocking(flags & 1 == 0),
                Command::SetVar(id, val) => Instr::SetVar(*id as u8, *val),
                Command::AddVar(id, val) => Instr::AddVar(*id as u8, *val),
                Command::SetTick(id) => Instr::SetTick(*id as u8),
                Command::AddTick(id, ns) => Instr::AddTick(*id as u8, *ns),
                Command::JmpNz(id, offset) => Instr::JmpNz { var: *id as u8, to: to(k, *offset) },
                Command::JmpDp { id, offset, ns } => Instr::JmpDp { var: *id as u8, ns: *ns, to: to(k, *offset) },
                Command::JmpCmp { id, cmp, val, offset } => {
                    Instr::JmpCmp { var: *id as u8, cmp: *cmp, val: *val, to: to(k, *offset) }
                }
                Command::TxMsg(_) | Command::RxMsg { .. } | Command::Keepalive { .. } | Command::CloseMsg => {
                    return Err(format!("{here}: a UDP command in a TCP program"))
                }
                Command::Other(name) => return Err(format!("{here}: `{name}` is not supported yet")),
            });
        }
        Program::machine(code, payloads).map_err(|e| e.to_string())
    }

    /// Program `i` as riptide's steps: TRex's variables and jumps run now, so loops
    /// become their unrolled bodies (as riptide's `Loop` would), and the end of a TCP
    /// program closes as TRex's does.
    fn steps(&self, i: usize) -> Result<Vec<Step>, String> {
        let p = &self.programs[i];
        let rx_wants = p.rx_wants();
        let mut steps = Vec::new();
        let mut vars = [0u64; VARS as usize];
        // TRex's sends block by default: the command ends when its bytes are acknowledged.
        let mut blocking = true;
        let mut pc = 0usize;
        let mut budget = crate::program::MAX_OPS;
        while let Some(cmd) = p.commands.get(pc) {
            budget = budget.checked_sub(1).ok_or_else(|| {
                format!(
                    "its loops run more than {} commands; riptide unrolls loops when it loads them",
                    crate::program::MAX_OPS
                )
            })?;
            let here = format!("commands[{pc}]");
            let udp_only = matches!(
                cmd,
                Command::TxMsg(_) | Command::RxMsg { .. } | Command::Keepalive { .. } | Command::CloseMsg
            );
            let tcp_only = matches!(
                cmd,
                Command::Tx(_)
                    | Command::Rx { .. }
                    | Command::WaitPeerClose
                    | Command::Reset
                    | Command::Connect
                    | Command::TxMode(_)
            );
            if (udp_only && p.stream) || (tcp_only && !p.stream) {
                let (this, other) = if p.stream { ("TCP", "a UDP") } else { ("UDP", "a TCP") };
                return Err(format!("{here}: {other} command in a {this} program"));
            }
            match cmd {
                Command::TxMsg(b) => steps.push(Step::SendMsg(Payload::Bytes(self.buffers[*b].clone()))),
                Command::RxMsg { .. } => {
                    let want = rx_wants[pc];
                    if want > 0 {
                        let n =
                            u32::try_from(want).map_err(|_| format!("{here}: recv_msg of more than 2^32 datagrams"))?;
                        steps.push(Step::RecvMsgs(n));
                    }
                }
                Command::Keepalive { msec, rx_mode } => {
                    steps.push(Step::Keepalive { ns: msec.saturating_mul(1_000_000), rx_only: *rx_mode })
                }
                Command::CloseMsg => {
                    steps.push(Step::Close);
                    return Ok(steps);
                }
                Command::Tx(b) => {
                    steps.push(Step::Send(Payload::Bytes(self.buffers[*b].clone())));
                    if blocking {
                        steps.push(Step::WaitAcked);
                    }
                }
                Command::Rx { .. } => {
                    let want = rx_wants[pc];
                    if want > 0 {
                        let n = u32::try_from(want).map_err(|_| format!("{here}: recv of more than 4 GiB"))?;
                        steps.push(Step::Recv(Recv::Bytes(n)));
                    }
                }
                Command::Delay(us) => steps.push(Step::Delay(us.saturating_mul(1000))),
                Command::DelayRand(lo, hi) => {
                    steps.push(Step::DelayRand { min: lo.saturating_mul(1000), max: hi.saturating_mul(1000) })
                }
                Command::WaitPeerClose => {
                    steps.push(Step::WaitPeerClose);
                    return Ok(steps);
                }
                Command::Reset => {
                    steps.push(Step::Reset);
                    return Ok(steps);
                }
                // TRex's connect(): the program waits until the handshake is done (its
                // CONNECT_WAIT), here as waiting for the SYN's acknowledgement.
                Command::Connect if pc == 0 => steps.push(Step::WaitAcked),
                // Flag 1: non-blocking (continue while the bytes are on their way).
                Command::TxMode(flags) => blocking = flags & 1 == 0,
                Command::SetVar(id, val) => vars[*id as usize] = *val,
                Command::JmpNz(id, offset) => {
                    let v = &mut vars[*id as usize];
                    *v = v.wrapping_sub(1);
                    if *v != 0 {
                        pc = (pc as i64 + offset) as usize;
                        continue;
                    }
                }
                Command::Connect => return Err(format!("{here}: connect after the first command is not supported")),
                Command::AddVar(..)
                | Command::SetTick(_)
                | Command::AddTick(..)
                | Command::JmpDp { .. }
                | Command::JmpCmp { .. } => {
                    // decides_as_it_runs sends these programs to the machine.
                    return Err(format!("{here}: a clock, variable or jump command where none was expected"));
                }
                Command::Other(name) => return Err(format!("{here}: `{name}` is not supported yet")),
            }
            pc += 1;
        }
        steps.push(Step::Close);
        Ok(steps)
    }
}

impl Tunables {
    /// `base` with these tunables applied.
    pub fn apply(&self, base: &Tune) -> Result<Tune, String> {
        let mut ip = base.ip;
        if self.ipv6 {
            // TRex's IPv6: each IPv4 address of the generator in the low 32 bits after the
            // msb prefixes, hop limit 64 (its IPv6 template's) unless ip.ttl says.
            let prefix = |m: Option<[u8; 16]>| {
                let mut p = [0u8; 12];
                p.copy_from_slice(&m.unwrap_or([0; 16])[..12]);
                p
            };
            ip.v6 =
                Some(crate::frame::V6Prefixes { local: prefix(self.ipv6_src_msb), remote: prefix(self.ipv6_dst_msb) });
            ip.ttl = 64;
        }
        // TRex's ttl 0 is its default.
        if let Some(ttl) = self.ttl.filter(|&t| t > 0) {
            ip.ttl = ttl;
        }
        if let Some(tos) = self.tos {
            ip.tos = tos;
        }
        let mut c = base.tcp;
        if let Some(mss) = self.mss {
            // TRex's mss is the payload of a segment with timestamps; riptide's is the
            // MSS option (TRex's 1460 default is both).
            c.mss = mss;
        }
        if let Some(w) = self.initwnd {
            c.initial_cwnd = w;
        }
        if let Some(rx) = self.rxbufsize {
            c.rcv_wnd = rx;
        }
        if let Some(tx) = self.txbufsize {
            c.snd_buf = tx;
        }
        if let Some(n) = self.no_delay_counter {
            c.ack_every_bytes = n;
        }
        if let Some(n) = self.no_delay {
            c.nagle = n & 1 == 0;
        }
        if let Some(on) = self.do_rfc1323 {
            c.window_scaling = on;
            c.timestamps = on;
        }
        if let Some(on) = self.do_sack {
            c.sack = on;
        }
        if let Some(a) = self.cc_algo {
            c.cc = if a == 1 { crate::cc::CcAlgo::Cubic } else { crate::cc::CcAlgo::NewReno };
        }
        Ok(Tune { tcp: c, ip, group: base.group })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conn::TcpConfig;

    fn b64(s: &str) -> String {
        base64::engine::general_purpose::STANDARD.encode(s)
    }

    fn profile(programs: &str, extra: &str) -> String {
        format!(
            r#"{{"buf_list": ["{}", "{}"],
            "ip_gen_dist_list": [
              {{"ip_start": "198.18.0.1", "ip_end": "198.18.0.10", "distribution": "seq", "dir": "c", "ip_offset": "1.0.0.0"}},
              {{"ip_start": "198.19.0.1", "ip_end": "198.19.0.2", "distribution": "seq", "dir": "s", "ip_offset": "1.0.0.0"}}],
            "program_list": {programs},
            "templates": [{{"client_template": {{"program_index": 0, "ip_gen": {{"dist_client": {{"index": 0}}, "dist_server": {{"index": 1}}}},
                "cluster": {{}}, "port": 80, "cps": 2.5{extra}}},
              "server_template": {{"program_index": 1, "assoc": [{{"port": 80}}]}}}}],
            "tg_names": []}}"#,
            b64("GET"),
            b64("200 OK")
        )
    }

    const HTTP: &str = r#"[{"commands": [{"name": "tx", "buf_index": 0}, {"name": "rx", "min_bytes": 6}]},
                           {"commands": [{"name": "rx", "min_bytes": 3}, {"name": "tx", "buf_index": 1}]}]"#;

    #[test]
    fn reads_a_request_response_profile() {
        let p = AstfProfile::parse(&profile(HTTP, ", \"limit\": 7"), "x.py").unwrap();
        assert_eq!(p.buffers[1].as_ref(), b"200 OK");
        assert_eq!(p.programs[0].commands, vec![Command::Tx(0), Command::Rx { min_bytes: 6, clear: false }]);
        assert_eq!(p.templates[0].client.cps, 2.5);
        assert_eq!(p.templates[0].client.limit, Some(7));
        assert_eq!(p.templates[0].server.ports, vec![Assoc { port: 80, ips: None, l7: None }]);
        assert_eq!(p.ip_gens[0].count(), 10);
        let low = p.lower("x.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap();
        assert_eq!(low.clients.len(), 1);
        let c = &low.clients[0];
        assert_eq!(c.ips, (Ipv4Addr::new(198, 18, 0, 1), 10));
        assert_eq!(c.servers, Servers::Range { first: Ipv4Addr::new(198, 19, 0, 1), count: 2, port: 80 });
        assert_eq!(c.load, Load::Open { cps: 2.5 });
        assert_eq!(c.program.send_len(), 3);
        assert_eq!(c.program.recv_len(), Some(6));
        assert_eq!(low.server.listen.len(), 1);
        assert_eq!(low.server.listen[0].1.send_len(), 6);
        assert_eq!(low.server.ips, vec![(Ipv4Addr::new(198, 19, 0, 1), 2)]);
    }

    #[test]
    fn loops_of_variables_and_jumps_unroll() {
        // TRex's http_manual_commands_loop shape: set_var 0 = 3; label: tx; jmp_nz 0 label.
        let progs = r#"[{"commands": [{"name": "tx", "buf_index": 0}, {"name": "rx", "min_bytes": 18}]},
            {"commands": [{"name": "rx", "min_bytes": 3}, {"name": "set_var", "id": 0, "val": 3},
                          {"name": "tx", "buf_index": 1}, {"name": "delay_rnd", "min_usec": 10, "max_usec": 20},
                          {"name": "jmp_nz", "id": 0, "offset": -2}, {"name": "nc"}]}]"#;
        let p = AstfProfile::parse(&profile(progs, ""), "x.py").unwrap();
        let steps = p.steps(1).unwrap();
        let sends = steps.iter().filter(|s| matches!(s, Step::Send(_))).count();
        let delays = steps.iter().filter(|s| matches!(s, Step::DelayRand { min: 10_000, max: 20_000 })).count();
        assert_eq!((sends, delays), (3, 3));
        assert_eq!(steps.last(), Some(&Step::WaitPeerClose));
        assert_eq!(p.steps(0).unwrap().last(), Some(&Step::Close));
    }

    #[test]
    fn a_recv_waits_for_its_share_of_the_running_total() {
        // TRex's Python writes recv(100), recv(150) as 100 and 250; clear starts again; a
        // total below the one before waits for nothing, as TRex's server reads it.
        let progs = r#"[{"commands": [{"name": "rx", "min_bytes": 100}, {"name": "rx", "min_bytes": 250, "clear": true},
                          {"name": "rx", "min_bytes": 40}, {"name": "rx", "min_bytes": 30}]},
                        {"commands": []}]"#;
        let p = AstfProfile::parse(&profile(progs, ""), "x.py").unwrap();
        let recvs: Vec<Step> = p.steps(0).unwrap().into_iter().filter(|s| matches!(s, Step::Recv(_))).collect();
        assert_eq!(
            recvs,
            vec![Step::Recv(Recv::Bytes(100)), Step::Recv(Recv::Bytes(150)), Step::Recv(Recv::Bytes(40))]
        );
    }

    #[test]
    fn clocks_and_comparisons_run_on_a_machine_one_instruction_per_command() {
        use crate::machine::{Cmp, Instr};
        // TRex's http_eflow4 server, a leading connect, jmp (no variable) and jmp_lt.
        let progs = r#"[{"commands": [{"name": "connect"}, {"name": "tx", "buf_index": 0},
                          {"name": "set_tick_var", "id": 1}, {"name": "rx", "min_bytes": 6, "clear": true},
                          {"name": "jmp_dp", "id": 1, "offset": -1, "duration": 2.5}, {"name": "add_var", "id": 0, "val": -3},
                          {"name": "jmp_cmp", "id": 0, "offset": 2, "cmp_op": "lt", "cmp_val": 20},
                          {"name": "jmp_cmp", "offset": 2}, {"name": "add_tick_var", "id": 1, "duration": 0.001},
                          {"name": "tx_mode", "flags": 1}, {"name": "reset"}]},
            {"commands": [{"name": "rx", "min_bytes": 3}]}]"#;
        let p = AstfProfile::parse(&profile(progs, ""), "x.py").unwrap();
        let low = p.lower("x.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap();
        let c = &low.clients[0].program;
        assert!(c.is_machine());
        assert_eq!(
            c.code(),
            [
                Instr::Send(0),
                Instr::SetTick(1),
                Instr::Recv { want: 6, clear: true },
                Instr::JmpDp { var: 1, ns: 2_500_000_000, to: 2 },
                // TRex's add_var is signed: -3 wraps.
                Instr::AddVar(0, (-3i64) as u64),
                Instr::JmpCmp { var: 0, cmp: Cmp::Lt, val: 20, to: 7 },
                Instr::JmpCmp { var: 0, cmp: Cmp::Always, val: 0, to: 8 },
                Instr::AddTick(1, 1_000_000),
                Instr::Blocking(false),
                Instr::Reset,
            ]
        );
        assert_eq!(c.payload(0), Some(&Payload::Bytes(Arc::from(&b"GET"[..]))));
        // The server's program has none of them: unrolled as before.
        assert!(!low.server.listen[0].1.is_machine());
        // A UDP program with a clock, and bad comparisons and durations, are refused by name.
        let udp = r#"[{"stream": false, "commands": [{"name": "set_tick_var", "id": 0}, {"name": "tx_msg", "buf_index": 0}]},
            {"stream": false, "commands": [{"name": "rx_msg", "min_pkts": 1}]}]"#;
        let e = AstfProfile::parse(&profile(udp, ""), "x.py")
            .unwrap()
            .lower("x.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
            .unwrap_err();
        assert!(e.message.contains("program_list[0]: clock, variable and jump commands"), "{e}");
        for (cmd, want) in [
            (
                r#"{"name": "jmp_cmp", "id": 0, "offset": 0, "cmp_op": "lte", "cmp_val": 1}"#,
                "commands[0].cmp_op: \"lte\": expected lt",
            ),
            (r#"{"name": "jmp_dp", "id": 0, "offset": 0, "duration": -1}"#, "commands[0].duration: expected seconds"),
            (r#"{"name": "set_tick_var", "id": 2}"#, "commands[0].id: variable 2"),
            (r#"{"name": "jmp_dp", "id": 0, "offset": 2, "duration": 1}"#, "commands[0].offset: jumps to command 2"),
        ] {
            let progs = format!(r#"[{{"commands": [{cmd}]}}, {{"commands": []}}]"#);
            let e = AstfProfile::parse(&profile(&progs, ""), "x.py").unwrap_err();
            assert!(e.message.contains(want), "{cmd}: {e}");
        }
    }

    #[test]
    fn an_endless_loop_is_refused_not_run() {
        let progs = r#"[{"commands": [{"name": "set_var", "id": 1, "val": 0}, {"name": "tx", "buf_index": 0},
                          {"name": "jmp_nz", "id": 1, "offset": -1}]},
            {"commands": [{"name": "rx", "min_bytes": 3}]}]"#;
        let p = AstfProfile::parse(&profile(progs, ""), "x.py").unwrap();
        let e = p.lower("x.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap_err();
        assert!(e.message.contains("program_list[0]: its loops run more than"), "{e}");
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            (
                profile(r#"[{"commands": [{"name": "tx", "buf_index": 5}]}, {"commands": []}]"#, ""),
                "program_list[0].commands[0].buf_index: 5 is not one of the 2 buffers",
            ),
            (
                profile(r#"[{"commands": [{"name": "fly"}]}, {"commands": []}]"#, ""),
                "program_list[0].commands[0].name: `fly` is not a TRex ASTF command",
            ),
            (
                profile(r#"[{"commands": [{"name": "jmp_nz", "id": 0, "offset": -4}]}, {"commands": []}]"#, ""),
                "program_list[0].commands[0].offset: jumps to command -4, outside the program",
            ),
            (
                profile(r#"[{"commands": [{"name": "set_var", "id": 2, "val": 1}]}, {"commands": []}]"#, ""),
                "program_list[0].commands[0].id: variable 2: TRex has variables 0..1",
            ),
            (
                profile(HTTP, r#", "cps": "fast""#).replace(r#""cps": 2.5, "#, ""),
                "templates[0].client_template.cps: expected connections per second",
            ),
            (
                profile(HTTP, "").replace("198.18.0.10", "198.17.0.1"),
                "ip_gen_dist_list[0]: ip_end 198.17.0.1 is below ip_start",
            ),
            (profile(HTTP, "").replace("\"tg_names\"", "\"tg_nmes\""), "tg_nmes: not a field of TRex's ASTF profile"),
            (profile(HTTP, "").replace("\"index\": 1", "\"index\": 0"), "dist_server: range 0 is a client range"),
        ];
        for (text, want) in cases {
            let e = AstfProfile::parse(&text, "p.py").unwrap_err();
            assert_eq!(e.file, "p.py");
            assert!(e.message.contains(want), "{} does not contain {want}", e.message);
        }
    }

    #[test]
    fn udp_programs_become_datagram_programs() {
        // recv_msg's running totals (3, then 4) become waits of 3 and 1, as TRex's server
        // reads them; keepalive in ms.
        let udp = r#"[{"commands": [{"name": "keepalive", "msec": 250, "rx_mode": true}, {"name": "tx_msg", "buf_index": 0},
                                    {"name": "rx_msg", "min_pkts": 3}, {"name": "rx_msg", "min_pkts": 4, "clear": true},
                                    {"name": "close_msg"}], "stream": false},
                      {"commands": [{"name": "rx_msg", "min_pkts": 1}, {"name": "tx_msg", "buf_index": 1}], "stream": false}]"#;
        let p = AstfProfile::parse(&profile(udp, ""), "u.py").unwrap();
        assert_eq!(p.programs[0].commands[0], Command::Keepalive { msec: 250, rx_mode: true });
        assert_eq!(
            p.steps(0).unwrap(),
            vec![
                Step::Keepalive { ns: 250_000_000, rx_only: true },
                Step::SendMsg(Payload::Bytes(p.buffers[0].clone())),
                Step::RecvMsgs(3),
                Step::RecvMsgs(1),
                Step::Close,
            ]
        );
        let low = p.lower("u.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap();
        assert!(low.clients[0].program.is_datagram());
        assert!(low.server.listen[0].1.is_datagram());
        // A stream command in a UDP program is refused, naming it.
        let mixed = udp.replacen(r#"{"name": "close_msg"}"#, r#"{"name": "tx", "buf_index": 0}"#, 1);
        let e = AstfProfile::parse(&profile(&mixed, ""), "u.py")
            .unwrap()
            .lower("u.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
            .unwrap_err();
        assert!(e.message.contains("program_list[0]: commands[4]: a TCP command in a UDP program"), "{e}");
    }

    #[test]
    fn padded_buffers_are_made_as_trex_makes_them() {
        let at = At { file: "p.py" };
        let b = |v: &str| buffer(&at, &serde_json::from_str(v).unwrap(), "buf_list[0]");
        assert_eq!(b(&format!(r#"{{"base": "{}", "size": 5}}"#, b64("ab"))).unwrap(), [b'a', b'b', 0, 1, 2]);
        assert_eq!(b(&format!(r#"{{"base": "", "size": 4, "fill": "{}"}}"#, b64("xyz"))).unwrap(), b"xyzx");
        let long = b(r#"{"size": 300}"#).unwrap();
        assert_eq!((long[255], long[256], long[299]), (255, 0, 43));
        assert!(b(r#"{"size": 99999999999}"#).unwrap_err().to_string().contains("buf_list[0].size"));
        assert!(b(r#"{"bas": ""}"#).unwrap_err().to_string().contains("buf_list[0].bas"));
        assert!(b("7").unwrap_err().to_string().contains("base64"));
    }

    #[test]
    fn what_cannot_run_yet_is_refused_by_name() {
        let stats = r#"[{"commands": [{"name": "set_tick_var", "id": 0}, {"name": "add_tick_stats", "stats_id": 0, "var_id": 0}]},
                     {"commands": []}]"#;
        let e = AstfProfile::parse(&profile(stats, ""), "t.py")
            .unwrap()
            .lower("t.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
            .unwrap_err();
        assert!(e.message.contains("program_list[0]: commands[1]: `add_tick_stats` is not supported yet"), "{e}");
    }

    #[test]
    fn tunables_set_the_tcp_configuration() {
        let text = profile(HTTP, "").replace(
            "\"tg_names\": []",
            r#""tg_names": [], "c_glob_info": {"tcp": {"mss": 1400, "initwnd": 4, "rxbufsize": 65536, "no_delay": 1}, "ip": {"ttl": 200, "tos": 3}}"#,
        );
        let p = AstfProfile::parse(&text, "x.py").unwrap();
        assert_eq!(p.client_tunables.ttl, Some(127));
        assert_eq!(p.client_tunables.tos, Some(2));
        assert_eq!(p.client_tunables.no_delay, Some(1));
        assert!(p.client_tunables.other.is_empty());
        let low = p.lower("x.py", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap();
        assert_eq!(
            (low.client_tune.tcp.mss, low.client_tune.tcp.initial_cwnd, low.client_tune.tcp.rcv_wnd),
            (1400, 4, 65536)
        );
        assert_eq!(low.server_tune.tcp.mss, TcpConfig::default().mss);
        let bad =
            profile(HTTP, "").replace("\"tg_names\": []", r#""tg_names": [], "s_glob_info": {"tcp": {"mss": 5}}"#);
        let e = AstfProfile::parse(&bad, "x.py").unwrap_err();
        assert!(e.message.contains("s_glob_info.tcp.mss: expected 10..9216"), "{e}");
    }

    /// TRex's `tcp.cc_algo` (0 NewReno, 1 Cubic) sets the algorithm; 2 is refused as TRex
    /// refuses it.
    #[test]
    fn cc_algo_picks_the_congestion_control() {
        let base = Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 };
        for (n, want) in [(0, crate::cc::CcAlgo::NewReno), (1, crate::cc::CcAlgo::Cubic)] {
            let glob = format!(
                r#""tg_names": [], "c_glob_info": {{"tcp": {{"cc_algo": {n}}}}}, "s_glob_info": {{"tcp": {{"cc_algo": {n}}}}}"#
            );
            let text = profile(HTTP, "").replace("\"tg_names\": []", &glob);
            let low = AstfProfile::parse(&text, "x.py").unwrap().lower("x.py", &base).unwrap();
            assert_eq!((low.client_tune.tcp.cc, low.server_tune.tcp.cc), (want, want));
        }
        let bad =
            profile(HTTP, "").replace("\"tg_names\": []", r#""tg_names": [], "c_glob_info": {"tcp": {"cc_algo": 2}}"#);
        let e = AstfProfile::parse(&bad, "x.py").unwrap_err();
        assert!(e.message.contains("c_glob_info.tcp.cc_algo: expected 0..1"), "{e}");
    }

    /// riptide's extension: `tls` on a template's client and server runs their programs
    /// over TLS; bad settings are refused naming the template and the field.
    #[test]
    fn tls_on_a_template_runs_its_programs_over_tls() {
        let base = Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 };
        let with = |client: &str, server: &str| {
            profile(HTTP, &format!(", \"tls\": {client}"))
                .replace(r#""assoc": [{"port": 80}]}"#, &format!(r#""assoc": [{{"port": 80}}], "tls": {server}}}"#))
        };
        let text = with(r#"{"version": "1.3", "sni": "dut.test"}"#, r#"{"cert": "ecdsa-p256"}"#);
        let low = AstfProfile::parse(&text, "x.py").unwrap().lower("x.py", &base).unwrap();
        assert!(matches!(low.clients[0].program.tls(), Some(crate::tls::TlsSpec::Client { .. })));
        assert!(matches!(low.server.listen[0].1.tls(), Some(crate::tls::TlsSpec::Server(_))));
        // `true` is TLS with the defaults; none, or false, plain TCP as TRex's profiles run.
        let low = AstfProfile::parse(&with("true", "false"), "x.py").unwrap().lower("x.py", &base).unwrap();
        assert!(low.clients[0].program.tls().is_some() && low.server.listen[0].1.tls().is_none());
        let plain = AstfProfile::parse(&profile(HTTP, ""), "x.py").unwrap().lower("x.py", &base).unwrap();
        assert!(plain.clients[0].program.tls().is_none() && plain.server.listen[0].1.tls().is_none());
        for (client, server, want) in [
            ("5", "true", "templates[0].client_template.tls: expected true or an object, not 5"),
            (r#"{"version": "1.1"}"#, "true", "templates[0].client_template.tls.version: `1.1`: expected 1.2, 1.3"),
            ("true", r#"{"bogus": 1}"#, "templates[0].server_template.tls: unknown field `bogus`"),
            (r#"{"cert": "rsa2048"}"#, "true", "templates[0].client_template.tls.cert: a client presents no"),
            ("true", r#"{"cert": {"cert": "/etc/hostname", "key": "k"}}"#, "certificate files are read only from"),
        ] {
            let e = match AstfProfile::parse(&with(client, server), "x.py") {
                Err(e) => e,
                Ok(p) => p.lower("x.py", &base).unwrap_err(),
            };
            assert!(e.to_string().contains(want), "{client} / {server}: {e}");
        }
    }
}
