//! `riptide __generate man|completions DIR` (internal: scripts/deb.sh): the man pages
//! (one per subcommand, from the same definition as `--help`, by clap_mangen) and the
//! bash, zsh and fish completions (clap_complete) of this binary, written into DIR.

use crate::Failure;
use clap::{Args, CommandFactory, ValueEnum};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum What {
    /// riptide.1 and riptide-SUBCOMMAND.1 (section 1).
    Man,
    /// riptide.bash, _riptide (zsh), riptide.fish.
    Completions,
}

#[derive(Args, Debug)]
pub(crate) struct GenerateArgs {
    /// What to write.
    what: What,
    /// Where (made if missing).
    dir: PathBuf,
}

pub(crate) fn generate(a: GenerateArgs) -> Result<(), Failure> {
    let fail = |e: std::io::Error| Failure::runtime(format!("{}: {e}", a.dir.display()));
    std::fs::create_dir_all(&a.dir).map_err(fail)?;
    let cmd = crate::Cli::command();
    match a.what {
        What::Man => clap_mangen::generate_to(cmd, &a.dir).map_err(fail)?,
        What::Completions => {
            use clap_complete::Shell;
            for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
                clap_complete::generate_to(shell, &mut crate::Cli::command(), "riptide", &a.dir).map_err(fail)?;
            }
        }
    }
    Ok(())
}
