//! Traffic: starts gathered into one engine run, the run's stop, pause and end, and what
//! the engine reports back as port events.

use super::*;

impl Trex {
    pub(super) fn start_traffic(&mut self, p: &Params, index: usize) -> Result<Value, Failure> {
        let port = self.owned(p)?;
        profile_id(p)?;
        if self.astf_running() {
            return Err(exec("an ASTF profile transmits on every port: stop it first"));
        }
        let force = p.get("force").and_then(Value::as_bool).unwrap_or(false);
        if self.ports[port].tx != Tx::Idle {
            if !force {
                return Err(exec(format!("port {port} is already transmitting (start with force to restart it)")));
            }
            self.stop_ports(&[port], event::PORT_STOPPED)?;
        }
        if !self.streams.by_key(port).any(|(_, e)| e.value.riptide.get("enabled") != Some(&json!(false))) {
            return Err(exec(format!("port {port} has no enabled stream to send")));
        }
        // A tagged packet group's stream needs the context (answered now, not as a port
        // error after the start's answer).
        for (id, e) in self.streams.by_key(port) {
            if let Some(g) = e.value.group.filter(|g| g.tpg) {
                self.tpg_stream(port, *id, g.id)?;
            }
        }
        let mul = translate::multiplier(p.get("mul").unwrap_or(&Value::Null)).map_err(bad)?;
        let duration =
            match p.get("duration").map(|v| v.as_f64().ok_or_else(|| bad("duration: seconds expected"))).transpose()? {
                None => None,
                Some(d) if d < 0.0 => None,
                Some(d) if d.is_finite() && d > 0.0 && d <= 365.0 * 86400.0 => Some(Nanos((d * 1e9).round() as u64)),
                Some(d) => {
                    return Err(bad(format!("duration: {d}: seconds (positive, at most a year) or -1 expected")))
                }
            };
        if p.get("start_at_ts").and_then(Value::as_f64).is_some_and(|t| t != 0.0) {
            return Err(exec("start_at_ts: a delayed start is not supported by riptide's TRex server yet"));
        }
        if self.armed.iter().any(|a| a.port == port) {
            return Err(exec(format!("port {port} is already being started")));
        }
        if self.armed.is_empty() {
            self.armed_at = Some(Instant::now());
        }
        self.armed.push(Arm { port, mul, duration, message: self.message, reply: index });
        Ok(json!({"multiplier": mul_value(&mul), "ts": self.started.elapsed().as_secs_f64()}))
    }

    /// Starts the gathered ports as one run. A failure turns the replies of this
    /// message's starts into errors, and is a port error event for starts answered
    /// before (TRex's client learns of a port that did not start the same way).
    pub(super) fn commit(&mut self, mut replies: Option<&mut [Value]>) {
        let armed = std::mem::take(&mut self.armed);
        self.armed_at = None;
        if armed.is_empty() {
            return;
        }
        if let Err((code, msg)) = self.start_run(&armed) {
            let ports: Vec<usize> = armed.iter().map(|a| a.port).collect();
            eprintln!("riptide: TRex start of ports {ports:?} failed: {msg}");
            for a in &armed {
                match replies.as_deref_mut().and_then(|r| r.get_mut(a.reply)).filter(|_| a.message == self.message) {
                    Some(r) => {
                        let id = r.get("id").cloned().unwrap_or(Value::Null);
                        *r = error_reply(&id, code, &msg);
                    }
                    None => {
                        // Answered before it failed: TRex's client counts the port as
                        // transmitting until it hears it stopped (a port error alone is a
                        // warning to it, and wait_on_traffic would wait for ever).
                        self.emit(event::PORT_ERROR, json!({"port_id": a.port, "profile_id": "_", "error": msg}));
                        self.emit(event::PORT_STOPPED, json!({"port_id": a.port, "profile_id": "_"}));
                    }
                }
            }
        }
    }

    /// Starts what waited long enough for other ports, notices runs that ended, and
    /// samples the counters for rates.
    pub fn poll(&mut self) {
        if self.armed_at.is_some_and(|t| t.elapsed() >= GATHER) {
            self.commit(None);
        }
        self.sync();
        if self.samples.due() {
            let ports = self.totals();
            self.samples.push(Instant::now(), ports);
        }
    }

