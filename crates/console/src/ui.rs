//! Drawing the model: a pure function of the model and the prompt onto a ratatui frame.

use crate::command::HELP;
use crate::model::{Model, CHART_SECONDS};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Cell, Chart, Clear, Dataset, GraphType, Paragraph, Row, Table};
use ratatui::Frame;
use riptide_core::units::human_rate;
use serde_json::Value;
use std::time::Instant;

/// The prompt's state.
#[derive(Debug, Default)]
pub(crate) struct Prompt {
    /// The line being typed.
    pub(crate) text: String,
    /// Cursor, in characters.
    pub(crate) cursor: usize,
    /// Lines entered, oldest first.
    pub(crate) history: Vec<String>,
    /// Where Up/Down is in the history.
    pub(crate) hist_pos: Option<usize>,
    /// The help is shown.
    pub(crate) help: bool,
    /// First stream row shown.
    pub(crate) stream_offset: usize,
}

const PROMPT: &str = "riptide> ";

/// A count with thousands separated, as counters are read: `1,234,567`.
pub(crate) fn count(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A sum of counters that stops at the largest count rather than wrapping.
fn total(it: impl Iterator<Item = u64>) -> u64 {
    it.fold(0, u64::saturating_add)
}

fn ns(v: u64) -> String {
    let v = v as f64;
    if v >= 1e9 {
        format!("{:.2} s", v / 1e9)
    } else if v >= 1e6 {
        format!("{:.2} ms", v / 1e6)
    } else if v >= 1e3 {
        format!("{:.2} us", v / 1e3)
    } else {
        format!("{v:.0} ns")
    }
}

fn state_style(state: &str) -> Style {
    let c = match state {
        "running" => Color::Green,
        "paused" => Color::Yellow,
        "stopped" | "finished" => Color::Cyan,
        _ => Color::Gray,
    };
    Style::default().fg(c).add_modifier(Modifier::BOLD)
}

fn header() -> Style {
    Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
}

/// Draws everything.
pub(crate) fn draw(f: &mut Frame<'_>, m: &Model, p: &Prompt) {
    let snap = m.snap.as_ref();
    let nports = snap.map_or(0, |s| s.ports.len());
    let nstreams = snap.map_or(0, |s| s.streams.len());
    let ports_h = u16::try_from(nports + usize::from(nports > 1) + 3).unwrap_or(u16::MAX);
    let streams_h = nstreams.clamp(1, 8) as u16 + 3;
    let [title, ports, streams, middle, log, prompt] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(ports_h),
        Constraint::Length(streams_h),
        Constraint::Min(6),
        Constraint::Length(5),
        Constraint::Length(1),
    ])
    .areas(f.area());
    draw_title(f, title, m);
    draw_ports(f, ports, m);
    draw_streams(f, streams, m, p.stream_offset);
    let [left, chart] = Layout::horizontal([Constraint::Length(44), Constraint::Min(20)]).areas(middle);
    draw_side(f, left, m);
    draw_chart(f, chart, m);
    // Long messages (the daemon's errors) wrap; the newest lines that fit are shown.
    let width = log.width.saturating_sub(2).max(1) as usize;
    let mut lines: Vec<Line<'_>> = Vec::new();
    for l in m.log.iter().rev() {
        if lines.len() >= log.height.saturating_sub(2) as usize {
            break;
        }
        let st = if l.starts_with("error") { Style::default().fg(Color::Red) } else { Style::default() };
        let chars: Vec<char> = l.chars().collect();
        for chunk in chars.chunks(width).rev() {
            lines.push(Line::styled(chunk.iter().collect::<String>(), st));
        }
    }
    let lines: Vec<Line<'_>> = lines.into_iter().take(log.height.saturating_sub(2) as usize).rev().collect();
    f.render_widget(Paragraph::new(lines).block(Block::bordered().title(" log ")), log);
    let text = format!("{PROMPT}{}", p.text);
    f.render_widget(Paragraph::new(text), prompt);
    let x = prompt.x + (PROMPT.len() + p.cursor) as u16;
    f.set_cursor_position((x.min(prompt.right().saturating_sub(1)), prompt.y));
    if p.help {
        draw_help(f);
    }
}

