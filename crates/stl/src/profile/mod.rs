//! Profiles: the YAML (or JSON) a user writes, parsed with source locations and
//! compiled into streams.
//!
//! - [`schema`]: the documented keys (unknown keys are errors).
//! - [`values`]: values with several spellings (rates, sizes, addresses).
//! - [`compile()`]: checks and turns a [`Profile`] into a [`CompiledProfile`].
//!
//! Every error is a [`ProfileError`]: one line naming the file, the line and
//! column when known, the key path, and what was expected.

pub mod compile;
pub mod schema;
pub mod values;

pub use compile::compile;
pub use schema::Profile;

use crate::compile::CompiledProfile;
use std::fmt;
use std::path::Path;

/// A profile that cannot be read, parsed or compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    /// The file (or source name).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<u64>,
    /// 1-based column, when known.
    pub column: Option<u64>,
    /// Key path, e.g. `streams[0].size`.
    pub key: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ": ")?;
        if let Some(k) = &self.key {
            write!(f, "{k}: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ProfileError {}

impl ProfileError {
    /// An error about `file` with no location.
    pub fn new(file: &str, message: impl Into<String>) -> Self {
        ProfileError { file: file.into(), line: None, column: None, key: None, message: message.into() }
    }
}

/// Largest profile accepted, in bytes (profiles are written by hand).
pub const MAX_PROFILE_BYTES: usize = 16 << 20;

/// Parses profile text (YAML; JSON is valid YAML) named `file` in messages.
pub fn parse(text: &str, file: &str) -> Result<Profile, ProfileError> {
    if text.len() > MAX_PROFILE_BYTES {
        return Err(ProfileError::new(file, format!("profile is larger than {MAX_PROFILE_BYTES} bytes")));
    }
    serde_saphyr::from_str::<Profile>(text).map_err(|e| {
        let loc = e.location();
        let inner = e.without_snippet();
        let mut message = inner.to_string();
        // The parser appends its own location; we print ours in front.
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        let message = message.lines().next().unwrap_or("invalid profile").trim().to_string();
        ProfileError {
            file: file.into(),
            line: loc.map(|l| l.line()).filter(|&l| l > 0),
            column: loc.map(|l| l.column()).filter(|&c| c > 0),
            key: None,
            message,
        }
    })
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
