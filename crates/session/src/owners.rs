//! Who owns which port: one rule for every front end.
//!
//! A slot is a port (the TRex server has one per port) or the whole engine (the
//! JSON-RPC daemon has one). An owner holds it by a handle the front end gave it (a
//! session id, a TRex handler token). Another session takes it only with `force`. An
//! owner that leaves (its connection closes) or releases orphans the slot; an owner that
//! sends nothing for a heartbeat is taken to have left, its silence already counted as
//! the grace. A front end with an orphan policy asks [`Owners::expired`] which slots
//! have been orphaned for the grace, and stops their traffic.

use std::fmt;
use std::time::{Duration, Instant};

/// The owner of a slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner<H> {
    /// The handle its requests carry.
    pub handle: H,
    /// The name it gave (TRex's `user`), empty if none.
    pub user: String,
    /// Its last request (its heartbeat).
    pub last_seen: Instant,
}

#[derive(Clone, Debug)]
struct Slot<H> {
    owner: Option<Owner<H>>,
    /// Without an owner since then (released, left, or silent), traffic left running.
    orphaned_since: Option<Instant>,
}

/// Why a slot was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused<H> {
    /// Another owns it and `force` was not given.
    Held {
        /// The slot.
        slot: usize,
        /// Its owner.
        owner: Owner<H>,
    },
    /// Another owns it (the request's handle is not the owner's).
    Other {
        /// The slot.
        slot: usize,
        /// Its owner.
        owner: Owner<H>,
    },
    /// Nobody owns it: acquire it first.
    Free {
        /// The slot.
        slot: usize,
    },
    /// There is no such slot.
    NoSlot {
        /// The slot asked for.
        slot: usize,
        /// How many there are.
        slots: usize,
    },
}

impl<H: fmt::Display> fmt::Display for Refused<H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Held { slot, owner } => {
                write!(f, "{slot} is owned by {}: acquire with force to take it over", who(owner))
            }
            Refused::Other { slot, owner } => write!(f, "{slot} is owned by {}", who(owner)),
            Refused::Free { slot } => write!(f, "{slot} is not acquired: acquire it first"),
            Refused::NoSlot { slot, slots } => write!(f, "{slot} does not exist (0 to {})", slots.saturating_sub(1)),
        }
    }
}

fn who<H: fmt::Display>(o: &Owner<H>) -> String {
    if o.user.is_empty() {
        format!("session {}", o.handle)
    } else {
        format!("'{}'", o.user)
    }
}

/// The owners of a front end's slots.
#[derive(Clone, Debug)]
pub struct Owners<H> {
    slots: Vec<Slot<H>>,
}

impl<H: Clone + PartialEq> Owners<H> {
    /// `slots` slots, none owned.
    pub fn new(slots: usize) -> Self {
        Owners { slots: (0..slots).map(|_| Slot { owner: None, orphaned_since: None }).collect() }
    }

