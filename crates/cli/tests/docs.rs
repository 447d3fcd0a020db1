//! The docs against the binary, so that neither drifts from the other.
//!
//! The rule, in three parts:
//!
//! 1. **One home page per subcommand** ([`HOMES`]): every subcommand `riptide --help`
//!    lists (and every action of `riptide lab`) has exactly one page that documents it,
//!    and that page names each long option of `riptide SUB --help` (`--opt`, as a whole
//!    word). A new subcommand fails here until it has a home; a new option until its home
//!    names it.
//! 2. **Commands in the docs exist as written**: every command `riptide SUB ...` written
//!    as code in README.md or docs/*.md (fenced blocks other than Python, and inline code
//!    spans; an inline span may also start with the subcommand: `` `run --total` ``)
//!    names a subcommand that exists and uses only options that subcommand takes (long and
//!    short); each `--port` value parses as a port spec, and each repository path
//!    (`profiles/...`, `examples/...`) exists.
//! 3. **No option out of nowhere**: every `--opt` written anywhere in those pages is an
//!    option of some riptide subcommand, or one of [`FOREIGN`] (another program's,
//!    named with it).
//!
//! And the daemon's page states the API version the daemon reports, with a line for each
//! minor version.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{repo, riptide, text};

use std::collections::{BTreeMap, BTreeSet};
use std::str::FromStr;

/// Which page documents which subcommand: it names every one of its options.
const HOMES: &[(&str, &str)] = &[
    ("run", "docs/run.md"),
    ("debug", "docs/run.md"),
    ("bench", "docs/run.md"),
    ("serve", "docs/daemon.md"),
    ("console", "docs/console.md"),
    ("pktgen", "docs/pktgen.md"),
    ("run-stf", "docs/stf.md"),
    ("tcp", "docs/tcp.md"),
    ("astf-sim", "docs/trex.md"),
    ("lab up", "docs/lab.md"),
    ("lab down", "docs/lab.md"),
    ("lab status", "docs/lab.md"),
    ("lab flush", "docs/lab.md"),
    ("lab forward", "docs/lab.md"),
    ("calibrate", "docs/calibrate.md"),
    ("ndr", "docs/methodology.md"),
    ("soak", "docs/methodology.md"),
    ("b2b", "docs/methodology.md"),
    ("rfc2889", "docs/methodology.md"),
    ("rfc9411", "docs/methodology.md"),
    ("merge", "docs/scale.md"),
];

/// Options the docs write that belong to other programs: (option, whose).
const FOREIGN: &[(&str, &str)] = &[
    ("--path", "cargo install"),
    ("--for", "kubectl wait"),
    ("--privileged", "podman run"),
    ("--cap-add", "podman run"),
    ("--cap-drop", "podman run"),
    ("--network", "podman run"),
    ("--rm", "podman run"),
    ("--security-opt", "podman run"),
    ("--ulimit", "podman run"),
    ("--txl", "otgen create flow"),
    ("--rxl", "otgen create flow"),
    ("--runtime", "podman"),
    ("--timeout", "kubectl wait"),
    ("--pin", "TRex console's start"),
    ("--hdrh", "TRex's server (t-rex-64 --hdrh: HDR latency histograms)"),
    ("--no-huge", "dpdk-testpmd"),
    ("--size", "a TRex profile's tunables"),
    ("--dport", "a TRex profile's tunables"),
    ("--ports", "python -m riptide.trex"),
    ("--astf", "python -m riptide.trex"),
    ("--astf-server-only", "TRex's t-rex-64 (its server-only ASTF mode)"),
    ("--astf-client-mask", "TRex's t-rex-64 (its client ports)"),
    ("--peak_injection_bandwidth", "Intel MLC"),
    ("--idle_latency", "Intel MLC"),
    ("--loaded_latency", "Intel MLC"),
    ("--bandwidth_matrix", "Intel MLC"),
];

/// A subcommand's options as its `--help` lists them (without `--help`, `--version`).
#[derive(Debug, Default)]
struct Opts {
    long: BTreeSet<String>,
    short: BTreeSet<String>,
}

