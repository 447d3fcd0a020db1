//! Programs per connection, as TRex ASTF's: what a client or a server does on one
//! connection, step by step: `send` bytes, `recv` a count or up to a delimiter or one
//! HTTP message, `delay`, `close` (FIN) or `reset` (RST), and loops.
//!
//! A program is compiled once ([`Program::compile`]) and shared by every connection that
//! runs it; a connection keeps only its place in it ([`Cursor`], 16 bytes). Loops are
//! unrolled at compile time, so the send stream of every connection running the program
//! is the same byte sequence: the concatenation of its `send` steps. A retransmission
//! reads the same bytes again through [`Program::fill`], and nothing is buffered per
//! connection.
//!
//! Receiving runs on its own cursor: arriving bytes fill the `recv` steps in order,
//! whatever step the program has reached (bytes that arrive during a `delay` count for
//! the next `recv`), and the program waits at a `recv` step until the bytes have filled it.

use std::sync::Arc;

/// Where a `send` step's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    /// These bytes.
    Bytes(Arc<[u8]>),
    /// `len` bytes of a fixed pattern: byte `k` of the step is `k as u8`.
    Fill(u32),
}

impl Payload {
    /// Its length in bytes.
    pub(crate) fn len(&self) -> u32 {
        match self {
            Payload::Bytes(b) => b.len() as u32,
            Payload::Fill(n) => *n,
        }
    }

    /// Writes its bytes from `skip` into `out` (`out` no longer than what is left).
    pub(crate) fn copy_to(&self, skip: usize, out: &mut [u8]) {
        match self {
            Payload::Bytes(b) => out.copy_from_slice(&b[skip..skip + out.len()]),
            Payload::Fill(_) => {
                for (i, byte) in out.iter_mut().enumerate() {
                    *byte = (skip + i) as u8;
                }
            }
        }
    }
}

/// What a `recv` step waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recv {
    /// Exactly this many bytes.
    Bytes(u32),
    /// Bytes up to and including this delimiter (`"\r\n\r\n"` for an HTTP header).
    Until(Arc<[u8]>),
    /// One HTTP/1.1 message: the header up to its blank line, then `Content-Length` bytes
    /// (a message without Content-Length ends at its header).
    Http,
    /// Exactly these bytes: each one that differs is counted (a content check).
    Expect(Payload),
}

/// One step of a program as written (loops not yet unrolled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Queue bytes on the connection.
    Send(Payload),
    /// Wait for bytes from the peer.
    Recv(Recv),
    /// Wait this long (nanoseconds).
    Delay(u64),
    /// Wait a time drawn from `min..=max` nanoseconds, per connection and step (TRex ASTF's
    /// `delay_rand`).
    DelayRand {
        /// The shortest wait.
        min: u64,
        /// The longest wait.
        max: u64,
    },
    /// Close the send direction (FIN); the program ends.
    Close,
    /// Reset the connection (RST); the program ends.
    Reset,
    /// Wait until the peer closes, then close (TRex ASTF's `wait_for_peer_close`).
    WaitPeerClose,
    /// Wait until the peer has acknowledged every byte sent, the SYN too (TRex ASTF's
    /// blocking `send`: the command ends when its buffer has drained; first in a client's
    /// program, TRex's `connect()`: the handshake is done).
    WaitAcked,
    /// Send one datagram (TRex ASTF's `send_msg`: a UDP program).
    SendMsg(Payload),
    /// Wait until this many more datagrams have arrived (TRex's `recv_msg`, as its server
    /// reads the running total: datagrams that came early count).
    RecvMsgs(u32),
    /// The flow ends when nothing has been sent or received for this long (TRex's
    /// `set_keepalive_msg`; `rx_only`: only arrivals count, its `rx_mode`). A UDP flow's
    /// default is 1 s.
    Keepalive {
        /// Idle time, ns.
        ns: u64,
        /// Whether only arrivals keep the flow.
        rx_only: bool,
    },
    /// Run these steps `times` times.
    Loop {
        /// How many times.
        times: u32,
        /// The body.
        steps: Vec<Step>,
    },
}

/// A step after compilation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Send(u32),
    Recv(u32),
    Delay(u64),
    DelayRand(u64, u64),
    Close,
    Reset,
    WaitPeerClose,
    WaitAcked,
    /// A datagram: the index of its payload in `sends`.
    SendMsg(u32),
    RecvMsgs(u32),
    Keepalive(u64, bool),
}

