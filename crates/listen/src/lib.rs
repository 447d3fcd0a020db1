//! Listeners that no peer can exhaust or stall.
//!
//! Every socket riptide listens on (the JSON-RPC daemon, TRex's REP and PUB ports,
//! `/metrics`) accepts through [`serve`], and each connection gets a thread of its own
//! that blocks on plain `std` reads and writes. What keeps a hostile or broken peer from
//! hurting anyone else is written here once:
//!
//! - **A connection cap and a per-address cap** ([`Limits`]). When either is reached, a
//!   new connection takes the place of one that has not yet been admitted (still in its
//!   handshake or unauthenticated: the oldest goes), or of one idle for long enough
//!   where the wire allows it ([`Limits::evict_idle_after`]); only when no connection
//!   may give way is the new one refused, with the wire's own refusal message. So
//!   silent, trickling or half-open connections cannot lock anybody out.
//! - **An admission deadline**: a connection that its wire has not [admitted](Conn::admit)
//!   within [`Limits::admit_within`] (a handshake done, a token checked, a request read)
//!   is closed.
//! - **Deadlines on blocking work** ([`Conn::deadline`]): a wire puts one around a
//!   request it has started to read, and around every reply it writes. A peer that
//!   trickles a request or never reads its replies is closed when the deadline passes,
//!   whatever the socket buffers hold.
//!
//! The listener's thread enforces all of it: it polls the listening socket every
//! [`TICK`], and closes a connection by shutting its socket down, which wakes its thread
//! out of any read or write with an end of file or an error. Shutting a [`Server`] down
//! closes every connection the same way, so it returns in bounded time.

use std::fmt;
use std::io::ErrorKind;
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the listener looks at its connections' deadlines (and at `stop`).
pub const TICK: Duration = Duration::from_millis(20);

/// How long a shutdown waits for the connections' threads before it leaves them.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(2);

/// What one listener allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once.
    pub max_conns: usize,
    /// Connections open at once from one address.
    pub max_per_addr: usize,
    /// A connection not admitted within this long is closed.
    pub admit_within: Duration,
    /// When a cap is reached and no connection waits for admission, an admitted one that
    /// has been idle (no [`Conn::touch`]) at least this long gives way (`None`: admitted
    /// connections never do).
    pub evict_idle_after: Option<Duration>,
}

/// Why a new connection was turned away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The listener holds its cap of connections, none of which may give way.
    Full {
        /// The cap.
        max: usize,
    },
    /// The peer's address holds its cap of connections, none of which may give way.
    PerAddress {
        /// The peer's address.
        addr: IpAddr,
        /// The cap.
        max: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Full { max } => write!(f, "too many connections (at most {max})"),
            Refusal::PerAddress { addr, max } => write!(f, "too many connections from {addr} (at most {max})"),
        }
    }
}

/// Why the listener closed a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// It was not admitted within [`Limits::admit_within`].
    NotAdmitted = 1,
    /// A [`Conn::deadline`] passed.
    Deadline = 2,
    /// A new connection took its place.
    Evicted = 3,
    /// The server is shutting down.
    Shutdown = 4,
}

impl Closed {
    fn from_u8(v: u8) -> Option<Closed> {
        match v {
            1 => Some(Closed::NotAdmitted),
            2 => Some(Closed::Deadline),
            3 => Some(Closed::Evicted),
            4 => Some(Closed::Shutdown),
            _ => None,
        }
    }
}

/// What a listener has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Connections accepted and handed to the wire.
    pub accepted: u64,
    /// Connections turned away.
    pub refused: u64,
    /// Connections closed to make room for a new one.
    pub evicted: u64,
    /// Connections closed for not being admitted in time.
    pub not_admitted: u64,
    /// Connections closed when a deadline passed.
    pub deadlines: u64,
    /// Connections open now (threads still running, closed ones included).
    pub open: usize,
}