fn help(args: &[&str]) -> String {
    let mut a = args.to_vec();
    a.push("--help");
    let o = riptide(&a);
    assert!(o.status.success(), "riptide {}: {}", a.join(" "), text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The entries of a `--help` section (`Commands:`, `Options:`): its lines up to the next
/// title (a line that is not indented; long help puts blank lines between entries).
fn section<'a>(help: &'a str, title: &str) -> Vec<&'a str> {
    help.lines().skip_while(|l| *l != title).skip(1).take_while(|l| l.is_empty() || l.starts_with(' ')).collect()
}

fn options(help: &str) -> Opts {
    let mut o = Opts::default();
    for line in section(help, "Options:") {
        let t = line.trim_start();
        // An option starts its line (indented 2 to 6); its description may follow on
        // lines indented further.
        if !(2..=6).contains(&(line.len() - t.len())) || !t.starts_with('-') {
            continue;
        }
        for tok in t.split([',', ' ']).filter(|s| !s.is_empty()).take_while(|s| s.starts_with('-')) {
            let set = if tok.starts_with("--") { &mut o.long } else { &mut o.short };
            set.insert(tok.to_string());
        }
    }
    for builtin in ["--help", "--version", "-h", "-V"] {
        o.long.remove(builtin);
        o.short.remove(builtin);
    }
    o
}

