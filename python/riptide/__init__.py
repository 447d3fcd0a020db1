"""Python client for riptide's daemon (``riptide serve``).

    from riptide import Client, udp_stream
    with Client() as c:
        c.acquire()
        c.reset()          # the daemon keeps streams an earlier session loaded
        c.add_streams([udp_stream(rate="1mpps")])
        c.start(duration=2)
        c.wait_on_traffic()
        print(c.get_stats()["ports"][0]["opackets"])

Pure Python (``socket`` + ``json``), typed, no dependencies.
"""

from .client import Client, API_MAJOR, RateShortfall, SCHEMA_PATH, State, shortfalls
from .cluster import Cluster
from .merge import merge
from .stateful import StatefulResult, StatefulRunner
from .errors import RiptideError, RpcError, ConnectionFailed, NotOwner, VersionMismatch
from .streams import load_py_profile, stream, udp_stream, profile_text
from .from_scapy import from_scapy, scapy_packet, scapy_stream

__all__ = [
    "API_MAJOR",
    "Client",
    "Cluster",
    "ConnectionFailed",
    "NotOwner",
    "RateShortfall",
    "RiptideError",
    "RpcError",
    "SCHEMA_PATH",
    "State",
    "StatefulResult",
    "StatefulRunner",
    "from_scapy",
    "scapy_packet",
    "scapy_stream",
    "shortfalls",
    "VersionMismatch",
    "load_py_profile",
    "merge",
    "profile_text",
    "stream",
    "udp_stream",
]
