"""TRex's current Python client library (python/tests/trex-core, unchanged) loads here:
the peer `riptide serve --trex` will answer for ASTF (issue 34) and for the current STL
client (issue 35). This test keeps the copy whole: TRex's ASTFClient and STLClient import
and construct with the test environment's packages (nothing is contacted)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import trex_oracle

_CHILD = r"""
from trex.astf.api import ASTFClient, ASTFProfile
from trex.stl.api import STLClient
a = ASTFClient(server="127.0.0.1", sync_port=1, async_port=2, verbose_level="error")
s = STLClient(server="127.0.0.1", sync_port=1, async_port=2, verbose_level="error")
print(type(a).__name__, type(s).__name__, a.ctx.api_ver["name"], a.ctx.api_ver["major"])
"""


def test_trex_current_clients_load() -> None:
    with tempfile.TemporaryDirectory() as ext:
        for d in trex_oracle._EXT_LIBS:
            os.makedirs(os.path.join(ext, d))
        env = dict(os.environ, TREX_EXT_LIBS=ext, PYTHONPATH=str(trex_oracle.INTERACTIVE))
        r = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env,
                           cwd=str(trex_oracle.INTERACTIVE), timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    # TRex's ASTF API as its client asks for it (api_sync_v2): what serve --trex must answer.
    assert r.stdout.split() == ["ASTFClient", "STLClient", "ASTF", "2"], r.stdout
