//! `riptide bench --tcp`: connections per second of the user-space TCP, client and server
//! endpoints joined in memory on one thread, beside the kernel's own TCP over loopback
//! driven by a small Rust client/server pair (std::net) in the same run; both counted per
//! second of CPU time, so "per core" means the same on both sides.
//!
//! The workload is the HTTP/1.1 GET pair on both: the client connects, sends a GET,
//! reads the 200 response with a 64-byte body, and closes first (FIN, TIME-WAIT on the
//! client); the server reads the request, answers, and closes when the client has.
//!
//! `--tcp-hold N` instead opens N connections that stay established (each sends one byte,
//! gets one back and waits) and reports the time to open them and the peak RSS.

use crate::Failure;
use riptide_core::host::median;
use riptide_core::host::peak_rss_bytes as peak_rss;
use riptide_core::Nanos;
use riptide_tcp::endpoint::{ClientSpec, EndpointConfig, Load, ServerSpec};
use riptide_tcp::frame::Macs;
use riptide_tcp::program::{self, Payload, Recv, Step};
use riptide_tcp::{CloseMode, Endpoint, Program, TcpConfig};
use serde_json::json;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

const BODY: u32 = 64;
const SERVER: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);

/// CPU seconds this process has used (user + system, all threads).
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the struct we pass; RUSAGE_SELF is always valid.
    let usage = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        u
    };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn endpoints(
    load: Load,
    limit: Option<u64>,
    ips: u32,
    client: Vec<Step>,
    server: Vec<Step>,
) -> Result<(Endpoint, Endpoint), Failure> {
    let compile = |steps: &[Step]| Program::compile(steps).map(Arc::new).map_err(|e| Failure::runtime(e.to_string()));
    let cfg = EndpointConfig {
        tcp: TcpConfig::default(),
        macs: Macs::default(),
        isn_secret: std::process::id() as u64 ^ 0x5eed,
        close: CloseMode::Fin,
        recv_timeout_ns: 3_600_000_000_000,
        verify_checksums: true,
        ..EndpointConfig::default()
    };
    let spec = ClientSpec {
        ips: (Ipv4Addr::new(198, 18, 0, 1), ips),
        ports: (1024, 65535),
        port_stride: 1,
        port_offset: 0,
        servers: vec![(SERVER, 80)].into(),
        program: compile(&client)?,
        load,
        limit,
        tune: None,
        ramp_up_ns: 0,
        phase_ns: 0,
    };
    let listen =
        ServerSpec { listen: vec![(80, compile(&server)?)], ips: Vec::new(), tunes: Vec::new(), listen_at: Vec::new() };
    let err = |e: riptide_tcp::EndpointError| Failure::runtime(e.to_string());
    Ok((
        Endpoint::new(cfg.clone(), Some(spec), ServerSpec::default()).map_err(err)?,
        Endpoint::new(cfg, None, listen).map_err(err)?,
    ))
}

/// Moves every frame each endpoint has to the other; returns how many moved.
fn exchange(client: &mut Endpoint, server: &mut Endpoint, now: u64, buf: &mut [u8]) -> u64 {
    let mut moved = 0;
    while let Some(len) = client.poll_transmit(now, buf) {
        server.handle_frame(now, &buf[..len]);
        moved += 1;
    }
    while let Some(len) = server.poll_transmit(now, buf) {
        client.handle_frame(now, &buf[..len]);
        moved += 1;
    }
    moved
}

struct Measured {
    cps_per_core: f64,
    completed: u64,
    frames: u64,
    cpu_s: f64,
    wall_s: f64,
}

/// The HTTP GET pair in memory on this thread for `secs`, `concurrent` connections open.
fn riptide_http(secs: f64, concurrent: u32) -> Result<(Measured, Endpoint, Endpoint), Failure> {
    let (c, s) = program::http_get("198.19.0.1", "/64", BODY);
    // TIME-WAIT (1 s) holds a tuple per connection closed in the last second.
    let (mut client, mut server) = endpoints(Load::Closed { concurrent }, None, 32, c, s)?;
    let m = drive(&mut client, &mut server, secs);
    Ok((m, client, server))
}

/// Runs `client` and `server` joined in memory on this thread for `secs` of wall time;
/// connections completed per CPU second.
fn drive(client: &mut Endpoint, server: &mut Endpoint, secs: f64) -> Measured {
    let mut buf = vec![0u8; 65_536];
    let t0 = Instant::now();
    let cpu0 = cpu_seconds();
    let mut frames = 0;
    loop {
        let now = t0.elapsed().as_nanos() as u64;
        client.handle_timeout(now);
        server.handle_timeout(now);
        frames += exchange(client, server, now, &mut buf);
        if now as f64 >= secs * 1e9 {
            break;
        }
    }
    let wall_s = t0.elapsed().as_secs_f64();
    let cpu_s = (cpu_seconds() - cpu0).max(1e-9);
    let completed = client.stats().client_app.completed;
    Measured { cps_per_core: completed as f64 / cpu_s, completed, frames, cpu_s, wall_s }
}

