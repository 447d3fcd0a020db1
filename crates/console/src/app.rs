//! The console's I/O: the terminal, the daemon's stats stream and its command session.
//!
//! Three threads, none waiting on another: the stats thread reads the daemon's `stats`
//! notifications (10 a second) on a connection of its own; the control thread sends the
//! commands typed and asks `state` and `stf_stats` twice a second on another; the main
//! thread reads keys and redraws. A slow daemon therefore never freezes the screen, and
//! the console only reads what the daemon already publishes: traffic never waits on it.

use crate::client::{Client, RpcError, NOT_OWNER};
use crate::command::{self, Command, Start};
use crate::model::{Model, Ownership, Snapshot};
use crate::ui::{self, Prompt};
use ratatui::crossterm::event::{self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use serde_json::{json, Value};
use std::io::Read;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Loads a TRex Python profile: (path, ports, tunables) to riptide profile text.
pub type PyLoader = Box<dyn Fn(&Path, usize, Option<&str>) -> Result<String, String> + Send + Sync>;

/// How the console was started.
pub struct Options {
    /// The daemon, `HOST:PORT`.
    pub connect: String,
    /// Its token; none: its token file, when readable, or none at all.
    pub token: Option<String>,
    /// Never take the engine (TRex's `-r`).
    pub readonly: bool,
    /// Snapshots a second asked of the daemon.
    pub refresh_hz: u32,
    /// Turns `.py` profiles into riptide profiles.
    pub py_loader: Option<PyLoader>,
}

enum Update {
    Snapshot(Box<Snapshot>, Instant),
    LinkDown(String),
    Say(String),
    Own(Ownership),
    Stf(Option<Value>),
}

/// Runs the console until `quit`; the terminal is restored whatever happens.
pub fn run(opts: Options) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let (ctl_tx, ctl_rx) = mpsc::channel::<Command>();
    let interval = Duration::from_millis(u64::from(1000 / opts.refresh_hz.clamp(1, 20)));
    {
        let (addr, token, tx) = (opts.connect.clone(), opts.token.clone(), tx.clone());
        std::thread::Builder::new()
            .name("console-stats".into())
            .spawn(move || stats_thread(&addr, token.as_deref(), interval, &tx))
            .map_err(|e| e.to_string())?;
    }
    let mut model = Model::new(&opts.connect, opts.readonly);
    {
        let tx = tx.clone();
        let (addr, token, readonly, loader) = (opts.connect.clone(), opts.token.clone(), opts.readonly, opts.py_loader);
        std::thread::Builder::new()
            .name("console-control".into())
            .spawn(move || {
                Control {
                    addr,
                    token,
                    readonly,
                    loader: loader.map(Arc::new),
                    tx,
                    client: None,
                    me: None,
                    wants: !readonly,
                }
                .serve(&ctl_rx);
            })
            .map_err(|e| e.to_string())?;
    }
    drop(tx);
    let mut term = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            // Raw mode may be on already: give the terminal back as it was.
            ratatui::restore();
            return Err(format!("the terminal: {e}"));
        }
    };
    let res = main_loop(&mut term, &mut model, &rx, &ctl_tx);
    ratatui::restore();
    let running = model.snap.as_ref().is_some_and(|s| s.state == "running" || s.state == "paused");
    if res.is_ok() && running && model.own.mine() {
        eprintln!(
            "riptide console: traffic is still running; the daemon stops it once it has had no owner for \
             --owner-timeout (5 s by default), unless another session acquires the engine"
        );
    }
    res
}

