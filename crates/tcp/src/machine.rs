//! Programs that decide as they run: TRex ASTF's clocks, variables and jumps
//! (`set_tick_var`, `add_tick_var`, `jmp_dp`, `add_var`, `jmp_cmp`), which depend on time
//! or on what the connection did, so cannot be unrolled when the profile loads as
//! [`crate::program`]'s loops are.
//!
//! A program of such commands is kept as TRex keeps it, a list of instructions with jumps
//! ([`Instr`]), and each connection that runs it has a [`Machine`]: its place, TRex's two
//! flow variables and two clock variables, the bytes it has received and not yet taken
//! (TRex's receive counter: a `recv` waits until that many more bytes have come), and a
//! log of what it queued. The log is what lets a connection still hold no bytes of its
//! own: the send stream is no longer the same for every connection (how many times a
//! loop ran is the connection's), so each queued send is noted as (stream offset, which
//! payload) and a segment's bytes, a retransmission's too, are read from the payloads
//! through it; entries go once the peer has acknowledged them. A send waits for room when
//! the log holds [`LOG_MAX`] entries, so a connection costs at most that, whatever the
//! program does.
//!
//! Time is the endpoint's clock in nanoseconds (TRex counts its clock variables in 10 ms
//! ticks). A program that runs [`RUN_MAX`] instructions without waiting (a loop that only
//! jumps until its clock says stop) yields for [`SPIN_NS`] and goes on: no program holds
//! the endpoint.

use crate::program::{waits, Action, Payload, Program, Status};
use std::collections::VecDeque;

/// The most queued sends a connection's log holds: a send beyond them waits for ACKs.
pub const LOG_MAX: usize = 64;

/// The most instructions one run goes through without waiting.
pub const RUN_MAX: u32 = 4096;

/// How long a program that ran [`RUN_MAX`] instructions without waiting yields.
pub const SPIN_NS: u64 = 1_000_000;

pub use crate::instr::{Cmp, Instr, VARS};

/// One connection's run of a machine program.
#[derive(Clone, Debug, Default)]
pub struct Machine {
    pc: u32,
    /// Sends don't block (TRex's default is blocking).
    non_blocking: bool,
    /// The send at `pc` is queued; the machine waits for acknowledgements or room.
    sent: bool,
    /// The last run stopped to yield: its wake-up is no delay's end.
    yielded: bool,
    vars: [u64; VARS],
    ticks: [u64; VARS],
    /// Bytes arrived and not taken by a `Recv`.
    rx: u64,
    /// Stream bytes queued.
    queued: u32,
    /// (stream offset of its first byte, payload), for every send not yet acknowledged.
    log: VecDeque<(u32, u32)>,
    done: bool,
}

impl Machine {
    /// Counts arriving bytes.
    pub fn receive(&mut self, n: usize) {
        self.rx = self.rx.saturating_add(n as u64);
    }

    /// Whether the program has ended.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Whether the program waits at a `recv` the bytes so far do not fill.
    pub fn waits_for_bytes(&self, program: &Program) -> bool {
        matches!(program.code().get(self.pc as usize), Some(Instr::Recv { want, .. }) if self.rx < *want)
    }

