//! ZMTP 3, the ZeroMQ wire (rfc.zeromq.org 23/ZMTP and 37/ZMTP), for the two sockets
//! TRex's clients talk to: REP (requests) and PUB (counters and events), with the NULL
//! security mechanism, as libzmq 4 (pyzmq) speaks it. Sans-IO: bytes in
//! ([`Session::handle_bytes`]), events out ([`Session::poll_event`]), bytes to send
//! built by the functions below; [`crate::net`] does the sockets.
//!
//! Written here rather than taken from the `zeromq` crate: that crate reserves whatever a
//! frame header declares (one 9-byte header asking for 2^62 bytes aborted the server)
//! and holds unfinished frames without bound. Every size here is checked against
//! [`Limits`] the moment its header is complete, before a byte of it is kept; commands
//! are capped at [`MAX_COMMAND`]; nothing is reserved ahead of the bytes that arrive.
//!
//! What a session does, after both sides' 64-byte greeting and `READY` command:
//! - REP: messages are delivered whole (the REQ envelope, up to its empty delimiter,
//!   stays in the message: [`split_envelope`]); `PING` (libzmq's heartbeat, which TRex's
//!   current client turns on) is an event to answer with [`pong`].
//! - PUB: subscriptions arrive as ZMTP 3.0 messages (`\x01topic`, `\x00topic`) or ZMTP
//!   3.1 `SUBSCRIBE` / `CANCEL` commands: both become events; other messages a
//!   subscriber sends are dropped, as libzmq does.

use std::fmt;

/// The greeting's length.
pub const GREETING_LEN: usize = 64;

/// Largest command body taken (a `READY` with its properties, a `PING`, a subscription).
pub const MAX_COMMAND: usize = 4096;

/// Most subscription topics bytes: topics are cut there (a prefix of a prefix matches more, never less).
pub const MAX_TOPIC: usize = 255;

/// Which socket this end is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Answers requests (peers: REQ, DEALER).
    Rep,
    /// Publishes (peers: SUB, XSUB).
    Pub,
    /// Asks (peers: REP, ROUTER): the client side, for tests and tools.
    Req,
    /// Subscribes (peers: PUB, XPUB): the client side, for tests and tools.
    Sub,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Rep => "REP",
            Role::Pub => "PUB",
            Role::Req => "REQ",
            Role::Sub => "SUB",
        }
    }

    fn accepts(self, peer: &[u8]) -> bool {
        match self {
            Role::Rep => peer == b"REQ" || peer == b"DEALER",
            Role::Pub => peer == b"SUB" || peer == b"XSUB",
            Role::Req => peer == b"REP" || peer == b"ROUTER",
            Role::Sub => peer == b"PUB" || peer == b"XPUB",
        }
    }
}

/// What a session takes from its peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest data frame.
    pub max_frame: usize,
    /// Largest message (its frames together).
    pub max_message: usize,
    /// Most frames in one message.
    pub max_frames: usize,
}

/// Something the peer sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A whole message: its frames.
    Message(Vec<Vec<u8>>),
    /// A heartbeat: answer it with [`pong`] and this context.
    Ping(Vec<u8>),
    /// A subscription to messages starting with this topic (PUB).
    Subscribe(Vec<u8>),
    /// A subscription withdrawn (PUB).
    Cancel(Vec<u8>),
}

/// Why a session ends: the peer broke the protocol or a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

