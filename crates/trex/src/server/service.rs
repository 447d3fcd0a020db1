//! Captures and pushed packets (TRex's service-mode calls): `capture` and `push_pkts`.

use super::*;

impl Trex {
    /// TRex's `capture {command: start|stop|fetch|remove|status}` on the engine's
    /// captures (as TRex's server, any client of the server may capture: its client sends
    /// no port handler with it); frames come as TRex sends them
    /// (base64, `origin` TX/RX, `ts` in seconds on the start's clock, `index`).
    pub(super) fn capture(&mut self, p: &Params) -> Result<Value, Failure> {
        use riptide_engine::{CaptureAnswer as A, CaptureOp as O};
        let id = || -> Result<u32, Failure> {
            let v =
                p.get("capture_id").and_then(Value::as_u64).ok_or_else(|| bad("capture_id: a capture id expected"))?;
            u32::try_from(v).map_err(|_| bad(format!("capture_id {v}: no such capture")))
        };
        let op = match p.get("command").and_then(Value::as_str) {
            Some("start") => {
                let ports = |key: &str| -> Result<Vec<u16>, Failure> {
                    let list = p.get(key).and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
                    let mut out = Vec::with_capacity(list.len());
                    for v in list {
                        let port = v
                            .as_u64()
                            .and_then(|x| u16::try_from(x).ok())
                            .filter(|&x| usize::from(x) < self.ports.len())
                            .ok_or_else(|| bad(format!("{key}: {v} is no port of this server")))?;
                        out.push(port);
                    }
                    Ok(out)
                };
                let (tx, rx) = (ports("tx")?, ports("rx")?);
                let limit = p.get("limit").and_then(Value::as_u64).unwrap_or(1000);
                let limit = usize::try_from(limit).map_err(|_| bad(format!("limit {limit}: too large")))?;
                let cyclic = match p.get("mode").and_then(Value::as_str).unwrap_or("fixed") {
                    "fixed" => false,
                    "cyclic" => true,
                    m => {
                        return Err(bad(format!(
                            "mode: '{}' is neither fixed nor cyclic",
                            m.chars().take(32).collect::<String>()
                        )))
                    }
                };
                if p.get("endpoint").and_then(Value::as_str).is_some_and(|e| !e.is_empty()) {
                    return Err(exec(
                        "capture endpoints (pcapng to a file or ZeroMQ): not served by riptide; fetch the packets",
                    ));
                }
                let filter = p.get("filter").and_then(Value::as_str).unwrap_or_default();
                if filter.len() > 4096 {
                    return Err(bad("filter: a BPF expression of at most 4096 bytes expected"));
                }
                O::Start(riptide_engine::CaptureSpec { tx, rx, limit, cyclic, filter: filter.to_string() })
            }
            Some("stop") => O::Stop { id: id()? },
            Some("fetch") => {
                let max = p.get("pkt_limit").and_then(Value::as_u64).unwrap_or(50).clamp(1, 10_000) as usize;
                // Frames in base64 take 4/3 of their bytes: 8 MiB of them fit a reply with
                // room to spare; the client fetches until nothing is pending.
                O::Fetch { id: id()?, max, max_bytes: 8 << 20 }
            }
            Some("remove") => O::Remove { id: id()? },
            Some("status") => O::Status,
            Some(c) => {
                return Err(bad(format!(
                    "command: '{}' is none of start, stop, fetch, remove, status",
                    c.chars().take(32).collect::<String>()
                )))
            }
            None => return Err(bad("command: missing (status, start, stop, fetch, remove)")),
        };
        let secs = |ns: u64| ns as f64 / 1e9;
        match self.engine.handle(Command::Capture(op)) {
            Ok(Response::Capture(A::Started { id, start_unix_ns })) => {
                Ok(json!({"capture_id": id, "start_ts": secs(start_unix_ns)}))
            }
            Ok(Response::Capture(A::Stopped { count })) => Ok(json!({"pkt_count": count})),
            Ok(Response::Capture(A::Frames { frames, pending, start_unix_ns })) => {
                use base64::Engine as _;
                let pkts: Vec<Value> = frames
                    .iter()
                    .map(|f| {
                        json!({
                            "binary": base64::engine::general_purpose::STANDARD.encode(&f.data),
                            "port": f.port, "index": f.index, "ts": secs(f.unix_ns),
                            "origin": if f.tx { "TX" } else { "RX" },
                        })
                    })
                    .collect();
                Ok(json!({"pkts": pkts, "pending": pending, "start_ts": secs(start_unix_ns)}))
            }
            Ok(Response::Capture(A::Removed)) => Ok(json!({})),
            Ok(Response::Capture(A::Status(all))) => Ok(Value::Array(
                all.iter()
                    .map(|c| {
                        let mask = |ports: &[u16]| {
                            ports.iter().fold(0u64, |m, &p| m | 1u64.checked_shl(u32::from(p)).unwrap_or(0))
                        };
                        json!({
                            "id": c.id, "matched": c.matched, "fetched": c.matched.saturating_sub(c.count as u64),
                            "filter": {"tx": mask(&c.spec.tx), "rx": mask(&c.spec.rx), "bpf": c.spec.filter},
                            "state": if c.running { "ACTIVE" } else { "STOPPED" },
                            "count": c.count, "bytes": c.bytes, "limit": c.spec.limit,
                            "mode": if c.spec.cyclic { "cyclic" } else { "fixed" },
                        })
                    })
                    .collect(),
            )),
            Ok(_) => Err(exec("capture: unexpected engine answer")),
            Err(e) => Err(exec(e.to_string())),
        }
    }