/// Sends the wire's refusal to a connection turned away (it has 100 ms to write).
pub type Refuse = Box<dyn Fn(&mut TcpStream, &Refusal) + Send>;

/// Serves one connection, on a thread of its own.
pub type Handler = Arc<dyn Fn(Conn) + Send + Sync>;

struct Slot {
    id: u64,
    ip: IpAddr,
    opened: u64,
    admitted: AtomicBool,
    /// Nanoseconds since the server's start of the last [`Conn::touch`].
    active: AtomicU64,
    /// Nanoseconds since the server's start when the connection is closed (`u64::MAX`:
    /// no deadline).
    deadline: AtomicU64,
    /// [`Closed`] as a number, 0 while open.
    closed: AtomicU8,
    closer: TcpStream,
}

impl Slot {
    fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire) != 0
    }

    /// Closes the connection (the first reason stays); whether this call closed it.
    fn close(&self, why: Closed) -> bool {
        if self.closed.compare_exchange(0, why as u8, Ordering::AcqRel, Ordering::Acquire).is_err() {
            return false;
        }
        // Wakes the connection's thread out of any read or write.
        let _ = self.closer.shutdown(Shutdown::Both);
        true
    }
}

struct Shared {
    limits: Limits,
    base: Instant,
    slots: Mutex<Vec<Arc<Slot>>>,
    stop: AtomicBool,
    next_id: AtomicU64,
    counts: Mutex<Counts>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

impl Shared {
    fn now(&self) -> u64 {
        u64::try_from(self.base.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    fn count(&self, f: impl FnOnce(&mut Counts)) {
        f(&mut lock(&self.counts));
    }

    /// The connection that gives way to a new one among `cands`: the oldest not yet
    /// admitted, else the longest idle past `evict_idle_after`.
    fn victim<'a>(&self, cands: &[&'a Arc<Slot>], now: u64) -> Option<&'a Arc<Slot>> {
        let waiting = cands.iter().filter(|s| !s.admitted.load(Ordering::Acquire)).min_by_key(|s| s.opened);
        if let Some(s) = waiting {
            return Some(s);
        }
        let idle = self.limits.evict_idle_after?;
        let idle = u64::try_from(idle.as_nanos()).unwrap_or(u64::MAX);
        cands
            .iter()
            .map(|s| (s, s.active.load(Ordering::Acquire)))
            .filter(|(_, at)| now.saturating_sub(*at) >= idle)
            .min_by_key(|(_, at)| *at)
            .map(|(s, _)| *s)
    }

    /// Makes room for a connection from `ip`, closing one that may give way if a cap is
    /// reached.
    fn room_for(&self, ip: IpAddr) -> Result<(), Refusal> {
        let slots = lock(&self.slots);
        let now = self.now();
        let live: Vec<&Arc<Slot>> = slots.iter().filter(|s| !s.is_closed()).collect();
        let full = Refusal::Full { max: self.limits.max_conns };
        // Closed connections whose threads still run count too, so that threads stay bounded.
        if slots.len() - live.len() >= self.limits.max_conns {
            return Err(full);
        }
        let same: Vec<&Arc<Slot>> = live.iter().copied().filter(|s| s.ip == ip).collect();
        let victim = if same.len() >= self.limits.max_per_addr {
            Some(self.victim(&same, now).ok_or(Refusal::PerAddress { addr: ip, max: self.limits.max_per_addr })?)
        } else if live.len() >= self.limits.max_conns {
            Some(self.victim(&live, now).ok_or(full)?)
        } else {
            None
        };
        if let Some(v) = victim {
            if v.close(Closed::Evicted) {
                self.count(|c| c.evicted += 1);
            }
        }
        Ok(())
    }

