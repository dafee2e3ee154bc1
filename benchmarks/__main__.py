"""``python -m benchmarks``: the engine speed study."""

import sys

from benchmarks.engine_speed import main

sys.exit(main())
