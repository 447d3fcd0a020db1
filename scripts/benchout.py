"""Output shared by the benchmark scripts (stf_sweep.py, scale.py): the CSV, written
atomically, and matplotlib's pyplot when it is installed (riptide installs nothing)."""

import csv
import os
import sys
from typing import Any, Optional


def write_csv(path: str, rows: list[dict]) -> None:
    """Writes `rows` (dicts with the same keys) to `path` through a temporary file."""
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    os.replace(path + ".tmp", path)
    print(f"wrote {path}")


def pyplot(script: str, path: str) -> Optional[Any]:
    """matplotlib.pyplot on the Agg backend, or None with a note that `path` is not drawn."""
    try:
        import matplotlib
    except ImportError:
        print(f"{script}: matplotlib is not installed, so no {path} (the CSV is written); "
              "`python3 -m pip install matplotlib` (in a virtual environment) for the plot, or --no-plot",
              file=sys.stderr)
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt
