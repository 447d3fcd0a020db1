//! The pcap port: a simulation that writes every frame with its scheduled departure.
//!
//! Files are classic pcap with nanosecond timestamps (magic `0xa1b23c4d`,
//! LINKTYPE_ETHERNET), frames without FCS. Each queue (worker) writes its own
//! part file next to the target (made exclusively under a random name, so nothing
//! planted there is ever written through: [`crate::outfile`]); [`merge`] interleaves
//! the parts by timestamp into the final file when the run ends. The part and merge
//! files are removed on every error path, so no partial output is ever left behind.

use crate::arena::Arena;
use crate::{Port, PortError, PortInfo};
use riptide_core::{PortCounters, TxBatch};
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// Nanosecond-resolution pcap magic.
pub const MAGIC_NS: u32 = 0xa1b2_3c4d;
/// Ethernet link type.
pub const LINKTYPE_ETHERNET: u32 = 1;
const SNAPLEN: u32 = 65_535;

/// The 24-byte global header.
pub fn global_header() -> [u8; 24] {
    let mut h = [0u8; 24];
    h[0..4].copy_from_slice(&MAGIC_NS.to_le_bytes());
    h[4..6].copy_from_slice(&2u16.to_le_bytes());
    h[6..8].copy_from_slice(&4u16.to_le_bytes());
    h[16..20].copy_from_slice(&SNAPLEN.to_le_bytes());
    h[20..24].copy_from_slice(&LINKTYPE_ETHERNET.to_le_bytes());
    h
}

/// The 16-byte record header for a frame of `len` bytes at `unix_ns`.
#[inline]
pub fn record_header(unix_ns: u64, len: u32) -> [u8; 16] {
    let mut h = [0u8; 16];
    h[0..4].copy_from_slice(&((unix_ns / 1_000_000_000) as u32).to_le_bytes());
    h[4..8].copy_from_slice(&((unix_ns % 1_000_000_000) as u32).to_le_bytes());
    h[8..12].copy_from_slice(&len.to_le_bytes());
    h[12..16].copy_from_slice(&len.to_le_bytes());
    h
}

/// One pcap queue: writes its frames to a part file.
#[derive(Debug)]
pub struct PcapPort {
    info: PortInfo,
    arena: Arena,
    counters: PortCounters,
    out: BufWriter<File>,
    path: PathBuf,
    epoch_unix_ns: u64,
}

impl PcapPort {
    /// Creates a part file beside `target` (the user's file, which it never touches),
    /// exclusively under a random name carrying `tag` ([`crate::outfile`]).
    pub fn create_beside(
        info: PortInfo,
        slots: usize,
        target: &Path,
        tag: &str,
        epoch_unix_ns: u64,
    ) -> Result<Self, PortError> {
        let (file, path) = crate::outfile::create_beside(target, tag).map_err(|source| match target.parent() {
            // Say which: "No such file or directory" reads as if the pcap were missing.
            Some(d) if !d.as_os_str().is_empty() && !d.exists() => PortError::File {
                path: target.to_path_buf(),
                source: std::io::Error::new(source.kind(), format!("the directory {} does not exist", d.display())),
            },
            _ => PortError::File { path: target.to_path_buf(), source },
        })?;
        Self::from_file(info, slots, file, path, epoch_unix_ns)
    }

    /// Writes to `file`, opened by the caller, at `path`.
    pub fn from_file(
        info: PortInfo,
        slots: usize,
        file: File,
        path: PathBuf,
        epoch_unix_ns: u64,
    ) -> Result<Self, PortError> {
        let mut out = BufWriter::with_capacity(1 << 20, file);
        out.write_all(&global_header()).map_err(|source| PortError::File { path: path.clone(), source })?;
        let arena = Arena::new(slots, info.caps.max_frame);
        Ok(PcapPort { info, arena, counters: PortCounters::default(), out, path, epoch_unix_ns })
    }

    /// Its part file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl PcapPort {
    /// A write that failed while running (disk full, say): a runtime failure.
    fn write_error(&self, source: std::io::Error) -> PortError {
        PortError::Io { port: self.info.name.clone(), what: format!("writing {}", self.path.display()), source }
    }
}

