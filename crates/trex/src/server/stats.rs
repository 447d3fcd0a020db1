//! Counters: port, global and packet-group statistics in TRex's shapes, from the engine's
//! snapshots (its packet groups from riptide's tags).

use super::*;

impl Trex {
    /// The running run's snapshot (none between runs).
    pub(super) fn snapshot(&mut self) -> Option<Snapshot> {
        self.snapshot_of(Command::Snapshot)
    }

    /// The running run's snapshot as `ask` asks for it (with histograms or not).
    pub(super) fn snapshot_of(&mut self, ask: Command) -> Option<Snapshot> {
        if self.run.is_some() {
            if let Ok(Response::Stats(s)) = self.engine.handle(ask) {
                return Some(*s);
            }
        }
        None
    }

    /// A port's counters (ended runs and the running one) and rates (the running one).
    pub(super) fn port_figures(&mut self, port: usize) -> Figures {
        // Counters over every run: the engine's totals (the one rule of counters that only grow).
        let c = self.totals().get(port).copied().unwrap_or_default();
        let mut f = Figures {
            opackets: c.opackets,
            obytes: c.obytes,
            oerrors: c.oerrors,
            ipackets: c.ipackets,
            ibytes: c.ibytes,
            ierrors: c.ierrors,
            ..Figures::default()
        };
        // Rates over the last second (TRex's are recent too): a port started late or
        // stopped early shows its own rate, not the run's average.
        if let Some([opps, obps, ipps, ibps]) = self.samples.rates(port, Instant::now(), &c) {
            let fcs = FCS_LEN as f64;
            f.tx_pps = opps;
            f.tx_bps = (obps + opps * fcs) * 8.0;
            f.tx_bps_l1 = (obps + opps * (fcs + L1_OVERHEAD as f64)) * 8.0;
            f.rx_pps = ipps;
            f.rx_bps = (ibps + ipps * fcs) * 8.0;
            let line = self.line_rate(port);
            f.util = if line > 0.0 { 100.0 * f.tx_bps_l1 / line } else { 0.0 };
        }
        f
    }

    /// A port's line rate, b/s (its link's speed where it has one).
    pub(super) fn line_rate(&self, port: usize) -> f64 {
        let opts = self.engine.config().port_options();
        self.engine.config().ports.get(port).map_or(0.0, |p| p.caps(&opts).line_rate.0)
    }

    pub(super) fn global_stats(&mut self) -> Value {
        let n = self.ports.len();
        let figs: Vec<Figures> = (0..n).map(|i| self.port_figures(i)).collect();
        let sum = |f: &dyn Fn(&Figures) -> f64| figs.iter().map(f).sum::<f64>();
        let cpu = self.snapshot().map_or(0.0, |s| {
            let w = &s.workers;
            if w.is_empty() {
                0.0
            } else {
                w.iter().map(|w| w.cpu_util).sum::<f64>() / w.len() as f64
            }
        });
        let (tx_pkts, rx_pkts) =
            (figs.iter().map(|f| f.opackets).sum::<u64>(), figs.iter().map(|f| f.ipackets).sum::<u64>());
        let (tx_bytes, rx_bytes) =
            (figs.iter().map(|f| f.obytes).sum::<u64>(), figs.iter().map(|f| f.ibytes).sum::<u64>());
        let errors = figs.iter().map(|f| f.oerrors + f.ierrors).sum::<u64>();
        json!({
            "m_cpu_util": cpu, "m_cpu_util_raw": cpu,
            "m_tx_bps": sum(&|f| f.tx_bps), "m_rx_bps": sum(&|f| f.rx_bps),
            "m_tx_pps": sum(&|f| f.tx_pps), "m_rx_pps": sum(&|f| f.rx_pps),
            "m_total_tx_pkts": tx_pkts, "m_total_rx_pkts": rx_pkts,
            "m_total_tx_bytes": tx_bytes, "m_total_rx_bytes": rx_bytes,
            "m_tx_rx_error": errors,
            "cpu_util": cpu, "tx_bps": sum(&|f| f.tx_bps), "rx_bps": sum(&|f| f.rx_bps),
            "tx_pps": sum(&|f| f.tx_pps), "rx_pps": sum(&|f| f.rx_pps),
            "total_tx_pkts": tx_pkts, "total_rx_pkts": rx_pkts, "total_tx_bytes": tx_bytes, "total_rx_bytes": rx_bytes,
            "tx_rx_error": errors,
            "state": if self.run.is_some() { "active" } else { "owned" },
        })
    }

