//! TRex's tagged packet groups (TPG): a stream's arrivals counted by the VLAN they carry.
//!
//! `enable_tpg` sets the VLAN list (its tags: Dot1Q or QinQ; a tag's id is its place in
//! the list) and the receiving ports; a stream with `STLTaggedPktGroup(tpgid)` then runs
//! as a riptide tagged stream counted `by_vlan` (the engine's receivers count each
//! arrival under its VLAN's group, with TRex's sequence counters), and the getters
//! answer TRex's shapes from the engine's snapshots: the running run's counts plus
//! those of the runs before it, less what a clear set aside. One context at a time (TRex
//! keeps one per user, on disjoint ports).
//!
//! TRex's enable and disable go through states its client polls (`get_tpg_state`):
//! riptide allocates nothing up front, so each step is done when answered.

use super::*;
use riptide_measure::vlan::{Slot, VlanCounts, VlanKey, MAX_GROUPS, MAX_UNKNOWN};

/// TRex's `TPGState` values.
pub(super) mod state {
    pub(in crate::server) const DISABLED: u64 = 0;
    pub(in crate::server) const ENABLED_CP_RX: u64 = 2;
    pub(in crate::server) const ENABLED: u64 = 3;
    pub(in crate::server) const DISABLED_DP_RX: u64 = 5;
}

/// tpgids a context may count (riptide's packet groups are 16 bits).
pub(super) const MAX_TPGIDS: u64 = 65_536;

/// Receive counts by (rx port, tpgid, slot).
type RxCounts = BTreeMap<(u16, u16, Slot), VlanCounts>;
/// Transmit counts (packets, bytes with FCS) by (tx port, tpgid).
type TxCounts = BTreeMap<(u16, u16), [u64; 2]>;

/// One user's TPG context.
#[derive(Debug)]
pub(super) struct Tpg {
    user: String,
    acquired: Vec<usize>,
    rx_ports: Vec<usize>,
    num_tpgids: u64,
    /// By tag id; `None`: a tag `update_tpg_tags` invalidated.
    pub(super) tags: Vec<Option<VlanKey>>,
    pub(super) state: u64,
    /// Counts of the runs that ended under this context.
    rx_base: RxCounts,
    tx_base: TxCounts,
    /// What the clears set aside (subtracted from the totals).
    rx_cleared: RxCounts,
    tx_cleared: TxCounts,
    /// Unknown VLANs seen, by port (tpgid with each), at most [`MAX_UNKNOWN`] a port.
    unknown: BTreeMap<u16, Vec<(VlanKey, u16)>>,
    /// Unknown VLANs of the runs so far that a clear set aside.
    unknown_cleared: Vec<(u16, VlanKey, u16)>,
}

/// A stream's tpg counts from a snapshot (`groups`: the run's packet groups by name).
fn counts_of(s: &Snapshot, groups: &HashMap<String, PacketGroup>) -> (RxCounts, TxCounts, Vec<(u16, VlanKey, u16)>) {
    let (mut rx, mut tx, mut unknown) = (RxCounts::new(), TxCounts::new(), Vec::new());
    for st in &s.streams {
        let Some(g) = groups.get(&st.name).filter(|g| g.tpg) else { continue };
        let t = tx.entry((st.port, g.id)).or_default();
        t[0] += st.opackets;
        t[1] += st.obytes + FCS_LEN as u64 * st.opackets;
        let Some(r) = &st.rx else { continue };
        for v in &r.vlans {
            let slot = match (v.group, v.unknown) {
                (Some(g), _) => Slot::Group(g),
                (None, true) => Slot::Unknown,
                (None, false) => Slot::Untagged,
            };
            let c = VlanCounts {
                packets: v.rx_packets,
                // TRex counts a frame's bytes with its FCS.
                bytes: v.rx_bytes + FCS_LEN as u64 * v.rx_packets,
                seq_err: v.seq_err,
                seq_err_too_big: v.seq_err_too_big,
                seq_err_too_small: v.seq_err_too_small,
                dup: v.duplicates,
                ooo: v.out_of_order,
                expected: 0,
            };
            rx.entry((v.port.min(usize::from(u16::MAX)) as u16, g.id, slot)).or_default().merge(&c);
        }
        for u in &r.unknown_vlans {
            let key = match u.vids[..] {
                [a] => VlanKey::Dot1q(a),
                [a, b] => VlanKey::Qinq(a, b),
                _ => continue,
            };
            unknown.push((u.port.min(usize::from(u16::MAX)) as u16, key, g.id));
        }
    }
    (rx, tx, unknown)
}

