//! Two connections on a virtual network: a virtual clock that jumps to the next event,
//! seeded loss, duplication, reordering and delay, and programs that send a known byte
//! pattern so that what arrives can be checked by content (quinn's two-endpoint harness).

#![allow(dead_code, unreachable_pub)]

use riptide_core::{Nanos, Rng};
use riptide_port::impair::{ImpairLine, Impairments};
use riptide_tcp::{Connection, Events, Segment, Seq, TcpConfig, TcpStats, Transmit};
use riptide_wire::tcp::TcpFlags;
use riptide_wire::tcp_options::TcpOptions;

/// The byte at offset `k` of the stream of side `side`.
pub fn pattern(side: usize, k: u32) -> u8 {
    let x = k.wrapping_mul(0x9E37_79B1) ^ (k >> 7);
    (x >> 24) as u8 ^ (side as u8 * 0x5A)
}

/// When a side closes its send direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseWhen {
    /// As soon as its data is queued.
    AfterSending,
    /// When the peer's FIN arrives.
    AfterPeerFin,
    /// Never (the test closes it).
    Never,
}

/// A segment on the wire.
#[derive(Clone, Debug)]
pub struct Wire {
    /// When it was sent (the virtual clock, ns); it arrives one delay later.
    pub at: u64,
    pub seq: Seq,
    pub ack: Seq,
    pub flags: TcpFlags,
    pub window: u16,
    pub options: TcpOptions,
    pub payload: Vec<u8>,
}

impl Wire {
    pub fn segment(&self) -> Segment<'_> {
        Segment {
            seq: self.seq,
            ack: self.ack,
            flags: self.flags,
            window: self.window,
            options: self.options,
            payload: &self.payload,
        }
    }
}

pub struct Side {
    pub conn: Connection,
    pub cfg: TcpConfig,
    pub stats: TcpStats,
    pub to_send: u32,
    pub close_when: CloseWhen,
    pub received: Vec<u8>,
    pub events: Vec<Events>,
    pub sent: Vec<Wire>,
}

impl Side {
    fn new(conn: Connection, cfg: TcpConfig, to_send: u32, close_when: CloseWhen) -> Side {
        Side {
            conn,
            cfg,
            stats: TcpStats::default(),
            to_send,
            close_when,
            received: Vec::new(),
            events: Vec::new(),
            sent: Vec::new(),
        }
    }

    fn saw(&mut self, events: Events) {
        if events != Events::NONE {
            self.events.push(events);
        }
        if events.contains(Events::ESTABLISHED) && self.to_send > 0 {
            let queued = self.conn.send(self.to_send);
            assert!(queued);
            self.to_send = 0;
        }
        if events.contains(Events::ESTABLISHED) && self.close_when == CloseWhen::AfterSending {
            self.conn.close();
        }
        if events.contains(Events::PEER_FIN) && self.close_when == CloseWhen::AfterPeerFin {
            self.conn.close();
        }
    }

    pub fn saw_any(&self, e: Events) -> bool {
        self.events.iter().any(|x| x.contains(e))
    }
}

/// Impairments of the virtual network.
#[derive(Clone, Copy, Debug, Default)]
pub struct Impair {
    pub loss: f64,
    pub duplicate: f64,
    pub reorder: f64,
    /// One-way delay.
    pub delay_ns: u64,
}

/// Drops a segment when it returns true: (from side, index of the segment it sent, segment).
pub type DropFilter = Box<dyn FnMut(usize, usize, &Wire) -> bool>;

pub struct Net {
    pub now: u64,
    pub sides: [Side; 2],
    pub impair: Impair,
    rng: Rng,
    /// (arrival time, order, to side, segment)
    in_flight: Vec<(u64, u64, usize, Wire)>,
    order: u64,
    /// Drops the segment when it returns true: (from side, index of the segment it sent).
    pub drop_if: Option<DropFilter>,
    pub steps: u64,
    /// Keep every segment sent and every byte received (off: a long bulk run's memory).
    pub record: bool,
    accepted: bool,
    /// A `link:` port's two lines (riptide-port's [`ImpairLine`], one per direction: side
    /// 0 to 1, then 1 to 0) in place of [`Impair`]: a bottleneck's rate and tail-drop
    /// queue, its delay. Each segment goes through as an Ethernet frame of its size.
    pub link: Option<[ImpairLine; 2]>,
}

pub const MS: u64 = 1_000_000;

impl Net {
    /// Side 0 connects to side 1 (which accepts when the SYN arrives).
    pub fn new(client: TcpConfig, server: TcpConfig, sizes: (u32, u32), closes: (CloseWhen, CloseWhen)) -> Net {
        Net::with_seed(client, server, sizes, closes, Impair { delay_ns: MS, ..Impair::default() }, 1)
    }

    pub fn with_seed(
        client: TcpConfig,
        server: TcpConfig,
        sizes: (u32, u32),
        closes: (CloseWhen, CloseWhen),
        impair: Impair,
        seed: u64,
    ) -> Net {
        let mut rng = Rng::new(seed);
        let iss = Seq(rng.next_u32());
        let mut a = Side::new(Connection::connect(iss, &client), client, sizes.0, closes.0);
        // A program may queue before the handshake completes; queue half now.
        let early = sizes.0 / 2;
        if early > 0 {
            assert!(a.conn.send(early));
            a.to_send -= early;
        }
        // The listener: a closed placeholder until the SYN comes.
        let b = Side::new(Connection::connect(Seq(0), &server), server, sizes.1, closes.1);
        let mut net = Net {
            now: 1,
            sides: [a, b],
            impair,
            rng,
            in_flight: Vec::new(),
            order: 0,
            drop_if: None,
            steps: 0,
            record: true,
            accepted: false,
            link: None,
        };
        net.sides[1].conn.abort();
        net
    }