fn commands(help: &str) -> Vec<String> {
    section(help, "Commands:")
        .iter()
        .filter(|l| l.len() - l.trim_start().len() == 2)
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Every visible subcommand (`lab`'s actions as `lab up`, ...) and its options.
fn subcommands() -> BTreeMap<String, Opts> {
    let mut out = BTreeMap::new();
    for c in commands(&help(&[])) {
        let h = help(&[&c]);
        let actions = commands(&h);
        if actions.is_empty() {
            out.insert(c.clone(), options(&h));
        }
        for a in actions {
            out.insert(format!("{c} {a}"), options(&help(&[&c, &a])));
        }
    }
    assert!(out.len() >= 10 && out.contains_key("run") && out.contains_key("lab up"), "{:?}", out.keys());
    out
}

/// README.md and docs/*.md, as (path relative to the repository, text).
fn pages() -> Vec<(String, String)> {
    let root = repo();
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names.into_iter().map(|n| (n.clone(), std::fs::read_to_string(root.join(&n)).unwrap())).collect()
}

/// A piece of code in a page.
struct Code {
    /// Its (first) line.
    line: usize,
    text: String,
    /// An inline span (rather than a line of a fenced block).
    inline: bool,
}

/// A page's code and prose: `code` holds the lines of shell blocks (fences without a
/// language or marked sh, bash, console; a line ending in `\` joined with the next; not
/// the comments) and the inline code spans, `all` everything but Python blocks, as (first
/// line, text). Text blocks (a program's output) and YAML are prose here.
#[derive(Default)]
struct Parts {
    code: Vec<Code>,
    all: Vec<(usize, String)>,
}

fn parts(page: &str) -> Parts {
    let mut p = Parts::default();
    let mut fence: Option<String> = None;
    let mut prose = String::new();
    let mut prose_start = 1;
    let mut joined = String::new();
    let flush_prose = |prose: &mut String, start: usize, p: &mut Parts| {
        let mut line = start;
        for (i, piece) in prose.split('`').enumerate() {
            if i % 2 == 1 {
                p.code.push(Code { line, text: piece.to_string(), inline: true });
            }
            line += piece.matches('\n').count();
        }
        p.all.push((start, std::mem::take(prose)));
    };
    for (i, l) in page.lines().enumerate() {
        let n = i + 1;
        if let Some(lang) = l.trim_start().strip_prefix("```") {
            match fence.take() {
                Some(_) => {}
                None => {
                    flush_prose(&mut prose, prose_start, &mut p);
                    fence = Some(lang.trim().to_string());
                }
            }
            prose_start = n + 1;
            continue;
        }
        match &fence {
            Some(lang) if lang == "python" => {}
            Some(lang) if !["", "sh", "bash", "console"].contains(&lang.as_str()) => p.all.push((n, l.to_string())),
            Some(_) => {
                p.all.push((n, l.to_string()));
                let l = l.split(" #").next().unwrap_or_default();
                if l.trim_start().starts_with('#') {
                    continue;
                }
                joined.push_str(l.strip_suffix('\\').unwrap_or(l));
                if !l.ends_with('\\') {
                    p.code.push(Code { line: n, text: std::mem::take(&mut joined), inline: false });
                }
            }
            None => {
                prose.push_str(l);
                prose.push('\n');
            }
        }
    }
    flush_prose(&mut prose, prose_start, &mut p);
    p
}

/// `--opt` words in `text` (a dash run that starts a word, then letters, digits, `-`, `_`).
fn long_options(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = text[i..].find("--").map(|k| k + i) {
        let end = at + 2 + text[at + 2..].bytes().take_while(|&c| word(c)).count();
        let starts_word = at == 0 || !word(b[at - 1]);
        if starts_word && b.get(at + 2).is_some_and(u8::is_ascii_lowercase) {
            out.push(text[at..end].trim_end_matches(['-', '_']).to_string());
        }
        i = end.max(at + 2);
    }
    out
}

/// Whether `s` names `opt` as a whole word.
fn names(s: &str, opt: &str) -> bool {
    long_options(s).iter().any(|o| o == opt)
}

/// The commands in a piece of code: (subcommand as written, its argument words). A
/// command starts at `riptide ` (at the start, or after a space, `(`, `;`, `&`, `|`, `$`)
/// or, for an inline span only, at a subcommand's name followed by an option; it ends at
/// `#`, `&&`, `||`, `|`, `;`, `>`, `)` or `--`.
fn commands_in(code: &str, inline: bool, subs: &BTreeMap<String, Opts>) -> Vec<(String, Vec<String>)> {
    let words: Vec<&str> = code.split_whitespace().collect();
    let mut out = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let after = |p: &str| p.strip_prefix(['(', ';', '&', '|', '$']).unwrap_or(p) == "riptide";
        if after(w) && words.get(i + 1).is_some_and(|n| n.chars().next().is_some_and(|c| c.is_ascii_lowercase())) {
            starts.push(i + 1);
        }
    }
    if inline && starts.is_empty() {
        let top = subs.keys().any(|k| k.split(' ').next() == words.first().copied());
        if top && words.get(1).is_some_and(|w| w.starts_with('-')) {
            starts.push(0);
        }
    }
    for s in starts {
        let mut sub = words[s].to_string();
        let mut k = s + 1;
        if sub == "lab" {
            if let Some(a) = words.get(k).filter(|a| !a.starts_with('-')) {
                sub = format!("lab {a}");
                k += 1;
            }
        }
        let args = words[k..]
            .iter()
            .take_while(|w| {
                let ends = ["&&", "||", "|", ";", ")", "--"].contains(w);
                !(ends || w.starts_with('#') || w.starts_with('>') || w.starts_with("2>"))
            })
            .map(|w| w.trim_end_matches([';', ')']).to_string())
            .collect();
        out.push((sub, args));
    }
    out
}

/// What is wrong with one command of a page.
fn check_command(sub: &str, args: &[String], subs: &BTreeMap<String, Opts>) -> Vec<String> {
    let mut bad = Vec::new();
    if sub == "lab" && args.is_empty() {
        return bad;
    }
    let Some(opts) = subs.get(sub) else {
        return vec![format!("`riptide {sub}`: no such subcommand")];
    };
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        if let Some(long) = a.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v.to_string())),
                None => (a.clone(), None),
            };
            if !opts.long.contains(&name) {
                bad.push(format!("`riptide {sub}` has no option {name}"));
            }
            if name == "--port" {
                let value = value.or_else(|| it.peek().map(|v| v.to_string())).unwrap_or_default();
                // A placeholder for the whole spec (`SPEC`, `<PORT>`) is no spec; one inside
                // it (`afpacket:<IF>`) stands for a name.
                let whole = value.starts_with('<') || value.chars().all(|c| c.is_ascii_uppercase());
                let parsed = riptide_port::PortSpec::from_str(&value.replace(['<', '>'], ""));
                if let (false, Err(e)) = (whole, parsed) {
                    bad.push(format!("`riptide {sub} --port {value}`: {e}"));
                }
            }
        } else if a.len() == 2 && a.starts_with('-') && !opts.short.contains(a.as_str()) {
            bad.push(format!("`riptide {sub}` has no option {a}"));
        } else if ["profiles/", "examples/", "docs/", "scripts/"].iter().any(|p| a.starts_with(p))
            && !a.contains(['<', '*'])
        {
            let path = a.trim_end_matches([',', '.', ':']);
            if !repo().join(path).exists() {
                bad.push(format!("`riptide {sub} ... {path}`: no such file in the repository"));
            }
        }
    }
    bad
}

