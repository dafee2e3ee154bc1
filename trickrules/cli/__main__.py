"""``python -m trickrules.cli``: the ``trickrules`` command."""

import sys

from trickrules.cli.main import main

sys.exit(main())
