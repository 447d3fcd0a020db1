//! The architecture, checked: front ends reach the engine only through its commands, and
//! only the port crate knows port backends by name. A regression fails CI here.
//!
//! The engine's public surface already enforces most of it (`Engine::new`, `config` and
//! `handle` are all there is); this test catches what visibility cannot: a front end that
//! builds stream sets or flow generators itself, or code that decides by a backend's name
//! instead of asking the port's capabilities.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, tests and benches left out.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if p.is_dir() && !matches!(name.as_str(), "tests" | "benches" | "target") {
                todo.push(p);
            } else if name.ends_with(".rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Lines of the non-test code of `file` (a `#[cfg(test)]` module ends the scan).
fn code_lines(file: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim() == "#[cfg(test)]" {
            break;
        }
        let code = line.split("//").next().unwrap_or("").to_string();
        out.push((i + 1, code));
    }
    out
}

fn offences(dirs: &[&str], bad: &[&str], why: &str) -> Vec<String> {
    let root = workspace();
    let mut found = Vec::new();
    for d in dirs {
        for f in sources(&root.join(d)) {
            for (n, line) in code_lines(&f) {
                for b in bad {
                    if line.contains(b) {
                        found.push(format!("{}:{n}: `{b}` ({why}): {}", f.display(), line.trim()));
                    }
                }
            }
        }
    }
    found
}

/// Every crate's source folder (`crates/NAME/src`), `except` those named.
fn crate_dirs(except: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(workspace().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| !except.contains(&n.as_str()) && workspace().join("crates").join(n).join("src").is_dir())
        .map(|n| format!("crates/{n}/src"))
        .collect();
    out.sort();
    out
}

/// The variants of `pub enum NAME` in `file`, read from the source (one per line, as
/// rustfmt writes them).
fn enum_variants(file: &str, name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(workspace().join(file)).unwrap();
    let body = text.split(&format!("pub enum {name} {{")).nth(1).unwrap_or_else(|| panic!("no enum {name} in {file}"));
    let body = &body[..body.find("\n}").unwrap()];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let v: String = l.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            v.chars().next().is_some_and(|c| c.is_ascii_uppercase()).then_some(v)
        })
        .collect()
}

/// The front ends: they translate, and reach the engine through commands only.
const FRONT_ENDS: &[&str] = &["crates/cli/src", "crates/daemon/src", "crates/trex/src", "crates/console/src"];

#[test]
fn front_ends_reach_the_engine_only_through_commands() {
    let internals = [
        "StreamSet",
        "riptide_stl::set",
        "riptide_stl::stream",
        "FlowGen",
        "riptide_stf::gen",
        "riptide_stf::profile::load",
        "riptide_timer::TimerWheel",
        "riptide_port::open(",
        "PortGroup",
        ".tx_batch(",
        ".tx_commit(",
    ];
    let mut dirs = FRONT_ENDS.to_vec();
    // The layers between them and the engine too.
    dirs.extend(["crates/method/src", "crates/session/src"]);
    let found = offences(
        &dirs,
        &internals,
        "a front end translates into riptide_engine::Command and leaves the running to the engine",
    );
    assert!(found.is_empty(), "front ends reach past the command API:\n{}", found.join("\n"));
}

#[test]
fn only_the_port_crate_knows_backends_by_name() {
    let mut variants = enum_variants("crates/port/src/spec.rs", "PortSpec");
    assert!(variants.len() >= 8 && variants.contains(&"XdpLive".to_string()), "{variants:?}");
    let mut names: Vec<String> = variants.iter().map(|v| format!("PortSpec::{v}")).collect();
    variants = enum_variants("crates/port/src/spec.rs", "Wrapper");
    assert!(variants.len() >= 2, "{variants:?}");
    names.extend(variants.iter().map(|v| format!("Wrapper::{v}")));
    let mut bad: Vec<&str> = names.iter().map(String::as_str).collect();
    bad.extend([
        "driver ==",
        "driver !=",
        "== \"afpacket\"",
        "== \"afxdp\"",
        "== \"xdplive\"",
        "== \"null\"",
        "== \"pcap\"",
    ]);
    bad.extend(["strip_prefix(\"afpacket:\")", "strip_prefix(\"afxdp:\")", "strip_prefix(\"xdplive:\")"]);
    let dirs = crate_dirs(&["port"]);
    assert!(dirs.len() >= 15, "{dirs:?}");
    let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
    let found = offences(&dirs, &bad, "ask the port's capabilities (PortInfo::caps, PortSpec::interface) instead");
    assert!(found.is_empty(), "code outside crates/port decides by a backend's name:\n{}", found.join("\n"));
}

