//! Large page-aligned buffers for the memory measurements: anonymous mappings, touched by
//! the thread that will use them (first touch places the pages on that thread's NUMA
//! node). The latency buffers ask for transparent huge pages (`MADV_HUGEPAGE`) so a random
//! walk measures the memory and not the TLB; the bandwidth buffers keep 4 KiB pages
//! (`MADV_NOHUGEPAGE`), as MLC's and STREAM's do by default.

use std::io;

/// An anonymous private mapping, unmapped on drop.
pub struct Buffer {
    ptr: *mut u8,
    len: usize,
}

// SAFETY: the mapping is owned by this value alone; moving it between threads moves
// ownership, as with a Vec.
unsafe impl Send for Buffer {}

impl Buffer {
    /// Maps `len` bytes (rounded up to 2 MiB) on huge pages where the kernel gives them,
    /// and writes every page.
    pub fn new(len: usize) -> io::Result<Buffer> {
        Buffer::with(len, true, None)
    }

    /// Maps `len` bytes (rounded up to 2 MiB) on 4 KiB pages or huge ones, bound to NUMA
    /// node `node` when given (`mbind` `MPOL_BIND`, before the first touch).
    pub fn with(len: usize, huge: bool, node: Option<usize>) -> io::Result<Buffer> {
        const HUGE: usize = 2 << 20;
        let len = len.div_ceil(HUGE).max(1) * HUGE;
        // SAFETY: an anonymous mapping with no address hint; the result is checked.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: ptr..ptr+len is the mapping made above. A refused hint changes only
        // the page size, so its result is not an error.
        unsafe { libc::madvise(ptr, len, if huge { libc::MADV_HUGEPAGE } else { libc::MADV_NOHUGEPAGE }) };
        let mut b = Buffer { ptr: ptr.cast(), len };
        if let Some(node) = node {
            const MPOL_BIND: libc::c_long = 2;
            let mut mask = [0u64; 16];
            let word = mask.get_mut(node / 64).ok_or_else(|| io::Error::from_raw_os_error(libc::EINVAL))?;
            *word |= 1 << (node % 64);
            // SAFETY: the range is the mapping above; mask outlives the call and holds
            // 1024 bits, the maxnode passed.
            let rc = unsafe { libc::syscall(libc::SYS_mbind, ptr, len, MPOL_BIND, mask.as_ptr(), 1024usize, 0usize) };
            if rc != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        b.as_mut_slice().fill(1);
        Ok(b)
    }

    /// Length in bytes (a multiple of 2 MiB).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a buffer has at least one huge page.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: the mapping is readable for len bytes while self lives.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// The bytes, writable.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as above, and &mut self makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// The buffer as 64-bit words (the mapping is page aligned).
    pub fn words_mut(&mut self) -> &mut [u64] {
        // SAFETY: page alignment satisfies u64's; len is a multiple of 8.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.cast(), self.len / 8) }
    }

    /// The buffer as 64-bit words, read only.
    pub fn words(&self) -> &[u64] {
        // SAFETY: as in words_mut.
        unsafe { std::slice::from_raw_parts(self.ptr.cast(), self.len / 8) }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the mapping this value owns, once.
        unsafe { libc::munmap(self.ptr.cast(), self.len) };
    }
}
