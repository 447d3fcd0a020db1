//! Helpers shared by the CLI test binaries: run the `riptide` binary from the repository root.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// The longest any one `riptide` command of a test may run: past it the test fails (and
/// the command is killed) instead of hanging CI.
pub(crate) const COMMAND_BOUND: Duration = Duration::from_secs(300);

/// `riptide` with the arguments of `line` (split at spaces).
pub(crate) fn cli(line: &str) -> Output {
    riptide(&line.split(' ').collect::<Vec<_>>())
}

/// `line` is refused as bad input: exit 2, nothing on stdout, one line on stderr with
/// `want`.
pub(crate) fn refused(line: &str, want: &str) {
    let o = cli(line);
    assert_eq!(o.status.code(), Some(2), "{line}: {}", text(&o));
    let e = stderr(&o);
    assert!(e.contains(want), "{line}: {e}");
    assert_eq!(e.lines().count(), 1, "{line}: {e}");
    assert!(o.stdout.is_empty(), "{line}: {}", text(&o));
}

/// Runs `riptide ARGS` in the repository root, within [`COMMAND_BOUND`].
pub(crate) fn riptide(args: &[&str]) -> Output {
    let child = spawn_in_repo(Command::new(env!("CARGO_BIN_EXE_riptide")).args(args));
    wait_within(child, COMMAND_BOUND, &format!("riptide {}", args.join(" ")))
}

/// Starts `cmd` in the repository root with no input and its output piped (for
/// [`wait_within`]).
pub(crate) fn spawn_in_repo(cmd: &mut Command) -> Child {
    cmd.current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
}

/// Waits for `child` (its stdout and stderr piped) at most `limit`; past it, kills it and
/// fails the test with what it printed.
pub(crate) fn wait_within(mut child: Child, limit: Duration, what: &str) -> Output {
    use std::io::Read;
    let pipe = |p: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            if let Some(mut p) = p {
                let _ = p.read_to_end(&mut v);
            }
            v
        })
    };
    let out = pipe(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = pipe(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let mut status = None;
    if !riptide_testkit::within(limit, || {
        status = child.try_wait().expect("wait");
        status.is_some()
    }) {
        let _ = child.kill();
        let _ = child.wait();
        let (o, e) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
        panic!(
            "{what}: still running after {limit:?}, killed\n{}{}",
            String::from_utf8_lossy(&o),
            String::from_utf8_lossy(&e)
        );
    }
    let status = status.expect("exited");
    Output { status, stdout: out.join().unwrap_or_default(), stderr: err.join().unwrap_or_default() }
}

/// The thread ids of the engine's workers (threads named `riptide-w*`) in process `pid`:
/// some while a run goes, none before it starts or after it ends.
pub(crate) fn worker_threads(pid: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    let mut out: Vec<u32> = dir
        .flatten()
        .filter(|t| std::fs::read_to_string(t.path().join("comm")).is_ok_and(|n| n.starts_with("riptide-w")))
        .filter_map(|t| t.file_name().to_str()?.parse().ok())
        .collect();
    out.sort();
    out
}

/// The repository root.
pub(crate) fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// stdout and stderr together.
pub(crate) fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// stderr.
pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Whether the test may go on: tshark, the decoding oracle, is on PATH. Without it the
/// test fails saying so, or with `RIPTIDE_ALLOW_SKIP=1` this returns `false` and the skip
/// is counted (riptide_testkit; docs/testing.md).
#[track_caller]
pub(crate) fn require_tshark() -> bool {
    riptide_testkit::require_tool("tshark")
}

/// Runs tshark with checksum validation on; returns its stdout lines.
pub(crate) fn tshark(pcap: &Path, filter: &str, fields: &[&str]) -> Vec<String> {
    let mut c = Command::new("tshark");
    c.args(["-n", "-r"]).arg(pcap);
    // Payloads are test patterns, not application data: decode every port's
    // payload as data so an application dissector (TAPA on port 5000, say)
    // does not call a well-formed UDP datagram malformed.
    c.args(["-d", "udp.port==1-65535,data", "-d", "tcp.port==1-65535,data"]);
    for o in ["ip.check_checksum:TRUE", "udp.check_checksum:TRUE", "tcp.check_checksum:TRUE"] {
        c.args(["-o", o]);
    }
    if !filter.is_empty() {
        c.args(["-Y", filter]);
    }
    if !fields.is_empty() {
        c.args(["-T", "fields"]);
        for f in fields {
            c.args(["-e", f]);
        }
    }
    let o = c.output().expect("tshark");
    assert!(o.status.success(), "tshark failed: {}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).lines().map(str::to_string).filter(|l| !l.is_empty()).collect()
}

/// A display filter matching anything tshark finds wrong (malformed, bad checksums).
pub(crate) const BAD: &str = "_ws.malformed or _ws.expert.severity == error or ip.checksum.status == \"Bad\" or udp.checksum.status == \"Bad\" \
                   or tcp.checksum.status == \"Bad\" or icmp.checksum.status == \"Bad\" or icmpv6.checksum.status == \"Bad\"";

/// An interface's counter (`tx_packets`, `rx_packets`, ...) as the kernel keeps it, read
/// inside namespace `ns`.
pub(crate) fn kernel_counter(ns: &str, ifname: &str, what: &str) -> u64 {
    let o = Command::new("ip")
        .args(["netns", "exec", ns, "cat", &format!("/sys/class/net/{ifname}/statistics/{what}")])
        .output()
        .unwrap();
    String::from_utf8_lossy(&o.stdout).trim().parse().unwrap()
}

/// A fresh veth pair between two namespaces of its own ([`riptide_port::netns::TestNet`],
/// removed when dropped). Where this machine cannot make one (no root, no `ip netns`)
/// the test fails naming what it needs, or with `RIPTIDE_ALLOW_SKIP=1` this is `None`
/// and the skip is counted (riptide_testkit).
#[track_caller]
pub(crate) fn test_net() -> Option<riptide_port::netns::TestNet> {
    if !riptide_testkit::require(riptide_port::netns::test_support()) {
        return None;
    }
    Some(riptide_port::netns::TestNet::new().unwrap())
}

/// The frames of a classic pcap file (microsecond or nanosecond, either byte order).
#[allow(dead_code)]
pub(crate) fn pcap_frames(path: &Path) -> Vec<Vec<u8>> {
    let b = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(b.len() >= 24, "{}: no pcap header", path.display());
    let le = matches!(&b[..4], [0xd4, 0xc3, 0xb2, 0xa1] | [0x4d, 0x3c, 0xb2, 0xa1]);
    let u32_at = |i: usize| {
        let w = [b[i], b[i + 1], b[i + 2], b[i + 3]];
        if le {
            u32::from_le_bytes(w)
        } else {
            u32::from_be_bytes(w)
        }
    };
    let mut out = Vec::new();
    let mut at = 24;
    while at + 16 <= b.len() {
        let incl = u32_at(at + 8) as usize;
        out.push(b[at + 16..at + 16 + incl].to_vec());
        at += 16 + incl;
    }
    out
}

/// The IPv4 source address of an untagged Ethernet frame.
#[allow(dead_code)]
pub(crate) fn ipv4_src(frame: &[u8]) -> [u8; 4] {
    [frame[26], frame[27], frame[28], frame[29]]
}
