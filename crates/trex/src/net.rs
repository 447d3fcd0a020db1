//! The sockets of `riptide serve --trex`: REP for requests, PUB for counters and events.
//!
//! Both listen through [`riptide_listen`] (a thread per connection, connection caps, an
//! admission deadline for the ZMTP handshake, deadlines on every read of a started
//! message and on every write) and speak ZMTP through the sans-IO [`crate::zmtp`]. The
//! state ([`Trex`]) sits behind one mutex, held while a request is answered (not while
//! it is decoded, nor while an uploaded profile is checked: [`Answer::Check`]) or the
//! counters are gathered, never across socket I/O. The bounds (docs/security.md):
//!
//! - REP: at most [`REP_LIMITS`] connections; a handshake within 5 s; a started message
//!   whole within [`MESSAGE_DEADLINE`]; a message of at most [`wire::MAX_MESSAGE`] (plus
//!   its envelope); unfinished messages of all connections together at most
//!   [`PENDING_BUDGET`] bytes; a reply written within [`WRITE_DEADLINE`] (a peer that does
//!   not read its replies is closed, nobody else waits); idle connections give way to
//!   new ones after 30 s when the cap is reached.
//! - PUB: at most [`PUB_LIMITS`] subscribers; each has a queue of [`PUB_QUEUE`]
//!   messages (a slow reader loses messages, as with ZeroMQ's high-water mark) and is
//!   closed if one write takes longer than [`WRITE_DEADLINE`]; at most [`MAX_TOPICS`]
//!   subscriptions each.

use crate::server::{self, error_reply, Answer, Trex};
use crate::wire;
use crate::zmtp::{self, Event, Role, Session};
use riptide_engine::EngineConfig;
use riptide_listen::{Conn, Handler, Limits, Refuse, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct TrexConfig {
    /// The REQ/REP address (TRex's default port 4501).
    pub rpc: SocketAddr,
    /// The PUB address (TRex's default port 4500).
    pub publish: SocketAddr,
    /// The engine's ports.
    pub engine: EngineConfig,
    /// How often the counters are published (TRex: twice a second).
    pub interval: Duration,
    /// Where the latency streams' stamps come from (`riptide serve --timestamps`: TRex's
    /// client has no say in it).
    pub timestamps: riptide_engine::Timestamps,
    /// The share of every ASTF run this server's generator opens (`riptide serve --trex
    /// --segment I/N`: N servers driven alike split a run; TRex's client has no say in it).
    pub segment: Option<riptide_engine::Segment>,
}

/// The request socket's connection limits.
pub const REP_LIMITS: Limits = Limits {
    max_conns: 64,
    max_per_addr: 16,
    admit_within: Duration::from_secs(5),
    evict_idle_after: Some(Duration::from_secs(30)),
};

/// The publisher's connection limits.
pub const PUB_LIMITS: Limits =
    Limits { max_conns: 64, max_per_addr: 16, admit_within: Duration::from_secs(5), evict_idle_after: None };

/// A message whose first bytes arrived must be whole within this long.
pub const MESSAGE_DEADLINE: Duration = Duration::from_secs(10);

/// A reply or a publication must be written within this long.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(5);

/// Unfinished request bytes held for all connections together.
pub const PENDING_BUDGET: usize = 64 << 20;

/// Messages queued for one subscriber.
pub const PUB_QUEUE: usize = 64;

/// Subscriptions one subscriber may hold.
pub const MAX_TOPICS: usize = 64;

/// What the REP socket takes: one request frame of TRex's largest message, behind an
/// envelope of a few small frames.
const REP_ZMTP: zmtp::Limits =
    zmtp::Limits { max_frame: wire::MAX_MESSAGE, max_message: wire::MAX_MESSAGE + 4096, max_frames: 16 };

/// What a subscriber may send (subscriptions only).
const PUB_ZMTP: zmtp::Limits = zmtp::Limits { max_frame: 512, max_message: 512, max_frames: 1 };

/// A running server.
pub struct TrexHandle {
    stop: Arc<AtomicBool>,
    rep: Option<Server>,
    publish_server: Option<Server>,
    publisher: Option<JoinHandle<()>>,
    state: Arc<Mutex<Trex>>,
    /// The REQ/REP address.
    pub rpc: SocketAddr,
    /// The PUB address.
    pub publish: SocketAddr,
}

impl TrexHandle {
    /// Stops traffic, closes every connection and the sockets, and waits for the threads
    /// (a few seconds at most, whatever the peers do).
    pub fn shutdown(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for s in [self.rep.take(), self.publish_server.take()].into_iter().flatten() {
            s.shutdown();
        }
        if let Some(t) = self.publisher.take() {
            let _ = t.join();
        }
        lock(&self.state).shutdown();
    }

    /// What the request socket's listener has done (accepted, refused, evicted, ...).
    pub fn rpc_counts(&self) -> riptide_listen::Counts {
        self.rep.as_ref().map(Server::counts).unwrap_or_default()
    }
}

fn lock(m: &Mutex<Trex>) -> std::sync::MutexGuard<'_, Trex> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// Binds both sockets and serves in background threads; an address that cannot be
/// bound is an error here, before anything is served.
pub fn serve(cfg: TrexConfig) -> std::io::Result<TrexHandle> {
    let bind = |addr: SocketAddr, what: &str| {
        TcpListener::bind(addr).map_err(|e| std::io::Error::new(e.kind(), format!("cannot {what} on {addr}: {e}")))
    };
    let rep_listener = bind(cfg.rpc, "serve TRex RPC")?;
    let pub_listener = bind(cfg.publish, "publish TRex events")?;
    let (rpc, publish) = (rep_listener.local_addr()?, pub_listener.local_addr()?);
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id()).rotate_left(32);
    let mut trex = Trex::new(cfg.engine.clone(), seed);
    trex.timestamps = cfg.timestamps;
    trex.segment = cfg.segment;
    let state = Arc::new(Mutex::new(trex));
    let stop = Arc::new(AtomicBool::new(false));
    // A connection refused gets nothing: ZeroMQ has no message for it, and libzmq retries.
    let quiet = || -> Refuse { Box::new(|_, _| {}) };

    let pending = Arc::new(AtomicUsize::new(0));
    let st = state.clone();
    let rep_handler: Handler = Arc::new(move |c: Conn| serve_request_conn(&c, &st, &pending));
    let rep = riptide_listen::serve(rep_listener, "riptide-trex-rep", REP_LIMITS, quiet(), rep_handler)?;

    let hub = Arc::new(Hub::default());
    let h = hub.clone();
    let pub_handler: Handler = Arc::new(move |c: Conn| serve_subscriber(&c, &h));
    let publish_server = riptide_listen::serve(pub_listener, "riptide-trex-pub", PUB_LIMITS, quiet(), pub_handler)?;

    let (st, s) = (state.clone(), stop.clone());
    let publisher = std::thread::Builder::new()
        .name("riptide-trex-publish".into())
        .spawn(move || publish_loop(&st, &hub, &s, cfg.interval))?;
    Ok(TrexHandle {
        stop,
        rep: Some(rep),
        publish_server: Some(publish_server),
        publisher: Some(publisher),
        state,
        rpc,
        publish,
    })
}

