//! `--cores LIST` pins each worker on its core: read back from the kernel while the run
//! goes (`/proc/PID/task/TID/status`, the thread's `Cpus_allowed_list`, as
//! `sched_getaffinity` and `taskset -p` report it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::repo;

use std::process::{Command, Stdio};
use std::time::Duration;

/// The CPUs this test may use, from its own status.
fn allowed() -> Vec<usize> {
    let s = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = s.lines().find(|l| l.starts_with("Cpus_allowed_list:")).unwrap();
    cpus(line.split(':').nth(1).unwrap())
}

fn cpus(list: &str) -> Vec<usize> {
    let mut v = vec![];
    for item in list.trim().split(',') {
        match item.split_once('-') {
            Some((a, b)) => v.extend(a.parse::<usize>().unwrap()..=b.parse().unwrap()),
            None => v.push(item.parse().unwrap()),
        }
    }
    v
}

/// Worker thread name -> its allowed CPUs, for every `riptide-w*` thread of `pid`.
fn workers(pid: u32) -> Vec<(String, Vec<usize>)> {
    let mut out = vec![];
    let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return out };
    for t in dir.flatten() {
        let name = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default().trim().to_string();
        if !name.starts_with("riptide-w") {
            continue;
        }
        let status = std::fs::read_to_string(t.path().join("status")).unwrap_or_default();
        if let Some(l) = status.lines().find(|l| l.starts_with("Cpus_allowed_list:")) {
            out.push((name, cpus(l.split(':').nth(1).unwrap())));
        }
    }
    out.sort();
    out
}

/// Runs the bundled profile into the null port at 10 kpps for 3 s with `--cores cores`
/// and returns what the kernel says of its worker threads once they are all up.
fn pinned_run(cores: &str, n: usize) -> Vec<(String, Vec<usize>)> {
    let child = Command::new(env!("CARGO_BIN_EXE_riptide"))
        .args(["run", "profiles/udp64.yaml", "--port", "null", "-m", "10kpps", "-d", "3s", "--cores", cores])
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // All up while the 3 s run goes (or the test fails naming the ones it saw last).
    let seen = riptide_testkit::wait_for_ok(Duration::from_secs(30), format!("{n} workers"), || {
        Some(workers(child.id())).filter(|w| w.len() >= n).ok_or_else(|| workers(child.id()))
    });
    let o = common::wait_within(child, std::time::Duration::from_secs(120), "the riptide child");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    seen
}

#[test]
fn each_pinned_worker_runs_on_its_own_core() {
    let cpus = allowed();
    // The last two CPUs this test may use (one on a single-CPU machine).
    let list: Vec<usize> = cpus.iter().rev().take(2).rev().copied().collect();
    let arg = list.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
    let arg = if list.len() == 1 { format!("{arg},") } else { arg };
    let seen = pinned_run(&arg, list.len());
    let want: Vec<(String, Vec<usize>)> =
        list.iter().enumerate().map(|(k, &c)| (format!("riptide-w{k}"), vec![c])).collect();
    assert_eq!(seen, want, "--cores {arg}");
}

#[test]
fn unpinned_workers_may_run_anywhere_they_are_allowed() {
    let cpus = allowed();
    let seen = pinned_run("2", 2);
    assert_eq!(seen.len(), 2, "{seen:?}");
    for (name, on) in seen {
        assert_eq!(on, cpus, "{name}");
    }
}

#[test]
fn a_core_this_process_may_not_use_is_an_error_before_anything_runs() {
    let o = common::riptide(&["run", "profiles/udp64.yaml", "--port", "null", "-n", "10", "--cores", "4095-4095"]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    let e = common::stderr(&o);
    assert!(e.contains("core 4095 is not one this process may run on"), "{e}");
    let o = common::riptide(&["run", "profiles/udp64.yaml", "--port", "null", "-n", "10", "--cores", "2-x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(common::stderr(&o).contains("`2-x` is not a core number"), "{}", common::stderr(&o));
}
