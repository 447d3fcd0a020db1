//! A small reader of classic pcap files (the format TRex's cap2 templates use).
//!
//! Microsecond (0xa1b2c3d4) and nanosecond (0xa1b23c4d) magics, either byte order;
//! Ethernet link type only. Timestamps come back in ns.

/// Largest pcap read as a template.
pub const MAX_PCAP_BYTES: u64 = 64 << 20;

/// One packet: time (ns) and bytes.
pub type Record = (u64, Vec<u8>);

/// Reads pcap bytes; `Err` says what is wrong.
pub fn parse(data: &[u8]) -> Result<Vec<Record>, String> {
    if data.len() < 24 {
        return Err("not a pcap file (shorter than its 24-byte header)".into());
    }
    let magic = u32::from_le_bytes([data[0], data[1], data[2], data[3]]);
    let (le, nanos) = match magic {
        0xa1b2_c3d4 => (true, false),
        0xa1b2_3c4d => (true, true),
        0xd4c3_b2a1 => (false, false),
        0x4d3c_b2a1 => (false, true),
        0x0a0d_0d0a => return Err("a pcapng file: save it as classic pcap (editcap -F pcap)".into()),
        // The magic is not quoted: a daemon must not echo bytes of a file it could not parse.
        _ => return Err("not a pcap file (unknown magic number)".into()),
    };
    let u32_at = |o: usize| -> u32 {
        let b = [data[o], data[o + 1], data[o + 2], data[o + 3]];
        if le {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        }
    };
    let link = u32_at(20);
    if link != 1 {
        return Err(format!("link type {link} is not Ethernet (1)"));
    }
    let mut out = Vec::new();
    let mut off = 24;
    while off < data.len() {
        if off + 16 > data.len() {
            return Err(format!("truncated record header at byte {off}"));
        }
        let (sec, frac, incl) = (u64::from(u32_at(off)), u64::from(u32_at(off + 4)), u32_at(off + 8) as usize);
        let ts = sec * 1_000_000_000 + if nanos { frac } else { frac * 1000 };
        off += 16;
        if incl > 262_144 || off + incl > data.len() {
            return Err(format!("truncated or corrupt record at byte {}", off - 16));
        }
        out.push((ts, data[off..off + incl].to_vec()));
        off += incl;
    }
    Ok(out)
}

/// Writes records as a classic µs pcap (for tests and for the example templates).
pub fn write(records: &[Record]) -> Vec<u8> {
    let mut o = Vec::new();
    for v in [0xa1b2_c3d4u32, 0x0004_0002, 0, 0, 65535, 1] {
        o.extend_from_slice(&v.to_le_bytes());
    }
    for (ts, d) in records {
        let (sec, usec) = ((ts / 1_000_000_000) as u32, ((ts % 1_000_000_000) / 1000) as u32);
        for v in [sec, usec, d.len() as u32, d.len() as u32] {
            o.extend_from_slice(&v.to_le_bytes());
        }
        o.extend_from_slice(d);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let recs = vec![(1_000_000_000, vec![1u8; 60]), (1_000_200_000, vec![2u8; 64])];
        let bytes = write(&recs);
        assert_eq!(parse(&bytes).unwrap(), recs);
        assert!(parse(&bytes[..10]).unwrap_err().contains("not a pcap"));
        assert!(parse(&bytes[..bytes.len() - 3]).unwrap_err().contains("truncated"));
        assert!(parse(&[0u8; 40]).unwrap_err().contains("magic"));
    }
}
