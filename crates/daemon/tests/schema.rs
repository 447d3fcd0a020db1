//! The daemon against the API's one definition, python/riptide/api_schema.json.
//!
//! Drift either way fails here: a method the daemon answers but the schema lacks (or
//! the reverse), a result with a field the schema does not describe, params the schema
//! allows but the daemon refuses, or params the schema forbids but the daemon takes.
//! The Python tests check the client against the same file with the `jsonschema`
//! library; this side uses the small validator below (the subset the file uses).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_daemon::{rpc, serve, ServerConfig, ServerHandle, API_VERSION, SCHEMA};
use riptide_engine::EngineConfig;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

fn schema() -> Value {
    serde_json::from_str(SCHEMA).unwrap()
}

/// Validates `v` against `s` (resolving `#/$defs/..` in `root`); returns the first
/// mismatch as "path: why".
fn check(root: &Value, s: &Value, v: &Value, path: &str) -> Result<(), String> {
    let fail = |why: String| Err(format!("{path}: {why} (value {v})"));
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.strip_prefix("#/$defs/").expect("local refs only");
        check(root, &root["$defs"][name], v, path)?;
    }
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::String(t) => vec![t.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => panic!("bad type in schema"),
        };
        let ok = types.iter().any(|t| match *t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            other => panic!("type {other}"),
        });
        if !ok {
            return fail(format!("not of type {types:?}"));
        }
    }
    if let Some(c) = s.get("const") {
        if c != v {
            return fail(format!("expected {c}"));
        }
    }
    if let Some(e) = s.get("enum").and_then(Value::as_array) {
        if !e.contains(v) {
            return fail(format!("not one of {e:?}"));
        }
    }
    if let Some(x) = v.as_f64() {
        if s.get("minimum").and_then(Value::as_f64).is_some_and(|m| x < m) {
            return fail("below minimum".into());
        }
        if s.get("maximum").and_then(Value::as_f64).is_some_and(|m| x > m) {
            return fail("above maximum".into());
        }
        if s.get("exclusiveMinimum").and_then(Value::as_f64).is_some_and(|m| x <= m) {
            return fail("not above exclusiveMinimum".into());
        }
    }
    if let (Some(n), Some(t)) = (s.get("minLength").and_then(Value::as_u64), v.as_str()) {
        if (t.chars().count() as u64) < n {
            return fail("too short".into());
        }
    }
    if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
        if !any.iter().any(|a| check(root, a, v, path).is_ok()) {
            return fail("matches none of anyOf".into());
        }
    }
    if let Some(a) = v.as_array() {
        if s.get("minItems").and_then(Value::as_u64).is_some_and(|n| (a.len() as u64) < n) {
            return fail("too few items".into());
        }
        if let Some(items) = s.get("items") {
            for (i, x) in a.iter().enumerate() {
                check(root, items, x, &format!("{path}[{i}]"))?;
            }
        }
    }
    if let Some(o) = v.as_object() {
        if s.get("maxProperties").and_then(Value::as_u64).is_some_and(|n| (o.len() as u64) > n) {
            return fail("too many properties".into());
        }
        for r in s.get("required").and_then(Value::as_array).into_iter().flatten() {
            let r = r.as_str().unwrap();
            if !o.contains_key(r) {
                return fail(format!("missing '{r}'"));
            }
        }
        let props = s.get("properties").and_then(Value::as_object);
        for (k, x) in o {
            match props.and_then(|p| p.get(k)) {
                Some(ps) => check(root, ps, x, &format!("{path}.{k}"))?,
                None if s.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return fail(format!("'{k}' is not in the schema"));
                }
                None => {}
            }
        }
    }
    Ok(())
}

fn method<'a>(root: &'a Value, m: &str) -> &'a Value {
    root["methods"].get(m).unwrap_or_else(|| panic!("schema has no method {m}"))
}