fn draw_title(f: &mut Frame<'_>, area: Rect, m: &Model) {
    // What matters most first (a narrow terminal cuts the end): state, then who owns
    // the engine, then the run's multiplier, time and the refresh rate.
    let mut spans = vec![Span::styled(" riptide ", Style::default().add_modifier(Modifier::REVERSED))];
    spans.push(Span::raw(format!(" {}  ", m.addr)));
    let snap = match (&m.link, m.snap.as_ref()) {
        (Err(e), _) => {
            spans.push(Span::styled(format!("disconnected: {e} (retrying)"), Style::default().fg(Color::Red)));
            f.render_widget(Paragraph::new(Line::from(spans)), area);
            return;
        }
        (Ok(()), Some(s)) => {
            spans.push(Span::raw("state "));
            spans.push(Span::styled(s.state.clone(), state_style(&s.state)));
            spans.push(Span::raw("  "));
            Some(s)
        }
        (Ok(()), None) => {
            spans.push(Span::raw("waiting for stats  "));
            None
        }
    };
    spans.push(if m.own.mine() {
        Span::styled(format!("owner: you (session {})", m.own.me.unwrap_or(0)), Style::default().fg(Color::Green))
    } else if let Some(o) = m.own.owner {
        Span::styled(
            format!("read-only: session {o} owns the engine (acquire --force)"),
            Style::default().fg(Color::Yellow),
        )
    } else if m.readonly {
        Span::styled("read-only (--readonly)", Style::default().fg(Color::Yellow))
    } else {
        Span::raw("owner: none")
    });
    if let Some(s) = snap {
        if s.state != "idle" {
            spans.push(Span::raw(format!("  {}  {:.1} s", s.multiplier, s.duration_s)));
        }
        let now = Instant::now();
        if m.stale(now) {
            spans.push(Span::styled("  no stats for 2 s (daemon busy?)", Style::default().fg(Color::Red)));
        } else {
            spans.push(Span::raw(format!("  {} Hz", m.refresh_hz(now))));
        }
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// A table column: its header, the width it wants, and how much it matters (0 most):
/// a narrow terminal shows the columns that matter most, in their order.
struct Col(&'static str, u16, u8);

/// The columns of `cols` that fit `width` (one space between columns).
fn fit(cols: &[Col], width: u16) -> Vec<usize> {
    let mut by_rank: Vec<usize> = (0..cols.len()).collect();
    by_rank.sort_by_key(|&i| (cols[i].2, i));
    let mut used = 0u16;
    let mut keep = vec![];
    for i in by_rank {
        let w = cols[i].1 + u16::from(!keep.is_empty());
        if used.saturating_add(w) <= width {
            used += w;
            keep.push(i);
        }
    }
    keep.sort_unstable();
    keep
}

/// A table of `rows` (cells in `cols`' order, each with a style) showing the columns that fit.
fn table<'a>(cols: &[Col], rows: Vec<(Vec<String>, Style)>, area: Rect, title: String) -> Table<'a> {
    let keep = fit(cols, area.width.saturating_sub(2));
    let head = Row::new(keep.iter().map(|&i| Cell::from(cols[i].0))).style(header());
    let rows: Vec<Row<'_>> = rows
        .into_iter()
        .map(|(mut cells, st)| {
            Row::new(keep.iter().map(|&i| Cell::from(cells.get_mut(i).map(std::mem::take).unwrap_or_default())))
                .style(st)
        })
        .collect();
    let widths: Vec<Constraint> = keep.iter().map(|&i| Constraint::Length(cols[i].1)).collect();
    Table::new(rows, widths).header(head).block(Block::bordered().title(title))
}

const PORT_COLS: [Col; 13] = [
    Col("port", 4, 0),
    Col("name", 14, 3),
    Col("tx", 11, 0),
    Col("tx L1", 12, 1),
    Col("tx L2", 12, 5),
    Col("line", 6, 4),
    Col("rx", 11, 0),
    Col("rx L2", 12, 5),
    Col("opackets", 14, 2),
    Col("ipackets", 14, 2),
    Col("oerrors", 8, 4),
    Col("ierrors", 8, 4),
    Col("lost", 12, 1),
];

fn draw_ports(f: &mut Frame<'_>, area: Rect, m: &Model) {
    let Some(s) = m.snap.as_ref() else {
        f.render_widget(Block::bordered().title(" ports "), area);
        return;
    };
    let rates = m.port_rates();
    let mut lost_by_port = vec![None::<u64>; s.ports.len()];
    for st in &s.streams {
        if let (Some(rx), Some(l)) = (&st.rx, lost_by_port.get_mut(st.port)) {
            *l = Some(l.unwrap_or(0).saturating_add(rx.lost));
        }
    }
    let mut rows = Vec::new();
    let mut tot = crate::model::PortRates::default();
    for (i, p) in s.ports.iter().enumerate() {
        let r = rates.get(i).copied().unwrap_or_default();
        tot.tx_pps += r.tx_pps;
        tot.tx_l1 += r.tx_l1;
        tot.tx_l2 += r.tx_l2;
        tot.rx_pps += r.rx_pps;
        tot.rx_l2 += r.rx_l2;
        let util =
            if p.line_rate_bps > 0.0 { format!("{:.1}%", 100.0 * r.tx_l1 / p.line_rate_bps) } else { "-".into() };
        let cells = vec![
            p.index.to_string(),
            format!("{} ({})", p.name, p.driver),
            human_rate(r.tx_pps, "pps"),
            human_rate(r.tx_l1, "b/s"),
            human_rate(r.tx_l2, "b/s"),
            util,
            human_rate(r.rx_pps, "pps"),
            human_rate(r.rx_l2, "b/s"),
            count(p.opackets),
            count(p.ipackets),
            count(p.oerrors),
            count(p.ierrors),
            lost_by_port[i].map_or("-".into(), count),
        ];
        rows.push((cells, Style::default()));
    }
    if s.ports.len() > 1 {
        let lost = if lost_by_port.iter().any(Option::is_some) {
            count(total(lost_by_port.iter().flatten().copied()))
        } else {
            "-".into()
        };
        let cells = vec![
            "all".into(),
            String::new(),
            human_rate(tot.tx_pps, "pps"),
            human_rate(tot.tx_l1, "b/s"),
            human_rate(tot.tx_l2, "b/s"),
            String::new(),
            human_rate(tot.rx_pps, "pps"),
            human_rate(tot.rx_l2, "b/s"),
            count(total(s.ports.iter().map(|p| p.opackets))),
            count(total(s.ports.iter().map(|p| p.ipackets))),
            count(total(s.ports.iter().map(|p| p.oerrors))),
            count(total(s.ports.iter().map(|p| p.ierrors))),
            lost,
        ];
        rows.push((cells, Style::default().add_modifier(Modifier::BOLD)));
    }
    f.render_widget(table(&PORT_COLS, rows, area, " ports ".into()), area);
}

const STREAM_COLS: [Col; 11] = [
    Col("stream", 16, 0),
    Col("port", 4, 2),
    Col("requested", 11, 1),
    Col("achieved", 11, 0),
    Col("opackets", 14, 3),
    Col("rx", 14, 3),
    Col("lost", 18, 1),
    Col("lat p50", 10, 2),
    Col("lat p99", 10, 2),
    Col("lat max", 10, 2),
    Col("jitter", 10, 4),
];

fn draw_streams(f: &mut Frame<'_>, area: Rect, m: &Model, offset: usize) {
    let Some(s) = m.snap.as_ref() else {
        f.render_widget(Block::bordered().title(" streams "), area);
        return;
    };
    let rates = m.stream_rates();
    let shown = area.height.saturating_sub(3) as usize;
    let offset = offset.min(s.streams.len().saturating_sub(shown));
    let rows = s
        .streams
        .iter()
        .enumerate()
        .skip(offset)
        .take(shown)
        .map(|(i, st)| {
            let achieved = rates.get(i).copied().unwrap_or(0.0);
            let loss = match &st.rx {
                Some(rx) if st.opackets > 0 => {
                    format!("{} ({:.2}%)", count(rx.lost), 100.0 * rx.lost as f64 / st.opackets as f64)
                }
                Some(rx) => count(rx.lost),
                None => "-".into(),
            };
            let lat = s.latency.iter().find(|l| l.stream == st.name && l.count > 0);
            let (p50, p99, max, jit) = match lat {
                Some(l) => (ns(l.p50_ns), ns(l.p99_ns), ns(l.max_ns), ns(l.jitter_ns as u64)),
                None => ("-".into(), "-".into(), "-".into(), "-".into()),
            };
            let cells = vec![
                st.name.clone(),
                st.port.to_string(),
                human_rate(st.requested_pps.unwrap_or(f64::INFINITY), "pps"),
                human_rate(achieved, "pps"),
                count(st.opackets),
                st.rx.as_ref().map_or("-".into(), |r| count(r.rx_packets)),
                loss,
                p50,
                p99,
                max,
                jit,
            ];
            (cells, Style::default())
        })
        .collect();
    let title = if s.streams.len() > shown {
        format!(" streams {}-{} of {} (PgUp/PgDn) ", offset + 1, (offset + shown).min(s.streams.len()), s.streams.len())
    } else {
        " streams ".to_string()
    };
    f.render_widget(table(&STREAM_COLS, rows, area, title), area);
}

fn get_u64(v: &Value, path: &[&str]) -> u64 {
    path.iter().try_fold(v, |v, k| v.get(*k)).and_then(Value::as_u64).unwrap_or(0)
}

fn draw_side(f: &mut Frame<'_>, area: Rect, m: &Model) {
    let mut lines = Vec::new();
    if let Some(s) = m.snap.as_ref() {
        lines.push(Line::styled(format!("{:<7}{:>8}{:>12}{:>13}", "worker", "cpu", "tx", "Gb/s/core"), header()));
        for w in &s.workers {
            lines.push(Line::raw(format!(
                "{:<7}{:>7.1}%{:>12}{:>13.2}",
                w.index,
                w.cpu_util,
                human_rate(w.tx_pps, "pps"),
                w.gbps_per_core
            )));
        }
        if let Some(t) = &s.tcp {
            lines.push(Line::styled(
                format!(
                    "tcp: {} open, {:.0} conn/s",
                    count(get_u64(t, &["active"])),
                    t.get("connects_per_s").and_then(Value::as_f64).unwrap_or(0.0)
                ),
                header(),
            ));
            lines.push(Line::raw(format!(
                "connects {} of {}",
                count(get_u64(t, &["client", "tcps_connects"])),
                count(get_u64(t, &["client", "tcps_connattempt"]))
            )));
            lines.push(Line::raw(format!(
                "accepts {}  rexmit {}",
                count(get_u64(t, &["server", "tcps_accepts"])),
                count(
                    get_u64(t, &["client", "tcps_sndrexmitpack"])
                        .saturating_add(get_u64(t, &["server", "tcps_sndrexmitpack"]))
                )
            )));
        }
    }
    if let Some(stf) = &m.stf {
        lines.push(Line::styled(
            format!("stateful: {}", stf.get("state").and_then(Value::as_str).unwrap_or("?")),
            header(),
        ));
        lines.push(Line::raw(format!(
            "active {}  opened {}  closed {}",
            count(get_u64(stf, &["m_active_flows"])),
            count(get_u64(stf, &["m_total_open_flows"])),
            count(get_u64(stf, &["m_total_close_flows"]))
        )));
        lines.push(Line::raw(format!(
            "tx {}  queue full {}",
            count(get_u64(stf, &["tx_packets"])),
            count(get_u64(stf, &["m_total_queue_full"]))
        )));
    }
    f.render_widget(Paragraph::new(lines).block(Block::bordered().title(" workers (run averages) ")), area);
}

/// The last minute's rates. The legend is the block's title: inside the plot, ratatui
/// puts it at the top right, over the newest points.
fn draw_chart(f: &mut Frame<'_>, area: Rect, m: &Model) {
    let n = m.chart.len();
    let tx: Vec<(f64, f64)> = m.chart.iter().enumerate().map(|(i, &(t, _))| ((i + 1) as f64 - n as f64, t)).collect();
    let rx: Vec<(f64, f64)> = m.chart.iter().enumerate().map(|(i, &(_, r))| ((i + 1) as f64 - n as f64, r)).collect();
    let top = m.chart.iter().map(|&(t, r)| t.max(r)).fold(0.0f64, f64::max).max(1.0) * 1.1;
    let (last_tx, last_rx) = m.chart.back().copied().unwrap_or_default();
    let (green, cyan) = (Style::default().fg(Color::Green), Style::default().fg(Color::Cyan));
    let title = Line::from(vec![
        Span::raw(" last minute: "),
        Span::styled(format!("tx {}", human_rate(last_tx, "pps")), green),
        Span::raw("  "),
        Span::styled(format!("rx {}", human_rate(last_rx, "pps")), cyan),
        Span::raw(" "),
    ]);
    let data = vec![
        Dataset::default().marker(Marker::Braille).graph_type(GraphType::Line).style(green).data(&tx),
        Dataset::default().marker(Marker::Braille).graph_type(GraphType::Line).style(cyan).data(&rx),
    ];
    let chart = Chart::new(data)
        .block(Block::bordered().title(title))
        .legend_position(None)
        .x_axis(Axis::default().bounds([-(CHART_SECONDS as f64) + 1.0, 0.0]).labels(["-60 s", "now"]))
        .y_axis(Axis::default().bounds([0.0, top]).labels(["0".to_string(), human_rate(top, "pps")]));
    f.render_widget(chart, area);
}

fn draw_help(f: &mut Frame<'_>) {
    let area = f.area();
    let w = area.width.min(112);
    let h = (HELP.len() as u16 + 4).min(area.height);
    let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    f.render_widget(Clear, r);
    let rows = HELP.iter().map(|(c, d)| Row::new([Cell::from(*c), Cell::from(*d)]));
    let t = Table::new(rows, [Constraint::Length(36), Constraint::Min(10)])
        .block(Block::bordered().title(" commands (TRex console's) - any key closes "));
    f.render_widget(t, r);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Snapshot;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use serde_json::json;
    use std::time::Duration;

    fn screen(m: &Model, p: &Prompt, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(f, m, p)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>() + "\n").collect()
    }

    fn model() -> Model {
        let mut m = Model::new("127.0.0.1:4501", false);
        let t0 = Instant::now();
        for i in 0..12u64 {
            let tx = 100_000 * i;
            let snap: Snapshot = serde_json::from_value(json!({
                "state": "running", "multiplier": "1mpps", "duration_s": 0.1 * i as f64,
                "ports": [
                    {"index": 0, "name": "null", "driver": "null", "opackets": tx, "obytes": tx * 60, "line_rate_bps": 1e10},
                    {"index": 1, "name": "null", "driver": "null", "ipackets": tx, "ibytes": tx * 60, "line_rate_bps": 1e10}
                ],
                "streams": [{"name": "udp", "port": 0, "opackets": tx, "requested_pps": 1e6,
                             "rx": {"rx_packets": tx - i, "lost": i}}],
                "latency": [{"stream": "udp", "count": 5, "p50_ns": 1500, "p99_ns": 25_000, "max_ns": 2_000_000}],
                "workers": [{"index": 0, "cpu_util": 12.5, "gbps_per_core": 5.4, "tx_pps": 1e6}]
            }))
            .unwrap();
            m.on_snapshot(snap, t0 + Duration::from_millis(100 * i));
        }
        m.own = crate::model::Ownership { owner: Some(3), me: Some(3) };
        m.say("started");
        m
    }

    #[test]
    fn the_screen_shows_rates_as_engineers_write_them() {
        let s = screen(&model(), &Prompt::default(), 160, 40);
        assert!(s.contains("state running"), "{s}");
        assert!(s.contains("owner: you (session 3)"), "{s}");
        let row0 = s.lines().find(|l| l.contains("│0 ")).unwrap_or_else(|| panic!("{s}"));
        assert!(row0.contains("1.00 Mpps") && row0.contains("672.00 Mb/s") && row0.contains("512.00 Mb/s"), "{row0}");
        assert!(row0.contains("6.7%"), "{row0}");
        let row1 = s.lines().find(|l| l.contains("│1 ")).unwrap_or_else(|| panic!("{s}"));
        assert!(row1.contains("1.00 Mpps") && row1.contains("1,100,000"), "{row1}");
        let st = s.lines().find(|l| l.contains("│udp")).unwrap_or_else(|| panic!("{s}"));
        assert!(
            st.contains("1.50 us") && st.contains("25.00 us") && st.contains("2.00 ms") && st.contains("11 (0.00%)"),
            "{st}"
        );
        assert!(s.contains("riptide> "), "{s}");
        assert!(s.contains("12.5%"), "{s}");
    }

    /// Issue 50: the legend sat at the chart's top right, over the newest points.
    #[test]
    fn the_chart_legend_covers_no_point() {
        let mut m = Model::new("127.0.0.1:4501", false);
        m.chart = (0..CHART_SECONDS).map(|_| (1e6, 1e6)).collect();
        let (w, h) = (60u16, 12u16);
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw_chart(f, f.area(), &m)).unwrap();
        let buf = t.backend().buffer().clone();
        let row = |y: u16| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>();
        // The rates are named in the border's title.
        assert!(row(0).contains("tx 1.00 Mpps") && row(0).contains("rx 1.00 Mpps"), "{}", row(0));
        // Inside the border, the newest column is the line's, to the top: no legend there.
        let braille = |s: &str| s.chars().next().is_some_and(|c| ('\u{2800}'..='\u{28ff}').contains(&c));
        let newest: Vec<String> = (1..h - 1).map(|y| buf[(w - 2, y)].symbol().to_string()).collect();
        assert!(newest.iter().any(|s| braille(s)), "{newest:?}");
        for y in 1..h - 1 {
            let inside = &row(y)[..];
            assert!(!inside.contains("tx ") && !inside.contains("rx "), "row {y}: {inside}");
        }
    }

    #[test]
    fn small_terminals_and_no_daemon_draw_without_panicking() {
        let mut m = Model::new("127.0.0.1:1", true);
        m.link = Err("connection refused".into());
        for (w, h) in [(80, 24), (40, 10), (10, 3), (1, 1), (200, 60)] {
            let p = Prompt { help: true, text: "x".repeat(300), cursor: 300, ..Prompt::default() };
            let s = screen(&m, &p, w, h);
            assert_eq!(s.lines().count(), h as usize);
            let s = screen(&model(), &p, w, h);
            assert_eq!(s.lines().count(), h as usize);
        }
        let s = screen(&m, &Prompt::default(), 120, 30);
        assert!(s.contains("disconnected: connection refused (retrying)") && !s.contains("owner"), "{s}");
    }

    #[test]
    fn a_narrow_terminal_keeps_the_columns_that_matter_whole() {
        let s = screen(&model(), &Prompt::default(), 80, 30);
        let row0 = s.lines().find(|l| l.contains("│0 ")).unwrap_or_else(|| panic!("{s}"));
        // tx and rx rates and L1 are whole (nothing cut to "1.00 Mp"), the rest left out.
        assert!(row0.contains("1.00 Mpps") && row0.contains("672.00 Mb/s"), "{row0}");
        assert!(!row0.contains("512.00 Mb/s"), "tx L2 goes first: {row0}");
        let head = s.lines().find(|l| l.contains("│port")).unwrap_or_else(|| panic!("{s}"));
        assert!(head.contains("tx") && head.contains("rx") && head.contains("lost"), "{head}");
        let st = s.lines().find(|l| l.contains("│udp")).unwrap_or_else(|| panic!("{s}"));
        assert!(st.contains("1.00 Mpps") && st.contains("11 (0.00%)"), "{st}");
        assert_eq!(fit(&PORT_COLS, 1), Vec::<usize>::new());
        assert_eq!(fit(&PORT_COLS, 400).len(), PORT_COLS.len());
    }

    #[test]
    fn long_errors_wrap_in_the_log() {
        let mut m = model();
        let long = format!("error: {} END", "x".repeat(250));
        m.say(long);
        let s = screen(&m, &Prompt::default(), 100, 40);
        assert!(s.contains(" END"), "{s}");
        assert!(s.contains("error: xxx"), "{s}");
    }

    #[test]
    fn help_lists_every_command() {
        let s = screen(&model(), &Prompt { help: true, ..Prompt::default() }, 160, 40);
        for c in [
            "start -f FILE",
            "--force",
            "stop",
            "pause / resume",
            "update -m MULT",
            "clear",
            "acquire [--force]",
            "quit",
        ] {
            assert!(s.contains(c), "{c}: {s}");
        }
    }

    #[test]
    fn stateful_and_tcp_runs_show_their_counters() {
        let mut m = model();
        if let Some(s) = m.snap.as_mut() {
            s.tcp = Some(json!({
                "client": {"tcps_connects": 12_000, "tcps_connattempt": 12_345, "tcps_sndrexmitpack": 7},
                "server": {"tcps_accepts": 11_999, "tcps_sndrexmitpack": 1},
                "active": 345, "connects_per_s": 98_765.4
            }));
        }
        m.stf = Some(json!({"state": "running", "m_active_flows": 1500, "m_total_open_flows": 20_000,
                            "m_total_close_flows": 18_500, "tx_packets": 1_234_567, "m_total_queue_full": 0}));
        let s = screen(&m, &Prompt::default(), 160, 40);
        for want in [
            "tcp: 345 open, 98765 conn/s",
            "connects 12,000 of 12,345",
            "accepts 11,999  rexmit 8",
            "stateful: running",
            "active 1,500  opened 20,000  closed 18,500",
            "tx 1,234,567  queue full 0",
        ] {
            assert!(s.contains(want), "{want}: {s}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_counts_draw_at_any_size(
            ports in proptest::collection::vec((proptest::prelude::any::<u64>(), proptest::prelude::any::<u64>()), 0..5),
            streams in proptest::collection::vec((proptest::prelude::any::<u64>(), 0usize..8, proptest::prelude::any::<u64>()), 0..20),
            w in 1u16..220, h in 1u16..70, offset in 0usize..40, text in ".{0,200}",
        ) {
            let mut m = Model::new("x", false);
            let t0 = Instant::now();
            for k in 0..3u64 {
                let snap: Snapshot = serde_json::from_value(json!({
                    "state": "running", "duration_s": k as f64 * 0.5,
                    "ports": ports.iter().enumerate().map(|(i, p)| json!({"index": i, "opackets": p.0.saturating_add(k), "obytes": p.1, "ipackets": p.1, "ierrors": p.0})).collect::<Vec<_>>(),
                    "streams": streams.iter().map(|s| json!({"name": "s", "port": s.1, "opackets": s.0, "rx": {"lost": s.2, "rx_packets": s.2}})).collect::<Vec<_>>(),
                    "latency": [{"stream": "s", "count": 1, "p50_ns": u64::MAX, "max_ns": u64::MAX}],
                    "workers": [{"index": 0, "cpu_util": 1e300, "tx_pps": -1.0}]
                })).unwrap();
                m.on_snapshot(snap, t0 + Duration::from_millis(500 * k));
            }
            let cursor = text.chars().count();
            let p = Prompt { text, cursor, stream_offset: offset, help: offset % 2 == 0, ..Prompt::default() };
            let s = screen(&m, &p, w, h);
            proptest::prop_assert_eq!(s.lines().count(), h as usize);
        }
    }

    #[test]
    fn counts_have_separators() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(ns(999), "999 ns");
        assert_eq!(ns(1500), "1.50 us");
    }
}
