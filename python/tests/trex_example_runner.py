"""Runs one of TRex's own example scripts (python/tests/trex-core, unchanged) against a server
on other ports than TRex's 4501/4500: its ``STLClient`` and ``ASTFClient`` defaults are pointed
at them, and the script runs as ``__main__`` with the arguments that follow.

Usage: trex_example_runner.py RPC_PORT PUB_PORT SCRIPT [ARGS...]   (cwd: the script's folder)
"""

from __future__ import annotations

import functools
import os
import runpy
import sys


def main() -> None:
    rpc, pub, script = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    sys.argv = [script] + sys.argv[4:]
    sys.path.insert(0, ".")
    # The examples' own path setup (TRex's client and profiles): stl_path or astf_path.
    if os.path.exists("astf_path.py"):
        import astf_path  # noqa: F401
    else:
        import stl_path  # noqa: F401
    from trex.astf import trex_astf_client
    from trex.stl import trex_stl_client

    def point(cls: type) -> None:
        init = cls.__init__  # type: ignore[misc]

        @functools.wraps(init)
        def pointed(self, *args, **kw):  # type: ignore[no-untyped-def]
            kw.setdefault("sync_port", rpc)
            kw.setdefault("async_port", pub)
            init(self, *args, **kw)

        cls.__init__ = pointed  # type: ignore[misc]

    # ASTFClient passes its own defaults on to TRexClient: both classes are pointed.
    point(trex_stl_client.STLClient)
    point(trex_astf_client.ASTFClient)
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
