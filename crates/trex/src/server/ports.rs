//! Ports: who holds them, their state, attributes and status as TRex reports them, and the
//! system information TRex's client reads first.

use super::*;

impl Trex {
    pub(super) fn port(&self, p: &Params) -> Result<usize, Failure> {
        let v = p.get("port_id").ok_or_else(|| bad("port_id: missing"))?;
        v.as_u64().filter(|&n| (n as usize) < self.ports.len()).map(|n| n as usize).ok_or_else(|| {
            bad(format!("port_id: {v} is no port of this server (0 to {})", self.ports.len().saturating_sub(1)))
        })
    }

    /// The port, which the caller must own (its `handler`).
    pub(super) fn owned(&self, p: &Params) -> Result<usize, Failure> {
        let port = self.port(p)?;
        let handler = p.get("handler").and_then(Value::as_str).unwrap_or_default().to_string();
        self.owners.check(port, &handler).map(|_| port).map_err(|e| exec(refused(&e)))
    }

    /// The user owning the port, or "".
    pub(super) fn owner_name(&self, port: usize) -> &str {
        self.owners.owner(port).map_or("", |o| o.user.as_str())
    }

    /// The port's streams do not transmit: they may be removed. An ASTF run is none of
    /// them (no stream starts while one goes on), as in TRex, whose client's `reset()`
    /// removes every port's streams before it stops a run its last owner left going.
    pub(super) fn idle(&self, port: usize) -> Result<(), Failure> {
        if self.ports[port].tx != Tx::Idle && !self.astf_running() {
            return Err(exec(format!("port {port} is transmitting: stop it first")));
        }
        Ok(())
    }

    pub(super) fn state_name(&self, port: usize) -> &'static str {
        match (self.ports[port].tx, self.streams.is_empty(port)) {
            (Tx::Active, _) => "TX",
            (Tx::Paused, _) => "PAUSE",
            (Tx::Idle, true) => "IDLE",
            (Tx::Idle, false) => "STREAMS",
        }
    }

    pub(super) fn speed_gb(&self) -> f64 {
        self.engine.config().line_rate.0 / 1e9
    }

    /// The port's (source, destination) MAC as text: the configuration's, else the
    /// locally administered ones riptide's streams default to.
    pub(super) fn macs(&self, port: usize) -> (String, String) {
        let (src, dst) = self.engine.config().macs.get(port).copied().unwrap_or((None, None));
        let text = |m: Option<[u8; 6]>, d: [u8; 6]| {
            m.unwrap_or(d).iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(":")
        };
        (text(src, [2, 0, 0, 0, 0, 1]), text(dst, [2, 0, 0, 0, 0, 2]))
    }

    pub(super) fn attrs(&self, port: usize) -> Value {
        let (src, dst) = self.macs(port);
        json!({
            "promiscuous": {"enabled": self.ports[port].promiscuous},
            "link": {"up": true},
            "fc": {"mode": 0},
            "multicast": {"enabled": false},
            "speed": self.speed_gb(),
            "rx_filter_mode": "hw",
            "vlan": {"tags": []},
            // L2 mode (TRex's default without service mode): the packet's addresses go out.
            "layer_cfg": {
                "ether": {"src": src, "dst": dst, "state": "configured"},
                "ipv4": {"state": "none"},
                "ipv6": {"enabled": false},
            },
        })
    }

    pub(super) fn port_status(&self, port: usize) -> Value {
        let state = self.state_name(port);
        json!({
            "owner": self.owner_name(port),
            "state": state,
            "max_stream_id": self.streams.last_key(port).copied().unwrap_or(0),
            "speed": self.speed_gb() * 1000.0,
            "attr": self.attrs(port),
            "service": self.ports[port].service,
            "service_filtered": false,
            "rx_info": {
                "queue": {"is_active": false},
                "grat_arp": {"is_active": false},
                "latency": {"is_active": false},
            },
            "profile_count": 1,
            "state_profile": {"_": state},
        })
    }

    pub(super) fn system_info(&self) -> Value {
        let cfg = self.engine.config();
        let ports: Vec<Value> = cfg
            .ports
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let mac = |m: Option<[u8; 6]>| {
                    m.map(|b| b.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(":")).unwrap_or_default()
                };
                let (src, dst) = cfg.macs.get(i).copied().unwrap_or((None, None));
                json!({
                    "index": i,
                    "driver": format!("riptide-{}", spec.driver()),
                    "description": spec.name(),
                    "pci_addr": "",
                    "numa": -1,
                    "stack": "linux",
                    "hw_mac": mac(src), "src_macaddr": mac(src), "dst_macaddr": mac(dst),
                    "is_virtual": true,
                    "is_fc_supported": false, "is_led_supported": false, "is_link_supported": false,
                    // Promiscuous mode is an attribute riptide keeps (set_port_attr); the rest
                    // TRex's current client reads and riptide's ports do not change.
                    "is_prom_supported": true, "is_vxlan_supported": false, "is_ieee1588_supported": false,
                    "cores": [i],
                    "speed": self.speed_gb(),
                    "supp_speeds": [self.speed_gb() * 1000.0],
                    "rx": {"caps": ["flow_stats", "latency", "rx_bytes"], "counters": 65536},
                })
            })
            .collect();
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split(':').nth(1))
                    .map(|s| s.trim().to_string())
            })
            .unwrap_or_default();
        json!({
            "core_type": cpu,
            "dp_core_count": 1,
            "dp_core_count_per_port": 1,
            "hostname": self.hostname,
            "uptime": format!("{} s", self.started.elapsed().as_secs()),
            "port_count": ports.len(),
            "ports": ports,
        })
    }

    // ------------------------------------------------------------------ runs
}