/// Why a program was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// The program, loops unrolled, is too long.
    #[error("the program unrolls to more than {max} steps (loops multiply their bodies)")]
    TooLong {
        /// The limit.
        max: usize,
    },
    /// The send stream passes 4 GiB.
    #[error("the program sends more than 4 GiB on one connection")]
    TooMuchData,
    /// A `recv` until an empty delimiter, or of 0 bytes.
    #[error("step {index}: a recv must wait for at least one byte (a count above 0 or a non-empty delimiter)")]
    EmptyRecv {
        /// The step (0-based, as written).
        index: usize,
    },
    /// A step after `close` or `reset`.
    #[error("step {index}: nothing can follow close or reset")]
    AfterEnd {
        /// The step.
        index: usize,
    },
    /// A machine program's instruction that cannot run.
    #[error("instruction {index}: {why}")]
    BadInstruction {
        /// The instruction.
        index: usize,
        /// What is wrong.
        why: String,
    },
    /// Stream steps (`send`, `recv`, ...) and datagram steps (`send_msg`, `recv_msg`,
    /// `keepalive`) in one program.
    #[error("step {index}: a program is TCP (send, recv) or UDP (send_msg, recv_msg), not both")]
    Mixed {
        /// The step.
        index: usize,
    },
}

/// The most steps a program may unroll to.
pub const MAX_OPS: usize = 1 << 20;

/// A compiled program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    ops: Vec<Op>,
    /// The `send` payloads in stream order, each with its first offset.
    sends: Vec<(u32, Payload)>,
    /// The `recv` steps in order.
    recvs: Vec<Recv>,
    /// Bytes the program sends in all.
    send_len: u32,
    /// A UDP program (datagram steps), else TCP.
    datagram: bool,
    /// TLS under the program: its bytes are the plaintext ([`crate::tls`]).
    tls: Option<crate::tls::TlsSpec>,
    /// A program that decides as it runs ([`crate::machine`]): its instructions, the
    /// payloads its sends name in `sends` (empty for an unrolled program).
    code: Vec<crate::instr::Instr>,
}

impl Program {
    /// Unrolls and checks `steps`.
    pub fn compile(steps: &[Step]) -> Result<Program, ProgramError> {
        let mut program = Program {
            ops: Vec::new(),
            sends: Vec::new(),
            recvs: Vec::new(),
            send_len: 0,
            datagram: false,
            tls: None,
            code: Vec::new(),
        };
        let mut offset = 0u64;
        let (mut stream, mut datagram) = (None, None);
        for (index, step) in steps.iter().enumerate() {
            if matches!(program.ops.last(), Some(Op::Close | Op::Reset)) {
                return Err(ProgramError::AfterEnd { index });
            }
            let before = program.ops.len();
            program.unroll(step, index, &mut offset)?;
            for op in &program.ops[before..] {
                match op {
                    Op::Send(_) | Op::Recv(_) | Op::Reset | Op::WaitPeerClose | Op::WaitAcked => {
                        stream.get_or_insert(index);
                    }
                    Op::SendMsg(_) | Op::RecvMsgs(_) | Op::Keepalive(..) => {
                        datagram.get_or_insert(index);
                    }
                    Op::Delay(_) | Op::DelayRand(..) | Op::Close => {}
                }
            }
            if let (Some(a), Some(b)) = (stream, datagram) {
                return Err(ProgramError::Mixed { index: a.max(b) });
            }
        }
        program.send_len = offset as u32;
        program.datagram = datagram.is_some();
        Ok(program)
    }

