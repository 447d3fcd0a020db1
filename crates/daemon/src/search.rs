//! The throughput search over RPC (`ndr_start`, `ndr_progress`, `ndr_cancel`,
//! `ndr_results`): the methodology library's search ([`riptide_method::ndr`]), the one
//! `riptide ndr` runs, on the daemon's shared engine in a thread of its own, so that the
//! CLI, the daemon and Python give the same trials for the same options.
//!
//! One search at a time. It holds the engine for its owner: while it runs, methods that
//! change the engine are refused (`ndr_cancel` ends it), and it ends without a result
//! when its session no longer owns the engine (gone, silent, or forced out), when it is
//! cancelled, or when the daemon shuts down. What it saw so far stays readable with
//! `ndr_progress` (bounded: [`MAX_EVENTS`]); its report with `ndr_results`.
//!
//! `soak_start` runs the methodology library's fixed-rate soak
//! ([`riptide_method::soak`], the one `riptide soak` runs) the same way: it is the
//! daemon's one search while it runs, each interval an event (`kind: interval`), and
//! `ndr_progress`, `ndr_cancel` and `ndr_results` follow it as they follow a search.

use crate::rpc::{code, RpcError};
use riptide_method::b2b;
use riptide_method::ndr::{self, LatencyPoint, Observer, Options, Report};
use riptide_method::rfc2889;
use riptide_method::rfc9411;
use riptide_method::soak;
use riptide_method::trials::TrialRecord;
use riptide_search::Goal;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Most progress events a search keeps (a search of 1,200 s with 1 s trials at ten frame
/// sizes has a few thousand); later ones are counted, not kept.
pub const MAX_EVENTS: usize = 65_536;

/// Most events one `ndr_progress` answer carries (the client asks again from `next`).
pub const EVENTS_PER_ANSWER: usize = 1_000;

/// Where a search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Trials are running.
    Running,
    /// It ended with a report.
    Done,
    /// It ended without one (bad options found late, the engine, the search).
    Failed,
    /// Cancelled, its owner gone, or the daemon stopping: no report.
    Cancelled,
}

impl Phase {
    /// As the wire says it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Running => "running",
            Phase::Done => "done",
            Phase::Failed => "failed",
            Phase::Cancelled => "cancelled",
        }
    }
}

/// What a search has shown so far: the thread writes it, `ndr_*` read it.
#[derive(Debug)]
pub struct Progress {
    /// Where it is.
    pub phase: Phase,
    /// Each trial as it ended (search and latency trials), in order.
    pub events: Vec<Value>,
    /// Events past [`MAX_EVENTS`], not kept.
    pub dropped: u64,
    /// The report, once done.
    pub report: Option<Outcome>,
    /// Why it failed or was cancelled.
    pub error: Option<String>,
}

/// What a method found.
#[derive(Debug)]
pub enum Outcome {
    /// A throughput search's report (or an MRR measurement's).
    Ndr(Report),
    /// A soak's (fixed-rate or PLRsearch).
    Soak(soak::Outcome),
    /// An RFC 2889 test's.
    Rfc2889(rfc2889::Report),
    /// An RFC 9411 test's.
    Rfc9411(rfc9411::Report),
    /// An RFC 9004 back-to-back test's.
    B2b(b2b::Report),
}