fn main_loop(
    term: &mut ratatui::DefaultTerminal,
    model: &mut Model,
    rx: &Receiver<Update>,
    ctl: &Sender<Command>,
) -> Result<(), String> {
    let mut prompt = Prompt::default();
    let frame = Duration::from_millis(100);
    let mut drawn: Option<Instant> = None;
    let mut dirty = true;
    loop {
        while let Ok(u) = rx.try_recv() {
            dirty = true;
            match u {
                Update::Snapshot(s, at) => model.on_snapshot(*s, at),
                Update::LinkDown(e) => model.link = Err(e),
                Update::Say(s) => model.say(s),
                Update::Own(o) => model.own = o,
                Update::Stf(s) => model.stf = s,
            }
        }
        // Redrawn when something changed (at most 20 times a second), and once a second
        // regardless, so a stalled stats stream shows as stale.
        let since = drawn.map_or(Duration::MAX, |t| t.elapsed());
        if (dirty && since >= frame / 2) || since >= Duration::from_secs(1) {
            term.draw(|f| ui::draw(f, model, &prompt)).map_err(|e| format!("the terminal: {e}"))?;
            drawn = Some(Instant::now());
            dirty = false;
        }
        if event::poll(Duration::from_millis(20)).map_err(|e| format!("the terminal: {e}"))? {
            dirty = true;
            if let TermEvent::Key(k) = event::read().map_err(|e| format!("the terminal: {e}"))? {
                if k.kind == KeyEventKind::Press && !on_key(k, &mut prompt, model, ctl) {
                    return Ok(());
                }
            }
        }
    }
}

/// Handles a key; false when the console should end.
fn on_key(k: KeyEvent, p: &mut Prompt, model: &mut Model, ctl: &Sender<Command>) -> bool {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    if p.help {
        p.help = false;
        if !(ctrl && matches!(k.code, KeyCode::Char('c'))) {
            return true;
        }
    }
    let byte_at = |p: &Prompt, c: usize| p.text.char_indices().nth(c).map_or(p.text.len(), |(i, _)| i);
    match k.code {
        KeyCode::Char('c') if ctrl => return false,
        KeyCode::Char('d') if ctrl && p.text.is_empty() => return false,
        KeyCode::Char('u') if ctrl => {
            p.text.clear();
            p.cursor = 0;
        }
        KeyCode::Char('a') if ctrl => p.cursor = 0,
        KeyCode::Char('e') if ctrl => p.cursor = p.text.chars().count(),
        KeyCode::Char('?') if p.text.is_empty() => p.help = true,
        KeyCode::Char(c) if !ctrl && p.text.len() < 4096 => {
            let i = byte_at(p, p.cursor);
            p.text.insert(i, c);
            p.cursor += 1;
        }
        KeyCode::Backspace if p.cursor > 0 => {
            p.cursor -= 1;
            let i = byte_at(p, p.cursor);
            p.text.remove(i);
        }
        KeyCode::Delete if p.cursor < p.text.chars().count() => {
            let i = byte_at(p, p.cursor);
            p.text.remove(i);
        }
        KeyCode::Left => p.cursor = p.cursor.saturating_sub(1),
        KeyCode::Right => p.cursor = (p.cursor + 1).min(p.text.chars().count()),
        KeyCode::Home => p.cursor = 0,
        KeyCode::End => p.cursor = p.text.chars().count(),
        KeyCode::Esc => {
            p.text.clear();
            p.cursor = 0;
        }
        KeyCode::PageDown => p.stream_offset += 4,
        KeyCode::PageUp => p.stream_offset = p.stream_offset.saturating_sub(4),
        KeyCode::Up | KeyCode::Down if !p.history.is_empty() => {
            let last = p.history.len() - 1;
            let pos = match (k.code, p.hist_pos) {
                (KeyCode::Up, None) => Some(last),
                (KeyCode::Up, Some(i)) => Some(i.saturating_sub(1)),
                (_, Some(i)) if i < last => Some(i + 1),
                _ => None,
            };
            p.hist_pos = pos;
            p.text = pos.map_or(String::new(), |i| p.history[i].clone());
            p.cursor = p.text.chars().count();
        }
        KeyCode::Enter => {
            let line = std::mem::take(&mut p.text);
            p.cursor = 0;
            p.hist_pos = None;
            if !line.trim().is_empty() && p.history.last() != Some(&line) {
                p.history.push(line.clone());
            }
            match command::parse(&line) {
                Ok(None) => {}
                Ok(Some(Command::Quit)) => return false,
                Ok(Some(Command::Help)) => p.help = true,
                Ok(Some(c)) if !model.can_control() => {
                    model.say(format!("error: {}: this console is read-only (--readonly)", line.trim()));
                    drop(c);
                }
                Ok(Some(c)) => {
                    model.say(format!("> {}", line.trim()));
                    if ctl.send(c).is_err() {
                        model.say("error: the control session has ended");
                    }
                }
                Err(e) => model.say(format!("error: {e}")),
            }
        }
        _ => {}
    }
    true
}