fn tag_json(k: Option<&VlanKey>) -> Value {
    match k {
        Some(VlanKey::Dot1q(v)) => json!({"type": "Dot1Q", "value": {"vlan": v}}),
        Some(VlanKey::Qinq(a, b)) => json!({"type": "QinQ", "value": {"vlans": [a, b]}}),
        None => Value::Null,
    }
}

fn counts_json(c: &VlanCounts, sequenced: bool) -> Value {
    let mut v = json!({"pkts": c.packets, "bytes": c.bytes});
    if sequenced {
        v["seq_err"] = json!(c.seq_err);
        v["seq_err_too_big"] = json!(c.seq_err_too_big);
        v["seq_err_too_small"] = json!(c.seq_err_too_small);
        v["ooo"] = json!(c.ooo);
        v["dup"] = json!(c.dup);
    }
    v
}

/// A parameter that must be an unsigned integer up to `max`.
fn uint_param(p: &Params, key: &str, max: u64) -> Result<u64, Failure> {
    let v = p.get(key).ok_or_else(|| bad(format!("{key}: missing")))?;
    v.as_u64().filter(|&n| n <= max).ok_or_else(|| bad(format!("{key}: {v}: an integer from 0 to {max} expected")))
}

fn flag(p: &Params, key: &str) -> Result<bool, Failure> {
    match p.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(bad(format!("{key}: {v}: true or false expected"))),
    }
}

/// A list of port ids (each a port of this server, at most one entry per port).
fn port_list(p: &Params, key: &str, ports: usize) -> Result<Vec<usize>, Failure> {
    let list = p.get(key).and_then(Value::as_array).ok_or_else(|| bad(format!("{key}: a list of ports expected")))?;
    let mut out = Vec::with_capacity(list.len().min(ports));
    for (i, v) in list.iter().enumerate() {
        let port = v
            .as_u64()
            .filter(|&n| (n as usize) < ports)
            .ok_or_else(|| bad(format!("{key}[{i}]: {v} is no port of this server")))? as usize;
        if !out.contains(&port) {
            out.push(port);
        }
    }
    Ok(out)
}

/// One tag of `enable_tpg`'s list.
fn tag_of(i: usize, t: &Value) -> Result<VlanKey, Failure> {
    let at = |m: &str| exec(format!("tags[{i}]: {m}"));
    let vid = |v: &Value| -> Result<u16, Failure> {
        v.as_u64()
            .filter(|n| (1..=4094).contains(n))
            .map(|n| n as u16)
            .ok_or_else(|| at(&format!("VLAN {v}: a VID from 1 to 4094 expected")))
    };
    let value = t.get("value").ok_or_else(|| at("value: missing"))?;
    match t.get("type").and_then(Value::as_str) {
        Some("Dot1Q") => Ok(VlanKey::Dot1q(vid(value.get("vlan").ok_or_else(|| at("value.vlan: missing"))?)?)),
        Some("QinQ") => match value.get("vlans").and_then(Value::as_array).map(Vec::as_slice) {
            Some([a, b]) => Ok(VlanKey::Qinq(vid(a)?, vid(b)?)),
            _ => Err(at("QinQ must contain 2 Vlans!")),
        },
        _ => Err(at(&format!("type {}: Dot1Q or QinQ expected", t.get("type").unwrap_or(&Value::Null)))),
    }
}

