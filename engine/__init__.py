"""Executable rules of the game families: the shared table, tricks, bitmasks, perft, errors and
JSON envelope here, each family's rules in its own package (``trickrules.engine.kout``), reached
through :mod:`trickrules.engine.registry`."""
