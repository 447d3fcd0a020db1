//! The console's command line: TRex console's vocabulary, parsed without I/O.
//!
//! `start -f PROFILE [-m MULT] [-d DURATION] [--force] [--total] [-t TUNABLES]`, `stop`,
//! `pause`, `resume`, `update -m MULT`, `clear`, `acquire [--force]`,
//! `release`, `quit` and `?` / `help`, as TRex's `trex-console` spells them.

use riptide_core::units::{Nanos, Rate};
use std::path::PathBuf;

/// One command typed at the prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Load a profile and start it.
    Start(Start),
    /// Stop the traffic (the final counters stay on screen).
    Stop,
    /// Pause the traffic.
    Pause,
    /// Resume paused traffic.
    Resume,
    /// Change the rate of running traffic.
    Update {
        /// The multiplier: a factor (`2`), a rate (`2mpps`, `10gbps`) or a share of line rate (`50%`).
        multiplier: String,
    },
    /// Zero the counters.
    Clear,
    /// Take the engine (`--force`: from another session).
    Acquire {
        /// Take it even when another session owns it.
        force: bool,
    },
    /// Give the engine back.
    Release,
    /// Leave the console.
    Quit,
    /// Show the commands.
    Help,
}

/// `start`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    /// The profile file: riptide YAML, a pktgen script (`.pktgen`, `.pgset`) or a TRex
    /// Python profile (`.py`).
    pub profile: PathBuf,
    /// The multiplier (`-m`), as for `update`; none: the profile's rates.
    pub multiplier: Option<String>,
    /// How long (`-d`); none: until stopped.
    pub duration: Option<Nanos>,
    /// Stop traffic that is running first (`--force`).
    pub force: bool,
    /// `-m` is the ports' sum (`--total`).
    pub total: bool,
    /// A TRex profile's tunables (`-t a=1,b=2`).
    pub tunables: Option<String>,
}

/// The help shown on `?`.
pub const HELP: &[(&str, &str)] = &[
    ("start -f FILE [-m MULT] [-d DUR]", "load a profile and start it"),
    ("  [--force] [--total] [-t K=V,..]", "--force: stop running traffic first; --total: MULT is all ports'"),
    ("", "MULT: 2 (factor), 1mpps, 10gbps, 50% (of line rate)"),
    ("", "DUR: 30s, 500ms, 2m (none: until stopped)"),
    ("", "FILE: riptide YAML, pktgen script (.pktgen, .pgset), TRex profile (.py)"),
    ("stop", "stop the traffic (counters stay)"),
    ("pause / resume", "pause and resume the traffic"),
    ("update -m MULT", "change the rate of running traffic"),
    ("clear", "zero the counters"),
    ("acquire [--force]", "take the engine (--force: from another session)"),
    ("release", "give the engine back (read-only)"),
    ("quit (Ctrl-C, Ctrl-D)", "leave the console"),
    ("? / help", "this help"),
    ("Up/Down, PgUp/PgDn", "the history of lines; the streams shown"),
];

/// Parses one line; `Ok(None)` for an empty line. Errors say what was expected.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&verb, args)) = words.split_first() else {
        return Ok(None);
    };
    let simple = |c: Command| -> Result<Option<Command>, String> {
        match args.first() {
            None => Ok(Some(c)),
            Some(a) => Err(format!("{verb}: takes no arguments, got '{a}'")),
        }
    };
    match verb.to_ascii_lowercase().as_str() {
        "start" => parse_start(args).map(|s| Some(Command::Start(s))),
        "stop" => simple(Command::Stop),
        "pause" => simple(Command::Pause),
        "resume" => simple(Command::Resume),
        "clear" => simple(Command::Clear),
        "release" => simple(Command::Release),
        "quit" | "exit" | "q" => simple(Command::Quit),
        "?" | "help" | "h" => Ok(Some(Command::Help)),
        "update" => {
            let mut multiplier = None;
            let mut it = args.iter();
            while let Some(&a) = it.next() {
                match a {
                    "-m" | "--multiplier" => multiplier = Some(value(verb, a, it.next())?),
                    _ => return Err(format!("update: unknown option '{a}' (expected -m MULT)")),
                }
            }
            let multiplier = multiplier.ok_or("update: missing -m MULT (e.g. update -m 2mpps)")?;
            check_multiplier(&multiplier)?;
            Ok(Some(Command::Update { multiplier }))
        }
        "acquire" => match args {
            [] => Ok(Some(Command::Acquire { force: false })),
            ["--force" | "-f"] => Ok(Some(Command::Acquire { force: true })),
            _ => Err(format!("acquire: unknown option '{}' (expected --force)", args.join(" "))),
        },
        _ => Err(format!(
            "unknown command '{verb}' (start, stop, pause, resume, update, clear, acquire, release, quit; ? for help)"
        )),
    }
}