/// The one search the daemon keeps: running, or the last one ended.
pub struct Search {
    /// Its number (`ndr_start`'s answer).
    pub id: u64,
    /// The session that started it.
    pub session: u64,
    /// Set by `ndr_cancel`.
    pub cancel: Arc<AtomicBool>,
    /// What it has shown.
    pub progress: Arc<Mutex<Progress>>,
    /// Its goals (the report's files name them).
    pub goals: Vec<Goal>,
    /// The ports searched on (for the host facts of its files).
    pub ports: Vec<String>,
    /// The command recorded in its files.
    pub command: Vec<String>,
    /// Its thread, until joined.
    pub thread: Option<JoinHandle<()>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

impl Search {
    /// Where it is.
    pub fn phase(&self) -> Phase {
        lock(&self.progress).phase
    }
}

/// `ndr_start`'s params: the search's options (`riptide ndr`'s, by their names:
/// `goals`, `min_load`, ...), and `profile` (YAML text; default: the profile the daemon
/// has loaded), `source` (its name), `command` (recorded in the report's files).
pub struct StartParams {
    /// The options.
    pub options: Options,
    /// Profile text, if given.
    pub profile: Option<String>,
    /// Its name.
    pub source: Option<String>,
    /// The command to record.
    pub command: Vec<String>,
}

/// Takes the params every method on a profile shares out of `obj`: `profile` (YAML
/// text), `source` (its name) and `command` (recorded in the files; by default the
/// daemon and `method`).
#[allow(clippy::type_complexity)]
fn subject_params(
    obj: &mut serde_json::Map<String, Value>,
    method: &str,
) -> Result<(Option<String>, Option<String>, Vec<String>), RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("{method}: {m}"));
    let mut text = |k: &str| match obj.remove(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(format!("'{k}' must be a string"))),
    };
    let (profile, source) = (text("profile")?, text("source")?);
    let command = match obj.remove("command") {
        None => vec!["riptide-daemon".into(), method.into()],
        Some(v) => serde_json::from_value::<Vec<String>>(v)
            .ok()
            .filter(|c| c.len() <= 256 && c.iter().map(String::len).sum::<usize>() <= 64 << 10)
            .ok_or_else(|| bad("'command' must be a list of at most 256 strings".into()))?,
    };
    Ok((profile, source, command))
}

/// Reads `ndr_start`'s params; a bad option is named.
pub fn start_params(params: &Value) -> Result<StartParams, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("ndr_start: {m}"));
    let mut obj = match params {
        Value::Object(o) => o.clone(),
        Value::Null => Default::default(),
        _ => return Err(bad("params must be an object".into())),
    };
    let (profile, source, command) = subject_params(&mut obj, "ndr_start")?;
    // Loads and durations are strings as on the command line (`5kpps`, `0.5s`); numbers
    // are taken too: frames/s for loads, seconds for durations.
    let units = [
        ("min_load", "pps"),
        ("max_load", "pps"),
        ("trial", "s"),
        ("final_trial", "s"),
        ("duration_sum", "s"),
        ("max_search", "s"),
        ("width", ""),
        ("exceed_ratio", ""),
        ("max_burst", ""),
    ];
    for (k, unit) in units {
        if let Some(n) = obj.get(k).and_then(Value::as_f64) {
            obj.insert(k.into(), Value::String(format!("{n}{unit}")));
        }
    }
    let options: Options = serde_json::from_value(Value::Object(obj)).map_err(|e| bad(e.to_string()))?;
    Ok(StartParams { options, profile, source, command })
}

/// `soak_start`'s params: the soak's options (`riptide soak`'s, by their names: `load`,
/// `duration`, `interval`, `latency`, `cores`, `pin`, `realtime`, and the search's
/// `plr`, `target_loss`, `min_load`, `max_load`, `trial_step`, `samples`; loads and
/// durations as strings like the CLI's or numbers in frames/s and s), and `profile`,
/// `source`, `command` as `ndr_start`'s.
pub fn soak_params(params: &Value) -> Result<SoakParams, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("soak_start: {m}"));
    let mut obj = match params {
        Value::Object(o) => o.clone(),
        _ => return Err(bad("params must be an object with 'load' (or 'plr')".into())),
    };
    let (profile, source, command) = subject_params(&mut obj, "soak_start")?;
    for (k, unit) in [
        ("load", "pps"),
        ("duration", "s"),
        ("interval", "s"),
        ("min_load", "pps"),
        ("max_load", "pps"),
        ("trial_step", "s"),
    ] {
        if let Some(n) = obj.get(k).and_then(Value::as_f64) {
            obj.insert(k.into(), Value::String(format!("{n}{unit}")));
        }
    }
    let options: soak::Options = serde_json::from_value(Value::Object(obj)).map_err(|e| bad(e.to_string()))?;
    options.check().map_err(|e| bad(e.to_string()))?;
    Ok(SoakParams { options, profile, source, command })
}