fn stats_thread(addr: &str, token: Option<&str>, every: Duration, tx: &Sender<Update>) {
    let mut unreadable_said = false;
    loop {
        let err = match Client::connect(addr, token) {
            Ok(mut c) => match c.call("subscribe", json!({"interval_ms": every.as_millis() as u64})) {
                Ok(_) => {
                    // A daemon that sends nothing for this long is treated as gone.
                    c.set_timeout(Some((every * 5).max(Duration::from_secs(2))));
                    loop {
                        let v = match c.read() {
                            Ok(v) => v,
                            Err(e) => break e,
                        };
                        if v.get("method").and_then(Value::as_str) != Some("stats") {
                            continue;
                        }
                        let at = Instant::now();
                        let update =
                            match serde_json::from_value::<Snapshot>(v.get("params").cloned().unwrap_or(Value::Null)) {
                                Ok(s) => Update::Snapshot(Box::new(s), at),
                                // Said once, not once a snapshot.
                                Err(e) if !unreadable_said => {
                                    unreadable_said = true;
                                    Update::Say(format!("error: a stats snapshot the console cannot read: {e}"))
                                }
                                Err(_) => continue,
                            };
                        if tx.send(update).is_err() {
                            return;
                        }
                    }
                }
                Err(e) => e,
            },
            Err(e) => e,
        };
        if tx.send(Update::LinkDown(err.message)).is_err() {
            return;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

struct Control {
    addr: String,
    token: Option<String>,
    readonly: bool,
    loader: Option<Arc<PyLoader>>,
    tx: Sender<Update>,
    client: Option<Client>,
    me: Option<u64>,
    /// The console means to own the engine: taken again when the daemon let it go (a
    /// reconnection, a lapsed heartbeat), until `release`.
    wants: bool,
}

/// How long a TRex profile's translation (a Python process) may take.
const LOADER_TIMEOUT: Duration = Duration::from_secs(60);

impl Control {
    fn say(&self, s: impl Into<String>) {
        let _ = self.tx.send(Update::Say(s.into()));
    }

    fn serve(mut self, rx: &Receiver<Command>) {
        let mut polled: Option<Instant> = None;
        let mut down_said = false;
        loop {
            if self.client.is_none() {
                match Client::connect(&self.addr, self.token.as_deref()) {
                    Ok(c) => {
                        c.set_timeout(Some(Duration::from_secs(30)));
                        self.client = Some(c);
                        down_said = false;
                        self.on_connect();
                    }
                    Err(e) if !down_said => {
                        down_said = true;
                        self.say(format!("error: {e}"));
                    }
                    Err(_) => {}
                }
            }
            let wait = Duration::from_millis(500).saturating_sub(polled.map_or(Duration::MAX, |t| t.elapsed()));
            match rx.recv_timeout(wait) {
                Ok(cmd) => {
                    if self.client.is_none() {
                        self.say("error: not connected to the daemon");
                        continue;
                    }
                    match self.execute(cmd) {
                        Ok(msg) => self.say(msg),
                        Err(e) => self.fail(e),
                    }
                    polled = None;
                }
                Err(RecvTimeoutError::Disconnected) => return,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if polled.is_none_or(|t| t.elapsed() >= Duration::from_millis(500)) {
                polled = Some(Instant::now());
                if let Err(e) = self.poll() {
                    self.fail(e);
                }
            }
            if self.client.is_none() {
                std::thread::sleep(Duration::from_millis(500));
            }
        }
    }

    /// Reports an error; a broken connection is dropped (and made again).
    fn fail(&mut self, e: RpcError) {
        if e.code == 0 {
            self.client = None;
            self.me = None;
            let _ = self.tx.send(Update::Own(Ownership::default()));
        }
        self.say(format!("error: {e}"));
    }

    fn call(&mut self, method: &str, params: Value) -> Result<Value, RpcError> {
        match self.client.as_mut() {
            Some(c) => c.call(method, params),
            None => Err(RpcError { code: 0, message: "not connected to the daemon".into() }),
        }
    }

    fn on_connect(&mut self) {
        self.say(format!("connected to {}", self.addr));
        if self.readonly {
            self.say("read-only (--readonly): commands that change the engine are refused");
            return;
        }
        match self.call("acquire", json!({"force": false})) {
            Ok(v) => {
                self.me = v.get("session").and_then(Value::as_u64);
                self.say(format!("you own the engine (session {})", self.me.unwrap_or(0)));
            }
            Err(e) if e.code == NOT_OWNER => {
                self.say(format!("read-only: {e}"));
            }
            Err(e) => self.fail(e),
        }
    }

    fn poll(&mut self) -> Result<(), RpcError> {
        if self.client.is_none() {
            return Ok(());
        }
        let st = self.call("state", json!({}))?;
        let own = Ownership {
            owner: st.get("owner").and_then(Value::as_u64),
            me: st.get("you").and_then(Value::as_u64).or(self.me),
        };
        self.me = own.me;
        if self.wants && own.owner.is_none() {
            if let Ok(v) = self.call("acquire", json!({"force": false})) {
                self.me = v.get("session").and_then(Value::as_u64);
                self.say(format!("the engine was free: took it again (session {})", self.me.unwrap_or(0)));
                let _ = self.tx.send(Update::Own(Ownership { owner: self.me, me: self.me }));
                return self.poll_stf();
            }
        }
        let _ = self.tx.send(Update::Own(own));
        self.poll_stf()
    }

    fn poll_stf(&mut self) -> Result<(), RpcError> {
        let stf = self.call("stf_stats", json!({}))?;
        let active = stf.get("state").and_then(Value::as_str).is_some_and(|s| s != "idle");
        let _ = self.tx.send(Update::Stf(active.then_some(stf)));
        Ok(())
    }

    /// Takes the engine unless this session owns it (a command typed means to own it).
    fn own(&mut self) -> Result<(), RpcError> {
        self.wants = true;
        let st = self.call("state", json!({}))?;
        if st.get("owner").is_some() && st.get("owner") == st.get("you") {
            return Ok(());
        }
        self.call("acquire", json!({"force": false})).map(|_| ())
    }

    fn execute(&mut self, cmd: Command) -> Result<String, RpcError> {
        let empty = json!({});
        match cmd {
            Command::Start(s) => self.start(s),
            Command::Stop => {
                self.own()?;
                let snap = self.call("stop", empty)?;
                let sent: u64 = snap.get("ports").and_then(Value::as_array).map_or(0, |ps| {
                    ps.iter().filter_map(|p| p.get("opackets").and_then(Value::as_u64)).fold(0, u64::saturating_add)
                });
                Ok(format!("stopped: {} frames sent", ui::count(sent)))
            }
            Command::Pause => self.own().and_then(|()| self.call("pause", empty)).map(|_| "paused".into()),
            Command::Resume => self.own().and_then(|()| self.call("resume", empty)).map(|_| "resumed".into()),
            Command::Clear => {
                self.own().and_then(|()| self.call("clear_stats", empty)).map(|_| "counters cleared".into())
            }
            Command::Update { multiplier } => {
                self.own()?;
                self.call("update", json!({"multiplier": multiplier}))?;
                Ok(format!("rate updated: -m {multiplier}"))
            }
            Command::Acquire { force } => {
                let v = self.call("acquire", json!({"force": force}))?;
                self.wants = true;
                self.me = v.get("session").and_then(Value::as_u64);
                Ok(format!("you own the engine (session {})", self.me.unwrap_or(0)))
            }
            Command::Release => {
                let st = self.call("state", json!({}))?;
                let running = matches!(st.get("state").and_then(Value::as_str), Some("running" | "paused"));
                self.call("release", empty)?;
                self.wants = false;
                Ok(if running {
                    "released the engine: traffic without an owner stops after serve's --owner-timeout (5 s by \
                     default) unless another session acquires it"
                        .into()
                } else {
                    "released the engine (a command that changes it takes it again)".into()
                })
            }
            Command::Quit | Command::Help => Ok(String::new()),
        }
    }

    fn start(&mut self, s: Start) -> Result<String, RpcError> {
        let input = |m: String| RpcError { code: -1, message: m };
        let shown = s.profile.display().to_string();
        let ext = s.profile.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
        let (text, format) = if ext == "py" {
            let ports = self.call("ports", json!({}))?.as_array().map_or(1, Vec::len).max(1);
            let loader = self
                .loader
                .clone()
                .ok_or_else(|| input(format!("{shown}: TRex profiles need riptide's Python loader")))?;
            // Python runs in a thread of its own: the polls (this session's heartbeat)
            // go on meanwhile, and a hung translation is given up after a minute.
            let (done_tx, done_rx) = mpsc::channel();
            let (path, tunables) = (s.profile.clone(), s.tunables.clone());
            std::thread::spawn(move || {
                let _ = done_tx.send(loader(&path, ports, tunables.as_deref()));
            });
            let t0 = Instant::now();
            let text = loop {
                match done_rx.recv_timeout(Duration::from_millis(500)) {
                    Ok(r) => break r.map_err(input)?,
                    Err(RecvTimeoutError::Timeout) if t0.elapsed() < LOADER_TIMEOUT => self.poll()?,
                    Err(_) => {
                        return Err(input(format!("{shown}: its translation took over {} s", LOADER_TIMEOUT.as_secs())))
                    }
                }
            };
            (text, "yaml")
        } else {
            (
                read_profile(&s.profile).map_err(input)?,
                if ext == "pktgen" || ext == "pgset" { "pktgen" } else { "yaml" },
            )
        };
        self.own()?;
        let state = self.call("state", json!({}))?;
        let st = state.get("state").and_then(Value::as_str).unwrap_or("");
        if st == "running" || st == "paused" {
            if !s.force {
                return Err(input("traffic is running: stop it, or start --force".into()));
            }
            self.call("stop", json!({}))?;
        }
        self.call("load_profile", json!({"text": text, "source": shown, "format": format}))?;
        let mut p = serde_json::Map::new();
        if let Some(m) = &s.multiplier {
            p.insert("multiplier".into(), json!(m));
        }
        if let Some(d) = s.duration {
            p.insert("duration".into(), json!(d.0));
        }
        if s.total {
            p.insert("total".into(), json!(true));
        }
        self.call("start", Value::Object(p))?;
        Ok(format!(
            "started {shown}{}{}",
            s.multiplier.map(|m| format!(" -m {m}")).unwrap_or_default(),
            s.duration.map(|d| format!(" for {} s", d.as_secs_f64())).unwrap_or_default()
        ))
    }
}

/// Reads a profile file the console's user can read (a regular file, within the
/// daemon's size limit): the daemon gets its text, never its path.
fn read_profile(path: &Path) -> Result<String, String> {
    const LIMIT: u64 = 16 << 20;
    // Checked before opening too: opening a FIFO would wait for a writer.
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !f.metadata().map_err(|e| format!("{}: {e}", path.display()))?.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    let mut text = String::new();
    f.take(LIMIT + 1).read_to_string(&mut text).map_err(|e| format!("{}: {e}", path.display()))?;
    if text.len() as u64 > LIMIT {
        return Err(format!("{}: larger than {LIMIT} bytes", path.display()));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_read_as_profiles() {
        let dir = std::env::temp_dir().join(format!("riptide-console-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("p.yaml");
        std::fs::write(&file, "streams: []\n").unwrap();
        assert_eq!(read_profile(&file).unwrap(), "streams: []\n");
        // A FIFO would block the open until a writer came: refused before opening.
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().map(|s| s.success()).unwrap_or(false);
        if made {
            assert!(read_profile(&fifo).unwrap_err().contains("not a regular file"));
        }
        assert!(read_profile(&dir).unwrap_err().contains("not a regular file"));
        let e = read_profile(&dir.join("missing.yaml")).unwrap_err();
        assert!(e.contains("missing.yaml") && e.contains("No such file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