    /// Every port's counters since the server began (the engine's totals).
    pub(super) fn totals(&mut self) -> Vec<PortCounters> {
        let mut out = vec![PortCounters::default(); self.ports.len()];
        if let Ok(Response::Totals(t)) = self.engine.handle(Command::Totals) {
            for p in &t.ports {
                if let Some(o) = out.get_mut(p.index) {
                    *o = p.counters;
                }
            }
        }
        out
    }

    /// Starts the gathered ports: those sharing a multiplier and a duration at one
    /// instant, each such set as its own start of the engine's per-port run.
    pub(super) fn start_run(&mut self, armed: &[Arm]) -> Result<(), Failure> {
        let mut sets: Vec<(Multiplier, Option<Nanos>, Vec<usize>)> = Vec::new();
        for a in armed {
            match sets.iter_mut().find(|(m, d, _)| *m == a.mul && *d == a.duration) {
                Some(s) => s.2.push(a.port),
                None => sets.push((a.mul, a.duration, vec![a.port])),
            }
        }
        for (mul, duration, ports) in sets {
            self.start_ports(&ports, mul, duration)?;
        }
        Ok(())
    }

    /// Starts `ports` with their streams: a new engine run when none goes on, else into
    /// the running one while its other ports go on.
    pub(super) fn start_ports(
        &mut self,
        ports: &[usize],
        mul: Multiplier,
        duration: Option<Nanos>,
    ) -> Result<(), Failure> {
        // A run that ended (a simulated one runs ahead of the clock) is put away first.
        self.sync();
        let first_tag = self.run.as_ref().map_or(0, |r| r.next_tag);
        let (text, groups, next_tag) = self.profile_of(ports, first_tag)?;
        self.engine.handle(Command::load_profile(text, "trex")).map_err(|e| exec(e.to_string()))?;
        let list = Some(ports.iter().map(|&p| p as u16).collect());
        let opts =
            StartOptions { duration, multiplier: mul, ports: list, timestamps: self.timestamps, ..Default::default() };
        self.engine.handle(Command::Start(opts)).map_err(|e| exec(e.to_string()))?;
        let run = match &mut self.run {
            Some(r) => r,
            None => {
                // The last run's figures stay readable until this one starts.
                self.last = None;
                self.samples = Samples::default();
                self.run.insert(RunInfo::default())
            }
        };
        run.groups.extend(groups);
        run.next_tag = next_tag;
        for &port in ports {
            if !run.ports.contains(&port) {
                run.ports.push(port);
            }
        }
        for &port in ports {
            self.ports[port].tx = Tx::Active;
            self.emit(event::PORT_STARTED, json!({"port_id": port, "profile_id": "_"}));
        }
        Ok(())
    }

    /// Stops `ports` of the run (`ev` the event each reports); the run itself once no
    /// port of it transmits.
    pub(super) fn stop_ports(&mut self, ports: &[usize], ev: u64) -> Result<(), Failure> {
        let Some(run) = &self.run else { return Ok(()) };
        let others = run.ports.iter().any(|p| !ports.contains(p) && self.ports[*p].tx != Tx::Idle);
        if !others {
            return self.stop(ev);
        }
        let list = ports.iter().filter(|&&p| self.ports[p].tx != Tx::Idle).map(|&p| p as u16).collect();
        let r = self.engine.handle(Command::Ports { ports: list, op: PortOp::Stop });
        for &port in ports {
            if self.ports[port].tx != Tx::Idle {
                self.ports[port].tx = Tx::Idle;
                self.emit(if r.is_ok() { ev } else { event::PORT_ERROR }, json!({"port_id": port, "profile_id": "_"}));
            }
        }
        r.map(|_| ()).map_err(|e| exec(e.to_string()))
    }

