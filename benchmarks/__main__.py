"""``python -m benchmarks``: the engine speed study, the simulation's throughput on one and two
workers, then verify's cold and warm wall time."""

import sys

from benchmarks import engine_speed, simulate_speed, verify_speed

code = engine_speed.main(sys.argv[1:])
sys.exit(code or simulate_speed.main([]) or verify_speed.main())