    /// Closes the connections whose admission time or deadline passed.
    fn reap(&self) {
        let now = self.now();
        let admit = u64::try_from(self.limits.admit_within.as_nanos()).unwrap_or(u64::MAX);
        let slots = lock(&self.slots);
        for s in slots.iter().filter(|s| !s.is_closed()) {
            if !s.admitted.load(Ordering::Acquire) && now.saturating_sub(s.opened) >= admit {
                if s.close(Closed::NotAdmitted) {
                    self.count(|c| c.not_admitted += 1);
                }
            } else if now >= s.deadline.load(Ordering::Acquire) && s.close(Closed::Deadline) {
                self.count(|c| c.deadlines += 1);
            }
        }
    }

    fn close_all(&self) {
        for s in lock(&self.slots).iter() {
            s.close(Closed::Shutdown);
        }
    }
}

/// One accepted connection, handed to the wire's handler.
pub struct Conn {
    stream: TcpStream,
    peer: SocketAddr,
    slot: Arc<Slot>,
    shared: Arc<Shared>,
}

impl Conn {
    /// The socket (`&TcpStream` reads and writes).
    pub fn stream(&self) -> &TcpStream {
        &self.stream
    }

    /// The peer's address.
    pub fn peer(&self) -> SocketAddr {
        self.peer
    }

    /// The connection passed what its wire asks first (a handshake, a token): it is no
    /// longer closed at the admission deadline, nor made to give way to newcomers
    /// (unless idle, where [`Limits::evict_idle_after`] says so).
    pub fn admit(&self) {
        self.touch();
        self.slot.admitted.store(true, Ordering::Release);
    }

    /// Whether [`Conn::admit`] was called.
    pub fn admitted(&self) -> bool {
        self.slot.admitted.load(Ordering::Acquire)
    }

    /// The peer did something worth keeping the connection for (a request).
    pub fn touch(&self) {
        self.slot.active.store(self.shared.now(), Ordering::Release);
    }

    /// Closes the connection if the returned guard still lives after `within`: put one
    /// around anything that blocks on the peer (reading a request it started, writing a
    /// reply). Guards do not nest: the last one set rules, and dropping any clears it.
    pub fn deadline(&self, within: Duration) -> Deadline<'_> {
        let at = self.shared.now().saturating_add(u64::try_from(within.as_nanos()).unwrap_or(u64::MAX));
        self.slot.deadline.store(at, Ordering::Release);
        Deadline { slot: &self.slot }
    }

    /// Why the listener closed this connection, if it did.
    pub fn closed(&self) -> Option<Closed> {
        Closed::from_u8(self.slot.closed.load(Ordering::Acquire))
    }

    /// The server is shutting down, or this connection was closed: stop serving it.
    pub fn done(&self) -> bool {
        self.shared.stop.load(Ordering::Acquire) || self.slot.is_closed()
    }

    /// Waits up to `timeout` for something to read (or the peer's end); `Ok(false)`: nothing yet.
    pub fn wait_readable(&self, timeout: Duration) -> std::io::Result<bool> {
        poll_in(self.stream.as_raw_fd(), timeout)
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
        let id = self.slot.id;
        lock(&self.shared.slots).retain(|s| s.id != id);
    }
}

/// A deadline set by [`Conn::deadline`]; dropping it clears the deadline.
#[must_use = "the deadline is cleared when this guard is dropped"]
pub struct Deadline<'a> {
    slot: &'a Slot,
}

impl Drop for Deadline<'_> {
    fn drop(&mut self) {
        self.slot.deadline.store(u64::MAX, Ordering::Release);
    }
}

/// Whether `fd` has something to read within `timeout` (an end or an error counts).
fn poll_in(fd: i32, timeout: Duration) -> std::io::Result<bool> {
    let mut p = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
    let ms = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd for the length given; the descriptor outlives the call.
    let rc = unsafe { libc::poll(&mut p, 1, ms) };
    if rc < 0 {
        let e = std::io::Error::last_os_error();
        return if e.kind() == ErrorKind::Interrupted { Ok(false) } else { Err(e) };
    }
    Ok(rc > 0)
}

/// A listener serving connections on threads of their own.
pub struct Server {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    addr: SocketAddr,
}

