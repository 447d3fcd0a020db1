"""``python -m riptide.trex PROFILE.py [--ports N] [-t k=v,...] [--astf]``: the profile as JSON
(:mod:`riptide.trex.cli`)."""

import sys

from .cli import main

sys.exit(main())
