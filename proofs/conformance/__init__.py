"""The conformance kit: test vectors, the adapter protocol, the runner and a reference adapter."""

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one request, unless ``--timeout`` says otherwise (here, so
that the command line's parser reads it without loading the kit)."""
