"""Thin typed helpers around Z3 that every family shares: names, seeded solvers with a resource
limit and the three verdicts, constant-folding term builders, and rule parameters as symbolic
integers.

Z3's Python layer re-checks every argument of every term it builds (sorts, contexts) when
``Z3_DEBUG`` is on, as it is unless Python runs with ``-O``. The encodings build millions of
terms, and Z3 itself still refuses a badly sorted term with an exception, so the Python-side
checks are switched off here, before any term is built."""

import z3.z3 as _z3

_z3.Z3_DEBUG = False
