"""One client of a server that many use in turn (test_trex_astf_examples.py): TRex's ASTF
client (trex-core's trex.astf.api, unchanged) connects, resets, loads a profile and starts
it, as TRex's ASTF example does, then ends its run one way (MODE):

- ``stop``: ``stop()``, then ``disconnect()``;
- ``disconnect``: ``disconnect()`` mid-run (TRex's client stops the traffic first);
- ``leave``: ``disconnect(stop_traffic=False, release_ports=False)`` mid-run: the run goes
  on, owned by a client that is gone;
- ``unwatched``: a run of 0.3 s left at once: it ends by its duration with no client;
- ``hold``: runs until a line comes on stdin, then ``disconnect()`` (meanwhile the test
  kills it, or another client takes the context).

Prints a JSON line once the run is started (the profile states TRex's client saw after its
``reset()`` and after ``start()``), and one more when it has ended its run.

Usage: trex_astf_endings_script.py RPC_PORT PUB_PORT PROFILE MODE MULT   (TREX_EXT_LIBS set)
"""

import json
import sys

from trex.astf.api import ASTFClient

rpc, pub, profile, mode, mult = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
c = ASTFClient(server="127.0.0.1", sync_port=rpc, async_port=pub, verbose_level="error")
c.connect()
c.reset()
out = {"after_reset": c.get_profiles_state(), "context_after_reset": c.state}
c.load_profile(profile)
c.clear_stats()
c.start(mult=mult, duration=0.3 if mode == "unwatched" else -1)
out["started"] = c.get_profiles_state()
print(json.dumps(out), flush=True)

if mode == "stop":
    c.stop()
    ended = {"stopped": c.get_profiles_state()}
    c.disconnect()
elif mode == "disconnect":
    c.disconnect()
    ended = {}
elif mode in ("leave", "unwatched"):
    c.disconnect(stop_traffic=False, release_ports=False)
    ended = {}
elif mode == "hold":
    sys.stdin.readline()
    ended = {"before_disconnect": c.get_profiles_state()}
    c.disconnect()
else:
    raise SystemExit(f"unknown mode {mode}")
print(json.dumps(ended), flush=True)
