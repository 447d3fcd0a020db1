//! TRex's message framing: a JSON text, or the same text zlib-compressed behind an
//! 8-byte header (magic `0xABE85CEA`, then the uncompressed length, both big-endian),
//! as TRex's client (`ZippedMsg`) sends requests and reads replies.

use std::io::Read;

/// The compressed-message magic.
pub const MAGIC: u32 = 0xABE8_5CEA;

/// Largest request accepted, compressed or not (TRex's client splits batches at 500 kB).
pub const MAX_MESSAGE: usize = 16 << 20;

/// A message's JSON text, and whether it came compressed (the reply goes the same way).
#[derive(Debug, PartialEq, Eq)]
pub struct Unwrapped {
    /// The JSON text's bytes.
    pub json: Vec<u8>,
    /// It came zlib-compressed behind TRex's header.
    pub compressed: bool,
}

/// The JSON text of a message as it came off the socket.
pub fn unwrap(msg: &[u8]) -> Result<Unwrapped, String> {
    if msg.len() > MAX_MESSAGE {
        return Err(format!("message of {} bytes: at most {MAX_MESSAGE} accepted", msg.len()));
    }
    let head = |i: usize| msg.get(i..i + 4).and_then(|b| <[u8; 4]>::try_from(b).ok()).map(u32::from_be_bytes);
    if head(0) != Some(MAGIC) {
        return Ok(Unwrapped { json: msg.to_vec(), compressed: false });
    }
    let declared = head(4).ok_or("compressed message: the 8-byte header is cut short")? as usize;
    if declared > MAX_MESSAGE {
        return Err(format!("compressed message declares {declared} bytes: at most {MAX_MESSAGE} accepted"));
    }
    let mut json = Vec::with_capacity(declared.min(1 << 20));
    // One byte more than declared reveals a lie without inflating a bomb.
    let mut z = flate2::read::ZlibDecoder::new(&msg[8..]).take(declared as u64 + 1);
    z.read_to_end(&mut json).map_err(|e| format!("compressed message: bad zlib data ({e})"))?;
    if json.len() != declared {
        return Err(format!("compressed message: header says {declared} bytes, zlib data holds {}", json.len()));
    }
    Ok(Unwrapped { json, compressed: true })
}

/// A reply as TRex's client reads it: compressed when the request was.
pub fn wrap(json: &[u8], compress: bool) -> Vec<u8> {
    if !compress {
        return json.to_vec();
    }
    let mut out = Vec::with_capacity(json.len() / 4 + 16);
    out.extend_from_slice(&MAGIC.to_be_bytes());
    out.extend_from_slice(&(json.len() as u32).to_be_bytes());
    let mut z = flate2::write::ZlibEncoder::new(out, flate2::Compression::default());
    // Writing into a Vec cannot fail.
    let _ = std::io::Write::write_all(&mut z, json);
    z.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn plain_and_compressed_round_trip() {
        let j = br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#;
        assert_eq!(unwrap(j).unwrap(), Unwrapped { json: j.to_vec(), compressed: false });
        let z = wrap(j, true);
        assert_eq!(&z[..4], &[0xAB, 0xE8, 0x5C, 0xEA]);
        assert_eq!(unwrap(&z).unwrap(), Unwrapped { json: j.to_vec(), compressed: true });
    }

    #[test]
    fn lies_and_bombs_are_refused() {
        let j = vec![b' '; 100_000];
        let mut z = wrap(&j, true);
        z[4..8].copy_from_slice(&10u32.to_be_bytes());
        assert!(unwrap(&z).unwrap_err().contains("header says 10 bytes"));
        z[4..8].copy_from_slice(&u32::MAX.to_be_bytes());
        assert!(unwrap(&z).unwrap_err().contains("at most"));
        let mut cut = wrap(&j, true);
        cut.truncate(20);
        assert!(unwrap(&cut).unwrap_err().contains("bad zlib"));
        assert!(unwrap(&[0xAB, 0xE8, 0x5C, 0xEA, 0]).unwrap_err().contains("cut short"));
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..300), len in any::<u32>()) {
            let mut m = MAGIC.to_be_bytes().to_vec();
            m.extend_from_slice(&len.to_be_bytes());
            m.extend_from_slice(&tail);
            let _ = unwrap(&m);
            let _ = unwrap(&tail);
        }
    }
}
