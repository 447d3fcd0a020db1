"""TRex compatibility: TRex's Python profiles on riptide (docs/trex.md).

``riptide run PROFILE.py [-t key=val,...] --port ...`` runs a TRex stateless (STL)
profile unchanged: ``from trex_stl_lib.api import *`` (or ``trex.stl.api``) resolves,
for that load only, to :mod:`riptide.trex.stl`, and the streams it builds become a
riptide profile (:func:`to_profile`; needs scapy). An advanced-stateful (ASTF) profile
(``from trex.astf.api import *``) resolves to :mod:`riptide.trex.astf`, and becomes the
JSON TRex's own ``ASTFProfile.to_json()`` writes (:func:`astf_json`; no scapy).
``python -m riptide.trex PROFILE.py`` prints either (:mod:`riptide.trex.cli`).

The STL and ASTF modules are imported when first used, so an ASTF load never imports
scapy.
"""

from typing import Any

from .errors import ASTFError, TRexError
from .hook import trex_names

__all__ = ["ASTFError", "STLError", "TRexError", "astf_json", "load_astf", "load_streams", "parse_tunables",
           "to_profile", "trex_names"]

_LAZY = {
    "STLError": ("stl", "STLError"),
    "load_streams": ("convert", "load_streams"),
    "parse_tunables": ("convert", "parse_tunables"),
    "to_profile": ("convert", "to_profile"),
    "astf_json": ("astf_load", "profile_json"),
    "load_astf": ("astf_load", "load_profile"),
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'riptide.trex' has no attribute '{name}'")
    import importlib

    module, attr = _LAZY[name]
    return getattr(importlib.import_module(f"{__name__}.{module}"), attr)
