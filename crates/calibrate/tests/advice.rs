//! Each warning fires on the setting that should trigger it and not otherwise: a fake
//! procfs/sysfs tree of a well-tuned 8-thread machine (workers 2 and 3, their SMT
//! siblings 6 and 7), then one setting at a time turned bad.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_calibrate::{advice::CODES, advise, capture};
use std::path::Path;

/// Writes `text` at `root/rel`, creating folders.
fn put(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const CMDLINE: &str = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=managed_irq,domain,2-3,6-7 nohz_full=2-3 rcu_nocbs=2-3 intel_iommu=on iommu=pt default_hugepagesz=1G hugepages=8";

/// A tuned machine: nothing should be said about it.
fn tuned(root: &Path) {
    let mut info = String::new();
    for n in 0..8 {
        info.push_str(&format!(
            "processor\t: {n}\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Gold 6252N CPU @ 2.30GHz\n\
             cpu MHz\t\t: 2300.000\nphysical id\t: 0\ncore id\t\t: {}\ncpu cores\t: 4\n\
             flags\t\t: fpu vme de pse tsc msr constant_tsc nonstop_tsc avx2\n\n",
            n % 4
        ));
    }
    put(root, "proc/cpuinfo", &info);
    put(root, "proc/cmdline", CMDLINE);
    put(root, "proc/sys/kernel/osrelease", "6.8.0-45-generic\n");
    put(root, "proc/sys/kernel/nmi_watchdog", "0\n");
    put(root, "proc/1/comm", "systemd\n");
    put(root, "proc/77/comm", "sshd\n");
    put(root, "sys/devices/system/cpu/online", "0-7\n");
    put(root, "sys/devices/system/cpu/offline", "\n");
    for n in 0..8 {
        let d = format!("sys/devices/system/cpu/cpu{n}");
        put(root, &format!("{d}/topology/thread_siblings_list"), &format!("{},{}\n", n % 4, n % 4 + 4));
        put(root, &format!("{d}/cpufreq/scaling_governor"), "performance\n");
        put(root, &format!("{d}/cpufreq/scaling_driver"), "intel_pstate\n");
        put(root, &format!("{d}/cpufreq/scaling_min_freq"), "2300000\n");
        put(root, &format!("{d}/cpufreq/scaling_max_freq"), "2300000\n");
        put(root, &format!("{d}/cpufreq/scaling_cur_freq"), "2300012\n");
        put(root, &format!("{d}/cpufreq/cpuinfo_max_freq"), "3900000\n");
        for (i, (name, lat, dis)) in [("POLL", 0, 0), ("C1", 2, 0), ("C1E", 10, 0), ("C6", 170, 1)].iter().enumerate() {
            put(root, &format!("{d}/cpuidle/state{i}/name"), name);
            put(root, &format!("{d}/cpuidle/state{i}/latency"), &lat.to_string());
            put(root, &format!("{d}/cpuidle/state{i}/disable"), &dis.to_string());
        }
        for (i, (level, kind, size)) in
            [(1, "Data", "48K"), (1, "Instruction", "32K"), (2, "Unified", "1024K"), (3, "Unified", "36608K")]
                .iter()
                .enumerate()
        {
            put(root, &format!("{d}/cache/index{i}/level"), &level.to_string());
            put(root, &format!("{d}/cache/index{i}/type"), kind);
            put(root, &format!("{d}/cache/index{i}/size"), size);
        }
    }
    put(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    put(root, "sys/devices/system/cpu/cpuidle/current_driver", "intel_idle\n");
    put(root, "sys/devices/system/node/node0/cpulist", "0-7\n");
    put(root, "sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages", "8\n");
    put(root, "sys/kernel/mm/hugepages/hugepages-1048576kB/free_hugepages", "6\n");
    put(root, "sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages", "0\n");
    put(root, "sys/kernel/mm/hugepages/hugepages-2048kB/free_hugepages", "0\n");
    put(root, "sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
    put(root, "sys/kernel/mm/transparent_hugepage/defrag", "always defer defer+madvise [madvise] never\n");
    // eth0: two queue pairs, IRQs 45 and 46 on the housekeeping cores.
    put(root, "sys/class/net/eth0/speed", "25000\n");
    for q in ["rx-0", "rx-1", "tx-0", "tx-1"] {
        put(root, &format!("sys/class/net/eth0/queues/{q}/placeholder"), "");
    }
    std::fs::create_dir_all(root.join("sys/bus/pci/drivers/ice")).unwrap();
    std::fs::create_dir_all(root.join("sys/class/net/eth0/device")).unwrap();
    std::os::unix::fs::symlink(root.join("sys/bus/pci/drivers/ice"), root.join("sys/class/net/eth0/device/driver"))
        .unwrap();
    put(root, "sys/class/net/eth0/device/msi_irqs/45", "msix\n");
    put(root, "sys/class/net/eth0/device/msi_irqs/46", "msix\n");
    put(
        root,
        "proc/interrupts",
        "            CPU0       CPU1\n  44:   10   0  IR-PCI-MSI 1-edge  ice-0000:3b:00.0:misc\n  \
         45:  100   0  IR-PCI-MSI 2-edge  ice-eth0-TxRx-0\n  46:  100   0  IR-PCI-MSI 3-edge  ice-eth0-TxRx-1\n \
         NMI:    0   0   Non-maskable interrupts\n",
    );
    put(root, "proc/irq/45/smp_affinity_list", "0\n");
    put(root, "proc/irq/46/smp_affinity_list", "1\n");
}

const WORKERS: [usize; 2] = [2, 3];

fn codes(root: &Path) -> Vec<String> {
    let s = capture(root, &["eth0".to_string()]);
    let mut v: Vec<String> = advise(&s, &WORKERS).into_iter().map(|w| w.code).collect();
    v.dedup();
    v
}

#[test]
fn the_tuned_machine_reads_back_and_draws_no_warning() {
    let dir = tempfile::tempdir().unwrap();
    tuned(dir.path());
    let s = capture(dir.path(), &["eth0".to_string()]);
    assert_eq!(s.cpu.model, "Intel(R) Xeon(R) Gold 6252N CPU @ 2.30GHz");
    assert_eq!((s.cpu.sockets, s.cpu.cores, s.cpu.threads, s.cpu.smt), (1, 4, 8, true));
    assert_eq!(s.cpu.siblings[&2], vec![6]);
    assert_eq!(s.kernel.release, "6.8.0-45-generic");
    assert_eq!(s.kernel.isolcpus, vec![2, 3, 6, 7]);
    assert_eq!(s.kernel.params["intel_iommu"], "on");
    assert_eq!(s.kernel.params["hugepages"], "8");
    assert!(!s.kernel.params.contains_key("root"), "only the parameters that matter are kept");
    assert_eq!(s.frequency.len(), 8);
    assert_eq!(s.turbo, Some(false));
    assert_eq!(s.cstates.len(), 4);
    assert_eq!(s.hugepages[1].size_kib, 1_048_576);
    assert_eq!((s.hugepages[1].total, s.hugepages[1].free), (8, 6));
    assert_eq!(s.thp.as_deref(), Some("madvise"));
    assert_eq!(s.caches.l1d, Some(48 << 10));
    assert_eq!(s.caches.llc, Some(36608 << 10));
    let eth = &s.interfaces[0];
    assert_eq!(eth.driver.as_deref(), Some("ice"));
    assert_eq!((eth.speed_mbps, eth.rx_queues, eth.tx_queues), (Some(25_000), 2, 2));
    let irqs: Vec<(u32, Vec<usize>)> = eth.irqs.iter().map(|i| (i.irq, i.affinity.clone())).collect();
    assert_eq!(irqs, vec![(45, vec![0]), (46, vec![1])]);
    assert!(!s.irqbalance);
    assert_eq!(advise(&s, &WORKERS), vec![]);
}

/// Each code, the one change that should trigger it.
fn spoil(root: &Path, code: &str) {
    let cmdline = |from: &str, to: &str| put(root, "proc/cmdline", &CMDLINE.replace(from, to));
    match code {
        "virtual_machine" => {
            let info = std::fs::read_to_string(root.join("proc/cpuinfo")).unwrap();
            put(root, "proc/cpuinfo", &info.replace("avx2", "avx2 hypervisor"));
        }
        "governor" => put(root, "sys/devices/system/cpu/cpu3/cpufreq/scaling_governor", "powersave\n"),
        "turbo" => put(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "0\n"),
        "cstates" => {
            for n in 0..8 {
                put(root, &format!("sys/devices/system/cpu/cpu{n}/cpuidle/state3/disable"), "0\n");
            }
        }
        "not_isolated" => cmdline("2-3,6-7 nohz", "3,6-7 nohz"),
        "nohz_full" => cmdline("nohz_full=2-3", "nohz_full=3"),
        "rcu_nocbs" => cmdline("rcu_nocbs=2-3", "rcu_nocbs=2"),
        "smt_sibling" => cmdline("2-3,6-7 nohz", "2-3,7 nohz"),
        "irqbalance" => put(root, "proc/4242/comm", "irqbalance\n"),
        "port_irq_on_worker" => put(root, "proc/irq/46/smp_affinity_list", "0-3\n"),
        "nmi_watchdog" => put(root, "proc/sys/kernel/nmi_watchdog", "1\n"),
        "thp_defrag" => {
            put(root, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
            put(root, "sys/kernel/mm/transparent_hugepage/defrag", "[always] defer defer+madvise madvise never\n");
        }
        other => panic!("no spoiler for {other}"),
    }
}

#[test]
fn each_warning_fires_on_its_setting_alone() {
    for code in CODES {
        let dir = tempfile::tempdir().unwrap();
        tuned(dir.path());
        spoil(dir.path(), code);
        assert_eq!(codes(dir.path()), vec![code.to_string()], "spoiling {code}");
    }
}

#[test]
fn warnings_name_the_cores_and_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    tuned(dir.path());
    spoil(dir.path(), "governor");
    spoil(dir.path(), "port_irq_on_worker");
    spoil(dir.path(), "cstates");
    let s = capture(dir.path(), &["eth0".to_string()]);
    let w = advise(&s, &WORKERS);
    let msg = |c: &str| w.iter().find(|w| w.code == c).map(|w| w.message.clone()).unwrap();
    assert!(msg("governor").starts_with("cores 3 use the powersave governor"), "{}", msg("governor"));
    assert!(msg("port_irq_on_worker").starts_with("IRQ 46 (eth0) may run on worker cores 2-3 (affinity 0-3)"));
    assert!(msg("cstates").contains("C6 (exit latency 170 us)"));
    // A cap on the command line answers the C-state warning; workers elsewhere answer
    // the IRQ one.
    put(dir.path(), "proc/cmdline", &format!("{CMDLINE} intel_idle.max_cstate=1"));
    let s = capture(dir.path(), &["eth0".to_string()]);
    assert!(advise(&s, &WORKERS).iter().all(|w| w.code != "cstates"));
    assert!(advise(&s, &[5]).iter().all(|w| w.code != "port_irq_on_worker"));
    // Two workers on one physical core.
    let v = advise(&s, &[2, 6]);
    assert!(v.iter().any(|w| w.code == "smt_sibling" && w.message.starts_with("workers 2 and 6 are SMT siblings")));
}

#[test]
fn a_missing_tree_reads_as_nothing_known() {
    let dir = tempfile::tempdir().unwrap();
    let s = capture(dir.path(), &["eth9".to_string()]);
    assert_eq!(s.cpu.threads, 0);
    assert!(!s.interfaces[0].exists);
    assert!(s.frequency.is_empty() && s.turbo.is_none() && s.nmi_watchdog.is_none());
}
