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
        ProfileError::from_parser(file, at, &e.without_snippet().to_string())
    })?;
    resolve_frames(&mut profile, file)?;
    Ok(profile)
}

/// Turns each stream's `frame` (hex bytes) into its `packet` layers and default size.
fn resolve_frames(profile: &mut Profile, file: &str) -> Result<(), ProfileError> {
    for i in 0..profile.streams.len() {
        let Some(hex) = profile.streams[i].value.frame.take() else { continue };
        let ctx = compile::ctx_of(file, profile, i);
        if !profile.streams[i].value.packet.is_empty() {
            return Err(ctx.err("frame", "give the packet as layers (packet) or as bytes (frame), not both"));
        }
        let bytes = crate::template::parse_hex(&hex).map_err(|e| ctx.err("frame", e.to_string()))?;
        let (layers, size) = crate::template::layers_of_frame(&bytes).map_err(|e| ctx.err("frame", e.to_string()))?;
        let s = &mut profile.streams[i].value;
        s.packet = layers;
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
