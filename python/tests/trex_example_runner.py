"""Runs one of TRex's own example scripts (python/tests/trex-core, unchanged) against a server
on other ports than TRex's 4501/4500: its ``STLClient`` defaults are pointed at them, and the
script runs as ``__main__`` with the arguments that follow.

Usage: trex_example_runner.py RPC_PORT PUB_PORT SCRIPT [ARGS...]   (cwd: the script's folder)
"""

from __future__ import annotations

import functools
import runpy
import sys


def main() -> None:
    rpc, pub, script = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    sys.argv = [script] + sys.argv[4:]
    sys.path.insert(0, ".")
    import stl_path  # noqa: F401  (the examples' own path setup: TRex's client and profiles)
    from trex.stl import trex_stl_client

    init = trex_stl_client.STLClient.__init__

    @functools.wraps(init)
    def pointed(self, *args, **kw):  # type: ignore[no-untyped-def]
        kw.setdefault("sync_port", rpc)
        kw.setdefault("async_port", pub)
        init(self, *args, **kw)

    trex_stl_client.STLClient.__init__ = pointed
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
