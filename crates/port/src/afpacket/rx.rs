//! The receive side of an AF_PACKET port: its own socket with a `TPACKET_V3` ring.
//!
//! The socket is bound to `ETH_P_ALL` on the interface, so it sees every frame that
//! arrives there (promiscuous mode on request, `PACKET_FANOUT_HASH` to share an interface
//! between queues). Its own host's outgoing frames are excluded (`PACKET_IGNORE_OUTGOING`,
//! and the ring entry's packet type as a second check). The ring is a list of blocks
//! mapped into the process; [`RxSocket::rx`] walks the blocks the kernel has handed over,
//! without any system call and without blocking, and gives each block back when done.
//! A block is handed over when full or after `rx_block_timeout_ms`.

use super::{get_opt, set_opt, AfPacketOptions, Fanout};
use crate::mapping::Mapping;
use riptide_core::{Nanos, PortCounters};
use std::cell::Cell;
use std::io;
use std::mem::{offset_of, size_of};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicU32, Ordering};

// Byte offsets inside a TPACKET_V3 block and its entries.
const BLOCK_STATUS: usize = offset_of!(libc::tpacket_block_desc, hdr) + offset_of!(libc::tpacket_hdr_v1, block_status);
const BLOCK_NUM_PKTS: usize = offset_of!(libc::tpacket_block_desc, hdr) + offset_of!(libc::tpacket_hdr_v1, num_pkts);
const BLOCK_FIRST_PKT: usize =
    offset_of!(libc::tpacket_block_desc, hdr) + offset_of!(libc::tpacket_hdr_v1, offset_to_first_pkt);
const PKT_NEXT: usize = offset_of!(libc::tpacket3_hdr, tp_next_offset);
const PKT_SEC: usize = offset_of!(libc::tpacket3_hdr, tp_sec);
const PKT_NSEC: usize = offset_of!(libc::tpacket3_hdr, tp_nsec);
const PKT_SNAPLEN: usize = offset_of!(libc::tpacket3_hdr, tp_snaplen);
const PKT_LEN: usize = offset_of!(libc::tpacket3_hdr, tp_len);
const PKT_MAC: usize = offset_of!(libc::tpacket3_hdr, tp_mac);
const PKT_STATUS: usize = offset_of!(libc::tpacket3_hdr, tp_status);
const PKT_VLAN_TCI: usize = offset_of!(libc::tpacket3_hdr, hv1) + offset_of!(libc::tpacket_hdr_variant1, tp_vlan_tci);
const PKT_VLAN_TPID: usize = offset_of!(libc::tpacket3_hdr, hv1) + offset_of!(libc::tpacket_hdr_variant1, tp_vlan_tpid);
/// 802.1Q, the tag protocol when the kernel does not say.
const ETH_P_8021Q: u16 = 0x8100;
/// The `sockaddr_ll` follows the entry header, aligned to `TPACKET_ALIGNMENT`.
const PKT_PKTTYPE: usize = size_of::<libc::tpacket3_hdr>().next_multiple_of(libc::TPACKET_ALIGNMENT)
    + offset_of!(libc::sockaddr_ll, sll_pkttype);

fn rd_u32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_ne_bytes(b.get(at..at.checked_add(4)?)?.try_into().ok()?))
}

fn rd_u16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_ne_bytes(b.get(at..at.checked_add(2)?)?.try_into().ok()?))
}

/// The mapped TPACKET_V3 receive ring and where the reader stands in it.
struct RxRing {
    map: Mapping,
    block_size: usize,
    blocks: usize,
    /// Block being read (or next to be read).
    cur: usize,
    /// Whether `cur` has been handed over and its header read.
    open: bool,
    /// Entries of `cur` not read yet.
    left: u32,
    /// Offset in `cur` of the next entry.
    off: usize,
}

