"""The conformance kit's runner: an engine under test driven through the adapter protocol,
its answers compared with the suite's vectors, each failure charged to the rule it breaks,
the house options it plays named, and the reference adapter (our engine behind the protocol).
The suite itself (its vectors, protocol and schemas) is made in
:mod:`trickrules.proofs.conformance`."""

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one request, unless ``--timeout`` says otherwise (here, so
that the command line's parser reads it without loading the kit)."""
