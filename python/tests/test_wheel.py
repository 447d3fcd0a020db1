"""The riptide wheel (``make wheel``: the binary and the Python package, maturin's ``bin``
bindings) installed into an empty virtual environment, used as a user would: the
``riptide`` command, the profiles under the environment's share/riptide/profiles, a 1 s
run of one into the null port (docs/install.md's first check), docs/examples/quickstart.py against
``riptide serve``, and a TRex ``.py`` profile into a pcap, read by the environment's own
Python (a ``python3`` first on PATH that fails proves it is not that one).

scripts/test.sh builds the wheel (scripts/wheel.sh) and names it in ``RIPTIDE_WHEEL``;
without it the test is skipped, saying so. Nothing here reads the checkout's python/
package: PYTHONPATH and riptide's own variables are removed from every command's
environment, and the commands run outside the checkout.
"""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path
from typing import Dict

import pytest

from daemon_util import wait_listening

REPO = Path(__file__).resolve().parents[2]
WHEEL = os.environ.get("RIPTIDE_WHEEL")


def clean_env(tmp: Path, venv: Path) -> Dict[str, str]:
    """The environment of a user of the venv: its bin/ first on PATH, nothing of the
    checkout's, and a ``python3`` that fails ahead of the system's."""
    fake = tmp / "fakebin"
    fake.mkdir(exist_ok=True)
    py = fake / "python3"
    py.write_text("#!/bin/sh\necho 'the wrong python3: PATH was used, not the environment of riptide' >&2\nexit 3\n")
    py.chmod(0o755)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "RIPTIDE_PYTHON", "RIPTIDE_PYTHONPATH", "RIPTIDE_BIN", "VIRTUAL_ENV")}
    env["PATH"] = f"{fake}:{env.get('PATH', '/usr/bin:/bin')}"
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not WHEEL:
        pytest.skip("no RIPTIDE_WHEEL: scripts/test.sh builds the wheel (make wheel) and sets it")
    wheel = Path(WHEEL).resolve()
    assert wheel.is_file(), wheel
    root = tmp_path_factory.mktemp("wheel")
    v = root / "venv"
    subprocess.run(["python3", "-m", "venv", str(v)], check=True, timeout=120)
    # [trex]: scapy, which TRex profiles build their packets with.
    r = subprocess.run([str(v / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        f"{wheel}[trex]"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return v


def test_the_wheel_gives_the_command_and_the_package(venv: Path, tmp_path: Path) -> None:
    env = clean_env(tmp_path, venv)
    rt = str(venv / "bin" / "riptide")
    r = subprocess.run([rt, "--version"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=30)
    assert r.returncode == 0 and r.stdout.startswith("riptide "), r.stdout + r.stderr
    # The package is the environment's, not the checkout's.
    code = "import riptide, riptide.trex; print(riptide.__file__)"
    r = subprocess.run([str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=30)
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.strip()).resolve().is_relative_to(venv.resolve()), r.stdout
    schema = Path(r.stdout.strip()).parent / "api_schema.json"
    assert schema.is_file(), schema


def test_the_wheel_ships_every_profile(venv: Path) -> None:
    # Issue 50: docs/install.md's first check ran a profile the wheel did not ship. They
    # are installed under the environment's share/riptide/profiles, as the .deb's are
    # under /usr/share/riptide/profiles.
    shipped = venv / "share" / "riptide" / "profiles"
    want = sorted(str(p.relative_to(REPO / "profiles")) for p in (REPO / "profiles").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)
    # (pip byte-compiles the .py among them: __pycache__ is its.)
    got = sorted(str(p.relative_to(shipped)) for p in shipped.rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts)
    assert got == want
    for name in want:
        assert (shipped / name).read_bytes() == (REPO / "profiles" / name).read_bytes(), name


def test_a_one_second_run_into_the_null_port(venv: Path, tmp_path: Path) -> None:
    # docs/install.md's first check, as written there: the profile the wheel installed.
    env = clean_env(tmp_path, venv)
    profile = venv / "share" / "riptide" / "profiles" / "udp64.yaml"
    r = subprocess.run([str(venv / "bin" / "riptide"), "run", str(profile), "--port", "null", "-d", "1s", "--json"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert r.returncode == 0, r.stderr
    import json

    v = json.loads(r.stdout)
    assert v["ports"][0]["opackets"] > 0 and 0.9 < v["duration_s"] < 1.5, v


def test_the_python_quickstart_against_riptide_serve(venv: Path, tmp_path: Path) -> None:
    env = clean_env(tmp_path, venv)
    # The quickstart talks to the default address, 127.0.0.1:4501.
    with socket.socket() as s:
        if s.connect_ex(("127.0.0.1", 4501)) == 0:
            pytest.fail("127.0.0.1:4501 is taken: the quickstart's daemon cannot listen there")
    daemon = subprocess.Popen([str(venv / "bin" / "riptide"), "serve", "--port", "null"], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_listening(daemon, 4501, "riptide serve")
        quick = tmp_path / "quickstart.py"
        quick.write_bytes((REPO / "docs" / "examples" / "quickstart.py").read_bytes())
        r = subprocess.run([str(venv / "bin" / "python"), str(quick)], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=60)
        assert r.returncode == 0, r.stdout + r.stderr
        fields = dict(kv.split("=") for kv in r.stdout.split())
        assert int(fields["opackets"]) > 100_000, r.stdout
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)


def test_a_trex_profile_into_a_pcap(venv: Path, tmp_path: Path) -> None:
    env = clean_env(tmp_path, venv)
    profile = tmp_path / "udp_1pkt_simple.py"
    profile.write_bytes((REPO / "python" / "tests" / "trex" / "udp_1pkt_simple.py").read_bytes())
    pcap = tmp_path / "out.pcap"
    r = subprocess.run([str(venv / "bin" / "riptide"), "run", str(profile), "--port", f"pcap:{pcap}", "-n", "5"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    # Read back with the environment's scapy: five UDP frames to TRex's 48.0.0.1.
    code = (f"from scapy.all import rdpcap, IP, UDP\np = rdpcap({str(pcap)!r})\n"
            "print(len(p), sum(1 for x in p if UDP in x and x[IP].dst == '48.0.0.1'))")
    r = subprocess.run([str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["5", "5"], r.stdout