/// `b2b_start`'s params: the test's options (`riptide b2b`'s, by their names:
/// `frame_sizes`, `throughput`, `repetitions`, `max_burst_time`, `step`, `verify`,
/// `idle`, `actual_rate`, `bidirectional`, `cores`, `pin`, `realtime`; rates as strings
/// like the CLI's or numbers in frames/s, durations as strings or numbers in s), and
/// `profile`, `source`, `command` as `ndr_start`'s.
pub fn b2b_params(params: &Value) -> Result<B2bParams, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("b2b_start: {m}"));
    let mut obj = match params {
        Value::Object(o) => o.clone(),
        Value::Null => Default::default(),
        _ => return Err(bad("params must be an object".into())),
    };
    let (profile, source, command) = subject_params(&mut obj, "b2b_start")?;
    for (k, unit) in [("throughput", "pps"), ("actual_rate", "pps"), ("max_burst_time", "s"), ("idle", "s")] {
        if let Some(n) = obj.get(k).and_then(Value::as_f64) {
            obj.insert(k.into(), Value::String(format!("{n}{unit}")));
        }
    }
    let options: b2b::Options = serde_json::from_value(Value::Object(obj)).map_err(|e| bad(e.to_string()))?;
    options.check().map_err(|e| bad(e.to_string()))?;
    Ok(B2bParams { options, profile, source, command })
}

/// `b2b_start`'s params, read.
pub struct B2bParams {
    /// The options.
    pub options: b2b::Options,
    /// Profile text, if given.
    pub profile: Option<String>,
    /// Its name.
    pub source: Option<String>,
    /// The command to record.
    pub command: Vec<String>,
}

/// Runs a back-to-back test to its end in the calling thread and leaves its outcome in
/// `progress`.
pub fn run_b2b<D: riptide_method::Drive>(
    engine: &mut D,
    subject: &ndr::Subject,
    options: &b2b::Options,
    progress: &Arc<Mutex<Progress>>,
    interrupted: &dyn Fn() -> bool,
) {
    let mut rec = Recorder { progress: progress.clone(), size: None };
    let res = b2b::run(engine, subject, options, &mut rec, interrupted);
    settle(progress, res.map(Outcome::B2b));
}

/// `rfc2889_start`'s params: `test` (`caching` or `learning`), `flush` (`lab`, the
/// default: the lab bridge's table is emptied before each trial; or `none`), `command`,
/// and `riptide rfc2889`'s options by their names (`addresses`, `min_addresses`,
/// `learn_rate`, `min_rate`, `resolution`, `test_rate`, `size`, `mac`, `settle`,
/// `cores`, `realtime`; rates as strings or numbers in frames/s, `settle` in s).
pub fn rfc2889_params(params: &Value) -> Result<Rfc2889Params, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("rfc2889_start: {m}"));
    let (test, flush, mut obj, command) =
        method_params(params, "rfc2889_start", "caching or learning", "RFC 2889 builds its own frames")?;
    let test: rfc2889::Test =
        serde_json::from_value(test).map_err(|_| bad("test: expected caching or learning".into()))?;
    for (k, unit) in [("learn_rate", "pps"), ("min_rate", "pps"), ("test_rate", "pps"), ("settle", "s")] {
        if let Some(n) = obj.get(k).and_then(Value::as_f64) {
            obj.insert(k.into(), Value::String(format!("{n}{unit}")));
        }
    }
    let options: rfc2889::Options = serde_json::from_value(Value::Object(obj)).map_err(|e| bad(e.to_string()))?;
    options.check(test).map_err(|e| bad(e.to_string()))?;
    Ok(Rfc2889Params { test, flush, options, command })
}

