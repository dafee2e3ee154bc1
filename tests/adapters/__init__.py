"""Adapters that misbehave on purpose, for the conformance runner's tests."""
