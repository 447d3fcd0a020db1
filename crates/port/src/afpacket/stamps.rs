//! Departure stamps from the kernel: `SO_TIMESTAMPING` on the transmit socket.
//!
//! The socket reports software stamps (`SOF_TIMESTAMPING_SOFTWARE`) with an id
//! (`OPT_ID`) and no copy of the frame (`OPT_TSONLY`), but asks for none itself: only the
//! frames a [`StampKey`] picks are sent with a control message asking for their stamp
//! (`SO_TIMESTAMPING` = `TX_SOFTWARE`) under an id of riptide's own (`SCM_TS_OPT_ID`,
//! Linux 6.13), so the stamps cost nothing for the other frames and ids never drift from
//! the frames they name, whatever the kernel refused. The driver takes the stamp as it
//! takes the frame (`skb_tx_timestamp`: veth does it just before handing the frame to
//! its peer) and queues it on the socket's error queue, read here with
//! `recvmsg(MSG_ERRQUEUE)`: `SCM_TIMESTAMPING` holds the time (`CLOCK_REALTIME`, the
//! receive ring's clock), `PACKET_TX_TIMESTAMP` the id.
//!
//! The error queue shares the socket's receive buffer: the kernel drops stamps silently
//! once it is full, so the buffer is raised and the queue read after every send; a stamp
//! that never comes is counted as missed when a later one arrives or the queue of ids
//! waiting for one overflows ([`MAX_PENDING`]).

use crate::StampKey;
use riptide_core::Nanos;
use std::collections::VecDeque;
use std::io;
use std::os::fd::RawFd;

/// `SCM_TS_OPT_ID` (`asm-generic/socket.h`, Linux 6.13): the id of one message's stamp.
const SCM_TS_OPT_ID: libc::c_int = 81;
/// `PACKET_TX_TIMESTAMP`: the `sock_extended_err` of a stamp read from a packet socket.
const PACKET_TX_TIMESTAMP: libc::c_int = 16;
/// `SO_EE_ORIGIN_TIMESTAMPING`.
const SO_EE_ORIGIN_TIMESTAMPING: u8 = 4;
/// `SCM_TSTAMP_SND`: the driver's stamp.
const SCM_TSTAMP_SND: u32 = 0;
/// Receive buffer the error queue may fill (a stamp costs under 1 KiB of it).
const ERRQUEUE_BUF: libc::c_int = 4 << 20;
/// Ids waiting for their stamp, at most: older ones count as missed.
pub(super) const MAX_PENDING: usize = 1 << 16;
/// Stamps read per call, at most (the rest on the next).
const MAX_READ: usize = 4096;

/// The control message asking for one frame's stamp under `id`.
#[repr(C, align(8))]
pub(super) struct StampCmsg([u8; 2 * CMSG_SPACE_U32]);

/// `CMSG_SPACE(sizeof(u32))` on 64-bit Linux.
const CMSG_SPACE_U32: usize = 24;

impl StampCmsg {
    pub(super) fn new(id: u32) -> StampCmsg {
        let mut buf = [0u8; 2 * CMSG_SPACE_U32];
        // cmsghdr: len (usize), level (i32), type (i32), then the data.
        let hdr = |b: &mut [u8], ty: libc::c_int, val: u32| {
            let len = std::mem::size_of::<libc::cmsghdr>() + 4;
            b[..8].copy_from_slice(&len.to_ne_bytes());
            b[8..12].copy_from_slice(&libc::SOL_SOCKET.to_ne_bytes());
            b[12..16].copy_from_slice(&ty.to_ne_bytes());
            b[16..20].copy_from_slice(&val.to_ne_bytes());
        };
        hdr(&mut buf[..CMSG_SPACE_U32], libc::SO_TIMESTAMPING, libc::SOF_TIMESTAMPING_TX_SOFTWARE);
        hdr(&mut buf[CMSG_SPACE_U32..], SCM_TS_OPT_ID, id);
        StampCmsg(buf)
    }
}

const _: () = assert!(std::mem::size_of::<libc::cmsghdr>() == 16 && std::mem::size_of::<usize>() == 8);

