//! A FUSE server for the emulated `/proc/net/pktgen`: the kernel's FUSE protocol (7.x)
//! spoken directly on a `/dev/fuse` descriptor, which [`super::shell`] mounts inside the
//! script's private mount namespace. One flat directory of [`ProcFs`] files; reads and
//! writes go straight to it (direct I/O: no page cache, so every `cat` sees the current
//! text). A `start` written to pgctrl runs on its own thread and its write is answered
//! when the run ends, as the kernel's write returns then; an interrupted write (Ctrl-C
//! in the script) or a `stop` written meanwhile stops the run.
//!
//! Only what the shell, cat, grep and test need is answered; the rest is ENOSYS.

use super::procfs::{Action, ProcFs};
use std::collections::BTreeMap;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

const LOOKUP: u32 = 1;
const FORGET: u32 = 2;
const GETATTR: u32 = 3;
const SETATTR: u32 = 4;
const OPEN: u32 = 14;
const READ: u32 = 15;
const WRITE: u32 = 16;
const RELEASE: u32 = 18;
const FSYNC: u32 = 20;
const FLUSH: u32 = 25;
const INIT: u32 = 26;
const OPENDIR: u32 = 27;
const READDIR: u32 = 28;
const RELEASEDIR: u32 = 29;
const CREATE: u32 = 35;
const INTERRUPT: u32 = 36;
const DESTROY: u32 = 38;
const BATCH_FORGET: u32 = 42;

const FUSE_ATOMIC_O_TRUNC: u32 = 1 << 3;
const FOPEN_DIRECT_IO: u32 = 1;
const MAX_WRITE: u32 = 64 << 10;
const ROOT: u64 = 1;

/// Runs a configured pktgen (its command file) until it ends or `stop` is set; returns
/// each device's result block.
pub(crate) type Runner = dyn Fn(&str, &AtomicBool) -> Result<BTreeMap<String, String>, String> + Send + Sync;

/// The server's shared state.
struct Server {
    fd: OwnedFd,
    fs: Arc<Mutex<ProcFs>>,
    run: Arc<Runner>,
    /// The unique id of the pending `start` write and its stop flag.
    pending: Mutex<Option<(u64, Arc<AtomicBool>)>>,
    inodes: Mutex<Vec<String>>,
}

/// Serves `fd` until the filesystem is unmounted (the script's namespace is gone).
pub(crate) fn serve(fd: OwnedFd, fs: Arc<Mutex<ProcFs>>, run: Arc<Runner>) -> io::Result<()> {
    let s = Arc::new(Server { fd, fs, run, pending: Mutex::new(None), inodes: Mutex::new(vec![]) });
    let mut buf = vec![0u8; MAX_WRITE as usize + 4096];
    loop {
        // SAFETY: reading into a buffer we own, of its length.
        let n = unsafe { libc::read(s.fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            let e = io::Error::last_os_error();
            match e.raw_os_error() {
                Some(libc::EINTR) | Some(libc::ENOENT) | Some(libc::EAGAIN) => continue,
                // Not mounted yet: the helper mounts it a moment after it starts.
                Some(libc::EPERM) => {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    continue;
                }
                Some(libc::ENODEV) => return Ok(()),
                _ => return Err(e),
            }
        }
        let req = &buf[..n as usize];
        if req.len() < 40 {
            continue;
        }
        if !handle(&s, req) {
            return Ok(());
        }
    }
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4).map_or(0, |s| u32::from_ne_bytes([s[0], s[1], s[2], s[3]]))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 8).map_or(0, |s| u64::from_ne_bytes([s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]]))
}

impl Server {
    /// Sends a reply: the header then `body`; `error` is a negative errno or 0.
    fn reply(&self, unique: u64, error: i32, body: &[u8]) {
        let len = 16 + if error == 0 { body.len() } else { 0 };
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(&(len as u32).to_ne_bytes());
        out.extend_from_slice(&error.to_ne_bytes());
        out.extend_from_slice(&unique.to_ne_bytes());
        if error == 0 {
            out.extend_from_slice(body);
        }
        // SAFETY: writing a buffer we own; a failed reply (request aborted) is dropped,
        // as the kernel has dropped the request.
        unsafe { libc::write(self.fd.as_raw_fd(), out.as_ptr().cast(), out.len()) };
    }

