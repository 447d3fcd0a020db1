//! UDP flows: TRex ASTF's UDP programs (`send_msg`, `recv_msg`, `set_keepalive_msg`,
//! `close_msg`) on an endpoint, beside its TCP connections.
//!
//! A flow is TRex's `CUdpFlow`: the client opens it with its first datagram, a server
//! flow opens on the first datagram to a port a UDP program listens on, and either ends
//! when its program ends (`close_msg` or its last step), or when nothing has moved for
//! its keepalive time (1 s unless the program sets it; TRex checks that in 100 ms steps,
//! riptide at the time itself). Flows share the endpoint's client pool, timer wheel and
//! counters; their indices in the wheel and in the pool's table carry [`UDP_FLOW`].

use super::{client_program_ended, link, Endpoint, Role};
use crate::frame::{self, Tuple};
use crate::program::{MsgAction, MsgCursor, Status};
use riptide_timer::TimerId;

/// Marks a UDP flow's index (else a TCP slot's) in the timer wheel and the client table.
pub(super) const UDP_FLOW: u32 = 1 << 31;

/// A flow's idle time before it is dropped, when its program sets none (TRex's).
pub(super) const DEFAULT_KEEPALIVE_NS: u64 = 1_000_000_000;

/// One UDP flow.
#[derive(Debug)]
pub(super) struct Flow {
    pub(super) tuple: Tuple,
    pub(super) cursor: MsgCursor,
    pub(super) program: u16,
    pub(super) role: Role,
    pub(super) live: bool,
    pub(super) program_done: bool,
    pub(super) first_byte: bool,
    pub(super) opened_at: u64,
    pub(super) timer: Option<TimerId>,
    pub(super) timer_at: u64,
    pub(super) armed: u32,
    /// When a `delay` ends (0: none).
    pub(super) app_deadline: u64,
    pub(super) keepalive_ns: u64,
    /// Only arrivals keep the flow (TRex's `rx_mode`).
    pub(super) rx_only: bool,
    /// The last datagram in or (unless `rx_only`) out.
    pub(super) last_active: u64,
}

/// A datagram waiting to be sent.
#[derive(Debug)]
pub(super) struct Out {
    pub(super) tuple: Tuple,
    pub(super) program: u16,
    pub(super) message: u32,
    pub(super) role: Role,
}

impl Endpoint {
    /// Takes an arriving datagram.
    pub(super) fn handle_udp(&mut self, now: u64, tuple: Tuple, payload: &[u8]) {
        let client_hit = self.client.as_ref().and_then(|c| c.lookup(tuple.local_ip, tuple.local_port));
        let index = match client_hit {
            Some(Some(i)) if i & UDP_FLOW != 0 => Some(i & !UDP_FLOW),
            Some(_) => None,
            None => match self.udp_servers.get(&tuple).copied() {
                Some(i) => Some(i),
                None => self.udp_accept(now, &tuple, payload),
            },
        };
        let side = if client_hit.is_some() { Role::Client } else { Role::Server };
        let Some(index) = index.filter(|&i| {
            let f = &self.flows[i as usize];
            f.tuple.remote_ip == tuple.remote_ip && f.tuple.remote_port == tuple.remote_port
        }) else {
            self.udp_stats(side).udps_noport += 1;
            return;
        };
        let flow = &mut self.flows[index as usize];
        let role = flow.role;
        flow.last_active = now;
        let first = !flow.first_byte && role == Role::Client;
        flow.first_byte = true;
        let opened_at = flow.opened_at;
        let running = !flow.program_done;
        if running {
            flow.cursor.receive();
        }
        let (program, len) = (self.flows[index as usize].program, payload.len() as u64);
        self.udp_count(program, role, |s| {
            s.udps_rcvpkt += 1;
            s.udps_rcvbyte += len;
        });
        if first {
            let _ = self.stats.latency.first_byte.record(now.saturating_sub(opened_at));
        }
        if running {
            self.udp_run(index, now, false);
        }
    }