/// One socket's departure stamps: the frames sent with a request, and what came back.
pub(super) struct TxStamps {
    pub(super) key: StampKey,
    next_id: u32,
    /// Ids sent with a request, oldest first, with the cookie of their frame.
    pending: VecDeque<(u32, u64)>,
    /// Stamps read, waiting for [`take`](Self::take).
    ready: Vec<(u64, Nanos)>,
    /// Requests that got no stamp.
    pub(super) missed: u64,
}

impl TxStamps {
    /// Turns stamp reporting on for socket `fd` (no frame is stamped until asked).
    pub(super) fn enable(fd: RawFd, key: StampKey) -> io::Result<TxStamps> {
        let flags = libc::SOF_TIMESTAMPING_SOFTWARE | libc::SOF_TIMESTAMPING_OPT_ID | libc::SOF_TIMESTAMPING_OPT_TSONLY;
        super::set_opt(fd, libc::SOL_SOCKET, libc::SO_TIMESTAMPING, &flags)?;
        if super::set_opt(fd, libc::SOL_SOCKET, libc::SO_RCVBUFFORCE, &ERRQUEUE_BUF).is_err() {
            super::set_opt(fd, libc::SOL_SOCKET, libc::SO_RCVBUF, &ERRQUEUE_BUF)?;
        }
        Ok(TxStamps { key, next_id: 0, pending: VecDeque::new(), ready: Vec::new(), missed: 0 })
    }

    /// The request for the next frame, whose cookie is `cookie`: its control message.
    pub(super) fn request(&mut self, cookie: u64) -> StampCmsg {
        let id = self.next_id;
        self.next_id = id.wrapping_add(1);
        if self.pending.len() == MAX_PENDING {
            self.pending.pop_front();
            self.missed += 1;
        }
        self.pending.push_back((id, cookie));
        StampCmsg::new(id)
    }

    /// Whether stamps are still to come.
    pub(super) fn waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The last request's frame did not leave: no stamp will come.
    pub(super) fn unsent(&mut self) {
        if self.pending.pop_back().is_some() {
            self.next_id = self.next_id.wrapping_sub(1);
        }
    }

    /// Reads what the error queue holds of socket `fd` (at most [`MAX_READ`]).
    pub(super) fn read(&mut self, fd: RawFd) {
        let mut control = [0u64; 64];
        // Until no request waits: the read that would find the queue empty is saved.
        for _ in 0..MAX_READ {
            if self.pending.is_empty() {
                return;
            }
            let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
            msg.msg_control = control.as_mut_ptr().cast();
            msg.msg_controllen = std::mem::size_of_val(&control);
            // SAFETY: `msg` points at `control`, which outlives the call; no name, no data.
            let rc = unsafe { libc::recvmsg(fd, &mut msg, libc::MSG_ERRQUEUE | libc::MSG_DONTWAIT) };
            if rc < 0 {
                return;
            }
            let (mut at, mut id) = (None, None);
            // SAFETY: the kernel filled `msg_controllen` bytes of `control` with cmsgs,
            // walked with the libc macros that stay inside that length.
            unsafe {
                let mut c = libc::CMSG_FIRSTHDR(&msg);
                while !c.is_null() {
                    let data = libc::CMSG_DATA(c);
                    if (*c).cmsg_level == libc::SOL_SOCKET && (*c).cmsg_type == libc::SO_TIMESTAMPING {
                        let ts: libc::timespec = std::ptr::read_unaligned(data.cast());
                        at = Some(Nanos(ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64));
                    } else if (*c).cmsg_level == libc::SOL_PACKET && (*c).cmsg_type == PACKET_TX_TIMESTAMP {
                        let e: libc::sock_extended_err = std::ptr::read_unaligned(data.cast());
                        if e.ee_origin == SO_EE_ORIGIN_TIMESTAMPING && e.ee_info == SCM_TSTAMP_SND {
                            id = Some(e.ee_data);
                        }
                    }
                    c = libc::CMSG_NXTHDR(&msg, c);
                }
            }
            if let (Some(at), Some(id)) = (at, id) {
                self.matched(id, at);
            }
        }
    }