impl Server {
    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// What it has done so far.
    pub fn counts(&self) -> Counts {
        let mut c = *lock(&self.shared.counts);
        c.open = lock(&self.shared.slots).len();
        c
    }

    /// Stops accepting, closes every connection and waits (at most a few seconds) for
    /// their threads.
    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Serves `listener`: each connection within `limits` goes to `handler` on a thread
/// named `name`; one turned away gets `refuse`'s message.
pub fn serve(
    listener: TcpListener,
    name: &str,
    limits: Limits,
    refuse: Refuse,
    handler: Handler,
) -> std::io::Result<Server> {
    if limits.max_conns == 0 || limits.max_per_addr == 0 {
        return Err(std::io::Error::new(ErrorKind::InvalidInput, "a listener must allow one connection at least"));
    }
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let shared = Arc::new(Shared {
        limits,
        base: Instant::now(),
        slots: Mutex::new(Vec::new()),
        stop: AtomicBool::new(false),
        next_id: AtomicU64::new(1),
        counts: Mutex::new(Counts::default()),
    });
    let s = shared.clone();
    let name = name.to_string();
    let thread = std::thread::Builder::new()
        .name(format!("{name}-accept"))
        .spawn(move || accept_loop(listener, &s, &name, &refuse, &handler))?;
    Ok(Server { shared, thread: Some(thread), addr })
}

fn accept_loop(listener: TcpListener, shared: &Arc<Shared>, name: &str, refuse: &Refuse, handler: &Handler) {
    let mut threads: Vec<JoinHandle<()>> = Vec::new();
    while !shared.stop.load(Ordering::Acquire) {
        let ready = poll_in(listener.as_raw_fd(), TICK).unwrap_or(false);
        shared.reap();
        threads.retain(|t| !t.is_finished());
        if !ready {
            continue;
        }
        match listener.accept() {
            Ok((stream, peer)) => {
                if let Some(t) = accept(shared, stream, peer, name, refuse, handler) {
                    threads.push(t);
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            // Out of descriptors or memory: the queue waits until some are free.
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    shared.close_all();
    let t0 = Instant::now();
    while !threads.is_empty() && t0.elapsed() < SHUTDOWN_WAIT {
        threads.retain(|t| !t.is_finished());
        std::thread::sleep(Duration::from_millis(5));
    }
    for t in threads.into_iter().filter(|t| t.is_finished()) {
        let _ = t.join();
    }
}

fn accept(
    shared: &Arc<Shared>,
    mut stream: TcpStream,
    peer: SocketAddr,
    name: &str,
    refuse: &Refuse,
    handler: &Handler,
) -> Option<JoinHandle<()>> {
    let _ = stream.set_nonblocking(false);
    if let Err(why) = shared.room_for(peer.ip()) {
        shared.count(|c| c.refused += 1);
        let _ = stream.set_write_timeout(Some(Duration::from_millis(100)));
        refuse(&mut stream, &why);
        return None;
    }
    let closer = stream.try_clone().ok()?;
    let now = shared.now();
    let slot = Arc::new(Slot {
        id: shared.next_id.fetch_add(1, Ordering::Relaxed),
        ip: peer.ip(),
        opened: now,
        admitted: AtomicBool::new(false),
        active: AtomicU64::new(now),
        deadline: AtomicU64::new(u64::MAX),
        closed: AtomicU8::new(0),
        closer,
    });
    lock(&shared.slots).push(slot.clone());
    shared.count(|c| c.accepted += 1);
    let conn = Conn { stream, peer, slot, shared: shared.clone() };
    let h = handler.clone();
    // A thread that cannot be made drops the connection (and its slot) with the closure.
    std::thread::Builder::new().name(format!("{name}-conn")).spawn(move || h(conn)).ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use std::io::{Read, Write};

    /// A wire for the tests: admits on the first line "admit", echoes lines back,
    /// "slow" sets a 100 ms deadline and waits for more.
    fn echo(limits: Limits) -> Server {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let refuse: Refuse = Box::new(|s, why| {
            let _ = writeln!(s, "refused: {why}");
        });
        let handler: Handler = Arc::new(|c: Conn| {
            let mut buf = [0u8; 64];
            loop {
                let n = match c.stream().read(&mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                let text = String::from_utf8_lossy(&buf[..n]).to_string();
                if text.starts_with("admit") {
                    c.admit();
                }
                if text.starts_with("slow") {
                    let _d = c.deadline(Duration::from_millis(100));
                    let _ = c.stream().read(&mut buf);
                    return;
                }
                c.touch();
                if c.stream().write_all(&buf[..n]).is_err() {
                    return;
                }
            }
        });
        serve(l, "test", limits, refuse, handler).unwrap()
    }

    fn limits() -> Limits {
        Limits { max_conns: 3, max_per_addr: 3, admit_within: Duration::from_secs(10), evict_idle_after: None }
    }

    fn connect(s: &Server) -> TcpStream {
        let c = TcpStream::connect(s.local_addr()).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        c
    }

    fn say(c: &mut TcpStream, what: &str) -> String {
        c.write_all(what.as_bytes()).unwrap();
        let mut buf = [0u8; 128];
        let n = c.read(&mut buf).unwrap_or(0);
        String::from_utf8_lossy(&buf[..n]).to_string()
    }

    /// Reads until the end; whether it came within `within`.
    fn closed_within(c: &mut TcpStream, within: Duration) -> bool {
        c.set_read_timeout(Some(within)).unwrap();
        let mut buf = [0u8; 256];
        loop {
            match c.read(&mut buf) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::ConnectionReset => return true,
                Err(_) => return false,
            }
        }
    }

    fn wait_open(s: &Server, n: usize) {
        riptide_testkit::wait_for_ok(Duration::from_secs(10), format!("{n} open"), || {
            let c = s.counts();
            if c.open == n {
                Ok(())
            } else {
                Err(c)
            }
        });
    }

    #[test]
    fn silent_connections_give_way_to_new_ones_oldest_first() {
        let s = echo(limits());
        let mut silent: Vec<TcpStream> = (0..3).map(|_| connect(&s)).collect();
        wait_open(&s, 3);
        let mut fresh = connect(&s);
        assert_eq!(say(&mut fresh, "admit"), "admit");
        assert!(closed_within(&mut silent[0], Duration::from_secs(2)), "the oldest silent one was not closed");
        assert_eq!(say(&mut silent[1], "x"), "x");
        assert_eq!(s.counts().evicted, 1);
    }

    #[test]
    fn admitted_connections_stay_and_newcomers_are_refused_with_the_reason() {
        let s = echo(limits());
        let mut held: Vec<TcpStream> = (0..3).map(|_| connect(&s)).collect();
        for c in &mut held {
            assert_eq!(say(c, "admit"), "admit");
        }
        let mut late = connect(&s);
        let mut text = String::new();
        late.read_to_string(&mut text).unwrap();
        assert_eq!(text, "refused: too many connections from 127.0.0.1 (at most 3)\n");
        let s2 = echo(Limits { max_per_addr: 5, ..limits() });
        let mut held2: Vec<TcpStream> = (0..3).map(|_| connect(&s2)).collect();
        for c in &mut held2 {
            assert_eq!(say(c, "admit"), "admit");
        }
        let mut late = connect(&s2);
        let mut text = String::new();
        late.read_to_string(&mut text).unwrap();
        assert_eq!(text, "refused: too many connections (at most 3)\n");
        assert_eq!(say(&mut held[0], "still"), "still");
        assert_eq!(s.counts().refused, 1);
    }

    /// Whether `c` is still open (nothing to read, no end of file), without waiting.
    fn open_now(c: &TcpStream) -> bool {
        c.set_nonblocking(true).unwrap();
        let r = c.peek(&mut [0u8; 1]);
        c.set_nonblocking(false).unwrap();
        matches!(r, Err(e) if e.kind() == ErrorKind::WouldBlock)
    }

    /// A newcomer that said "admit" and was echoed, or what it got instead (a refusal).
    fn newcomer(s: &Server) -> Result<TcpStream, String> {
        let mut c = connect(s);
        c.write_all(b"admit").map_err(|e| e.to_string())?;
        let mut text = String::new();
        let mut buf = [0u8; 128];
        while let Ok(n @ 1..) = c.read(&mut buf) {
            text.push_str(&String::from_utf8_lossy(&buf[..n]));
            if text == "admit" || text.ends_with('\n') {
                break;
            }
        }
        if text == "admit" {
            Ok(c)
        } else {
            Err(text)
        }
    }

    #[test]
    fn idle_admitted_connections_give_way_where_the_wire_allows() {
        let s = echo(Limits { evict_idle_after: Some(Duration::from_millis(200)), ..limits() });
        let mut held: Vec<TcpStream> = (0..3).map(|_| connect(&s)).collect();
        assert_eq!(say(&mut held[0], "admit"), "admit");
        let t = Instant::now();
        assert_eq!(say(&mut held[1], "admit"), "admit");
        assert_eq!(say(&mut held[2], "admit"), "admit");
        // held[1] is the longest idle now, not the oldest.
        assert_eq!(say(&mut held[0], "busy"), "busy");
        // Newcomers are refused until held[1] has been idle 200 ms; then one takes its place.
        let mut fresh = riptide_testkit::wait_for_ok(Duration::from_secs(10), "a newcomer let in", || newcomer(&s));
        assert!(t.elapsed() >= Duration::from_millis(200), "let in after {:?}", t.elapsed());
        assert!(closed_within(&mut held[1], Duration::from_secs(2)), "the longest idle one was not closed");
        assert_eq!(say(&mut held[0], "x"), "x");
        assert_eq!(say(&mut held[2], "x"), "x");
        assert_eq!(say(&mut fresh, "y"), "y");
        assert_eq!(s.counts().evicted, 1);
    }

    #[test]
    fn unadmitted_connections_are_closed_at_the_deadline() {
        let s = echo(Limits { admit_within: Duration::from_millis(200), ..limits() });
        let t = Instant::now();
        let mut c = connect(&s);
        assert_eq!(say(&mut c, "chatter"), "chatter");
        assert!(closed_within(&mut c, Duration::from_secs(3)));
        assert!(t.elapsed() >= Duration::from_millis(190), "{:?}", t.elapsed());
        let mut ok = connect(&s);
        assert_eq!(say(&mut ok, "admit"), "admit");
        // Past its admission deadline (200 ms from the connect), an admitted one stays.
        riptide_testkit::holds_for(Duration::from_millis(400), "the admitted connection open", || open_now(&ok));
        assert_eq!(say(&mut ok, "alive"), "alive");
        assert_eq!(s.counts().not_admitted, 1);
    }

    #[test]
    fn a_deadline_closes_a_connection_blocked_on_its_peer() {
        let s = echo(limits());
        let mut c = connect(&s);
        assert_eq!(say(&mut c, "admit"), "admit");
        c.write_all(b"slow").unwrap();
        let t = Instant::now();
        assert!(closed_within(&mut c, Duration::from_secs(3)));
        assert!(t.elapsed() < Duration::from_secs(2));
        wait_open(&s, 0);
        assert_eq!(s.counts().deadlines, 1);
    }

    #[test]
    fn shutdown_is_bounded_whatever_the_peers_do() {
        let s = echo(limits());
        let mut held: Vec<TcpStream> = (0..3).map(|_| connect(&s)).collect();
        assert_eq!(say(&mut held[0], "admit"), "admit");
        let t = Instant::now();
        s.shutdown();
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
        for c in &mut held {
            assert!(closed_within(c, Duration::from_secs(1)));
        }
    }
}
