//! The state of the host, read from procfs and sysfs under a root directory (`/` on a
//! real run; a test hands in a fake tree): CPU model and topology, the kernel and its
//! command line, frequency scaling, idle states, huge pages, irqbalance, the NMI
//! watchdog, and the named interfaces with their queues and IRQs.
//!
//! Reading never fails: what a file does not say is `None` or empty, since a container
//! or an old kernel hides some of it. [`crate::advice`] turns the result into warnings.

use crate::latency::CacheSizes;
use riptide_core::cpulist;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the host is.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SystemInfo {
    /// Processor and topology.
    pub cpu: Cpu,
    /// Kernel release and command line.
    pub kernel: Kernel,
    /// Frequency scaling per online core (empty without cpufreq, as in most VMs).
    pub frequency: Vec<CoreFreq>,
    /// Turbo / boost: Some(true) when on, None when the machine does not say.
    pub turbo: Option<bool>,
    /// The cpuidle driver (`intel_idle`, `acpi_idle`, `haltpoll`).
    pub cpuidle_driver: Option<String>,
    /// The idle states of the first online core.
    pub cstates: Vec<CState>,
    /// Huge page pools.
    pub hugepages: Vec<HugePool>,
    /// Transparent huge pages (`always`, `madvise`, `never`).
    pub thp: Option<String>,
    /// Their defrag setting.
    pub thp_defrag: Option<String>,
    /// Whether an irqbalance process runs.
    pub irqbalance: bool,
    /// kernel.nmi_watchdog.
    pub nmi_watchdog: Option<bool>,
    /// Cache sizes of the first online core.
    pub caches: CacheSizes,
    /// The interfaces of the named ports.
    pub interfaces: Vec<Interface>,
}

/// The processor.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cpu {
    /// `model name` of /proc/cpuinfo.
    pub model: String,
    /// `vendor_id`.
    pub vendor: String,
    /// Distinct `physical id`s.
    pub sockets: usize,
    /// Distinct (physical id, core id) pairs: physical cores.
    pub cores: usize,
    /// `processor` entries: hardware threads online.
    pub threads: usize,
    /// More than one thread on some core.
    pub smt: bool,
    /// Online cores (sysfs `online`).
    pub online: Vec<usize>,
    /// Offline cores (sysfs `offline`).
    pub offline: Vec<usize>,
    /// Each online core's SMT siblings, itself excluded (empty: none).
    pub siblings: BTreeMap<usize, Vec<usize>>,
    /// NUMA nodes and their cores.
    pub nodes: Vec<Node>,
    /// The `hypervisor` flag: a virtual machine.
    pub hypervisor: bool,
    /// `cpu MHz` of the first processor.
    pub mhz: Option<f64>,
}

/// A NUMA node.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// Node number.
    pub id: usize,
    /// Its cores.
    pub cpus: Vec<usize>,
}

/// The kernel.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Kernel {
    /// `uname -r` (/proc/sys/kernel/osrelease).
    pub release: String,
    /// /proc/cmdline.
    pub cmdline: String,
    /// Cores in `isolcpus=`.
    pub isolcpus: Vec<usize>,
    /// Cores in `nohz_full=`.
    pub nohz_full: Vec<usize>,
    /// Cores in `rcu_nocbs=`.
    pub rcu_nocbs: Vec<usize>,
    /// The command-line parameters that matter to a test, as given (key -> value, ""
    /// for a bare flag).
    pub params: BTreeMap<String, String>,
}

/// The command-line parameters [`Kernel::params`] keeps.
pub const PARAMS: [&str; 22] = [
    "isolcpus",
    "nohz_full",
    "nohz",
    "rcu_nocbs",
    "irqaffinity",
    "intel_pstate",
    "amd_pstate",
    "iommu",
    "intel_iommu",
    "amd_iommu",
    "hugepages",
    "hugepagesz",
    "default_hugepagesz",
    "transparent_hugepage",
    "processor.max_cstate",
    "intel_idle.max_cstate",
    "idle",
    "nosmt",
    "mitigations",
    "nmi_watchdog",
    "skew_tick",
    "tsc",
];

/// One core's frequency scaling (kHz as sysfs gives it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoreFreq {
    /// The core.
    pub cpu: usize,
    /// scaling_driver.
    pub driver: Option<String>,
    /// scaling_governor.
    pub governor: Option<String>,
    /// scaling_min_freq.
    pub min_khz: Option<u64>,
    /// scaling_max_freq.
    pub max_khz: Option<u64>,
    /// scaling_cur_freq.
    pub cur_khz: Option<u64>,
    /// cpuinfo_max_freq: what the hardware can do.
    pub hw_max_khz: Option<u64>,
}