    /// A first datagram to a port a UDP program listens on opens a server flow.
    fn udp_accept(&mut self, now: u64, tuple: &Tuple, payload: &[u8]) -> Option<u32> {
        let plain = self.udp_listen.iter().find(|(p, _)| *p == tuple.local_port).map(|l| l.1);
        let program = match plain {
            Some(p) => p,
            // Answered by L7 content: the first datagram names the program.
            None if self.answering_by_content(tuple, true).is_some() => {
                let Some(p) = super::identify(&self.listen_at, tuple, true, payload) else {
                    self.stats.server_udp.err_defer_no_template += 1;
                    return None;
                };
                p
            }
            None => self.answering_at(tuple, true)?,
        };
        if !self.server_ips.is_empty() && !self.owns(tuple.local_ip) {
            return None;
        }
        if self.full(Role::Server) {
            self.count(program, Role::Server, |s| s.err_flow_overflow += 1);
            return None;
        }
        let index = self.udp_alloc(Flow::new(*tuple, program, Role::Server, now));
        self.udp_servers.insert(*tuple, index);
        self.udp_count(program, Role::Server, |s| s.udps_accepts += 1);
        // Its program starts now; the datagram that opened it is counted next.
        self.udp_run(index, now, false);
        self.flows[index as usize].live.then_some(index)
    }

    /// Starts a client flow of template `t` on pair `i` of its pool.
    pub(super) fn start_udp_client(&mut self, now: u64, t: usize, i: u64, tuple: Tuple) {
        let index = self.udp_alloc(Flow::new(tuple, t as u16, Role::Client, now));
        if let Some(client) = &mut self.client {
            client.pool_of(t).hold(i, index | UDP_FLOW);
        }
        self.udp_count(t as u16, Role::Client, |s| s.udps_connects += 1);
        if self.stats.first_open_ns == 0 {
            self.stats.first_open_ns = now.max(1);
        }
        self.udp_run(index, now, false);
    }

    fn udp_alloc(&mut self, flow: Flow) -> u32 {
        self.held[flow.role as usize] += 1;
        self.stats.active += 1;
        self.stats.peak_active = self.stats.peak_active.max(self.stats.active);
        match self.flows_free.pop() {
            Some(i) => {
                self.flows[i as usize] = flow;
                i
            }
            None => {
                self.flows.push(flow);
                (self.flows.len() - 1) as u32
            }
        }
    }

    /// Counts on a flow of `program`'s: into the side's total, and into its template
    /// group's when groups are kept.
    fn udp_count(&mut self, program: u16, role: Role, f: impl Fn(&mut crate::stats::UdpStats)) {
        f(self.udp_stats(role));
        if !self.stats.groups.is_empty() {
            let group = &mut self.stats.groups[usize::from(self.tunes[usize::from(program)].group)];
            f(match role {
                Role::Client => &mut group.client_udp,
                Role::Server => &mut group.server_udp,
            });
        }
    }

    fn udp_stats(&mut self, role: Role) -> &mut crate::stats::UdpStats {
        match role {
            Role::Client => &mut self.stats.client_udp,
            Role::Server => &mut self.stats.server_udp,
        }
    }

    /// Runs the flow's program as far as it goes.
    fn udp_run(&mut self, index: u32, now: u64, delay_over: bool) {
        let flow = &mut self.flows[index as usize];
        let program = &self.programs[usize::from(flow.program)];
        let (tuple, role, pid) = (flow.tuple, flow.role, flow.program);
        let txq = &mut self.udp_txq;
        let mut sent = false;
        let status = flow.cursor.run(program, now, delay_over, &mut |action| match action {
            MsgAction::Send(message) => {
                txq.push_back(Out { tuple, program: pid, message, role });
                sent = true;
            }
            MsgAction::Keepalive(ns, rx_only) => {
                flow.keepalive_ns = ns;
                flow.rx_only = rx_only;
                // TRex starts the keepalive again from now.
                flow.last_active = now;
            }
        });
        if sent && !flow.rx_only {
            flow.last_active = now;
        }
        match status {
            Status::Delaying(at) => flow.app_deadline = self.cfg.app_delay(now, at - now),
            Status::DelayingRand(min, max) => {
                let at = self.draw_delay(now, min, max);
                self.flows[index as usize].app_deadline = at;
            }
            Status::Done => {
                flow.app_deadline = 0;
                flow.program_done = true;
                let app = match role {
                    Role::Client => &mut self.stats.client_app,
                    Role::Server => &mut self.stats.server_app,
                };
                app.completed += 1;
                if role == Role::Client {
                    let _ = self.stats.latency.transaction.record(now.saturating_sub(flow.opened_at));
                    self.stats.last_completed_ns = self.stats.last_completed_ns.max(now);
                }
                // The flow ends with its program (TRex's `close_msg` or program end).
                self.udp_release(index);
                return;
            }
            Status::Receiving | Status::AwaitingPeerClose | Status::AwaitingAcks => {}
        }
        self.udp_schedule(index);
    }

