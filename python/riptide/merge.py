"""The results of one run split between generators, added into one: ``riptide merge``.

``merge`` hands the results (``riptide run --json`` objects, daemons' final stats, or
files of them) to the ``riptide merge`` command, which adds per-port and per-stream
counts, merges latency histograms and states the start skew (docs/scale.md). The
adding is the binary's, not a second copy of it here.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Dict, Sequence, Union

from .errors import RiptideError
from .stateful import _binary

Result = Union[Dict[str, Any], str, Path]


def merge(results: Sequence[Result], binary: str = "") -> Dict[str, Any]:
    """The merged report of ``results``: dicts (a run's ``--json``, a daemon's
    ``get_stats()``) or paths of files holding one. Raises :class:`RiptideError` with
    the command's message when they do not add up (a segment missing or twice, two
    profiles)."""
    if not results:
        raise RiptideError("merge: no results")
    with tempfile.TemporaryDirectory(prefix="riptide-merge-") as d:
        paths = []
        for i, r in enumerate(results):
            if isinstance(r, dict):
                p = Path(d) / f"result-{i}.json"
                p.write_text(json.dumps(r))
                paths.append(str(p))
            else:
                paths.append(str(r))
        cmd = [binary or _binary(), "merge", "--json", *paths]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        msg = out.stderr.strip().removeprefix("riptide: error: ")
        raise RiptideError(f"merge: {msg}")
    merged: Dict[str, Any] = json.loads(out.stdout)
    return merged
