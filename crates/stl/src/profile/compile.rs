//! From a parsed [`Profile`] to a [`CompiledProfile`]: templates built, sizes
//! checked against headers, variables and writes resolved, chains linked.

use super::schema::{
    EthSpec, Ipv4Spec, Layer, ModeSpec, Profile, SplitSpec, StreamSpec, UdpSpec, VarOp, VarSpec, VlanGroupSpec,
    WriteSpec,
};
use super::ProfileError;
use crate::compile::{CompiledProfile, CompiledStream};
use crate::field::{FieldEngine, Split, Var, VarKind, Write};
use crate::stream::Mode;
use crate::tag::{L4Csum, TagTx};
use crate::template::{self, Layout};
use riptide_core::units::FCS_LEN;
use riptide_core::Nanos;
use riptide_measure::rx::MAX_STREAM_ID;
use riptide_measure::tag::TAG_LEN;
use riptide_measure::{VlanKey, VlanMap};
use std::collections::HashMap;
use std::sync::Arc;

/// Context for errors inside one stream.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    file: &'a str,
    line: Option<u64>,
    column: Option<u64>,
    index: usize,
}

impl<'a> Ctx<'a> {
    /// The same stream, errors placed at `loc` (an item of it) where that is known.
    pub(crate) fn at(&self, loc: serde_saphyr::Location) -> Ctx<'a> {
        match (loc.line(), loc.column()) {
            (l, c) if l > 0 => {
                Ctx { file: self.file, line: Some(l), column: Some(c).filter(|&c| c > 0), index: self.index }
            }
            _ => Ctx { ..*self },
        }
    }

    pub(crate) fn err(&self, key: &str, message: impl Into<String>) -> ProfileError {
        ProfileError {
            file: self.file.into(),
            line: self.line,
            column: self.column,
            key: Some(if key.is_empty() {
                format!("streams[{}]", self.index)
            } else {
                format!("streams[{}].{key}", self.index)
            }),
            message: message.into(),
        }
    }
}

/// The default headers: Ethernet, IPv4, UDP.
pub fn default_layers() -> Vec<Layer> {
    vec![Layer::Eth(EthSpec::default()), Layer::Ipv4(Ipv4Spec::default()), Layer::Udp(UdpSpec::default())]
}

/// Compiles `profile` (read from `file`, for messages).
pub fn compile(profile: &Profile, file: &str) -> Result<CompiledProfile, ProfileError> {
    if profile.streams.is_empty() {
        return Err(ProfileError {
            key: Some("streams".into()),
            ..ProfileError::new(file, "the profile has no streams (expected a list under 'streams')")
        });
    }
    let mut names: HashMap<String, usize> = HashMap::new();
    for (i, s) in profile.streams.iter().enumerate() {
        let name = s.value.name.clone().unwrap_or_else(|| format!("s{i}"));
        if let Some(prev) = names.insert(name.clone(), i) {
            let ctx = ctx_of(file, profile, i);
            return Err(ctx.err("name", format!("stream name '{name}' is already used by streams[{prev}]")));
        }
    }
    let vlans = vlan_map(profile, file)?;
    let base_seed = profile.seed.unwrap_or(0x5EED_5EED);
    let mut out = Vec::with_capacity(profile.streams.len());
    for (i, s) in profile.streams.iter().enumerate() {
        let ctx = ctx_of(file, profile, i);
        let seed = s.value.seed.unwrap_or(base_seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut c = compile_stream(&ctx, &s.value, i, seed, &names)?;
        let by_vlan = s.value.flow_stats.as_ref().or(s.value.latency.as_ref()).is_some_and(|t| t.by_vlan);
        if let Some(t) = c.tag.as_mut().filter(|_| by_vlan) {
            t.vlans = Some(vlans.clone());
        }
        if let Some(t) = &c.tag {
            if let Some(other) = out.iter().find(|o: &&CompiledStream| o.tag.as_ref().is_some_and(|x| x.id == t.id)) {
                let key = if t.latency { "latency.id" } else { "flow_stats.id" };
                return Err(ctx.err(key, format!("tag id {} is already stream '{}''s", t.id, other.name)));
            }
        }
        out.push(c);
    }
    Ok(CompiledProfile { streams: out })
}

/// The profile's VLAN groups (`vlans`).
fn vlan_map(profile: &Profile, file: &str) -> Result<Arc<VlanMap>, ProfileError> {
    // Beyond 16 bits stays out of range (VlanMap names the range).
    let vid = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
    let keys = profile
        .vlans
        .iter()
        .map(|v| match *v {
            Some(VlanGroupSpec::Dot1q(a)) => Some(VlanKey::Dot1q(vid(a))),
            Some(VlanGroupSpec::Qinq([a, b])) => Some(VlanKey::Qinq(vid(a), vid(b))),
            None => None,
        })
        .collect();
    VlanMap::with_gaps(keys).map(Arc::new).map_err(|e| {
        let (at, msg) = e.split_once(": ").map_or((String::new(), e.clone()), |(a, m)| (a.to_string(), m.to_string()));
        ProfileError { key: Some(format!("vlans{at}")), ..ProfileError::new(file, msg) }
    })
}

pub(crate) fn ctx_of<'a>(file: &'a str, profile: &Profile, i: usize) -> Ctx<'a> {
    let loc = profile.streams[i].referenced;
    Ctx { file, line: Some(loc.line()).filter(|&l| l > 0), column: Some(loc.column()).filter(|&c| c > 0), index: i }
}

