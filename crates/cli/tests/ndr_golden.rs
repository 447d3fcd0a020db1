//! `riptide ndr --out` against DUTs whose answers do not depend on the host: the
//! simulated DUT (no trials at all) and the in-memory `link:` DUT in virtual time with
//! seeded loss (a frame-size sweep with latency trials). Every file the search writes
//! is compared with the one recorded in `tests/data/ndr/CASE/`, less what depends on
//! the clock or the host (the command's paths, wall times, the host's facts), so moving
//! the methodology between crates, or rewriting its reports, cannot change them unseen.
//!
//! After an intended change of the output: `RIPTIDE_BLESS=1 cargo test --release -p
//! riptide --test ndr_golden` writes the new files; review their diff like code.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{riptide, text};
use std::path::{Path, PathBuf};

fn golden_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ndr").join(case)
}

/// 64-bit FNV-1a: a picture's fingerprint (the PNGs themselves are not kept).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// Drops what a clock decides from a JSON value: trial costs and wall times.
fn strip(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            for k in ["command", "host", "wall_s", "duration_with_overheads", "trial_seconds"] {
                m.remove(k);
            }
            m.values_mut().for_each(strip);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
        _ => {}
    }
}

/// `(14.0 s of trials) in 0.9 s` -> `(T s of trials) in W s`.
fn times(s: &str) -> String {
    let mut out = String::new();
    for line in s.split_inclusive('\n') {
        match (line.find(" trials ("), line.find(" s of trials) in ")) {
            (Some(a), Some(b)) if a < b => {
                let rest = &line[b + " s of trials) in ".len()..];
                let w = rest.find(" s").unwrap_or(0);
                out.push_str(&format!("{} trials (T s of trials) in W s{}", &line[..a], &rest[w + 2..]));
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// The report's files, less the clock and the host, as (name, text) pairs.
fn normalized(dir: &Path) -> Vec<(String, String)> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let mut out = vec![];
    let mut pngs = String::new();
    for name in names {
        let bytes = std::fs::read(dir.join(&name)).unwrap();
        let body = String::from_utf8_lossy(&bytes).into_owned();
        let t = if name.ends_with(".png") {
            pngs.push_str(&format!("{name} {:016x}\n", fnv(&bytes)));
            continue;
        } else if name.ends_with(".json") {
            let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            strip(&mut v);
            serde_json::to_string_pretty(&v).unwrap() + "\n"
        } else if name.ends_with(".csv") {
            let mut lines = body.lines();
            let head: Vec<&str> = lines.next().unwrap().split(',').collect();
            let skip = head.iter().position(|h| *h == "duration_with_overheads").unwrap();
            let row = |l: &str| {
                let cells: Vec<&str> = l.split(',').enumerate().filter(|(i, _)| *i != skip).map(|(_, c)| c).collect();
                cells.join(",") + "\n"
            };
            std::iter::once(row(&head.join(","))).chain(lines.map(row)).collect()
        } else if name.ends_with(".md") {
            times(&body[..body.find("Command:").unwrap()])
        } else if name.ends_with(".html") {
            let mut s = times(&body[..body.find("<h2>Command</h2>").unwrap()]);
            while let Some(a) = s.find("data:image/png;base64,") {
                let b = a + s[a..].find('"').unwrap();
                s.replace_range(a..b, "data:PNG");
            }
            s
        } else if name.ends_with(".hlog") {
            // The start times are the clock's; the intervals' tags, lengths, maxima and
            // histograms are the trials'.
            body.lines()
                .filter(|l| !l.starts_with("#[StartTime") && !l.starts_with("#[BaseTime"))
                .map(|l| match l.strip_prefix("Tag=") {
                    Some(r) => {
                        let f: Vec<&str> = r.split(',').collect();
                        format!("Tag={},S,{}\n", f[0], f[2..].join(","))
                    }
                    None => format!("{l}\n"),
                })
                .collect()
        } else {
            panic!("{}: a file the golden test does not know: {name}", dir.display());
        };
        out.push((name, t));
    }
    out.push(("png.txt".into(), pngs));
    out
}

/// Runs `riptide ndr ARGS --out TMP` from the repository root and compares every file
/// with `tests/data/ndr/CASE/`.
fn golden(case: &str, args: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut argv: Vec<&str> = args.split(' ').collect();
    let out_s = out.to_string_lossy().into_owned();
    argv.extend(["--out", &out_s]);
    let o = riptide(&argv);
    assert!(o.status.success(), "{args}: {}", text(&o));
    let got = normalized(&out);
    let want_dir = golden_dir(case);
    if std::env::var_os("RIPTIDE_BLESS").is_some() {
        let _ = std::fs::remove_dir_all(&want_dir);
        std::fs::create_dir_all(&want_dir).unwrap();
        for (name, t) in &got {
            std::fs::write(want_dir.join(name), t).unwrap();
        }
        return;
    }
    let mut want: Vec<String> = std::fs::read_dir(&want_dir)
        .unwrap_or_else(|e| panic!("{}: {e} (RIPTIDE_BLESS=1 records it)", want_dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    want.sort();
    let mut names: Vec<String> = got.iter().map(|(n, _)| n.clone()).collect();
    names.sort();
    assert_eq!(names, want, "{case}: the files written");
    for (name, t) in got {
        let w = std::fs::read_to_string(want_dir.join(&name)).unwrap();
        if t != w {
            let line =
                t.lines().zip(w.lines()).position(|(a, b)| a != b).unwrap_or(t.lines().count().min(w.lines().count()));
            panic!(
                "{case}/{name} differs from the recorded one at line {}:\n  now:      {}\n  recorded: {}",
                line + 1,
                t.lines().nth(line).unwrap_or("(end)"),
                w.lines().nth(line).unwrap_or("(end)")
            );
        }
    }
}

#[test]
fn a_simulated_dut_gives_the_recorded_report() {
    golden("simulated", "ndr --simulate 1.234mpps --max-load 2mpps");
}

#[test]
fn a_simulated_lossy_dut_with_three_goals_gives_the_recorded_report() {
    golden("simulated-loss", "ndr --simulate 1.234mpps,loss=0.3% --max-load 2mpps --goals ndr=0,pdr=0.5%,plr=1%");
}

#[test]
fn a_link_dut_sweep_with_latency_gives_the_recorded_report() {
    golden(
        "link-sweep",
        "ndr profiles/lab/ndr.yaml --port link:0:loss=0.3%,seed=7 --port link:1 --min-load 5kpps --max-load 200kpps \
         --trial 0.5s --final-trial 1s --duration-sum 2s --frame-sizes 64,imix",
    );
}
