"""The second encoding and everything built on it: Z3 machinery (``smt``), each family's model
and theorems (``kout``), disputes, verify, the conformance kit, the rulebook writer and the
``trickrules`` command line (``cli``)."""