impl Trex {
    /// TRex's TPG methods; `None` for any other.
    pub(super) fn tpg_method(&mut self, method: &str, p: &Params) -> Option<Result<Value, Failure>> {
        Some(match method {
            "enable_tpg" => self.enable_tpg(p),
            "disable_tpg" => self.disable_tpg(p),
            "get_tpg_state" => {
                let user = p.get("username").and_then(Value::as_str).unwrap_or_default();
                Ok(json!(self.tpg.as_ref().filter(|t| t.user == user).map_or(state::DISABLED, |t| t.state)))
            }
            "get_tpg_status" => self.tpg_status(p),
            "get_tpg_tags" => self.tpg_tags(p),
            "get_tpg_stats" => self.tpg_stats(p),
            "get_tpg_tx_stats" => self.tpg_tx_stats(p),
            "clear_tpg_stats" => self.clear_tpg_stats(p),
            "clear_tpg_tx_stats" => self.clear_tpg_tx_stats(p),
            "get_tpg_unknown_tags" => self.tpg_unknown_tags(p),
            "update_tpg_tags" => self.update_tpg_tags(p),
            "clear_updated" => self.clear_updated(p),
            "clear_tpg_unknown_tags" => self.clear_tpg_unknown_tags(p),
            _ => return None,
        })
    }

    fn enable_tpg(&mut self, p: &Params) -> Result<Value, Failure> {
        let user = p.get("username").and_then(Value::as_str).ok_or_else(|| bad("username: missing"))?;
        if let Some(t) = &mut self.tpg {
            if t.user != user {
                return Err(exec(format!(
                    "Tagged Packet Group is enabled by '{}' on ports {:?}: riptide keeps one context at a time",
                    t.user, t.acquired
                )));
            }
            // The second call: the data plane (nothing to allocate in riptide).
            if t.state != state::ENABLED_CP_RX {
                return Err(exec("Tagged Packet Grouping is already enabled for this user!"));
            }
            t.state = state::ENABLED;
            return Ok(json!({}));
        }
        let n = self.ports.len();
        let acquired = port_list(p, "ports", n)?;
        let rx_ports = port_list(p, "rx_ports", n)?;
        for &port in &acquired {
            if self.owner_name(port) != user {
                return Err(exec(format!("port {port} is not acquired by '{user}'")));
            }
        }
        if let Some(port) = rx_ports.iter().find(|p| !acquired.contains(p)) {
            return Err(exec(format!("Rx Ports must be acquired! (port {port})")));
        }
        let num_tpgids = uint_param(p, "num_tpgids", MAX_TPGIDS)?;
        let list = p.get("tags").and_then(Value::as_array).ok_or_else(|| bad("tags: a list expected"))?;
        if list.len() > MAX_GROUPS {
            return Err(exec(format!("tags: {} tags, at most {MAX_GROUPS}", list.len())));
        }
        let mut tags = Vec::with_capacity(list.len());
        for (i, t) in list.iter().enumerate() {
            let key = tag_of(i, t)?;
            if tags.contains(&Some(key)) {
                return Err(exec(format!("tags[{i}]: {key} already exists")));
            }
            tags.push(Some(key));
        }
        self.tpg = Some(Tpg {
            user: user.to_string(),
            acquired,
            rx_ports,
            num_tpgids,
            tags,
            state: state::ENABLED_CP_RX,
            rx_base: RxCounts::new(),
            tx_base: TxCounts::new(),
            rx_cleared: RxCounts::new(),
            tx_cleared: TxCounts::new(),
            unknown: BTreeMap::new(),
            unknown_cleared: Vec::new(),
        });
        Ok(json!({}))
    }

    fn disable_tpg(&mut self, p: &Params) -> Result<Value, Failure> {
        let user = p.get("username").and_then(Value::as_str).ok_or_else(|| bad("username: missing"))?;
        match &mut self.tpg {
            Some(t) if t.user == user && t.state == state::DISABLED_DP_RX => self.tpg = None,
            Some(t) if t.user == user => t.state = state::DISABLED_DP_RX,
            _ => return Err(exec("Tagged Packet Group is not enabled.")),
        }
        Ok(json!({}))
    }