impl RxRing {
    /// The status word of block `i`, shared with the kernel.
    fn status(&self, i: usize) -> &AtomicU32 {
        debug_assert!(i < self.blocks);
        // SAFETY: `i < blocks`, so the word lies inside the mapping, which lives as long as
        // `self`; blocks are page aligned and the word is at offset 8, so it is 4-aligned.
        // The kernel writes this word too, which is why it is only accessed atomically.
        unsafe { AtomicU32::from_ptr(self.map.ptr().as_ptr().add(i * self.block_size + BLOCK_STATUS).cast()) }
    }

    /// Block `i` as bytes. Only call while the block is owned by user space
    /// (`TP_STATUS_USER` seen with acquire ordering, not yet given back).
    fn block(&self, i: usize) -> &[u8] {
        debug_assert!(i < self.blocks);
        // SAFETY: the range lies inside the mapping (`i < blocks`), which lives as long as
        // `self`. While user space owns the block the kernel does not write it, and the
        // returned borrow of `self` ends before `release` hands the block back.
        unsafe { std::slice::from_raw_parts(self.map.ptr().as_ptr().add(i * self.block_size), self.block_size) }
    }

    /// Opens the current block if the kernel has handed it over.
    fn try_open(&mut self) -> bool {
        if self.open {
            return true;
        }
        if self.status(self.cur).load(Ordering::Acquire) & libc::TP_STATUS_USER == 0 {
            return false;
        }
        let b = self.block(self.cur);
        let (left, off) = (rd_u32(b, BLOCK_NUM_PKTS).unwrap_or(0), rd_u32(b, BLOCK_FIRST_PKT).unwrap_or(0));
        (self.left, self.off, self.open) = (left, off as usize, true);
        true
    }

    /// Gives the current block back to the kernel and moves to the next.
    fn release(&mut self) {
        self.status(self.cur).store(libc::TP_STATUS_KERNEL, Ordering::Release);
        self.cur = (self.cur + 1) % self.blocks;
        (self.open, self.left, self.off) = (false, 0, 0);
    }

    /// Hands up to `max` entries of the open block to `sink`; returns how many were
    /// handed over and how many entries were malformed (the rest of the block is skipped).
    ///
    /// A VLAN tag the kernel took out of the frame (receive VLAN offload: the ring entry
    /// carries it beside the frame) is put back in, into `scratch`, so `sink` sees the
    /// frame as it was on the wire and `ibytes` counts the tag.
    fn walk(
        &mut self,
        max: usize,
        c: &mut PortCounters,
        scratch: &mut Vec<u8>,
        sink: &mut dyn FnMut(&[u8], Nanos),
    ) -> (usize, u64) {
        let (mut left, mut off, mut got, mut bad) = (self.left, self.off, 0, 0);
        let b = self.block(self.cur);
        while left > 0 && got < max {
            let entry = (|| {
                let next = rd_u32(b, off + PKT_NEXT)? as usize;
                let ts = u64::from(rd_u32(b, off + PKT_SEC)?) * 1_000_000_000 + u64::from(rd_u32(b, off + PKT_NSEC)?);
                let snap = rd_u32(b, off + PKT_SNAPLEN)? as usize;
                let len = rd_u32(b, off + PKT_LEN)?;
                let mac = off + usize::from(rd_u16(b, off + PKT_MAC)?);
                let frame = b.get(mac..mac.checked_add(snap)?)?;
                let outgoing = *b.get(off + PKT_PKTTYPE)? == libc::PACKET_OUTGOING;
                let status = rd_u32(b, off + PKT_STATUS)?;
                let vlan = if status & libc::TP_STATUS_VLAN_VALID != 0 {
                    let tci = rd_u32(b, off + PKT_VLAN_TCI)? as u16;
                    let tpid = match status & libc::TP_STATUS_VLAN_TPID_VALID {
                        0 => ETH_P_8021Q,
                        _ => rd_u16(b, off + PKT_VLAN_TPID)?,
                    };
                    Some((tpid, tci))
                } else {
                    None
                };
                Some((next, ts, len, frame, outgoing, vlan))
            })();
            let Some((next, ts, mut len, mut frame, outgoing, vlan)) = entry else {
                bad += 1;
                left = 0;
                break;
            };
            left -= 1;
            // The tag goes back where the kernel took it from: in front of the EtherType.
            const AT: usize = riptide_wire::ethernet::ETHERTYPE;
            if let (Some((tpid, tci)), true) = (vlan, frame.len() >= AT) {
                scratch.clear();
                scratch.extend_from_slice(&frame[..AT]);
                scratch.extend_from_slice(&tpid.to_be_bytes());
                scratch.extend_from_slice(&tci.to_be_bytes());
                scratch.extend_from_slice(&frame[AT..]);
                frame = scratch;
                len += 4;
            }
            if !outgoing {
                c.ipackets += 1;
                c.ibytes += u64::from(len);
                sink(frame, Nanos(ts));
                got += 1;
            }
            if left > 0 {
                if next == 0 {
                    bad += 1;
                    left = 0;
                    break;
                }
                off += next;
            }
        }
        (self.left, self.off) = (left, off);
        (got, bad)
    }
}