fn compile_stream(
    ctx: &Ctx<'_>,
    s: &StreamSpec,
    index: usize,
    seed: u64,
    names: &HashMap<String, usize>,
) -> Result<CompiledStream, ProfileError> {
    let name = s.name.clone().unwrap_or_else(|| format!("s{index}"));
    let sizes = s.size.generator(seed);
    let distinct = sizes.sizes();
    let (tmpl, layout) = match &s.frame {
        // A frame the layers do not describe (or marked raw): its bytes as they are.
        Some(hex) => {
            if !s.packet.is_empty() {
                return Err(ctx.err("frame", "give the packet as layers (packet) or as bytes (frame), not both"));
            }
            let bytes = template::parse_hex(hex).map_err(|e| ctx.err("frame", e.to_string()))?;
            let own = [template::raw_size(&bytes)];
            template::raw(&bytes, &distinct).map_err(|e| {
                let key = if distinct == own { "frame" } else { "size" };
                ctx.err(key, e.to_string())
            })?
        }
        None => {
            let mut layers = if s.packet.is_empty() { default_layers() } else { s.packet.clone() };
            let added_eth = !matches!(layers.first(), Some(Layer::Eth(_)));
            if added_eth {
                layers.insert(0, Layer::Eth(EthSpec::default()));
            }
            template::build(&layers, &distinct).map_err(|e| match e.shifted(-(added_eth as isize)) {
                e @ template::LayerError::TooSmall { .. } => ctx.err("size", e.to_string()),
                e => ctx.err("packet", e.to_string()),
            })?
        }
    };
    s.rate.0.validate().map_err(|e| ctx.err("rate", e.to_string()))?;
    let mode = match s.mode {
        ModeSpec::Continuous => Mode::Continuous,
        ModeSpec::Burst { packets } => {
            if packets == 0 {
                return Err(ctx.err("mode.burst.packets", "a burst needs at least 1 packet"));
            }
            Mode::Burst { packets }
        }
        ModeSpec::MultiBurst { packets, bursts, ibg } => {
            if packets == 0 {
                return Err(ctx.err("mode.multi_burst.packets", "a burst needs at least 1 packet"));
            }
            Mode::MultiBurst { packets, bursts, ibg: ibg.unwrap_or(Nanos::ZERO) }
        }
    };
    let next = match &s.next {
        None => None,
        Some(n) => match names.get(n) {
            Some(&j) => Some(j as u32),
            None => return Err(ctx.err("next", format!("no stream is named '{n}'"))),
        },
    };
    if next.is_some() && matches!(mode, Mode::Continuous) {
        return Err(ctx.err("next", "a continuous stream never ends, so 'next' would never start; use a burst mode"));
    }
    if s.source.as_ref().is_some_and(|t| t.chars().count() > MAX_SOURCE) {
        return Err(ctx.err("source", format!("longer than {MAX_SOURCE} characters")));
    }
    let min_len = sizes.min_size() as usize - FCS_LEN;
    let tag = compile_tag(ctx, s, &layout, min_len)?;
    // Field writes must stay clear of the tag trailer.
    let writable = min_len - if tag.is_some() { TAG_LEN } else { 0 };
    let fields = compile_fields(ctx, s, &layout, writable, seed)?.bind(tmpl.bytes(), tmpl.size_patched());
    let frame = template::FrameSummary::new(s.frame.is_some(), &distinct, &layout);
    Ok(CompiledStream {
        index: index as u32,
        name,
        port: s.port,
        enabled: s.enabled,
        self_start: s.self_start,
        template: tmpl,
        sizes,
        fields,
        rate: s.rate.0,
        fixed_rate: s.fixed_rate,
        mode,
        isg: s.isg.unwrap_or(Nanos::ZERO),
        next,
        action_count: s.action_count,
        tag,
        frame,
        source: s.source.clone(),
    })
}