/// The kernel's TCP over loopback, in a network namespace of its own (so the
/// benchmark's connections never touch the host's loopback): one server thread and
/// one client thread, the same request and response, the client closing first.
fn kernel_http(secs: f64) -> Result<Measured, Failure> {
    riptide_port::netns::run_isolated(|| kernel_http_here(secs))
        .map_err(|e| Failure::runtime(format!("kernel baseline: {e}")))?
}

fn kernel_http_here(secs: f64) -> Result<Measured, Failure> {
    let io = |e: std::io::Error| Failure::runtime(format!("kernel baseline: {e}"));
    let listener = TcpListener::bind("127.0.0.1:0").map_err(io)?;
    let addr = listener.local_addr().map_err(io)?;
    let header =
        format!("HTTP/1.1 200 OK\r\nServer: riptide\r\nContent-Type: text/plain\r\nContent-Length: {BODY}\r\n\r\n");
    let mut response = header.into_bytes();
    response.extend((0..BODY).map(|k| k as u8));
    let response_len = response.len();
    let stop = Arc::new(AtomicBool::new(false));
    let server_stop = stop.clone();
    let server = std::thread::spawn(move || {
        let mut req = [0u8; 1024];
        for stream in listener.incoming() {
            if server_stop.load(Ordering::Relaxed) {
                break;
            }
            let Ok(mut s) = stream else { continue };
            let _ = s.set_nodelay(true);
            let mut got = 0;
            while !req[..got].windows(4).any(|w| w == b"\r\n\r\n") {
                match s.read(&mut req[got..]) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => got += n,
                }
            }
            let _ = s.write_all(&response);
            // Wait for the client's FIN, then close.
            let _ = s.read(&mut req);
        }
    });
    let request = b"GET /64 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: riptide\r\nAccept: */*\r\n\r\n";
    let t0 = Instant::now();
    let cpu0 = cpu_seconds();
    let mut completed = 0u64;
    let mut buf = vec![0u8; response_len + 64];
    while t0.elapsed().as_secs_f64() < secs {
        let mut s = TcpStream::connect(addr).map_err(io)?;
        s.set_nodelay(true).map_err(io)?;
        s.write_all(request).map_err(io)?;
        let mut got = 0;
        while got < response_len {
            match s.read(&mut buf[got..]).map_err(io)? {
                0 => break,
                n => got += n,
            }
        }
        drop(s);
        completed += 1;
    }
    let wall_s = t0.elapsed().as_secs_f64();
    let cpu_s = (cpu_seconds() - cpu0).max(1e-9);
    stop.store(true, Ordering::Relaxed);
    let _ = TcpStream::connect(addr);
    let _ = server.join();
    Ok(Measured { cps_per_core: completed as f64 / cpu_s, completed, frames: completed * 7, cpu_s, wall_s })
}

/// `profile`'s clients (each template `concurrent` open, closed loop, on 32 client
/// addresses; a closed-loop template its own number) and servers in memory on this thread for `secs`.
fn riptide_profile(
    profile: &riptide_tcp::profile::TcpProfile,
    secs: f64,
    concurrent: u32,
) -> Result<(Measured, Endpoint, Endpoint), Failure> {
    let cfg = EndpointConfig {
        tcp: profile.tcp,
        ip: profile.ip,
        isn_secret: std::process::id() as u64 ^ 0x5eed,
        close: profile.close,
        recv_timeout_ns: 3_600_000_000_000,
        verify_checksums: true,
        ..EndpointConfig::default()
    };
    let clients: Vec<ClientSpec> = profile
        .clients
        .iter()
        .map(|c| ClientSpec {
            ips: (Ipv4Addr::new(198, 18, 0, 1), 32),
            ports: (1024, 65535),
            port_stride: 1,
            port_offset: 0,
            // A closed loop keeps its own concurrency (a bulk profile's few); an open
            // loop's rate becomes `concurrent` held.
            load: match c.load {
                Load::Closed { concurrent } => Load::Closed { concurrent },
                Load::Open { .. } => Load::Closed { concurrent },
            },
            limit: None,
            ..c.clone()
        })
        .collect();
    let err = |e: riptide_tcp::EndpointError| Failure::runtime(e.to_string());
    let mut client = Endpoint::with_clients(cfg.clone(), clients, ServerSpec::default()).map_err(err)?;
    let mut server = Endpoint::new(cfg, None, profile.server.clone()).map_err(err)?;
    let m = drive(&mut client, &mut server, secs);
    Ok((m, client, server))
}