impl Port for PcapPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        for (data, m) in self.arena.committed(n) {
            let ts = self.epoch_unix_ns + m.departure.0;
            let res = self.out.write_all(&record_header(ts, data.len() as u32)).and_then(|()| self.out.write_all(data));
            if let Err(source) = res {
                self.counters.oerrors += 1;
                return Err(self.write_error(source));
            }
            self.counters.opackets += 1;
            self.counters.obytes += data.len() as u64;
        }
        Ok(n)
    }

    fn counters(&self) -> PortCounters {
        self.counters
    }

    fn flush(&mut self) -> Result<(), PortError> {
        self.out.flush().map_err(|source| self.write_error(source))
    }

    fn into_parts(self: Box<Self>, out: &mut Vec<PathBuf>) {
        let PcapPort { out: mut w, path, .. } = *self;
        // A part that cannot be flushed is left out: the group then refuses to finish.
        if w.flush().is_ok() {
            out.push(path);
        }
    }
}

struct PartReader {
    r: BufReader<File>,
    head: Option<([u8; 16], u64)>,
}

impl PartReader {
    fn open(path: &Path) -> std::io::Result<Self> {
        // Never through a link someone put in place of the part.
        use std::os::unix::fs::OpenOptionsExt;
        let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(path)?;
        let mut r = BufReader::with_capacity(1 << 20, file);
        let mut g = [0u8; 24];
        r.read_exact(&mut g)?;
        let mut p = PartReader { r, head: None };
        p.advance()?;
        Ok(p)
    }

    fn advance(&mut self) -> std::io::Result<()> {
        let mut h = [0u8; 16];
        match self.r.read_exact(&mut h) {
            Ok(()) => {
                let sec = u32::from_le_bytes([h[0], h[1], h[2], h[3]]) as u64;
                let ns = u32::from_le_bytes([h[4], h[5], h[6], h[7]]) as u64;
                self.head = Some((h, sec * 1_000_000_000 + ns));
            }
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => self.head = None,
            Err(e) => return Err(e),
        }
        Ok(())
    }
}

/// Interleaves pcap part files by timestamp (ties: lower part first) into `file`, made
/// by the caller at `out` (exclusively: [`crate::outfile::create_beside`]).
pub fn merge(parts: &[PathBuf], file: File, out: &Path) -> Result<(), PortError> {
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| PortError::File { path, source }
    };
    let mut readers = Vec::with_capacity(parts.len());
    for p in parts {
        readers.push(PartReader::open(p).map_err(err(p))?);
    }
    let mut w = BufWriter::with_capacity(1 << 20, file);
    w.write_all(&global_header()).map_err(err(out))?;
    let mut buf = vec![0u8; SNAPLEN as usize];
    loop {
        let mut best: Option<(usize, u64)> = None;
        for (i, r) in readers.iter().enumerate() {
            if let Some((_, ts)) = r.head {
                if best.is_none_or(|(_, b)| ts < b) {
                    best = Some((i, ts));
                }
            }
        }
        let Some((i, _)) = best else { break };
        let r = &mut readers[i];
        let Some((h, _)) = r.head else { break };
        let len = (u32::from_le_bytes([h[8], h[9], h[10], h[11]]) as usize).min(buf.len());
        r.r.read_exact(&mut buf[..len]).map_err(err(&parts[i]))?;
        w.write_all(&h).and_then(|()| w.write_all(&buf[..len])).map_err(err(out))?;
        r.advance().map_err(err(&parts[i]))?;
    }
    w.flush().map_err(err(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PortCaps, Timing};

    #[test]
    fn a_write_that_fails_while_running_is_a_runtime_error() {
        // /dev/full takes the open and refuses every write: a disk that filled up mid-run.
        if !Path::new("/dev/full").exists() {
            riptide_testkit::skip_or_fail("needs /dev/full");
            return;
        }
        let caps = PortCaps {
            timing: Timing::Virtual,
            rx: None,
            max_frame: 64,
            batch: 4,
            line_rate: riptide_core::BitsPerSec(10e9),
        };
        let info = PortInfo { name: "pcap:full".into(), driver: "pcap", caps };
        // The global header sits in the write buffer: creating succeeds.
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut port = PcapPort::from_file(info, 4, full, PathBuf::from("/dev/full"), 0).unwrap();
        {
            let mut b = port.tx_batch(1);
            b.slot().unwrap()[..4].copy_from_slice(b"abcd");
            b.commit(riptide_core::TxMeta { len: 4, stream: 0, departure: riptide_core::Nanos(0) });
        }
        port.tx_commit(1).unwrap();
        let err = port.flush().unwrap_err();
        assert!(matches!(&err, PortError::Io { port, .. } if port == "pcap:full"), "{err:?}");
        assert!(err.to_string().contains("No space left"), "{err}");
    }
}