    /// The stamp of request `id`: the requests before it that are still waiting got none.
    fn matched(&mut self, id: u32, at: Nanos) {
        while let Some(&(first, cookie)) = self.pending.front() {
            // Ids wrap: "before" is within half the id space behind.
            let behind = id.wrapping_sub(first);
            if behind >= 1 << 31 {
                return; // older than every request waiting (already counted)
            }
            self.pending.pop_front();
            if behind == 0 {
                self.ready.push((cookie, at));
                return;
            }
            self.missed += 1;
        }
    }

    /// Hands the stamps read to `sink`.
    pub(super) fn take(&mut self, sink: &mut dyn FnMut(u64, Nanos)) -> usize {
        let n = self.ready.len();
        for (cookie, at) in self.ready.drain(..) {
            sink(cookie, at);
        }
        n
    }
}

/// Sends the ring's requested frames on `fd` with `cmsg` (a zero-length `sendmsg`).
pub(super) fn send_ring_with(fd: RawFd, cmsg: &StampCmsg) -> libc::ssize_t {
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_control = (cmsg as *const StampCmsg).cast_mut().cast();
    msg.msg_controllen = std::mem::size_of::<StampCmsg>();
    // SAFETY: `msg` points at `cmsg`, read during the call; no name, no data.
    unsafe { libc::sendmsg(fd, &msg, libc::MSG_DONTWAIT) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamps() -> TxStamps {
        TxStamps { key: |_| None, next_id: u32::MAX - 1, pending: VecDeque::new(), ready: Vec::new(), missed: 0 }
    }

    #[test]
    fn stamps_match_their_requests_across_the_ids_wrap_and_count_the_missing() {
        let mut s = stamps();
        for cookie in 10..15 {
            let _ = s.request(cookie);
        }
        // Ids u32::MAX-1, u32::MAX, 0, 1, 2: the second and fourth never come back.
        s.matched(u32::MAX - 1, Nanos(1));
        s.matched(0, Nanos(3));
        s.matched(2, Nanos(5));
        s.matched(0, Nanos(9)); // a late duplicate: ignored
        let mut got = Vec::new();
        assert_eq!(s.take(&mut |c, t| got.push((c, t.0))), 3);
        assert_eq!(got, [(10, 1), (12, 3), (14, 5)]);
        assert_eq!(s.missed, 2);
    }

    #[test]
    fn an_unsent_request_gives_its_id_back_and_the_queue_is_bounded() {
        let mut s = stamps();
        let _ = s.request(1);
        s.unsent();
        let _ = s.request(2);
        s.matched(u32::MAX - 1, Nanos(7));
        let mut got = Vec::new();
        s.take(&mut |c, _| got.push(c));
        assert_eq!((got, s.missed), (vec![2], 0));
        for c in 0..MAX_PENDING as u64 + 5 {
            let _ = s.request(c);
        }
        assert_eq!((s.pending.len(), s.missed), (MAX_PENDING, 5));
    }

    #[test]
    fn the_control_message_is_two_well_formed_cmsgs() {
        let m = StampCmsg::new(0xdead_beef);
        let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
        msg.msg_control = (&m as *const StampCmsg).cast_mut().cast();
        msg.msg_controllen = std::mem::size_of::<StampCmsg>();
        let mut seen = Vec::new();
        // SAFETY: walks the buffer built above with the libc macros.
        unsafe {
            let mut c = libc::CMSG_FIRSTHDR(&msg);
            while !c.is_null() {
                let v: u32 = std::ptr::read_unaligned(libc::CMSG_DATA(c).cast());
                seen.push(((*c).cmsg_level, (*c).cmsg_type, (*c).cmsg_len, v));
                c = libc::CMSG_NXTHDR(&msg, c);
            }
        }
        let len = unsafe { libc::CMSG_LEN(4) } as usize;
        assert_eq!(
            seen,
            [
                (libc::SOL_SOCKET, libc::SO_TIMESTAMPING, len, libc::SOF_TIMESTAMPING_TX_SOFTWARE),
                (libc::SOL_SOCKET, SCM_TS_OPT_ID, len, 0xdead_beef)
            ]
        );
    }
}