/// `riptide bench --tcp --tcp-profile FILE`: the profile's connections per CPU second,
/// rounds interleaved with the built-in GET pair's (the same-run baseline).
pub(crate) fn bench_tcp_profile(
    path: &std::path::Path,
    duration: Nanos,
    runs: usize,
    json_out: bool,
) -> Result<(), Failure> {
    let name = path.display().to_string();
    let text = if crate::trex::is_python_profile(path) {
        crate::trex::astf(path, None)?
    } else {
        std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{name}: cannot read: {e}")))?
    };
    let profile = riptide_tcp::profile::parse(&text, &name).map_err(|e| Failure::input(e.to_string()))?;
    if profile.clients.is_empty() || profile.server.listen.is_empty() {
        return Err(Failure::input(format!("{name}: bench --tcp-profile needs a client and a server")));
    }
    let secs = duration.as_secs_f64();
    let (mut ours, mut builtin) = (Vec::new(), Vec::new());
    let mut last = None;
    let mut last_tls = (0, 0, 0);
    for _ in 0..runs {
        let (m, client, server) = riptide_profile(&profile, secs, 1000)?;
        let (c, s) = (&client.stats().client, &server.stats().server);
        if client.stats().client_app.recv_timeouts > 0 || c.tcps_sndbyte < s.tcps_rcvbyte {
            return Err(Failure::runtime(format!("bench --tcp-profile: counters inconsistent: {c:?} {s:?}")));
        }
        ours.push(m.cps_per_core);
        last = Some(m);
        let app = &client.stats().client_app;
        last_tls = (app.tls_handshakes, app.tls_resumed, app.tls_failures + server.stats().server_app.tls_failures);
        builtin.push(riptide_http(secs, 1000)?.0.cps_per_core);
    }
    let runs_ours: Vec<f64> = ours.iter().map(|x| x.round()).collect();
    let runs_builtin: Vec<f64> = builtin.iter().map(|x| x.round()).collect();
    let (o, b) = (median(&mut ours), median(&mut builtin));
    let m = last.ok_or_else(|| Failure::input("--runs must be at least 1"))?;
    let per_conn = m.frames as f64 / m.completed.max(1) as f64;
    let tls = last_tls;
    if json_out {
        let v = json!({
            "profile": name,
            "templates": profile.clients.len(),
            "profile_cps_per_core": o,
            "builtin_get_cps_per_core": b,
            "ratio": o / b,
            "runs_profile": runs_ours,
            "runs_builtin": runs_builtin,
            "frames_per_connection": per_conn,
            "tls_handshakes": tls.0,
            "tls_resumed": tls.1,
            "tls_failures": tls.2,
        });
        crate::report::print_json(&v)?;
    } else {
        println!("riptide bench --tcp --tcp-profile {name}: connections per CPU second, client and server on 1 thread");
        println!("runs: profile {runs_ours:?}, built-in GET {runs_builtin:?}");
        println!(
            "profile  {:>10} conn/s per core ({} template(s), 1000 open each or the profile's concurrent; median of {runs})",
            fmt_rate(o),
            profile.clients.len()
        );
        println!("built-in {:>10} conn/s per core (HTTP GET, 64 B body, 1000 open)", fmt_rate(b));
        println!("ratio    {:>10.2} (profile / built-in); {per_conn:.1} frames per connection of the profile", o / b);
        if tls.0 + tls.2 > 0 {
            println!("tls      {} handshakes in the last run, {} resumed, {} failed", tls.0, tls.1, tls.2);
        }
    }
    Ok(())
}

