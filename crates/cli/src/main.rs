//! `riptide`: the command line.
//!
//! Every subcommand builds [`riptide_engine::Command`]s and hands them to an
//! [`riptide_engine::Engine`], exactly as the daemon will: the CLI owns
//! argument parsing and printing, nothing else.

mod astf_sim;
mod b2b;
mod bench;
mod bench_tcp;
mod calibrate;
mod console;
mod cores;
mod debug;
mod drive;
mod files;
mod generate;
mod lab;
mod merge;
mod merge_split;
mod merge_stateful;
mod ndr;
mod pktgen;
mod place;
mod portcfg;
mod report;
mod rfc2889;
mod rfc9411;
mod run;
mod serve;
mod signal;
mod soak;
mod stf;
mod tcp;
mod trex;
mod unrouted;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// A failure with its exit status: 2 for bad input (profile, arguments, paths),
/// 1 for failures while running.
#[derive(Debug)]
pub(crate) struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    pub(crate) fn input(message: impl Into<String>) -> Self {
        Failure { code: 2, message: message.into() }
    }
    pub(crate) fn runtime(message: impl Into<String>) -> Self {
        Failure { code: 1, message: message.into() }
    }
    /// Stopped by Ctrl-C or SIGTERM before there was anything to report (130, as shells
    /// report SIGINT, like a run the signal cut short).
    pub(crate) fn interrupted(message: impl Into<String>) -> Self {
        Failure { code: 130, message: message.into() }
    }
}

impl From<riptide_engine::EngineError> for Failure {
    fn from(e: riptide_engine::EngineError) -> Self {
        use riptide_engine::EngineError as E;
        match e {
            E::Port(riptide_port::PortError::File { .. })
            | E::Port(riptide_port::PortError::Spec { .. })
            | E::Profile(_)
            | E::Config(_)
            | E::Input(_)
            | E::NoProfile => Failure::input(e.to_string()),
            other => Failure::runtime(other.to_string()),
        }
    }
}