#[test]
fn methods_and_version_agree() {
    let s = schema();
    let in_schema: BTreeSet<&str> = s["methods"].as_object().unwrap().keys().map(String::as_str).collect();
    let in_daemon: BTreeSet<&str> = rpc::METHODS.iter().copied().collect();
    assert_eq!(in_schema, in_daemon, "methods differ between the schema and rpc::METHODS");
    assert_eq!(s["api_version"]["major"], json!(API_VERSION.0));
    assert_eq!(s["api_version"]["minor"], json!(API_VERSION.1));
}

#[test]
fn the_validator_catches_what_it_should() {
    let s = schema();
    let snap = &s["$defs"]["Snapshot"];
    assert!(check(&s, snap, &json!({}), "stats").unwrap_err().contains("missing"));
    let start = &method(&s, "start")["params"];
    assert!(check(&s, start, &json!({"cores": 0}), "p").is_err());
    assert!(check(&s, start, &json!({"cores": 2, "multiplier": "5mpps"}), "p").is_ok());
    assert!(check(&s, start, &json!({"multiplier": -1}), "p").is_err());
    assert!(check(&s, start, &json!({"bogus": 1}), "p").unwrap_err().contains("bogus"));
}

struct Client {
    w: TcpStream,
    r: BufReader<TcpStream>,
    id: u64,
}

impl Client {
    fn new(h: &ServerHandle) -> Client {
        let w = TcpStream::connect(h.addr).unwrap();
        w.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let r = BufReader::new(w.try_clone().unwrap());
        Client { w, r, id: 0 }
    }

    fn raw(&mut self, method: &str, params: &Value) -> Value {
        self.id += 1;
        let line = json!({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}).to_string();
        self.w.write_all(format!("{line}\n").as_bytes()).unwrap();
        let mut s = String::new();
        self.r.read_line(&mut s).unwrap();
        serde_json::from_str(&s).unwrap()
    }

    /// Calls `method` with params valid by the schema; the daemon must accept them and
    /// its result must be valid by the schema.
    fn valid(&mut self, s: &Value, m: &str, params: Value) -> Value {
        check(s, &method(s, m)["params"], &params, &format!("{m} params")).unwrap();
        let reply = self.raw(m, &params);
        let Some(result) = reply.get("result") else { panic!("{m} {params}: schema-valid params refused: {reply}") };
        if let Err(e) = check(s, &method(s, m)["result"], result, &format!("{m} result")) {
            panic!("{e}");
        }
        result.clone()
    }

    /// Params the schema forbids: the daemon must refuse them with INVALID_PARAMS.
    fn invalid(&mut self, s: &Value, m: &str, params: Value) {
        assert!(check(s, &method(s, m)["params"], &params, m).is_err(), "{m} {params}: the schema allows it");
        let reply = self.raw(m, &params);
        assert_eq!(reply["error"]["code"], json!(rpc::code::INVALID_PARAMS), "{m} {params}: {reply}");
    }
}