    /// TRex's `push_pkts`: the client's packets out of an idle port, `ipg_usec` apart
    /// (at most 10,000 of them), as a start of that port alone in the engine's per-port
    /// run, reported by no port event (TRex sends them on its service path).
    pub(super) fn push_pkts(&mut self, p: &Params) -> Result<Value, Failure> {
        const MAX_PUSH: usize = 10_000;
        let port = self.port(p)?;
        if self.owners.owner(port).is_none() {
            return Err(exec(format!("port {port} is not acquired")));
        }
        if self.ports[port].tx != Tx::Idle {
            return Err(exec(format!("port {port} transmits: riptide pushes packets only on an idle port")));
        }
        let pkts = p.get("pkts").and_then(Value::as_array).ok_or_else(|| bad("pkts: a list of packets expected"))?;
        if pkts.is_empty() || pkts.len() > MAX_PUSH {
            return Err(bad(format!("pkts: 1 to {MAX_PUSH} packets expected, got {}", pkts.len())));
        }
        let ipg =
            p.get("ipg_usec").map_or(Some(0.0), Value::as_f64).filter(|g| g.is_finite() && *g >= 0.0 && *g <= 1e6);
        let ipg = ipg.ok_or_else(|| bad("ipg_usec: microseconds from 0 to 1,000,000 expected"))?;
        let (src, dst) = self.macs(port);
        let mac = |m: &str| -> Vec<u8> { m.split(':').filter_map(|x| u8::from_str_radix(x, 16).ok()).collect() };
        let mut streams = Vec::with_capacity(pkts.len());
        for (k, pkt) in pkts.iter().enumerate() {
            let at = |what: &str| format!("pkts[{k}].{what}");
            let b64 = pkt.get("binary").and_then(Value::as_str).ok_or_else(|| bad(at("binary: base64 expected")))?;
            use base64::Engine as _;
            let mut frame = base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .map_err(|e| bad(format!("{}: not base64 ({e})", at("binary"))))?;
            if !(14..=9216).contains(&frame.len()) {
                return Err(bad(format!("{}: {} bytes: 14 to 9216 expected", at("binary"), frame.len())));
            }
            if pkt.get("use_port_dst_mac").and_then(Value::as_bool).unwrap_or(false) {
                frame[..6].copy_from_slice(&mac(&dst));
            }
            if pkt.get("use_port_src_mac").and_then(Value::as_bool).unwrap_or(false) {
                frame[6..12].copy_from_slice(&mac(&src));
            }
            let hex: String = frame.iter().map(|b| format!("{b:02x}")).collect();
            let mut st = json!({
                "name": format!("push{port}.{k}"), "port": port, "frame": hex,
                "rate": {"pps": 1e6}, "mode": {"burst": {"packets": 1}},
            });
            if k > 0 {
                st["self_start"] = json!(false);
                st["isg"] = json!(format!("{}ns", (ipg * 1e3).round() as u64));
            }
            if k + 1 < pkts.len() {
                st["next"] = json!(format!("push{port}.{}", k + 1));
            }
            streams.push(st);
        }
        let text = serde_json::to_string(&json!({ "streams": streams })).map_err(|e| exec(e.to_string()))?;
        self.sync();
        self.engine.handle(Command::load_profile(text, "push_pkts")).map_err(|e| exec(e.to_string()))?;
        let opts = StartOptions { ports: Some(vec![port as u16]), ..Default::default() };
        self.engine.handle(Command::Start(opts)).map_err(|e| exec(e.to_string()))?;
        if self.run.is_none() {
            self.last = None;
            self.samples = Samples::default();
            self.run = Some(RunInfo::default());
        }
        Ok(json!({}))
    }
}