fn compile_tag(ctx: &Ctx<'_>, s: &StreamSpec, layout: &Layout, min_len: usize) -> Result<Option<TagTx>, ProfileError> {
    let (key, spec, latency) = match (&s.flow_stats, &s.latency) {
        (None, None) => return Ok(None),
        (Some(_), Some(_)) => {
            return Err(ctx.err("latency", "a stream has flow_stats or latency, not both (latency counts as well)"))
        }
        (Some(f), None) => ("flow_stats.id", f, false),
        (None, Some(l)) => ("latency.id", l, true),
    };
    if spec.id > MAX_STREAM_ID {
        return Err(ctx.err(key, format!("{} is above the largest tag id {MAX_STREAM_ID}", spec.id)));
    }
    if min_len < layout.header_len + TAG_LEN {
        return Err(ctx.err(
            "size",
            format!(
                "the smallest frame ({} bytes + FCS) has no room for the {TAG_LEN}-byte tag after {} bytes of headers \
                 (at least {} B)",
                min_len,
                layout.header_len,
                layout.header_len + TAG_LEN + FCS_LEN
            ),
        ));
    }
    let l4 = layout.payload_l4().map(|(at, start, udp)| L4Csum {
        at,
        start: start as u16,
        udp,
        end: layout.content_end.map(|e| e as u16),
    });
    Ok(Some(TagTx { id: spec.id as u16, latency, l4, seq: 0, stride: 1, vlans: None }))
}

struct VarInfo {
    index: u16,
    size: u8,
    tuple: bool,
}

