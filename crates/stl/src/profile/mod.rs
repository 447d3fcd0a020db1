//! Profiles: the YAML (or JSON) a user writes, parsed with source locations and
//! compiled into streams.
//!
//! - [`schema`]: the documented keys (unknown keys are errors).
//! - [`values`]: values with several spellings (rates, sizes, addresses).
//! - [`compile()`]: checks and turns a [`Profile`] into a [`CompiledProfile`].
//! - [`probes`]: latency probes added to any profile (`riptide run -l RATE`).
//!
//! Every error is a [`ProfileError`]: one line naming the file, the line and
//! column when known, the key path, and what was expected.

pub mod compile;
pub mod macs;
pub mod mirror;
pub mod probes;

pub use crate::{schema, values};
pub use compile::compile;
pub use macs::fill_port_macs;
pub use mirror::add_reverse_streams;
pub use probes::add_latency_probes;
pub use schema::Profile;

use crate::compile::CompiledProfile;
use std::path::Path;

/// A profile that cannot be read, parsed or compiled.
pub type ProfileError = riptide_core::SourceError;

/// Largest profile accepted, in bytes (profiles are written by hand).
pub const MAX_PROFILE_BYTES: usize = 16 << 20;

/// Parses profile text (YAML; JSON is valid YAML) named `file` in messages.
pub fn parse(text: &str, file: &str) -> Result<Profile, ProfileError> {
    if text.len() > MAX_PROFILE_BYTES {
        return Err(ProfileError::new(file, format!("profile is larger than {MAX_PROFILE_BYTES} bytes")));
    }
    let mut profile = serde_saphyr::from_str::<Profile>(text).map_err(|e| {
        let at = e.location().map(|l| (l.line(), l.column()));
        ProfileError::from_parser(file, text, at, &e.without_snippet().to_string())
    })?;
    resolve_frames(&mut profile, file)?;
    Ok(profile)
}

/// Turns each stream's `frame` (hex bytes) into its `packet` layers where riptide's
/// layers describe it byte for byte; any other frame (or one marked `raw`) stays a frame,
/// for a raw template. Either way the default size becomes the frame's.
fn resolve_frames(profile: &mut Profile, file: &str) -> Result<(), ProfileError> {
    for i in 0..profile.streams.len() {
        let ctx = compile::ctx_of(file, profile, i);
        let s = &mut profile.streams[i].value;
        let Some(hex) = s.frame.take() else {
            if s.raw {
                return Err(ctx.err("raw", "raw: true sends a frame as given: the stream needs 'frame' (hex bytes)"));
            }
            continue;
        };
        if !s.packet.is_empty() {
            return Err(ctx.err("frame", "give the packet as layers (packet) or as bytes (frame), not both"));
        }
        let bytes = crate::template::parse_hex(&hex).map_err(|e| ctx.err("frame", e.to_string()))?;
        let layered = if s.raw { None } else { crate::template::layers_of_frame(&bytes).ok() };
        let size = match layered {
            Some((layers, size)) => {
                s.packet = layers;
                size
            }
            None => {
                let size = crate::template::raw_size(&bytes);
                crate::template::raw(&bytes, &[size]).map_err(|e| ctx.err("frame", e.to_string()))?;
                s.frame = Some(hex);
                size
            }
        };
        if s.size == values::SizeSpec::default() {
            s.size = values::SizeSpec::Fixed(size);
        }
    }
    Ok(())
}

