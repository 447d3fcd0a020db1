//! IPv6 extension headers as layers (`hop_by_hop`, `dest_opts`, `frag`; `srh` in
//! checksums.rs): the bytes each one adds, the order RFC 8200 allows, and the mistakes a
//! profile can make, each refused naming the layer (issue 51).
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn compiled(packet: &str) -> Result<Vec<u8>, String> {
    let yaml = format!("streams:\n  - name: s\n    packet: {packet}\n    size: 128\n    rate: 1kpps\n");
    let p = riptide_stl::profile::parse(&yaml, "x.yaml").map_err(|e| e.to_string())?;
    let c = riptide_stl::profile::compile(&p, "x.yaml").map_err(|e| e.to_string())?;
    Ok(c.streams[0].template.bytes().to_vec())
}

#[test]
fn each_header_names_the_next_and_pads_its_options_to_eight_bytes() {
    let f = compiled(
        "[eth: {}, ipv6: {}, hop_by_hop: {options: '05020000'}, dest_opts: {options: '0102aaaa0000'}, \
         frag: {offset: 0, id: 0x01020304}, udp: {}]",
    )
    .unwrap();
    assert_eq!(f[14 + 6], 0, "ipv6: next is hop-by-hop");
    // Hop-by-hop: next 60, length 0 (8 bytes), the Router Alert, then PadN of 2.
    assert_eq!(&f[54..62], &[60, 0, 5, 2, 0, 0, 1, 0]);
    // Destination options: 2 + 6 bytes of options already a multiple of 8.
    assert_eq!(&f[62..70], &[44, 0, 1, 2, 0xaa, 0xaa, 0, 0]);
    // Fragment: next UDP, offset 0, M clear, the identification.
    assert_eq!(&f[70..78], &[17, 0, 0, 0, 1, 2, 3, 4]);
    let payload_len = u16::from_be_bytes([f[18], f[19]]) as usize;
    assert_eq!(payload_len, f.len() - 54, "the payload length counts the extension headers");
    let d = riptide_wire::decode::decode(&f);
    assert!(d.malformed.is_none() && d.all_checksums_ok(), "{d}");
    // Options needing one byte of padding get Pad1; none at all a PadN of four.
    let f = compiled("[eth: {}, ipv6: {}, hop_by_hop: {options: '0103000000'}, udp: {}]").unwrap();
    assert_eq!(&f[54..62], &[17, 0, 1, 3, 0, 0, 0, 0]);
    let f = compiled("[eth: {}, ipv6: {}, dest_opts: {}, udp: {}]").unwrap();
    assert_eq!(&f[54..62], &[17, 0, 1, 4, 0, 0, 0, 0]);
    let f = compiled("[eth: {}, ipv6: {}, frag: {offset: 185, m: true}, payload: {}]").unwrap();
    assert_eq!(&f[54..58], &[253, 0, (185u16 << 3 >> 8) as u8, ((185u16 << 3) | 1) as u8]);
}

#[test]
fn what_rfc_8200_does_not_allow_is_refused_naming_the_layer() {
    for (packet, want) in [
        ("[eth: {}, ipv6: {}, dest_opts: {}, hop_by_hop: {}, udp: {}]", "hop_by_hop must come directly after ipv6"),
        ("[eth: {}, ipv4: {}, frag: {}, udp: {}]", "frag must follow ipv6 or its extension headers"),
        ("[eth: {}, ipv6: {}, frag: {offset: 8}, udp: {}]", "only a payload may follow"),
        ("[eth: {}, ipv6: {}, frag: {offset: 9000}, payload: {}]", "offset 9000 is above 8191"),
        ("[eth: {}, ipv6: {}, dest_opts: {options: 'zz'}, udp: {}]", "options"),
        ("[eth: {}, ipv6: {}, udp: {}, dest_opts: {}]", "layers must come in the order"),
    ] {
        let e = compiled(packet).expect_err(packet);
        assert!(e.contains(want), "{packet}: {e}");
    }
    let long = format!("[eth: {{}}, ipv6: {{}}, hop_by_hop: {{options: '{}'}}, udp: {{}}]", "00".repeat(2047));
    assert!(compiled(&long).unwrap_err().contains("at most 2046 fit"));
}
