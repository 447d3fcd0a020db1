//! Memory mappings shared with the kernel: AF_PACKET rings and AF_XDP UMEMs and rings.

use std::io;
use std::os::fd::RawFd;
use std::ptr::NonNull;

/// A read-write memory mapping, unmapped on drop.
pub(crate) struct Mapping {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: a mapping is owned by exactly one value and only unmapped by its Drop; the
// memory is accessed through the owner (`&mut` for writes), so moving it between threads
// is sound.
unsafe impl Send for Mapping {}

impl Mapping {
    /// Maps `len` bytes of `fd` at offset `off` (a socket's ring), shared with the
    /// kernel, with the pages populated up front.
    pub(crate) fn shared(fd: RawFd, len: usize, off: i64) -> io::Result<Self> {
        Self::new(len, libc::MAP_SHARED | libc::MAP_POPULATE, fd, off)
    }

    /// `len` bytes of fresh zeroed anonymous memory, populated up front (a UMEM).
    pub(crate) fn anonymous(len: usize) -> io::Result<Self> {
        Self::new(len, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_POPULATE, -1, 0)
    }

    fn new(len: usize, flags: libc::c_int, fd: RawFd, off: i64) -> io::Result<Self> {
        // SAFETY: a fresh mapping chosen by the kernel; the result is checked before use
        // and unmapped exactly once, by Drop.
        let p = unsafe { libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, flags, fd, off) };
        if p == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        let ptr = NonNull::new(p.cast::<u8>()).ok_or_else(|| io::Error::other("mmap returned null"))?;
        Ok(Mapping { ptr, len })
    }

    /// The first byte.
    pub(crate) fn ptr(&self) -> NonNull<u8> {
        self.ptr
    }

    /// Length in bytes.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `new`; no borrow of it outlives `self`.
        unsafe { libc::munmap(self.ptr.as_ptr().cast(), self.len) };
    }
}
