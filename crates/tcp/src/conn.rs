//! One TCP connection: the state machine of RFC 9293 with RFC 6298 retransmission,
//! RFC 5681/6582 NewReno, RFC 7323 window scale and timestamps and RFC 2018 SACK blocks.
//!
//! The connection holds sequence numbers, never bytes it sends: its send stream is
//! `queued` bytes long, written by the program that owns it, and a [`Transmit`] names a
//! range of that stream (`data_offset`, `data_len`) for the caller to fill from the
//! program's source, first transmission or retransmission alike. Received in-order bytes
//! are handed to the caller at once (`deliver`), so only out-of-order data is ever held.
//!
//! Calls: [`Connection::handle_segment`] for each arriving segment,
//! [`Connection::poll_transmit`] until it returns `None` after any input,
//! [`Connection::poll_timeout`] / [`Connection::handle_timeout`] for the one timer, and
//! [`Connection::send`], [`Connection::close`], [`Connection::abort`] from the program.
//! Time is `now` in nanoseconds, always passed in.

use crate::cc::{CcAlgo, Controller, Cubic, NewReno};
use crate::reasm::Reassembly;
use crate::rtt::{RtoConfig, RttEstimator};
use crate::seq::Seq;
use crate::stats::TcpStats;
use riptide_wire::tcp::TcpFlags;
use riptide_wire::tcp_options::TcpOptions;
use serde::{Deserialize, Serialize};

/// The knobs of every connection of an endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TcpConfig {
    /// The MSS this side announces (payload bytes per segment, options not counted).
    pub mss: u16,
    /// The receive window in bytes.
    pub rcv_wnd: u32,
    /// Offer window scaling (RFC 7323).
    pub window_scaling: bool,
    /// Offer SACK (RFC 2018).
    pub sack: bool,
    /// Offer timestamps (RFC 7323).
    pub timestamps: bool,
    /// NewReno congestion control; off: only the peer's window limits the sender (for
    /// pure connections-per-second tests).
    pub congestion_control: bool,
    /// The congestion control algorithm (with `congestion_control`): NewReno or Cubic.
    pub cc: CcAlgo,
    /// The initial congestion window in segments (RFC 6928: 10).
    pub initial_cwnd: u32,
    /// Retransmission timer bounds.
    pub rto: RtoConfig,
    /// SYN (or SYN-ACK) retransmissions before the attempt is dropped.
    pub syn_retries: u8,
    /// Data retransmissions before an established connection is dropped.
    pub data_retries: u8,
    /// How long TIME-WAIT lasts (0: the state is freed at once).
    pub time_wait_ns: u64,
    /// How long FIN-WAIT-2 waits for the peer's FIN (Linux's `tcp_fin_timeout`).
    pub fin_timeout_ns: u64,
    /// The timestamp option's clock: milliseconds of `now` (1 ms, the default), or a
    /// coarser tick (TRex's 50 ms timer wheel).
    pub ts_tick_ns: u64,
    /// Delayed ACKs (0: every arrival is acknowledged at once, riptide's default): in-order
    /// data without PSH, no larger than a segment, is acknowledged this long after, or
    /// sooner with whatever this side sends (TRex's rule: FreeBSD's, without the ACK of every
    /// second segment). With a `ts_tick_ns` tick, the ACK waits for the connection's own
    /// periodic timer instead, which ticks every this long from the tick it was born in
    /// (TRex's flow timer).
    pub delayed_ack_ns: u64,
    /// Slow start's growth per ACK, in segments (RFC 3465's L; FreeBSD's and TRex's is 2).
    pub abc_limit: u8,
    /// A program's reset, or its close after `wait_for_peer_close`, sends the ACK owed for
    /// the arrival that woke it as a segment of its own first (BSD's order, TRex's
    /// simulator's output); off, the FIN or RST carries it (one segment fewer).
    pub ack_before_close: bool,
    /// The send buffer in bytes (0: unlimited, riptide's default: the program's stream
    /// is there to send at once): at most this much past the oldest unacknowledged byte is
    /// sent, and a segment that reaches the buffer's end carries PSH (BSD's socket
    /// buffer; TRex's `tcp.txbufsize`).
    pub snd_buf: u32,
    /// With delayed ACKs: acknowledge at once when this many bytes have arrived since the
    /// last ACK the delay timer sent (TRex's `tcp.no_delay_counter`; 0: off).
    pub ack_every_bytes: u16,
    /// Nagle's algorithm as BSD runs it (TRex's default; its `tcp.no_delay` turns it off):
    /// a last segment shorter than the MSS waits while data is in flight, unless the
    /// connection was idle when its output began. Off (riptide's default): it goes.
    pub nagle: bool,
    /// Send no larger segments than the peer's MSS option asks (RFC 9293); off, this
    /// side's own MSS is used whatever the peer offered (TRex's stack: its `tcp_mss` is
    /// compiled out, and its simulator's output shows it).
    pub peer_mss: bool,
}

impl Default for TcpConfig {
    fn default() -> Self {
        TcpConfig {
            mss: 1460,
            rcv_wnd: 256 * 1024,
            window_scaling: true,
            sack: true,
            timestamps: false,
            congestion_control: true,
            cc: CcAlgo::NewReno,
            initial_cwnd: 10,
            rto: RtoConfig::default(),
            syn_retries: 6,
            data_retries: 8,
            time_wait_ns: 1_000_000_000,
            fin_timeout_ns: 60_000_000_000,
            ts_tick_ns: 1_000_000,
            delayed_ack_ns: 0,
            abc_limit: 1,
            ack_before_close: false,
            snd_buf: 0,
            ack_every_bytes: 0,
            nagle: false,
            peer_mss: true,
        }
    }
}

impl TcpConfig {
    /// The window scale shift this side offers: the smallest that fits `rcv_wnd` in 16 bits.
    pub fn window_shift(&self) -> u8 {
        let mut shift = 0;
        while shift < 14 && (self.rcv_wnd >> shift) > 0xFFFF {
            shift += 1;
        }
        shift
    }
}

/// The states of RFC 9293 §3.3.2 (LISTEN belongs to the endpoint, not to a connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    /// No connection (freed, or never opened).
    Closed,
    /// A SYN was sent; waiting for the SYN-ACK.
    SynSent,
    /// A SYN was received and a SYN-ACK sent; waiting for its ACK.
    SynReceived,
    /// Open both ways.
    Established,
    /// This side sent its FIN; the peer has not acknowledged it.
    FinWait1,
    /// This side's FIN is acknowledged; waiting for the peer's.
    FinWait2,
    /// The peer sent its FIN; this side may still send.
    CloseWait,
    /// Both FINs sent at once; waiting for the ACK of this side's.
    Closing,
    /// The peer closed first, then this side; waiting for the ACK of this side's FIN.
    LastAck,
    /// Both FINs exchanged; the state waits out old duplicates.
    TimeWait,
}

/// What an input changed, for the program and the counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events(u8);