    /// TRex's `trex-global` publication: the global figures and each port's with a
    /// `-N` suffix.
    pub(super) fn global_message(&mut self, baseline: bool) -> Value {
        let mut data = match self.global_stats() {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        for port in 0..self.ports.len() {
            if let Value::Object(m) = port_stats(&self.port_figures(port)) {
                for (k, v) in m {
                    data.insert(format!("{k}-{port}"), v);
                }
            }
        }
        json!({"name": "trex-global", "type": 0, "data": data, "baseline": baseline})
    }

    /// `get_pgid_stats` as TRex's server answers it (its client turns the short keys
    /// into `tx_pkts`, `rx_pkts`, ... per port): per pg_id `tp`/`tb`/`tps`/`tbs` by
    /// sending port, `rp`/`rb` by receiving port (ended runs and the running one); for
    /// latency pg_ids `lat` (µs; the running or last run: TRex's `histogram` and its
    /// `hdrh` with them) and the error counters `er`.
    pub(super) fn pgid_stats(&mut self, want: &[u16]) -> Value {
        let ports = self.ports.len();
        let snap = self.snapshot_of(Command::SnapshotWithHistograms);
        let current = match (&snap, &self.run) {
            (Some(s), Some(r)) => pg_counts(s, &r.groups, ports),
            _ => BTreeMap::new(),
        };
        // Latency of the running run, or of the last: its streams' records merged by pg_id
        // (a stream's tag id is the run's own, not its pg_id).
        let latency = match (&snap, &self.run, &self.last) {
            (Some(s), Some(r), _) => pg_latency(s, &r.groups),
            (None, _, Some((r, s))) => pg_latency(s, &r.groups),
            _ => BTreeMap::new(),
        };
        let (mut flows, mut lat, mut ver) = (Map::new(), Map::new(), Map::new());
        for &id in want {
            let mut c = PgCounts::new(ports);
            let (b, n) = (self.base_pg.get(&id), current.get(&id));
            if b.is_none() && n.is_none() {
                continue;
            }
            for x in [b, n].into_iter().flatten() {
                c.add(x);
            }
            let by_port = |f: &dyn Fn(usize) -> Value| -> Map<String, Value> {
                (0..ports).map(|p| (p.to_string(), f(p))).collect()
            };
            let rate = |k: usize| move |p: usize| json!(n.and_then(|n| n.rates.get(p)).map_or(0.0, |r| r[k]));
            flows.insert(
                id.to_string(),
                json!({
                    "tp": by_port(&|p| json!(c.tx[p][0])),
                    "tb": by_port(&|p| json!(c.tx[p][1])),
                    "tps": by_port(&rate(0)),
                    "tbs": by_port(&rate(1)),
                    "rp": by_port(&|p| json!(c.rx[p][0])),
                    "rb": by_port(&|p| json!(c.rx[p][1])),
                    "rps": by_port(&|_| json!(0.0)),
                    "rbs": by_port(&|_| json!(0.0)),
                }),
            );
            ver.insert(id.to_string(), json!(0));
            if c.latency {
                let us = |ns: f64| ns / 1000.0;
                let rec = latency.get(&id).map(|r| &r.0);
                let source = latency.get(&id).map(|r| r.1.as_str());
                let summary = rec.map(riptide_measure::Latency::peek);
                let l = summary.as_ref();
                let e = c.err;
                let mut figures = json!({
                    "average": l.map_or(0.0, |l| us(l.mean_ns)),
                    "total_max": l.map_or(0.0, |l| us(l.max_ns as f64)),
                    "last_max": l.map_or(0.0, |l| us(l.window_max_ns as f64)),
                    "jit": l.map_or(0.0, |l| us(l.jitter_ns)),
                    "total_min": l.map_or(0.0, |l| us(l.min_ns as f64)),
                });
                // TRex's server has a histogram only once it counted something (and its
                // older clients take the smallest key for `total_min`).
                let (histogram, hdrh) = trex_histograms(rec);
                if !histogram.is_empty() {
                    figures["histogram"] = Value::Object(histogram);
                }
                figures["hdrh"] = json!(hdrh);
                // riptide's: whose departure times these are (kernel, user, virtual).
                if let Some(src) = source {
                    figures["source"] = json!(src);
                }
                lat.insert(
                    id.to_string(),
                    json!({
                        "lat": figures,
                        "er": {"drp": e[0], "ooo": e[1], "dup": e[2], "sth": e[3], "stl": e[4]},
                    }),
                );
            }
        }
        let zeros: Map<String, Value> = (0..ports).map(|p| (p.to_string(), json!(0))).collect();
        flows.insert("g".into(), json!({"rx_err": zeros.clone(), "tx_err": zeros}));
        lat.insert("global".into(), json!({"old_flow": 0, "bad_hdr": 0}));
        json!({"flow_stats": flows, "latency": lat, "ver_id": ver})
    }

    // ------------------------------------------------------------------ events
}

#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Figures {
    pub(super) opackets: u64,
    pub(super) obytes: u64,
    pub(super) oerrors: u64,
    pub(super) ipackets: u64,
    pub(super) ibytes: u64,
    pub(super) ierrors: u64,
    pub(super) tx_pps: f64,
    pub(super) tx_bps: f64,
    pub(super) tx_bps_l1: f64,
    pub(super) rx_pps: f64,
    pub(super) rx_bps: f64,
    pub(super) util: f64,
}

