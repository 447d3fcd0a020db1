//! `riptide lab up|down|status|flush`: the two-port namespace ring (see `riptide_port::lab`).

use crate::Failure;
use clap::{Args, Subcommand};
use riptide_port::lab::{self, DutMode, LabError};

#[derive(Args, Debug)]
pub(crate) struct LabArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand, Debug)]
enum Action {
    /// Build the ring: namespace riptide-tg (ports rt0, rt1) and a DUT namespace riptide-dut.
    Up {
        /// How the DUT forwards: route (kernel IPv4 routing), bridge (with a monitor leg to rt2;
        /// bridge,fdb=N: it learns at most N addresses; bridge,learn=RATE: its learning leg
        /// takes in at most RATE frames/s), none (rt0 and rt1 joined directly), or limit:RATE[,burst=N] (routing, each leg's input limited to RATE
        /// packets/s by nftables, a token bucket of N packets, RATE/100 by default: a DUT of
        /// known capacity), nat (routing through nftables conntrack and source NAT;
        /// nat,conntrack=N: at most N connections at once), testpmd (DPDK's dpdk-testpmd forwarding between
        /// af_packet vdevs) or ovs (Open vSwitch's userspace datapath).
        #[arg(long, default_value = "route")]
        dut: String,
    },
    /// Remove the ring, and stop whatever still runs inside it.
    Down,
    /// Show the ring: DUT mode, interface counters, XDP programs attached.
    Status,
    /// Empty the DUT's state: the bridge forgets the addresses it learned (its static
    /// entries stay), the nat DUT its connection count.
    Flush,
}

fn fail(e: LabError) -> Failure {
    match e {
        LabError::NotRoot(_) | LabError::Unsupported(_) | LabError::AlreadyUp(_) => Failure::input(e.to_string()),
        LabError::Step { .. } => Failure::runtime(e.to_string()),
    }
}

pub(crate) fn lab(a: LabArgs) -> Result<(), Failure> {
    match a.action {
        Action::Up { dut } => {
            let mode: DutMode = dut.parse().map_err(|e: String| Failure::input(format!("--dut: {e}")))?;
            lab::up(mode).map_err(fail)?;
            print_plan(mode);
            Ok(())
        }
        Action::Down => {
            let r = lab::down().map_err(fail)?;
            if r.namespaces.is_empty() {
                println!("lab: nothing to remove");
            } else {
                println!("lab: removed namespaces {}", r.namespaces.join(", "));
            }
            if !r.processes.is_empty() {
                let p: Vec<String> = r.processes.iter().map(u32::to_string).collect();
                println!("lab: stopped processes still inside: {}", p.join(" "));
            }
            Ok(())
        }
        Action::Flush => lab::flush().map_err(fail),
        Action::Status => {
            let st = lab::status().map_err(fail)?;
            let Some(mode) = st.mode else {
                println!("lab: down (riptide lab up builds it)");
                return Ok(());
            };
            let fwd = match st.forwarding {
                Some(true) => ", forwarding",
                Some(false) => ", NOT forwarding",
                None => "",
            };
            println!("lab: up, dut {mode}{fwd}");
            if let Some(l) = st.learning {
                let max =
                    if l.max_learned == 0 { "no limit".to_string() } else { format!("at most {}", l.max_learned) };
                println!("bridge br0: {} addresses learned ({max})", l.learned);
            }
            println!(
                "{:<12} {:<5} {:>14} {:>14} {:>10} {:>14} {:>14} {:>10}  xdp",
                "namespace", "if", "rx_packets", "rx_bytes", "rx_drop", "tx_packets", "tx_bytes", "tx_drop"
            );
            for i in &st.interfaces {
                let c = i.counters;
                println!(
                    "{:<12} {:<5} {:>14} {:>14} {:>10} {:>14} {:>14} {:>10}  {}",
                    i.ns,
                    i.name,
                    c.rx_packets,
                    c.rx_bytes,
                    c.rx_dropped,
                    c.tx_packets,
                    c.tx_bytes,
                    c.tx_dropped,
                    if i.xdp { "attached" } else { "-" }
                );
            }
            Ok(())
        }
    }
}

fn print_plan(mode: DutMode) {
    let [p0, p1] = lab::PORTS;
    println!("lab: up, dut {mode}");
    for p in [p0, p1] {
        println!(
            "  {}/{}  {}/24  {}  gateway {} {}",
            lab::TG_NS,
            p.name,
            p.ip,
            lab::mac_str(&p.mac),
            p.gateway_ip,
            lab::mac_str(&p.gateway_mac)
        );
    }
    if let DutMode::Bridge(_) = mode {
        let m = lab::MONITOR;
        println!(
            "  {}/{}  {}/24  {}  monitor (receives what the bridge floods)",
            lab::TG_NS,
            m.name,
            m.ip,
            lab::mac_str(&m.mac)
        );
    }
    println!(
        "try: riptide run profiles/lab/udp64.yaml --netns {} --port afpacket:{} --port afpacket:{} -n 1000000",
        lab::TG_NS,
        p0.name,
        p1.name
    );
}