impl Events {
    /// Nothing.
    pub const NONE: Events = Events(0);
    /// The handshake completed.
    pub const ESTABLISHED: Events = Events(1);
    /// The peer's FIN arrived (in order): no more data will come.
    pub const PEER_FIN: Events = Events(2);
    /// The connection reached CLOSED: its state may be freed.
    pub const CLOSED: Events = Events(4);
    /// It was reset by the peer.
    pub const RESET: Events = Events(8);
    /// It was dropped: retransmissions exhausted.
    pub const TIMED_OUT: Events = Events(16);
    /// Data this side sent was newly acknowledged.
    pub const ACKED: Events = Events(32);
    /// It entered TIME-WAIT (both directions done; the state lingers).
    pub const TIME_WAIT: Events = Events(64);

    /// Whether every bit of `other` is set.
    pub fn contains(self, other: Events) -> bool {
        self.0 & other.0 == other.0
    }

    fn set(&mut self, other: Events) {
        self.0 |= other.0;
    }
}

impl core::ops::BitOr for Events {
    type Output = Events;
    fn bitor(self, rhs: Events) -> Events {
        Events(self.0 | rhs.0)
    }
}

/// An arriving segment, parsed.
#[derive(Clone, Copy, Debug)]
pub struct Segment<'a> {
    /// Sequence number.
    pub seq: Seq,
    /// Acknowledgment number (meaningful with ACK).
    pub ack: Seq,
    /// Control bits.
    pub flags: TcpFlags,
    /// The window field as sent (unscaled).
    pub window: u16,
    /// Options.
    pub options: TcpOptions,
    /// Payload.
    pub payload: &'a [u8],
}

/// A segment to send: the header's numbers, and which bytes of the send stream it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transmit {
    /// Sequence number.
    pub seq: Seq,
    /// Acknowledgment number (0 without ACK).
    pub ack: Seq,
    /// Control bits.
    pub flags: TcpFlags,
    /// The window field.
    pub window: u16,
    /// Options.
    pub options: TcpOptions,
    /// Offset in the send stream of the first payload byte.
    pub data_offset: u32,
    /// Payload bytes.
    pub data_len: u32,
}

mod flag {
    pub(super) const ACK_NOW: u16 = 1;
    pub(super) const FIN_QUEUED: u16 = 2;
    pub(super) const SACK_OK: u16 = 4;
    pub(super) const TS_OK: u16 = 8;
    pub(super) const TIMING: u16 = 16;
    pub(super) const RECOVERY: u16 = 32;
    pub(super) const PROBE: u16 = 64;
    pub(super) const RST_NOW: u16 = 128;
    pub(super) const RST_REPLY: u16 = 256;
    pub(super) const RETX_ONE: u16 = 512;
    pub(super) const PERSIST: u16 = 1024;
    pub(super) const WS_OK: u16 = 2048;
    /// An owed ACK goes out as a segment of its own before what follows (a FIN or RST
    /// the program asked for after the arrival that owes it).
    pub(super) const ACK_FIRST: u16 = 4096;
    /// Nothing was in flight when the last input (or timer) was handled: BSD's `idle`
    /// at the start of its output, which lets Nagle's tail go.
    pub(super) const IDLE_OUT: u16 = 8192;
    /// In a SACK recovery: retransmit the next hole the scoreboard shows.
    pub(super) const RETX_HOLE: u16 = 16384;
}

/// The RFC 9293 default MSS when the peer announces none.
const DEFAULT_MSS: u16 = 536;
/// Bytes the timestamps option takes in every segment (with its two NOPs).
const TS_OPTION_LEN: u16 = 12;

/// One connection's state: sequence space, windows, congestion control, RTT, one timer.
#[derive(Debug)]
pub struct Connection {
    state: State,
    flags: u16,
    snd_wscale: u8,
    rcv_wscale: u8,
    dupacks: u8,
    retries: u8,
    /// Duplicate ACKs still owed for out-of-order arrivals (one each, RFC 5681 §4.2, even
    /// when a batch of them arrives before this side transmits).
    acks_owed: u8,
    /// Payload bytes per segment this side sends.
    mss: u16,
    iss: Seq,
    snd_una: Seq,
    snd_nxt: Seq,
    snd_max: Seq,
    snd_wl1: Seq,
    snd_wl2: Seq,
    snd_wnd: u32,
    /// Bytes the program has queued into the send stream.
    queued: u32,
    cwnd: u32,
    ssthresh: u32,
    recover: Seq,
    irs: Seq,
    rcv_nxt: Seq,
    ts_recent: u32,
    /// The sequence number an RTT measurement waits for (RST_REPLY: the reply's seq).
    rtt_seq: Seq,
    rtt_start: u64,
    rtt: RttEstimator,
    /// The timer's deadline (0: none).
    timer: u64,
    /// A delayed ACK's deadline (0: none owed).
    delack_at: u64,
    /// With a tick clock: the count of ticks before the connection's birth (its periodic
    /// timer fires every period from there).
    born_tick: u32,
    /// Bytes counted towards `ack_every_bytes`.
    rx_count: u16,
    /// Receive-side holes, and the send side's SACK scoreboard (RFC 6675): boxed, only
    /// while either has something.
    ooo: Option<Box<Reassembly>>,
}

impl Connection {
    fn new(state: State, iss: Seq, cfg: &TcpConfig) -> Connection {
        let cwnd = if cfg.congestion_control { u32::from(cfg.mss) * cfg.initial_cwnd.max(1) } else { u32::MAX };
        Connection {
            state,
            flags: 0,
            snd_wscale: 0,
            rcv_wscale: 0,
            dupacks: 0,
            retries: 0,
            acks_owed: 0,
            mss: DEFAULT_MSS,
            iss,
            snd_una: iss,
            snd_nxt: iss,
            snd_max: iss,
            snd_wl1: Seq(0),
            snd_wl2: iss,
            snd_wnd: 0,
            queued: 0,
            cwnd,
            ssthresh: u32::MAX,
            recover: iss,
            irs: Seq(0),
            rcv_nxt: Seq(0),
            ts_recent: 0,
            rtt_seq: iss,
            rtt_start: 0,
            rtt: RttEstimator::default(),
            timer: 0,
            delack_at: 0,
            born_tick: 0,
            rx_count: 0,
            ooo: None,
        }
    }

    /// Notes `now` as the connection's birth: with a tick clock and delayed ACKs, its
    /// periodic timer fires on the ticks `born + k * period` (k ≥ 1), counting the tick
    /// `now` falls in as the first.
    pub fn set_born(&mut self, now: u64, cfg: &TcpConfig) {
        if Self::period_ticks(cfg).is_some() {
            self.born_tick = (now / cfg.ts_tick_ns + 1) as u32;
        }
    }

    /// The periodic timer's period in ticks, with a tick clock and delayed ACKs.
    fn period_ticks(cfg: &TcpConfig) -> Option<u64> {
        (cfg.ts_tick_ns > 1_000_000 && cfg.delayed_ack_ns > 0)
            .then(|| (cfg.delayed_ack_ns / cfg.ts_tick_ns).clamp(1, 255))
    }