/// `(test, flush, the other options, command)`.
type MethodParams = (Value, bool, serde_json::Map<String, Value>, Vec<String>);

/// What the RFC 2889 and RFC 9411 methods' params share: `test` (its value, unread),
/// `flush` (`lab`, the default, or `none`: true for lab), no `profile`, and `command`;
/// the options left.
fn method_params(params: &Value, method: &str, tests: &str, own: &str) -> Result<MethodParams, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("{method}: {m}"));
    let mut obj = match params {
        Value::Object(o) => o.clone(),
        _ => return Err(bad(format!("params must be an object with 'test' ({tests})"))),
    };
    let Some(test) = obj.remove("test") else { return Err(bad(format!("expected 'test': {tests}"))) };
    let flush = match obj.remove("flush") {
        None => true,
        Some(Value::String(f)) if f == "lab" => true,
        Some(Value::String(f)) if f == "none" => false,
        Some(_) => return Err(bad("flush: expected lab or none".into())),
    };
    if obj.contains_key("profile") || obj.contains_key("source") {
        return Err(bad(format!("profile: {own} (no profile)")));
    }
    let (_, _, command) = subject_params(&mut obj, method)?;
    Ok((test, flush, obj, command))
}

/// Empties the lab DUT's state before each trial (`riptide lab flush`), or nothing.
fn lab_reset(flush: bool) -> impl FnMut() -> Result<(), String> {
    move || {
        if flush {
            riptide_port::lab::flush(&riptide_port::lab::current()).map_err(|e| e.to_string())
        } else {
            Ok(())
        }
    }
}

/// `rfc2889_start`'s params, read.
pub struct Rfc2889Params {
    /// Which test.
    pub test: rfc2889::Test,
    /// Empty the lab bridge's table before each trial.
    pub flush: bool,
    /// The options.
    pub options: rfc2889::Options,
    /// The command recorded in its files.
    pub command: Vec<String>,
}

/// Runs an RFC 2889 test to its end in the calling thread and leaves its outcome in
/// `progress`.
pub fn run_rfc2889<D: riptide_method::Drive>(
    engine: &mut D,
    ports: &[String],
    p: &Rfc2889Params,
    progress: &Arc<Mutex<Progress>>,
    interrupted: &dyn Fn() -> bool,
) {
    let mut rec = Recorder { progress: progress.clone(), size: None };
    let mut reset = lab_reset(p.flush);
    let res = rfc2889::run(engine, ports, p.test, &p.options, &mut reset, &mut rec, interrupted);
    settle(progress, res.map(Outcome::Rfc2889));
}

/// `rfc9411_start`'s params: `test` (`concurrent`, `cps`, `throughput` or `latency`),
/// `flush` (`lab`, the default: the nat DUT's state is renewed before each trial; or
/// `none`), `command`, and `riptide rfc9411`'s options by their names (`client`,
/// `server`, `object_size`, `object_sizes`, `transactions`, `hold`, `max_connections`,
/// `min_connections`, `max_cps`, `min_cps`, `cps`, `connections`, `ramp_up`, `sustain`,
/// `ramp_down`, `resolution`, `failure_ratio`, `settle`, `cores`; durations as strings
/// or numbers in s).
pub fn rfc9411_params(params: &Value) -> Result<Rfc9411Params, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("rfc9411_start: {m}"));
    let tests = "concurrent, cps, throughput or latency";
    let (test, flush, mut obj, command) =
        method_params(params, "rfc9411_start", tests, "RFC 9411 builds its own TCP profiles")?;
    let test: rfc9411::Test = serde_json::from_value(test).map_err(|_| bad(format!("test: expected {tests}")))?;
    for k in ["hold", "ramp_up", "sustain", "ramp_down", "settle"] {
        if let Some(n) = obj.get(k).and_then(Value::as_f64) {
            obj.insert(k.into(), Value::String(format!("{n}s")));
        }
    }
    let options: rfc9411::Options = serde_json::from_value(Value::Object(obj)).map_err(|e| bad(e.to_string()))?;
    options.check(test).map_err(|e| bad(e.to_string()))?;
    Ok(Rfc9411Params { test, flush, options, command })
}

