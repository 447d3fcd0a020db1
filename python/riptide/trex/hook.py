"""TRex's module names, answered by riptide for one profile load (an import hook).

A TRex profile starts ``from trex.stl.api import *`` (stateless) or ``from
trex.astf.api import *`` (advanced stateful). :func:`trex_names` makes those names,
and only for the block it guards, resolve to riptide's implementations
(:mod:`riptide.trex.stl`, :mod:`riptide.trex.astf`); nothing is installed under TRex's
names, and a real TRex already imported is never shadowed. A TRex module riptide does
not answer (``trex.astf.tunnels_topo``, ``trex.stl.trex_stl_streams``) fails to import
with a message saying so.

:func:`where` and :func:`profile_line` name the profile line at fault: the innermost
frame of a profile file being loaded (:data:`LOADING`).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import types
from typing import Any, Dict, Iterator, List, Optional

from .errors import TRexError

#: TRex's module names -> the riptide module that answers each (None: an empty package).
TREX_MODULES: Dict[str, Optional[str]] = {
    "trex": None,
    "trex.stl": None,
    "trex.stl.api": "riptide.trex.stl",
    "trex.stl.trex_stl_packet_builder_scapy": "riptide.trex.packet_builder",
    "trex_stl_lib": None,
    "trex_stl_lib.api": "riptide.trex.stl",
    "trex.astf": None,
    "trex.astf.api": "riptide.trex.astf",
    "trex.astf.trex_astf_profile": "riptide.trex.astf",
    "trex.astf.trex_astf_global_info": "riptide.trex.astf",
    "trex.astf.trex_astf_exceptions": "riptide.trex.astf",
    "trex.common": None,
    "trex.common.trex_exceptions": "riptide.trex.errors",
    # TRex's older ASTF layout: `import astf_path` then `from trex_astf_lib.api import *`.
    "astf_path": None,
    "trex_astf_lib": None,
    "trex_astf_lib.api": "riptide.trex.astf",
}

_PACKAGES = ("trex.", "trex_stl_lib.", "trex_astf_lib.")

#: Paths of the profile files being loaded, as the loader was given them.
LOADING: List[str] = []


class _TrexFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers :data:`TREX_MODULES`; refuses TRex's other modules by name."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname in TREX_MODULES:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=TREX_MODULES[fullname] is None)
        if fullname.startswith(_PACKAGES):
            apis = ", ".join(n for n, m in TREX_MODULES.items() if m is not None)
            raise ModuleNotFoundError(f"No module named '{fullname}': riptide answers TRex's profile API ({apis}), "
                                      "not TRex's other modules", name=fullname)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        target = TREX_MODULES[spec.name]
        if target is not None:
            return importlib.import_module(target)
        module = types.ModuleType(spec.name, "TRex's package name, answered by riptide for a profile load")
        module.__path__ = []
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


@contextlib.contextmanager
def trex_names() -> Iterator[None]:
    """TRex's module names resolve to riptide's implementation inside the block only."""
    clash = [n for n in TREX_MODULES if n in sys.modules]
    if clash:
        raise TRexError(f"module {clash[0]} is already imported (a TRex installation?): riptide will not shadow it")
    finder = _TrexFinder()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        for n in TREX_MODULES:
            sys.modules.pop(n, None)


@contextlib.contextmanager
def loading(path: str) -> Iterator[None]:
    """``path`` is a profile being loaded: :func:`where` names its lines."""
    LOADING.append(path)
    try:
        yield
    finally:
        LOADING.remove(path)


def where() -> Optional[str]:
    """``file:line`` of the innermost frame in a profile being loaded (None outside a load)."""
    if not LOADING:
        return None
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_filename in LOADING:
            return f"{f.f_code.co_filename}:{f.f_lineno}"
        f = f.f_back  # type: ignore[assignment]
    return None


def profile_line(tb: Any, path: str) -> str:
    """``path:line`` of the innermost traceback frame in the profile file, or the path."""
    where_ = path
    real = os.path.realpath(path)
    while tb is not None:
        if os.path.realpath(tb.tb_frame.f_code.co_filename) == real:
            where_ = f"{path}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where_
