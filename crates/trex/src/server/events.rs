//! Events: what `get_async_events` and the PUB socket carry, TRex's current
//! subscribers' sequences, and the counters published each tick.

use super::*;

impl Trex {
    pub(super) fn emit(&mut self, kind: u64, data: Value) {
        // TRex's current server tells a profile's changes too (its client's profile states
        // wait on them); older clients ignore event types they do not know.
        let profile = match kind {
            event::PORT_STARTED => Some(event::PROFILE_STARTED),
            event::PORT_STOPPED => Some(event::PROFILE_STOPPED),
            event::PORT_PAUSED => Some(event::PROFILE_PAUSED),
            event::PORT_RESUMED => Some(event::PROFILE_RESUMED),
            event::PORT_JOB_DONE => Some(event::PROFILE_FINISHED_TX),
            event::PORT_ERROR => Some(event::PROFILE_ERROR),
            _ => None,
        };
        self.emit_one(kind, data.clone());
        if let Some(kind) = profile.filter(|_| data.get("profile_id").is_some()) {
            self.emit_one(kind, data);
        }
    }

    pub(super) fn emit_one(&mut self, kind: u64, data: Value) {
        let e = json!({"name": "trex-event", "type": kind, "data": data});
        self.events.push_back((self.next_event, e.clone()));
        self.next_event += 1;
        while self.events.len() > EVENT_LOG {
            self.events.pop_front();
        }
        self.outbox.push(e);
        self.trigger();
        // A subscriber that never reads must not grow the outbox without end.
        if self.outbox.len() > EVENT_LOG {
            let drop = self.outbox.len() - EVENT_LOG;
            self.outbox.drain(..drop);
        }
    }

    /// What TRex's current subscriber of `session` reads: the events since its last call,
    /// then the `trex-global` counters (a baseline on its first call), as `{name, type,
    /// data, seq}` with `seq` counted per session, so that its check of their continuity
    /// holds even when the event log has moved past what it missed.
    pub(super) fn subscriber_messages(&mut self, session: &str) -> Vec<Value> {
        const SUBSCRIBERS: usize = 64;
        let first_event = self.events.front().map_or(self.next_event, |(seq, _)| *seq);
        let at = match self.subscribers.iter().position(|(s, _, _)| s == session) {
            Some(i) => i,
            None => {
                if self.subscribers.len() >= SUBSCRIBERS {
                    self.subscribers.remove(0);
                }
                self.subscribers.push((session.chars().take(MAX_NAME).collect(), self.next_event, 0));
                self.subscribers.len() - 1
            }
        };
        let (_, next, seq) = self.subscribers[at].clone();
        let baseline = seq == 0;
        let mut out: Vec<Value> =
            self.events.iter().filter(|(n, _)| *n >= next.max(first_event)).map(|(_, e)| e.clone()).collect();
        out.push(self.global_message(baseline));
        let mut seq = seq;
        for m in &mut out {
            seq += 1;
            if let Value::Object(o) = m {
                o.insert("seq".into(), json!(seq));
            }
        }
        self.subscribers[at].1 = self.next_event;
        self.subscribers[at].2 = seq;
        self.polled_at = Some(Instant::now());
        out
    }

    /// What the PUB socket publishes now: the events since the last call and the
    /// `trex-global` counters (TRex publishes them about twice a second).
    pub fn tick(&mut self) -> Vec<Value> {
        self.poll();
        let global = self.global_message(false);
        self.trigger();
        let mut out = std::mem::take(&mut self.outbox);
        out.push(global);
        out
    }

    /// TRex's current server publishes `{}` where its older one published the message
    /// itself: its subscriber then reads the messages with `get_async_events`. Riptide
    /// publishes both, the trigger only while a current subscriber polls (an older
    /// client's subscriber cannot read `{}`).
    pub(super) fn trigger(&mut self) {
        if self.polled_at.is_some_and(|t| t.elapsed() < SUBSCRIBER_QUIET) && self.outbox.last() != Some(&json!({})) {
            self.outbox.push(json!({}));
        }
    }

    /// Messages queued for the PUB socket (barriers, events), without the counters.
    pub fn drain_outbox(&mut self) -> Vec<Value> {
        self.poll();
        std::mem::take(&mut self.outbox)
    }
}