/// `rfc9411_start`'s params, read.
pub struct Rfc9411Params {
    /// Which test.
    pub test: rfc9411::Test,
    /// Renew the lab nat DUT's state before each trial.
    pub flush: bool,
    /// The options.
    pub options: rfc9411::Options,
    /// The command recorded in its files.
    pub command: Vec<String>,
}

/// Runs an RFC 9411 test to its end in the calling thread and leaves its outcome in
/// `progress`.
pub fn run_rfc9411<D: riptide_method::Drive>(
    engine: &mut D,
    ports: &[String],
    p: &Rfc9411Params,
    progress: &Arc<Mutex<Progress>>,
    interrupted: &dyn Fn() -> bool,
) {
    let mut rec = Recorder { progress: progress.clone(), size: None };
    let mut reset = lab_reset(p.flush);
    let res = rfc9411::run(engine, p.test, ports, &p.options, &mut reset, &mut rec, interrupted);
    settle(progress, res.map(Outcome::Rfc9411));
}

/// `soak_start`'s params, read.
pub struct SoakParams {
    /// The options.
    pub options: soak::Options,
    /// Profile text, if given.
    pub profile: Option<String>,
    /// Its name.
    pub source: Option<String>,
    /// The command to record.
    pub command: Vec<String>,
}

/// The observer that keeps each trial as an event.
struct Recorder {
    progress: Arc<Mutex<Progress>>,
    size: Option<String>,
}

impl Recorder {
    fn push(&self, mut event: Value) {
        let mut p = lock(&self.progress);
        if p.events.len() >= MAX_EVENTS {
            p.dropped += 1;
            return;
        }
        event["size"] = json!(self.size);
        p.events.push(event);
    }
}

impl soak::Observer for Recorder {
    fn interval(&mut self, n: u64, _of: u64, i: &soak::Interval) {
        let mut e = serde_json::to_value(i).unwrap_or(Value::Null);
        e["kind"] = json!("interval");
        e["n"] = json!(n);
        self.push(e);
    }

    fn plr_trial(&mut self, t: &soak::plr::Trial) {
        let mut e = serde_json::to_value(t).unwrap_or(Value::Null);
        e["kind"] = json!("plr_trial");
        self.push(e);
    }
}

impl rfc2889::Observer for Recorder {
    fn trial(&mut self, t: &rfc2889::Trial) {
        let mut e = serde_json::to_value(t).unwrap_or(Value::Null);
        e["kind"] = json!("rfc2889_trial");
        self.push(e);
    }
}

impl rfc9411::Observer for Recorder {
    fn trial(&mut self, t: &rfc9411::Trial) {
        let mut e = serde_json::to_value(t).unwrap_or(Value::Null);
        e["kind"] = json!("rfc9411_trial");
        self.push(e);
    }
}

impl b2b::Observer for Recorder {
    fn size(&mut self, _index: usize, _count: usize, label: &str) {
        self.size = Some(label.to_string());
    }

    fn throughput_trial(&mut self, n: usize, record: &TrialRecord) {
        let mut e = serde_json::to_value(record).unwrap_or(Value::Null);
        e["kind"] = json!("trial");
        e["n"] = json!(n);
        self.push(e);
    }

    fn trial(&mut self, t: &b2b::Trial) {
        let mut e = serde_json::to_value(t).unwrap_or(Value::Null);
        e["kind"] = json!("b2b_trial");
        self.push(e);
    }

