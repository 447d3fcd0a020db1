//! Charts for riptide's reports.
//!
//! - [`chart`]: pure logic, a [`Chart`] of series to an SVG document;
//! - [`png`]: that SVG rasterised to PNG bytes by resvg, text in the DejaVu Sans subset
//!   embedded in this crate (fonts/, Bitstream Vera licence), so a report looks the same
//!   on a machine without fonts.

pub mod chart;

pub use chart::{svg, Chart, Series, Style, PALETTE};

use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// The font family every chart's text uses.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// DejaVu Sans cut to Latin-1 (fonts/LICENSE says how).
static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The SVG did not parse (a bug in [`chart::svg`]).
    #[error("chart SVG: {0}")]
    Svg(String),
    /// Zero or absurd size.
    #[error("chart size {0}x{1}")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("PNG: {0}")]
    Png(String),
}

/// Rasterises an SVG document to PNG bytes at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, PlotError> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(FONT.to_vec());
    let opt = usvg::Options { font_family: FONT_FAMILY.to_string(), fontdb: Arc::new(db), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| PlotError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    let mut pixmap = tiny_skia::Pixmap::new(w, h).filter(|_| w <= 8192 && h <= 8192).ok_or(PlotError::Size(w, h))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PlotError::Png(e.to_string()))
}

/// [`chart::svg`] then [`png`].
pub fn chart_png(c: &Chart) -> Result<Vec<u8>, PlotError> {
    png(&svg(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PNG's width and height, from its IHDR chunk.
    fn dims(png: &[u8]) -> (u32, u32) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
        (be(16), be(20))
    }

    #[test]
    fn a_chart_rasterises_with_its_text() {
        let mut c = Chart::new("NDR", "frame size (B)", "Mpps");
        c.series.push(Series {
            name: "ndr".into(),
            color: PALETTE[0].into(),
            style: Style::LineMarkers,
            points: vec![(64.0, 1.0), (1518.0, 0.8)],
        });
        let with_text = chart_png(&c).unwrap();
        assert_eq!(dims(&with_text), (800, 450));
        // The same chart without any text is a different (smaller) image: the glyphs
        // were drawn, so the embedded font loaded.
        let blank = svg(&c).replace(FONT_FAMILY, "No Such Font");
        let mut db_less = png(&blank).unwrap();
        db_less.truncate(with_text.len());
        assert_ne!(db_less, with_text);
    }

    #[test]
    fn bad_svg_is_an_error_not_a_panic() {
        assert!(matches!(png("<svg"), Err(PlotError::Svg(_))));
        assert!(png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>"#).is_err());
    }
}
