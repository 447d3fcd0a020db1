//! Errors about a place in an input file: `file:line:col: key: message`.

use std::fmt;

/// Something wrong at a place in a file (a profile, a port configuration, a script).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
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

impl fmt::Display for SourceError {
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

impl std::error::Error for SourceError {}

impl SourceError {
    /// An error about `file` with no location.
    pub fn new(file: &str, message: impl Into<String>) -> Self {
        SourceError { file: file.into(), line: None, column: None, key: None, message: message.into() }
    }

    /// From a parser's error: its (line, column), and its message without the location
    /// it appends itself (we print ours in front) and without any snippet lines.
    pub fn from_parser(file: &str, at: Option<(u64, u64)>, raw: &str) -> Self {
        let mut message = raw.to_string();
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        let message = message.lines().next().unwrap_or("invalid input").trim().to_string();
        SourceError {
            file: file.into(),
            line: at.map(|a| a.0).filter(|&l| l > 0),
            column: at.map(|a| a.1).filter(|&c| c > 0),
            key: None,
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_place_first() {
        let e = SourceError::from_parser("p.yaml", Some((3, 7)), "unknown field `x` at line 3 column 7\n  | snippet");
        assert_eq!(e.to_string(), "p.yaml:3:7: unknown field `x`");
        let e = SourceError { key: Some("streams[0].size".into()), ..SourceError::new("p.yaml", "too small") };
        assert_eq!(e.to_string(), "p.yaml: streams[0].size: too small");
    }
}