    /// When an ACK delayed at `now` goes out.
    fn delack_deadline(&self, now: u64, cfg: &TcpConfig) -> u64 {
        match Self::period_ticks(cfg) {
            None => now + cfg.delayed_ack_ns,
            Some(period) => {
                // The first of the ticks born + k * period (k >= 1) after `now`.
                let tick = cfg.ts_tick_ns;
                let born = u64::from(self.born_tick);
                let next = (now / tick + 1).max(born + period);
                let k = (next - born).div_ceil(period);
                (born + k * period) * tick
            }
        }
    }

    /// An active open: the first [`Connection::poll_transmit`] sends the SYN.
    pub fn connect(iss: Seq, cfg: &TcpConfig) -> Connection {
        Connection::new(State::SynSent, iss, cfg)
    }

    /// A passive open from a listener's SYN: the first [`Connection::poll_transmit`] sends
    /// the SYN-ACK.
    pub fn accept(iss: Seq, syn: &Segment<'_>, cfg: &TcpConfig) -> Connection {
        let mut conn = Connection::new(State::SynReceived, iss, cfg);
        conn.irs = syn.seq;
        conn.rcv_nxt = syn.seq + 1;
        conn.negotiate(syn, cfg);
        conn.snd_wnd = u32::from(syn.window);
        conn.snd_wl1 = syn.seq;
        conn
    }

    /// The state.
    pub fn state(&self) -> State {
        self.state
    }

    /// The next deadline of the connection's timer.
    pub fn poll_timeout(&self) -> Option<u64> {
        match (self.timer, self.delack_at) {
            (0, 0) => None,
            (0, d) => Some(d),
            (t, 0) => Some(t),
            (t, d) => Some(t.min(d)),
        }
    }

    /// Bytes queued that the peer has not acknowledged yet.
    pub fn unacked(&self) -> u32 {
        let data_end = self.data_end();
        if self.snd_una >= data_end {
            0
        } else {
            (data_end - self.snd_una.max(self.iss + 1)) as u32
        }
    }

    /// Total bytes the program queued.
    pub fn queued(&self) -> u32 {
        self.queued
    }

    /// The slow-start threshold in bytes.
    pub fn ssthresh(&self) -> u32 {
        self.ssthresh
    }

    /// The congestion window in bytes.
    pub fn cwnd(&self) -> u32 {
        self.cwnd
    }

    /// The peer's window in bytes, scaled.
    pub fn send_window(&self) -> u32 {
        self.snd_wnd
    }

    /// The smoothed RTT in nanoseconds.
    pub fn srtt_ns(&self) -> u64 {
        self.rtt.srtt_ns()
    }

    /// Out-of-order bytes held until a hole fills.
    pub fn out_of_order_bytes(&self) -> u32 {
        self.ooo.as_ref().map_or(0, |o| o.bytes())
    }

    /// Queues `len` more bytes of the send stream; refused (false) once the stream is
    /// closed or would pass 4 GiB.
    pub fn send(&mut self, len: u32) -> bool {
        if self.flags & flag::FIN_QUEUED != 0 || matches!(self.state, State::Closed | State::TimeWait) {
            return false;
        }
        match self.queued.checked_add(len) {
            Some(queued) if queued < u32::MAX => {
                self.queued = queued;
                true
            }
            _ => false,
        }
    }

    /// Closes the send direction: a FIN follows the queued data. Before the handshake
    /// completes on an active open, the connection is simply dropped (returns CLOSED).
    pub fn close(&mut self) -> Events {
        match self.state {
            State::SynSent => {
                self.enter_closed();
                Events::CLOSED
            }
            State::SynReceived | State::Established => {
                self.flags |= flag::FIN_QUEUED;
                self.state = State::FinWait1;
                Events::NONE
            }
            State::CloseWait => {
                self.flags |= flag::FIN_QUEUED;
                self.state = State::LastAck;
                Events::NONE
            }
            _ => Events::NONE,
        }
    }

    /// Resets the connection: the next [`Connection::poll_transmit`] sends a RST and the
    /// connection is CLOSED after it (as load testers close, without TIME-WAIT).
    /// Sends the ACK owed now (if any) as a segment of its own, before the FIN or RST the
    /// caller is about to ask for: what BSD's stack does when its application closes or
    /// resets from the wakeup of an arrival (the input's ACK is out first).
    pub fn ack_first(&mut self) {
        if self.flags & flag::ACK_NOW != 0 {
            self.flags |= flag::ACK_FIRST;
        }
    }

    /// Resets the connection: the next transmit is an RST.
    pub fn abort(&mut self) {
        match self.state {
            State::Closed => {}
            State::SynSent | State::TimeWait => self.enter_closed(),
            _ => self.flags |= flag::RST_NOW,
        }
    }

    fn enter_closed(&mut self) {
        self.state = State::Closed;
        self.timer = 0;
        self.ooo = None;
    }

    /// No receive-side hole is open.
    fn no_rx_hole(&self) -> bool {
        self.ooo.as_ref().is_none_or(|o| o.rx_empty())
    }

    /// The SACK scoreboard, while the peer reports SACKed data.
    fn board(&self) -> Option<&crate::sack::Scoreboard> {
        self.ooo.as_ref().and_then(|o| o.board.as_ref())
    }

    fn board_mut(&mut self) -> Option<&mut crate::sack::Scoreboard> {
        self.ooo.as_mut().and_then(|o| o.board.as_mut())
    }

    fn drop_board(&mut self) {
        if let Some(o) = &mut self.ooo {
            o.board = None;
            if o.is_empty() {
                self.ooo = None;
            }
        }
    }

    fn data_end(&self) -> Seq {
        self.iss + 1 + self.queued
    }

    /// Counts `len` arrived bytes towards `ack_every_bytes`: whether the ACK is due now
    /// (TRex's `tcp_check_no_delay`).
    fn count_towards_ack(&mut self, len: usize, cfg: &TcpConfig) -> bool {
        let limit = u32::from(cfg.ack_every_bytes);
        if limit == 0 {
            return false;
        }
        let count = u32::from(self.rx_count) + len as u32;
        if count >= limit {
            let left = count - limit;
            self.rx_count = if left >= limit { 0 } else { left as u16 };
            return true;
        }
        self.rx_count = count as u16;
        false
    }

    /// The end of what may be sent now: the stream's, or the send buffer's.
    fn send_end(&self, cfg: &TcpConfig) -> Seq {
        let end = self.data_end();
        if cfg.snd_buf == 0 {
            return end;
        }
        let buffered = self.snd_una.max(self.iss + 1) + cfg.snd_buf;
        if buffered < end {
            buffered
        } else {
            end
        }
    }

    fn fin_queued(&self) -> bool {
        self.flags & flag::FIN_QUEUED != 0
    }

    /// Whether this side's FIN has been sent and acknowledged.
    fn fin_acked(&self) -> bool {
        self.fin_queued() && self.snd_una == self.data_end() + 1
    }