    fn tpg_status(&mut self, p: &Params) -> Result<Value, Failure> {
        let user = p.get("username").and_then(Value::as_str).filter(|u| !u.is_empty());
        let t = match (user, p.get("port_id")) {
            (Some(_), Some(_)) => {
                return Err(exec("Should provide only one between port_id and username to get TPG status"))
            }
            (None, None) => {
                return Err(exec("Should provide at least one between port_id and username to get TPG status"))
            }
            (None, Some(_)) => {
                let port = self.port(p)?;
                self.tpg.as_ref().filter(|t| t.acquired.contains(&port))
            }
            (Some(u), None) => self.tpg.as_ref().filter(|t| t.user == u),
        };
        Ok(match t {
            Some(t) => json!({"enabled": t.state == state::ENABLED, "data": {
                "acquired_ports": t.acquired, "rx_ports": t.rx_ports, "username": t.user,
                "num_tpgids": t.num_tpgids, "num_tags": t.tags.len()}}),
            None => json!({"enabled": false, "data": {"acquired_ports": [], "rx_ports": [], "username": "-",
                                                        "num_tpgids": 0, "num_tags": 0}}),
        })
    }

    /// The enabled context a getter reads: the user's, or the port's.
    fn tpg_of(&self, p: &Params) -> Result<&Tpg, Failure> {
        let t = match (p.get("username").and_then(Value::as_str), p.get("port_id")) {
            (Some(u), _) => self.tpg.as_ref().filter(|t| t.user == u),
            (None, Some(_)) => {
                let port = self.port(p)?;
                self.tpg.as_ref().filter(|t| t.acquired.contains(&port))
            }
            (None, None) => self.tpg.as_ref(),
        };
        t.filter(|t| t.state == state::ENABLED).ok_or_else(|| exec("Tagged Packet Group is not enabled."))
    }

    fn tpg_tags(&mut self, p: &Params) -> Result<Value, Failure> {
        let t = self.tpg_of(p)?;
        let n = t.tags.len() as u64;
        let min = uint_param(p, "min_tag", n)? as usize;
        let max = uint_param(p, "max_tag", n)? as usize;
        if min > max {
            return Err(exec(format!("min_tag {min} is above max_tag {max}")));
        }
        Ok(Value::Array(t.tags[min..max].iter().map(|k| tag_json(k.as_ref())).collect()))
    }

    /// The context's port `port` collecting (rx) or sending (tx), and its tpgid.
    fn tpg_port(&self, p: &Params, rx: bool) -> Result<(usize, u16), Failure> {
        let port = self.port(p)?;
        let t = self.tpg.as_ref().filter(|t| t.state == state::ENABLED);
        let t = t.ok_or_else(|| exec("Tagged Packet Group is not enabled."))?;
        if rx && !t.rx_ports.contains(&port) {
            return Err(exec(format!("port {port} does not collect Tagged Packet Group stats")));
        }
        if !rx && !t.acquired.contains(&port) {
            return Err(exec(format!("port {port} is not a port of the Tagged Packet Group context")));
        }
        let tpgid = uint_param(p, "tpgid", u64::from(u32::MAX))?;
        if tpgid >= t.num_tpgids {
            return Err(exec(format!(
                "Invalid tpgid {tpgid}. The maximal tpgid allowed for this port is {}",
                t.num_tpgids.saturating_sub(1)
            )));
        }
        Ok((port, tpgid as u16))
    }

    /// The counts so far: the ended runs' and the running one's, less what was cleared.
    fn tpg_totals(&mut self) -> (RxCounts, TxCounts) {
        let current = match (self.run.is_some(), self.snapshot()) {
            (true, Some(s)) => self.run.as_ref().map(|r| counts_of(&s, &r.groups)),
            _ => None,
        };
        let Some(t) = &self.tpg else { return Default::default() };
        let (mut rx, mut tx) = (t.rx_base.clone(), t.tx_base.clone());
        if let Some((r, x, _)) = &current {
            for (k, c) in r {
                rx.entry(*k).or_default().merge(c);
            }
            for (k, c) in x {
                let e = tx.entry(*k).or_default();
                e[0] += c[0];
                e[1] += c[1];
            }
        }
        for (k, c) in rx.iter_mut() {
            if let Some(z) = t.rx_cleared.get(k) {
                *c = c.since(z);
            }
        }
        for (k, c) in tx.iter_mut() {
            if let Some(z) = t.tx_cleared.get(k) {
                *c = [c[0].saturating_sub(z[0]), c[1].saturating_sub(z[1])];
            }
        }
        (rx, tx)
    }