#[test]
fn the_layers_depend_downwards_only() {
    // What each crate may not depend on: the engine knows no methodology, the session
    // layer no transport and no engine, the methodology no front end.
    let forbidden: &[(&str, &[&str])] = &[
        ("engine", &["riptide-search", "riptide-method", "riptide-session", "riptide-daemon", "riptide-trex"]),
        ("session", &["riptide-engine", "riptide-listen", "serde_json"]),
        ("method", &["riptide-daemon", "riptide-trex", "riptide-cli", "riptide-console", "riptide-listen"]),
        ("search", &["riptide-engine"]),
    ];
    for (krate, deps) in forbidden {
        let toml = std::fs::read_to_string(workspace().join("crates").join(krate).join("Cargo.toml")).unwrap();
        let deps_part = toml.split("[dev-dependencies]").next().unwrap();
        for d in *deps {
            assert!(
                !deps_part
                    .lines()
                    .any(|l| l.trim_start().starts_with(&format!("{d} "))
                        || l.trim_start().starts_with(&format!("{d}."))),
                "crates/{krate} depends on {d}"
            );
        }
    }
}

#[test]
fn the_check_itself_finds_what_it_looks_for() {
    // The scan is not vacuous: the port crate does name its backends, and the engine
    // does build stream sets.
    assert!(!offences(&["crates/port/src"], &["PortSpec::AfPacket"], "-").is_empty());
    assert!(!offences(&["crates/port/src"], &["PortSpec::XdpLive"], "-").is_empty());
    assert!(!offences(&["crates/engine/src"], &["StreamSet"], "-").is_empty());
    assert!(enum_variants("crates/port/src/spec.rs", "PortSpec").contains(&"Wrapped".to_string()));
}

#[test]
fn both_servers_stand_on_the_one_session_layer() {
    for d in ["crates/daemon/src", "crates/trex/src"] {
        assert!(!offences(&[d], &["riptide_session::"], "-").is_empty(), "{d} does not use riptide_session");
        let own = offences(
            &[d],
            &["struct Owner", "orphaned_since", "last_seen", "stored +=", "stored -="],
            "ownership and stream budgets are the session layer's (crates/session)",
        );
        assert!(own.is_empty(), "a server keeps session state of its own:\n{}", own.join("\n"));
    }
    // And the trial loop is the methodology library's.
    let own = offences(&["crates/daemon/src"], &["Command::Start(", "trials::count("], "riptide_method runs trials");
    assert!(own.is_empty(), "the daemon runs trials of its own:\n{}", own.join("\n"));
}

/// A crate's top-level modules and which others each names (`crate::NAME`, and
/// `super::NAME` from a file one level down), test code left out.
fn module_graph(src: &Path) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    use std::collections::{BTreeMap, BTreeSet};
    let top = |f: &Path| -> String {
        let rel = f.strip_prefix(src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
        first.trim_end_matches(".rs").to_string()
    };
    let files = sources(src);
    let modules: BTreeSet<String> = files.iter().map(|f| top(f)).filter(|m| m != "lib" && m != "main").collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let from = top(f);
        if !modules.contains(&from) {
            continue;
        }
        let nested = f.strip_prefix(src).unwrap().components().count() > 1;
        for (_, line) in code_lines(f) {
            let mut refs: Vec<&str> = Vec::new();
            for (i, _) in line.match_indices("crate::") {
                refs.push(&line[i + 7..]);
            }
            // `use crate::{a, b::C}`: each name in the braces.
            let mut names: Vec<String> = Vec::new();
            for r in refs {
                if let Some(inner) = r.strip_prefix('{') {
                    let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
                    names.extend(inner.split(',').map(|n| n.trim().split("::").next().unwrap_or("").to_string()));
                } else {
                    let n: String = r.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    names.push(n);
                }
            }
            if !nested {
                for (i, _) in line.match_indices("super::") {
                    let n: String =
                        line[i + 7..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    names.push(n);
                }
            }
            for n in names {
                if n != from && modules.contains(&n) {
                    graph.entry(from.clone()).or_default().insert(n);
                }
            }
        }
    }
    graph
}