#[derive(Parser)]
#[command(name = "riptide", version, about = "A software traffic generator and network benchmarking toolkit")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a stateless profile on ports and print the stats.
    Run(run::RunArgs),
    /// Print the first packets of a profile decoded, without sending anything.
    Debug(debug::DebugArgs),
    /// Measure the engine: the standard 64 B profile into the null port, unpaced.
    Bench(bench::BenchArgs),
    /// Serve the engine over JSON-RPC 2.0 (TCP, one JSON object per line).
    Serve(serve::ServeArgs),
    /// Watch and steer a running `riptide serve` in the terminal (TRex console's commands).
    Console(console::ConsoleArgs),
    /// Run a Linux pktgen command script (pgset lines) and print pktgen's results.
    Pktgen(pktgen::PktgenArgs),
    /// Run a TRex cap2 stateful profile: pcap conversations replayed as many flows.
    RunStf(stf::StfArgs),
    /// Run a TCP profile: user-space TCP clients and servers with programs per connection.
    Tcp(tcp::TcpArgs),
    /// Simulate a TRex ASTF profile as TRex's astf-sim --full does, into a pcap.
    #[command(name = "astf-sim")]
    AstfSim(astf_sim::AstfSimArgs),
    /// Build, inspect or remove the two-port test ring of namespaces (riptide-tg,
    /// riptide-dut; NAME-tg and NAME-dut with --name).
    Lab(lab::LabArgs),
    /// Add the results of a run split between generators (run --segment I/N) into one
    /// report: counts summed, latency histograms merged, the start skew.
    Merge(merge::MergeArgs),
    /// The namespace helper of pktgen shell scripts (internal).
    #[command(name = "__pktgen-ns", hide = true)]
    PktgenNs(pktgen::PktgenNsArgs),
    /// Man pages and shell completions into a folder (internal: scripts/deb.sh).
    #[command(name = "__generate", hide = true)]
    Generate(generate::GenerateArgs),
    /// Calibrate the host: core jitter, memory bandwidth and latency, and the settings
    /// that hurt zero-loss tests (pma_tools and Intel MLC in one command).
    Calibrate(calibrate::CalibrateArgs),
    /// Find the throughput of a DUT: NDR and PDR by MLRsearch, on ports (or a model DUT: --simulate).
    Ndr(ndr::NdrArgs),
    /// Soak a DUT at a fixed load for a long time: loss, latency, pacing, counters and
    /// memory interval by interval.
    Soak(soak::SoakArgs),
    /// RFC 9004's back-to-back frames: the longest burst at the line rate a DUT forwards
    /// without loss, and its Implied and Corrected DUT Buffer Times.
    B2b(b2b::B2bArgs),
    /// RFC 2889 on a switching DUT: address caching capacity or address learning rate,
    /// on a test, a learning and a monitor port.
    Rfc2889(rfc2889::Rfc2889Args),
    /// RFC 9411 on a stateful DUT (firewall, NAT): concurrent TCP connection capacity,
    /// riptide's TCP client and server on either side.
    Rfc9411(rfc9411::Rfc9411Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A daemon's normal end is a signal: it says so itself, and exits 0.
    let daemon = matches!(cli.command, Cmd::Serve(_));
    // Commands whose product is what they print end quietly when the reader goes
    // (`riptide lab status | head`), as Unix tools do, instead of panicking in println!.
    // Not the daemon, the console or pktgen's shell scripts: their sockets and pipes
    // report a gone peer as an error they handle.
    let prints = matches!(
        cli.command,
        Cmd::Run(_)
            | Cmd::Debug(_)
            | Cmd::Bench(_)
            | Cmd::Lab(_)
            | Cmd::Merge(_)
            | Cmd::RunStf(_)
            | Cmd::Tcp(_)
            | Cmd::AstfSim(_)
            | Cmd::Ndr(_)
            | Cmd::Soak(_)
            | Cmd::B2b(_)
            | Cmd::Rfc2889(_)
            | Cmd::Rfc9411(_)
            | Cmd::Calibrate(_)
    );
    if prints {
        // SAFETY: restores the default action of one signal before any thread starts.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let res = match cli.command {
        Cmd::Run(a) => run::run(a),
        Cmd::Debug(a) => debug::debug(a),
        Cmd::Bench(a) => bench::bench(a),
        Cmd::Pktgen(a) => pktgen::pktgen(a),
        Cmd::Serve(a) => serve::serve(a),
        Cmd::Console(a) => console::console(a),
        Cmd::Lab(a) => lab::lab(a),
        Cmd::Merge(a) => merge::merge(a),
        Cmd::RunStf(a) => stf::run_stf(a),
        Cmd::Tcp(a) => tcp::tcp(a),
        Cmd::AstfSim(a) => astf_sim::astf_sim(a),
        Cmd::Ndr(a) => ndr::ndr(a),
        Cmd::Soak(a) => soak::soak(a),
        Cmd::B2b(a) => b2b::b2b(a),
        Cmd::Rfc2889(a) => rfc2889::rfc2889(a),
        Cmd::Rfc9411(a) => rfc9411::rfc9411(a),
        Cmd::Calibrate(a) => calibrate::calibrate(a),
        Cmd::PktgenNs(a) => pktgen::pktgen_ns(a),
        Cmd::Generate(a) => generate::generate(a),
    };
    match res {
        // Stopped by Ctrl-C or SIGTERM: the figures were printed, but the run did not end
        // by itself (128 + SIGINT, as shells report it).
        Ok(()) if signal::interrupted() && !daemon => {
            eprintln!("riptide: interrupted: the figures above cover the run until the signal");
            ExitCode::from(130)
        }
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!(
                "riptide: error: {}",
                riptide_core::error::shorten(&f.message, 2 * riptide_core::error::MAX_MESSAGE)
            );
            ExitCode::from(f.code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use riptide_engine::EngineError;
    use riptide_port::PortError;

    #[test]
    fn bad_input_exits_2_and_failures_while_running_exit_1() {
        let io = || std::io::Error::other("x");
        let input = [
            EngineError::Port(PortError::Spec { spec: "s".into(), reason: "r".into() }),
            EngineError::Port(PortError::File { path: "f".into(), source: io() }),
            EngineError::Config("c".into()),
            EngineError::Input("i".into()),
            EngineError::NoProfile,
        ];
        for e in input {
            assert_eq!(Failure::from(e).code, 2);
        }
        let runtime = [
            EngineError::Port(PortError::Io { port: "p".into(), what: "w".into(), source: io() }),
            EngineError::Worker("w".into()),
        ];
        for e in runtime {
            assert_eq!(Failure::from(e).code, 1);
        }
    }
}
