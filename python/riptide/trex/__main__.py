"""``python -m riptide.trex PROFILE.py [--ports N] [-t k=v,...]``: the riptide profile as JSON."""

import sys

from .convert import main

sys.exit(main())