    /// A program of instructions run by each connection's [`crate::machine::Machine`]
    /// (a TCP program): its sends name `payloads` by index.
    pub fn machine(code: Vec<crate::instr::Instr>, payloads: Vec<Payload>) -> Result<Program, ProgramError> {
        use crate::instr::{Instr, VARS};
        for (index, instr) in code.iter().enumerate() {
            let var = match instr {
                Instr::SetVar(v, _)
                | Instr::AddVar(v, _)
                | Instr::SetTick(v)
                | Instr::AddTick(v, _)
                | Instr::JmpNz { var: v, .. }
                | Instr::JmpDp { var: v, .. }
                | Instr::JmpCmp { var: v, .. } => Some(*v),
                _ => None,
            };
            let bad = match instr {
                Instr::Send(i) if *i as usize >= payloads.len() => Some(format!("no payload {i}")),
                Instr::JmpNz { to, .. } | Instr::JmpDp { to, .. } | Instr::JmpCmp { to, .. }
                    if *to as usize > code.len() =>
                {
                    Some(format!("jumps to {to}, past the end"))
                }
                _ if var.is_some_and(|v| usize::from(v) >= VARS) => Some(format!("variables are 0..{}", VARS - 1)),
                _ => None,
            };
            if let Some(why) = bad {
                return Err(ProgramError::BadInstruction { index, why });
            }
        }
        if code.len() > MAX_OPS {
            return Err(ProgramError::TooLong { max: MAX_OPS });
        }
        Ok(Program {
            ops: Vec::new(),
            sends: payloads.into_iter().map(|p| (0, p)).collect(),
            recvs: Vec::new(),
            send_len: 0,
            datagram: false,
            tls: None,
            code,
        })
    }

    /// Whether connections run this program on a [`crate::machine::Machine`].
    pub fn is_machine(&self) -> bool {
        !self.code.is_empty()
    }

    /// A machine program's instructions (empty for an unrolled program).
    pub(crate) fn code(&self) -> &[crate::instr::Instr] {
        &self.code
    }

    /// A machine program's payload `i`.
    pub(crate) fn payload(&self, i: u32) -> Option<&Payload> {
        self.sends.get(i as usize).map(|(_, p)| p)
    }

    /// The program over TLS (`spec`'s side).
    pub fn with_tls(mut self, spec: crate::tls::TlsSpec) -> Program {
        self.tls = Some(spec);
        self
    }

    /// The TLS under the program, if any.
    pub fn tls(&self) -> Option<&crate::tls::TlsSpec> {
        self.tls.as_ref()
    }

    /// Whether this is a UDP program (`send_msg`, `recv_msg`), run on UDP flows.
    pub fn is_datagram(&self) -> bool {
        self.datagram
    }

    /// Writes datagram `i`'s payload into `out` (its length).
    pub(crate) fn fill_message(&self, i: u32, out: &mut [u8]) {
        match self.message(i) {
            Some(Payload::Bytes(b)) => {
                let n = out.len().min(b.len());
                out[..n].copy_from_slice(&b[..n]);
            }
            Some(Payload::Fill(_)) => {
                for (k, byte) in out.iter_mut().enumerate() {
                    *byte = k as u8;
                }
            }
            None => out.fill(0),
        }
    }

    /// Datagram `i`'s payload (a UDP program's `send_msg` steps, in order).
    pub(crate) fn message(&self, i: u32) -> Option<&Payload> {
        self.sends.get(i as usize).map(|(_, p)| p)
    }