    fn negotiate(&mut self, syn: &Segment<'_>, cfg: &TcpConfig) {
        let opts = &syn.options;
        let ts = cfg.timestamps && opts.timestamp.is_some();
        if ts {
            self.flags |= flag::TS_OK;
            self.ts_recent = opts.timestamp.map_or(0, |t| t.0);
        }
        if cfg.sack && opts.sack_permitted {
            self.flags |= flag::SACK_OK;
        }
        if let (true, Some(shift)) = (cfg.window_scaling, opts.window_scale) {
            self.snd_wscale = shift;
            self.rcv_wscale = cfg.window_shift();
            self.flags |= flag::WS_OK;
        }
        let peer = opts.mss.unwrap_or(DEFAULT_MSS).max(64);
        let mss = if cfg.peer_mss { peer.min(cfg.mss) } else { cfg.mss };
        self.mss = if ts { mss.saturating_sub(TS_OPTION_LEN).max(1) } else { mss.max(1) };
        if cfg.congestion_control {
            self.cwnd = u32::from(self.mss) * cfg.initial_cwnd.max(1);
        }
    }

    /// The receive window. In-order bytes go to the program as they arrive, so the window
    /// never shrinks; out-of-order bytes sit inside it and are bounded by it.
    fn rcv_window(&self, cfg: &TcpConfig) -> u32 {
        cfg.rcv_wnd
    }

    fn arm(&mut self, now: u64, cfg: &TcpConfig) {
        self.timer = now + self.rtt.rto_ns(&cfg.rto);
    }

    // ---------------------------------------------------------------- input

    /// Takes one arriving segment of this connection. In-order payload bytes go to
    /// `deliver` (possibly in several pieces, when a hole closes).
    pub fn handle_segment(
        &mut self,
        now: u64,
        seg: &Segment<'_>,
        cfg: &TcpConfig,
        stats: &mut TcpStats,
        deliver: &mut impl FnMut(&[u8]),
    ) -> Events {
        let events = self.input(now, seg, cfg, stats, deliver);
        self.note_idle();
        events
    }

    /// Notes whether anything is in flight now that an input or a timer was handled.
    fn note_idle(&mut self) {
        if self.snd_una == self.snd_max {
            self.flags |= flag::IDLE_OUT;
        } else {
            self.flags &= !flag::IDLE_OUT;
        }
    }

    fn input(
        &mut self,
        now: u64,
        seg: &Segment<'_>,
        cfg: &TcpConfig,
        stats: &mut TcpStats,
        deliver: &mut impl FnMut(&[u8]),
    ) -> Events {
        stats.tcps_rcvtotal += 1;
        match self.state {
            State::Closed => return Events::NONE,
            State::SynSent => return self.on_syn_sent(now, seg, cfg, stats),
            _ => {}
        }
        let flags = seg.flags;
        let syn = flags.contains(TcpFlags::SYN);
        let fin = flags.contains(TcpFlags::FIN);
        let rst = flags.contains(TcpFlags::RST);
        let seg_len = seg.payload.len() as u32 + u32::from(syn) + u32::from(fin);
        let wnd = self.rcv_window(cfg);
        let wnd_end = self.rcv_nxt + wnd;
        let acceptable = match (seg_len, wnd) {
            (0, 0) => seg.seq == self.rcv_nxt,
            (0, _) => seg.seq.within(self.rcv_nxt, wnd_end),
            (_, 0) => false,
            _ => seg.seq.within(self.rcv_nxt, wnd_end) || (seg.seq + (seg_len - 1)).within(self.rcv_nxt, wnd_end),
        };
        // A segment wholly before RCV.NXT (a retransmission of what already arrived) is
        // a duplicate: its data and FIN are dropped but, as BSD does, its ACK still counts
        // (otherwise two sides that both went back after a timeout could refuse each
        // other's ACKs forever).
        let duplicate = seg_len > 0 && seg.seq + seg_len <= self.rcv_nxt;
        if !acceptable {
            if rst {
                return Events::NONE;
            }
            if self.state == State::SynReceived && syn && seg.seq == self.irs {
                // The peer did not get our SYN-ACK: send it again.
                self.snd_nxt = self.iss;
                return Events::NONE;
            }
            self.flags |= flag::ACK_NOW;
            if self.state == State::TimeWait && fin {
                self.timer = now + cfg.time_wait_ns.max(1);
            }
            if !duplicate {
                return Events::NONE;
            }
            stats.tcps_rcvduppack += 1;
            stats.tcps_rcvdupbyte += seg.payload.len() as u64;
            if syn || !flags.contains(TcpFlags::ACK) || matches!(self.state, State::SynReceived | State::TimeWait) {
                return Events::NONE;
            }
            let events = self.on_ack(now, seg, cfg, stats);
            return events;
        }
        if rst {
            stats.tcps_rcvrst += 1;
            if seg.seq == self.rcv_nxt {
                return self.on_reset(stats);
            }
            // RFC 5961 §3.2: a RST inside the window but not at RCV.NXT gets a challenge ACK.
            self.flags |= flag::ACK_NOW;
            return Events::NONE;
        }
        if syn {
            // RFC 5961 §4.2: a SYN on a synchronized connection gets a challenge ACK.
            self.flags |= flag::ACK_NOW;
            return Events::NONE;
        }
        if !flags.contains(TcpFlags::ACK) {
            return Events::NONE;
        }
        if self.flags & flag::TS_OK != 0 {
            if let Some((val, _)) = seg.options.timestamp {
                if seg.seq <= self.rcv_nxt {
                    self.ts_recent = val;
                }
            }
        }
        let mut events = Events::NONE;
        if self.state == State::SynReceived {
            if seg.ack > self.snd_una && seg.ack <= self.snd_max {
                self.state = State::Established;
                self.snd_wnd = u32::from(seg.window) << self.snd_wscale;
                self.snd_wl1 = seg.seq;
                self.snd_wl2 = seg.ack;
                events.set(Events::ESTABLISHED);
            } else {
                self.reply_rst(seg.ack);
                return Events::NONE;
            }
        }
        if self.state != State::TimeWait {
            events.set(self.on_ack(now, seg, cfg, stats));
            if self.state == State::Closed {
                return events;
            }
        }
        if self.state == State::FinWait2 {
            // An idle timeout: the peer is still sending.
            self.timer = now + cfg.fin_timeout_ns;
        }
        if !seg.payload.is_empty() {
            if matches!(self.state, State::Established | State::FinWait1 | State::FinWait2) {
                let owed = self.flags & flag::ACK_NOW;
                let in_order = seg.seq == self.rcv_nxt && self.no_rx_hole();
                self.on_data(seg.seq, seg.payload, wnd, stats, deliver);
                let delay = cfg.delayed_ack_ns > 0
                    && in_order
                    && self.no_rx_hole()
                    && !seg.flags.contains(TcpFlags::PSH)
                    && seg.payload.len() <= usize::from(self.mss)
                    && !self.count_towards_ack(seg.payload.len(), cfg);
                if delay && owed == 0 {
                    self.flags &= !flag::ACK_NOW;
                    if self.delack_at == 0 {
                        self.delack_at = self.delack_deadline(now, cfg);
                    }
                }
            } else {
                self.flags |= flag::ACK_NOW;
            }
        }
        if fin {
            let fin_seq = seg.seq + seg.payload.len() as u32;
            if fin_seq == self.rcv_nxt {
                events.set(self.on_fin(now, cfg));
            } else if fin_seq > self.rcv_nxt {
                self.ooo.get_or_insert_with(Box::default).fin = Some(fin_seq);
            }
        } else if self.rcv_nxt_reaches_held_fin() {
            events.set(self.on_fin(now, cfg));
        }
        events
    }

