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

    /// From a parser's error in `text`: its (line, column), and its message without the
    /// location it appends itself (we print ours in front) and without any snippet lines.
    /// A number that does not fit its field (serde's bare `invalid u16`) is said with the
    /// key and value at that place and what was expected: `dport: 70000: a port number
    /// 0-65535 expected`.
    pub fn from_parser(file: &str, text: &str, at: Option<(u64, u64)>, raw: &str) -> Self {
        let mut message = raw.to_string();
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        let message = message.lines().next().unwrap_or("invalid input").trim().to_string();
        let line = at.map(|a| a.0).filter(|&l| l > 0);
        let column = at.map(|a| a.1).filter(|&c| c > 0);
        let (key, message) = match (line, column) {
            (Some(l), Some(c)) => integer_expected(text, l, c, &message).unwrap_or((None, message)),
            _ => (None, message),
        };
        SourceError { file: file.into(), line, column, key, message }
    }
}

/// Keys whose numbers are port numbers, in every format riptide reads.
const PORT_KEYS: [&str; 6] = ["sport", "dport", "port_min", "port_max", "src_port", "dst_port"];

/// For serde's `invalid u8` / `u16` / `u32` / `u64` / `i8` ... `i64` (a number out of the
/// type's range, or not a number) at 1-based `line` and `column` of `text`: the key there
/// (when the value follows one) and `VALUE: a port number 0-65535 expected`.
fn integer_expected(text: &str, line: u64, column: u64, message: &str) -> Option<(Option<String>, String)> {
    let range = match message.strip_prefix("invalid ")? {
        "u8" => "0-255".to_string(),
        "u16" => "0-65535".to_string(),
        "u32" => "0-4294967295".to_string(),
        "u64" => "0-18446744073709551615".to_string(),
        "i8" => format!("from {} to {}", i8::MIN, i8::MAX),
        "i16" => format!("from {} to {}", i16::MIN, i16::MAX),
        "i32" => format!("from {} to {}", i32::MIN, i32::MAX),
        "i64" => format!("from {} to {}", i64::MIN, i64::MAX),
        _ => return None,
    };
    let chars: Vec<char> = text.lines().nth(usize::try_from(line).ok()?.checked_sub(1)?)?.chars().collect();
    let at = usize::try_from(column).ok()?.checked_sub(1)?;
    if at >= chars.len() {
        return None;
    }
    let value: String = chars[at..].iter().take_while(|c| !matches!(c, ',' | '}' | ']' | '#')).collect();
    let value = value.trim();
    let before: String = chars[..at].iter().collect();
    // The key the value follows (`dport: `, `"dport": `); none for an item of a list.
    let key: String = match before.trim_end().strip_suffix(':') {
        Some(k) => {
            let k = k.trim_end().trim_end_matches(['"', '\'']);
            let tail: Vec<char> =
                k.chars().rev().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')).collect();
            tail.into_iter().rev().collect()
        }
        None => String::new(),
    };
    let noun = if PORT_KEYS.contains(&key.as_str()) { "a port number" } else { "a whole number" };
    let message = format!("{}: {noun} {range} expected", shorten(value, 80));
    Some(((!key.is_empty()).then_some(key), message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_place_first() {
        let e =
            SourceError::from_parser("p.yaml", "", Some((3, 7)), "unknown field `x` at line 3 column 7\n  | snippet");
        assert_eq!(e.to_string(), "p.yaml:3:7: unknown field `x`");
        let e = SourceError { key: Some("streams[0].size".into()), ..SourceError::new("p.yaml", "too small") };
        assert_eq!(e.to_string(), "p.yaml: streams[0].size: too small");
    }

    /// Issue 50: `invalid u16` named neither the field nor what it takes.
    #[test]
    fn a_number_out_of_range_names_its_key_and_range() {
        let yaml = "streams:\n  - packet:\n      - udp: {sport: 1, dport: 70000}\n";
        let e = SourceError::from_parser("p.yaml", yaml, Some((3, 32)), "invalid u16 at line 3 column 32");
        assert_eq!(e.to_string(), "p.yaml:3:32: dport: 70000: a port number 0-65535 expected");
        let yaml = "streams:\n  - packet:\n      - ipv4:\n          ttl: 300   # hops\n";
        let e = SourceError::from_parser("p.yaml", yaml, Some((4, 16)), "invalid u8");
        assert_eq!(e.to_string(), "p.yaml:4:16: ttl: 300: a whole number 0-255 expected");
        let json = r#"{"streams": [{"port": -1}]}"#;
        let e = SourceError::from_parser("p.json", json, Some((1, 23)), "invalid u16");
        assert_eq!(e.to_string(), "p.json:1:23: port: -1: a whole number 0-65535 expected");
        // A value in a list has no key; a place off the text leaves the message as it was.
        let e = SourceError::from_parser("p.yaml", "values: [1, 300]\n", Some((1, 13)), "invalid u8");
        assert_eq!(e.to_string(), "p.yaml:1:13: 300: a whole number 0-255 expected");
        let e = SourceError::from_parser("p.yaml", "x: 1\n", Some((9, 1)), "invalid u8");
        assert_eq!(e.to_string(), "p.yaml:9:1: invalid u8");
        let e = SourceError::from_parser("p.yaml", "x: 1\n", Some((1, 4)), "invalid i64");
        assert_eq!(
            e.to_string(),
            "p.yaml:1:4: x: 1: a whole number from -9223372036854775808 to 9223372036854775807 expected"
        );
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