    fn fill(side: usize, t: &Transmit, at: u64) -> Wire {
        let payload = (t.data_offset..t.data_offset + t.data_len).map(|k| pattern(side, k)).collect();
        Wire { at, seq: t.seq, ack: t.ack, flags: t.flags, window: t.window, options: t.options, payload }
    }

    fn transmit(&mut self, from: usize) {
        loop {
            let side = &mut self.sides[from];
            let Some(t) = side.conn.poll_transmit(self.now, &side.cfg, &mut side.stats) else { break };
            let wire = Net::fill(from, &t, self.now);
            if std::env::var_os("TCP_TRACE").is_some() {
                eprintln!(
                    "{:>12} {} {:?} {:>5} seq {:?} ack {:?} len {} win {} {:?}",
                    self.now,
                    from,
                    side.conn.state(),
                    t.flags.to_string(),
                    t.seq,
                    t.ack,
                    t.data_len,
                    t.window,
                    t.options.sack.as_slice()
                );
            }
            let index = side.sent.len();
            if self.record {
                side.sent.push(wire.clone());
            }
            if let Some(drop_if) = &mut self.drop_if {
                if drop_if(from, index, &wire) {
                    continue;
                }
            }
            if let Some(link) = &mut self.link {
                // Ethernet, IPv4 and TCP headers with the options this segment carries.
                let len = 14 + 20 + 20 + t.options.buffer_len() + wire.payload.len();
                let now = Nanos(self.now);
                let (to, order, in_flight) = (1 - from, &mut self.order, &mut self.in_flight);
                link[from].handle_frame_with(&vec![0; len], now, now, &mut |_, due| {
                    *order += 1;
                    in_flight.push((due.0, *order, to, wire.clone()));
                });
                continue;
            }
            if self.rng.chance(self.impair.loss) {
                continue;
            }
            let copies = if self.rng.chance(self.impair.duplicate) { 2 } else { 1 };
            for _ in 0..copies {
                let mut at = self.now + self.impair.delay_ns;
                if self.rng.chance(self.impair.reorder) {
                    at += self.impair.delay_ns * (1 + self.rng.below(4));
                }
                self.order += 1;
                self.in_flight.push((at, self.order, 1 - from, wire.clone()));
            }
        }
    }

    fn deliver(&mut self, to: usize, wire: &Wire) {
        let now = self.now;
        if to == 1 && !self.accepted && wire.flags == TcpFlags::SYN {
            self.accepted = true;
            let side = &mut self.sides[1];
            let iss = Seq(self.rng.next_u32());
            side.conn = Connection::accept(iss, &wire.segment(), &side.cfg);
            return;
        }
        let side = &mut self.sides[to];
        let received = &mut side.received;
        let record = self.record;
        let events = side.conn.handle_segment(now, &wire.segment(), &side.cfg, &mut side.stats, &mut |d: &[u8]| {
            if record {
                received.extend_from_slice(d)
            }
        });
        side.saw(events);
    }

    /// The next time something happens.
    fn next_event(&self) -> Option<u64> {
        let wire = self.in_flight.iter().map(|f| f.0).min();
        let timers = self.sides.iter().filter_map(|s| s.conn.poll_timeout());
        wire.into_iter().chain(timers).min()
    }

    /// Runs until nothing is in flight and no timer is set, or `until`.
    pub fn run(&mut self, until: u64) {
        self.transmit(0);
        self.transmit(1);
        while let Some(at) = self.next_event() {
            if at > until {
                break;
            }
            self.steps += 1;
            assert!(self.steps < 5_000_000, "the simulation does not end");
            self.now = self.now.max(at);
            self.in_flight.sort_by_key(|f| (f.0, f.1));
            let due = self.in_flight.iter().take_while(|f| f.0 <= self.now).count();
            let arrivals: Vec<_> = self.in_flight.drain(..due).collect();
            for (_, _, to, wire) in arrivals {
                self.deliver(to, &wire);
                self.transmit(to);
            }
            for i in 0..2 {
                if self.sides[i].conn.poll_timeout().is_some_and(|t| t <= self.now) {
                    let side = &mut self.sides[i];
                    let events = side.conn.handle_timeout(self.now, &side.cfg, &mut side.stats);
                    side.saw(events);
                    self.transmit(i);
                }
            }
        }
    }

    /// Both directions of a `link:` with these parameters (`rate=100mbps,queue=100,delay=20ms`).
    pub fn use_link(&mut self, params: &str) {
        let cfg = Impairments::parse(params).expect("link parameters");
        self.link = Some([ImpairLine::new(cfg, 0), ImpairLine::new(cfg, 1)]);
    }

    pub fn expected(side: usize, len: u32) -> Vec<u8> {
        (0..len).map(|k| pattern(side, k)).collect()
    }
}

/// A test extension: a chance in [0, 1].
pub trait Chance {
    fn chance(&mut self, p: f64) -> bool;
}

impl Chance for Rng {
    fn chance(&mut self, p: f64) -> bool {
        p > 0.0 && ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }
}
