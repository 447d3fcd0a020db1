//! The transmit side of an AF_PACKET port: a `PACKET_TX_RING` whose frames are lent to
//! the producer and copied whole into each packet by the kernel.
//!
//! Why a ring, and why virtio-net headers. With `sendmmsg` every frame pays the socket
//! layer's per-message work (copying the message header and its iovec in, the security
//! hook, the address checks). A transmit ring hands the kernel a whole batch with one
//! `sendto(2)` and no per-frame message at all. On its own, though, the ring makes the
//! kernel build each packet from *page fragments* of the ring past the Ethernet header,
//! which costs a page reference per frame and makes the receiver pull the headers out of
//! the fragment (that is why the plain `PACKET_TX_RING` sender is slower than `sendmmsg`
//! on veth). Enabling `PACKET_VNET_HDR` and putting a 10-byte `virtio_net_hdr` in front of
//! each frame, all zero but `hdr_len` = the frame's length, tells the kernel to copy that
//! many bytes into the packet's linear part: the frame travels exactly as a `sendmmsg`
//! frame does, without the per-message cost. No offloads are asked for (no checksum, no
//! segmentation): the frame leaves as written.
//!
//! Frame layout (`TPACKET_V2`, `PACKET_TX_HAS_OFF`):
//!
//! ```text
//! 0         32                  54            64                       frame_size
//! | tpacket2_hdr | (unused)     | virtio_net_hdr | Ethernet frame ... |
//! ```
//!
//! The Ethernet frame starts on a cache line of its own (offset 64), which is what the
//! producer is lent.
//!
//! Protocol with the kernel. A frame belongs to user space while its status is
//! `TP_STATUS_AVAILABLE`; user space fills it and sets `TP_STATUS_SEND_REQUEST`; during
//! `sendto` the kernel takes requested frames strictly in ring order from its head,
//! building a packet from each (status `TP_STATUS_SENDING`), and sets the status back to
//! available when the packet is freed. The kernel touches the ring only inside our
//! `sendto` calls and in packet destructors (which only flip a sending frame back to
//! available), so after `sendto` returns, the frames still marked requested are exactly
//! those it did not take, and user space may take them back.
//!
//! Because the kernel skips the MTU check when virtio-net headers are on, frames longer
//! than the interface's MTU allows (plus 4 bytes for an 802.1Q tag, as the kernel allows)
//! or shorter than an Ethernet header are refused here, before the kernel sees them, and
//! counted as `oerrors`, the same frames `sendmmsg` would refuse. `PACKET_LOSS` is set as
//! a safety net: should the kernel still find a frame malformed it skips it instead of
//! stopping the ring.

use super::stamps::{send_ring_with, StampCmsg, TxStamps};
use super::{set_opt, ETH_HLEN};
use crate::mapping::Mapping;
use riptide_core::{PortCounters, TxBatch, TxMeta};
use std::io;
use std::mem::{offset_of, size_of};
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicU32, Ordering};

/// Where the Ethernet frame starts inside a ring frame.
const DATA_OFF: usize = 64;
/// Size of `struct virtio_net_hdr` (what `PACKET_VNET_HDR` puts before each frame).
const VNET_HDR_LEN: usize = 10;
/// Where the virtio-net header starts (`tp_mac` with `PACKET_TX_HAS_OFF`).
const VNET_OFF: usize = DATA_OFF - VNET_HDR_LEN;
/// `virtio_net_hdr.hdr_len`: bytes the kernel copies into the packet's linear part.
const VNET_HDR_LEN_FIELD: usize = 2;

const ST_STATUS: usize = offset_of!(libc::tpacket2_hdr, tp_status);
const ST_LEN: usize = offset_of!(libc::tpacket2_hdr, tp_len);
const ST_SNAPLEN: usize = offset_of!(libc::tpacket2_hdr, tp_snaplen);
const ST_MAC: usize = offset_of!(libc::tpacket2_hdr, tp_mac);

/// Ring block size for frames up to this size; larger frames get blocks of their own size
/// (either rounded up to whole pages).
const BLOCK_SIZE: usize = 64 << 10;