/// Writes `bytes` within [`WRITE_DEADLINE`].
fn send(c: &Conn, bytes: &[u8]) -> std::io::Result<()> {
    let _d = c.deadline(WRITE_DEADLINE);
    let mut s = c.stream();
    s.write_all(bytes)
}

/// This connection's share of [`PENDING_BUDGET`], given back when it is dropped.
struct Held<'a> {
    total: &'a AtomicUsize,
    mine: usize,
}

impl Held<'_> {
    /// Sets this connection's unfinished bytes; `false` when all connections together
    /// would hold more than the budget.
    fn set(&mut self, n: usize) -> bool {
        if n >= self.mine {
            let add = n - self.mine;
            let before = self.total.fetch_add(add, Ordering::AcqRel);
            self.mine = n;
            before + add <= PENDING_BUDGET
        } else {
            self.total.fetch_sub(self.mine - n, Ordering::AcqRel);
            self.mine = n;
            true
        }
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.total.fetch_sub(self.mine, Ordering::AcqRel);
    }
}

/// One REQ (or DEALER) peer: the handshake, then each request answered in turn.
fn serve_request_conn(c: &Conn, state: &Mutex<Trex>, pending: &AtomicUsize) {
    let mut session = Session::new(Role::Rep, REP_ZMTP);
    if send(c, &session.hello()).is_err() {
        return;
    }
    let mut held = Held { total: pending, mine: 0 };
    let mut buf = vec![0u8; 64 << 10];
    // The deadline of a message whose first bytes came (dropped: cleared).
    let mut _started = None;
    loop {
        let n = match c.stream().read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if session.handle_bytes(&buf[..n]).is_err() {
            return;
        }
        if session.is_open() && !c.admitted() {
            c.admit();
        }
        _started = None;
        while let Some(event) = session.poll_event() {
            let out = match event {
                Event::Ping(ctx) => zmtp::pong(&ctx),
                Event::Message(frames) => {
                    c.touch();
                    answer(state, &frames)
                }
                Event::Subscribe(_) | Event::Cancel(_) => continue,
            };
            if send(c, &out).is_err() {
                return;
            }
        }
        if !held.set(session.pending()) {
            return;
        }
        // What was started must be whole in time, however slowly it trickles.
        if session.pending() > 0 {
            _started = Some(c.deadline(MESSAGE_DEADLINE));
        }
    }
}