/// A port's counters under TRex's names (and the spec's).
pub(super) fn port_stats(f: &Figures) -> Value {
    json!({
        "opackets": f.opackets, "obytes": f.obytes, "oerrors": f.oerrors,
        "ipackets": f.ipackets, "ibytes": f.ibytes, "ierrors": f.ierrors,
        "m_total_tx_pps": f.tx_pps, "m_total_tx_bps": f.tx_bps, "m_total_tx_bps_L1": f.tx_bps_l1,
        "m_total_rx_pps": f.rx_pps, "m_total_rx_bps": f.rx_bps,
        "m_cpu_util": f.util,
        "tx_pps": f.tx_pps, "tx_bps": f.tx_bps, "rx_pps": f.rx_pps, "rx_bps": f.rx_bps,
        "total_tx_pkts": f.opackets, "total_rx_pkts": f.ipackets, "total_tx_bytes": f.obytes, "total_rx_bytes": f.ibytes,
        "tx_rx_error": f.oerrors + f.ierrors,
    })
}

/// A port's counters in a snapshot: opackets, obytes, oerrors, ipackets, ibytes, ierrors.
/// One packet group's counters.
#[derive(Clone, Debug, Default)]
pub(super) struct PgCounts {
    /// Packets and bytes by sending port.
    pub(super) tx: Vec<[u64; 2]>,
    /// Packets and bytes by receiving port.
    pub(super) rx: Vec<[u64; 2]>,
    /// Packets and L2 bits per second by sending port (the running run only).
    pub(super) rates: Vec<[f64; 2]>,
    /// Lost, out of order, duplicates, too high, too low.
    pub(super) err: [u64; 5],
    pub(super) latency: bool,
}

impl PgCounts {
    pub(super) fn new(ports: usize) -> Self {
        PgCounts {
            tx: vec![[0; 2]; ports],
            rx: vec![[0; 2]; ports],
            rates: vec![[0.0; 2]; ports],
            ..Default::default()
        }
    }

