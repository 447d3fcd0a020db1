"""`riptide ndr --out DIR`'s report.html in a real browser: headless Chromium loads it with
no console errors, every plot image decodes, and a screenshot is kept for a person to look
at (target/report-screenshot.png).

Chromium is driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
JSON messages ending in NUL on file descriptors 3 and 4), so no WebSocket library is
needed. scripts/setup.sh installs chromium-headless-shell.
"""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from daemon_util import BIN, REPO

BROWSERS = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]


def browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("no Chromium found (scripts/setup.sh installs chromium-headless-shell)")


class DevTools:
    """A Chromium with its DevTools protocol on two pipes."""

    def __init__(self, exe: str, profile_dir: str) -> None:
        r, self.to_browser = os.pipe()
        self.from_browser, w = os.pipe()
        # Above 4, so that placing them on 3 and 4 in the child cannot clobber either.
        to_browser_r, from_browser_w = fcntl.fcntl(r, fcntl.F_DUPFD, 10), fcntl.fcntl(w, fcntl.F_DUPFD, 10)
        os.close(r)
        os.close(w)

        def fds() -> None:
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        # The child keeps 3 and 4 (closing other descriptors happens after preexec_fn).
        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={profile_dir}", "--no-first-run", "--hide-scrollbars",
             "--window-size=1100,900", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.next_id, self.buf, self.events = 0, b"", []

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self.buf:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise EOFError(f"Chromium closed the pipe (exit {self.proc.poll()})")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method: str, session: str = None, timeout: float = 30, **params) -> dict:
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        os.write(self.to_browser, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            m = self._read(deadline)
            if m.get("id") == self.next_id:
                assert "error" not in m, f"{method}: {m['error']}"
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method: str, timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        for i, m in enumerate(self.events):
            if m.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read(deadline)
            if m.get("method") == method:
                return m
            self.events.append(m)

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)


def test_report_html_loads_in_chromium_with_every_plot(tmp_path: Path) -> None:
    out = tmp_path / "ndr"
    # A sweep over the in-memory link DUT with 0.3% loss and 50 us of delay: both goals,
    # NDR not found, latency trials, generator-free (virtual time): every plot has content.
    run = subprocess.run(
        [str(BIN), "ndr", "profiles/lab/ndr.yaml", "--port", "link:0:loss=0.3%,seed=7,delay=50us", "--port",
         "link:1", "--line-rate", "1g", "--min-load", "10kpps", "--trial", "0.2s", "--final-trial", "0.2s",
         "--duration-sum", "0.4s", "--frame-sizes", "64,1518,imix", "--out", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == ["latency-1518.png", "latency-64.png", "latency-imix.png", "throughput-bps.png",
                    "throughput-pps.png", "trials-1518.png", "trials-64.png", "trials-imix.png"], pngs
    html = (out / "report.html").read_text()
    assert html.count("<img ") == len(pngs)
    # Self-contained: no reference to any other file or host.
    assert "src=\"data:image/png;base64," in html and "http" not in html.replace("http://www.w3.org", "")

    images, title, png = look(out / "report.html", "report-screenshot.png")
    assert len(images) == len(pngs), images
    for alt, complete, w, h in images:
        assert complete and (w, h) == (800, 450), (alt, complete, w, h)
    assert "NDR/PDR" in title
    assert len(png) > 20000


def look(page: Path, shot_name: str) -> tuple:
    """Opens `page` in headless Chromium: its images as [alt, complete, width, height],
    its title and a screenshot (kept as target/SHOT_NAME); no console errors allowed."""
    with tempfile.TemporaryDirectory() as profile:
        b = DevTools(browser(), profile)
        try:
            target = b.call("Target.createTarget", url="about:blank")["targetId"]
            session = b.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                b.call(f"{domain}.enable", session=session)
            b.call("Page.navigate", session=session, url=page.as_uri())
            b.wait_event("Page.loadEventFired")
            images = b.call("Runtime.evaluate", session=session, returnByValue=True, expression=(
                "Array.from(document.images).map(i => [i.alt, i.complete, i.naturalWidth, i.naturalHeight])"))
            images = images["result"]["value"]
            title = b.call("Runtime.evaluate", session=session, returnByValue=True,
                           expression="document.title")["result"]["value"]
            shot = b.call("Page.captureScreenshot", session=session, format="png",
                          captureBeyondViewport=True)
            png = base64.b64decode(shot["data"])
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            (REPO / "target").mkdir(exist_ok=True)
            (REPO / "target" / shot_name).write_bytes(png)
            errors = [m for m in b.events
                      if m.get("method") == "Runtime.exceptionThrown"
                      or (m.get("method") == "Runtime.consoleAPICalled" and m["params"]["type"] == "error")
                      or (m.get("method") == "Log.entryAdded" and m["params"]["entry"]["level"] == "error")]
            assert errors == [], errors
            return images, title, png
        finally:
            b.close()


@pytest.mark.parametrize("test,args", [
    ("cps", ["--max-cps", "2000", "--min-cps", "100"]),
    ("throughput", ["--object-sizes", "1k,16k,64k", "--connections", "10"]),
    ("latency", ["--object-sizes", "1k,64k", "--cps", "500"]),
])
def test_rfc9411_report_html_loads_in_chromium(tmp_path: Path, test: str, args: list) -> None:
    """Each RFC 9411 test's report.html (on a `link:`, virtual time): one chart that
    decodes at 800 x 450, the title naming the test, the table's rows, no console error."""
    out = tmp_path / test
    run = subprocess.run(
        [str(BIN), "rfc9411", test, "--port", "link:0", "--port", "link:1", "--ramp-up", "1s", "--sustain", "1s",
         "--ramp-down", "2s", "--settle", "0s", "--flush", "none", "--out", str(out), *args],
        cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    html = (out / "report.html").read_text()
    # Self-contained: nothing fetched from elsewhere.
    assert "src=\"http" not in html and "href=" not in html and "<script" not in html
    rows = html.count("<tr>") - 1
    results = json.loads((out / "results.json").read_text())
    assert rows == len(results["trials"]) and rows > 0, html
    images, title, png = look(out / "report.html", f"rfc9411-{test}-screenshot.png")
    assert [(c, w, h) for _, c, w, h in images] == [(True, 800, 450)], images
    assert "RFC 9411" in title and len(png) > 10000
