# One UDP stream at 1 Mpps on the daemon's null port for 2 s (riptide serve --port null).
from riptide import Client, udp_stream

with Client() as c:
    c.acquire()
    c.reset()  # the daemon keeps the streams an earlier session loaded: start clean
    c.add_streams([udp_stream(rate="1mpps")])
    c.start(duration=2)
    c.wait_on_traffic()
    port = c.get_stats()["ports"][0]
    print(f"opackets={port['opackets']} achieved_pps={port['tx_pps']:.0f}")
