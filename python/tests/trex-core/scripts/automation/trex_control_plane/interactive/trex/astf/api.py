# some common data
from ..common.trex_exceptions import *
from .trex_astf_exceptions import *
from ..common.trex_logger import Logger

# TRex ASTF profile
from .trex_astf_profile import *
from .trex_astf_client import ASTFClient
from .topo import *


