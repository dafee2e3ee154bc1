"""The conformance kit: test vectors, the adapter protocol, the runner and a reference adapter."""