    fn err(&self, unique: u64, errno: i32) {
        self.reply(unique, -errno, &[]);
    }

    /// The inode of a file name (stable for the server's life).
    fn ino(&self, name: &str) -> u64 {
        let mut v = self.inodes.lock().unwrap_or_else(|e| e.into_inner());
        let i = v.iter().position(|n| n == name).unwrap_or_else(|| {
            v.push(name.to_string());
            v.len() - 1
        });
        i as u64 + 2
    }

    fn name(&self, ino: u64) -> Option<String> {
        let v = self.inodes.lock().unwrap_or_else(|e| e.into_inner());
        v.get(ino.checked_sub(2)? as usize).cloned()
    }

    fn fs(&self) -> std::sync::MutexGuard<'_, ProcFs> {
        self.fs.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `struct fuse_attr` (88 bytes) of the root or a file.
fn attr(ino: u64) -> Vec<u8> {
    let mut a = Vec::with_capacity(88);
    let dir = ino == ROOT;
    for v in [ino, 0u64, 0, 0, 0, 0] {
        a.extend_from_slice(&v.to_ne_bytes()); // ino, size, blocks, atime, mtime, ctime
    }
    for v in [0u32, 0, 0] {
        a.extend_from_slice(&v.to_ne_bytes()); // nsecs
    }
    let mode: u32 = if dir { libc::S_IFDIR | 0o555 } else { libc::S_IFREG | 0o600 };
    for v in [mode, if dir { 2 } else { 1 }, 0, 0, 0, 4096, 0] {
        a.extend_from_slice(&v.to_ne_bytes()); // mode, nlink, uid, gid, rdev, blksize, flags
    }
    a
}

/// `struct fuse_entry_out`: nodeid, generation, entry/attr validity 0 (always ask again).
fn entry(ino: u64) -> Vec<u8> {
    let mut e = Vec::with_capacity(128);
    for v in [ino, 0u64, 0, 0] {
        e.extend_from_slice(&v.to_ne_bytes());
    }
    e.extend_from_slice(&[0u8; 8]);
    e.extend_from_slice(&attr(ino));
    e
}

fn attr_out(ino: u64) -> Vec<u8> {
    let mut o = vec![0u8; 16];
    o.extend_from_slice(&attr(ino));
    o
}

/// Answers one request; false ends the server.
fn handle(s: &Arc<Server>, req: &[u8]) -> bool {
    let opcode = u32_at(req, 4);
    let unique = u64_at(req, 8);
    let node = u64_at(req, 16);
    let body = &req[40..];
    match opcode {
        INIT => {
            let major = u32_at(body, 0);
            let minor = u32_at(body, 4).min(31);
            if major != 7 {
                s.err(unique, libc::EPROTO);
                return true;
            }
            let mut o = Vec::with_capacity(64);
            for v in [7u32, minor, 0, FUSE_ATOMIC_O_TRUNC] {
                o.extend_from_slice(&v.to_ne_bytes());
            }
            o.extend_from_slice(&16u16.to_ne_bytes()); // max_background
            o.extend_from_slice(&12u16.to_ne_bytes()); // congestion_threshold
            o.extend_from_slice(&MAX_WRITE.to_ne_bytes());
            o.extend_from_slice(&1u32.to_ne_bytes()); // time_gran
            o.extend_from_slice(&16u16.to_ne_bytes()); // max_pages
            o.extend_from_slice(&0u16.to_ne_bytes());
            o.extend_from_slice(&[0u8; 32]);
            s.reply(unique, 0, &o);
        }
        LOOKUP => {
            let name = String::from_utf8_lossy(body.split(|&b| b == 0).next().unwrap_or(&[])).into_owned();
            if node == ROOT && s.fs().exists(&name) {
                s.reply(unique, 0, &entry(s.ino(&name)));
            } else {
                s.err(unique, libc::ENOENT);
            }
        }
        GETATTR | SETATTR => {
            if node == ROOT || s.name(node).is_some_and(|n| s.fs().exists(&n)) {
                s.reply(unique, 0, &attr_out(node));
            } else {
                s.err(unique, libc::ENOENT);
            }
        }
        OPEN | OPENDIR => {
            let mut o = vec![0u8; 16];
            o[8..12].copy_from_slice(&FOPEN_DIRECT_IO.to_ne_bytes());
            s.reply(unique, 0, &o);
        }
        READ => {
            let (offset, size) = (u64_at(body, 8) as usize, u32_at(body, 16) as usize);
            let text = s.name(node).and_then(|n| s.fs().read(&n));
            match text {
                Some(t) => {
                    let b = t.as_bytes();
                    let from = offset.min(b.len());
                    s.reply(unique, 0, &b[from..(from + size).min(b.len())]);
                }
                None => s.err(unique, libc::ENOENT),
            }
        }
        WRITE => {
            let size = u32_at(body, 16) as usize;
            let data = String::from_utf8_lossy(body.get(40..40 + size).unwrap_or(&[])).into_owned();
            let Some(name) = s.name(node) else {
                s.err(unique, libc::ENOENT);
                return true;
            };
            let res = s.fs().write(&name, &data);
            let ok = (size as u32).to_ne_bytes();
            let written = [ok[0], ok[1], ok[2], ok[3], 0, 0, 0, 0];
            match res {
                Err(_) => s.err(unique, libc::EINVAL),
                Ok(Action::Done) => s.reply(unique, 0, &written),
                Ok(Action::Stop) => {
                    if let Some((_, stop)) = s.pending.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    s.reply(unique, 0, &written);
                }
                Ok(Action::Start) => start(s, unique, written),
            }
        }
        READDIR => {
            let offset = u64_at(body, 8) as usize;
            let size = u32_at(body, 16) as usize;
            let files = s.fs().files();
            let mut names: Vec<(u64, String, u32)> = vec![(ROOT, ".".into(), 4), (ROOT, "..".into(), 4)];
            names.extend(files.into_iter().map(|f| (s.ino(&f), f, 8)));
            let mut o = vec![];
            for (i, (ino, name, kind)) in names.iter().enumerate().skip(offset) {
                let len = (24 + name.len()).div_ceil(8) * 8;
                if o.len() + len > size {
                    break;
                }
                o.extend_from_slice(&ino.to_ne_bytes());
                o.extend_from_slice(&(i as u64 + 1).to_ne_bytes());
                o.extend_from_slice(&(name.len() as u32).to_ne_bytes());
                o.extend_from_slice(&kind.to_ne_bytes());
                o.extend_from_slice(name.as_bytes());
                o.resize(o.len().div_ceil(8) * 8, 0);
            }
            s.reply(unique, 0, &o);
        }
        RELEASE | RELEASEDIR | FLUSH | FSYNC => s.reply(unique, 0, &[]),
        CREATE => s.err(unique, libc::EACCES),
        INTERRUPT => {
            let target = u64_at(body, 0);
            if let Some((u, stop)) = s.pending.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                if *u == target {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        FORGET | BATCH_FORGET => {}
        DESTROY => return false,
        _ => s.err(unique, libc::ENOSYS),
    }
    true
}

/// Runs the configured devices on a thread; the `start` write is answered at the end.
fn start(s: &Arc<Server>, unique: u64, written: [u8; 8]) {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let mut p = s.pending.lock().unwrap_or_else(|e| e.into_inner());
        if p.is_some() {
            drop(p);
            s.err(unique, libc::EBUSY);
            return;
        }
        *p = Some((unique, stop.clone()));
    }
    let commands = {
        let mut fs = s.fs();
        fs.set_running(true);
        fs.commands().to_string()
    };
    let s = s.clone();
    std::thread::spawn(move || {
        let res = (s.run)(&commands, &stop);
        {
            let mut fs = s.fs();
            fs.set_running(false);
            match res {
                Ok(blocks) => {
                    fs.set_runs(blocks);
                    s.reply(unique, 0, &written);
                }
                Err(m) => {
                    eprintln!("riptide: pktgen run failed: {m}");
                    fs.run_failed(m);
                    s.err(unique, libc::EIO);
                }
            }
        }
        *s.pending.lock().unwrap_or_else(|e| e.into_inner()) = None;
    });
}
