//! The `sendmmsg` transmit path of an AF_PACKET port: frames in a plain [`Arena`], handed
//! to the kernel as one message each, one system call per batch.
//!
//! Kept beside the transmit ring ([`super::tx_ring`]) as the simpler path: it needs no
//! ring memory and the kernel checks every frame itself (too long for the MTU:
//! `EMSGSIZE`; shorter than a header: `EINVAL`). It measures slower on veth (each frame
//! pays the socket layer's per-message work); BENCHMARKS.md has the figures.

use crate::arena::Arena;
use riptide_core::{PortCounters, TxBatch};
use std::io;
use std::os::fd::RawFd;

/// `sendmmsg` headers and the arena their iovecs point into.
pub(super) struct MmsgTx {
    arena: Arena,
    hdrs: Vec<libc::mmsghdr>,
    iovs: Vec<libc::iovec>,
}

// SAFETY: the raw pointers inside `hdrs`/`iovs` point only into `arena` and `iovs`, which
// move with the value; they are rewritten right before each `sendmmsg` and never
// dereferenced by Rust code, so moving the value to another thread leaves nothing
// dangling or shared.
unsafe impl Send for MmsgTx {}

impl MmsgTx {
    /// `slots` frames of up to `max_frame` bytes per batch.
    pub(super) fn new(slots: usize, max_frame: usize) -> Self {
        let hdr = libc::mmsghdr {
            msg_hdr: libc::msghdr {
                msg_name: std::ptr::null_mut(),
                msg_namelen: 0,
                msg_iov: std::ptr::null_mut(),
                msg_iovlen: 1,
                msg_control: std::ptr::null_mut(),
                msg_controllen: 0,
                msg_flags: 0,
            },
            msg_len: 0,
        };
        let iov = libc::iovec { iov_base: std::ptr::null_mut(), iov_len: 0 };
        MmsgTx { arena: Arena::new(slots, max_frame), hdrs: vec![hdr; slots], iovs: vec![iov; slots] }
    }

    /// Lends up to `want` arena slots.
    pub(super) fn lend(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    /// Sends the first `n` committed frames on `fd`; counts and returns as
    /// `TxRing::send` does.
    pub(super) fn send(&mut self, fd: RawFd, n: usize, c: &mut PortCounters, retries: u32) -> (usize, Option<i32>) {
        let n = n.min(self.hdrs.len());
        let MmsgTx { arena, hdrs, iovs } = self;
        for ((iov, hdr), (frame, _)) in iovs.iter_mut().zip(hdrs.iter_mut()).zip(arena.committed(n)) {
            // sendmmsg only reads through these pointers.
            *iov = libc::iovec { iov_base: frame.as_ptr().cast_mut().cast(), iov_len: frame.len() };
            hdr.msg_hdr.msg_iov = iov;
            hdr.msg_hdr.msg_iovlen = 1;
        }
        let meta = arena.meta(n);
        let (mut done, mut tries, mut failed, mut last_err) = (0usize, 0u32, 0u64, None);
        while done < n {
            let rest = &mut hdrs[done..n];
            // SAFETY: `rest` holds `rest.len()` initialised headers, each pointing at one
            // iovec that points at a committed frame of the arena; all of it outlives the
            // call, and the kernel writes only the headers' `msg_len` fields.
            let rc = unsafe { libc::sendmmsg(fd, rest.as_mut_ptr(), rest.len() as libc::c_uint, libc::MSG_DONTWAIT) };
            if rc > 0 {
                let k = rc as usize;
                c.opackets += k as u64;
                c.obytes += meta[done..done + k].iter().map(|m| u64::from(m.len)).sum::<u64>();
                done += k;
                tries = 0;
                continue;
            }
            let errno = if rc == 0 { libc::EAGAIN } else { io::Error::last_os_error().raw_os_error().unwrap_or(0) };
            match errno {
                libc::EAGAIN | libc::ENOBUFS | libc::EINTR if tries < retries => {
                    tries += 1;
                    if tries % 16 == 0 {
                        std::thread::yield_now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
                // This frame is unsendable (too long for the MTU, shorter than a header).
                libc::EMSGSIZE | libc::EINVAL => {
                    last_err = Some(errno);
                    failed += 1;
                    done += 1;
                    tries = 0;
                }
                _ => {
                    last_err = Some(errno);
                    failed += (n - done) as u64;
                    break;
                }
            }
        }
        c.oerrors += failed;
        (n - failed as usize, last_err)
    }
}