fn compile_fields(
    ctx: &Ctx<'_>,
    s: &StreamSpec,
    layout: &Layout,
    min_len: usize,
    seed: u64,
) -> Result<FieldEngine, ProfileError> {
    let mut vars = Vec::new();
    let mut info: HashMap<&str, VarInfo> = HashMap::new();
    let mut writes: Vec<(Ctx<'_>, String, WriteSpec)> = Vec::new();
    for (j, spanned) in s.vars.iter().enumerate() {
        let key = format!("vars[{j}]");
        // Errors about the variable name its own line.
        let ctx = &ctx.at(spanned.referenced);
        let v = &spanned.value;
        if info.contains_key(v.name.as_str()) {
            return Err(ctx.err(&key, format!("variable '{}' is defined twice", v.name)));
        }
        let shorthand: Vec<&str> = v.write.as_ref().map(|w| w.names()).unwrap_or_default();
        let (mut var, size, tuple) = compile_var(ctx, &key, v, layout, &shorthand, seed.wrapping_add(j as u64))?;
        if let Some(split) = v.split {
            let interleaves = !tuple
                && v.hold.unwrap_or(1) == 1
                && matches!(v.op, VarOp::Inc | VarOp::Dec | VarOp::List | VarOp::RepeatableRandom);
            if split == SplitSpec::Interleave && !interleaves {
                return Err(ctx.err(
                    &format!("{key}.split"),
                    "interleave is for inc, dec, list and repeatable_random variables that change every packet \
                     (share or whole otherwise)",
                ));
            }
            var = var.with_split(match split {
                SplitSpec::Share => Split::Share,
                SplitSpec::Interleave => Split::Interleave,
                SplitSpec::Whole => Split::Whole,
            });
        }
        if tuple {
            if shorthand.len() > 2 {
                return Err(ctx.err(
                    &format!("{key}.write"),
                    "a tuple is written to at most two fields: [address field, port field]",
                ));
            }
            for (part, f) in ["ip", "port"].iter().zip(&shorthand) {
                writes.push((
                    ctx.at(spanned.referenced),
                    format!("{key}.write"),
                    simple_write(&format!("{}.{part}", v.name), f),
                ));
            }
        } else {
            for f in &shorthand {
                writes.push((ctx.at(spanned.referenced), format!("{key}.write"), simple_write(&v.name, f)));
            }
        }
        if v.hold == Some(0) {
            return Err(ctx.err(&format!("{key}.hold"), "hold must be at least 1 packet"));
        }
        info.insert(v.name.as_str(), VarInfo { index: vars.len() as u16, size, tuple });
        vars.push(var.with_hold(v.hold.unwrap_or(1)));
    }
    link_vars(ctx, s, &info, &mut vars)?;
    for (j, w) in s.writes.iter().enumerate() {
        writes.push((ctx.at(w.referenced), format!("writes[{j}]"), w.value.clone()));
    }
    let mut out = Vec::with_capacity(writes.len());
    for (wctx, key, w) in &writes {
        out.push(compile_write(wctx, key, w, &info, layout, min_len)?);
    }
    // TRex's random_seed is 32 bits: a stream's own seed gives its low ones.
    let trex_seed = s.seed.unwrap_or(seed) as u32;
    Ok(FieldEngine::new(vars, out, layout.csum()).seed_trex(trex_seed))
}

/// Links each variable's `next` (TRex's `next_var`), refusing what has no odometer
/// meaning: an unknown name, itself, a variable moved by two others, a loop, a head that
/// never wraps (random, the clock) or a clock or tuple moved by another.
fn link_vars(
    ctx: &Ctx<'_>,
    s: &StreamSpec,
    info: &HashMap<&str, VarInfo>,
    vars: &mut [Var],
) -> Result<(), ProfileError> {
    let mut moved_by: HashMap<&str, &str> = HashMap::new();
    for (j, spanned) in s.vars.iter().enumerate() {
        let v = &spanned.value;
        let Some(next) = v.next.as_deref() else { continue };
        let (ctx, key) = (&ctx.at(spanned.referenced), format!("vars[{j}].next"));
        let Some(target) = info.get(next) else {
            let known: Vec<&str> = info.keys().copied().collect();
            return Err(ctx.err(&key, format!("no variable named '{next}' (defined: {})", list_or_none(&known))));
        };
        if next == v.name {
            return Err(ctx.err(&key, format!("'{next}' cannot move itself")));
        }
        if let Some(other) = moved_by.insert(next, v.name.as_str()) {
            return Err(
                ctx.err(&key, format!("'{next}' is already the next variable of '{other}': one variable moves it"))
            );
        }
        if v.tuple.is_some() || matches!(v.op, VarOp::Random | VarOp::TrexRandom | VarOp::TimeSec | VarOp::TimeUsec) {
            return Err(ctx.err(
                &key,
                format!(
                    "'{}' never wraps around ({}): only inc, dec, list and repeatable_random variables move a next one",
                    v.name,
                    match v.op {
                        _ if v.tuple.is_some() => "a tuple",
                        VarOp::Random | VarOp::TrexRandom => "random",
                        _ => "the clock",
                    }
                ),
            ));
        }
        let t = s.vars.iter().find(|x| x.value.name == next).map(|x| &x.value);
        if t.is_some_and(|t| t.tuple.is_some() || matches!(t.op, VarOp::TimeSec | VarOp::TimeUsec)) {
            return Err(
                ctx.err(&key, format!("'{next}' is a tuple or the clock: it cannot be moved by another variable"))
            );
        }
        let i = info[v.name.as_str()].index as usize;
        vars[i] = vars[i].clone().with_next(target.index);
    }
    // A chain must end: follow each from its head; a variable no head reaches is in a loop.
    let mut reached: Vec<&str> = Vec::new();
    for spanned in &s.vars {
        let mut at = spanned.value.name.as_str();
        if moved_by.contains_key(at) {
            continue;
        }
        reached.push(at);
        while let Some(n) = s.vars.iter().find(|x| x.value.name == at).and_then(|x| x.value.next.as_deref()) {
            reached.push(n);
            at = n;
        }
    }
    if let Some((j, spanned)) = s.vars.iter().enumerate().find(|(_, x)| !reached.contains(&x.value.name.as_str())) {
        return Err(ctx.at(spanned.referenced).err(
            &format!("vars[{j}].next"),
            format!("'{}' is in a loop of next variables: a chain must end", spanned.value.name),
        ));
    }
    Ok(())
}

fn simple_write(var: &str, field: &str) -> WriteSpec {
    WriteSpec::field(var, field)
}

/// Longest `source` note kept with a stream.
const MAX_SOURCE: usize = 1024;

/// Values a repeatable random variable may hold (each kept in memory).
const MAX_REPEATABLE: u64 = 1 << 22;

fn compile_var(
    ctx: &Ctx<'_>,
    key: &str,
    v: &VarSpec,
    layout: &Layout,
    writes: &[&str],
    seed: u64,
) -> Result<(Var, u8, bool), ProfileError> {
    if let Some(t) = &v.tuple {
        let (pmin, pmax) = (t.port_min.unwrap_or(1025) as u64, t.port_max.unwrap_or(65535) as u64);
        let var = Var::tuple(t.ip_min.0, t.ip_max.0, pmin, pmax, t.limit)
            .map_err(|e| ctx.err(&format!("{key}.tuple"), e.to_string()))?;
        return Ok((var, 4, true));
    }
    // Size: explicit, else the first written field's, else 4.
    let size = match v.size {
        Some(s @ (1 | 2 | 4 | 8)) => s,
        Some(s) => return Err(ctx.err(&format!("{key}.size"), format!("variable size {s} is not 1, 2, 4 or 8 bytes"))),
        None => writes
            .first()
            .and_then(|f| layout.field(f))
            .map(|f| match f.size {
                1 => 1,
                2 => 2,
                3 | 4 => 4,
                _ => 8,
            })
            .unwrap_or(4),
    };
    let top = if size == 8 { u64::MAX } else { (1u64 << (size as u32 * 8)) - 1 };
    let fits = |val: u64, k: &str| {
        if val > top {
            Err(ctx.err(&format!("{key}.{k}"), format!("value {val} does not fit in {size} byte(s) (max {top})")))
        } else {
            Ok(val)
        }
    };
    let kind = match v.op {
        VarOp::TimeSec => return Ok((Var::clock(1_000_000_000, 0), size, false)),
        VarOp::TimeUsec => return Ok((Var::clock(1_000, 1_000_000), size, false)),
        VarOp::List => {
            let values = v.values.as_ref().ok_or_else(|| ctx.err(key, "op: list needs 'values'"))?;
            let mut vals = Vec::with_capacity(values.len());
            for x in values {
                vals.push(fits(x.0, "values")?);
            }
            let step = v.step.unwrap_or(1);
            if step == 0 {
                return Err(ctx.err(&format!("{key}.step"), "step must be at least 1"));
            }
            let var = Var::list_by(vals, step).map_err(|e| ctx.err(&format!("{key}.values"), e.to_string()))?;
            return Ok((var, size, false));
        }
        VarOp::RepeatableRandom => {
            let min = fits(v.min.map(|x| x.0).unwrap_or(0), "min")?;
            let max = fits(v.max.map(|x| x.0).unwrap_or(top), "max")?;
            if min > max {
                return Err(ctx.err(key, format!("min ({min}) is greater than max ({max})")));
            }
            let limit = v
                .limit
                .ok_or_else(|| ctx.err(key, "op: repeatable_random needs 'limit' (values before it repeats)"))?;
            if limit == 0 || limit > MAX_REPEATABLE {
                return Err(ctx.err(&format!("{key}.limit"), format!("{limit}: 1 to {MAX_REPEATABLE} values")));
            }
            let seed = v.seed.ok_or_else(|| ctx.err(key, "op: repeatable_random needs 'seed' (TRex's 32-bit seed)"))?;
            if seed > u64::from(u32::MAX) {
                return Err(ctx.err(&format!("{key}.seed"), format!("{seed} is wider than TRex's 32-bit seed")));
            }
            let var =
                Var::repeatable_random(size, min, max, seed as u32, limit).map_err(|e| ctx.err(key, e.to_string()))?;
            return Ok((var, size, false));
        }
        VarOp::TrexRandom => {
            let var = if let Some(values) = &v.values {
                let mut vals = Vec::with_capacity(values.len());
                for x in values {
                    vals.push(fits(x.0, "values")?);
                }
                Var::trex_random_list(vals).map_err(|e| ctx.err(&format!("{key}.values"), e.to_string()))?
            } else {
                let min = fits(v.min.map(|x| x.0).unwrap_or(0), "min")?;
                let max = fits(v.max.map(|x| x.0).unwrap_or(top), "max")?;
                Var::trex_random(size, min, max).map_err(|e| ctx.err(key, e.to_string()))?
            };
            if v.step.is_some() || v.init.is_some() || v.seed.is_some() || v.limit.is_some() {
                return Err(ctx.err(key, "op: trex_random takes min and max (or values); the stream's seed seeds it"));
            }
            return Ok((var, size, false));
        }
        VarOp::Inc => VarKind::Inc,
        VarOp::Dec => VarKind::Dec,
        VarOp::Random => VarKind::Random,
    };
    if v.seed.is_some() || v.limit.is_some() {
        return Err(ctx.err(key, "'seed' and 'limit' are for op: repeatable_random (the stream's seed seeds random)"));
    }
    if v.values.is_some() {
        return Err(ctx.err(&format!("{key}.values"), "'values' is only for op: list"));
    }
    let min = fits(v.min.map(|x| x.0).unwrap_or(0), "min")?;
    let max = fits(v.max.map(|x| x.0).unwrap_or(top), "max")?;
    let step = v.step.unwrap_or(1);
    if step == 0 {
        return Err(ctx.err(&format!("{key}.step"), "step must be at least 1"));
    }
    let var = Var::range(kind, min, max, step, v.init.map(|x| x.0), seed).map_err(|e| ctx.err(key, e.to_string()))?;
    Ok((var, size, false))
}

fn compile_write(
    ctx: &Ctx<'_>,
    key: &str,
    w: &WriteSpec,
    info: &HashMap<&str, VarInfo>,
    layout: &Layout,
    min_len: usize,
) -> Result<Write, ProfileError> {
    let (vname, part) = match w.var.rsplit_once('.') {
        Some((n, "ip")) if info.get(n).is_some_and(|v| v.tuple) => (n, 0u8),
        Some((n, "port")) if info.get(n).is_some_and(|v| v.tuple) => (n, 1u8),
        _ => (w.var.as_str(), 0u8),
    };
    let Some(var) = info.get(vname) else {
        let known: Vec<&str> = info.keys().copied().collect();
        return Err(ctx
            .err(&format!("{key}.var"), format!("no variable named '{}' (defined: {})", w.var, list_or_none(&known))));
    };
    if var.tuple && vname == w.var {
        return Err(ctx.err(&format!("{key}.var"), format!("'{}' is a tuple: write '{0}.ip' or '{0}.port'", w.var)));
    }
    let var_size = if var.tuple {
        if part == 0 {
            4
        } else {
            2
        }
    } else {
        var.size
    };
    let user_mask = w.mask.map(|m| m.0);
    let (offset, size, mask, shift) = match (&w.field, w.offset) {
        (Some(_), Some(_)) => return Err(ctx.err(key, "give either 'field' or 'offset', not both")),
        (None, None) => return Err(ctx.err(key, "a write needs 'field' (e.g. ipv4.src) or 'offset'")),
        (Some(name), None) => {
            let Some(f) = layout.field(name) else {
                return Err(ctx.err(
                    &format!("{key}.field"),
                    format!("no field '{name}' in this packet (fields: {})", layout.names().join(", ")),
                ));
            };
            let whole = f.shift == 0 && f.mask == ones(f.size.min(8));
            if whole {
                let size = var_size.min(f.size).min(8);
                let offset = f.offset as usize + f.size as usize - size as usize;
                (offset, size, ones(size) & user_mask.unwrap_or(u64::MAX), w.shift as i32)
            } else {
                (f.offset as usize, f.size, f.mask & user_mask.unwrap_or(u64::MAX), f.shift as i32 + w.shift as i32)
            }
        }
        (None, Some(off)) => {
            let size = w.size.unwrap_or(var_size);
            if !(1..=8).contains(&size) {
                return Err(ctx.err(&format!("{key}.size"), format!("write size {size} is not 1..=8 bytes")));
            }
            (off as usize, size, ones(size) & user_mask.unwrap_or(u64::MAX), w.shift as i32)
        }
    };
    if offset + size as usize > min_len {
        return Err(ctx.err(
            key,
            format!(
                "field write outside the packet: bytes {}..{} but the smallest frame has {} bytes (FCS excluded)",
                offset,
                offset + size as usize,
                min_len
            ),
        ));
    }
    if !(-63..=63).contains(&shift) {
        return Err(ctx.err(&format!("{key}.shift"), "shift must be within -63..=63"));
    }
    Ok(Write {
        var: var.index,
        part,
        offset: offset as u16,
        size,
        mask,
        shift: shift as i8,
        add: w.add as u64,
        coverage: layout.coverage(offset, size as usize),
    })
}

fn ones(bytes: u8) -> u64 {
    if bytes >= 8 {
        u64::MAX
    } else {
        (1u64 << (bytes as u32 * 8)) - 1
    }
}

fn list_or_none(v: &[&str]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}