/// Reads, parses and compiles the profile at `path`.
pub fn load(path: &Path) -> Result<CompiledProfile, ProfileError> {
    let file = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| ProfileError::new(&file, format!("cannot read profile: {e}")))?;
    if meta.len() as usize > MAX_PROFILE_BYTES {
        return Err(ProfileError::new(&file, format!("profile is larger than {MAX_PROFILE_BYTES} bytes")));
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| ProfileError::new(&file, format!("cannot read profile: {e}")))?;
    let profile = parse(&text, &file)?;
    compile(&profile, &file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 50: `dport: 70000` said `invalid u16`. Every whole-number field of a profile
    /// (u8, u16 and u32 alike) now names its key, the value and the range, at its line.
    #[test]
    fn every_number_out_of_range_names_its_field_and_range() {
        let layer = |l: &str| format!("streams:\n  - packet:\n      - {l}:\n          KEY: VALUE\n");
        let cases: Vec<(String, &str, &str, &str)> = vec![
            ("streams:\n  - rate: 1kpps\n    KEY: VALUE\n".into(), "port", "a whole number", "0-65535"),
            (layer("eth"), "type", "a whole number", "0-65535"),
            (layer("vlan"), "id", "a whole number", "0-65535"),
            (layer("vlan"), "pcp", "a whole number", "0-255"),
            (layer("vlan"), "tpid", "a whole number", "0-65535"),
            (layer("mpls"), "label", "a whole number", "0-4294967295"),
            (layer("mpls"), "tc", "a whole number", "0-255"),
            (layer("mpls"), "ttl", "a whole number", "0-255"),
            (layer("ipv4"), "ttl", "a whole number", "0-255"),
            (layer("ipv4"), "tos", "a whole number", "0-255"),
            (layer("ipv4"), "id", "a whole number", "0-65535"),
            (layer("ipv4"), "proto", "a whole number", "0-255"),
            (layer("ipv6"), "hop_limit", "a whole number", "0-255"),
            (layer("ipv6"), "tc", "a whole number", "0-255"),
            (layer("ipv6"), "flow_label", "a whole number", "0-4294967295"),
            (layer("ipv6"), "next_header", "a whole number", "0-255"),
            (layer("udp"), "sport", "a port number", "0-65535"),
            (layer("udp"), "dport", "a port number", "0-65535"),
            (layer("tcp"), "sport", "a port number", "0-65535"),
            (layer("tcp"), "dport", "a port number", "0-65535"),
            (layer("tcp"), "seq", "a whole number", "0-4294967295"),
            (layer("tcp"), "window", "a whole number", "0-65535"),
            (layer("icmp"), "id", "a whole number", "0-65535"),
            (layer("icmp"), "seq", "a whole number", "0-65535"),
            (layer("icmpv6"), "seq", "a whole number", "0-65535"),
            ("streams:\n  - latency:\n      KEY: VALUE\n".into(), "id", "a whole number", "0-4294967295"),
            ("streams:\n  - vars:\n      - name: x\n        KEY: VALUE\n".into(), "size", "a whole number", "0-255"),
            (
                "streams:\n  - vars:\n      - name: t\n        tuple:\n          ip_min: 198.18.0.1\n          ip_max: 198.18.0.9\n          KEY: VALUE\n"
                    .into(),
                "port_min",
                "a port number",
                "0-65535",
            ),
            ("streams:\n  - writes:\n      - var: x\n        KEY: VALUE\n".into(), "offset", "a whole number", "0-65535"),
        ];
        for (template, key, noun, range) in cases {
            let max: u64 = range.trim_start_matches("0-").parse().unwrap();
            let line = template.lines().position(|l| l.contains("KEY")).unwrap() + 1;
            for value in [(max + 1).to_string(), "-1".to_string(), "many".to_string()] {
                let text = template.replace("KEY", key).replace("VALUE", &value);
                let e = parse(&text, "p.yaml").unwrap_err().to_string();
                let want = format!("{key}: {value}: {noun} {range} expected");
                assert!(e.starts_with(&format!("p.yaml:{line}:")) && e.ends_with(&want), "{text}\n{e}\nwanted {want}");
            }
        }
    }

    /// A profile's VLAN groups: a repeat or a VID out of 1..=4094 names its place.
    #[test]
    fn vlan_groups_name_what_is_wrong() {
        let streams = "streams:\n  - flow_stats: {id: 1, by_vlan: true}\n";
        let ok =
            compile::compile(&parse(&format!("vlans: [5, null, [1, 100]]\n{streams}"), "p.yaml").unwrap(), "p.yaml");
        let t = ok.unwrap().streams[0].tag.clone().unwrap();
        use riptide_measure::VlanKey::{Dot1q, Qinq};
        assert_eq!(t.vlans.unwrap().keys(), [Some(Dot1q(5)), None, Some(Qinq(1, 100))]);
        for (vlans, want) in [
            ("[5, 6, 5]", "vlans[2]: VLAN 5 is group 0 already"),
            ("[[1, 4095]]", "vlans[0]: VLAN 4095: a VID from 1 to 4094 expected"),
            ("[0]", "vlans[0]: VLAN 0: a VID from 1 to 4094 expected"),
        ] {
            let p = parse(&format!("vlans: {vlans}\n{streams}"), "p.yaml").unwrap();
            let e = compile::compile(&p, "p.yaml").unwrap_err().to_string();
            assert!(e.ends_with(want), "{vlans}: {e}");
        }
        let plain = compile::compile(&parse("streams:\n  - flow_stats: {id: 1}\n", "p.yaml").unwrap(), "p.yaml");
        assert!(plain.unwrap().streams[0].tag.clone().unwrap().vlans.is_none());
    }
}