    fn rcv_nxt_reaches_held_fin(&mut self) -> bool {
        let Some(ooo) = &mut self.ooo else { return false };
        if ooo.fin == Some(self.rcv_nxt) {
            ooo.fin = None;
            if ooo.is_empty() {
                self.ooo = None;
            }
            return true;
        }
        false
    }

    fn on_syn_sent(&mut self, now: u64, seg: &Segment<'_>, cfg: &TcpConfig, stats: &mut TcpStats) -> Events {
        let flags = seg.flags;
        let ack = flags.contains(TcpFlags::ACK);
        if ack && (seg.ack <= self.iss || seg.ack > self.snd_max) {
            if !flags.contains(TcpFlags::RST) {
                self.reply_rst(seg.ack);
            }
            return Events::NONE;
        }
        if flags.contains(TcpFlags::RST) {
            stats.tcps_rcvrst += 1;
            return if ack { self.on_reset(stats) } else { Events::NONE };
        }
        if !flags.contains(TcpFlags::SYN) {
            return Events::NONE;
        }
        self.irs = seg.seq;
        self.rcv_nxt = seg.seq + 1;
        self.negotiate(seg, cfg);
        self.snd_wnd = u32::from(seg.window);
        self.snd_wl1 = seg.seq;
        self.snd_wl2 = seg.ack;
        if !ack {
            // Simultaneous open (RFC 9293 figure 8): answer with a SYN-ACK.
            self.state = State::SynReceived;
            self.snd_nxt = self.iss;
            return Events::NONE;
        }
        self.snd_una = seg.ack;
        if self.flags & flag::TIMING != 0 {
            self.rtt.sample(now.saturating_sub(self.rtt_start), &cfg.rto);
            stats.tcps_rttupdated += 1;
            self.flags &= !flag::TIMING;
        }
        self.state = State::Established;
        self.retries = 0;
        self.timer = 0;
        self.flags |= flag::ACK_NOW;
        Events::ESTABLISHED
    }

    fn on_reset(&mut self, stats: &mut TcpStats) -> Events {
        if matches!(self.state, State::SynSent) {
            stats.tcps_conndrops += 1;
        } else {
            stats.tcps_drops += 1;
        }
        self.enter_closed();
        Events::RESET | Events::CLOSED
    }

    fn reply_rst(&mut self, seq: Seq) {
        self.flags |= flag::RST_REPLY;
        self.rtt_seq = seq;
    }

    fn flight(&self) -> u32 {
        (self.snd_max - self.snd_una) as u32
    }

    fn on_ack(&mut self, now: u64, seg: &Segment<'_>, cfg: &TcpConfig, stats: &mut TcpStats) -> Events {
        let ack = seg.ack;
        if ack > self.snd_max {
            stats.tcps_rcvacktoomuch += 1;
            self.flags |= flag::ACK_NOW;
            return Events::NONE;
        }
        let mss = u32::from(self.mss);
        let window = u32::from(seg.window) << self.snd_wscale;
        let mut events = Events::NONE;
        if self.flags & flag::SACK_OK != 0 && (!seg.options.sack.as_slice().is_empty() || self.board().is_some()) {
            let (una, max) = (ack.max(self.snd_una), self.snd_max);
            let board = self.ooo.get_or_insert_with(Box::default).board.get_or_insert_with(Default::default);
            board.update(una, max, seg.options.sack.as_slice());
            if board.is_empty() && self.flags & flag::RECOVERY == 0 {
                self.drop_board();
            }
        }
        if ack > self.snd_una {
            let acked = (ack - self.snd_una) as u32;
            stats.tcps_rcvackpack += 1;
            // Sequence numbers that are no bytes sent: the SYN (FreeBSD, and TRex after it,
            // take it off before counting) and the FIN (counted apart, `_of`): acked bytes
            // then equal the peer's received ones.
            let syn = u32::from(self.snd_una == self.iss);
            let fin = u32::from(self.fin_queued() && ack == self.data_end() + 1);
            stats.tcps_rcvackbyte += u64::from(acked - syn - fin);
            stats.tcps_rcvackbyte_of += u64::from(fin);
            if self.flags & flag::TIMING != 0 && ack >= self.rtt_seq {
                self.rtt.sample(now.saturating_sub(self.rtt_start), &cfg.rto);
                stats.tcps_rttupdated += 1;
                self.flags &= !flag::TIMING;
            }
            if cfg.congestion_control {
                self.grow_cwnd(now, cfg.cc, ack, acked, mss, u32::from(cfg.abc_limit.max(1)));
            } else if self.flags & flag::RECOVERY != 0 && ack < self.recover {
                self.flags |= flag::RETX_ONE;
            } else {
                self.flags &= !flag::RECOVERY;
            }
            if self.flags & flag::RECOVERY == 0 {
                self.dupacks = 0;
            }
            self.snd_una = ack;
            if self.snd_nxt < ack {
                self.snd_nxt = ack;
            }
            self.retries = 0;
            self.flags &= !(flag::PROBE | flag::PERSIST);
            self.timer = if self.snd_una == self.snd_max { 0 } else { now + self.rtt.rto_ns(&cfg.rto) };
            events.set(Events::ACKED);
            if self.fin_acked() {
                match self.state {
                    State::FinWait1 => {
                        self.state = State::FinWait2;
                        self.timer = now + cfg.fin_timeout_ns;
                    }
                    State::Closing => events.set(self.enter_time_wait(now, cfg)),
                    State::LastAck => {
                        self.enter_closed();
                        events.set(Events::CLOSED);
                        return events;
                    }
                    _ => {}
                }
            }
        } else if ack == self.snd_una
            && seg.payload.is_empty()
            && !seg.flags.contains(TcpFlags::FIN)
            && window == self.snd_wnd
            && self.snd_una != self.snd_max
        {
            stats.tcps_rcvdupack += 1;
            self.on_dupack(now, cfg.cc, mss, stats);
        }
        if self.snd_wl1 < seg.seq || (self.snd_wl1 == seg.seq && self.snd_wl2 <= ack) {
            self.snd_wnd = window;
            self.snd_wl1 = seg.seq;
            self.snd_wl2 = ack;
        }
        events
    }