#[test]
fn every_method_answers_as_the_schema_says() {
    let s = schema();
    let profiles = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../profiles");
    let h = serve(ServerConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        engine: EngineConfig::default(),
        data_dir: Some(profiles),
        ..ServerConfig::default()
    })
    .unwrap();
    let mut c = Client::new(&h);
    c.valid(&s, "ping", json!({}));
    c.valid(&s, "version", json!({"api_major": API_VERSION.0}));
    c.valid(&s, "schema", json!({}));
    c.valid(&s, "ports", json!({}));
    let host = c.valid(&s, "host", json!({}));
    assert!(host["calibration_lines"].as_array().is_some_and(|l| !l.is_empty()), "{host}");
    c.valid(&s, "state", json!({}));
    c.valid(&s, "stats", json!({}));
    c.valid(&s, "auth", json!({"token": "x"}));
    c.valid(&s, "acquire", json!({"force": false}));
    c.valid(&s, "load_profile", json!({"text": "streams:\n  - name: a\n    rate: 1kpps\n", "source": "t.yaml"}));
    c.valid(&s, "add_streams", json!({"streams": [{"name": "b", "rate": "2kpps", "port": 0}], "seed": 3}));
    c.valid(&s, "add_streams", json!({"streams": [{"rate": "1kpps"}]}));
    let listed = c.valid(&s, "list_streams", json!({}));
    let names: Vec<&str> = listed["streams"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["a", "b", "s2"]);
    assert_eq!(c.valid(&s, "remove_streams", json!({"names": ["a"]}))["streams"], 2);
    c.valid(&s, "start", json!({"duration": 300_000_000u64, "multiplier": 2, "cores": 1, "catch_up": null}));
    c.valid(&s, "update", json!({"multiplier": "10kpps"}));
    c.valid(&s, "pause", json!({}));
    c.valid(&s, "resume", json!({}));
    c.valid(&s, "clear_stats", json!({}));
    riptide_testkit::wait_for(Duration::from_secs(60), "the run to end", || {
        c.valid(&s, "state", json!({}))["state"] != "running"
    });
    let fin = c.valid(&s, "stop", json!({}));
    assert!(fin["streams"][0]["opackets"].as_u64().unwrap() > 0, "{fin}");
    // A synchronized start: at_unix_ns 50 ms ahead; the run reports when it began.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64;
    let at = now + 50_000_000;
    c.valid(&s, "start", json!({"duration": 100_000_000u64, "at_unix_ns": at}));
    let snap = c.valid(&s, "stats", json!({}));
    assert_eq!(snap["start_unix_ns"], json!(at), "{snap}");
    c.valid(&s, "stop", json!({}));
    // A segment of a split run (API 1.16): the schema and the daemon agree on it.
    c.valid(&s, "start", json!({"count": 10, "segment": {"index": 1, "count": 4}}));
    c.valid(&s, "stop", json!({}));
    // A longer receive window after the last frame (API 1.17), and one past the limit.
    c.valid(&s, "start", json!({"count": 10, "drain": 200_000_000u64}));
    c.valid(&s, "stop", json!({}));
    // A stateful run on the daemon's port (null: virtual time), on two cores.
    assert_eq!(c.valid(&s, "stf_stats", json!({}))["state"], "idle");
    let path = "stf/udp10.yaml";
    c.valid(&s, "stf_start", json!({"path": path, "duration": 1.5, "multiplier": 2, "cores": 2, "scheduler": "pq"}));
    let again = c.raw("stf_start", &json!({"path": path}));
    assert_eq!(again["error"]["code"], json!(rpc::code::ENGINE), "one stateful run at a time: {again}");
    riptide_testkit::wait_for(Duration::from_secs(60), "the stateful run to end", || {
        c.valid(&s, "stf_stats", json!({}))["state"] != "running"
    });
    assert_eq!(c.valid(&s, "stf_stats", json!({}))["m_total_open_flows"], 300, "200 cps for 1.5 s");
    let rep = c.valid(&s, "stf_stop", json!({}));
    assert_eq!((&rep["m_total_open_flows"], &rep["tx_packets"], &rep["cores"]), (&300.into(), &3000.into(), &2.into()));
    assert_eq!(rep["series"].as_array().unwrap().len(), 2, "{rep}");
    let none = c.raw("stf_stop", &json!({}));
    assert_eq!(none["error"]["code"], json!(rpc::code::ENGINE), "{none}");
    let missing = c.raw("stf_start", &json!({"path": "/nonexistent/p.yaml"}));
    assert!(missing["error"]["message"].as_str().unwrap().contains("/nonexistent/p.yaml"), "{missing}");
    // The throughput search: a simulated DUT, then one on the null port whose trials
    // receive nothing (it fails after two, saying why).
    let n = c.valid(&s, "ndr_start", json!({"simulate": "1mpps", "max_load": 2e6, "trial": 0.5, "goals": "ndr=0"}));
    riptide_testkit::wait_for(Duration::from_secs(60), "the search to end", || {
        c.valid(&s, "ndr_progress", json!({"search": n["search"]}))["state"] != "running"
    });
    let p = c.valid(&s, "ndr_progress", json!({"search": n["search"], "since": 1}));
    assert!(p["next"].as_u64().unwrap() > 1, "{p}");
    let r = c.valid(&s, "ndr_results", json!({"search": n["search"], "files": true}));
    assert!(r["files"]["report.md"].is_string(), "{r}");
    assert_eq!(c.valid(&s, "ndr_cancel", json!({}))["state"], "done");
    c.valid(&s, "load_profile", json!({"text": "streams:\n  - {name: t, rate: 1kpps, flow_stats: {id: 1}}\n"}));
    let n = c.valid(
        &s,
        "ndr_start",
        json!({"min_load": "1kpps", "max_load": "2kpps", "trial": "0.1s",
        "final_trial": "0.1s", "duration_sum": "0.2s", "latency": "off"}),
    );
    riptide_testkit::wait_for(Duration::from_secs(60), "the search to end", || {
        c.valid(&s, "ndr_progress", json!({}))["state"] != "running"
    });
    let p = c.valid(&s, "ndr_progress", json!({"search": n["search"]}));
    assert_eq!(p["state"], "failed", "{p}");
    assert!(p["error"].as_str().unwrap().contains("received none of the test's frames"), "{p}");
    let failed = c.raw("ndr_results", &json!({}));
    assert!(failed["error"]["message"].as_str().unwrap().contains("failed"), "{failed}");
    c.valid(&s, "release", json!({}));
    let not_owner = c.raw("stf_start", &json!({"path": path}));
    assert_eq!(not_owner["error"]["code"], json!(rpc::code::NOT_OWNER), "{not_owner}");

    for (m, bad) in [
        ("stf_start", json!({})),
        ("stf_start", json!({"path": "p.yaml", "cores": 0})),
        ("stf_start", json!({"path": "p.yaml", "bogus": 1})),
        ("stf_stats", json!({"x": 1})),
        ("ndr_start", json!({"goalz": "ndr=0"})),
        ("ndr_start", json!({"cores": 0, "simulate": "1mpps"})),
        ("soak_start", json!({})),
        ("soak_start", json!({"load": "1kpps", "loadz": 1})),
        ("b2b_start", json!({"repetitions": 0})),
        ("b2b_start", json!({"verify": 11})),
        ("b2b_start", json!({"throughput": "1mpps", "bogus": 1})),
        ("rfc2889_start", json!({})),
        ("rfc2889_start", json!({"test": "caching", "flush": "all"})),
        ("rfc2889_start", json!({"test": "caching", "addresses": 0})),
        ("rfc9411_start", json!({})),
        ("rfc9411_start", json!({"test": "cps", "flush": "all"})),
        ("rfc9411_start", json!({"test": "cps", "max_cps": 0})),
        ("ndr_progress", json!({"since": -1})),
        ("ndr_results", json!({"files": "yes"})),
        ("start", json!({"cores": "many"})),
        ("start", json!({"bogus": 1})),
        ("start", json!({"duration": -5})),
        ("start", json!({"segment": {"index": 1}})),
        ("start", json!({"segment": "1/4"})),
        ("start", json!({"count": 10, "drain": "soon"})),
        ("update", json!({})),
        ("load_profile", json!({"source": "x"})),
        ("add_streams", json!({"streams": []})),
        ("add_streams", json!({"streams": [{}], "extra": 1})),
        ("remove_streams", json!({"names": "a"})),
        ("acquire", json!({"force": "yes"})),
        ("stats", json!({"x": 1})),
        ("ping", json!({"x": 1})),
    ] {
        // Owned methods need ownership first, or the refusal would be NOT_OWNER.
        c.valid(&s, "acquire", json!({}));
        c.invalid(&s, m, bad);
    }
    // A subscribe notification carries a schema-valid snapshot.
    let reply = c.raw("subscribe", &json!({"interval_ms": 50}));
    check(&s, &method(&s, "subscribe")["result"], &reply["result"], "subscribe").unwrap();
    let mut line = String::new();
    c.r.read_line(&mut line).unwrap();
    let note: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(note["method"], "stats");
    check(&s, &s["$defs"]["Snapshot"], &note["params"], "notification").unwrap();
}