/// An idle state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CState {
    /// Its name (`POLL`, `C1`, `C6`...).
    pub name: String,
    /// Exit latency, us.
    pub latency_us: u64,
    /// Disabled for the core.
    pub disabled: bool,
}

/// A huge page pool.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HugePool {
    /// Page size, KiB.
    pub size_kib: u64,
    /// Pages reserved.
    pub total: u64,
    /// Pages free.
    pub free: u64,
}

/// A port's interface.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interface {
    /// Its name.
    pub name: String,
    /// Whether it exists.
    pub exists: bool,
    /// Its driver.
    pub driver: Option<String>,
    /// Link speed, Mb/s.
    pub speed_mbps: Option<u64>,
    /// Receive queues.
    pub rx_queues: usize,
    /// Transmit queues.
    pub tx_queues: usize,
    /// RX ring descriptors (ethtool -g), where known.
    pub rx_ring: Option<u32>,
    /// TX ring descriptors.
    pub tx_ring: Option<u32>,
    /// Its IRQs and where they may run.
    pub irqs: Vec<Irq>,
}

/// An IRQ and its affinity.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Irq {
    /// IRQ number.
    pub irq: u32,
    /// Its name in /proc/interrupts.
    pub name: String,
    /// smp_affinity_list.
    pub affinity: Vec<usize>,
}

/// Reads the host under `root`, with the interfaces `ifaces`.
pub fn capture(root: &Path, ifaces: &[String]) -> SystemInfo {
    let fs = Fs(root.to_path_buf());
    let cpu = cpu(&fs);
    let first = cpu.online.first().copied().unwrap_or(0);
    SystemInfo {
        kernel: kernel(&fs),
        frequency: cpu.online.iter().filter_map(|&c| freq(&fs, c)).collect(),
        turbo: match fs.read("sys/devices/system/cpu/intel_pstate/no_turbo") {
            Some(v) => Some(v == "0"),
            None => fs.read("sys/devices/system/cpu/cpufreq/boost").map(|v| v == "1"),
        },
        cpuidle_driver: fs.read("sys/devices/system/cpu/cpuidle/current_driver"),
        cstates: cstates(&fs, first),
        hugepages: hugepages(&fs),
        thp: fs.read("sys/kernel/mm/transparent_hugepage/enabled").map(|v| bracketed(&v)),
        thp_defrag: fs.read("sys/kernel/mm/transparent_hugepage/defrag").map(|v| bracketed(&v)),
        irqbalance: process_running(&fs, "irqbalance"),
        nmi_watchdog: fs.read("proc/sys/kernel/nmi_watchdog").map(|v| v != "0"),
        caches: caches(&fs, first),
        interfaces: ifaces.iter().map(|i| interface(&fs, i)).collect(),
        cpu,
    }
}

struct Fs(PathBuf);

impl Fs {
    fn path(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }
    /// A file's text, trimmed; None when missing or unreadable.
    fn read(&self, rel: &str) -> Option<String> {
        std::fs::read_to_string(self.path(rel)).ok().map(|s| s.trim().to_string())
    }
    fn num(&self, rel: &str) -> Option<u64> {
        self.read(rel)?.parse().ok()
    }
    fn list(&self, rel: &str) -> Vec<usize> {
        self.read(rel).and_then(|s| cpulist::parse(&s).ok()).unwrap_or_default()
    }
    fn entries(&self, rel: &str) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(self.path(rel))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .collect();
        v.sort();
        v
    }
}

/// `always [madvise] never` -> `madvise`.
fn bracketed(v: &str) -> String {
    v.split_whitespace().find_map(|w| w.strip_prefix('[').and_then(|w| w.strip_suffix(']'))).unwrap_or(v).to_string()
}

