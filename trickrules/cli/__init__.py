"""The ``trickrules`` command line: one module per command. Building the parser imports none of
the heavy libraries (Z3, networkx, rich, jsonschema); a command imports what it needs when run.
"""

from trickrules.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
