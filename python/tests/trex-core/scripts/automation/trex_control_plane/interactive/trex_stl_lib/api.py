from trex.stl.api import *