    fn unroll(&mut self, step: &Step, index: usize, offset: &mut u64) -> Result<(), ProgramError> {
        if self.ops.len() >= MAX_OPS {
            return Err(ProgramError::TooLong { max: MAX_OPS });
        }
        match step {
            Step::Send(payload) => {
                if payload.len() == 0 {
                    return Ok(());
                }
                self.sends.push((*offset as u32, payload.clone()));
                *offset += u64::from(payload.len());
                if *offset >= u64::from(u32::MAX) {
                    return Err(ProgramError::TooMuchData);
                }
                self.ops.push(Op::Send(payload.len()));
            }
            Step::Recv(recv) => {
                match recv {
                    Recv::Bytes(0) => return Err(ProgramError::EmptyRecv { index }),
                    Recv::Until(d) if d.is_empty() => return Err(ProgramError::EmptyRecv { index }),
                    Recv::Expect(p) if p.len() == 0 => return Err(ProgramError::EmptyRecv { index }),
                    _ => {}
                }
                self.ops.push(Op::Recv(self.recvs.len() as u32));
                self.recvs.push(recv.clone());
            }
            Step::Delay(ns) => self.ops.push(Op::Delay(*ns)),
            Step::DelayRand { min, max } => self.ops.push(Op::DelayRand(*min.min(max), *max.max(min))),
            Step::Close => self.ops.push(Op::Close),
            Step::Reset => self.ops.push(Op::Reset),
            Step::WaitPeerClose => self.ops.push(Op::WaitPeerClose),
            Step::WaitAcked => self.ops.push(Op::WaitAcked),
            Step::SendMsg(payload) => {
                self.ops.push(Op::SendMsg(self.sends.len() as u32));
                self.sends.push((*offset as u32, payload.clone()));
                *offset += u64::from(payload.len());
                if *offset >= u64::from(u32::MAX) {
                    return Err(ProgramError::TooMuchData);
                }
            }
            Step::RecvMsgs(n) => self.ops.push(Op::RecvMsgs(*n)),
            Step::Keepalive { ns, rx_only } => self.ops.push(Op::Keepalive(*ns, *rx_only)),
            Step::Loop { times, steps } => {
                for _ in 0..*times {
                    for s in steps {
                        if matches!(self.ops.last(), Some(Op::Close | Op::Reset)) {
                            return Err(ProgramError::AfterEnd { index });
                        }
                        self.unroll(s, index, offset)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Bytes the program sends on each connection.
    pub fn send_len(&self) -> u32 {
        self.send_len
    }

    /// Bytes the program's counted `recv` steps expect, when all are counts.
    pub fn recv_len(&self) -> Option<u64> {
        self.recvs.iter().map(|r| if let Recv::Bytes(n) = r { Some(u64::from(*n)) } else { None }).sum()
    }

    /// Writes the send stream's bytes from `offset` into `out`.
    pub fn fill(&self, offset: u32, out: &mut [u8]) {
        let mut at = self.sends.partition_point(|(start, _)| *start <= offset).saturating_sub(1);
        let mut offset = offset;
        let mut written = 0;
        while written < out.len() {
            let Some((start, payload)) = self.sends.get(at) else {
                out[written..].fill(0);
                return;
            };
            let skip = (offset - start) as usize;
            let n = (payload.len() as usize - skip).min(out.len() - written);
            payload.copy_to(skip, &mut out[written..written + n]);
            written += n;
            offset += n as u32;
            at += 1;
        }
    }
}

/// What the program asks of its connection after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Queue this many bytes.
    Send(u32),
    /// Close (FIN).
    Close,
    /// Close (FIN) once the peer has closed, after a `wait_for_peer_close` (BSD sends the
    /// ACK of the peer's FIN first, then this FIN).
    CloseAfterPeer,
    /// Reset (RST).
    Reset,
}

/// One connection's place in its program (16 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    /// The next op to run.
    pc: u32,
    /// The `recv` step arriving bytes fill.
    rx: u32,
    /// Progress in that step (bytes, or delimiter bytes matched).
    progress: u32,
    /// HTTP: 0 header, else the body bytes still to come + 1; other kinds unused.
    aux: u32,
}

/// Where the program stands after [`Cursor::run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Waiting for bytes.
    Receiving,
    /// Waiting for the peer to close (no timeout: the peer decides).
    AwaitingPeerClose,
    /// Waiting for the peer to acknowledge what was sent (the connection's own timers
    /// decide how long).
    AwaitingAcks,
    /// Waiting until this time (a `delay`).
    Delaying(u64),
    /// Waiting a time the caller draws from `min..max` ns (a `delay_rand`); call again
    /// with `delay_over` when it is over.
    DelayingRand(u64, u64),
    /// The program has ended (closed or reset).
    Done,
}

const HTTP_CL: &[u8] = b"\r\ncontent-length:";

/// A `delay` step reached: the status it waits with, or `None` when this run is the
/// wake-up that ends it (`delay_over`, taken).
pub(crate) fn waits(status: Status, delay_over: &mut bool) -> Option<Status> {
    if std::mem::take(delay_over) {
        None
    } else {
        Some(status)
    }
}

/// What a UDP program asks of its flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsgAction {
    /// Send the program's datagram `i` (its `send_msg` steps, in order).
    Send(u32),
    /// Keep the flow while something moves within this many ns (`true`: arrivals only).
    Keepalive(u64, bool),
}

/// A UDP flow's place in its program (TRex's `CEmulApp` on a UDP flow): datagrams that
/// arrive count towards the `recv_msg` being waited for, or the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MsgCursor {
    pc: u32,
    /// Datagrams arrived and not yet taken by a `recv_msg`.
    rx: u32,
}

impl MsgCursor {
    /// Counts an arriving datagram.
    pub fn receive(&mut self) {
        self.rx = self.rx.saturating_add(1);
    }

