"""The per-test time bound of conftest.py holds: a test that waits past it fails, naming
where it waited, and does not hang the run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


def test_a_test_that_waits_on_a_child_for_ever_fails_at_the_bound(tmp_path: Path) -> None:
    shutil.copy(Path(__file__).with_name("conftest.py"), tmp_path / "conftest.py")
    (tmp_path / "test_stuck.py").write_text(
        "import subprocess\n\n"
        "def test_stuck():\n"
        "    subprocess.Popen(['sleep', '30']).wait()\n"
    )
    t = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "RIPTIDE_TEST_BOUND": "2"})
    assert r.returncode != 0, r.stdout
    assert "still running after 2 s" in r.stdout and "test_stuck.py" in r.stdout, r.stdout
    assert time.monotonic() - t < 20