    pub(super) fn add(&mut self, o: &PgCounts) {
        for (a, b) in self.tx.iter_mut().zip(&o.tx).chain(self.rx.iter_mut().zip(&o.rx)) {
            a[0] += b[0];
            a[1] += b[1];
        }
        for (a, b) in self.err.iter_mut().zip(o.err) {
            *a += b;
        }
        self.latency |= o.latency;
    }
}

/// TRex's `histogram` (its own buckets) and `hdrh` (the HDR histogram in µs, base64) of a
/// latency group's record: empty ones where nothing was measured yet (TRex's server,
/// started with `--hdrh`, always has the second).
pub(super) fn trex_histograms(rec: Option<&riptide_measure::Latency>) -> (Map<String, Value>, String) {
    let empty = riptide_measure::Latency::default();
    let rec = rec.unwrap_or(&empty);
    let buckets = rec.trex_histogram().into_iter().map(|(k, n)| (k.to_string(), json!(n))).collect();
    (buckets, rec.trex_hdrh())
}

/// The latency records of a run's snapshot by pg_id: each latency stream's (rebuilt from
/// its figures and histogram) merged into its group's, with the source of its departure
/// times (`mixed` where a group's streams measured from different clocks).
pub(super) fn pg_latency(
    s: &Snapshot,
    groups: &HashMap<String, PacketGroup>,
) -> BTreeMap<u16, (riptide_measure::Latency, String)> {
    let mut out: BTreeMap<u16, (riptide_measure::Latency, String)> = BTreeMap::new();
    for l in &s.latency {
        let Some(g) = groups.get(&l.stream) else { continue };
        let Some(rec) = l.hdr.as_deref().and_then(|h| riptide_measure::Latency::decode(&l.summary, h).ok()) else {
            continue;
        };
        let source = l.source.clone().unwrap_or_else(|| "user".into());
        match out.entry(g.id) {
            std::collections::btree_map::Entry::Occupied(mut e) => {
                let (rec_all, src) = e.get_mut();
                rec_all.merge(&rec);
                if *src != source {
                    *src = "mixed".into();
                }
            }
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert((rec, source));
            }
        }
    }
    out
}

/// The packet groups' counters in a run's snapshot (streams mapped to pg_ids by name).
pub(super) fn pg_counts(s: &Snapshot, groups: &HashMap<String, PacketGroup>, ports: usize) -> BTreeMap<u16, PgCounts> {
    let mut out: BTreeMap<u16, PgCounts> = BTreeMap::new();
    for st in &s.streams {
        let Some(g) = groups.get(&st.name).filter(|g| !g.tpg) else { continue };
        let c = out.entry(g.id).or_insert_with(|| PgCounts::new(ports));
        c.latency |= g.latency;
        let port = usize::from(st.port);
        if let (Some(t), Some(r)) = (c.tx.get_mut(port), c.rates.get_mut(port)) {
            // TRex counts a packet group's bytes with their CRC (its example
            // stl_flow_stats.py checks packets x (length + 4)).
            t[0] += st.opackets;
            t[1] += st.obytes + FCS_LEN as u64 * st.opackets;
            r[0] += st.achieved_pps;
            // L2 (frames with FCS), as TRex's tx_bps.
            r[1] += (st.achieved_bps_l1 - st.achieved_pps * (L1_OVERHEAD * 8) as f64).max(0.0);
        }
        if let Some(rx) = &st.rx {
            for p in &rx.ports {
                if let Some(x) = c.rx.get_mut(p.port) {
                    x[0] += p.rx_packets;
                    x[1] += p.rx_bytes + FCS_LEN as u64 * p.rx_packets;
                }
            }
            for (a, b) in
                c.err.iter_mut().zip([rx.lost, rx.out_of_order, rx.duplicates, rx.seq_too_high, rx.seq_too_low])
            {
                *a += b;
            }
        }
    }
    out
}
