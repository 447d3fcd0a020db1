//! `riptide ndr --out` against DUTs whose answers do not depend on the host: the
//! simulated DUT (no trials at all) and the in-memory `link:` DUT in virtual time with
//! seeded loss (a frame-size sweep with latency trials). Every file the search writes
//! is compared with the one recorded in `tests/data/ndr/CASE/`, less what depends on
//! the clock or the host (the command's paths, wall times, the host's facts), so moving
//! the methodology between crates, or rewriting its reports, cannot change them unseen.
//!
//! After an intended change of the output: `RIPTIDE_BLESS=1 cargo test --release -p
//! riptide --test ndr_golden` writes the new files; review their diff like code.
//!
//! A golden file only says that the output did not change. Each case is also checked
//! against what the DUT is known to do, whatever was recorded: the search's bounds
//! against the simulated DUT's capacity and loss (or the link's configured loss), and
//! each picture by its decoded pixels (its size, a marker per trial in the colour of the
//! trial's outcome, ordered by load, a marker per bound found).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{riptide, text};
use serde_json::Value;
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

/// Runs `riptide ndr ARGS --out TMP` from the repository root, checks the report's own
/// figures with `check` (the independent check), and compares every file with
/// `tests/data/ndr/CASE/`.
fn golden(case: &str, args: &str, check: impl Fn(&Path)) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut argv: Vec<&str> = args.split(' ').collect();
    let out_s = out.to_string_lossy().into_owned();
    argv.extend(["--out", &out_s]);
    let o = riptide(&argv);
    assert!(o.status.success(), "{args}: {}", text(&o));
    check(&out);
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

/// riptide ndr's default `--width`: each goal's final interval, relative to its upper bound.
const WIDTH: f64 = 0.005;

fn results(out: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(out.join("results.json")).unwrap()).unwrap()
}

/// Each goal's (name, loss ratio, lower bound, upper bound) of a run.
fn bounds(run: &Value) -> Vec<(String, f64, Option<f64>, Option<f64>)> {
    let goals = run["goals"].as_array().unwrap();
    goals
        .iter()
        .map(|g| {
            let name = g["name"].as_str().unwrap().to_string();
            (name, g["loss_ratio"].as_f64().unwrap(), g["lower_bound"].as_f64(), g["upper_bound"].as_f64())
        })
        .collect()
}

/// The simulated DUT (`--simulate C,loss=L`): it forwards at most C frames/s and loses L
/// of what it forwards. The load a goal of loss ratio R finds: none when R < L (every
/// load loses more); else where the loss above C, 1 - C (1 - L) / load, reaches R.
fn simulated_throughput(capacity: f64, loss: f64, goal: f64) -> Option<f64> {
    (goal >= loss).then(|| capacity * (1.0 - loss) / (1.0 - goal))
}

/// The search's bounds of each goal against the simulated DUT's known throughput: a
/// goal it has is within the goal's final width (lower <= it <= upper, one frame/s of
/// the counts' rounding allowed); one it lacks (below the minimum load) has no lower
/// bound and the minimum load as its upper one.
fn check_simulated(out: &Path, capacity: f64, loss: f64, goals: &[&str]) {
    let r = results(out);
    assert_eq!((r["simulated_capacity"].as_f64(), r["simulated_loss_ratio"].as_f64()), (Some(capacity), Some(loss)));
    let run = &r["runs"][0];
    let min_load = run["min_load"].as_f64().unwrap();
    let got = bounds(run);
    assert_eq!(got.iter().map(|g| g.0.as_str()).collect::<Vec<_>>(), goals);
    for (name, ratio, lower, upper) in got {
        match simulated_throughput(capacity, loss, ratio) {
            Some(t) => {
                let (lo, up) = (lower.unwrap(), upper.unwrap());
                assert!(lo <= t + 1.0 && t <= up + 1.0, "{name}: the DUT's {t:.0} frames/s outside [{lo:.0}, {up:.0}]");
                assert!((up - lo) / up <= WIDTH + 1e-9, "{name}: [{lo:.0}, {up:.0}] wider than {WIDTH}");
            }
            None => assert_eq!((lower, upper), (None, Some(min_load)), "{name}: loss {loss} > {ratio} at every load"),
        }
    }
}

/// An RGBA picture.
struct Picture {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

fn decode(path: &Path) -> Picture {
    let mut reader = png::Decoder::new(std::fs::File::open(path).unwrap()).read_info().unwrap();
    let mut rgba = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgba).unwrap();
    assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgba, png::BitDepth::Eight), "{}", path.display());
    rgba.truncate(info.buffer_size());
    Picture { width: info.width as usize, height: info.height as usize, rgba }
}

