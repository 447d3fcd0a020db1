"""Several daemons (one per host or namespace) driven as one generator."""

from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Sequence, Union

from .client import Client, Json
from .errors import RiptideError
from .streams import Stream


class Cluster:
    """Drives several :class:`Client` sessions together.

    ``start`` gives every daemon the same wall-clock start time (``at_unix_ns``), so
    they begin together to within their hosts' clock agreement (the same clock on one
    host; NTP/PTP across hosts). Each daemon reports when it really began
    (``start_unix_ns + start_lag_ns``); :meth:`start_spread_ns` is the difference.
    """

    def __init__(self, clients: Sequence[Client]) -> None:
        if not clients:
            raise RiptideError("a Cluster needs at least one client")
        self.clients: List[Client] = list(clients)

    def acquire(self, force: bool = False) -> None:
        for c in self.clients:
            c.acquire(force=force)

    def add_streams(self, streams: List[Stream]) -> None:
        """The same streams on every daemon."""
        for c in self.clients:
            c.add_streams(streams)

    def start(
        self,
        at: Optional[float] = None,
        lead: float = 0.2,
        duration: Optional[float] = None,
        count: Optional[int] = None,
        mult: Union[str, float] = 1,
        cores: int = 1,
        segmented: bool = False,
        realtime: bool = False,
    ) -> float:
        """Starts every daemon at wall-clock time ``at`` (default: now + ``lead`` s); returns it.

        ``lead`` must cover sending the start to every daemon (each takes ~1 ms here).
        ``realtime``: each daemon's workers at real-time priority (SCHED_FIFO), which also
        wake at ``at`` to the microsecond; at normal priority a busy host's scheduler may
        wake one a tick (a few ms) late.
        ``segmented``: the daemons share the profile instead of each sending all of it:
        daemon ``k`` of ``n`` sends segment ``k/n`` (1/n of every rate and packet count,
        and a disjoint part of every field-engine range; ``riptide run --segment``), so
        :meth:`get_stats`'s ``total`` is what one generator would have sent.
        """
        when = time.time() + lead if at is None else at
        n = len(self.clients)
        for k, c in enumerate(self.clients):
            seg = (k, n) if segmented else None
            c.start(duration=duration, count=count, mult=mult, cores=cores, at=when, segment=seg, realtime=realtime)
        return when

    def tcp_start(
        self,
        text: str,
        *,
        at: Optional[float] = None,
        lead: float = 0.2,
        segmented: bool = True,
        name: str = "<python>",
        **opts: Any,
    ) -> float:
        """Starts the TCP profile ``text`` (docs/tcp.md) on every daemon at wall-clock time
        ``at`` (default: now + ``lead`` s); returns it. ``segmented`` (the default): daemon
        ``k`` of ``n`` opens segment ``k/n`` of the connections (its block of the client
        addresses, or every n-th port, and 1/n of every rate, ``concurrent`` and
        ``limit``: ``riptide tcp --segment``, API 1.20), so no two open the same 5-tuple
        and together they open what one would; ``False``: each runs the whole profile.
        ``opts`` as :meth:`Client.tcp_start` (``limit``, ``duration``, ``concurrent``...).
        :func:`riptide.merge` of the daemons' final stats (:meth:`get_stats`'s
        ``daemons``) adds them, checking the split and TRex's invariants."""
        when = time.time() + lead if at is None else at
        n = len(self.clients)
        for k, c in enumerate(self.clients):
            seg = {"index": k, "count": n} if segmented else None
            c.tcp_start(text, name=name, segment=seg, at_unix_ns=int(round(when * 1e9)), **opts)
        return when

    def wait_on_traffic(self, timeout: Optional[float] = None) -> None:
        for c in self.clients:
            c.wait_on_traffic(timeout=timeout)

    def stop(self) -> List[Json]:
        return [c.stop() for c in self.clients]

    def get_stats(self) -> Dict[str, Any]:
        """Each daemon's stats (``daemons``) and their sums (``total``)."""
        each = [c.get_stats() for c in self.clients]
        keys = ("opackets", "obytes", "oerrors", "ipackets", "ibytes", "ierrors", "tx_pps", "tx_bps_l1", "tx_bps_l2", "rx_pps")
        total: Dict[str, Any] = {k: sum(p.get(k, 0) for s in each for p in s["ports"]) for k in keys}
        return {"daemons": each, "total": total, "start_spread_ns": self._spread(each)}

    def start_spread_ns(self) -> int:
        """How far apart the daemons really began, in ns (by their own clocks)."""
        return self._spread([c.get_stats() for c in self.clients])

    @staticmethod
    def _spread(stats: List[Json]) -> int:
        began = [int(s["start_unix_ns"]) + int(s["start_lag_ns"]) for s in stats]
        return max(began) - min(began)

    def close(self) -> None:
        for c in self.clients:
            c.close()

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
