//! `riptide lab up|down|status|flush`: the two-port namespace ring (see `riptide_port::lab`).

use crate::Failure;
use clap::{Args, Subcommand};
use riptide_port::lab::{self, DutMode, Lab, LabError};

#[derive(Args, Debug)]
pub(crate) struct LabArgs {
    #[command(subcommand)]
    action: Action,
    /// Which lab: its namespaces are NAME-tg and NAME-dut, so labs of different names
    /// coexist on one host (default: riptide, namespaces riptide-tg and riptide-dut; `lab
    /// status` without a name shows every lab up).
    #[arg(long, global = true, env = "RIPTIDE_LAB", value_name = "NAME")]
    name: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Action {
    /// Build the ring: namespace NAME-tg (ports rt0, rt1) and a DUT namespace NAME-dut
    /// (riptide-tg and riptide-dut by default).
    Up {
        /// How the DUT forwards: route (kernel IPv4 routing), bridge (with a monitor leg to rt2;
        /// bridge,fdb=N: it learns at most N addresses; bridge,learn=RATE: its learning leg
        /// takes in at most RATE frames/s), none (rt0 and rt1 joined directly), or limit:RATE[,burst=N] (routing, each leg's input limited to RATE
        /// packets/s by nftables, a token bucket of N packets, RATE/100 by default: a DUT of
        /// known capacity), nat (routing through nftables conntrack and source NAT;
        /// nat,conntrack=N: at most N connections at once), testpmd (DPDK's dpdk-testpmd forwarding between
        /// af_packet vdevs) or ovs (Open vSwitch's userspace datapath, a rule per direction;
        /// ovs,fdb=N: a learning switch of N addresses with the monitor leg to rt2).
        #[arg(long, default_value = "route")]
        dut: String,
    },
    /// Remove the ring, and stop whatever still runs inside it.
    Down,
    /// Show the ring: DUT mode, interface counters, XDP programs attached (every lab up,
    /// without --name).
    Status,
    /// Empty the DUT's state: the bridge forgets the addresses it learned (its static
    /// entries stay), the nat DUT its connection count.
    Flush,
    /// The impair DUT's forwarder, which `lab up --dut impair` starts in the DUT
    /// namespace (dut0 <-> dut1, frames unchanged, through the impairments).
    Forward {
        /// What the forwarder does to frames, each direction on its own: link:'s
        /// impairments (delay=DURATION, loss=P%, reorder=P%, dup=P%, rate=RATE, queue=N, ...).
        #[arg(long, default_value = "")]
        impair: String,
        /// Where its figures go (JSON, rewritten about once a second while they change).
        #[arg(long, value_name = "FILE")]
        stats: Option<std::path::PathBuf>,
    },
}

fn fail(e: LabError) -> Failure {
    match e {
        LabError::NotRoot(_) | LabError::Unsupported(_) | LabError::AlreadyUp(..) => Failure::input(e.to_string()),
        LabError::Step { .. } => Failure::runtime(e.to_string()),
    }
}

/// "lab" for the default lab, "lab NAME" for another: how output lines start.
fn title(l: &Lab) -> String {
    if l.is_default() {
        "lab".into()
    } else {
        format!("lab {}", l.name())
    }
}

pub(crate) fn lab(a: LabArgs) -> Result<(), Failure> {
    let named = match &a.name {
        Some(n) => Some(Lab::named(n).map_err(|e| Failure::input(format!("--name: {e}")))?),
        None => None,
    };
    let one = named.clone().unwrap_or_default();
    match a.action {
        Action::Up { dut } => {
            let mode: DutMode = dut.parse().map_err(|e: String| Failure::input(format!("--dut: {e}")))?;
            lab::up(&one, mode).map_err(fail)?;
            print_plan(&one, mode);
            Ok(())
        }
        Action::Down => {
            let r = lab::down(&one).map_err(fail)?;
            let t = title(&one);
            if r.namespaces.is_empty() {
                println!("{t}: nothing to remove");
            } else {
                println!("{t}: removed namespaces {}", r.namespaces.join(", "));
            }
            if !r.processes.is_empty() {
                let p: Vec<String> = r.processes.iter().map(u32::to_string).collect();
                println!("{t}: stopped processes still inside: {}", p.join(" "));
            }
            Ok(())
        }
        Action::Flush => lab::flush(&one).map_err(fail),
        Action::Forward { impair, stats } => forward(&impair, stats.as_deref()),
        Action::Status => {
            let labs = match named {
                Some(l) => vec![l],
                None => lab::list(),
            };
            if labs.is_empty() {
                println!("lab: down (riptide lab up builds it)");
            }
            for l in &labs {
                show(l)?;
            }
            Ok(())
        }
    }
}

/// `lab forward`: riptide's forwarder between dut0 and dut1 of the namespace it runs in
/// (the impair DUT's process), until SIGTERM or SIGINT.
fn forward(impair: &str, stats: Option<&std::path::Path>) -> Result<(), Failure> {
    use riptide_port::forward;
    use riptide_port::impair::Impairments;
    let cfg = Impairments::parse(impair).map_err(|e| Failure::input(format!("--impair: {e}")))?;
    let legs = [lab::PORTS[0].dut_if, lab::PORTS[1].dut_if];
    crate::signal::install();
    let mut ready = || {
        let what = if impair.is_empty() { "unimpaired" } else { impair };
        println!("forwarding {} <-> {} ({what})", legs[0], legs[1]);
    };
    let mut report = |s: &forward::ForwardStats| {
        if let Some(path) = stats {
            // Rewritten whole: a reader sees the last figures or the ones before. The
            // temporary file is created exclusively, no link followed (the directory may
            // be one others write); one left by a crash makes the update wait, not follow it.
            use std::io::Write;
            use std::os::unix::fs::OpenOptionsExt;
            let tmp = path.with_extension(format!("json.{}.tmp", std::process::id()));
            let text = serde_json::to_string(s).unwrap_or_default();
            let wrote = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o644)
                .custom_flags(libc::O_NOFOLLOW)
                .open(&tmp)
                .and_then(|mut f| f.write_all(text.as_bytes()));
            match wrote {
                Ok(()) => {
                    let _ = std::fs::rename(&tmp, path);
                }
                Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                    let _ = std::fs::remove_file(&tmp);
                }
                Err(_) => {}
            }
        }
    };
    let fin = forward::run(legs, cfg, &mut ready, &mut report, &crate::signal::interrupted)
        .map_err(|e| Failure::runtime(format!("forwarder: {e}")))?;
    for (d, s) in fin.directions.iter().enumerate() {
        println!("{}", direction_line(d, s));
    }
    Ok(())
}