    fn search(&mut self, repetition: u32, s: &b2b::Search) {
        let mut e = serde_json::to_value(s).unwrap_or(Value::Null);
        e["kind"] = json!("b2b_search");
        e["repetition"] = json!(repetition);
        self.push(e);
    }
}

impl Observer for Recorder {
    fn size(&mut self, _index: usize, _count: usize, label: &str) {
        self.size = Some(label.to_string());
    }

    fn trial_ended(&mut self, n: usize, _duration: f64, record: &TrialRecord) {
        let mut e = serde_json::to_value(record).unwrap_or(Value::Null);
        e["kind"] = json!("trial");
        e["n"] = json!(n);
        self.push(e);
    }

    fn latency_ended(&mut self, point: &LatencyPoint) {
        let mut e = serde_json::to_value(point).unwrap_or(Value::Null);
        e["kind"] = json!("latency");
        self.push(e);
    }
}

/// Runs a search to its end in the calling thread (the daemon's search thread) and
/// leaves its outcome in `progress`. `engine` is None for a simulated DUT.
pub fn run<D: riptide_method::Drive>(
    engine: Option<(&mut D, &ndr::Subject)>,
    options: &Options,
    checked: &ndr::Checked,
    progress: &Arc<Mutex<Progress>>,
    interrupted: &dyn Fn() -> bool,
) {
    let mut rec = Recorder { progress: progress.clone(), size: None };
    let res = match engine {
        None => ndr::simulate(options, checked, &mut rec, interrupted),
        Some((e, subject)) => ndr::search(e, subject, options, checked, &mut rec, interrupted),
    };
    settle(progress, res.map(Outcome::Ndr));
}

/// Runs a soak to its end in the calling thread and leaves its outcome in `progress`.
pub fn run_soak<D: riptide_method::Drive>(
    engine: &mut D,
    subject: &ndr::Subject,
    options: &soak::Options,
    progress: &Arc<Mutex<Progress>>,
    interrupted: &dyn Fn() -> bool,
) {
    let mut rec = Recorder { progress: progress.clone(), size: None };
    let res = soak::run(engine, subject, options, &mut rec, interrupted);
    settle(progress, res.map(Outcome::Soak));
}

/// Leaves a method's end in `progress`.
fn settle(progress: &Arc<Mutex<Progress>>, res: Result<Outcome, ndr::Error>) {
    let mut p = lock(progress);
    match res {
        Ok(r) => {
            p.report = Some(r);
            p.phase = Phase::Done;
        }
        Err(ndr::Error::Interrupted(m)) => {
            p.error = Some(m);
            p.phase = Phase::Cancelled;
        }
        Err(e) => {
            p.error = Some(e.to_string());
            p.phase = Phase::Failed;
        }
    }
}

/// `ndr_progress`'s answer from event `since` on.
pub fn progress(s: &Search, since: usize) -> Value {
    let p = lock(&s.progress);
    let from = since.min(p.events.len());
    let to = (from + EVENTS_PER_ANSWER).min(p.events.len());
    let mut v = json!({
        "search": s.id,
        "state": p.phase.name(),
        "events": &p.events[from..to],
        "next": to,
        "dropped": p.dropped,
    });
    if let Some(e) = &p.error {
        v["error"] = json!(e);
    }
    v
}