    fn tpg_stats(&mut self, p: &Params) -> Result<Value, Failure> {
        let (port, tpgid) = self.tpg_port(p, true)?;
        let n = self.tpg.as_ref().map_or(0, |t| t.tags.len()) as u64;
        let min = uint_param(p, "min_tag", n)? as u16;
        let max = uint_param(p, "max_tag", n)? as u16;
        let (unknown, untagged) = (flag(p, "unknown_tag")?, flag(p, "untagged")?);
        if min > max {
            return Err(exec(format!("min_tag {min} is above max_tag {max}")));
        }
        let (rx, _) = self.tpg_totals();
        let get = |slot: Slot| rx.get(&(port as u16, tpgid, slot)).copied().unwrap_or_default();
        let mut out = Map::new();
        if max > min {
            // One section: the tags from min on whose counts equal min's (TRex's compression).
            let first = get(Slot::Group(min)).figures();
            let mut end = min + 1;
            while end < max && get(Slot::Group(end)).figures() == first {
                end += 1;
            }
            let key = if end == min + 1 { min.to_string() } else { format!("{min}-{}", end - 1) };
            out.insert(key, counts_json(&get(Slot::Group(min)), true));
        }
        if untagged {
            out.insert("untagged".into(), counts_json(&get(Slot::Untagged), true));
        }
        if unknown {
            out.insert("unknown_tag".into(), counts_json(&get(Slot::Unknown), false));
        }
        Ok(json!({ port.to_string(): { tpgid.to_string(): out } }))
    }

    fn tpg_tx_stats(&mut self, p: &Params) -> Result<Value, Failure> {
        let (port, tpgid) = self.tpg_port(p, false)?;
        let (_, tx) = self.tpg_totals();
        let c = tx.get(&(port as u16, tpgid)).copied().unwrap_or_default();
        Ok(json!({ port.to_string(): { tpgid.to_string(): {"pkts": c[0], "bytes": c[1]} } }))
    }

    fn clear_tpg_stats(&mut self, p: &Params) -> Result<Value, Failure> {
        let (port, tpgid) = self.tpg_port(p, true)?;
        let n = self.tpg.as_ref().map_or(0, |t| t.tags.len()) as u64;
        let min = uint_param(p, "min_tag", n)? as u16;
        let mut slots: Vec<Slot> = match p.get("tag_list") {
            Some(Value::Array(list)) => {
                let mut v = Vec::with_capacity(list.len().min(n as usize));
                for (i, t) in list.iter().enumerate() {
                    let tag = t.as_u64().filter(|&x| x < n).ok_or_else(|| {
                        bad(format!("tag_list[{i}]: {t}: a tag from 0 to {} expected", n.saturating_sub(1)))
                    })?;
                    v.push(Slot::Group(tag as u16));
                }
                v
            }
            _ => {
                let max = uint_param(p, "max_tag", n)? as u16;
                (min..max).map(Slot::Group).collect()
            }
        };
        if flag(p, "unknown_tag")? {
            slots.push(Slot::Unknown);
        }
        if flag(p, "untagged")? {
            slots.push(Slot::Untagged);
        }
        self.clear_rx(port as u16, &[tpgid], &slots);
        Ok(json!({}))
    }

