"""``python -m benchmarks``: the engine speed study, then the theorem suite's wall time."""

import sys

from benchmarks import engine_speed, suite_speed

code = engine_speed.main(sys.argv[1:])
sys.exit(code or suite_speed.main())
