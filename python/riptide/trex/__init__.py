"""TRex compatibility: TRex's stateless Python profiles on riptide (docs/trex.md).

``riptide run PROFILE.py [-t key=val,...] --port ...`` runs a TRex STL profile
unchanged: ``from trex_stl_lib.api import *`` (or ``trex.stl.api``) resolves, for that
load only, to :mod:`riptide.trex.stl`, and the streams it builds become a riptide
profile (:func:`to_profile`). Needs scapy.
"""

from .convert import load_streams, parse_tunables, to_profile, trex_names
from .stl import STLError

__all__ = ["STLError", "load_streams", "parse_tunables", "to_profile", "trex_names"]