    /// Sets aside what `tpgids` counted on `port` under `slots` (what is counted from
    /// now on: the totals less this).
    fn clear_rx(&mut self, port: u16, tpgids: &[u16], slots: &[Slot]) {
        let (rx, _) = self.tpg_totals();
        let Some(t) = &mut self.tpg else { return };
        for &tpgid in tpgids {
            for &s in slots {
                let key = (port, tpgid, s);
                if let Some(c) = rx.get(&key) {
                    t.rx_cleared.entry(key).or_default().merge(c);
                }
            }
        }
    }

    /// TRex's `update_tpg_tags`: tag ids get new VLANs, or none (`type` null), in order.
    /// riptide sets a run's VLAN groups when it starts: an update while traffic runs is
    /// refused.
    fn update_tpg_tags(&mut self, p: &Params) -> Result<Value, Failure> {
        let user = p.get("username").and_then(Value::as_str).ok_or_else(|| bad("username: missing"))?;
        if self.run.is_some() {
            return Err(exec("riptide sets the VLAN groups when traffic starts: stop the traffic to update the tags"));
        }
        let list = p.get("tags").and_then(Value::as_array).ok_or_else(|| bad("tags: a list expected"))?;
        let t = self.tpg.as_ref().filter(|t| t.user == user && t.state == state::ENABLED);
        let t = t.ok_or_else(|| exec("Tagged Packet Group is not enabled."))?;
        let mut tags = t.tags.clone();
        for (i, u) in list.iter().take(MAX_GROUPS + 1).enumerate() {
            let id =
                u.get("tag_id").and_then(Value::as_u64).filter(|&x| (x as usize) < tags.len()).ok_or_else(|| {
                    exec(format!("tags[{i}].tag_id: a tag id from 0 to {} expected", tags.len().saturating_sub(1)))
                })? as usize;
            let key = match u.get("type") {
                None | Some(Value::Null) => None,
                Some(_) => Some(tag_of(i, u)?),
            };
            if let Some(k) = key.filter(|k| tags.iter().enumerate().any(|(j, x)| j != id && *x == Some(*k))) {
                return Err(exec(format!("tags[{i}]: {k} is another tag's: invalidate that one first")));
            }
            tags[id] = key;
        }
        if let Some(t) = &mut self.tpg {
            t.tags = tags;
        }
        Ok(json!({}))
    }

    /// TRex's `clear_updated`: the counts of the updated tags of tpgids `min_tpgid` to
    /// `max_tpgid` on a port (TRex's client asks 2,048 counters at a time).
    fn clear_updated(&mut self, p: &Params) -> Result<Value, Failure> {
        let port = self.port(p)?;
        let t = self.tpg_of(p)?;
        let (n, tags) = (t.num_tpgids, t.tags.len() as u64);
        let min = uint_param(p, "min_tpgid", n)?;
        let max = uint_param(p, "max_tpgid", n)?;
        let list = p.get("tag_list").and_then(Value::as_array).ok_or_else(|| bad("tag_list: a list expected"))?;
        if min >= max {
            return Err(exec(format!("min_tpgid {min} must be below max_tpgid {max}")));
        }
        if (max - min).saturating_mul(list.len() as u64) > 65_536 {
            return Err(exec("clear_updated: at most 65,536 counters a call (tpgids x tags)"));
        }
        let mut slots = Vec::with_capacity(list.len());
        for (i, v) in list.iter().enumerate() {
            let tag = v
                .as_u64()
                .filter(|&x| x < tags)
                .ok_or_else(|| bad(format!("tag_list[{i}]: {v}: a tag id expected")))?;
            slots.push(Slot::Group(tag as u16));
        }
        let tpgids: Vec<u16> = (min..max).map(|x| x as u16).collect();
        self.clear_rx(port as u16, &tpgids, &slots);
        Ok(json!({}))
    }

    fn clear_tpg_tx_stats(&mut self, p: &Params) -> Result<Value, Failure> {
        let (port, tpgid) = self.tpg_port(p, false)?;
        let (_, tx) = self.tpg_totals();
        if let (Some(t), Some(c)) = (&mut self.tpg, tx.get(&(port as u16, tpgid))) {
            let z = t.tx_cleared.entry((port as u16, tpgid)).or_default();
            z[0] += c[0];
            z[1] += c[1];
        }
        Ok(json!({}))
    }

