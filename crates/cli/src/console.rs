//! `riptide console`: the terminal UI over a running daemon (crates/console).

use crate::Failure;
use clap::Args;
use std::io::IsTerminal;

#[derive(Args)]
pub(crate) struct ConsoleArgs {
    /// The daemon (`riptide serve`), HOST:PORT.
    #[arg(long, short = 'c', default_value = "127.0.0.1:4501")]
    connect: String,
    /// The daemon's token. Default: its token file for that port, when this user can
    /// read it (a local daemon of one's own), else none (a `--no-auth` daemon).
    #[arg(long)]
    token: Option<String>,
    /// Watch only: never take the engine (TRex console's -r).
    #[arg(long, short = 'r')]
    readonly: bool,
    /// Screen refreshes (stats snapshots asked of the daemon) a second, 1 to 20.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=20))]
    refresh: u32,
}

pub(crate) fn console(a: ConsoleArgs) -> Result<(), Failure> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::input(
            "console: needs a terminal on stdin and stdout (scripts: the Python client, or `riptide run`)",
        ));
    }
    let loader: riptide_console::PyLoader =
        Box::new(|path, ports, tunables| crate::trex::convert(path, ports, tunables).map_err(|f| f.message));
    riptide_console::run(riptide_console::Options {
        connect: a.connect,
        token: a.token,
        readonly: a.readonly,
        refresh_hz: a.refresh,
        py_loader: Some(loader),
    })
    .map_err(|e| Failure::runtime(format!("console: {e}")))
}
