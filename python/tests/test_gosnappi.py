"""The OTG project's Go tools against `riptide serve --otg`, unchanged: gosnappi (the Go
module the proxy serves, v1.61.0) in a `go test` (go/otg) over gRPC and HTTPS, and otgen
(its source in go/third_party/otgen, built with that gosnappi) in its
`create | run | transform | display` pipeline over a veth pair in the test's own
namespace.

scripts/test.sh builds both into target/go (`scripts/go-build.sh`, under SCHED_IDLE
while the Rust build and tests run); here they only run."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve()
GO = REPO / "go" / "otg"


def go_env() -> dict[str, str]:
    if shutil.which("go") is None:
        pytest.fail("go is needed (Go 1.25 or newer: the machine's toolchain, as cargo is)")
    env = dict(os.environ)
    env["GOCACHE"] = str(REPO / "target" / "go-cache")
    env["GOFLAGS"] = (env.get("GOFLAGS", "") + " -mod=readonly").strip()
    env["RIPTIDE_BIN"] = str(BIN)
    return env


def built(name: str, cmd: list[str], env: dict[str, str]) -> Path:
    """target/go/NAME as scripts/go-build.sh made it (built here when it is missing or
    older than the Go sources), so that the tests do not link a large binary beside the
    other test files' measurements."""
    out = REPO / "target" / "go" / name
    sources = [p.stat().st_mtime for p in (REPO / "go").rglob("*") if p.suffix in (".go", ".mod", ".sum")]
    if not out.exists() or out.stat().st_mtime < max(sources):
        r = subprocess.run(cmd + ["-o", str(out)] + ([] if name == "otg.test" else ["github.com/open-traffic-generator/otgen"]),
                           cwd=GO, env=env, capture_output=True, text=True, timeout=900)
        assert r.returncode == 0, r.stderr[-3000:]
    return out


def test_gosnappi_drives_riptide_over_grpc_and_https() -> None:
    """go/otg/otg_test.go: 1,000 frames between two link ports counted at both ends, the
    config read back equal, the version, a bad location refused naming its path; over
    gRPC and over HTTPS (otgen's transport)."""
    env = go_env()
    test = built("otg.test", ["go", "test", "-c"], env)
    out = subprocess.run([str(test), "-test.count=1", "-test.v"], cwd=GO, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    for name in ("TestGosnappiOverGrpcSendsAndCountsEveryFrame", "TestGosnappiOverHttpsAsOtgenDoes"):
        assert f"--- PASS: {name}" in out.stdout, out.stdout[-2000:]


def test_otgens_pipeline_runs_a_flow_over_a_veth_pair(tmp_path: Path) -> None:
    """`otgen create flow | otgen run | otgen transform | otgen display -m table`, as its
    README shows it, with the ports veth-a and veth-b of a pair in the test's namespace:
    run's metrics end with the flow stopped and its 1,000 frames sent and received, and
    display's table says so."""
    if os.geteuid() != 0 or subprocess.run(["ip", "netns", "list"], capture_output=True).returncode != 0:
        pytest.skip("needs root and ip netns")
    otgen = built("otgen", ["go", "build"], go_env())
    ns = f"rt-otgen-{os.getpid()}"
    run = lambda *a: subprocess.run(["ip", *a], check=True, capture_output=True, timeout=30)  # noqa: E731
    run("netns", "add", ns)
    server = None
    metrics = tmp_path / "run.json"
    try:
        run("-n", ns, "link", "set", "lo", "up")
        run("-n", ns, "link", "add", "veth-a", "type", "veth", "peer", "name", "veth-b")
        for i in ("veth-a", "veth-b"):
            run("netns", "exec", ns, "sysctl", "-qw", f"net.ipv6.conf.{i}.disable_ipv6=1")
            run("-n", ns, "link", "set", i, "up")
        server = subprocess.Popen([str(BIN), "serve", "--otg", "--no-auth", "--netns", ns, "--bind", "127.0.0.1:0",
                                   "--otg-grpc", "off"], stderr=subprocess.PIPE, text=True)
        assert server.stderr is not None
        line = server.stderr.readline()
        m = re.search(r"on https://(127\.0\.0\.1:\d+)", line)
        assert m, line
        pipeline = (f"{otgen} create flow -s 198.18.0.1 -d 198.19.0.1 -P udp -c 1000 -r 1000 "
                    f"--txl veth-a --rxl veth-b "
                    f"| {otgen} run -k -a https://{m.group(1)} -m flow --timeout 60s "
                    f"| tee {metrics} | {otgen} transform -m flow | {otgen} display -m table")
        out = subprocess.run(["ip", "netns", "exec", ns, "bash", "-c", f"set -o pipefail; {pipeline}"],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    lines = [json.loads(x) for x in metrics.read_text().splitlines() if x.strip()]
    assert lines, "otgen run printed no metrics"
    last = lines[-1]["flow_metrics"][0]
    assert (last["name"], last["transmit"]) == ("f1", "stopped"), last
    assert (int(last["frames_tx"]), int(last["frames_rx"])) == (1000, 1000), last
    rows = [r for r in out.stdout.splitlines() if re.match(r"\|\s*f1\s*\|", r)]
    assert rows, out.stdout[-1500:]
    cells = [c.strip() for c in rows[-1].strip("|").split("|")]
    assert cells == ["f1", "1000", "1000"], rows[-1]
