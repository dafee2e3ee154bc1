"""``python -m trickrules``: the ``trickrules`` command."""

import sys

from proofs.cli.main import main

sys.exit(main())