impl Picture {
    /// The markers drawn in `color` (`#rrggbb`): the blobs of that exact opaque colour
    /// that hold a 3x3 square (a 2-pixel line does not), as centres (x, y) sorted by x.
    fn markers(&self, color: &str) -> Vec<(f64, f64)> {
        let c = u32::from_str_radix(&color[1..], 16).unwrap().to_be_bytes();
        let (w, h) = (self.width, self.height);
        let is = |x: usize, y: usize| self.rgba[(y * w + x) * 4..][..4] == [c[1], c[2], c[3], 255];
        let core: Vec<bool> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                x > 0 && y > 0 && x + 1 < w && y + 1 < h && (0..9).all(|k| is(x + k % 3 - 1, y + k / 3 - 1))
            })
            .collect();
        let mut seen = vec![false; w * h];
        let mut out = vec![];
        for start in 0..w * h {
            if !core[start] || seen[start] {
                continue;
            }
            let (mut stack, mut n, mut sx, mut sy) = (vec![start], 0.0, 0.0, 0.0);
            seen[start] = true;
            while let Some(i) = stack.pop() {
                let (x, y) = (i % w, i / w);
                (n, sx, sy) = (n + 1.0, sx + x as f64, sy + y as f64);
                for (dx, dy) in [(0, 1), (2, 1), (1, 0), (1, 2), (0, 0), (2, 2), (0, 2), (2, 0)] {
                    let (nx, ny) = ((x + dx).wrapping_sub(1), (y + dy).wrapping_sub(1));
                    if nx < w && ny < h && core[ny * w + nx] && !seen[ny * w + nx] {
                        seen[ny * w + nx] = true;
                        stack.push(ny * w + nx);
                    }
                }
            }
            out.push((sx / n, sy / n));
        }
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out
    }

    /// [`Picture::markers`] in the plot: without the legend's (the lowest of each
    /// colour that has any: the legend runs under the plot), which must be there.
    fn plotted(&self, color: &str) -> Vec<(f64, f64)> {
        let mut m = self.markers(color);
        if let Some(legend) = (0..m.len()).max_by(|&a, &b| m[a].1.total_cmp(&m[b].1)) {
            m.remove(legend);
        }
        m
    }
}

/// A trial's loss ratio as the search counts it (riptide_search::Trial::loss_ratio).
fn loss_ratio(t: &Value) -> f64 {
    let n = |k: &str| t[k].as_u64().unwrap() as i64;
    let (intended, offered, forwarded) = (n("intended_count"), n("offered_count"), n("forwarded_count"));
    let all = offered.max(intended);
    if all == 0 {
        return 0.0;
    }
    ((offered - forwarded).abs() + (intended - offered).abs()) as f64 / all as f64
}

/// Every picture is 800 x 450; the trials chart has one marker per trial, at the
/// trial's place on the x axis, in its outcome's colour, higher for a higher load; the
/// throughput charts one marker per goal with a lower bound, the higher bound higher.
fn check_pictures(out: &Path) {
    let r = results(out);
    let pngs: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    assert!(!pngs.is_empty());
    for p in &pngs {
        let pic = decode(p);
        assert_eq!((pic.width, pic.height), (800, 450), "{}", p.display());
    }
    let runs = r["runs"].as_array().unwrap();
    let sweep = runs.iter().any(|run| !run["frame_size"].is_null());
    let ratios: Vec<f64> = bounds(&runs[0]).iter().map(|g| g.1).collect();
    let (strictest, loosest) = (ratios.iter().copied().fold(1.0, f64::min), ratios.iter().copied().fold(0.0, f64::max));
    for run in runs {
        let name =
            if sweep { format!("trials-{}.png", run["frame_size"].as_str().unwrap()) } else { "trials.png".into() };
        let pic = decode(&out.join(&name));
        let trials = run["trial_list"].as_array().unwrap();
        assert_eq!(run["generator_limited_trials"], 0, "{name}: no hollow markers expected");
        // Outcome colours: passes every goal, some goals, none.
        let colors = ["#009e73", "#e69f00", "#d55e00"];
        let outcome = |t: &Value| {
            let l = loss_ratio(t);
            if l <= strictest {
                0
            } else if l <= loosest {
                1
            } else {
                2
            }
        };
        let mut drawn: Vec<(f64, f64, usize)> = vec![];
        for (k, c) in colors.iter().enumerate() {
            let want = trials.iter().filter(|t| outcome(t) == k).count();
            let m = if want > 0 { pic.plotted(c) } else { pic.markers(c) };
            assert_eq!(m.len(), want, "{name}: markers in {c}");
            drawn.extend(m.into_iter().map(|(x, y)| (x, y, k)));
        }
        drawn.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(drawn.len(), trials.len(), "{name}: one marker per trial");
        for (i, (t, d)) in trials.iter().zip(&drawn).enumerate() {
            assert_eq!(d.2, outcome(t), "{name}: trial {} (loss {}) in the wrong colour", i + 1, loss_ratio(t));
        }
        // A higher load is drawn higher (smaller y; those past a zoomed axis's edge are
        // pinned to it: a few pixels of slack).
        let load = |i: usize| trials[i]["intended_load"].as_f64().unwrap();
        for i in 0..trials.len() {
            for j in 0..trials.len() {
                if load(i) > load(j) * 1.001 {
                    assert!(drawn[i].1 <= drawn[j].1 + 8.0, "{name}: trial {} above trial {}", j + 1, i + 1);
                }
            }
        }
    }
    // Throughput: per goal (palette order), a marker per run where it has a lower bound
    // (the axis fits them: a point outside it is not drawn). Goals' bounds a fraction of
    // a percent apart share a spot, the later goal's marker over the earlier's: each
    // run's last goal with a bound shows for certain, the others may hide under it.
    let palette = ["#0072b2", "#e69f00", "#009e73"];
    for name in ["throughput-pps.png", "throughput-bps.png"] {
        if name == "throughput-bps.png" && runs.iter().all(|run| run["line"].is_null()) {
            assert!(!out.join(name).exists(), "{name} without a line rate");
            continue;
        }
        let pic = decode(&out.join(name));
        let bound = |ri: usize, gi: usize| !runs[ri]["goals"][gi]["lower_bound"].is_null();
        for (gi, c) in palette.iter().enumerate().take(ratios.len()) {
            let found = (0..runs.len()).filter(|&ri| bound(ri, gi)).count();
            let on_top =
                (0..runs.len()).filter(|&ri| bound(ri, gi) && !(gi + 1..ratios.len()).any(|g| bound(ri, g))).count();
            let shown = if found == 0 { pic.markers(c).len() } else { pic.plotted(c).len() };
            assert!((on_top..=found).contains(&shown), "{name}: {shown} markers in {c}, {on_top} to {found} expected");
        }
    }
}

