//! bpf(2) without libbpf: the attribute union as bytes, hand-assembled instructions,
//! loading an XDP program (with the verifier's log on failure), array maps and
//! `BPF_PROG_TEST_RUN`. Used by the AF_XDP port's redirect program and the live-frames
//! port.

use std::io;
use std::os::fd::{FromRawFd, OwnedFd};

pub(crate) const BPF_MAP_CREATE: libc::c_long = 0;
pub(crate) const BPF_MAP_UPDATE_ELEM: libc::c_long = 2;
pub(crate) const BPF_PROG_LOAD: libc::c_long = 5;
pub(crate) const BPF_PROG_TEST_RUN: libc::c_long = 10;
pub(crate) const BPF_LINK_CREATE: libc::c_long = 28;
pub(crate) const BPF_PROG_TYPE_XDP: u32 = 6;

/// `union bpf_attr`, as bytes (the kernel accepts a shorter struct whose unknown tail is zero).
pub(crate) struct Attr(pub(crate) [u8; 128]);

impl Attr {
    pub(crate) fn new() -> Self {
        Attr([0; 128])
    }
    pub(crate) fn u32(mut self, at: usize, v: u32) -> Self {
        self.0[at..at + 4].copy_from_slice(&v.to_ne_bytes());
        self
    }
    pub(crate) fn u64(mut self, at: usize, v: u64) -> Self {
        self.0[at..at + 8].copy_from_slice(&v.to_ne_bytes());
        self
    }
    pub(crate) fn name(mut self, at: usize, s: &str) -> Self {
        let b = &s.as_bytes()[..s.len().min(15)];
        self.0[at..at + b.len()].copy_from_slice(b);
        self
    }
}

pub(crate) fn bpf(cmd: libc::c_long, attr: &mut Attr) -> io::Result<libc::c_int> {
    // SAFETY: bpf(2) reads (and for some commands writes) at most `attr.len()` bytes of
    // `attr`, which lives across the call; every pointer stored in it points to memory
    // that outlives the call (checked by the callers).
    let rc = unsafe { libc::syscall(libc::SYS_bpf, cmd, attr.0.as_mut_ptr(), attr.0.len() as libc::c_uint) };
    if rc < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(rc as libc::c_int)
    }
}

pub(crate) fn owned(fd: libc::c_int) -> OwnedFd {
    // SAFETY: `fd` was just returned by bpf(2) and nothing else owns it.
    unsafe { OwnedFd::from_raw_fd(fd) }
}

/// One eBPF instruction (`struct bpf_insn`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Insn {
    pub(crate) code: u8,
    pub(crate) regs: u8,
    pub(crate) off: i16,
    pub(crate) imm: i32,
}

pub(crate) const fn insn(code: u8, dst: u8, src: u8, off: i16, imm: i32) -> Insn {
    Insn { code, regs: (src << 4) | dst, off, imm }
}

/// Loads an XDP program; on failure, the error and the verifier's log (a second load
/// with a log buffer). Kernels that do not know `expected` as an attach type take 0.
pub(crate) fn load_xdp(prog: &[Insn], name: &str, expected: u32) -> Result<OwnedFd, (io::Error, String)> {
    let license = c"Apache-2.0";
    let load = |expected: u32, log: &mut [u8]| {
        let mut a = Attr::new()
            .u32(0, BPF_PROG_TYPE_XDP)
            .u32(4, prog.len() as u32)
            .u64(8, prog.as_ptr() as u64)
            .u64(16, license.as_ptr() as u64)
            .u32(24, u32::from(!log.is_empty()))
            .u32(28, log.len() as u32)
            // No buffer, no pointer: the kernel refuses a pointer with a zero size.
            .u64(32, if log.is_empty() { 0 } else { log.as_mut_ptr() as u64 })
            .name(48, name)
            .u32(68, expected);
        bpf(BPF_PROG_LOAD, &mut a)
    };
    match load(expected, &mut []).or_else(|_| load(0, &mut [])) {
        Ok(fd) => Ok(owned(fd)),
        Err(e) => {
            let mut log = vec![0u8; 16384];
            let _ = load(0, &mut log);
            let text = String::from_utf8_lossy(&log);
            Err((e, text.trim_end_matches('\0').trim().to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attr_fields_land_at_their_offsets() {
        let a = Attr::new().u32(4, 0x01020304).u64(8, 5).name(48, "a_name_longer_than_fifteen");
        assert_eq!(&a.0[4..8], &0x01020304u32.to_ne_bytes());
        assert_eq!(&a.0[8..16], &5u64.to_ne_bytes());
        assert_eq!(&a.0[48..63], b"a_name_longer_t");
        assert_eq!(a.0[63], 0, "names stay NUL-terminated");
    }
}
