//! The files of `/proc/net/pktgen` as the kernel shows them, over riptide's pktgen
//! language: pure state, no I/O ([`super::fuse`] serves it, [`super::shell`] runs the
//! script that uses it).
//!
//! - `pgctrl`: `start` runs every configured device (the caller does the running),
//!   `stop` stops them, `reset` removes every device.
//! - `kpktgend_N` (one per core): `add_device IF[@Q]`, `rem_device_all`,
//!   `max_before_softirq`.
//! - one file per added device: its configuration commands.
//!
//! A write is one command, applied as the kernel applies it; a refused one fails the
//! write (EINVAL) and leaves `Result: ERROR: ...` in the file, so a script's own check
//! (`grep "Result: OK:"`) sees it. Reading a file prints the kernel's text: `Params:`,
//! `Current:` and the last `Result:` of a device, a thread's device list, and after a
//! run each device's result block. Accepted commands are kept in order as a command
//! file ([`ProcFs::commands`]), which the engine runs exactly as `riptide pktgen FILE`.

use riptide_stl::pktgen::{apply, Script};
use std::collections::BTreeMap;

/// What a write asks of the caller.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// Nothing more: the command was applied.
    Done,
    /// `start` on pgctrl: run the devices, then answer the write.
    Start,
    /// `stop` on pgctrl: stop a run in progress.
    Stop,
}

/// The emulated `/proc/net/pktgen`.
pub(crate) struct ProcFs {
    threads: usize,
    script: Script,
    commands: String,
    /// Last result per file (`OK: count=1000`, `ERROR: ...`).
    results: BTreeMap<String, String>,
    /// Per device, the block of its last run.
    runs: BTreeMap<String, String>,
    /// Commands refused, with their file (for the caller's report).
    refused: Vec<(String, String, String)>,
    /// Runs that failed (their messages).
    failed: Vec<String>,
    running: bool,
}

/// The kernel's pgctrl banner.
const VERSION: &str = "Packet Generator (proc) version 2.75";

impl ProcFs {
    /// A fresh pktgen with `threads` kpktgend threads.
    pub(crate) fn new(threads: usize) -> Self {
        ProcFs {
            threads: threads.max(1),
            script: Script::default(),
            commands: String::new(),
            results: BTreeMap::new(),
            runs: BTreeMap::new(),
            refused: vec![],
            failed: vec![],
            running: false,
        }
    }

    /// The file names, in the kernel's order: pgctrl, the threads, the devices.
    pub(crate) fn files(&self) -> Vec<String> {
        let mut v = vec!["pgctrl".to_string()];
        v.extend((0..self.threads).map(|t| format!("kpktgend_{t}")));
        v.extend(self.script.devices.iter().map(|d| d.name()));
        v
    }

    /// Whether `name` is one of the files.
    pub(crate) fn exists(&self, name: &str) -> bool {
        self.files().iter().any(|f| f == name)
    }

    /// The accepted commands as a pktgen command file.
    pub(crate) fn commands(&self) -> &str {
        &self.commands
    }

    /// Commands refused: (file, command, why).
    pub(crate) fn refused(&self) -> &[(String, String, String)] {
        &self.refused
    }

    /// Records a run that failed (its message), so that riptide's exit says so even when
    /// the script carried on, as the kernel's samples do after a failed `start`.
    pub(crate) fn run_failed(&mut self, why: String) {
        self.failed.push(why);
    }

    /// The runs that failed.
    pub(crate) fn failures(&self) -> &[String] {
        &self.failed
    }

    /// Marks a run started or ended.
    pub(crate) fn set_running(&mut self, running: bool) {
        self.running = running;
    }

    /// Keeps each device's result block of a run (device name -> block).
    pub(crate) fn set_runs(&mut self, blocks: BTreeMap<String, String>) {
        self.runs = blocks;
    }

    /// One write of `data` to `file`: Err(message) is a refused command (EINVAL).
    pub(crate) fn write(&mut self, file: &str, data: &str) -> Result<Action, String> {
        let cmd = data.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        let cmd = cmd.trim_matches('"').trim();
        if !self.exists(file) {
            return Err(format!("no such file /proc/net/pktgen/{file}"));
        }
        let res = self.apply(file, cmd);
        match &res {
            Ok(_) => {
                let key = cmd.split_whitespace().next().unwrap_or("");
                let arg = cmd[key.len()..].trim();
                let ok = if arg.is_empty() { format!("OK: {key}") } else { format!("OK: {key}={arg}") };
                self.results.insert(file.to_string(), ok);
            }
            Err(m) => {
                self.results.insert(file.to_string(), format!("ERROR: {m}"));
                self.refused.push((file.to_string(), cmd.to_string(), m.clone()));
            }
        }
        res
    }

    fn apply(&mut self, file: &str, cmd: &str) -> Result<Action, String> {
        if cmd.is_empty() {
            return Err("empty command".into());
        }
        if file == "pgctrl" {
            return match cmd {
                "start" => {
                    if self.script.devices.is_empty() {
                        return Err("no device added (add_device IF in a kpktgend_N file first)".into());
                    }
                    Ok(Action::Start)
                }
                "stop" => Ok(Action::Stop),
                "reset" => {
                    *self = ProcFs::new(self.threads);
                    Ok(Action::Done)
                }
                _ => Err(format!("pgctrl takes start, stop or reset, not '{cmd}'")),
            };
        }
        if self.running {
            return Err("a run is in progress (write stop to pgctrl first)".into());
        }
        apply(&mut self.script, file, cmd)?;
        self.commands.push_str(&format!("PGDEV=/proc/net/pktgen/{file}\npgset \"{cmd}\"\n"));
        if cmd.starts_with("rem_device_all") || cmd.starts_with("add_device") {
            // A device removed or re-added starts over, as in the kernel.
            let names: Vec<String> = self.script.devices.iter().map(|d| d.name()).collect();
            self.results.retain(|f, _| !f.contains('_') || f.starts_with("kpktgend_") || names.contains(f));
            self.runs.retain(|d, _| names.contains(d));
        }
        Ok(Action::Done)
    }