/// The import circles of a module graph: each strongly connected set of two or more
/// modules, names sorted and joined by " <-> ".
fn circles(graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>) -> Vec<String> {
    // Reachability by search from each node (the graphs are small).
    let reach = |from: &str| -> std::collections::BTreeSet<String> {
        let mut seen = std::collections::BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(n) = todo.pop() {
            for m in graph.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    todo.push(m.clone());
                }
            }
        }
        seen
    };
    let nodes: Vec<&String> = graph.keys().collect();
    let mut out = std::collections::BTreeSet::new();
    for n in &nodes {
        let r = reach(n);
        if !r.contains(*n) {
            continue;
        }
        let mut set: Vec<String> = r.into_iter().filter(|m| reach(m).contains(*n)).collect();
        set.sort();
        out.insert(set.join(" <-> "));
    }
    out.into_iter().collect()
}

#[test]
fn no_import_circle_inside_any_crate_or_the_python_package() {
    // Issue 33: every crate's modules, and the Python package's, import downwards only,
    // so each can be read (and moved) without the others that use it.
    let mut found = Vec::new();
    for d in crate_dirs(&[]) {
        for c in circles(&module_graph(&workspace().join(&d))) {
            found.push(format!("{d}: {c}"));
        }
    }
    for c in circles(&python_graph(&workspace().join("python/riptide"))) {
        found.push(format!("python/riptide: {c}"));
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The Python package's top-level modules (a subpackage is one) and which others each
/// imports (`from .NAME import`, `from . import NAME`, `from ..NAME import` in a
/// subpackage); `__init__` re-exports everything and is left out.
fn python_graph(pkg: &Path) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut files: Vec<PathBuf> = Vec::new();
    let mut stack = vec![pkg.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() && p.join("__init__.py").exists() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "py") {
                files.push(p);
            }
        }
    }
    let top = |f: &Path| -> String {
        let rel = f.strip_prefix(pkg).unwrap();
        rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".py").to_string()
    };
    let modules: BTreeSet<String> = files.iter().map(|f| top(f)).filter(|m| m != "__init__").collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let from = top(f);
        if from == "__init__" {
            continue;
        }
        let nested = f.strip_prefix(pkg).unwrap().components().count() > 1;
        let up = if nested { "from .." } else { "from ." };
        for line in std::fs::read_to_string(f).unwrap().lines().map(str::trim) {
            let Some(rest) = line.strip_prefix(up) else { continue };
            if nested && !line.starts_with("from ..") {
                continue;
            }
            let names: Vec<String> = match rest.strip_prefix(" import ") {
                Some(list) => list.split(',').map(|n| n.split_whitespace().next().unwrap_or("").to_string()).collect(),
                None => vec![rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()],
            };
            for n in names {
                if n != from && modules.contains(&n) {
                    graph.entry(from.clone()).or_default().insert(n);
                }
            }
        }
    }
    graph
}

#[test]
fn the_circle_check_finds_a_circle() {
    let mut g = std::collections::BTreeMap::new();
    g.insert("a".to_string(), ["b".to_string()].into());
    g.insert("b".to_string(), ["c".to_string()].into());
    g.insert("c".to_string(), ["a".to_string(), "d".to_string()].into());
    g.insert("d".to_string(), std::collections::BTreeSet::new());
    assert_eq!(circles(&g), ["a <-> b <-> c"]);
    let g = module_graph(&workspace().join("crates/engine/src"));
    assert!(g.get("engine").is_some_and(|s| s.contains("worker")), "{g:?}");
    let g = python_graph(&workspace().join("python/riptide"));
    assert!(g.get("methodology").is_some_and(|s| s.contains("client")), "{g:?}");
    assert!(g.get("trex").is_some_and(|s| !s.is_empty()), "{g:?}");
}