    /// How many slots there are.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    fn slot(&self, slot: usize) -> Result<&Slot<H>, Refused<H>> {
        self.slots.get(slot).ok_or(Refused::NoSlot { slot, slots: self.slots.len() })
    }

    /// The slot's owner.
    pub fn owner(&self, slot: usize) -> Option<&Owner<H>> {
        self.slots.get(slot).and_then(|s| s.owner.as_ref())
    }

    /// `handle` (named `user`) takes the slot: free, already its own, or with `force`.
    /// Answers the owner it took the slot from, if another had it.
    pub fn acquire(
        &mut self,
        slot: usize,
        handle: H,
        user: &str,
        force: bool,
        now: Instant,
    ) -> Result<Option<Owner<H>>, Refused<H>> {
        let s = self.slot(slot)?;
        if let Some(o) = &s.owner {
            if o.handle != handle && !force {
                return Err(Refused::Held { slot, owner: o.clone() });
            }
        }
        let s = &mut self.slots[slot];
        let before = s.owner.replace(Owner { handle: handle.clone(), user: user.to_string(), last_seen: now });
        s.orphaned_since = None;
        Ok(before.filter(|o| o.handle != handle))
    }

    /// The slot's owner, if it is `handle`.
    pub fn check(&self, slot: usize, handle: &H) -> Result<&Owner<H>, Refused<H>> {
        match &self.slot(slot)?.owner {
            Some(o) if &o.handle == handle => Ok(o),
            Some(o) => Err(Refused::Other { slot, owner: o.clone() }),
            None => Err(Refused::Free { slot }),
        }
    }

    /// `handle` gives the slot up (its traffic, if any, is orphaned from `now`).
    pub fn release(&mut self, slot: usize, handle: &H, now: Instant) -> Result<Owner<H>, Refused<H>> {
        self.check(slot, handle)?;
        let s = &mut self.slots[slot];
        s.orphaned_since = Some(now);
        s.owner.take().ok_or(Refused::Free { slot })
    }

    /// A request of `handle` came (its heartbeat).
    pub fn seen(&mut self, handle: &H, now: Instant) {
        for o in self.slots.iter_mut().filter_map(|s| s.owner.as_mut()) {
            if &o.handle == handle {
                o.last_seen = now;
            }
        }
    }

    /// `handle` went away (its connection closed): the slots it owned, now orphaned.
    pub fn leave(&mut self, handle: &H, now: Instant) -> Vec<usize> {
        let mut left = Vec::new();
        for (i, s) in self.slots.iter_mut().enumerate() {
            if s.owner.as_ref().is_some_and(|o| &o.handle == handle) {
                s.owner = None;
                s.orphaned_since = Some(now);
                left.push(i);
            }
        }
        left
    }

    /// Owners silent for `heartbeat` or longer (frozen clients) lose their slots, which
    /// are orphaned as long ago as `grace` (their silence was the grace already): the
    /// slots they held.
    pub fn silent(&mut self, now: Instant, heartbeat: Duration, grace: Duration) -> Vec<usize> {
        let mut gone = Vec::new();
        for (i, s) in self.slots.iter_mut().enumerate() {
            if s.owner.as_ref().is_some_and(|o| now.saturating_duration_since(o.last_seen) >= heartbeat) {
                s.owner = None;
                // Within `grace` of the clock's start, from now.
                s.orphaned_since = Some(now.checked_sub(grace).unwrap_or(now));
                gone.push(i);
            }
        }
        gone
    }

    /// Slots orphaned for `grace` or longer: no longer marked, their traffic is the
    /// caller's to stop.
    pub fn expired(&mut self, now: Instant, grace: Duration) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, s) in self.slots.iter_mut().enumerate() {
            if s.owner.is_none() && s.orphaned_since.is_some_and(|t| now.saturating_duration_since(t) >= grace) {
                s.orphaned_since = None;
                out.push(i);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn force_takes_over_and_only_the_owner_may_act() {
        let t = Instant::now();
        let mut o: Owners<u64> = Owners::new(2);
        assert_eq!(o.acquire(0, 1, "alice", false, t), Ok(None));
        // Its own slot again: fine, no one taken over.
        assert_eq!(o.acquire(0, 1, "alice", false, t), Ok(None));
        let e = o.acquire(0, 2, "bob", false, t).unwrap_err();
        assert!(matches!(&e, Refused::Held { slot: 0, owner } if owner.handle == 1));
        assert_eq!(e.to_string(), "0 is owned by 'alice': acquire with force to take it over");
        let before = o.acquire(0, 2, "bob", true, t).unwrap().unwrap();
        assert_eq!((before.handle, before.user.as_str()), (1, "alice"));
        assert!(matches!(o.check(0, &1), Err(Refused::Other { slot: 0, .. })));
        assert_eq!(o.check(0, &2).unwrap().user, "bob");
        assert_eq!(o.check(1, &2), Err(Refused::Free { slot: 1 }));
        assert_eq!(o.check(7, &2), Err(Refused::NoSlot { slot: 7, slots: 2 }));
        assert_eq!(o.acquire(9, 2, "", false, t), Err(Refused::NoSlot { slot: 9, slots: 2 }));
        assert!(o.release(0, &1, t).is_err(), "only the owner releases");
        assert_eq!(o.release(0, &2, t).unwrap().handle, 2);
        assert!(o.owner(0).is_none());
        let e: Refused<u64> = Refused::Other { slot: 0, owner: Owner { handle: 3, user: String::new(), last_seen: t } };
        assert_eq!(e.to_string(), "0 is owned by session 3");
    }

    #[test]
    fn orphans_expire_after_the_grace_and_silence_counts_as_the_grace() {
        let t0 = Instant::now() + 100 * S;
        let mut o: Owners<u64> = Owners::new(3);
        o.acquire(0, 1, "", false, t0).unwrap();
        o.acquire(1, 1, "", false, t0).unwrap();
        o.acquire(2, 2, "", false, t0).unwrap();
        // Session 1 leaves: its two slots are orphaned, expire after the grace.
        assert_eq!(o.leave(&1, t0), [0, 1]);
        assert!(o.expired(t0 + 4 * S, 5 * S).is_empty());
        assert_eq!(o.expired(t0 + 5 * S, 5 * S), [0, 1]);
        assert!(o.expired(t0 + 6 * S, 5 * S).is_empty(), "reported once");
        // Session 2 keeps sending: never silent.
        for k in 1..10 {
            o.seen(&2, t0 + k * S);
            assert!(o.silent(t0 + k * S, 30 * S, 5 * S).is_empty());
        }
        // Then freezes: after the heartbeat it loses the slot, expired at once.
        assert_eq!(o.silent(t0 + 39 * S, 30 * S, 5 * S), [2]);
        assert_eq!(o.expired(t0 + 39 * S, 5 * S), [2]);
        // Re-acquired before the grace: nothing expires.
        o.acquire(0, 3, "", false, t0).unwrap();
        o.release(0, &3, t0).unwrap();
        o.acquire(0, 4, "", false, t0 + S).unwrap();
        assert!(o.expired(t0 + 60 * S, 5 * S).is_empty());
    }
}