/// The receiving socket of one queue.
pub(super) struct RxSocket {
    ring: RxRing,
    fanout_group: Option<u16>,
    /// A received frame with its VLAN tag put back.
    scratch: Vec<u8>,
    fd: OwnedFd,
    /// Ring entries that failed validation (part of `ierrors`).
    ring_errors: u64,
    /// Accumulated `tp_drops` (reading `PACKET_STATISTICS` resets the kernel's counts).
    kernel_drops: Cell<u64>,
    /// Accumulated `tp_freeze_q_cnt`.
    kernel_freezes: Cell<u64>,
}

impl RxSocket {
    /// Opens the socket on interface `ifindex` with the ring and options of `opts`; an
    /// error comes with the step that failed.
    pub(super) fn open(ifindex: u32, opts: &AfPacketOptions) -> Result<Self, (&'static str, io::Error)> {
        let fd = super::packet_socket().map_err(|e| ("socket", e))?;
        let raw = fd.as_raw_fd();
        let ring = map_ring(raw, opts).map_err(|e| ("receive ring", e))?;
        // Kernels before 4.20 lack it; the ring walk skips outgoing frames anyway.
        let _ = set_opt(raw, libc::SOL_PACKET, libc::PACKET_IGNORE_OUTGOING, &1 as &libc::c_int);
        super::bind(raw, ifindex, (libc::ETH_P_ALL as u16).to_be()).map_err(|e| ("bind", e))?;
        if opts.promisc {
            let mreq = libc::packet_mreq {
                mr_ifindex: ifindex as libc::c_int,
                mr_type: libc::PACKET_MR_PROMISC as u16,
                mr_alen: 0,
                mr_address: [0; 8],
            };
            set_opt(raw, libc::SOL_PACKET, libc::PACKET_ADD_MEMBERSHIP, &mreq).map_err(|e| ("promiscuous mode", e))?;
        }
        let mut fanout_group = None;
        if let Some(fanout) = opts.fanout {
            let mode = libc::PACKET_FANOUT_HASH | libc::PACKET_FANOUT_FLAG_DEFRAG;
            let arg = match fanout {
                Fanout::New => (mode | libc::PACKET_FANOUT_FLAG_UNIQUEID) << 16,
                Fanout::Join(group) => u32::from(group) | (mode << 16),
            };
            set_opt(raw, libc::SOL_PACKET, libc::PACKET_FANOUT, &(arg as libc::c_int))
                .map_err(|e| ("PACKET_FANOUT", e))?;
            // The group's id (and type) as the kernel has it.
            let (got, _) =
                get_opt(raw, libc::SOL_PACKET, libc::PACKET_FANOUT, 0u32).map_err(|e| ("PACKET_FANOUT", e))?;
            fanout_group = Some((got & 0xffff) as u16);
        }
        Ok(RxSocket {
            ring,
            fanout_group,
            scratch: Vec::new(),
            fd,
            ring_errors: 0,
            kernel_drops: Cell::new(0),
            kernel_freezes: Cell::new(0),
        })
    }

    /// The `PACKET_FANOUT` group the socket is in.
    pub(super) fn fanout_group(&self) -> Option<u16> {
        self.fanout_group
    }

