"""The conformance suite: its test vectors (made from the Z3 models and the engine), the
adapter protocol and its schemas. The runner that drives an engine through it is
:mod:`trickrules.kit`."""
