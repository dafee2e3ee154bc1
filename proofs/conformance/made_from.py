"""What a committed suite was made from, recorded beside it (``made-from.json``): a digest of
every input of its build (the rule data, the engines, the proofs with the suite builders, the
family's stored witnesses, the Z3 and Python versions) and a digest of each file written.

The build is a function of those inputs, so a suite whose record names the present inputs,
and whose files still have the digests recorded, is the suite a rebuild would write: the test
that the committed suites are current rebuilds them only when this cannot be shown.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from trickrules.proofs.conformance.build import WITNESSES, suite_owned
from trickrules.proofs.verify.cache import environment_digest, inputs_digest

RECORD = "made-from.json"
NOT_SUITE_INPUTS = ("proofs/conformance/suite/",
                    "proofs/verify/expected/")
"""What no vector depends on: the suites themselves (a family's stored witnesses are added on
their own), the rulebook, the simulation studies and the stored verdicts."""


def suite_inputs(witnesses: str) -> str:
    """The digest of a build's inputs, ``witnesses`` being the stored witnesses' text."""
    code = environment_digest(inputs_digest(NOT_SUITE_INPUTS))
    return hashlib.sha256(f"{code}\0{witnesses}".encode()).hexdigest()


def _digest(text: bytes) -> str:
    return hashlib.sha256(text).hexdigest()


def record_text(files: dict[str, str]) -> str:
    """The record of a suite built as ``files`` (relative path to text) from the present
    inputs."""
    digests = {path: _digest(text.encode("utf-8")) for path, text in sorted(files.items())}
    record = {"inputs": suite_inputs(files[WITNESSES]), "files": digests}
    return json.dumps(record, indent=1) + "\n"


def write_record(files: dict[str, str], out: Path) -> None:
    """Record beside the suite written as ``files`` under ``out`` what it was made from."""
    from trickrules.proofs.verify.cache import write_atomically

    write_atomically(out / RECORD, record_text(files).encode("utf-8"))


def made_from_present_inputs(suite: Path) -> bool:
    """Whether ``suite`` records the present inputs and still holds exactly the files it
    recorded, each unchanged (false when anything cannot be read)."""
    try:
        record = json.loads((suite / RECORD).read_text(encoding="utf-8"))
        files: dict[str, str] = record["files"]
        if record["inputs"] != suite_inputs((suite / WITNESSES).read_text(encoding="utf-8")):
            return False
        owned = {p.relative_to(suite).as_posix() for p in suite_owned(suite)}
        if not owned <= set(files):
            return False
        return all(_digest((suite / path).read_bytes()) == digest
                   for path, digest in files.items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
