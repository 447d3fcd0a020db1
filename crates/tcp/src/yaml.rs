//! YAML errors as riptide says them, for every YAML file this crate reads (a leaf: the
//! profile and cluster readers both use it).

/// A YAML parser's error as riptide's errors say it: `line L, column C: KEY: what was
/// expected` (a number out of its field's range named with its key and the range, as
/// [`riptide_core::SourceError::from_parser`] says it for every format riptide reads).
pub(crate) fn error(text: &str, e: &serde_saphyr::Error) -> String {
    let at = e.location().map(|l| (l.line(), l.column()));
    let s = riptide_core::SourceError::from_parser("", text, at, &e.without_snippet().to_string());
    let place = match (s.line, s.column) {
        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
        (Some(l), None) => format!("line {l}: "),
        _ => String::new(),
    };
    let key = s.key.map_or(String::new(), |k| format!("{k}: "));
    format!("{place}{key}{}", s.message)
}