    /// RFC 5681 §3.1 growth and RFC 6582 partial/full ACKs in recovery; congestion
    /// avoidance is the algorithm's ([`crate::cc`]).
    fn grow_cwnd(&mut self, now: u64, algo: CcAlgo, ack: Seq, acked: u32, mss: u32, abc: u32) {
        if self.flags & flag::RECOVERY != 0 {
            if ack >= self.recover {
                let flight = (self.snd_max - ack) as u32;
                self.cwnd = self.ssthresh.min(flight.max(mss) + mss);
                self.flags &= !(flag::RECOVERY | flag::RETX_HOLE);
                if self.board().is_some_and(|b| b.is_empty()) {
                    self.drop_board();
                }
            } else {
                // Partial ACK: retransmit the next hole, deflate by what was acknowledged.
                self.flags |= if self.board().is_some() { flag::RETX_HOLE } else { flag::RETX_ONE };
                self.cwnd = self.cwnd.saturating_sub(acked).saturating_add(mss).max(mss);
            }
        } else if self.cwnd < self.ssthresh {
            self.cwnd = self.cwnd.saturating_add(acked.min(mss * abc));
        } else {
            let (cwnd, srtt) = (self.cwnd, self.rtt.srtt_ns());
            self.cwnd = match algo {
                CcAlgo::NewReno => NewReno.on_ack(now, cwnd, acked, mss, srtt),
                CcAlgo::Cubic => self.cubic_mut().on_ack(now, cwnd, acked, mss, srtt),
            };
        }
    }

    /// The slow-start threshold after a congestion event at `now`: the algorithm's.
    fn ssthresh_at_loss(&mut self, now: u64, algo: CcAlgo, mss: u32) -> u32 {
        let (cwnd, flight) = (self.cwnd, self.flight());
        match algo {
            CcAlgo::NewReno => NewReno.on_congestion(now, cwnd, flight, mss),
            CcAlgo::Cubic => self.cubic_mut().on_congestion(now, cwnd, flight, mss),
        }
    }

    /// Cubic's state, made on first use (in the boxed extras beside the reassembly).
    fn cubic_mut(&mut self) -> &mut Cubic {
        self.ooo.get_or_insert_with(Box::default).cubic.get_or_insert_with(Cubic::default)
    }

    /// Cubic's state, when the connection runs Cubic and has had a congestion event or
    /// reached congestion avoidance.
    pub fn cubic(&self) -> Option<&Cubic> {
        self.ooo.as_ref().and_then(|o| o.cubic.as_ref())
    }

    fn on_dupack(&mut self, now: u64, algo: CcAlgo, mss: u32, stats: &mut TcpStats) {
        self.dupacks = self.dupacks.saturating_add(1);
        if self.flags & flag::RECOVERY != 0 {
            if self.cwnd != u32::MAX {
                self.cwnd = self.cwnd.saturating_add(mss);
            }
            // RFC 6675: each ACK of the recovery that reports more SACKed data lets the
            // next hole go (NewReno waits for the partial ACK, a round trip per hole).
            if self.board().is_some() {
                self.flags |= flag::RETX_HOLE;
            }
            return;
        }
        // With SACK (its recovery bundle, as FreeBSD's): early retransmit (RFC 5827) when
        // fewer than four segments are out and none is left to send: fewer dupacks can come.
        let mut threshold = 3;
        if self.flags & flag::SACK_OK != 0 && self.snd_max >= self.data_end() {
            let out = self.flight().div_ceil(mss.max(1));
            if out < 4 {
                threshold = out.saturating_sub(1).max(1);
            }
        }
        if u32::from(self.dupacks) == threshold && self.snd_una > self.recover {
            stats.tcps_sndfastrexmit += 1;
            self.recover = self.snd_max;
            self.flags |= flag::RECOVERY | flag::RETX_ONE;
            let una = self.snd_una;
            if let Some(b) = self.board_mut() {
                stats.tcps_sack_recovery_episode += 1;
                b.high_rxt = una;
            }
            if self.cwnd != u32::MAX {
                self.ssthresh = self.ssthresh_at_loss(now, algo, mss);
                self.cwnd = self.ssthresh + 3 * mss;
            }
        }
    }

    fn on_data(&mut self, seq: Seq, payload: &[u8], wnd: u32, stats: &mut TcpStats, deliver: &mut impl FnMut(&[u8])) {
        self.flags |= flag::ACK_NOW;
        let mut seq = seq;
        let mut data = payload;
        if seq < self.rcv_nxt {
            let skip = (self.rcv_nxt - seq) as usize;
            stats.tcps_rcvdupbyte += skip.min(data.len()) as u64;
            if skip >= data.len() {
                stats.tcps_rcvduppack += 1;
                return;
            }
            data = &data[skip..];
            seq = self.rcv_nxt;
        }
        let room = (wnd as usize).saturating_sub((seq - self.rcv_nxt) as usize);
        if data.len() > room {
            stats.tcps_rcvpackafterwin += 1;
            data = &data[..room];
        }
        if data.is_empty() {
            return;
        }
        if seq == self.rcv_nxt {
            stats.tcps_rcvpack += 1;
            stats.tcps_rcvbyte += data.len() as u64;
            deliver(data);
            self.rcv_nxt += data.len() as u32;
            if let Some(ooo) = &mut self.ooo {
                let before = self.rcv_nxt;
                self.rcv_nxt = ooo.drain(self.rcv_nxt, deliver);
                stats.tcps_rcvbyte += (self.rcv_nxt - before) as u64;
                if ooo.is_empty() {
                    self.ooo = None;
                }
            }
        } else {
            stats.tcps_rcvoopack += 1;
            stats.tcps_rcvoobyte += data.len() as u64;
            self.acks_owed = self.acks_owed.saturating_add(1).min(8);
            self.ooo.get_or_insert_with(Box::default).insert(seq, data);
        }
    }

    fn on_fin(&mut self, now: u64, cfg: &TcpConfig) -> Events {
        self.rcv_nxt += 1;
        self.flags |= flag::ACK_NOW;
        let mut events = Events::PEER_FIN;
        match self.state {
            State::SynReceived | State::Established => self.state = State::CloseWait,
            State::FinWait1 if self.fin_acked() => events.set(self.enter_time_wait(now, cfg)),
            State::FinWait1 => self.state = State::Closing,
            State::FinWait2 => events.set(self.enter_time_wait(now, cfg)),
            State::TimeWait => self.timer = now + cfg.time_wait_ns.max(1),
            _ => {}
        }
        events
    }

    fn enter_time_wait(&mut self, now: u64, cfg: &TcpConfig) -> Events {
        self.ooo = None;
        self.flags &= !(flag::TIMING | flag::RECOVERY | flag::RETX_ONE);
        if cfg.time_wait_ns == 0 {
            // No timer: the next poll_transmit sends the final ACK (when one is owed) and
            // closes. A timer due at once could fire before the ACK went out.
            self.state = State::TimeWait;
            self.timer = 0;
            return Events::TIME_WAIT;
        }
        self.state = State::TimeWait;
        self.timer = now + cfg.time_wait_ns;
        Events::TIME_WAIT
    }