    /// Runs until the program waits or ends, as [`crate::program::Cursor::run`] does;
    /// `unacked`: bytes queued the peer has not acknowledged, `snd_buf` the send buffer
    /// (0: unlimited).
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        program: &Program,
        now: u64,
        delay_over: bool,
        peer_closed: bool,
        unacked: u32,
        snd_buf: u32,
        act: &mut impl FnMut(Action),
    ) -> Status {
        if self.done {
            return Status::Done;
        }
        let code = program.code();
        let mut delay_over = delay_over && !std::mem::take(&mut self.yielded);
        let mut unacked = unacked;
        self.forget_acked(program, self.queued.wrapping_sub(unacked));
        let mut budget = RUN_MAX;
        loop {
            let Some(instr) = code.get(self.pc as usize) else {
                act(Action::Close);
                return self.end();
            };
            budget -= 1;
            if budget == 0 {
                self.yielded = true;
                return Status::Delaying(now + SPIN_NS);
            }
            let mut next = self.pc + 1;
            match instr {
                Instr::Send(i) => {
                    if !self.sent {
                        let len = program.payload(*i).map_or(0, Payload::len);
                        if len > 0 {
                            if u64::from(self.queued) + u64::from(len) >= u64::from(u32::MAX) {
                                // The stream stops at 4 GiB (a connection's send stream):
                                // a loop that would pass it resets.
                                act(Action::Reset);
                                return self.end();
                            }
                            act(Action::Send(len));
                            self.log.push_back((self.queued, *i));
                            self.queued += len;
                            unacked = unacked.saturating_add(len);
                        }
                        self.sent = true;
                    }
                    // A send buffer of 0 is unlimited (riptide's default).
                    let room = (snd_buf == 0 || unacked < snd_buf) && self.log.len() < LOG_MAX;
                    if (!self.non_blocking && unacked > 0) || !room {
                        return Status::AwaitingAcks;
                    }
                    self.sent = false;
                }
                Instr::Recv { want, clear } => {
                    if self.rx < *want {
                        return Status::Receiving;
                    }
                    self.rx = if *clear { 0 } else { self.rx - want };
                }
                Instr::Delay(ns) => {
                    if let Some(wait) = waits(Status::Delaying(now + ns), &mut delay_over) {
                        return wait;
                    }
                }
                Instr::DelayRand(min, max) => {
                    if let Some(wait) = waits(Status::DelayingRand(*min, *max), &mut delay_over) {
                        return wait;
                    }
                }
                Instr::Blocking(b) => self.non_blocking = !b,
                Instr::SetVar(v, x) => self.vars[usize::from(*v)] = *x,
                Instr::AddVar(v, x) => {
                    let var = &mut self.vars[usize::from(*v)];
                    *var = var.wrapping_add(*x);
                }
                Instr::SetTick(v) => self.ticks[usize::from(*v)] = now,
                Instr::AddTick(v, ns) => {
                    let t = &mut self.ticks[usize::from(*v)];
                    *t = t.saturating_add(*ns);
                }
                Instr::JmpNz { var, to } => {
                    let v = &mut self.vars[usize::from(*var)];
                    *v = v.wrapping_sub(1);
                    if *v != 0 {
                        next = *to;
                    }
                }
                Instr::JmpDp { var, ns, to } => {
                    if now.saturating_sub(self.ticks[usize::from(*var)]) < *ns {
                        next = *to;
                    }
                }
                Instr::JmpCmp { var, cmp, val, to } => {
                    if cmp.holds(self.vars[usize::from(*var)], *val) {
                        next = *to;
                    }
                }
                Instr::WaitPeerClose => {
                    if !peer_closed {
                        return Status::AwaitingPeerClose;
                    }
                    act(Action::CloseAfterPeer);
                    return self.end();
                }
                Instr::Reset => {
                    act(Action::Reset);
                    return self.end();
                }
                Instr::Close => {
                    act(Action::Close);
                    return self.end();
                }
            }
            self.pc = next;
        }
    }

    fn end(&mut self) -> Status {
        self.done = true;
        Status::Done
    }

    /// Drops the log's entries below stream offset `acked`.
    fn forget_acked(&mut self, program: &Program, acked: u32) {
        while let Some(&(start, i)) = self.log.front() {
            let len = program.payload(i).map_or(0, Payload::len);
            let past = acked.wrapping_sub(start);
            if past < len || past > i32::MAX as u32 {
                break;
            }
            self.log.pop_front();
        }
    }

    /// Writes the send stream's bytes from `offset` into `out`, from the log (zeros where
    /// it has none: bytes the log no longer holds were acknowledged).
    pub fn fill(&self, program: &Program, offset: u32, out: &mut [u8]) {
        let Some(&(first, _)) = self.log.front() else {
            out.fill(0);
            return;
        };
        let rel = |o: u32| o.wrapping_sub(first);
        let mut at = self.log.partition_point(|&(s, _)| rel(s) <= rel(offset)).saturating_sub(1);
        let mut offset = offset;
        let mut written = 0;
        while written < out.len() {
            let Some(&(start, i)) = self.log.get(at) else { break };
            let Some(payload) = program.payload(i) else { break };
            let skip = offset.wrapping_sub(start);
            if skip >= payload.len() {
                break;
            }
            let n = ((payload.len() - skip) as usize).min(out.len() - written);
            payload.copy_to(skip as usize, &mut out[written..written + n]);
            written += n;
            offset = offset.wrapping_add(n as u32);
            at += 1;
        }
        out[written..].fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn program(code: Vec<Instr>, payloads: &[&'static [u8]]) -> Program {
        Program::machine(code, payloads.iter().map(|b| Payload::Bytes(Arc::from(*b))).collect()).unwrap()
    }

    #[test]
    fn a_clock_loop_sends_until_its_time_is_up_and_the_log_reads_back_the_stream() {
        // TRex's http_eflow4 server: set_tick_var; L: send(resp); jmp_dp(L, 2 ms); reset.
        let p = program(
            vec![Instr::SetTick(0), Instr::Send(0), Instr::JmpDp { var: 0, ns: 2_000_000, to: 1 }, Instr::Reset],
            &[b"abc"],
        );
        let mut m = Machine::default();
        let mut acts = vec![];
        let mut t = 0;
        // Each send waits for its ACK (blocking); the peer acknowledges 0.5 ms later.
        let mut st = m.run(&p, t, false, false, 0, 1 << 20, &mut |a| acts.push(a));
        let mut sends = 0;
        while st == Status::AwaitingAcks {
            sends += 1;
            let mut out = [0u8; 3];
            m.fill(&p, m.queued - 3, &mut out);
            assert_eq!(&out, b"abc");
            t += 500_000;
            st = m.run(&p, t, false, false, 0, 1 << 20, &mut |a| acts.push(a));
        }
        assert_eq!(st, Status::Done);
        // Sends at 0, 0.5, 1 and 1.5 ms; at 2 ms the clock says stop.
        assert_eq!(sends, 4);
        assert_eq!(acts.iter().filter(|a| **a == Action::Send(3)).count(), 4);
        assert_eq!(acts.last(), Some(&Action::Reset));
        assert!(m.log.is_empty(), "acknowledged sends leave the log");
    }

    #[test]
    fn a_non_blocking_loop_waits_for_room_and_its_log_stays_bounded() {
        let p = program(
            vec![Instr::Blocking(false), Instr::SetVar(0, 1000), Instr::Send(0), Instr::JmpNz { var: 0, to: 2 }],
            &[b"0123456789"],
        );
        let mut m = Machine::default();
        let mut queued = 0u32;
        let st = m.run(&p, 0, false, false, 0, 1 << 20, &mut |a| {
            if let Action::Send(n) = a {
                queued += n
            }
        });
        assert_eq!(st, Status::AwaitingAcks);
        assert_eq!(m.log.len(), LOG_MAX);
        assert_eq!(queued, 10 * LOG_MAX as u32);
        // Retransmitting from the middle of an entry reads across entries.
        let mut out = [0u8; 14];
        m.fill(&p, 25, &mut out);
        assert_eq!(&out, b"56789012345678");
        // The peer acknowledges everything: the loop goes on where it stopped.
        let mut more = 0;
        let st = m.run(&p, 1, false, false, 0, 1 << 20, &mut |a| {
            if let Action::Send(n) = a {
                more += n
            }
        });
        assert_eq!(st, Status::AwaitingAcks);
        assert_eq!(more, 10 * LOG_MAX as u32);
    }

    #[test]
    fn recv_counts_bytes_that_came_early_and_clear_forgets_the_rest() {
        let p = program(
            vec![
                Instr::Recv { want: 4, clear: false },
                Instr::Recv { want: 2, clear: true },
                Instr::Recv { want: 1, clear: false },
            ],
            &[],
        );
        let mut m = Machine::default();
        m.receive(9);
        // 4, then 2 and the other 3 forgotten: the third waits.
        assert_eq!(m.run(&p, 0, false, false, 0, 1, &mut |_| {}), Status::Receiving);
        assert!(m.waits_for_bytes(&p));
        m.receive(1);
        let mut acts = vec![];
        assert_eq!(m.run(&p, 0, false, false, 0, 1, &mut |a| acts.push(a)), Status::Done);
        assert_eq!(acts, [Action::Close]);
    }

    #[test]
    fn a_loop_that_only_jumps_yields_and_its_wake_up_ends_no_delay() {
        // L: jmp_dp(L, 10 ms); delay 1 s; close.
        let p = program(
            vec![Instr::SetTick(1), Instr::JmpDp { var: 1, ns: 10_000_000, to: 1 }, Instr::Delay(1_000_000_000)],
            &[],
        );
        let mut m = Machine::default();
        assert_eq!(m.run(&p, 0, false, false, 0, 1, &mut |_| {}), Status::Delaying(SPIN_NS));
        assert_eq!(m.run(&p, SPIN_NS, true, false, 0, 1, &mut |_| {}), Status::Delaying(2 * SPIN_NS));
        // Past 10 ms the loop ends and the delay starts in full.
        let t = 10_000_000;
        assert_eq!(m.run(&p, t, true, false, 0, 1, &mut |_| {}), Status::Delaying(t + 1_000_000_000));
        let mut acts = vec![];
        assert_eq!(m.run(&p, t + 1_000_000_000, true, false, 0, 1, &mut |a| acts.push(a)), Status::Done);
        assert_eq!(acts, [Action::Close]);
    }

    #[test]
    fn comparisons_and_counters_run_as_trexs() {
        // v0 = 3; L: v0 += 2; jmp_lt v0 < 9 -> L; v1 = 5; jmp_nz v1 -> 5 (4 more times); close.
        let p = program(
            vec![
                Instr::SetVar(0, 3),
                Instr::AddVar(0, 2),
                Instr::JmpCmp { var: 0, cmp: Cmp::Lt, val: 9, to: 1 },
                Instr::SetVar(1, 5),
                Instr::Send(0),
                Instr::Blocking(false),
                Instr::JmpNz { var: 1, to: 4 },
            ],
            &[b"x"],
        );
        let mut m = Machine::default();
        let mut sends = 0;
        let mut st = m.run(&p, 0, false, false, 0, 1 << 20, &mut |a| sends += u32::from(a == Action::Send(1)));
        while st == Status::AwaitingAcks {
            st = m.run(&p, 0, false, false, 0, 1 << 20, &mut |a| sends += u32::from(a == Action::Send(1)));
        }
        assert_eq!(m.vars, [9, 0]);
        assert_eq!((sends, st), (5, Status::Done));
        assert_eq!(Cmp::parse(Some("le")), Some(Cmp::Le));
        assert_eq!(Cmp::parse(Some("lte")), None);
    }
}