    /// Runs until the program waits or ends, as [`Cursor::run`] does.
    pub fn run(&mut self, program: &Program, now: u64, delay_over: bool, act: &mut impl FnMut(MsgAction)) -> Status {
        let mut delay_over = delay_over;
        loop {
            let Some(op) = program.ops.get(self.pc as usize) else {
                self.pc = u32::MAX;
                return Status::Done;
            };
            match op {
                Op::SendMsg(i) => act(MsgAction::Send(*i)),
                Op::RecvMsgs(n) => {
                    if self.rx < *n {
                        return Status::Receiving;
                    }
                    self.rx -= n;
                }
                Op::Keepalive(ns, rx_only) => act(MsgAction::Keepalive(*ns, *rx_only)),
                Op::Delay(ns) => {
                    if let Some(wait) = waits(Status::Delaying(now + ns), &mut delay_over) {
                        return wait;
                    }
                }
                Op::DelayRand(min, max) => {
                    if let Some(wait) = waits(Status::DelayingRand(*min, *max), &mut delay_over) {
                        return wait;
                    }
                }
                Op::Close => {
                    self.pc = u32::MAX;
                    return Status::Done;
                }
                // A TCP program's steps: a UDP flow never runs one.
                Op::Send(_) | Op::Recv(_) | Op::Reset | Op::WaitPeerClose | Op::WaitAcked => {}
            }
            self.pc += 1;
        }
    }

    /// Whether the program has ended.
    pub fn is_done(&self) -> bool {
        self.pc == u32::MAX
    }
}

impl Cursor {
    /// Runs from the current step until the program waits or ends, passing each
    /// action to `act`. A `delay` reached at `now` asks to be woken at `now + ns`: call
    /// again then with `delay_over`. `peer_closed`: the peer's FIN has arrived; `acked`:
    /// the peer has acknowledged every byte sent so far.
    pub fn run(
        &mut self,
        program: &Program,
        now: u64,
        delay_over: bool,
        peer_closed: bool,
        acked: bool,
        act: &mut impl FnMut(Action),
    ) -> Status {
        let mut delay_over = delay_over;
        let mut acked = acked;
        let close = |pc: u32| {
            if pc > 0 && matches!(program.ops.get(pc as usize - 1), Some(Op::WaitPeerClose)) {
                Action::CloseAfterPeer
            } else {
                Action::Close
            }
        };
        loop {
            let Some(op) = program.ops.get(self.pc as usize) else {
                act(close(self.pc));
                self.pc = u32::MAX;
                return Status::Done;
            };
            match op {
                Op::Send(n) => {
                    act(Action::Send(*n));
                    acked = false;
                }
                Op::Recv(i) => {
                    if self.rx <= *i {
                        return Status::Receiving;
                    }
                }
                Op::Delay(ns) => {
                    if let Some(wait) = waits(Status::Delaying(now + ns), &mut delay_over) {
                        return wait;
                    }
                }
                Op::DelayRand(min, max) => {
                    // The caller draws (its generator, its unit).
                    if let Some(wait) = waits(Status::DelayingRand(*min, *max), &mut delay_over) {
                        return wait;
                    }
                }
                Op::Close => {
                    act(close(self.pc));
                    self.pc = u32::MAX;
                    return Status::Done;
                }
                Op::Reset => {
                    act(Action::Reset);
                    self.pc = u32::MAX;
                    return Status::Done;
                }
                Op::WaitPeerClose => {
                    if !peer_closed {
                        return Status::AwaitingPeerClose;
                    }
                }
                Op::WaitAcked => {
                    // Sends before this step were just queued: wait for their ACKs.
                    if !acked {
                        return Status::AwaitingAcks;
                    }
                }
                // A UDP program's steps: a connection never runs one (`MsgCursor` does).
                Op::SendMsg(_) | Op::RecvMsgs(_) | Op::Keepalive(..) => {}
            }
            self.pc += 1;
        }
    }

    /// Whether the program has ended.
    pub fn is_done(&self) -> bool {
        self.pc == u32::MAX
    }

    /// Whether every `recv` step has been filled.
    pub fn received_all(&self, program: &Program) -> bool {
        self.rx as usize >= program.recvs.len()
    }

    /// Feeds arriving bytes to the `recv` steps; returns the bytes no step wanted.
    pub fn receive(&mut self, program: &Program, data: &[u8]) -> usize {
        self.receive_checked(program, data).0
    }