    // ---------------------------------------------------------------- timers

    /// The timer fired (call when `now` reaches [`Connection::poll_timeout`]).
    pub fn handle_timeout(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Events {
        let events = self.timeout(now, cfg, stats);
        self.note_idle();
        events
    }

    fn timeout(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Events {
        if self.delack_at != 0 && now >= self.delack_at {
            self.delack_at = 0;
            self.rx_count = 0;
            self.flags |= flag::ACK_NOW;
        }
        if self.timer == 0 || now < self.timer {
            return Events::NONE;
        }
        self.timer = 0;
        match self.state {
            State::Closed => Events::NONE,
            State::TimeWait | State::FinWait2 => {
                self.enter_closed();
                Events::CLOSED
            }
            State::SynSent | State::SynReceived => {
                self.retries += 1;
                if self.retries > cfg.syn_retries {
                    stats.tcps_conndrops += 1;
                    stats.tcps_timeoutdrop += 1;
                    self.enter_closed();
                    return Events::TIMED_OUT | Events::CLOSED;
                }
                stats.tcps_rexmttimeo += 1;
                self.rtt.back_off();
                self.flags &= !flag::TIMING;
                self.snd_nxt = self.iss;
                Events::NONE
            }
            _ if self.snd_una != self.snd_max => {
                self.retries += 1;
                if self.retries > cfg.data_retries {
                    stats.tcps_drops += 1;
                    stats.tcps_timeoutdrop += 1;
                    self.flags |= flag::RST_NOW;
                    return Events::TIMED_OUT;
                }
                stats.tcps_rexmttimeo += 1;
                let mss = u32::from(self.mss);
                if self.cwnd != u32::MAX {
                    self.ssthresh = self.ssthresh_at_loss(now, cfg.cc, mss);
                    self.cwnd = mss;
                }
                self.recover = self.snd_max;
                self.snd_nxt = self.snd_una;
                self.dupacks = 0;
                self.flags &= !(flag::TIMING | flag::RECOVERY | flag::RETX_HOLE);
                // After a timeout everything from SND.UNA goes again (RFC 6675 §5.1).
                self.drop_board();
                // The earliest segment goes again whatever the windows say (a lost window
                // probe included).
                self.flags |= flag::RETX_ONE;
                self.rtt.back_off();
                Events::NONE
            }
            _ if self.flags & flag::PERSIST != 0 => {
                stats.tcps_persisttimeo += 1;
                self.flags |= flag::PROBE;
                self.flags &= !flag::PERSIST;
                self.rtt.back_off();
                Events::NONE
            }
            _ => Events::NONE,
        }
    }

    // ---------------------------------------------------------------- output

    /// The next segment to send, if any; call until `None` after every input.
    pub fn poll_transmit(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Option<Transmit> {
        let seg = if self.flags & flag::ACK_FIRST != 0 {
            self.flags &= !flag::ACK_FIRST;
            match self.state {
                State::Closed | State::SynSent | State::SynReceived => self.poll_transmit_inner(now, cfg, stats),
                _ => match self.pure_ack(now, cfg, stats) {
                    Some(ack) => Some(ack),
                    None => self.poll_transmit_inner(now, cfg, stats),
                },
            }
        } else {
            self.poll_transmit_inner(now, cfg, stats)
        };
        if let Some(s) = &seg {
            stats.tcps_sndtotal += 1;
            if s.flags.contains(TcpFlags::ACK) {
                // Whatever carries an ACK carries the delayed one.
                self.delack_at = 0;
            }
        }
        seg
    }

    fn poll_transmit_inner(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Option<Transmit> {
        if self.flags & flag::RST_REPLY != 0 {
            self.flags &= !flag::RST_REPLY;
            stats.tcps_sndrst += 1;
            Some(self.header(now, cfg, self.rtt_seq, TcpFlags::RST, 0, 0))
        } else if self.flags & flag::RST_NOW != 0 {
            self.flags &= !flag::RST_NOW;
            stats.tcps_sndrst += 1;
            let seg = self.header(now, cfg, self.snd_nxt, TcpFlags::RST | TcpFlags::ACK, 0, 0);
            self.enter_closed();
            Some(seg)
        } else {
            self.transmit_by_state(now, cfg, stats)
        }
    }

    fn transmit_by_state(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Option<Transmit> {
        match self.state {
            State::Closed => None,
            State::SynSent | State::SynReceived if self.snd_nxt == self.iss => Some(self.transmit_syn(now, cfg, stats)),
            State::SynSent => None,
            State::SynReceived => self.pure_ack(now, cfg, stats),
            State::TimeWait => {
                let ack = self.pure_ack(now, cfg, stats);
                if cfg.time_wait_ns == 0 {
                    self.enter_closed();
                }
                ack
            }
            _ => self.transmit_data(now, cfg, stats),
        }
    }

    fn window_field(&self, cfg: &TcpConfig) -> u16 {
        (self.rcv_window(cfg) >> self.rcv_wscale).min(0xFFFF) as u16
    }

    fn header(
        &self,
        now: u64,
        cfg: &TcpConfig,
        seq: Seq,
        flags: TcpFlags,
        data_offset: u32,
        data_len: u32,
    ) -> Transmit {
        let mut options = TcpOptions::NONE;
        if self.flags & flag::TS_OK != 0 {
            options.timestamp = Some((ts_clock(now, cfg.ts_tick_ns), self.ts_recent));
        }
        let ack = if flags.contains(TcpFlags::ACK) { self.rcv_nxt } else { Seq(0) };
        Transmit { seq, ack, flags, window: 0, options, data_offset, data_len }
    }

    fn transmit_syn(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Transmit {
        let passive = self.state == State::SynReceived;
        let flags = if passive { TcpFlags::SYN | TcpFlags::ACK } else { TcpFlags::SYN };
        let mut seg = self.header(now, cfg, self.iss, flags, 0, 0);
        seg.window = cfg.rcv_wnd.min(0xFFFF) as u16;
        seg.options.mss = Some(cfg.mss);
        if passive {
            if self.flags & flag::WS_OK != 0 {
                seg.options.window_scale = Some(self.rcv_wscale);
            }
            seg.options.sack_permitted = self.flags & flag::SACK_OK != 0;
        } else {
            if cfg.window_scaling {
                seg.options.window_scale = Some(cfg.window_shift());
            }
            seg.options.sack_permitted = cfg.sack;
            if cfg.timestamps {
                seg.options.timestamp = Some((ts_clock(now, cfg.ts_tick_ns), 0));
            }
        }
        self.snd_nxt = self.iss + 1;
        self.snd_max = self.snd_max.max(self.snd_nxt);
        if self.retries == 0 && self.flags & flag::TIMING == 0 {
            self.flags |= flag::TIMING;
            self.rtt_seq = self.snd_nxt;
            self.rtt_start = now;
        }
        if self.timer == 0 {
            self.arm(now, cfg);
        }
        self.flags &= !flag::ACK_NOW;
        stats.tcps_sndctrl += 1;
        seg
    }

    fn pure_ack(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Option<Transmit> {
        if self.flags & flag::ACK_NOW == 0 {
            return None;
        }
        if self.acks_owed > 1 {
            self.acks_owed -= 1;
        } else {
            self.acks_owed = 0;
            self.flags &= !flag::ACK_NOW;
        }
        stats.tcps_sndacks += 1;
        // SND.MAX, not SND.NXT: after a timeout SND.NXT is back at SND.UNA, and an ACK
        // numbered there would fall before what the peer already received (BSD does this).
        let mut seg = self.header(now, cfg, self.snd_max, TcpFlags::ACK, 0, 0);
        seg.window = self.window_field(cfg);
        if self.flags & flag::SACK_OK != 0 {
            if let Some(ooo) = &self.ooo {
                let max = if self.flags & flag::TS_OK != 0 { 3 } else { 4 };
                seg.options.sack = ooo.sack_blocks(max);
            }
        }
        Some(seg)
    }

    fn transmit_data(&mut self, now: u64, cfg: &TcpConfig, stats: &mut TcpStats) -> Option<Transmit> {
        let data_end = self.send_end(cfg);
        let mss = u32::from(self.mss);
        if self.flags & flag::RETX_ONE != 0 {
            self.flags &= !flag::RETX_ONE;
            if self.snd_una < self.snd_max {
                let len = self.data_len_at(self.snd_una, mss.min(self.snd_wnd.max(1)));
                let end = self.snd_una + len;
                if let Some(b) = self.board_mut() {
                    b.high_rxt = b.high_rxt.max(end);
                }
                return Some(self.emit_at(now, self.snd_una, len, cfg, stats));
            }
        }
        if self.flags & flag::RETX_HOLE != 0 {
            self.flags &= !flag::RETX_HOLE;
            let hole = self.board().and_then(|b| b.next_hole(self.snd_una, mss));
            if let Some((seq, max)) = hole {
                let len = self.data_len_at(seq, max);
                if len > 0 {
                    if let Some(b) = self.board_mut() {
                        b.high_rxt = seq + len;
                    }
                    stats.tcps_sack_rexmits += 1;
                    return Some(self.emit_at(now, seq, len, cfg, stats));
                }
            }
        }
        if self.snd_nxt < data_end {
            // Limited transmit (RFC 3042, with SACK): each of the first two duplicate ACKs
            // lets one new segment go beyond the congestion window, so that a small window
            // still draws the three duplicates a fast retransmit needs.
            let extra = if self.flags & (flag::SACK_OK | flag::RECOVERY) == flag::SACK_OK && self.dupacks < 3 {
                u32::from(self.dupacks) * mss
            } else {
                0
            };
            let wnd = self.snd_wnd.min(self.cwnd.saturating_add(extra));
            let in_flight = (self.snd_nxt - self.snd_una) as u32;
            let usable = wnd.saturating_sub(in_flight);
            let avail = (data_end - self.snd_nxt) as u32;
            let mut len = avail.min(mss).min(usable);
            if len == 0 && self.flags & flag::PROBE != 0 {
                self.flags &= !flag::PROBE;
                stats.tcps_sndprobe += 1;
                len = 1;
            }
            // Sender-side silly window avoidance (RFC 9293 §3.8.6.2.1): a full segment, the
            // end of the data, nothing in flight, or at least half the peer's window.
            let tail_may_go = !cfg.nagle || self.flags & flag::IDLE_OUT != 0;
            if len > 0 && (len == mss || (len == avail && tail_may_go) || in_flight == 0 || 2 * len >= self.snd_wnd) {
                let seq = self.snd_nxt;
                return Some(self.emit_at(now, seq, len, cfg, stats));
            }
            if usable == 0 && self.snd_una == self.snd_max && self.timer == 0 {
                self.flags |= flag::PERSIST;
                self.arm(now, cfg);
            }
        } else if self.fin_queued() && self.snd_nxt == self.data_end() {
            return Some(self.emit_at(now, data_end, 0, cfg, stats));
        }
        self.pure_ack(now, cfg, stats)
    }

    /// Payload bytes a segment starting at `seq` carries, at most `max`.
    fn data_len_at(&self, seq: Seq, max: u32) -> u32 {
        let data_end = self.data_end();
        if seq >= data_end {
            0
        } else {
            ((data_end - seq) as u32).min(max)
        }
    }

    /// Sends `len` bytes from `seq` (plus the FIN when they reach the end of a closed stream).
    fn emit_at(&mut self, now: u64, seq: Seq, len: u32, cfg: &TcpConfig, stats: &mut TcpStats) -> Transmit {
        let end = seq + len;
        let fin = self.fin_queued() && end == self.data_end();
        let mut flags = TcpFlags::ACK;
        if fin {
            flags |= TcpFlags::FIN;
        }
        if len > 0 && end == self.send_end(cfg) {
            flags |= TcpFlags::PSH;
        }
        let offset = if len > 0 { (seq - (self.iss + 1)) as u32 } else { 0 };
        let mut seg = self.header(now, cfg, seq, flags, offset, len);
        seg.window = self.window_field(cfg);
        let next = end + u32::from(fin);
        let retransmission = seq < self.snd_max;
        if retransmission {
            if len > 0 {
                stats.tcps_sndrexmitpack += 1;
                stats.tcps_sndrexmitbyte += u64::from(len);
            } else {
                stats.tcps_sndctrl += 1;
            }
            if self.flags & flag::TIMING != 0 && self.rtt_seq > seq {
                // Karn: no sample from a range that was sent twice.
                self.flags &= !flag::TIMING;
            }
        } else {
            if len > 0 {
                stats.tcps_sndpack += 1;
                stats.tcps_sndbyte += u64::from(len);
            } else {
                stats.tcps_sndctrl += 1;
            }
            if self.flags & flag::TIMING == 0 {
                self.flags |= flag::TIMING;
                self.rtt_seq = next;
                self.rtt_start = now;
            }
        }
        self.snd_nxt = self.snd_nxt.max(next);
        self.snd_max = self.snd_max.max(next);
        if self.timer == 0 || self.flags & flag::PERSIST != 0 {
            self.flags &= !flag::PERSIST;
            self.arm(now, cfg);
        }
        self.flags &= !flag::ACK_NOW;
        seg
    }
}

/// The timestamp clock: milliseconds (RFC 7323 §5.4 allows 1 ms to 1 s per tick).
/// The timestamp clock in milliseconds: `now`'s, or with `tick_ns` above a millisecond
/// one that advances once per tick, the tick at `now` counted (TRex's stack reads a
/// counter its timer wheel advances from its tick at 0; its simulator's timestamps
/// depend on it).
fn ts_clock(now: u64, tick_ns: u64) -> u32 {
    if tick_ns > 1_000_000 {
        return ((now / tick_ns + 1) * (tick_ns / 1_000_000)) as u32;
    }
    (now / 1_000_000) as u32
}