    /// The riptide profile of the ports' streams (their tags numbered from `first_tag`),
    /// their packet groups by name, and the next tag id.
    pub(super) fn profile_of(
        &self,
        ports: &[usize],
        first_tag: u32,
    ) -> Result<(String, HashMap<String, PacketGroup>, u32), Failure> {
        let mut streams = Vec::new();
        let mut groups = HashMap::new();
        let mut tag = first_tag;
        let mut vlans = None;
        for &port in ports {
            for (id, e) in self.streams.by_key(port) {
                let e = &e.value;
                if let Some(next) = e.next {
                    if !self.streams.contains(port, &next) {
                        return Err(exec(format!(
                            "stream {id} on port {port}: next_stream_id {next} is no stream of the port"
                        )));
                    }
                }
                let mut stream = e.riptide.clone();
                if let Some(g) = e.group.filter(|g| g.tpg) {
                    vlans = Some(self.tpg_stream(port, *id, g.id)?);
                }
                if let Some(g) = e.group {
                    groups.insert(translate::stream_name(port as u16, *id), g);
                    if tag > u32::from(u16::MAX) {
                        return Err(exec("this run has counted 65,536 packet groups: stop every port to start afresh"));
                    }
                    let key = if g.latency { "latency" } else { "flow_stats" };
                    if let Some(t) = stream.get_mut(key) {
                        t["id"] = json!(tag);
                    }
                    tag += 1;
                }
                streams.push(stream);
            }
        }
        if streams.is_empty() {
            return Err(exec(format!("ports {ports:?} hold no stream")));
        }
        let profile = match vlans {
            Some(v) => json!({ "streams": streams, "vlans": v }),
            None => json!({ "streams": streams }),
        };
        let text = serde_json::to_string(&profile).map_err(|e| exec(e.to_string()))?;
        riptide_engine::check_profile(&text, "trex").map_err(|e| exec(e.to_string()))?;
        Ok((text, groups, tag))
    }

    /// Stops the run; `ev` is the event each of its ports reports.
    pub(super) fn stop(&mut self, ev: u64) -> Result<(), Failure> {
        let Some(run) = self.run.take() else { return Ok(()) };
        let snap = match self.engine.handle(Command::Stop) {
            Ok(Response::Stats(s)) => Some(*s),
            Ok(_) => None,
            Err(e) => {
                self.finish_ports(&run, event::PORT_ERROR);
                return Err(exec(e.to_string()));
            }
        };
        self.finish_ports(&run, ev);
        if let Some(s) = snap {
            for (id, c) in pg_counts(&s, &run.groups, self.ports.len()) {
                self.base_pg.entry(id).or_insert_with(|| PgCounts::new(self.ports.len())).add(&c);
            }
            self.tpg_run_ended(&s, &run.groups);
            self.last = Some((run, s));
        }
        Ok(())
    }

    /// The run's ports still transmitting go idle, each reporting `ev`.
    pub(super) fn finish_ports(&mut self, run: &RunInfo, ev: u64) {
        for &port in &run.ports {
            if self.ports[port].tx != Tx::Idle {
                self.ports[port].tx = Tx::Idle;
                self.emit(ev, json!({"port_id": port, "profile_id": "_"}));
            }
        }
    }

    /// Notices ports whose traffic ended by itself (bursts sent, duration over), and a
    /// run whose workers ended.
    pub fn sync(&mut self) {
        self.astf_sync();
        if self.run.is_none() {
            return;
        }
        if let Ok(Response::State(RunState::Finished | RunState::Stopped)) = self.engine.handle(Command::State) {
            let _ = self.stop(event::PORT_JOB_DONE);
            return;
        }
        if let Ok(Response::Lanes(lanes)) = self.engine.handle(Command::Lanes) {
            let done: Vec<usize> = (0..self.ports.len())
                .filter(|&p| lanes.get(p) == Some(&Lane::Done) && self.ports[p].tx == Tx::Active)
                .collect();
            if !done.is_empty() {
                let _ = self.stop_ports(&done, event::PORT_JOB_DONE);
            }
            // A run of pushed packets only ends when they are out.
            let idle = self.ports.iter().all(|p| p.tx == Tx::Idle);
            if self.run.is_some() && idle && !lanes.iter().any(|l| matches!(l, Lane::Active | Lane::Paused)) {
                let _ = self.stop(event::PORT_STOPPED);
            }
        }
    }

    /// Stops traffic (the server is going away).
    pub fn shutdown(&mut self) {
        let _ = self.stop(event::PORT_STOPPED);
        let _ = self.astf_end(None);
    }

    // ------------------------------------------------------------------ stats
}