/// Part 1: each subcommand has one home, which names each of its options.
#[test]
fn every_subcommand_has_a_home_page_naming_each_of_its_options() {
    let subs = subcommands();
    let homes: BTreeMap<&str, &str> = HOMES.iter().copied().collect();
    assert_eq!(homes.len(), HOMES.len(), "HOMES names a subcommand twice");
    let listed: BTreeSet<&str> = subs.keys().map(String::as_str).collect();
    let homed: BTreeSet<&str> = homes.keys().copied().collect();
    assert_eq!(listed, homed, "the subcommands `riptide --help` lists vs those HOMES gives a page");
    let mut missing = Vec::new();
    for (sub, page) in HOMES {
        let text = std::fs::read_to_string(repo().join(page)).unwrap_or_else(|e| panic!("{page} ({sub}'s home): {e}"));
        for o in &subs[*sub].long {
            if !names(&text, o) {
                missing.push(format!("{page} does not name `riptide {sub}`'s option {o}"));
            }
        }
    }
    assert!(missing.is_empty(), "{} options undocumented:\n{}", missing.len(), missing.join("\n"));
}

/// Part 2: every command written in the docs uses what exists.
#[test]
fn every_command_in_the_docs_uses_options_and_ports_that_exist() {
    let subs = subcommands();
    let mut bad = Vec::new();
    let mut seen = 0;
    for (page, text) in pages() {
        let p = parts(&text);
        for c in &p.code {
            for (sub, args) in commands_in(&c.text, c.inline, &subs) {
                seen += 1;
                for b in check_command(&sub, &args, &subs) {
                    bad.push(format!("{page}:{}: {b}", c.line));
                }
            }
        }
    }
    assert!(seen >= 50, "found only {seen} riptide commands in the docs: is the parser broken?");
    assert!(bad.is_empty(), "{} commands in the docs do not work as written:\n{}", bad.len(), bad.join("\n"));
}