    /// As [`Cursor::receive`], and also counts the bytes that differ from an `expect`
    /// step's: `(unwanted, wrong)`.
    pub fn receive_checked(&mut self, program: &Program, mut data: &[u8]) -> (usize, usize) {
        let mut wrong = 0;
        while !data.is_empty() {
            let Some(recv) = program.recvs.get(self.rx as usize) else { return (data.len(), wrong) };
            let used = match recv {
                Recv::Bytes(n) => {
                    let take = ((n - self.progress) as usize).min(data.len());
                    self.progress += take as u32;
                    if self.progress == *n {
                        self.next_recv();
                    }
                    take
                }
                Recv::Until(delimiter) => self.scan_delimiter(delimiter, data),
                Recv::Http => self.scan_http(data),
                Recv::Expect(payload) => {
                    let n = payload.len();
                    let take = ((n - self.progress) as usize).min(data.len());
                    let at = self.progress as usize;
                    wrong += match payload {
                        Payload::Bytes(b) => b[at..at + take].iter().zip(data).filter(|(a, b)| a != b).count(),
                        Payload::Fill(_) => {
                            data[..take].iter().enumerate().filter(|(i, b)| **b != (at + i) as u8).count()
                        }
                    };
                    self.progress += take as u32;
                    if self.progress == n {
                        self.next_recv();
                    }
                    take
                }
            };
            data = &data[used..];
        }
        (0, wrong)
    }

    fn next_recv(&mut self) {
        self.rx += 1;
        self.progress = 0;
        self.aux = 0;
    }

    /// Matches a delimiter across segment boundaries; returns the bytes used.
    fn scan_delimiter(&mut self, delimiter: &[u8], data: &[u8]) -> usize {
        for (i, &b) in data.iter().enumerate() {
            self.progress = advance(delimiter, self.progress, b);
            if self.progress as usize == delimiter.len() {
                self.next_recv();
                return i + 1;
            }
        }
        data.len()
    }

    /// An HTTP message: the header (watching for Content-Length), then the body.
    fn scan_http(&mut self, data: &[u8]) -> usize {
        // progress: bits 0..8 = "\r\n\r\n" matched, bits 8..16 = "\r\ncontent-length:"
        // matched (its full length: reading the value), bit 16 = in the body.
        // aux: the Content-Length value in the header, the body bytes to come after it.
        if self.progress & BODY != 0 {
            let take = (self.aux as usize).min(data.len());
            self.aux -= take as u32;
            if self.aux == 0 {
                self.next_recv();
            }
            return take;
        }
        let mut end = self.progress & 0xFF;
        let mut cl = (self.progress >> 8) & 0xFF;
        for (i, &b) in data.iter().enumerate() {
            end = advance(b"\r\n\r\n", end, b);
            if cl as usize == HTTP_CL.len() {
                if b.is_ascii_digit() {
                    self.aux = self.aux.saturating_mul(10).saturating_add(u32::from(b - b'0'));
                } else if b != b' ' && b != b'\t' {
                    cl = u32::from(b == b'\r');
                }
            } else if b.to_ascii_lowercase() == HTTP_CL[cl as usize] {
                cl += 1;
            } else {
                cl = u32::from(b == b'\r');
            }
            if end == 4 {
                if self.aux == 0 {
                    self.next_recv();
                } else {
                    self.progress = BODY;
                }
                return i + 1;
            }
        }
        self.progress = end | (cl << 8);
        data.len()
    }
}

const BODY: u32 = 1 << 16;

/// The next match length of `pattern` after `matched` bytes matched and `b` arrives
/// (a naive fallback; delimiters are a few bytes).
fn advance(pattern: &[u8], matched: u32, b: u8) -> u32 {
    let mut m = matched as usize;
    loop {
        if m < pattern.len() && pattern[m] == b {
            return (m + 1) as u32;
        }
        if m == 0 {
            return 0;
        }
        // The longest proper border of pattern[..m] that can continue with `b`.
        m = (1..m).rev().find(|&k| pattern[..k] == pattern[m - k..m]).unwrap_or(0);
    }
}

