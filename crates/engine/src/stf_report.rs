//! What a stateful run (TRex STF, [`crate::stf`]) reports: one core's counters as its
//! generator publishes them, and the stateful part of a snapshot. A leaf: the snapshot
//! ([`crate::stats`]) holds these without importing the run kind; the kind fills them
//! (`StfStats::merge` is in [`crate::stf`]).

use riptide_stf::gen::GenStats;
use serde::{Deserialize, Serialize};

/// What one core's generator publishes.
#[derive(Clone, Debug, Default)]
pub struct StfCounters {
    /// TRex's counters so far.
    pub stats: GenStats,
    /// Counters at whole seconds of the schedule, with the wall time (seconds since the
    /// worker began) at which the core got there (in the last publish). One entry stands
    /// for the seconds `first..=last` a gap with nothing due jumped over (they all hold
    /// the same counters), so a run with days between packets keeps a few entries, not
    /// one per second.
    pub seconds: Vec<Second>,
    /// The last packet's departure, ns.
    pub last_t: u64,
}

impl StfCounters {
    /// These counters less a baseline's (clear-stats): flows active now stay as they are.
    pub fn since(&self, base: &StfCounters) -> StfCounters {
        let less = |s: &GenStats| {
            let b = &base.stats;
            GenStats {
                m_active_flows: s.m_active_flows,
                m_total_open_flows: s.m_total_open_flows.saturating_sub(b.m_total_open_flows),
                m_total_close_flows: s.m_total_close_flows.saturating_sub(b.m_total_close_flows),
                tx_packets: s.tx_packets.saturating_sub(b.tx_packets),
                tx_bytes: s.tx_bytes.saturating_sub(b.tx_bytes),
                m_total_queue_full: s.m_total_queue_full.saturating_sub(b.m_total_queue_full),
            }
        };
        StfCounters {
            stats: less(&self.stats),
            seconds: self.seconds.iter().map(|x| Second { stats: less(&x.stats), ..*x }).collect(),
            last_t: self.last_t,
        }
    }
}

/// The counters at the whole seconds `first..=last` of the schedule (see
/// [`StfCounters::seconds`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Second {
    /// The first whole second (1 is the end of the run's first second).
    pub first: u64,
    /// The last whole second with these counters.
    pub last: u64,
    /// The counters then.
    pub stats: GenStats,
    /// Wall time the core got there, s.
    pub wall: f64,
}

/// One sample of a stateful run's per-second series.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct StfSample {
    /// Wall time the second took (the engine's speed on virtual time).
    pub wall_s: f64,
    /// Packets per wall second in that second, millions.
    pub engine_mpps: f64,
    /// End of the second on the schedule.
    pub t_s: f64,
    /// Flows open at its end.
    pub m_active_flows: u64,
    /// Flows opened so far.
    pub m_total_open_flows: u64,
    /// Flows closed so far.
    pub m_total_close_flows: u64,
    /// Packets per second in it.
    pub m_tx_pps: f64,
    /// Bits per second in it (L2, FCS excluded).
    pub m_tx_bps: f64,
    /// Flows opened per second in it.
    pub m_tx_cps: f64,
}

/// The stateful part of a snapshot: TRex's global counters and rates.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct StfStats {
    /// `tw` or `pq`.
    pub scheduler: String,
    /// Worker threads.
    pub cores: usize,
    /// Wall time of the run so far, s.
    pub wall_s: f64,
    /// Counters summed over the cores.
    #[serde(flatten)]
    pub counters: GenStats,
    /// Packets per second (over virtual time on simulated ports).
    pub m_tx_pps: f64,
    /// Bits per second, L2 without FCS.
    pub m_tx_bps: f64,
    /// Flows opened per second.
    pub m_tx_cps: f64,
    /// Busy share of the cores, percent (100 on virtual time).
    pub m_cpu_util: f64,
    /// Packets per wall second, millions: the engine's own speed.
    pub engine_mpps: f64,
    /// The process's peak resident memory, bytes.
    pub peak_rss_bytes: u64,
    /// One sample per second of the schedule, and the last partial one (final snapshot;
    /// empty before).
    #[serde(default)]
    pub series: Vec<StfSample>,
}