#[test]
fn a_simulated_dut_gives_the_recorded_report() {
    golden("simulated", "ndr --simulate 1.234mpps --max-load 2mpps", |out| {
        check_simulated(out, 1.234e6, 0.0, &["ndr", "pdr"]);
        check_pictures(out);
    });
}

#[test]
fn a_simulated_lossy_dut_with_three_goals_gives_the_recorded_report() {
    golden(
        "simulated-loss",
        "ndr --simulate 1.234mpps,loss=0.3% --max-load 2mpps --goals ndr=0,pdr=0.5%,plr=1%",
        |out| {
            check_simulated(out, 1.234e6, 0.003, &["ndr", "pdr", "plr"]);
            check_pictures(out);
        },
    );
}

/// The link loses 0.3% of frames at random (seeded) and has no capacity limit under the
/// 200 kpps searched: NDR falls below the minimum load (every trial of thousands of
/// frames loses some), PDR (0.5%) reaches the maximum load; the latency trials run at
/// 0, 10, 50 and 90% of the PDR's bound; the line rate is 10 Gb/s over each frame and
/// its 20 bytes of preamble and gap.
#[test]
fn a_link_dut_sweep_with_latency_gives_the_recorded_report() {
    golden(
        "link-sweep",
        "ndr profiles/lab/ndr.yaml --port link:0:loss=0.3%,seed=7 --port link:1 --min-load 5kpps --max-load 200kpps \
         --trial 0.5s --final-trial 1s --duration-sum 2s --frame-sizes 64,imix",
        |out| {
            let r = results(out);
            let runs = r["runs"].as_array().unwrap();
            assert_eq!(runs.len(), 2);
            let (mut lost, mut offered) = (0, 0);
            for run in runs {
                let size = run["frame_size"].as_str().unwrap();
                let b = bounds(run);
                assert_eq!(b[0], ("ndr".into(), 0.0, None, Some(5_000.0)), "{size}");
                assert_eq!(b[1], ("pdr".into(), 0.005, Some(200_000.0), None), "{size}");
                let mean = run["line"]["mean_frame"].as_f64().unwrap();
                let line = run["line"]["max_pps"].as_f64().unwrap();
                assert!((line - 10e9 / ((mean + 20.0) * 8.0)).abs() < 1e-6, "{size}: line rate {line}");
                if size == "64" {
                    assert_eq!(mean, 64.0);
                }
                assert_eq!(run["latency_of"], "pdr");
                let loads: Vec<(f64, f64)> = run["latency"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| (p["percent"].as_f64().unwrap(), p["intended_load"].as_f64().unwrap()))
                    .collect();
                assert_eq!(loads, [(0.0, 0.0), (10.0, 20_000.0), (50.0, 100_000.0), (90.0, 180_000.0)], "{size}");
                for t in run["trial_list"].as_array().unwrap() {
                    offered += t["offered_count"].as_u64().unwrap();
                    lost += t["offered_count"].as_u64().unwrap() - t["forwarded_count"].as_u64().unwrap();
                }
            }
            // The link's loss over every trial: 0.3% (binomial: within 0.05 points).
            let ratio = lost as f64 / offered as f64;
            assert!((ratio - 0.003).abs() < 0.0005, "the link lost {ratio} of {offered} frames");
            check_pictures(out);
        },
    );
}
