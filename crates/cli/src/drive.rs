//! The CLI's one run loop and its one terminal line: every subcommand that runs traffic
//! (`run`, `bench`, `debug`, `run-stf`, `tcp`, pktgen files and scripts) starts the engine
//! and drives it to the end here, and every long command (`ndr`, `calibrate` too) shows
//! its progress through [`StatusLine`].

use crate::report;
use crate::{signal, Failure};
use riptide_engine::{Command, Engine, Response, RunState, Snapshot, StartOptions};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// One line on stderr that a long command rewrites in place, shown only to a person at a
/// terminal: piped or redirected, the output is the same with or without it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StatusLine {
    on: bool,
}

impl StatusLine {
    /// A line shown when `wanted` (no `--json`, say) and stderr is a terminal.
    pub(crate) fn new(wanted: bool) -> Self {
        StatusLine { on: wanted && std::io::stderr().is_terminal() }
    }

    /// No line at all.
    pub(crate) fn off() -> Self {
        StatusLine { on: false }
    }

    /// Whether it shows.
    pub(crate) fn on(&self) -> bool {
        self.on
    }

    /// The line now says `text`.
    pub(crate) fn show(&self, text: &str) {
        if self.on {
            // Return and erase-line: the line is rewritten in place.
            eprint!("\r\x1b[K{text}");
            let _ = std::io::stderr().flush();
        }
    }

    /// Ends the line: what follows starts on a clean one.
    pub(crate) fn clear(&self) {
        if self.on {
            eprint!("\r\x1b[2K");
        }
    }
}

/// The progress line of a run: shown when no machine reads the output (`--json`) and
/// both stdout and stderr are a terminal.
pub(crate) fn shows_progress(json: bool) -> bool {
    !json && std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}

/// Runs a loaded engine to the end (or Ctrl-C), with a progress line on a terminal.
pub(crate) fn drive(engine: &mut Engine, opts: StartOptions, progress: bool) -> Result<Snapshot, Failure> {
    drive_sampled(engine, Command::Start(opts), progress, &mut Vec::new())
}

/// Where a start command's run ends, for the progress bar.
fn goal_of(start: &Command) -> Option<report::Goal> {
    let (duration, count) = match start {
        Command::Start(o) => (o.duration, o.count),
        Command::StfStart(s) => (s.duration, s.count),
        Command::TcpStart(t) => (t.duration, None),
        _ => (None, None),
    };
    match (duration, count) {
        (Some(d), _) => Some(report::Goal::Seconds(d.0 as f64 / 1e9)),
        (None, Some(n)) => Some(report::Goal::Packets(n)),
        _ => None,
    }
}

/// Starts a run with `start` (a start command) and drives it to the end as [`drive`]
/// does, keeping one sample of every counter per second of wall time in `series`.
pub(crate) fn drive_sampled(
    engine: &mut Engine,
    start: Command,
    progress: bool,
    series: &mut Vec<serde_json::Value>,
) -> Result<Snapshot, Failure> {
    let goal = goal_of(&start);
    let status = if progress { StatusLine::new(true) } else { StatusLine::off() };
    drive_until(engine, start, Watch { status, goal, stop: None, series: Some(series) })
}

/// How [`drive_until`] follows a run.
pub(crate) struct Watch<'a> {
    /// Where the progress bar goes (twice a second).
    pub status: StatusLine,
    /// Where the run ends, for the bar.
    pub goal: Option<report::Goal>,
    /// Ends the run early when set (a pktgen script's `stop`), as Ctrl-C does.
    pub stop: Option<&'a AtomicBool>,
    /// One sample of every counter per second of wall time, if kept.
    pub series: Option<&'a mut Vec<serde_json::Value>>,
}

/// The one run loop: starts the run with `start`, prints the engine's notes, waits for
/// the run to finish (or Ctrl-C, or `watch.stop`), and stops it: its final snapshot.
pub(crate) fn drive_until(engine: &mut Engine, start: Command, mut watch: Watch<'_>) -> Result<Snapshot, Failure> {
    signal::install();
    if let Response::Notes(notes) = engine.handle(start)? {
        for n in notes {
            eprintln!("{n}");
        }
    }
    let t0 = std::time::Instant::now();
    let mut last_print = t0;
    let mut next_sample = Duration::from_secs(1);
    while !matches!(engine.handle(Command::State)?, Response::State(RunState::Finished))
        && !signal::interrupted()
        && !watch.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    {
        std::thread::sleep(Duration::from_millis(10));
        if watch.status.on() && last_print.elapsed() >= Duration::from_millis(500) {
            last_print = std::time::Instant::now();
            watch.status.show(&report::progress_line(&snapshot(engine)?, watch.goal));
        }
        if let Some(series) = watch.series.as_deref_mut() {
            if t0.elapsed() >= next_sample {
                series.push(report::sample(t0.elapsed().as_secs_f64(), &snapshot(engine)?));
                next_sample += Duration::from_secs(1);
            }
        }
    }
    watch.status.clear();
    match engine.handle(Command::Stop)? {
        Response::Stats(s) => Ok(*s),
        _ => Err(Failure::runtime("stop returned no stats")),
    }
}

fn snapshot(engine: &mut Engine) -> Result<Snapshot, Failure> {
    match engine.handle(Command::Snapshot)? {
        Response::Stats(s) => Ok(*s),
        _ => Err(Failure::runtime("snapshot returned no stats")),
    }
}