/// The built-in HTTP/1.1 pair: a GET request and a 200 response with a `body`-byte body.
pub fn http_get(host: &str, path: &str, body: u32) -> (Vec<Step>, Vec<Step>) {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: riptide\r\nAccept: */*\r\n\r\n");
    let header =
        format!("HTTP/1.1 200 OK\r\nServer: riptide\r\nContent-Type: text/plain\r\nContent-Length: {body}\r\n\r\n");
    let client = vec![Step::Send(Payload::Bytes(request.into_bytes().into())), Step::Recv(Recv::Http), Step::Close];
    let server = vec![
        Step::Recv(Recv::Until(Arc::from(&b"\r\n\r\n"[..]))),
        Step::Send(Payload::Bytes(header.into_bytes().into())),
        Step::Send(Payload::Fill(body)),
        Step::WaitPeerClose,
    ];
    (client, server)
}

/// Shared programs.
pub type SharedProgram = Arc<Program>;

#[cfg(test)]
mod tests {
    use super::*;

    fn run_all(cursor: &mut Cursor, program: &Program) -> (Vec<Action>, Status) {
        let mut actions = Vec::new();
        let status = cursor.run(program, 0, false, false, true, &mut |a| actions.push(a));
        (actions, status)
    }

    #[test]
    fn datagram_programs_count_what_came_early_and_refuse_stream_steps() {
        let msg = |b: &'static [u8]| Step::SendMsg(Payload::Bytes(Arc::from(b)));
        let p = Program::compile(&[msg(b"q1"), Step::RecvMsgs(2), msg(b"q2"), Step::RecvMsgs(1)]).unwrap();
        assert!(p.is_datagram());
        let mut c = MsgCursor::default();
        let mut sent = Vec::new();
        let mut run = |c: &mut MsgCursor| c.run(&p, 0, false, &mut |a| sent.push(a));
        assert_eq!(run(&mut c), Status::Receiving);
        // Three datagrams arrive before the program looks: two fill the first wait, the
        // third the second.
        c.receive();
        c.receive();
        c.receive();
        assert_eq!(run(&mut c), Status::Done);
        assert_eq!(sent, [MsgAction::Send(0), MsgAction::Send(1)]);
        let mut out = [0u8; 2];
        p.fill_message(1, &mut out);
        assert_eq!(&out, b"q2");
        assert_eq!(Program::compile(&[msg(b"x"), Step::Send(Payload::Fill(3))]), Err(ProgramError::Mixed { index: 1 }));
        assert!(!Program::compile(&[Step::Send(Payload::Fill(3))]).unwrap().is_datagram());
    }

    #[test]
    fn the_http_pair_talks_to_itself() {
        let (client, server) = http_get("198.18.1.1", "/64", 64);
        let client = Program::compile(&client).unwrap();
        let server = Program::compile(&server).unwrap();
        let mut c = Cursor::default();
        let mut s = Cursor::default();
        let (actions, status) = run_all(&mut c, &client);
        assert_eq!(actions, [Action::Send(client.send_len())]);
        assert_eq!(status, Status::Receiving);
        let mut request = vec![0; client.send_len() as usize];
        client.fill(0, &mut request);
        assert!(request.starts_with(b"GET /64 HTTP/1.1\r\nHost: 198.18.1.1\r\n"));
        assert_eq!(run_all(&mut s, &server).1, Status::Receiving);
        // The request arrives in two pieces, split inside the delimiter.
        let split = request.len() - 2;
        assert_eq!(s.receive(&server, &request[..split]), 0);
        assert_eq!(run_all(&mut s, &server).1, Status::Receiving);
        assert_eq!(s.receive(&server, &request[split..]), 0);
        let (actions, status) = run_all(&mut s, &server);
        // The response is queued; the server waits for the client to close first.
        assert_eq!(status, Status::AwaitingPeerClose);
        let total: u32 = actions.iter().map(|a| if let Action::Send(n) = a { *n } else { 0 }).sum();
        assert_eq!(total, server.send_len());
        let mut closing = Vec::new();
        assert_eq!(s.run(&server, 0, false, true, true, &mut |a| closing.push(a)), Status::Done);
        assert_eq!(closing, [Action::CloseAfterPeer]);
        let mut response = vec![0; server.send_len() as usize];
        server.fill(0, &mut response);
        assert!(response.ends_with(&(0..64u8).collect::<Vec<_>>()));
        // Byte by byte, the response completes the client's recv exactly at its end.
        for (i, b) in response.iter().enumerate() {
            assert!(!c.received_all(&client), "done early at {i}");
            assert_eq!(c.receive(&client, std::slice::from_ref(b)), 0);
        }
        assert!(c.received_all(&client));
        let (actions, status) = run_all(&mut c, &client);
        assert_eq!((actions.as_slice(), status), (&[Action::Close][..], Status::Done));
    }

    #[test]
    fn http_reads_nginx_style_headers() {
        let program = Program::compile(&[Step::Recv(Recv::Http), Step::Recv(Recv::Bytes(3))]).unwrap();
        let mut c = Cursor::default();
        let text = b"HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nX-Content-Length: 99\r\nCONTENT-LENGTH:  12\r\nConnection: keep-alive\r\n\r\nhello world!abc";
        assert_eq!(c.receive(&program, text), 0);
        assert!(c.received_all(&program));
        let mut c = Cursor::default();
        assert_eq!(c.receive(&program, b"HTTP/1.1 204 No Content\r\n\r\nxyzextra"), 5);
    }

    #[test]
    fn delimiters_match_across_false_starts() {
        let program = Program::compile(&[Step::Recv(Recv::Until(Arc::from(&b"abab"[..])))]).unwrap();
        let mut c = Cursor::default();
        c.receive(&program, b"xxabaabab");
        assert!(c.received_all(&program));
        let mut c = Cursor::default();
        c.receive(&program, b"aba");
        c.receive(&program, b"bab");
        assert!(c.received_all(&program));
    }

    #[test]
    fn loops_unroll_and_fill_reads_across_sends() {
        let steps = vec![
            Step::Send(Payload::Bytes(Arc::from(&b"ab"[..]))),
            Step::Loop {
                times: 3,
                steps: vec![
                    Step::Send(Payload::Bytes(Arc::from(&b"xyz"[..]))),
                    Step::Delay(5),
                    Step::Recv(Recv::Bytes(1)),
                ],
            },
            Step::Send(Payload::Fill(4)),
        ];
        let program = Program::compile(&steps).unwrap();
        assert_eq!(program.send_len(), 2 + 9 + 4);
        assert_eq!(program.recv_len(), Some(3));
        let mut out = [0u8; 10];
        program.fill(1, &mut out);
        assert_eq!(&out, b"bxyzxyzxyz");
        let mut out = [0u8; 4];
        program.fill(12, &mut out);
        assert_eq!(out, [1, 2, 3, 0]);
        let mut c = Cursor::default();
        let mut actions = Vec::new();
        assert_eq!(c.run(&program, 100, false, false, true, &mut |a| actions.push(a)), Status::Delaying(105));
        // A byte during the delay counts for the recv after it.
        c.receive(&program, b"!");
        assert_eq!(c.run(&program, 105, true, false, true, &mut |a| actions.push(a)), Status::Delaying(110));
        assert_eq!(actions, [Action::Send(2), Action::Send(3), Action::Send(3)]);
    }

    #[test]
    fn expect_counts_the_bytes_that_differ() {
        let program = Program::compile(&[
            Step::Recv(Recv::Expect(Payload::Fill(300))),
            Step::Recv(Recv::Expect(Payload::Bytes(Arc::from(&b"ok"[..])))),
        ])
        .unwrap();
        let mut c = Cursor::default();
        let mut data: Vec<u8> = (0..300u32).map(|k| k as u8).collect();
        data[7] ^= 1;
        data.extend_from_slice(b"oK");
        assert_eq!(c.receive_checked(&program, &data[..100]), (0, 1));
        assert_eq!(c.receive_checked(&program, &data[100..]), (0, 1));
        assert!(c.received_all(&program));
    }

    #[test]
    fn refuses_what_cannot_run() {
        assert_eq!(Program::compile(&[Step::Recv(Recv::Bytes(0))]), Err(ProgramError::EmptyRecv { index: 0 }));
        assert_eq!(Program::compile(&[Step::Close, Step::Delay(1)]), Err(ProgramError::AfterEnd { index: 1 }));
        let big = Step::Loop { times: 2_000_000, steps: vec![Step::Delay(1)] };
        assert_eq!(Program::compile(&[big]), Err(ProgramError::TooLong { max: MAX_OPS }));
        let huge = Step::Loop { times: 5, steps: vec![Step::Send(Payload::Fill(u32::MAX / 4))] };
        assert_eq!(Program::compile(&[huge]), Err(ProgramError::TooMuchData));
    }
}
