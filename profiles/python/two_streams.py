"""A profile as a plain Python function (TRex STL style): `streams(**tunables)` returns
the streams. Load it with riptide.load_py_profile("profiles/python/two_streams.py", rate="2mpps").
"""
from riptide import stream, udp_stream


def streams(rate: str = "1mpps", flows: int = 254):
    return [
        udp_stream(name="udp", rate=rate),
        stream(
            name="sweep",
            size={"min": 64, "max": 1518},
            rate="1kpps",
            vars=[{"name": "src", "op": "inc", "min": "198.18.0.1", "max": f"198.18.0.{flows}", "write": "ipv4.src"}],
        ),
    ]
