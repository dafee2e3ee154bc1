"""``python -m trickrules``: the ``trickrules`` command."""

import sys

from trickrules.cli.main import main

sys.exit(main())