fn cpu(fs: &Fs) -> Cpu {
    let info = fs.read("proc/cpuinfo").unwrap_or_default();
    let mut c = Cpu::default();
    let mut packages = std::collections::BTreeSet::new();
    let mut cores = std::collections::BTreeSet::new();
    let mut flags = String::new();
    for block in info.split("\n\n").filter(|b| b.contains("processor")) {
        c.threads += 1;
        let field = |k: &str| {
            block.lines().find_map(|l| {
                let (key, v) = l.split_once(':')?;
                (key.trim() == k).then(|| v.trim().to_string())
            })
        };
        let pkg = field("physical id").unwrap_or_default();
        cores.insert((pkg.clone(), field("core id").unwrap_or_else(|| format!("t{}", c.threads))));
        packages.insert(pkg);
        if c.threads == 1 {
            c.model = field("model name").or_else(|| field("Processor")).unwrap_or_else(|| "unknown".into());
            c.vendor = field("vendor_id").unwrap_or_default();
            c.mhz = field("cpu MHz").and_then(|v| v.parse().ok());
            flags = field("flags").unwrap_or_default();
        }
    }
    c.sockets = packages.len().max(1);
    c.cores = cores.len();
    c.hypervisor = flags.split_whitespace().any(|f| f == "hypervisor");
    c.online = fs.list("sys/devices/system/cpu/online");
    c.offline = fs.list("sys/devices/system/cpu/offline");
    for &n in &c.online {
        let sib: Vec<usize> = fs
            .list(&format!("sys/devices/system/cpu/cpu{n}/topology/thread_siblings_list"))
            .into_iter()
            .filter(|&s| s != n)
            .collect();
        c.smt |= !sib.is_empty();
        c.siblings.insert(n, sib);
    }
    for e in fs.entries("sys/devices/system/node") {
        let Some(id) = e.strip_prefix("node").and_then(|n| n.parse().ok()) else { continue };
        c.nodes.push(Node { id, cpus: fs.list(&format!("sys/devices/system/node/{e}/cpulist")) });
    }
    c.nodes.sort_by_key(|n| n.id);
    c
}

fn kernel(fs: &Fs) -> Kernel {
    let cmdline = fs.read("proc/cmdline").unwrap_or_default();
    let mut k = Kernel { release: fs.read("proc/sys/kernel/osrelease").unwrap_or_default(), ..Kernel::default() };
    // Everything after a bare `--` goes to init, not the kernel.
    for tok in cmdline.split_whitespace().take_while(|t| *t != "--") {
        let (key, v) = tok.split_once('=').unwrap_or((tok, ""));
        if PARAMS.contains(&key) {
            k.params.insert(key.to_string(), v.to_string());
        }
        match key {
            "isolcpus" => k.isolcpus = cpulist::isolcpus_list(v).unwrap_or_default(),
            "nohz_full" => k.nohz_full = cpulist::parse(v).unwrap_or_default(),
            "rcu_nocbs" => k.rcu_nocbs = cpulist::parse(v).unwrap_or_default(),
            _ => {}
        }
    }
    k.cmdline = cmdline;
    k
}

fn freq(fs: &Fs, cpu: usize) -> Option<CoreFreq> {
    let d = format!("sys/devices/system/cpu/cpu{cpu}/cpufreq");
    if !fs.path(&d).is_dir() {
        return None;
    }
    Some(CoreFreq {
        cpu,
        driver: fs.read(&format!("{d}/scaling_driver")),
        governor: fs.read(&format!("{d}/scaling_governor")),
        min_khz: fs.num(&format!("{d}/scaling_min_freq")),
        max_khz: fs.num(&format!("{d}/scaling_max_freq")),
        cur_khz: fs.num(&format!("{d}/scaling_cur_freq")),
        hw_max_khz: fs.num(&format!("{d}/cpuinfo_max_freq")),
    })
}

fn cstates(fs: &Fs, cpu: usize) -> Vec<CState> {
    let d = format!("sys/devices/system/cpu/cpu{cpu}/cpuidle");
    let mut v: Vec<(usize, CState)> = fs
        .entries(&d)
        .into_iter()
        .filter_map(|e| {
            let n = e.strip_prefix("state")?.parse().ok()?;
            Some((
                n,
                CState {
                    name: fs.read(&format!("{d}/{e}/name"))?,
                    latency_us: fs.num(&format!("{d}/{e}/latency")).unwrap_or(0),
                    disabled: fs.read(&format!("{d}/{e}/disable")).is_some_and(|s| s == "1"),
                },
            ))
        })
        .collect();
    v.sort_by_key(|s| s.0);
    v.into_iter().map(|s| s.1).collect()
}

fn hugepages(fs: &Fs) -> Vec<HugePool> {
    let mut v: Vec<HugePool> = fs
        .entries("sys/kernel/mm/hugepages")
        .into_iter()
        .filter_map(|e| {
            let size_kib = e.strip_prefix("hugepages-")?.strip_suffix("kB")?.parse().ok()?;
            let d = format!("sys/kernel/mm/hugepages/{e}");
            Some(HugePool {
                size_kib,
                total: fs.num(&format!("{d}/nr_hugepages")).unwrap_or(0),
                free: fs.num(&format!("{d}/free_hugepages")).unwrap_or(0),
            })
        })
        .collect();
    v.sort_by_key(|p| p.size_kib);
    v
}

