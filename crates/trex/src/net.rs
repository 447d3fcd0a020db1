//! The ZeroMQ sockets of `riptide serve --trex`: REP for requests, PUB for counters and
//! events, on one thread of their own (a single-threaded tokio runtime: the zeromq
//! crate is async). The state ([`Trex`]) sits behind a mutex held only between awaits.
//!
//! ZeroMQ comes from the `zeromq` crate: pure Rust, so the build needs no libzmq (the
//! `zmq` crate compiles libzmq's C++); TRex's client (pyzmq over libzmq) talks to it.

use crate::server::{error_reply, Trex};
use riptide_engine::EngineConfig;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use zeromq::{Socket, SocketRecv, SocketSend};

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
}

/// A running server.
pub struct TrexHandle {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The REQ/REP address.
    pub rpc: SocketAddr,
    /// The PUB address.
    pub publish: SocketAddr,
}

impl TrexHandle {
    /// Stops traffic, closes the sockets and waits for the thread.
    pub fn shutdown(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn lock(m: &Mutex<Trex>) -> std::sync::MutexGuard<'_, Trex> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// Binds both sockets and serves in a background thread; an address that cannot be
/// bound is an error here, before anything is served.
pub fn serve(cfg: TrexConfig) -> std::io::Result<TrexHandle> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel::<Result<(), String>>();
    let s = stop.clone();
    let c = cfg.clone();
    let thread = std::thread::Builder::new().name("riptide-trex".into()).spawn(move || {
        let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(rt) => rt,
            Err(e) => {
                let _ = tx.send(Err(format!("runtime: {e}")));
                return;
            }
        };
        rt.block_on(run(c, s, tx));
    })?;
    match rx.recv() {
        Ok(Ok(())) => Ok(TrexHandle { stop, thread: Some(thread), rpc: cfg.rpc, publish: cfg.publish }),
        Ok(Err(e)) => {
            let _ = thread.join();
            Err(std::io::Error::new(std::io::ErrorKind::AddrInUse, e))
        }
        Err(_) => {
            let _ = thread.join();
            Err(std::io::Error::other("the TRex server thread ended at start"))
        }
    }
}

async fn run(cfg: TrexConfig, stop: Arc<AtomicBool>, ready: std::sync::mpsc::Sender<Result<(), String>>) {
    let mut rep = zeromq::RepSocket::new();
    if let Err(e) = rep.bind(&format!("tcp://{}", cfg.rpc)).await {
        let _ = ready.send(Err(format!("cannot serve TRex RPC on {}: {e}", cfg.rpc)));
        return;
    }
    let mut publisher = zeromq::PubSocket::new();
    if let Err(e) = publisher.bind(&format!("tcp://{}", cfg.publish)).await {
        let _ = ready.send(Err(format!("cannot publish TRex events on {}: {e}", cfg.publish)));
        return;
    }
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id()).rotate_left(32);
    let state = Arc::new(Mutex::new(Trex::new(cfg.engine.clone(), seed)));
    let _ = ready.send(Ok(()));

    let st = state.clone();
    let requests = tokio::spawn(async move {
        loop {
            let msg = match rep.recv().await {
                Ok(m) => m,
                Err(_) => {
                    // A peer that broke the protocol; the socket goes on with the others.
                    tokio::time::sleep(Duration::from_millis(1)).await;
                    continue;
                }
            };
            let reply = if msg.len() == 1 {
                let frame = msg.get(0).map(|b| b.to_vec()).unwrap_or_default();
                lock(&st).handle(&frame)
            } else {
                let e =
                    error_reply(&serde_json::Value::Null, crate::server::code::PARSE, "a request is one ZeroMQ frame");
                serde_json::to_vec(&e).unwrap_or_default()
            };
            if rep.send(reply.into()).await.is_err() {
                continue;
            }
        }
    });

    let mut since_global = Duration::ZERO;
    let step = Duration::from_millis(50);
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(step).await;
        since_global += step;
        let messages = if since_global >= cfg.interval {
            since_global = Duration::ZERO;
            lock(&state).tick()
        } else {
            lock(&state).drain_outbox()
        };
        for m in messages {
            let bytes = serde_json::to_vec(&m).unwrap_or_default();
            let _ = publisher.send(bytes.into()).await;
        }
    }
    requests.abort();
    lock(&state).shutdown();
}
