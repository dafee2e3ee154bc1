"""Baloot's part of the conformance protocol: the play situation, the reference answers and
the rule behind each part of an answer."""
