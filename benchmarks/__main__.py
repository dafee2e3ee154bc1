"""``python -m benchmarks``: the engine speed study, then verify's cold and warm wall time."""

import sys

from benchmarks import engine_speed, verify_speed

code = engine_speed.main(sys.argv[1:])
sys.exit(code or verify_speed.main())