fn process_running(fs: &Fs, comm: &str) -> bool {
    fs.entries("proc")
        .iter()
        .filter(|e| e.bytes().all(|b| b.is_ascii_digit()))
        .any(|pid| fs.read(&format!("proc/{pid}/comm")).is_some_and(|c| c == comm))
}

/// `32K`, `1024K`, `32M` -> bytes.
fn size(v: &str) -> Option<usize> {
    let v = v.trim();
    let (n, mul) = match v.chars().last()? {
        'K' | 'k' => (&v[..v.len() - 1], 1 << 10),
        'M' | 'm' => (&v[..v.len() - 1], 1 << 20),
        'G' | 'g' => (&v[..v.len() - 1], 1 << 30),
        _ => (v, 1),
    };
    n.parse::<usize>().ok().map(|n| n * mul)
}

fn caches(fs: &Fs, cpu: usize) -> CacheSizes {
    let d = format!("sys/devices/system/cpu/cpu{cpu}/cache");
    let mut c = CacheSizes::default();
    let mut top = 0;
    for e in fs.entries(&d).into_iter().filter(|e| e.starts_with("index")) {
        let level = fs.num(&format!("{d}/{e}/level")).unwrap_or(0);
        let kind = fs.read(&format!("{d}/{e}/type")).unwrap_or_default();
        let Some(bytes) = fs.read(&format!("{d}/{e}/size")).and_then(|s| size(&s)) else { continue };
        match (level, kind.as_str()) {
            (1, "Data") | (1, "Unified") => c.l1d = Some(bytes),
            (2, _) if kind != "Instruction" => c.l2 = Some(bytes),
            _ => {}
        }
        if level >= 3 && level > top && kind != "Instruction" {
            top = level;
            c.llc = Some(bytes);
        }
    }
    c
}

fn interface(fs: &Fs, name: &str) -> Interface {
    let d = format!("sys/class/net/{name}");
    let mut i = Interface { name: name.to_string(), exists: fs.path(&d).exists(), ..Interface::default() };
    if !i.exists {
        return i;
    }
    i.driver = std::fs::read_link(fs.path(&format!("{d}/device/driver")))
        .ok()
        .and_then(|p| p.file_name().and_then(|n| n.to_str()).map(String::from));
    i.speed_mbps =
        fs.read(&format!("{d}/speed")).and_then(|s| s.parse::<i64>().ok()).filter(|&s| s > 0).map(|s| s as u64);
    let queues = fs.entries(&format!("{d}/queues"));
    i.rx_queues = queues.iter().filter(|q| q.starts_with("rx-")).count();
    i.tx_queues = queues.iter().filter(|q| q.starts_with("tx-")).count();
    // IRQs: the device's MSI vectors, and the /proc/interrupts lines named after it.
    let mut irqs: BTreeMap<u32, String> = fs
        .entries(&format!("{d}/device/msi_irqs"))
        .into_iter()
        .filter_map(|e| e.parse().ok().map(|n| (n, String::new())))
        .collect();
    for line in fs.read("proc/interrupts").unwrap_or_default().lines() {
        let Some((num, rest)) = line.trim_start().split_once(':') else { continue };
        let Ok(n) = num.parse::<u32>() else { continue };
        let label = rest.split_whitespace().last().unwrap_or("");
        let named = label == name || label.strip_prefix(name).is_some_and(|r| r.starts_with(['-', '@', ':']));
        if named || irqs.contains_key(&n) {
            irqs.insert(n, label.to_string());
        }
    }
    i.irqs = irqs
        .into_iter()
        .map(|(irq, name)| Irq { irq, name, affinity: fs.list(&format!("proc/irq/{irq}/smp_affinity_list")) })
        .collect();
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_brackets_read_as_sysfs_writes_them() {
        assert_eq!(size("32K"), Some(32 << 10));
        assert_eq!(size("32768K"), Some(32 << 20));
        assert_eq!(size("2M"), Some(2 << 20));
        assert_eq!(size("x"), None);
        assert_eq!(bracketed("always [madvise] never"), "madvise");
        assert_eq!(bracketed("[always] defer madvise never"), "always");
    }
}
