"""A progress bar for the sweep scripts (stf_sweep.py, scale.py): the share of points
done and the time left, on stderr, only when stdout and stderr are a terminal; piped or
redirected, the scripts' output is the same bytes as without it."""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO


class Progress:
    WIDTH = 20

    def __init__(self, total: int, what: str = "points", out: Optional[TextIO] = None,
                 shown: Optional[bool] = None) -> None:
        self.total, self.what, self.done = max(total, 1), what, 0
        self.out = out if out is not None else sys.stderr
        self.shown = shown if shown is not None else (sys.stdout.isatty() and self.out.isatty())
        self.t0 = time.monotonic()

    def line(self, now: Optional[float] = None) -> str:
        elapsed = (now if now is not None else time.monotonic()) - self.t0
        share = self.done / self.total
        full = round(share * self.WIDTH)
        eta = f"ETA {elapsed / self.done * (self.total - self.done):.0f} s" if self.done else "ETA --"
        return (f"[{'#' * full}{'.' * (self.WIDTH - full)}] {share:4.0%} "
                f"{self.done}/{self.total} {self.what}  {elapsed:.0f} s  {eta}")

    def show(self, label: str = "") -> None:
        """Draws the bar (`done` counts the points finished), `label` after it."""
        if self.shown:
            self.out.write(f"\r\x1b[2K{self.line()}{'  ' + label if label else ''}")
            self.out.flush()

    def clear(self) -> None:
        """Clears the bar before a result line is printed (and at the end)."""
        if self.shown:
            self.out.write("\r\x1b[2K")
            self.out.flush()
