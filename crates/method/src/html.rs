//! The methods' report.html: one self-contained page (styles inline, pictures as `data:`
//! URLs, no scripts), which a person opens from the output directory.

use crate::host::Host;

/// The pages' style sheet.
pub(crate) const STYLE: &str = concat!(
    "body{font-family:'DejaVu Sans',Arial,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}\n",
    "table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:4px 10px;text-align:right}\n",
    "th{background:#f0f0f0}td:nth-child(-n+2){text-align:left}\n",
    "figure{margin:1.5em 0}img{max-width:100%;border:1px solid #ddd}figcaption{color:#555;font-size:90%}\n",
    "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;white-space:pre-wrap}td{white-space:nowrap}\n",
);

/// Escapes text for HTML.
pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// PNG bytes as a `data:` URL.
pub(crate) fn data_url(png: &[u8]) -> String {
    use base64::Engine as _;
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

/// A method's page: a title, lead paragraphs, one table, pictures, the command and host.
pub(crate) struct Page<'a> {
    pub title: &'a str,
    pub lead: Vec<String>,
    pub head: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
    /// (file, caption, PNG bytes); each drawn 800 x 450.
    pub images: Vec<(String, String, Vec<u8>)>,
    pub command: &'a [String],
    pub host: &'a Host,
}

impl Page<'_> {
    /// The page's HTML.
    pub(crate) fn render(&self) -> String {
        let mut h = format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>riptide: {t}</title>\n\
             <style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
            t = esc(self.title)
        );
        for p in &self.lead {
            h.push_str(&format!("<p>{}</p>\n", esc(p)));
        }
        h.push_str("<table>\n<tr>");
        for c in &self.head {
            h.push_str(&format!("<th>{}</th>", esc(c)));
        }
        h.push_str("</tr>\n");
        for row in &self.rows {
            h.push_str("<tr>");
            for c in row {
                h.push_str(&format!("<td>{}</td>", esc(c)));
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
        for (file, caption, png) in &self.images {
            h.push_str(&format!(
                "<figure><img src=\"{}\" alt=\"{c}\" width=\"800\" height=\"450\"><figcaption>{c} ({f})</figcaption></figure>\n",
                data_url(png),
                c = esc(caption),
                f = esc(file)
            ));
        }
        h.push_str(&format!("<h2>Command</h2>\n<pre>{}</pre>\n", esc(&self.command.join(" "))));
        h.push_str(&format!(
            "<h2>Host</h2>\n<p>riptide {}; {}.</p>\n<ul>\n",
            env!("CARGO_PKG_VERSION"),
            esc(&self.host.describe())
        ));
        for l in &self.host.calibration_lines {
            h.push_str(&format!("<li>{}</li>\n", esc(l)));
        }
        h.push_str("</ul>\n</body>\n</html>\n");
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_what_it_shows() {
        assert_eq!(esc("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