/// `ndr_results`' answer: the report (and, with `files`, each report file in base64 by
/// name, as `riptide ndr --out` writes them).
pub fn results(s: &Search, files: bool) -> Result<Value, RpcError> {
    let p = lock(&s.progress);
    let report = match (p.phase, &p.report) {
        (Phase::Done, Some(r)) => r,
        (Phase::Running, _) => {
            return Err(RpcError::new(
                code::ENGINE,
                format!("search {} is still running: follow it with ndr_progress", s.id),
            ))
        }
        (phase, _) => {
            return Err(RpcError::new(
                code::ENGINE,
                format!("search {} {}: {}", s.id, phase.name(), p.error.as_deref().unwrap_or("no result")),
            ))
        }
    };
    let mut v = match report {
        Outcome::Ndr(r) => json!({"search": s.id, "report": r}),
        Outcome::Soak(r) => json!({"search": s.id, "report": r}),
        Outcome::Rfc2889(r) => json!({"search": s.id, "report": r}),
        Outcome::Rfc9411(r) => json!({"search": s.id, "report": r}),
        Outcome::B2b(r) => json!({"search": s.id, "report": r}),
    };
    if files {
        use base64::Engine as _;
        let host = riptide_method::host::Host::with_ports(&s.ports);
        let rendered = match report {
            Outcome::Ndr(r) => ndr::files::render(&s.command, &host, &s.goals, r),
            Outcome::Soak(r) => r.files(&s.command, &host),
            Outcome::Rfc2889(r) => rfc2889::files(&s.command, &host, r),
            Outcome::Rfc9411(r) => rfc9411::files(&s.command, &host, r),
            Outcome::B2b(r) => b2b::files(&s.command, &host, r),
        }
        .map_err(|e| RpcError::new(code::ENGINE, format!("ndr_results: {e}")))?;
        let map: serde_json::Map<String, Value> = rendered
            .into_iter()
            .map(|(name, bytes)| (name, json!(base64::engine::general_purpose::STANDARD.encode(bytes))))
            .collect();
        v["files"] = Value::Object(map);
    }
    Ok(v)
}

/// A new search's shared state, running.
pub fn fresh() -> Arc<Mutex<Progress>> {
    Arc::new(Mutex::new(Progress { phase: Phase::Running, events: vec![], dropped: 0, report: None, error: None }))
}

