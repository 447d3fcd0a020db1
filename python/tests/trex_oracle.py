"""TRex's own ASTF profile code (python/tests/trex-core, copied unchanged) as a test oracle.

:func:`trex_astf_json` loads a TRex ASTF profile with TRex's ``ASTFProfile.load_py`` and
returns its ``to_json()``: what TRex's client sends to its server. The library is imported in
a child process (its package name ``trex`` would otherwise clash with riptide's load-time
answers), with ``trex.astf.api`` answered by the profile module alone (TRex's real ``api``
also imports the client, whose dependencies the tests do not carry). Needs dpkt and
repoze.lru (requirements-test.txt), as TRex's ``cap_handling`` does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional

HERE = Path(__file__).resolve().parent
TREX_CORE = HERE / "trex-core"
INTERACTIVE = TREX_CORE / "scripts/automation/trex_control_plane/interactive"
ASTF_PROFILES = TREX_CORE / "scripts/astf"
GOLDEN = TREX_CORE / "scripts/automation/regression/functional_tests/golden"

# TRex's package checks that these directories exist under $TREX_EXT_LIBS; the modules
# themselves come from the test environment's site-packages.
_EXT_LIBS = ("texttable-0.8.4", "pyyaml-3.11/python3", "scapy-2.4.3", "pyzmq-ctypes", "simpy-3.0.10",
             "trex-openssl", "dpkt-1.9.1", "repoze")

# TRex's own copies of these (scripts/external_libs): its packet builder needs its patched
# scapy's field offsets, its console its texttable's ansi_len.
_VENDORED = ("scapy-2.4.3", "texttable-0.8.4")


def make_ext_libs(root: str, vendored: bool = True) -> str:
    """Fills `root` as TREX_EXT_LIBS: TRex's own scapy and texttable (with `vendored`), and
    empty directories for the rest (TRex's package checks that they exist; the modules come
    from the test environment's site-packages). Returns `root`."""
    for d in _EXT_LIBS:
        if vendored and d in _VENDORED:
            os.symlink(TREX_CORE / "scripts/external_libs" / d, os.path.join(root, d))
        else:
            os.makedirs(os.path.join(root, d))
    return root


def run_client(script: Path, srv: Dict[str, int], *args: str, timeout: float = 120) -> Dict[str, Any]:
    """Runs one of the tests' scripts of TRex's own client (its current one: trex.stl.api,
    trex.astf.api) against `srv` (test_trex_rpc.trex_server's ports), with TRex's scapy and
    texttable; returns the JSON line it printed last."""
    with tempfile.TemporaryDirectory() as ext:
        make_ext_libs(ext)
        env = dict(os.environ, TREX_EXT_LIBS=ext, PYTHONPATH=str(INTERACTIVE))
        r = subprocess.run([sys.executable, str(script), str(srv["rpc"]), str(srv["pub"]), *args],
                           capture_output=True, text=True, timeout=timeout, env=env, cwd=str(INTERACTIVE))
    assert r.returncode == 0, (r.stdout[-2000:], r.stderr[-3000:])
    return json.loads(r.stdout.strip().splitlines()[-1])


_CHILD = r"""
import json, sys, types
import trex.astf.trex_astf_profile as P
api = types.ModuleType("trex.astf.api")
api.__dict__.update({k: v for k, v in vars(P).items() if not k.startswith("_")})
sys.modules["trex.astf.api"] = api
out = []
for job in json.loads(sys.argv[1]):
    try:
        prof = P.ASTFProfile.load_py(job["path"], tunables=job["tunables"])
        out.append({"json": prof.to_json()})
    except BaseException as e:
        out.append({"error": type(e).__name__ + ": " + str(e).strip()[-500:]})
print(json.dumps(out))
"""


def trex_astf_json_many(paths: List[str], tunables: Optional[List[str]] = None) -> List[Dict[str, Any]]:
    """``[{"json": ...} | {"error": ...}]`` for each profile, from TRex's own code, in one process."""
    with tempfile.TemporaryDirectory() as ext:
        for d in _EXT_LIBS:
            os.makedirs(os.path.join(ext, d))
        env = dict(os.environ, TREX_EXT_LIBS=ext, PYTHONPATH=str(INTERACTIVE))
        jobs = json.dumps([{"path": str(p), "tunables": list(tunables or [])} for p in paths])
        r = subprocess.run([sys.executable, "-c", _CHILD, jobs], capture_output=True, text=True, env=env,
                           cwd=str(INTERACTIVE), timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"TRex's profile code failed: {r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def trex_astf_json(path: str, tunables: Optional[List[str]] = None) -> Dict[str, Any]:
    """TRex's ``ASTFProfile.load_py(path, tunables).to_json()``."""
    res = trex_astf_json_many([path], tunables)[0]
    if "error" in res:
        raise RuntimeError(f"{path}: {res['error']}")
    return res["json"]