/// `riptide bench --tcp`.
pub(crate) fn bench_tcp(duration: Nanos, runs: usize, json_out: bool) -> Result<(), Failure> {
    let secs = duration.as_secs_f64();
    let (mut ours, mut kernel) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..runs {
        let (m, client, server) = riptide_http(secs, 1000)?;
        check_invariants(&client, &server)?;
        ours.push(m.cps_per_core);
        last = Some(m);
        kernel.push(kernel_http(secs)?.cps_per_core);
    }
    let runs_ours: Vec<f64> = ours.iter().map(|x| x.round()).collect();
    let runs_kernel: Vec<f64> = kernel.iter().map(|x| x.round()).collect();
    let (o, k) = (median(&mut ours), median(&mut kernel));
    let m = last.ok_or_else(|| Failure::input("--runs must be at least 1"))?;
    let slot = Endpoint::slot_bytes();
    if json_out {
        let v = json!({
            "workload": "HTTP/1.1 GET, 64 B body, client closes first, 1000 concurrent",
            "riptide_cps_per_core": o,
            "kernel_loopback_cps_per_core": k,
            "ratio": o / k,
            "runs_riptide": runs_ours,
            "runs_kernel": runs_kernel,
            "frames_per_connection": m.frames as f64 / m.completed.max(1) as f64,
            "slot_bytes": slot,
        });
        crate::report::print_json(&v)?;
    } else {
        println!("riptide bench --tcp: HTTP/1.1 GET (64 B body), client closes first, connections per CPU second");
        println!("runs: riptide {runs_ours:?}, kernel {runs_kernel:?}");
        println!(
            "riptide  {:>10} conn/s per core (client + server endpoints in memory on 1 thread, 1000 open; median of {runs})",
            fmt_rate(o)
        );
        println!(
            "kernel   {:>10} conn/s per core (Linux TCP over loopback, std::net client + server threads)",
            fmt_rate(k)
        );
        println!("ratio    {:>10.2} (riptide / kernel)", o / k);
        println!(
            "last run: {} connections, {:.1} frames each, {:.2} s CPU in {:.2} s; {slot} bytes of state per connection",
            m.completed,
            m.frames as f64 / m.completed.max(1) as f64,
            m.cpu_s,
            m.wall_s
        );
    }
    Ok(())
}

fn fmt_rate(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.2} M", r / 1e6)
    } else {
        format!("{:.1} k", r / 1e3)
    }
}

/// TRex's invariants, checked on the bench's own run (a bench that breaks them is wrong).
fn check_invariants(client: &Endpoint, server: &Endpoint) -> Result<(), Failure> {
    let c = &client.stats().client;
    let s = &server.stats().server;
    let ok = c.tcps_connattempt >= c.tcps_closed
        && c.tcps_closed <= c.tcps_connects
        && s.tcps_accepts >= s.tcps_connects
        && client.stats().client_app.recv_timeouts == 0
        && c.tcps_sndrexmitpack == 0
        && s.tcps_sndrexmitpack == 0;
    if ok {
        Ok(())
    } else {
        Err(Failure::runtime(format!("bench --tcp: counters inconsistent: client {c:?}, server {s:?}")))
    }
}

/// `riptide bench --tcp-hold N`: N connections open at once on one thread.
pub(crate) fn bench_hold(n: u32, json_out: bool) -> Result<(), Failure> {
    let client = vec![Step::Send(Payload::Fill(1)), Step::Recv(Recv::Bytes(1)), Step::Delay(3_600_000_000_000)];
    let server = vec![Step::Recv(Recv::Bytes(1)), Step::Send(Payload::Fill(1)), Step::WaitPeerClose];
    let ips = n.div_ceil(64_000).max(1);
    let rss0 = peak_rss();
    let (mut client, mut server) = endpoints(Load::Closed { concurrent: n }, Some(u64::from(n)), ips, client, server)?;
    let mut buf = vec![0u8; 2048];
    let t0 = Instant::now();
    let cpu0 = cpu_seconds();
    loop {
        let now = t0.elapsed().as_nanos() as u64;
        client.handle_timeout(now);
        server.handle_timeout(now);
        exchange(&mut client, &mut server, now, &mut buf);
        let established = client.stats().client.tcps_connects;
        let answered = client.stats().client.tcps_rcvbyte;
        if established == u64::from(n) && answered == u64::from(n) {
            break;
        }
        if t0.elapsed().as_secs() > 600 {
            return Err(Failure::runtime(format!("bench --tcp-hold: only {established} of {n} established in 600 s")));
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    let rss = peak_rss();
    let active = client.active() + server.active();
    let per_conn = (rss.saturating_sub(rss0)) as f64 / f64::from(n);
    if json_out {
        let v = json!({
            "connections": n, "established_client": client.stats().client.tcps_connects,
            "established_server": server.stats().server.tcps_connects, "open_endpoints": active,
            "seconds": wall, "cpu_seconds": cpu, "peak_rss_bytes": rss, "rss_bytes_per_connection": per_conn,
            "slot_bytes": Endpoint::slot_bytes(),
        });
        crate::report::print_json(&v)?;
    } else {
        println!("riptide bench --tcp-hold: {n} connections established and held, client and server on 1 thread");
        println!(
            "{} client + {} server connections open after {wall:.2} s ({cpu:.2} s CPU)",
            client.stats().client.tcps_connects,
            server.stats().server.tcps_connects
        );
        println!(
            "peak RSS {:.1} MiB: {per_conn:.0} bytes per connection pair (slot {} bytes per side)",
            rss as f64 / (1 << 20) as f64,
            Endpoint::slot_bytes()
        );
    }
    Ok(())
}
