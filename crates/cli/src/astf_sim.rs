//! `riptide astf-sim`: TRex's `astf-sim --full` on riptide's TCP: a TRex ASTF profile run
//! between one client and one server on a simulated clock, written as one pcap of the client
//! port with both directions (riptide_tcp::astf::sim holds TRex's conventions). Nothing is
//! sent anywhere.

use crate::Failure;
use clap::Args;
use riptide_tcp::astf::sim::{self, SimConfig};
use riptide_tcp::astf::AstfProfile;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct AstfSimArgs {
    /// The TRex ASTF profile (.py, run unchanged), or its JSON (TRex's `ASTFProfile.to_json()`).
    #[arg(short = 'f')]
    pub profile: PathBuf,
    /// The pcap written.
    #[arg(short = 'o')]
    pub output: PathBuf,
    /// Simulate many flows between the client and the server (TRex's full mode; the only
    /// mode riptide has, accepted for TRex's command lines).
    #[arg(long)]
    pub full: bool,
    /// How long flows keep opening (seconds; TRex's default 5).
    #[arg(short = 'd', default_value = "5")]
    pub duration: f64,
    /// Tunables, as TRex's `-t`: `key=val,...` or the profile's own options.
    #[arg(short = 't', long = "tunables", allow_hyphen_values = true)]
    pub tunables: Option<String>,
    /// Accepted for TRex's command lines (riptide always writes pcap).
    #[arg(long)]
    pub pcap: bool,
    /// A client cluster file (TRex's `--cc` YAML).
    #[arg(long = "cc")]
    pub cc: Option<PathBuf>,
}

pub(crate) fn astf_sim(a: AstfSimArgs) -> Result<(), Failure> {
    if !(a.duration.is_finite() && a.duration >= 0.0 && a.duration <= 3600.0) {
        return Err(Failure::input(format!("-d {}: a duration from 0 to 3600 seconds", a.duration)));
    }
    let clusters = match &a.cc {
        None => None,
        Some(cc) => {
            let file = cc.display().to_string();
            let text =
                std::fs::read_to_string(cc).map_err(|e| Failure::input(format!("--cc {file}: cannot read: {e}")))?;
            let c = riptide_tcp::cluster::Clusters::parse(&text, &file).map_err(|e| Failure::input(e.to_string()))?;
            Some(std::sync::Arc::new(c))
        }
    };
    let name = a.profile.display().to_string();
    let text = if crate::trex::is_python_profile(&a.profile) {
        crate::trex::astf(&a.profile, a.tunables.as_deref())?
    } else {
        if a.tunables.is_some() {
            return Err(Failure::input("-t/--tunables is for TRex ASTF profiles (.py)"));
        }
        std::fs::read_to_string(&a.profile).map_err(|e| Failure::input(format!("{name}: cannot read: {e}")))?
    };
    let profile = AstfProfile::parse(&text, &name).map_err(|e| Failure::input(e.to_string()))?;
    let cfg = SimConfig { duration_s: a.duration, clusters, ..SimConfig::default() };
    let frames = sim::simulate(&profile, &name, &cfg).map_err(|e| Failure::input(e.to_string()))?;
    let bytes = sim::pcap(&frames);
    // Written whole or not at all, never through a link planted beside it.
    crate::files::write_atomic("-o", &a.output, &bytes)?;
    println!("{}: {} frames", a.output.display(), frames.len());
    Ok(())
}