    /// The text of `file`, as the kernel prints it.
    pub(crate) fn read(&self, file: &str) -> Option<String> {
        if file == "pgctrl" {
            let names: Vec<String> = self.script.devices.iter().map(|d| d.name()).collect();
            let (run, stop) =
                if self.running { (names.join(" "), String::new()) } else { (String::new(), names.join(" ")) };
            return Some(format!("{VERSION}\nRunning: {run}\nStopped: {stop}\nResult: {}\n", self.result("pgctrl")));
        }
        if let Some(t) = file.strip_prefix("kpktgend_") {
            t.parse::<usize>().ok().filter(|&n| n < self.threads)?;
            let mine: Vec<String> =
                self.script.devices.iter().filter(|d| d.thread == file).map(|d| format!("{} ", d.name())).collect();
            let (run, stop) =
                if self.running { (mine.concat(), String::new()) } else { (String::new(), mine.concat()) };
            return Some(format!("Running: {run}\nStopped: {stop}\nResult: {}\n", self.result(file)));
        }
        let d = self.script.devices.iter().find(|d| d.name() == file)?;
        if let Some(block) = self.runs.get(file) {
            return Some(block.clone());
        }
        let c = &d.config;
        let flags: Vec<&str> = c.flags.iter().map(String::as_str).collect();
        let dst = |min: bool| c.dst.map_or(String::new(), |x| (if min { x.0 } else { x.1 }).to_string());
        Some(format!(
            "Params: count {}  min_pkt_size: {}  max_pkt_size: {}\n     frags: 0  delay: {}  clone_skb: {}  ifname: {}\n     \
             flows: {} flowlen: {}\n     queue_map_min: 0  queue_map_max: 0\n     dst_min: {}  dst_max: {}\n     \
             src_min: {}  src_max: {}\n     src_mac: {} dst_mac: {}\n     \
             udp_src_min: {}  udp_src_max: {}  udp_dst_min: {}  udp_dst_max: {}\n     \
             src_mac_count: {}  dst_mac_count: {}\n     Flags: {}\nCurrent:\n     pkts-sofar: 0  errors: 0\n     \
             started: 0us  stopped: 0us idle: 0us\n     seq_num: 1  cur_dst_mac_offset: 0  cur_src_mac_offset: 0\n     \
             cur_saddr: {}  cur_daddr: {}\n     cur_udp_dst: {}  cur_udp_src: {}\n     cur_queue_map: 0\n     flows: 0\n\
             Result: {}\n",
            c.count,
            c.min_pkt_size,
            c.max_pkt_size,
            c.delay_ns,
            c.clone_skb,
            d.name(),
            c.flows,
            c.flowlen,
            dst(true),
            dst(false),
            c.src.0,
            c.src.1,
            c.src_mac.map_or("00:00:00:00:00:00".to_string(), |m| m.0.to_string()),
            c.dst_mac.0,
            c.udp_src.0,
            c.udp_src.1,
            c.udp_dst.0,
            c.udp_dst.1,
            c.src_mac.map_or(0, |m| m.1),
            c.dst_mac.1,
            flags.join("  "),
            c.src.0,
            c.dst.map_or("0.0.0.0".to_string(), |x| x.0.to_string()),
            c.udp_dst.0,
            c.udp_src.0,
            self.result(file)
        ))
    }

    fn result(&self, file: &str) -> &str {
        self.results.get(file).map_or("", String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_configure_and_reads_show_the_kernel_text() {
        let mut p = ProcFs::new(2);
        assert_eq!(p.files(), ["pgctrl", "kpktgend_0", "kpktgend_1"]);
        assert_eq!(p.write("kpktgend_0", "rem_device_all\n"), Ok(Action::Done));
        assert_eq!(p.write("kpktgend_0", "add_device rt0\n"), Ok(Action::Done));
        assert!(p.read("kpktgend_0").unwrap().contains("Stopped: rt0 \nResult: OK: add_device=rt0\n"));
        assert_eq!(p.write("rt0", "count 100\n"), Ok(Action::Done));
        assert_eq!(p.write("rt0", "dst_min 198.18.0.1"), Ok(Action::Done));
        let t = p.read("rt0").unwrap();
        assert!(t.starts_with("Params: count 100  min_pkt_size: 60  max_pkt_size: 60\n"), "{t}");
        assert!(t.contains("dst_min: 198.18.0.1"), "{t}");
        assert!(t.ends_with("Result: OK: dst_min=198.18.0.1\n"), "{t}");
        // A refused command fails the write and shows in the file.
        let e = p.write("rt0", "flag IPSEC\n").unwrap_err();
        assert!(e.contains("flag IPSEC is not supported"), "{e}");
        assert!(p.read("rt0").unwrap().contains("Result: ERROR: flag IPSEC is not supported"));
        assert_eq!(p.refused().len(), 1);
        // The accepted commands form a command file riptide's parser reads.
        let s = riptide_stl::pktgen::parse(p.commands(), "emulated").unwrap();
        assert_eq!(s.devices[0].config.count, 100);
        assert_eq!(p.write("pgctrl", "start\n"), Ok(Action::Start));
        assert!(p.write("nosuch", "count 1").is_err());
        assert_eq!(p.write("pgctrl", "reset"), Ok(Action::Done));
        assert_eq!(p.files().len(), 3);
        assert!(p.write("pgctrl", "start").is_err(), "nothing to start");
    }
}
