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
    let found = offences(
        &["crates/cli/src", "crates/daemon/src", "crates/trex/src"],
        &internals,
        "a front end translates into riptide_engine::Command and leaves the running to the engine",
    );
    assert!(found.is_empty(), "front ends reach past the command API:\n{}", found.join("\n"));
}

#[test]
fn only_the_port_crate_knows_backends_by_name() {
    let variants = ["Null", "Pcap", "AfPacket", "AfXdp", "Capture", "Impair", "Link", "Tap", "Wrapped"];
    let names: Vec<String> = variants.iter().map(|v| format!("PortSpec::{v}")).collect();
    let mut bad: Vec<&str> = names.iter().map(String::as_str).collect();
    bad.extend(["driver ==", "driver !=", "== \"afpacket\"", "== \"afxdp\"", "== \"null\"", "== \"pcap\""]);
    let dirs = [
        "crates/cli/src",
        "crates/daemon/src",
        "crates/trex/src",
        "crates/engine/src",
        "crates/stl/src",
        "crates/stf/src",
        "crates/measure/src",
        "crates/core/src",
    ];
    let found = offences(&dirs, &bad, "ask the port's capabilities (PortInfo::caps) instead");
    assert!(found.is_empty(), "code outside crates/port decides by a backend's name:\n{}", found.join("\n"));
}

#[test]
fn the_check_itself_finds_what_it_looks_for() {
    // The scan is not vacuous: the port crate does name its backends, and the engine
    // does build stream sets.
    assert!(!offences(&["crates/port/src"], &["PortSpec::AfPacket"], "-").is_empty());
    assert!(!offences(&["crates/engine/src"], &["StreamSet"], "-").is_empty());
}