    /// Walks the ring without blocking, handing up to `max` frames to `sink` and
    /// counting them in `c`.
    pub(super) fn rx(&mut self, max: usize, c: &mut PortCounters, sink: &mut dyn FnMut(&[u8], Nanos)) -> usize {
        let ring = &mut self.ring;
        let (mut got, mut blocks) = (0, 0);
        // At most one lap of the ring per call, so a flood of skipped entries cannot keep
        // the caller here.
        while got < max && blocks < ring.blocks && ring.try_open() {
            let (n, bad) = ring.walk(max - got, c, &mut self.scratch, sink);
            got += n;
            self.ring_errors += bad;
            if ring.left == 0 {
                ring.release();
                blocks += 1;
            }
        }
        got
    }

    /// Frames lost on the receive side: the kernel's ring-full drops and malformed entries.
    pub(super) fn errors(&self) -> u64 {
        self.poll_kernel_stats();
        self.kernel_drops.get() + self.ring_errors
    }

    /// How often the kernel found the ring full and froze it (events, not frames).
    pub(super) fn freezes(&self) -> u64 {
        self.poll_kernel_stats();
        self.kernel_freezes.get()
    }

    /// Adds the kernel's receive statistics since the last read (the read resets them).
    fn poll_kernel_stats(&self) {
        let zero = libc::tpacket_stats_v3 { tp_packets: 0, tp_drops: 0, tp_freeze_q_cnt: 0 };
        if let Ok((st, _)) = get_opt(self.fd.as_raw_fd(), libc::SOL_PACKET, libc::PACKET_STATISTICS, zero) {
            self.kernel_drops.set(self.kernel_drops.get() + u64::from(st.tp_drops));
            self.kernel_freezes.set(self.kernel_freezes.get() + u64::from(st.tp_freeze_q_cnt));
        }
    }
}

/// Sets up the TPACKET_V3 receive ring on `fd` and maps it.
fn map_ring(fd: RawFd, opts: &AfPacketOptions) -> io::Result<RxRing> {
    let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidInput, why);
    let (bs, nb, fs) = (opts.rx_block_size, opts.rx_block_count, opts.rx_frame_size);
    if bs == 0 || bs % 4096 != 0 || nb == 0 || fs < 128 || fs % 16 != 0 || fs > bs {
        return Err(invalid(format!(
            "block size {bs} must be a multiple of 4096, frame size {fs} a multiple of 16 between 128 and the \
             block size, and there must be at least one block ({nb})"
        )));
    }
    let len = bs.checked_mul(nb).filter(|&l| l <= 1 << 30).ok_or_else(|| invalid("ring larger than 1 GiB".into()))?;
    let version = libc::tpacket_versions::TPACKET_V3 as libc::c_int;
    set_opt(fd, libc::SOL_PACKET, libc::PACKET_VERSION, &version)?;
    let req = libc::tpacket_req3 {
        tp_block_size: bs as u32,
        tp_block_nr: nb as u32,
        tp_frame_size: fs as u32,
        tp_frame_nr: ((bs / fs) * nb) as u32,
        tp_retire_blk_tov: opts.rx_block_timeout_ms.max(1),
        tp_sizeof_priv: 0,
        tp_feature_req_word: 0,
    };
    set_opt(fd, libc::SOL_PACKET, libc::PACKET_RX_RING, &req)?;
    let map = Mapping::shared(fd, len, 0)?;
    Ok(RxRing { map, block_size: bs, blocks: nb, cur: 0, open: false, left: 0, off: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_offsets_match_the_kernel_layout() {
        assert_eq!(BLOCK_STATUS, 8);
        assert_eq!(BLOCK_NUM_PKTS, 12);
        assert_eq!(BLOCK_FIRST_PKT, 16);
        assert_eq!(PKT_MAC, 24);
        assert_eq!(PKT_PKTTYPE, 48 + 10);
        assert_eq!((PKT_STATUS, PKT_VLAN_TCI, PKT_VLAN_TPID), (20, 32, 36));
    }
}