fn err<T>(msg: impl Into<String>) -> Result<T, Error> {
    Err(Error(msg.into()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting for the peer's greeting.
    Greeting,
    /// Waiting for the peer's READY.
    Ready,
    /// Handshake done.
    Open,
}

/// One connection's protocol state.
#[derive(Debug)]
pub struct Session {
    role: Role,
    limits: Limits,
    state: State,
    /// Bytes received and not yet parsed.
    buf: Vec<u8>,
    /// The frames of the message being received.
    frames: Vec<Vec<u8>>,
    bytes: usize,
    events: std::collections::VecDeque<Event>,
}

/// The greeting: signature, version 3.1, the NULL mechanism, not as-server.
pub fn greeting() -> [u8; GREETING_LEN] {
    let mut g = [0u8; GREETING_LEN];
    g[0] = 0xFF;
    g[9] = 0x7F;
    g[10] = 3;
    g[11] = 1;
    g[12..16].copy_from_slice(b"NULL");
    g
}

/// Appends one frame.
fn put_frame(out: &mut Vec<u8>, flags: u8, body: &[u8]) {
    if body.len() <= 255 {
        out.push(flags);
        out.push(body.len() as u8);
    } else {
        out.push(flags | 0x02);
        out.extend_from_slice(&(body.len() as u64).to_be_bytes());
    }
    out.extend_from_slice(body);
}

fn command(name: &str, data: &[u8]) -> Vec<u8> {
    let mut body = Vec::with_capacity(1 + name.len() + data.len());
    body.push(name.len() as u8);
    body.extend_from_slice(name.as_bytes());
    body.extend_from_slice(data);
    let mut out = Vec::with_capacity(body.len() + 9);
    put_frame(&mut out, 0x04, &body);
    out
}

/// A message of `frames` as it goes on the wire.
pub fn message(frames: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(frames.iter().map(|f| f.len() + 9).sum());
    for (i, f) in frames.iter().enumerate() {
        put_frame(&mut out, u8::from(i + 1 < frames.len()), f);
    }
    out
}

/// The answer to a `PING` with `context`.
pub fn pong(context: &[u8]) -> Vec<u8> {
    command("PONG", context)
}

/// A REQ peer's message as (envelope up to and with its empty delimiter, body frames);
/// no delimiter: no envelope.
pub fn split_envelope(frames: &[Vec<u8>]) -> (&[Vec<u8>], &[Vec<u8>]) {
    match frames.iter().position(Vec::is_empty) {
        Some(i) => frames.split_at(i + 1),
        None => (&[], frames),
    }
}

impl Session {
    /// A session for `role`.
    pub fn new(role: Role, limits: Limits) -> Session {
        Session {
            role,
            limits,
            state: State::Greeting,
            buf: Vec::new(),
            frames: Vec::new(),
            bytes: 0,
            events: Default::default(),
        }
    }

    /// What this end sends first: its greeting and its `READY`.
    pub fn hello(&self) -> Vec<u8> {
        let mut out = greeting().to_vec();
        let mut props = Vec::new();
        props.push(11);
        props.extend_from_slice(b"Socket-Type");
        props.extend_from_slice(&(self.role.name().len() as u32).to_be_bytes());
        props.extend_from_slice(self.role.name().as_bytes());
        out.extend_from_slice(&command("READY", &props));
        out
    }

    /// Whether the handshake is done (the peer's greeting and `READY` came and fit).
    pub fn is_open(&self) -> bool {
        self.state == State::Open
    }

    /// Bytes kept for a frame or message not yet whole.
    pub fn pending(&self) -> usize {
        self.buf.len() + self.bytes
    }

    /// The next event, if one is whole.
    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// Takes bytes from the peer. An error ends the session (close the connection).
    pub fn handle_bytes(&mut self, data: &[u8]) -> Result<(), Error> {
        self.buf.extend_from_slice(data);
        let mut at = 0;
        let r = loop {
            match self.step(&self.buf[at..]) {
                Ok(Some((used, parsed))) => {
                    at += used;
                    if let Err(e) = self.apply(parsed) {
                        break Err(e);
                    }
                }
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        self.buf.drain(..at);
        if r.is_err() {
            self.buf = Vec::new();
        }
        r
    }

    /// Parses one unit (the greeting, or a frame) off the front of `b`: how many bytes it
    /// took and what it was; `None` while it is not whole. Sizes are checked as soon as
    /// their header is.
    fn step(&self, b: &[u8]) -> Result<Option<(usize, Unit)>, Error> {
        if self.state == State::Greeting {
            return greeting_of(b);
        }
        let Some(&flags) = b.first() else { return Ok(None) };
        if flags & 0xF8 != 0 {
            return err(format!("a frame with reserved flag bits set ({flags:#04x})"));
        }
        let (more, long, cmd) = (flags & 0x01 != 0, flags & 0x02 != 0, flags & 0x04 != 0);
        if cmd && more {
            return err("a command frame with the MORE flag");
        }
        let head = if long { 9 } else { 2 };
        if b.len() < head {
            return Ok(None);
        }
        let size = if long {
            let mut s = [0u8; 8];
            s.copy_from_slice(&b[1..9]);
            u64::from_be_bytes(s)
        } else {
            u64::from(b[1])
        };
        let cap = if cmd { MAX_COMMAND } else { self.limits.max_frame.min(self.limits.max_message - self.bytes) };
        if size > cap as u64 {
            let what = if cmd { "a command" } else { "a frame" };
            return err(format!("{what} of {size} bytes: at most {cap} taken here"));
        }
        if !cmd && self.frames.len() >= self.limits.max_frames {
            return err(format!("a message of more than {} frames", self.limits.max_frames));
        }
        let end = head + size as usize;
        if b.len() < end {
            return Ok(None);
        }
        let body = b[head..end].to_vec();
        Ok(Some((end, if cmd { Unit::Command(body) } else { Unit::Frame { more, body } })))
    }

    fn apply(&mut self, unit: Unit) -> Result<(), Error> {
        match (self.state, unit) {
            (State::Greeting, Unit::Greeting) => {
                self.state = State::Ready;
                Ok(())
            }
            (State::Ready, Unit::Command(body)) => {
                let (name, data) = command_of(&body)?;
                match name {
                    b"READY" => {
                        let kind = socket_type(data)?;
                        if !self.role.accepts(&kind) {
                            return err(format!(
                                "a {} socket does not talk to a {} socket",
                                self.role.name(),
                                String::from_utf8_lossy(&kind)
                            ));
                        }
                        self.state = State::Open;
                        Ok(())
                    }
                    b"ERROR" => err(format!("the peer's error: {}", reason(data))),
                    other => err(format!("'{}' before READY", String::from_utf8_lossy(other))),
                }
            }
            (State::Ready, Unit::Frame { .. }) => err("a message before READY"),
            (State::Open, Unit::Command(body)) => {
                let (name, data) = command_of(&body)?;
                match name {
                    b"PING" => {
                        // TTL (2 bytes), then a context of at most 16 bytes echoed back.
                        let ctx = data.get(2..).unwrap_or(&[]);
                        if ctx.len() > 16 {
                            return err("a PING context of more than 16 bytes");
                        }
                        self.events.push_back(Event::Ping(ctx.to_vec()));
                    }
                    b"SUBSCRIBE" if self.role == Role::Pub => self.events.push_back(Event::Subscribe(topic(data))),
                    b"CANCEL" if self.role == Role::Pub => self.events.push_back(Event::Cancel(topic(data))),
                    b"ERROR" => return err(format!("the peer's error: {}", reason(data))),
                    b"READY" => return err("a second READY"),
                    // PONG, and commands of later versions: nothing to do.
                    _ => {}
                }
                Ok(())
            }
            (State::Open, Unit::Frame { more, body }) => {
                self.bytes += body.len();
                self.frames.push(body);
                if more {
                    return Ok(());
                }
                self.bytes = 0;
                let frames = std::mem::take(&mut self.frames);
                match self.role {
                    Role::Rep | Role::Req | Role::Sub => self.events.push_back(Event::Message(frames)),
                    Role::Pub => {
                        // ZMTP 3.0 subscriptions; anything else a subscriber sends is dropped.
                        if let [f] = frames.as_slice() {
                            match f.first() {
                                Some(1) => self.events.push_back(Event::Subscribe(topic(&f[1..]))),
                                Some(0) => self.events.push_back(Event::Cancel(topic(&f[1..]))),
                                _ => {}
                            }
                        }
                    }
                }
                Ok(())
            }
            (_, _) => err("the peer's greeting is not ZMTP 3"),
        }
    }
}

#[derive(Debug)]
enum Unit {
    Greeting,
    Command(Vec<u8>),
    Frame { more: bool, body: Vec<u8> },
}

/// The peer's greeting, checked field by field as its bytes arrive.
fn greeting_of(b: &[u8]) -> Result<Option<(usize, Unit)>, Error> {
    if b.first().is_some_and(|&x| x != 0xFF) || b.get(9).is_some_and(|&x| x != 0x7F) {
        return err("not a ZeroMQ peer (no ZMTP signature)");
    }
    if let Some(&major) = b.get(10) {
        if major < 3 {
            return err(format!("ZMTP {major}: riptide speaks ZMTP 3 (libzmq 4 and later)"));
        }
    }
    if b.len() < GREETING_LEN {
        return Ok(None);
    }
    let mech = &b[12..32];
    let name_len = mech.iter().position(|&c| c == 0).unwrap_or(20);
    if &mech[..name_len] != b"NULL" || mech[name_len..].iter().any(|&c| c != 0) {
        return err(format!(
            "the {} security mechanism: riptide's TRex server speaks NULL only",
            String::from_utf8_lossy(&mech[..name_len])
        ));
    }
    Ok(Some((GREETING_LEN, Unit::Greeting)))
}

/// A command's name and data.
fn command_of(body: &[u8]) -> Result<(&[u8], &[u8]), Error> {
    let n = usize::from(*body.first().ok_or(Error("an empty command".into()))?);
    let name = body.get(1..1 + n).ok_or(Error("a command cut inside its name".into()))?;
    Ok((name, &body[1 + n..]))
}

/// The Socket-Type of a READY's properties.
fn socket_type(mut props: &[u8]) -> Result<Vec<u8>, Error> {
    let mut kind = None;
    while !props.is_empty() {
        let n = usize::from(props[0]);
        let name = props.get(1..1 + n).ok_or(Error("READY: a property cut inside its name".into()))?;
        let len = props.get(1 + n..5 + n).ok_or(Error("READY: a property cut inside its length".into()))?;
        let len = u32::from_be_bytes([len[0], len[1], len[2], len[3]]) as usize;
        let value = props
            .get(5 + n..(5 + n).saturating_add(len))
            .ok_or(Error("READY: a property value longer than the command".into()))?;
        if name.eq_ignore_ascii_case(b"Socket-Type") {
            kind = Some(value.to_vec());
        }
        props = &props[5 + n + len..];
    }
    kind.ok_or(Error("READY without a Socket-Type".into()))
}

fn topic(t: &[u8]) -> Vec<u8> {
    t[..t.len().min(MAX_TOPIC)].to_vec()
}

fn reason(data: &[u8]) -> String {
    let n = data.first().map_or(0, |&n| usize::from(n));
    String::from_utf8_lossy(data.get(1..1 + n).unwrap_or(&[])).chars().take(100).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use proptest::prelude::*;

    const LIMITS: Limits = Limits { max_frame: 1000, max_message: 1500, max_frames: 4 };

    /// What a libzmq peer of `kind` sends first.
    fn peer_hello(kind: &str) -> Vec<u8> {
        let mut s = Session::new(Role::Rep, LIMITS).hello();
        // The same bytes with another Socket-Type.
        let at = s.len() - 3;
        s.truncate(at - 4);
        s.extend_from_slice(&(kind.len() as u32).to_be_bytes());
        s.extend_from_slice(kind.as_bytes());
        // The READY frame's size byte.
        s[GREETING_LEN + 1] = (s.len() - GREETING_LEN - 2) as u8;
        s
    }

    fn open(role: Role, peer: &str) -> Session {
        let mut s = Session::new(role, LIMITS);
        s.handle_bytes(&peer_hello(peer)).unwrap();
        assert!(s.is_open());
        s
    }

    #[test]
    fn hello_is_libzmqs_bytes() {
        let h = Session::new(Role::Rep, LIMITS).hello();
        assert_eq!(&h[..12], &[0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0x7F, 3, 1]);
        assert_eq!(&h[12..17], b"NULL\0");
        // READY: a short command frame, "\x05READY", "\x0bSocket-Type", length 3, "REP".
        assert_eq!(&h[64..], b"\x04\x19\x05READY\x0bSocket-Type\x00\x00\x00\x03REP");
    }

    #[test]
    fn a_request_arrives_byte_by_byte() {
        let mut s = Session::new(Role::Rep, LIMITS);
        let mut all = peer_hello("REQ");
        all.extend_from_slice(&message(&[b"", b"{\"id\":1}"]));
        for b in &all {
            s.handle_bytes(std::slice::from_ref(b)).unwrap();
        }
        let Some(Event::Message(frames)) = s.poll_event() else { panic!("no message") };
        let (env, body) = split_envelope(&frames);
        assert_eq!(env, &[Vec::<u8>::new()]);
        assert_eq!(body, &[b"{\"id\":1}".to_vec()]);
        assert_eq!(s.pending(), 0);
    }

    #[test]
    fn long_frames_and_pings() {
        let mut s = open(Role::Rep, "DEALER");
        let body = vec![b'x'; 600];
        let mut bytes = message(&[b"", &body]);
        bytes.extend_from_slice(&command("PING", b"\x00\x0actx"));
        s.handle_bytes(&bytes).unwrap();
        assert!(matches!(s.poll_event(), Some(Event::Message(f)) if f[1] == body));
        assert_eq!(s.poll_event(), Some(Event::Ping(b"ctx".to_vec())));
        assert_eq!(pong(b"ctx"), b"\x04\x08\x04PONGctx");
    }

    #[test]
    fn subscriptions_both_ways() {
        let mut s = open(Role::Pub, "SUB");
        s.handle_bytes(&message(&[b"\x01"])).unwrap();
        s.handle_bytes(&command("SUBSCRIBE", b"trex")).unwrap();
        s.handle_bytes(&command("CANCEL", b"trex")).unwrap();
        s.handle_bytes(&message(&[b"chatter"])).unwrap();
        assert_eq!(s.poll_event(), Some(Event::Subscribe(vec![])));
        assert_eq!(s.poll_event(), Some(Event::Subscribe(b"trex".to_vec())));
        assert_eq!(s.poll_event(), Some(Event::Cancel(b"trex".to_vec())));
        assert_eq!(s.poll_event(), None);
    }

    #[test]
    fn sizes_are_refused_from_the_header_alone() {
        // The audit's attack: a 9-byte header declaring 2^62 bytes.
        let mut s = open(Role::Rep, "REQ");
        let mut h = vec![0x02];
        h.extend_from_slice(&(1u64 << 62).to_be_bytes());
        assert!(s.handle_bytes(&h).unwrap_err().0.contains("at most 1000"));
        // A command header past MAX_COMMAND.
        let mut s = open(Role::Rep, "REQ");
        let mut h = vec![0x06];
        h.extend_from_slice(&(MAX_COMMAND as u64 + 1).to_be_bytes());
        assert!(s.handle_bytes(&h).unwrap_err().0.contains("a command of"));
        // Frames that each fit but together pass the message cap.
        let mut s = open(Role::Rep, "REQ");
        let f = vec![0u8; 900];
        let mut m = Vec::new();
        put_frame(&mut m, 1, &f);
        put_frame(&mut m, 0, &f);
        assert!(s.handle_bytes(&m).unwrap_err().0.contains("at most 600"));
        // Too many frames.
        let mut s = open(Role::Rep, "REQ");
        assert!(s.handle_bytes(&message(&[b"", b"", b"", b"", b""])).unwrap_err().0.contains("more than 4 frames"));
    }

    #[test]
    fn handshakes_that_fail() {
        let bad = |bytes: &[u8]| Session::new(Role::Rep, LIMITS).handle_bytes(bytes).unwrap_err().0;
        assert!(bad(b"GET / HTTP/1.1\r\n").contains("no ZMTP signature"));
        let mut g = greeting();
        g[10] = 2;
        assert!(bad(&g).contains("ZMTP 2"));
        let mut g = greeting();
        g[12..17].copy_from_slice(b"CURVE");
        assert!(bad(&g).contains("CURVE"));
        assert!(bad(&peer_hello("PUB")).contains("does not talk to a PUB"));
        let mut s = Session::new(Role::Pub, LIMITS);
        assert!(s.handle_bytes(&peer_hello("REQ")).unwrap_err().0.contains("PUB socket does not talk to a REQ"));
        let mut early = greeting().to_vec();
        early.extend_from_slice(&message(&[b"hi"]));
        assert!(bad(&early).contains("before READY"));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        /// Any bytes, in any pieces, after a good handshake or none: no panic, and never
        /// more kept than a frame's cap plus a header.
        #[test]
        fn any_bytes_any_pieces(
            handshake in any::<bool>(),
            role in prop_oneof![Just(Role::Rep), Just(Role::Pub)],
            chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..64), 0..24),
            header in proptest::option::of((any::<u8>(), any::<u64>())),
        ) {
            let mut s = Session::new(role, LIMITS);
            if handshake {
                s.handle_bytes(&peer_hello(if role == Role::Rep { "REQ" } else { "SUB" })).unwrap();
            }
            if let Some((flags, size)) = header {
                let mut h = vec![flags];
                h.extend_from_slice(&size.to_be_bytes());
                let _ = s.handle_bytes(&h);
            }
            for c in &chunks {
                if s.handle_bytes(c).is_err() {
                    break;
                }
                prop_assert!(s.pending() <= LIMITS.max_message + MAX_COMMAND + 9 + 64);
                while s.poll_event().is_some() {}
            }
        }
    }
}
