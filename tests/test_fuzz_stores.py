"""Hostile input, standing: every file the product keeps or is handed back (result-cache
entries, verify reports, stored dispute verdicts, stored witnesses, rule data with bytes that
are not text) and the command line itself, fuzzed with Hypothesis. Each answer is the right
result or a clear error naming the file, option or field; never another exception, a
traceback, an "internal error" or a hang."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_readers import SCALE, json_values

from trickrules.cli.main import main
from trickrules.cli.rulebook import read_report
from trickrules.proofs.conformance.build import stored_witnesses
from trickrules.proofs.conformance.suite import SuiteError
from trickrules.proofs.verify.cache import ResultCache
from trickrules.proofs.verify.expectations import load_expected
from trickrules.spec.errors import SpecError
from trickrules.spec.loader import load_catalogue
from trickrules.spec.registry import family_dir

STORES = settings(max_examples=60 * SCALE, deadline=3000, derandomize=SCALE == 1,
                  suppress_health_check=[HealthCheck.too_slow,
                                         HealthCheck.function_scoped_fixture])
KEY = "a" * 64
raw_files = st.one_of(st.binary(max_size=300),
                      json_values.map(lambda v: json.dumps(v).encode()),
                      st.sampled_from([b"\xff", b"[" * 5000, b'{"a": 1e999}', b"\xed\xa0\x80",
                                       b'"\\ud800"', b"", b"{}", b"[]", b"null"]))


def _put(path: Path, raw: bytes) -> Path:
    path.write_bytes(raw)
    return path


STORED = {"verdict": "proved", "seconds": 1.5, "witness": {"trick": ["AS", "KS"]}}


@STORES
@given(raw=raw_files, cut=st.integers(0, 400), flip=st.integers(0, 7))
def test_a_cache_entry_is_its_result_or_nothing(tmp_path: Path, raw: bytes, cut: int,
                                                flip: int) -> None:
    """Random bytes, or a true entry truncated or with one bit flipped anywhere (a verdict, a
    number), are never a result: only the intact entry under the exact key reads back."""
    cache = ResultCache(tmp_path, KEY)
    cache.put("job", STORED)
    path = next((tmp_path / "verify").rglob("*.json"))
    good = path.read_bytes()
    assert cache.get("job") == STORED
    at = cut % len(good)
    for data in (raw, good[:cut], good[:at] + bytes([good[at] ^ 1 << flip]) + good[at + 1:]):
        path.write_bytes(data)
        assert cache.get("job") == (STORED if data == good else None)


@STORES
@given(raw=raw_files)
def test_a_report_is_read_or_refused_naming_the_file(tmp_path: Path, raw: bytes) -> None:
    path = _put(tmp_path / "report.json", raw)
    try:
        report = read_report(path)
    except ValueError as exc:
        assert str(exc).startswith(str(path)), str(exc)
        return
    assert isinstance(report, dict)


@STORES
@given(raw=raw_files)
def test_stored_verdicts_are_read_or_refused_naming_the_file(tmp_path: Path,
                                                            raw: bytes) -> None:
    path = _put(tmp_path / "verdicts.json", raw)
    try:
        stored = load_expected(path)
    except SpecError as exc:
        assert exc.file == str(path), str(exc)
        return
    assert all(v in ("differs", "same") for kinds in stored.values() for v in kinds.values())


@STORES
@given(raw=raw_files)
def test_stored_witnesses_are_read_or_refused_naming_the_file(tmp_path: Path,
                                                             raw: bytes) -> None:
    _put(tmp_path / "witnesses.json", raw)
    try:
        witnesses = stored_witnesses(tmp_path)
    except SuiteError as exc:
        assert str(tmp_path / "witnesses.json") in str(exc), str(exc)
        return
    assert all(isinstance(w["body"], dict) for w in witnesses)


@settings(max_examples=25 * SCALE, deadline=5000, derandomize=SCALE == 1,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(family=st.sampled_from(["baloot", "kout"]),
       file=st.sampled_from(["parameters.toml", "profiles.toml", "rulings.toml",
                             "claims.toml", "sentences.toml", "sentence_index.json",
                             "games.toml", "glossary.toml"]),
       cut=st.floats(0, 1), junk=st.binary(min_size=1, max_size=6))
def test_rule_data_with_bytes_that_are_not_text_is_located(
        tmp_path: Path, family: str, file: str, cut: float, junk: bytes) -> None:
    """Rule data with raw bytes inserted (a bad byte, half a character): loads, or
    :class:`SpecError` naming the file (a non-UTF-8 byte once gave a codec message alone)."""
    copy_dir = tmp_path / family
    shutil.rmtree(copy_dir, ignore_errors=True)
    shutil.copytree(family_dir(family), copy_dir)
    path = copy_dir / file
    data = path.read_bytes()
    at = int(cut * len(data))
    path.write_bytes(data[:at] + junk + data[at:])
    try:
        load_catalogue(copy_dir)
    except SpecError as exc:
        assert exc.file.startswith(str(copy_dir)), str(exc)


COMMANDS = [["games"], ["play"], ["perft"], ["odds"], ["sources"], ["judge"], ["explain"]]
"""Commands quick enough to fuzz in-process (the slow ones, verify, conform and rulebook,
have their hostile-input tests of their own)."""
WORDS = ["--game", "kout6", "kout4", "baloot", "kout", "--seed", "1", "-1", "99999999999999999",
         "--depth", "0", "2", "-3", "--json", "--profile", "kout6-default", "baloot-default[",
         "baloot-default[play.hokom-void=may-trump]", "--contract", "hokom", "sun", "--trump",
         "H", "X", "--bid", "9", "--declarer", "7", "--divide", "--sentences", "004g", "zz",
         "--game=baloot", "", "\ud800", "\x1b[2J", "-", "--", "nope/a/b-vs-c", "x" * 300]


@settings(max_examples=80 * SCALE, deadline=10000, derandomize=SCALE == 1,
          suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(COMMANDS), words=st.lists(st.sampled_from(WORDS), max_size=5))
def test_the_command_line_answers_or_refuses_plainly(command: list[str],
                                                     words: list[str]) -> None:
    """Any mix of known and junk arguments to a command: exit 0, 1 or 2 with a one-line
    message, never an internal error (3) or a traceback."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code: Any = main([*command, *words])
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code
    assert code in (0, 1, 2), (command, words, err.getvalue())
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()


@pytest.mark.parametrize("words", [["--depth", "2", "--game", "baloot", "--trump", "X",
                                    "--contract", "hokom"], ["--depth", "-3"]])
def test_the_fuzzed_commands_include_refusals(words: list[str]) -> None:
    """The property above sees refusals too, not only answers."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["perft", *words]) == 2
    assert err.getvalue().startswith("trickrules")
