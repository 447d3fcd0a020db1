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
            write!(f, "{}: ", shorten(k, 200))?;
        }
        write!(f, "{}", shorten(&self.message, MAX_MESSAGE))
    }
}

/// The longest message an error shows: what it quotes of the input is cut, so a 10 MB
/// line does not come back in the error.
pub const MAX_MESSAGE: usize = 1000;

/// `s` cut to about `max` bytes (on a character boundary), saying how long it was.
pub fn shorten(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if s.len() <= max {
        return s.into();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes in all)", &s[..end], s.len()).into()
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

    #[test]
    fn a_huge_quote_is_cut() {
        let big = "é".repeat(5_000_000);
        let e = SourceError::new("p.yaml", format!("unknown field `{big}`"));
        let shown = e.to_string();
        assert!(shown.len() < MAX_MESSAGE + 100 && shown.contains("bytes in all"), "{}", shown.len());
        assert_eq!(shorten("short", 10), "short");
    }
}