/// The reply to one request message, envelope and all.
fn answer(state: &Mutex<Trex>, frames: &[Vec<u8>]) -> Vec<u8> {
    let (envelope, body) = zmtp::split_envelope(frames);
    let reply = match body {
        // Decoding and a profile's check take time in proportion to the message: they
        // run outside the lock, so no request holds the others for longer than its
        // answer from the state takes.
        [one] => {
            let request = server::decode(one);
            let answer = lock(state).answer(request);
            match answer {
                Answer::Reply(bytes) => bytes,
                Answer::Check(pending) => {
                    let done = pending.run();
                    lock(state).resume(done)
                }
            }
        }
        _ => {
            let e = error_reply(&serde_json::Value::Null, crate::server::code::PARSE, "a request is one ZeroMQ frame");
            serde_json::to_vec(&e).unwrap_or_default()
        }
    };
    let mut parts: Vec<&[u8]> = envelope.iter().map(Vec::as_slice).collect();
    parts.push(&reply);
    zmtp::message(&parts)
}

/// The subscribers' queues.
#[derive(Default)]
struct Hub {
    queues: Mutex<Vec<SyncSender<Arc<[u8]>>>>,
}

impl Hub {
    fn join(&self) -> Receiver<Arc<[u8]>> {
        let (tx, rx) = sync_channel(PUB_QUEUE);
        match self.queues.lock() {
            Ok(mut q) => q.push(tx),
            Err(p) => p.into_inner().push(tx),
        }
        rx
    }

    /// Queues `msg` for every subscriber; a full queue loses it, a gone one is dropped.
    fn publish(&self, msg: &Arc<[u8]>) {
        let mut q = match self.queues.lock() {
            Ok(q) => q,
            Err(p) => p.into_inner(),
        };
        q.retain(|tx| !matches!(tx.try_send(msg.clone()), Err(TrySendError::Disconnected(_))));
    }
}

/// One SUB peer: the handshake, its subscriptions, and the messages that match them.
fn serve_subscriber(c: &Conn, hub: &Hub) {
    let mut session = Session::new(Role::Pub, PUB_ZMTP);
    if send(c, &session.hello()).is_err() {
        return;
    }
    let queue = hub.join();
    let mut topics: Vec<Vec<u8>> = Vec::new();
    let mut buf = [0u8; 4096];
    while !c.done() {
        match c.wait_readable(Duration::from_millis(20)) {
            Ok(true) => {
                let n = match c.stream().read(&mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                if session.handle_bytes(&buf[..n]).is_err() {
                    return;
                }
                if session.is_open() && !c.admitted() {
                    c.admit();
                }
                while let Some(event) = session.poll_event() {
                    match event {
                        Event::Subscribe(t) if topics.len() < MAX_TOPICS => topics.push(t),
                        Event::Subscribe(_) => return,
                        Event::Cancel(t) => {
                            if let Some(i) = topics.iter().position(|x| *x == t) {
                                topics.remove(i);
                            }
                        }
                        Event::Ping(ctx) => {
                            if send(c, &zmtp::pong(&ctx)).is_err() {
                                return;
                            }
                        }
                        Event::Message(_) => {}
                    }
                }
            }
            Ok(false) => {}
            Err(_) => return,
        }
        while let Ok(m) = queue.try_recv() {
            if session.is_open() && topics.iter().any(|t| m.starts_with(t)) && send(c, &zmtp::message(&[&m])).is_err() {
                return;
            }
        }
    }
}

/// Publishes the counters every `interval` and the events and barriers as they come.
fn publish_loop(state: &Mutex<Trex>, hub: &Hub, stop: &AtomicBool, interval: Duration) {
    let step = Duration::from_millis(50);
    let mut since_global = Duration::ZERO;
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(step);
        since_global += step;
        let messages = if since_global >= interval {
            since_global = Duration::ZERO;
            lock(state).tick()
        } else {
            lock(state).drain_outbox()
        };
        for m in messages {
            let bytes: Arc<[u8]> = serde_json::to_vec(&m).unwrap_or_default().into();
            hub.publish(&bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// A subscriber that reads nothing holds at most [`PUB_QUEUE`] messages; one gone is
    /// forgotten at the next publication.
    #[test]
    fn a_subscriber_queue_is_bounded_and_a_gone_one_dropped() {
        let hub = Hub::default();
        let slow = hub.join();
        let gone = hub.join();
        drop(gone);
        for i in 0..(PUB_QUEUE * 3) {
            hub.publish(&Arc::from(format!("m{i}").into_bytes()));
        }
        assert_eq!(slow.try_iter().count(), PUB_QUEUE);
        assert_eq!(hub.queues.lock().unwrap().len(), 1);
    }
}