fn value(verb: &str, opt: &str, v: Option<&&str>) -> Result<String, String> {
    match v {
        Some(v) if !v.starts_with("--") => Ok((*v).to_string()),
        _ => Err(format!("{verb}: {opt} needs a value")),
    }
}

fn parse_start(args: &[&str]) -> Result<Start, String> {
    let mut s =
        Start { profile: PathBuf::new(), multiplier: None, duration: None, force: false, total: false, tunables: None };
    let mut profile = None;
    let mut it = args.iter();
    while let Some(&a) = it.next() {
        match a {
            "-f" | "--file" => profile = Some(value("start", a, it.next())?),
            "-m" | "--multiplier" => {
                let m = value("start", a, it.next())?;
                check_multiplier(&m)?;
                s.multiplier = Some(m);
            }
            "-d" | "--duration" => {
                let d = value("start", a, it.next())?;
                let n: Nanos = d.parse().map_err(|e| format!("start: -d {d}: {e}"))?;
                if n == Nanos::ZERO {
                    return Err(format!(
                        "start: -d {d}: a duration must be above zero (leave -d out to run until stopped)"
                    ));
                }
                s.duration = Some(n);
            }
            "-t" | "--tunables" => s.tunables = Some(value("start", a, it.next())?),
            "--force" => s.force = true,
            "--total" => s.total = true,
            "-p" | "--port" | "--ports" => {
                return Err(
                    "start: -p: riptide runs a profile on all the daemon's ports (streams name their port)".into()
                )
            }
            _ => {
                return Err(format!(
                    "start: unknown option '{a}' (expected -f FILE, -m MULT, -d DUR, --force, --total, -t)"
                ))
            }
        }
    }
    s.profile = PathBuf::from(profile.ok_or("start: missing -f FILE (e.g. start -f profiles/udp64.yaml -m 1mpps)")?);
    if s.tunables.is_some() && s.profile.extension().is_none_or(|e| e != "py") {
        return Err("start: -t is for TRex Python profiles (.py)".into());
    }
    Ok(s)
}

/// A multiplier as the daemon takes it: a positive factor, or a rate with its unit.
fn check_multiplier(m: &str) -> Result<(), String> {
    if let Ok(f) = m.parse::<f64>() {
        return if f.is_finite() && f > 0.0 { Ok(()) } else { Err(format!("-m {m}: a factor must be above zero")) };
    }
    m.parse::<Rate>().map(|_| ()).map_err(|e| format!("-m {m}: {e} (or a factor such as 2)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trex_console_lines_parse() {
        let c = parse("start -f profiles/udp64.yaml -m 50% -d 30s").unwrap().unwrap();
        assert_eq!(
            c,
            Command::Start(Start {
                profile: "profiles/udp64.yaml".into(),
                multiplier: Some("50%".into()),
                duration: Some(Nanos::from_secs(30)),
                force: false,
                total: false,
                tunables: None,
            })
        );
        let Some(Command::Start(s)) = parse("start --force -f x.py -t size=128,n=2 -m 2 --total").unwrap() else {
            panic!("not a start")
        };
        assert!(s.force && s.total);
        assert_eq!(s.tunables.as_deref(), Some("size=128,n=2"));
        assert_eq!(s.multiplier.as_deref(), Some("2"));
        assert_eq!(parse("update -m 2mpps").unwrap(), Some(Command::Update { multiplier: "2mpps".into() }));
        assert_eq!(parse("  PAUSE ").unwrap(), Some(Command::Pause));
        assert_eq!(parse("acquire --force").unwrap(), Some(Command::Acquire { force: true }));
        assert_eq!(parse("?").unwrap(), Some(Command::Help));
        assert_eq!(parse("exit").unwrap(), Some(Command::Quit));
        assert_eq!(parse("   ").unwrap(), None);
    }

    #[test]
    fn bad_lines_say_what_was_expected() {
        let cases = [
            ("start -m 1mpps", "missing -f FILE"),
            ("start -f a.yaml -m", "-m needs a value"),
            ("start -f a.yaml -m fast", "a rate such as"),
            ("start -f a.yaml -m 0", "above zero"),
            ("start -f a.yaml -m -3", "above zero"),
            ("start -f a.yaml -d soon", "a duration such as"),
            ("start -f a.yaml -d 0s", "above zero"),
            ("start -f a.yaml -t a=1", "-t is for TRex"),
            ("start -f a.yaml -p 0", "all the daemon's ports"),
            ("start -f a.yaml --bogus", "unknown option '--bogus'"),
            ("update", "missing -m"),
            ("update -m 2xpps", "a rate such as"),
            ("stop now", "takes no arguments"),
            ("acquire please", "expected --force"),
            ("frobnicate", "unknown command 'frobnicate'"),
        ];
        for (line, want) in cases {
            let e = parse(line).expect_err(line);
            assert!(e.contains(want), "{line}: {e}");
        }
    }
}