/// The page size (ring blocks are whole pages).
fn page_size() -> usize {
    // SAFETY: sysconf only reads a system value.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

/// The mapped transmit ring and where user space stands in it.
pub(super) struct TxRing {
    map: Mapping,
    frame_size: usize,
    frames_per_block: usize,
    block_size: usize,
    frames: usize,
    /// Next frame to fill; equal to the kernel's head whenever no frame is requested.
    next: usize,
    /// Frame numbers lent by the last `lend`, and their data offsets.
    lent: Vec<usize>,
    offsets: Vec<usize>,
    meta: Vec<TxMeta>,
    /// Longest frame the interface takes (MTU + Ethernet header); 802.1Q frames 4 more.
    max_len: usize,
}

impl TxRing {
    /// Sets up a ring of at least `frames` frames, each holding a frame of up to
    /// `max_frame` bytes, on the (not yet bound) packet socket `fd`, lending up to
    /// `slots` frames per batch. `mtu` is the interface's.
    pub(super) fn new(fd: RawFd, frames: usize, max_frame: usize, slots: usize, mtu: usize) -> io::Result<Self> {
        let version = libc::tpacket_versions::TPACKET_V2 as libc::c_int;
        set_opt(fd, libc::SOL_PACKET, libc::PACKET_VERSION, &version)?;
        set_opt(fd, libc::SOL_PACKET, libc::PACKET_VNET_HDR, &1 as &libc::c_int)?;
        set_opt(fd, libc::SOL_PACKET, libc::PACKET_TX_HAS_OFF, &1 as &libc::c_int)?;
        set_opt(fd, libc::SOL_PACKET, libc::PACKET_LOSS, &1 as &libc::c_int)?;
        let frame_size = (DATA_OFF + max_frame.max(ETH_HLEN)).next_multiple_of(64);
        let block_size = BLOCK_SIZE.max(frame_size).next_multiple_of(page_size());
        let frames_per_block = block_size / frame_size;
        let blocks = frames.max(slots).max(1).div_ceil(frames_per_block);
        let too_big = || io::Error::new(io::ErrorKind::InvalidInput, "transmit ring larger than 1 GiB");
        let len = block_size.checked_mul(blocks).filter(|&l| l <= 1 << 30).ok_or_else(too_big)?;
        let frames = blocks * frames_per_block;
        let req = libc::tpacket_req {
            tp_block_size: block_size as u32,
            tp_block_nr: blocks as u32,
            tp_frame_size: frame_size as u32,
            tp_frame_nr: frames as u32,
        };
        set_opt(fd, libc::SOL_PACKET, libc::PACKET_TX_RING, &req)?;
        let map = Mapping::shared(fd, len, 0)?;
        let slots = slots.clamp(1, frames);
        Ok(TxRing {
            map,
            frame_size,
            frames_per_block,
            block_size,
            frames,
            next: 0,
            lent: Vec::with_capacity(slots),
            offsets: Vec::with_capacity(slots),
            meta: vec![TxMeta::default(); slots],
            max_len: mtu + ETH_HLEN,
        })
    }

    /// Frames in the ring.
    pub(super) fn frames(&self) -> usize {
        self.frames
    }

    /// Offset of frame `i` in the mapping.
    fn frame_off(&self, i: usize) -> usize {
        (i / self.frames_per_block) * self.block_size + (i % self.frames_per_block) * self.frame_size
    }

    /// The status word of frame `i`, shared with the kernel.
    fn status(&self, i: usize) -> &AtomicU32 {
        debug_assert!(i < self.frames);
        // SAFETY: `i < frames`, so the word (at the start of the frame) lies inside the
        // mapping, which lives as long as `self`; frames are 64-byte aligned, so it is
        // 4-aligned. The kernel writes this word too, so it is only accessed atomically.
        unsafe { AtomicU32::from_ptr(self.map.ptr().as_ptr().add(self.frame_off(i) + ST_STATUS).cast()) }
    }

    /// Copies `bytes` to offset `at` of an available frame (user space owns it).
    fn write(&mut self, at: usize, bytes: &[u8]) {
        assert!(at + bytes.len() <= self.map.len());
        // SAFETY: the range lies inside the mapping (checked), which lives as long as
        // `self`. Callers write only into frames that are available and were lent: the
        // kernel neither reads nor writes those until their status says "send request".
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.map.ptr().as_ptr().add(at), bytes.len()) }
    }

    /// Moves `len` bytes of a lent frame from offset `from` to offset `to` (another lent
    /// frame, so the ranges do not overlap).
    fn move_frame(&mut self, from: usize, to: usize, len: usize) {
        assert!(from.max(to) + len <= self.map.len() && from.abs_diff(to) >= len);
        // SAFETY: both ranges lie inside the mapping (checked) and do not overlap
        // (checked); both belong to lent, available frames (see `write`).
        unsafe {
            let base = self.map.ptr().as_ptr();
            std::ptr::copy_nonoverlapping(base.add(from), base.add(to), len);
        }
    }

    /// Lends up to `want` consecutive available frames from `next` on: fewer (or none)
    /// while the kernel still holds the frames ahead (back-pressure).
    pub(super) fn lend(&mut self, want: usize) -> TxBatch<'_> {
        let want = want.min(self.meta.len());
        self.lent.clear();
        self.offsets.clear();
        let mut i = self.next;
        while self.lent.len() < want && self.status(i).load(Ordering::Acquire) == libc::TP_STATUS_AVAILABLE {
            self.lent.push(i);
            self.offsets.push(self.frame_off(i) + DATA_OFF);
            i = if i + 1 == self.frames { 0 } else { i + 1 };
        }
        let capacity = self.frame_size - DATA_OFF;
        // SAFETY: the mapping lives as long as `self`, which the batch borrows. The batch
        // touches only the lent slots (the data areas of available frames): the kernel
        // does not touch those until `send` requests them, after the borrow has ended,
        // and user space reaches them only through the batch meanwhile. The frames the
        // kernel is still sending, and every status word, are not part of the batch.
        unsafe { TxBatch::from_raw(self.map.ptr(), self.map.len(), &self.offsets, capacity, &mut self.meta) }
            .unwrap_or_else(|_| TxBatch::empty())
    }

    /// Why the kernel would refuse a frame of `len` bytes at `data` (an errno), if it would.
    fn refusal(&self, data: usize, len: usize) -> Option<i32> {
        if len > usize::from(u16::MAX) - DATA_OFF {
            return Some(libc::EMSGSIZE);
        }
        super::wire_refusal(len, self.max_len, || {
            let map = self.map.ptr().as_ptr();
            // SAFETY: only called for `len > max_len >= 14`: bytes `data + 12..data + 14`
            // lie inside the lent frame, in the mapping.
            unsafe { [*map.add(data + 12), *map.add(data + 13)] }
        })
    }

    /// Sends the first `n` frames of the last batch on socket `fd`: requests them, wakes
    /// the kernel, and counts what it took in `c` (`opackets`, `obytes`) and what it
    /// refused or never took in `c.oerrors`. `retries` bounds the wake-ups that make no
    /// progress (`ENOBUFS`, `EAGAIN`). Returns the frames accepted and the errno of the
    /// last refusal, if any.
    pub(super) fn send(
        &mut self,
        fd: RawFd,
        n: usize,
        c: &mut PortCounters,
        retries: u32,
        mut stamps: Option<&mut TxStamps>,
    ) -> (usize, Option<i32>) {
        let n = n.min(self.lent.len());
        let mut last_err = None;
        // Refused frames leave holes; later frames move down over them, so the ones
        // requested are consecutive from `next` (the kernel stops at the first gap).
        let mut k = 0;
        for j in 0..n {
            let (off, len) = (self.offsets[j], self.meta[j].len as usize);
            if let Some(e) = self.refusal(off, len) {
                last_err = Some(e);
                c.oerrors += 1;
                continue;
            }
            if k != j {
                self.move_frame(off, self.offsets[k], len);
                self.meta[k] = self.meta[j];
            }
            k += 1;
        }
        // The frames go in segments: each frame that wants a departure stamp alone, with
        // its request; the frames between them together, as without stamps.
        let mut done = 0usize;
        while done < k {
            let (end, cmsg) = match stamps.as_deref_mut().and_then(|s| (s.key)(self.frame(done)).map(|c| (s, c))) {
                Some((s, cookie)) => (done + 1, Some(s.request(cookie))),
                None => {
                    let mut end = done + 1;
                    if let Some(s) = stamps.as_deref() {
                        while end < k && (s.key)(self.frame(end)).is_none() {
                            end += 1;
                        }
                    } else {
                        end = k;
                    }
                    (end, None)
                }
            };
            for j in done..end {
                self.request(j);
            }
            let ok = self.flush(fd, &mut done, end, cmsg.as_ref(), c, retries, &mut last_err);
            if !ok {
                if let (Some(s), Some(_)) = (stamps.as_deref_mut(), &cmsg) {
                    if done < end {
                        s.unsent();
                    }
                }
                break;
            }
        }
        if let Some(s) = stamps.filter(|s| s.waiting()) {
            s.read(fd);
        }
        // What the kernel did not take goes back to user space; its head stays on the
        // first of these frames, which is where the next batch starts.
        for j in done..k {
            self.status(self.lent[j]).store(libc::TP_STATUS_AVAILABLE, Ordering::Release);
        }
        c.oerrors += (k - done) as u64;
        if let Some(&first) = self.lent.get(done) {
            self.next = first;
        } else if let Some(&last) = self.lent[..k].last() {
            self.next = if last + 1 == self.frames { 0 } else { last + 1 };
        }
        self.lent.clear();
        self.offsets.clear();
        (done, last_err)
    }

    /// The `j`th lent frame's bytes (its length as committed).
    fn frame(&self, j: usize) -> &[u8] {
        let (off, len) = (self.offsets[j], self.meta[j].len as usize);
        assert!(off + len <= self.map.len());
        // SAFETY: inside the mapping (checked), in a lent frame the kernel does not touch
        // until it is requested; the borrow of `self` keeps user space from writing it.
        unsafe { std::slice::from_raw_parts(self.map.ptr().as_ptr().add(off), len) }
    }

    /// Fills in the ring header of the `j`th lent frame and requests it.
    fn request(&mut self, j: usize) {
        let (f, len) = (self.frame_off(self.lent[j]), self.meta[j].len as usize);
        let tp_len = ((VNET_HDR_LEN + len) as u32).to_ne_bytes();
        self.write(f + ST_LEN, &tp_len);
        self.write(f + ST_SNAPLEN, &tp_len);
        self.write(f + ST_MAC, &(VNET_OFF as u16).to_ne_bytes());
        let mut vnet = [0u8; VNET_HDR_LEN];
        vnet[VNET_HDR_LEN_FIELD..VNET_HDR_LEN_FIELD + 2].copy_from_slice(&(len as u16).to_ne_bytes());
        self.write(f + VNET_OFF, &vnet);
        self.status(self.lent[j]).store(libc::TP_STATUS_SEND_REQUEST, Ordering::Release);
    }

    /// Wakes the kernel until it has taken the requested frames `*done..end` (counting
    /// them in `c`), with `cmsg` on each wake-up if given; false when it stopped taking
    /// them (`retries` wake-ups without progress, or an error: `last_err`).
    #[allow(clippy::too_many_arguments)]
    fn flush(
        &mut self,
        fd: RawFd,
        done: &mut usize,
        end: usize,
        cmsg: Option<&StampCmsg>,
        c: &mut PortCounters,
        retries: u32,
        last_err: &mut Option<i32>,
    ) -> bool {
        let mut tries = 0u32;
        while *done < end {
            let rc = match cmsg {
                Some(m) => send_ring_with(fd, m),
                // SAFETY: a zero-length, non-blocking sendto on our own socket: it only
                // tells the kernel to send the requested ring frames.
                None => unsafe { libc::sendto(fd, std::ptr::null(), 0, libc::MSG_DONTWAIT, std::ptr::null(), 0) },
            };
            let errno = if rc < 0 { io::Error::last_os_error().raw_os_error().unwrap_or(0) } else { 0 };
            let before = *done;
            while *done < end && self.status(self.lent[*done]).load(Ordering::Acquire) != libc::TP_STATUS_SEND_REQUEST {
                c.opackets += 1;
                c.obytes += u64::from(self.meta[*done].len);
                *done += 1;
            }
            if *done > before {
                tries = 0;
                continue;
            }
            match errno {
                0 | libc::EAGAIN | libc::ENOBUFS | libc::EINTR if tries < retries => {
                    tries += 1;
                    if tries.is_multiple_of(16) {
                        std::thread::yield_now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
                _ => {
                    *last_err = Some(if errno == 0 { libc::ENOBUFS } else { errno });
                    return false;
                }
            }
        }
        true
    }
}

/// `tp_mac` is a `u16`: the layout above must fit it.
const _: () = assert!(VNET_OFF < u16::MAX as usize && DATA_OFF >= size_of::<libc::tpacket2_hdr>() + VNET_HDR_LEN);
