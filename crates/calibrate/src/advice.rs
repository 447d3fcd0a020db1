//! Warnings: each setting of the host that is known to hurt zero-loss tests, with one
//! line saying why. Pure: a [`SystemInfo`] and the worker cores in, warnings out.
//!
//! The rules follow what FD.io CSIT and the Red Hat OVS-DPDK benchmark tune before they
//! trust a zero-loss figure: a fixed clock, isolated tickless worker cores without RCU
//! callbacks or device IRQs, no SMT sibling sharing a worker's core, no deep idle
//! states, no NMI watchdog, and no irqbalance moving IRQs during the test.

use crate::system::SystemInfo;
use riptide_core::cpulist::Compact;
use serde::{Deserialize, Serialize};

/// One warning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    /// A stable name for programs (`governor`, `not_isolated`...).
    pub code: String,
    /// One line for a person: what is set and why it hurts.
    pub message: String,
}

/// Every warning code, in the order [`advise`] emits them (docs/calibrate.md explains each).
pub const CODES: [&str; 12] = [
    "virtual_machine",
    "governor",
    "turbo",
    "cstates",
    "not_isolated",
    "nohz_full",
    "rcu_nocbs",
    "smt_sibling",
    "irqbalance",
    "port_irq_on_worker",
    "nmi_watchdog",
    "thp_defrag",
];

/// Exit latency (us) above which an enabled idle state is deep.
pub const DEEP_CSTATE_US: u64 = 10;

/// The warnings for running workers on `workers`.
pub fn advise(s: &SystemInfo, workers: &[usize]) -> Vec<Warning> {
    let mut out = vec![];
    let mut warn = |code: &str, message: String| out.push(Warning { code: code.into(), message });
    let list = |v: &[usize]| Compact(v).to_string();

    if s.cpu.hypervisor {
        warn(
            "virtual_machine",
            "a virtual machine (the hypervisor flag): the host preempts vCPUs and steals time, so jitter and \
             zero-loss rates follow the host's load; take figures you publish on bare metal"
                .into(),
        );
    }
    let slow: Vec<(usize, &str)> = s
        .frequency
        .iter()
        .filter(|f| workers.contains(&f.cpu))
        .filter_map(|f| f.governor.as_deref().filter(|g| *g != "performance").map(|g| (f.cpu, g)))
        .collect();
    if let Some(&(_, g)) = slow.first() {
        let cores: Vec<usize> = slow.iter().map(|c| c.0).collect();
        warn(
            "governor",
            format!(
                "cores {} use the {g} governor: the clock follows the load, so a trial starts slow and latency \
                 jumps while it ramps; set performance (cpupower frequency-set -g performance)",
                list(&cores)
            ),
        );
    }
    if s.turbo == Some(true) {
        warn(
            "turbo",
            "turbo boost is on: the clock depends on temperature and the other cores' load, so repeated trials \
             differ; turn it off for repeatable figures"
                .into(),
        );
    }
    let capped =
        ["processor.max_cstate", "intel_idle.max_cstate", "idle"].iter().any(|k| s.kernel.params.contains_key(*k));
    if let Some(deep) =
        s.cstates.iter().filter(|c| !c.disabled && c.latency_us > DEEP_CSTATE_US).max_by_key(|c| c.latency_us)
    {
        if !capped {
            warn(
                "cstates",
                format!(
                    "idle state {} (exit latency {} us) is enabled: an idle core takes that long to wake, so the \
                     first frames after a pause are late or lost; cap it (processor.max_cstate=1 or disable it in \
                     cpuidle)",
                    deep.name, deep.latency_us
                ),
            );
        }
    }
    let missing = |set: &[usize]| -> Vec<usize> { workers.iter().copied().filter(|w| !set.contains(w)).collect() };
    let not_isolated = missing(&s.kernel.isolcpus);
    if !not_isolated.is_empty() {
        warn(
            "not_isolated",
            format!(
                "cores {} are not isolated (isolcpus=): the scheduler runs other tasks and kernel threads there, \
                 and each preemption can drop frames at a zero-loss rate",
                list(&not_isolated)
            ),
        );
    }
    let ticking = missing(&s.kernel.nohz_full);
    if !ticking.is_empty() {
        warn(
            "nohz_full",
            format!(
                "cores {} are not in nohz_full=: the scheduling-clock tick interrupts them up to 1000 times a \
                 second",
                list(&ticking)
            ),
        );
    }
    let rcu = missing(&s.kernel.rcu_nocbs);
    if !rcu.is_empty() {
        warn(
            "rcu_nocbs",
            format!("cores {} run RCU callbacks (rcu_nocbs= moves them to housekeeping cores)", list(&rcu)),
        );
    }
    for &w in workers {
        for &sib in s.cpu.siblings.get(&w).into_iter().flatten() {
            if workers.contains(&sib) {
                if sib > w {
                    warn(
                        "smt_sibling",
                        format!(
                            "workers {w} and {sib} are SMT siblings: two workers share one physical core's \
                             execution units and caches"
                        ),
                    );
                }
            } else if !s.kernel.isolcpus.contains(&sib) {
                warn(
                    "smt_sibling",
                    format!(
                        "core {sib}, the SMT sibling of worker {w}, is not isolated: whatever runs there shares \
                         worker {w}'s execution units"
                    ),
                );
            }
        }
    }
    if s.irqbalance {
        let ports: Vec<&str> = s.interfaces.iter().filter(|i| !i.irqs.is_empty()).map(|i| i.name.as_str()).collect();
        let what = if ports.is_empty() { "IRQs".to_string() } else { format!("the IRQs of {}", ports.join(", ")) };
        warn(
            "irqbalance",
            format!(
                "irqbalance is running: it moves {what} between cores every 10 s, so a worker may start taking \
                 interrupts mid-test; stop it and pin the ports' IRQs"
            ),
        );
    }
    for i in &s.interfaces {
        for irq in &i.irqs {
            let on: Vec<usize> = irq.affinity.iter().copied().filter(|c| workers.contains(c)).collect();
            if !on.is_empty() {
                warn(
                    "port_irq_on_worker",
                    format!(
                        "IRQ {} ({}) may run on worker cores {} (affinity {}): its interrupts take cycles from \
                         the workers",
                        irq.irq,
                        i.name,
                        list(&on),
                        list(&irq.affinity)
                    ),
                );
            }
        }
    }
    if s.nmi_watchdog == Some(true) {
        warn(
            "nmi_watchdog",
            "the NMI watchdog is on (kernel.nmi_watchdog=1): it interrupts every core periodically; set it to 0 \
             for the test"
                .into(),
        );
    }
    if s.thp.as_deref() == Some("always") && s.thp_defrag.as_deref() == Some("always") {
        warn(
            "thp_defrag",
            "transparent huge pages are always on with defrag always: a page fault can stall in direct \
             compaction for milliseconds"
                .into(),
        );
    }
    out
}