/// One direction of the impair DUT's forwarder, as `lab status` and its log print it.
fn direction_line(d: usize, s: &riptide_port::forward::DirectionStats) -> String {
    let legs = [lab::PORTS[0].dut_if, lab::PORTS[1].dut_if];
    format!(
        "forwarder {} -> {}: {} received, {} forwarded, {} lost, {} reordered, {} duplicated, {} dropped (queue \
         full), {} too long, {} refused, {} dropped (ring full)",
        legs[d],
        legs[1 - d],
        s.received,
        s.forwarded,
        s.lost,
        s.reordered,
        s.duplicated,
        s.held_full,
        s.too_long,
        s.send_failed,
        s.ring_full
    )
}

/// `lab status` of one lab.
fn show(l: &Lab) -> Result<(), Failure> {
    let t = title(l);
    let st = lab::status(l).map_err(fail)?;
    let Some(mode) = st.mode else {
        let up = if l.is_default() { String::new() } else { format!(" --name {}", l.name()) };
        println!("{t}: down (riptide lab up{up} builds it)");
        return Ok(());
    };
    let fwd = match st.forwarding {
        Some(true) => ", forwarding",
        Some(false) => ", NOT forwarding",
        None => "",
    };
    println!("{t}: up, dut {mode}{fwd}");
    if let Some(l) = st.learning {
        let max = if l.max_learned == 0 { "no limit".to_string() } else { format!("at most {}", l.max_learned) };
        println!("bridge br0: {} addresses learned ({max})", l.learned);
    }
    if let DutMode::Impair(_) = mode {
        let text = std::fs::read_to_string(lab::forward_stats_path(l)).unwrap_or_default();
        match serde_json::from_str::<riptide_port::forward::ForwardStats>(&text) {
            Ok(f) => {
                for (d, s) in f.directions.iter().enumerate() {
                    println!("{}", direction_line(d, s));
                }
            }
            Err(_) => println!("forwarder: no figures yet (it writes them each second while they change)"),
        }
    }
    let w = st.interfaces.iter().map(|i| i.ns.len()).max().unwrap_or(0).max(12);
    println!(
        "{:<w$} {:<5} {:>14} {:>14} {:>10} {:>14} {:>14} {:>10}  xdp",
        "namespace", "if", "rx_packets", "rx_bytes", "rx_drop", "tx_packets", "tx_bytes", "tx_drop"
    );
    for i in &st.interfaces {
        let c = i.counters;
        println!(
            "{:<w$} {:<5} {:>14} {:>14} {:>10} {:>14} {:>14} {:>10}  {}",
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

fn print_plan(l: &Lab, mode: DutMode) {
    let [p0, p1] = lab::PORTS;
    println!("{}: up, dut {mode}", title(l));
    for p in [p0, p1] {
        println!(
            "  {}/{}  {}/24  {}  gateway {} {}",
            l.tg(),
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
            l.tg(),
            m.name,
            m.ip,
            lab::mac_str(&m.mac)
        );
    }
    println!(
        "try: riptide run profiles/lab/udp64.yaml --netns {} --port afpacket:{} --port afpacket:{} -n 1000000",
        l.tg(),
        p0.name,
        p1.name
    );
}