    /// Sets the flow's timer: its delay's end or its keepalive, whichever is first.
    fn udp_schedule(&mut self, index: u32) {
        let flow = &mut self.flows[index as usize];
        let idle_at = flow.last_active.saturating_add(flow.keepalive_ns);
        let want = self.cfg.on_grain(if flow.app_deadline == 0 { idle_at } else { flow.app_deadline.min(idle_at) });
        if flow.timer.is_some() && flow.timer_at == want {
            return;
        }
        if let Some(id) = flow.timer.take() {
            self.wheel.cancel(id);
        }
        flow.timer = Some(self.wheel.insert(want, index | UDP_FLOW));
        self.armed = self.armed.wrapping_add(1);
        flow.armed = self.armed;
        flow.timer_at = want;
    }

    /// The flow's timer fired at `at`.
    pub(super) fn udp_fire(&mut self, index: u32, at: u64, now: u64) {
        let flow = &mut self.flows[index as usize];
        if !flow.live || flow.timer_at != at {
            return;
        }
        flow.timer = None;
        flow.timer_at = 0;
        if flow.app_deadline != 0 && flow.app_deadline <= now {
            flow.app_deadline = 0;
            self.udp_run(index, now, true);
            if !self.flows[index as usize].live {
                return;
            }
        }
        let flow = &self.flows[index as usize];
        if now >= flow.last_active.saturating_add(flow.keepalive_ns) {
            let (role, program) = (flow.role, flow.program);
            self.udp_count(program, role, |s| s.udps_keepdrops += 1);
            self.udp_release(index);
            return;
        }
        self.udp_schedule(index);
    }

    /// Ends a flow: its tuple is free again.
    fn udp_release(&mut self, index: u32) {
        let flow = &mut self.flows[index as usize];
        if !flow.live {
            return;
        }
        flow.live = false;
        if let Some(id) = flow.timer.take() {
            self.wheel.cancel(id);
        }
        let (role, tuple, template) = (flow.role, flow.tuple, usize::from(flow.program));
        self.stats.active -= 1;
        self.held[role as usize] -= 1;
        self.udp_count(template as u16, role, |s| s.udps_closed += 1);
        match role {
            Role::Client => {
                // A flow's program ends with it (completed, or dropped idle).
                client_program_ended(&mut self.client, template);
                if let Some(client) = &mut self.client {
                    client.release(tuple.local_ip, tuple.local_port);
                }
            }
            Role::Server => {
                self.udp_servers.remove(&tuple);
            }
        }
        self.flows_free.push(index);
    }

    /// Writes the next queued datagram into `buf`.
    pub(super) fn poll_udp(&mut self, buf: &mut [u8]) -> Option<usize> {
        let out = self.udp_txq.pop_front()?;
        let program = &self.programs[usize::from(out.program)];
        let payload = program.message(out.message)?;
        let len = payload.len() as usize;
        let ip = &self.tunes[usize::from(out.program)].ip;
        self.ident = self.ident.wrapping_add(1);
        let l2 = link(&self.cfg, out.role, &out.tuple);
        let n = frame::emit_udp(buf, &l2, ip, &out.tuple, self.ident, len, |dst| {
            program.fill_message(out.message, dst);
        });
        self.udp_count(out.program, out.role, |s| {
            s.udps_sndpkt += 1;
            s.udps_sndbyte += len as u64;
        });
        Some(n)
    }
}

impl Flow {
    fn new(tuple: Tuple, program: u16, role: Role, now: u64) -> Flow {
        Flow {
            tuple,
            cursor: MsgCursor::default(),
            program,
            role,
            live: true,
            program_done: false,
            first_byte: false,
            opened_at: now,
            timer: None,
            timer_at: 0,
            armed: 0,
            app_deadline: 0,
            keepalive_ns: DEFAULT_KEEPALIVE_NS,
            rx_only: false,
            last_active: now,
        }
    }
}