/// Part 3: every `--opt` in the docs is riptide's or named as another program's.
#[test]
fn every_option_the_docs_name_exists() {
    let subs = subcommands();
    let mut ours: BTreeSet<&str> = subs.values().flat_map(|o| o.long.iter().map(String::as_str)).collect();
    ours.extend(["--help", "--version"]);
    let foreign: BTreeSet<&str> = FOREIGN.iter().map(|(o, _)| *o).collect();
    let mut bad = BTreeSet::new();
    let mut used_foreign = BTreeSet::new();
    for (page, text) in pages() {
        for (line, piece) in parts(&text).all {
            for (k, l) in piece.lines().enumerate() {
                for o in long_options(l) {
                    if foreign.contains(o.as_str()) {
                        used_foreign.insert(o);
                    } else if !ours.contains(o.as_str()) {
                        bad.insert(format!("{page}:{}: {o} is no option of riptide's", line + k));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.into_iter().collect::<Vec<_>>().join("\n"));
    // The list holds only what the docs still write.
    let stale: Vec<&&str> = foreign.iter().filter(|o| !used_foreign.contains(**o)).collect();
    assert!(stale.is_empty(), "FOREIGN lists options no page writes any more: {stale:?}");
}

/// The rule's parts fail where they should: a missing option, a wrong option, a bad
/// port spec and an unknown subcommand are each caught.
#[test]
fn the_checks_catch_drift() {
    let subs = subcommands();
    let cmd = |code: &str| {
        let found = commands_in(code, true, &subs);
        assert_eq!(found.len(), 1, "{code}: {found:?}");
        check_command(&found[0].0, &found[0].1, &subs)
    };
    assert_eq!(cmd("riptide run profiles/udp64.yaml --port null -n 10 --json"), Vec::<String>::new());
    assert_eq!(cmd("riptide run profiles/udp64.yaml --ports null"), ["`riptide run` has no option --ports"]);
    assert_eq!(cmd("riptide pktgen x.sh -z 1"), ["`riptide pktgen` has no option -z"]);
    let e = cmd("riptide serve --trex --port veth:tg0");
    assert!(e.len() == 1 && e[0].contains("veth:tg0"), "{e:?}");
    assert_eq!(cmd("riptide lab up --dut bridge"), Vec::<String>::new());
    assert_eq!(cmd("riptide lab up --dutt bridge"), ["`riptide lab up` has no option --dutt"]);
    assert_eq!(cmd("riptide stats --json"), ["`riptide stats`: no such subcommand"]);
    assert_eq!(
        cmd("riptide run profiles/no-such.yaml"),
        ["`riptide run ... profiles/no-such.yaml`: no such file in the repository"]
    );
    // An inline span that starts with the subcommand; a pipeline ends the command.
    assert_eq!(cmd("run --total"), Vec::<String>::new());
    assert_eq!(cmd("run --totl"), ["`riptide run` has no option --totl"]);
    let two = commands_in("riptide lab up && riptide run p.yaml --netns riptide-tg | head -n1", false, &subs);
    assert_eq!(two.len(), 2, "{two:?}");
    assert!(two.iter().all(|(sub, args)| check_command(sub, args, &subs).is_empty()), "{two:?}");
    // Prose: whole words only, never a part of a longer word.
    assert_eq!(long_options("`--out DIR` and --no-auth, not x--y or ---"), ["--out", "--no-auth"]);
    assert!(!names("--dut-mode", "--dut"));
    // A page that does not name an option is caught by part 1's test.
    assert!(!names("riptide lab up builds the ring", "--dut"));
}

/// The daemon's page states the API version the daemon reports (major and minor), with a
/// table row for each minor version saying what it added (`| 1.4, 1.5 | ...` for two that
/// came as one step), and no "API 1.N" past it.
#[test]
fn the_daemon_page_states_the_api_version() {
    let (major, minor) = riptide_daemon::API_VERSION;
    let page = std::fs::read_to_string(repo().join("docs/daemon.md")).unwrap();
    assert!(
        page.contains(&format!("`api_version` (major {major}, minor {minor})")),
        "docs/daemon.md must say `api_version` (major {major}, minor {minor})"
    );
    let prefix = format!("{major}.");
    let rows: Vec<u32> = page
        .lines()
        .filter_map(|l| l.strip_prefix("| ")?.split(" |").next())
        .filter(|cell| cell.starts_with(&prefix))
        .flat_map(|cell| cell.split(", ").map(|v| v.strip_prefix(&prefix).and_then(|m| m.parse().ok())))
        .map(|m| m.unwrap_or_else(|| panic!("docs/daemon.md: a version row that is not `{major}.N`")))
        .collect();
    let want: Vec<u32> = (1..=minor).collect();
    assert_eq!(rows, want, "docs/daemon.md's table of minor versions: one row each, 1 to {minor}, in order");
    let api = format!("API {major}.");
    for (i, _) in page.match_indices(&api) {
        let n: String = page[i + api.len()..].chars().take_while(char::is_ascii_digit).collect();
        let n: u32 = n.parse().unwrap_or_else(|_| panic!("docs/daemon.md: `API {major}.` without a minor"));
        assert!(n <= minor, "docs/daemon.md names API {major}.{n}; the daemon is at {major}.{minor}");
    }
}