    /// The unknown VLANs seen on a port: the ended runs' and the running one's, less
    /// those cleared.
    fn unknown_on(&mut self, port: u16) -> Vec<(VlanKey, u16)> {
        let current = match (self.run.is_some(), self.snapshot()) {
            (true, Some(s)) => self.run.as_ref().map(|r| counts_of(&s, &r.groups).2),
            _ => None,
        };
        let Some(t) = &self.tpg else { return Vec::new() };
        let mut out = t.unknown.get(&port).cloned().unwrap_or_default();
        for (p, k, id) in current.into_iter().flatten() {
            if p == port
                && out.len() < MAX_UNKNOWN
                && !out.contains(&(k, id))
                && !t.unknown_cleared.contains(&(p, k, id))
            {
                out.push((k, id));
            }
        }
        out
    }

    fn tpg_unknown_tags(&mut self, p: &Params) -> Result<Value, Failure> {
        let port = self.port(p)?;
        self.tpg_of(p)?;
        let list: Vec<Value> =
            self.unknown_on(port as u16).iter().map(|(k, id)| json!({"tag": tag_json(Some(k)), "tpgid": id})).collect();
        Ok(json!({ port.to_string(): list }))
    }

    fn clear_tpg_unknown_tags(&mut self, p: &Params) -> Result<Value, Failure> {
        let port = self.port(p)?;
        self.tpg_of(p)?;
        let seen = self.unknown_on(port as u16);
        if let Some(t) = &mut self.tpg {
            t.unknown.remove(&(port as u16));
            for (k, id) in seen {
                if t.unknown_cleared.len() < 1024 {
                    t.unknown_cleared.push((port as u16, k, id));
                }
            }
        }
        Ok(json!({}))
    }

    /// A run ended (its final snapshot `s`): its counts join the context's.
    pub(super) fn tpg_run_ended(&mut self, s: &Snapshot, groups: &HashMap<String, PacketGroup>) {
        let Some(t) = &mut self.tpg else { return };
        let (rx, tx, unknown) = counts_of(s, groups);
        for (k, c) in rx {
            t.rx_base.entry(k).or_default().merge(&c);
        }
        for (k, c) in tx {
            let e = t.tx_base.entry(k).or_default();
            e[0] += c[0];
            e[1] += c[1];
        }
        for (port, k, id) in unknown {
            if t.unknown_cleared.contains(&(port, k, id)) {
                continue;
            }
            let list = t.unknown.entry(port).or_default();
            if list.len() < MAX_UNKNOWN && !list.contains(&(k, id)) {
                list.push((k, id));
            }
        }
        t.unknown_cleared.clear();
    }

    /// A TPG stream (`tpgid`) on `port` may start: the context is enabled, holds the
    /// port and counts the tpgid. Gives the profile's `vlans`.
    pub(super) fn tpg_stream(&self, port: usize, id: u32, tpgid: u16) -> Result<Value, Failure> {
        let t = self.tpg.as_ref().filter(|t| t.state == state::ENABLED).ok_or_else(|| {
            exec(format!("stream {id} on port {port}: tagged packet group {tpgid}: Tagged Packet Group is not enabled (enable_tpg)"))
        })?;
        if !t.acquired.contains(&port) {
            return Err(exec(format!(
                "stream {id} on port {port}: the Tagged Packet Group context does not hold port {port}"
            )));
        }
        if u64::from(tpgid) >= t.num_tpgids {
            return Err(exec(format!(
                "stream {id} on port {port}: Invalid tpgid {tpgid}. The maximal tpgid allowed for this port is {}",
                t.num_tpgids.saturating_sub(1)
            )));
        }
        Ok(Value::Array(
            t.tags
                .iter()
                .map(|k| match k {
                    Some(VlanKey::Dot1q(v)) => json!(v),
                    Some(VlanKey::Qinq(a, b)) => json!([a, b]),
                    None => Value::Null,
                })
                .collect(),
        ))
    }
}