/// Whether `cancel` or `stopping` say so.
pub fn flag(a: &AtomicBool) -> bool {
    a.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
            "[a-z0-9.%=,]{0,12}".prop_map(Value::from),
            Just(json!(["riptide", "ndr"])),
            Just(json!([1, 2])),
        ]
    }

    proptest! {
        /// Any params: options or a named refusal, never a panic.
        #[test]
        fn start_params_take_anything(
            entries in proptest::collection::vec(
                (prop_oneof![Just("goals"), Just("min_load"), Just("max_load"), Just("trial"), Just("final_trial"),
                    Just("width"), Just("simulate"), Just("cores"), Just("pin"), Just("profile"), Just("command"),
                    Just("frame_sizes"), Just("latency"), Just("bogus")], value()),
                0..6,
            )
        ) {
            let obj: serde_json::Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            match start_params(&Value::Object(obj)) {
                Ok(p) => { let _ = p.options.check(); }
                Err(e) => prop_assert!(e.message.starts_with("ndr_start: "), "{}", e.message),
            }
        }

        /// Likewise `soak_start`'s: a soak's options, checked, or a named refusal.
        #[test]
        fn soak_params_take_anything(
            entries in proptest::collection::vec(
                (prop_oneof![Just("load"), Just("duration"), Just("interval"), Just("latency"), Just("cores"),
                    Just("pin"), Just("realtime"), Just("profile"), Just("command"), Just("bogus")], value()),
                0..6,
            )
        ) {
            let obj: serde_json::Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            if let Err(e) = soak_params(&Value::Object(obj)) {
                prop_assert!(e.message.starts_with("soak_start: "), "{}", e.message);
            }
        }

        /// Likewise `b2b_start`'s: the test's options, checked, or a named refusal.
        #[test]
        fn b2b_params_take_anything(
            entries in proptest::collection::vec(
                (prop_oneof![Just("frame_sizes"), Just("throughput"), Just("repetitions"), Just("max_burst_time"),
                    Just("step"), Just("verify"), Just("idle"), Just("actual_rate"), Just("bidirectional"),
                    Just("cores"), Just("pin"), Just("profile"), Just("command"), Just("bogus")], value()),
                0..6,
            )
        ) {
            let obj: serde_json::Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            if let Err(e) = b2b_params(&Value::Object(obj)) {
                prop_assert!(e.message.starts_with("b2b_start: "), "{}", e.message);
            }
        }

        /// Likewise `rfc2889_start`'s (the PLRsearch options of `soak_start` too).
        #[test]
        fn rfc2889_and_plr_params_take_anything(
            entries in proptest::collection::vec(
                (prop_oneof![Just("test"), Just("flush"), Just("addresses"), Just("min_addresses"),
                    Just("learn_rate"), Just("min_rate"), Just("resolution"), Just("test_rate"), Just("size"),
                    Just("mac"), Just("settle"), Just("realtime"), Just("profile"), Just("plr"),
                    Just("target_loss"), Just("samples"), Just("trial_step"), Just("bogus")], value()),
                0..6,
            ),
            test in prop_oneof![Just(json!("caching")), Just(json!("learning")), Just(json!(7))],
        ) {
            let mut obj: serde_json::Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            if let Err(e) = soak_params(&Value::Object(obj.clone())) {
                prop_assert!(e.message.starts_with("soak_start: "), "{}", e.message);
            }
            obj.insert("test".into(), test);
            if let Err(e) = rfc2889_params(&Value::Object(obj)) {
                prop_assert!(e.message.starts_with("rfc2889_start: "), "{}", e.message);
            }
        }

        /// `rfc9411_start`'s params: anything is read or refused by name, never a panic.
        #[test]
        fn rfc9411_params_take_anything(
            entries in proptest::collection::vec(
                (prop_oneof![Just("flush"), Just("client"), Just("server"), Just("object_size"),
                    Just("object_sizes"), Just("transactions"), Just("hold"), Just("max_cps"), Just("min_cps"),
                    Just("cps"), Just("connections"), Just("ramp_up"), Just("sustain"), Just("ramp_down"),
                    Just("failure_ratio"), Just("settle"), Just("profile"), Just("bogus")], value()),
                0..6,
            ),
            test in prop_oneof![Just(json!("cps")), Just(json!("latency")), Just(json!("throughput")),
                Just(json!("concurrent")), Just(json!(7))],
        ) {
            let mut obj: serde_json::Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            obj.insert("test".into(), test);
            if let Err(e) = rfc9411_params(&Value::Object(obj)) {
                prop_assert!(e.message.starts_with("rfc9411_start: "), "{}", e.message);
            }
        }
    }

    #[test]
    fn soak_numbers_read_as_the_command_line_writes_them() {
        let p = soak_params(&json!({"load": 5000, "duration": 60, "interval": 0.5})).unwrap();
        assert_eq!(
            (p.options.load.as_str(), p.options.duration.as_str(), p.options.interval.as_str()),
            ("5000pps", "60s", "0.5s")
        );
        assert_eq!(p.command, ["riptide-daemon", "soak_start"]);
        let e = soak_params(&json!({"duration": 60})).err().unwrap();
        assert!(e.message.contains("soak_start: --load"), "{}", e.message);
    }

    #[test]
    fn numbers_read_as_the_command_line_writes_them() {
        let p = start_params(&json!({"min_load": 5000, "trial": 0.5, "width": 0.005, "simulate": "1mpps"})).unwrap();
        assert_eq!(
            (p.options.min_load.as_str(), p.options.trial.as_str(), p.options.width.as_str()),
            ("5000pps", "0.5s", "0.005")
        );
        assert_eq!(p.command, ["riptide-daemon", "ndr_start"]);
        let e = start_params(&json!({"goalz": 1})).err().unwrap();
        assert!(e.message.contains("unknown field `goalz`"), "{}", e.message);
    }
}
