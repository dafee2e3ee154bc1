"""Hypothesis fuzzing of every input reader: engine JSON states (Kout and Baloot), judge files,
protocol requests and responses, suite lines and spec TOML. Generated garbage, mutations of
valid inputs, extreme sizes and depths; each answer is a typed error naming the place, or a
correct answer, never another exception, and each within a time bound (Hypothesis' deadline).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import shipped_suite
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickrules.engine.errors import EngineError, StateError
from trickrules.engine.registry import load_game, state_from_json
from trickrules.kit.engine_process import EngineProcess, Problem
from trickrules.kit.reference_adapter import respond, serve
from trickrules.proofs.conformance.suite import SuiteError, load_suite, suite_dir
from trickrules.spec.cards import CardParseError
from trickrules.spec.errors import SpecError
from trickrules.spec.loader import load_catalogue
from trickrules.spec.registry import family_dir

USER_ERRORS = (SpecError, EngineError, CardParseError, KeyError, ValueError)
"""What the command line reports as a user's mistake (exit 2, one line)."""
SCALE = int(os.environ.get("TRICKRULES_FUZZ_SCALE", "1"))
"""A longer campaign multiplies every reader's examples (and draws fresh ones): set
``TRICKRULES_FUZZ_SCALE=20``. The suite runs scale 1, derandomized."""
FUZZ = settings(max_examples=300 * SCALE, deadline=2000,
                suppress_health_check=[HealthCheck.too_slow], derandomize=SCALE == 1)

leaves = (st.none() | st.booleans() | st.integers(-10**30, 10**30)
          | st.floats(allow_nan=False, allow_infinity=False)
          | st.text(max_size=12) | st.sampled_from(["AS", "10H", "RJ", "7C", "2S", "S", "play",
                                                    "auction", "baloot", "kout6", ""]))
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                           max_leaves=25)


def _states() -> list[dict[str, Any]]:
    """Valid states of every game at several points of seeded games."""
    out = []
    for game_id in ("kout6", "kout4", "baloot"):
        for seed in range(3):
            state = load_game(game_id).new_initial_state(seed)
            rng = random.Random(seed)
            for step in range(60):
                if state.is_terminal():
                    break
                if step % 12 == 0:
                    out.append(state.to_json())
                state.apply_action(rng.choice(state.legal_actions()))
    return out


STATES = _states()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, pool: list[Any]) -> Any:
    """A valid input with one to three places replaced, deleted or nested deeply."""
    data = copy.deepcopy(draw(st.sampled_from(pool)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "deep", "huge"]))
        if action == "delete":
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
        elif action == "deep":
            parent[path[-1]] = _deep(400)
        elif action == "huge":
            parent[path[-1]] = 10 ** 400
        else:
            parent[path[-1]] = draw(json_values)
    return data


def _deep(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


def _typed(call: Any) -> None:
    with contextlib.suppress(*USER_ERRORS):
        call()


@FUZZ
@given(st.one_of(json_values, mutated(STATES)))
def test_engine_state_reader(data: Any) -> None:
    """A state, or :class:`StateError` naming the field; nothing else."""
    try:
        state = state_from_json(data)
    except StateError as exc:
        assert str(exc).startswith("state"), str(exc)
        return
    again = state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.legal_actions() == state.legal_actions()
    _plays_on(state)


def _plays_on(state: Any, steps: int = 40) -> None:
    """An accepted state is one a game can go on from: while it is not over it has a legal
    action, and random legal play from it raises nothing (a state accepted with a team past
    the target once could not)."""
    pick = random.Random(0)
    for _ in range(steps):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        assert actions, state.to_json()
        state.apply_action(pick.choice(actions))


def _situation_file(tmp: Path, raw: bytes) -> Path:
    path = tmp / "situation.json"
    path.write_bytes(raw)
    return path


KOUT_STATES = [s for s in STATES if s["game"] != "baloot"]


@settings(max_examples=150 * SCALE, deadline=10000, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture], derandomize=SCALE == 1)
@given(raw=st.one_of(
    st.binary(max_size=200),
    json_values.map(lambda v: json.dumps(v).encode()),
    mutated(KOUT_STATES).map(lambda v: json.dumps(v).encode()),
    mutated([{"state": s, "then": ["AS"]} for s in KOUT_STATES[:4]]).map(
        lambda v: json.dumps(v).encode()),
    st.just(b"[" * 200_000), st.just(b'{"game": ' + b"9" * 6000 + b"}")))
def test_judge_reader(tmp_path: Path, raw: bytes) -> None:
    from trickrules.cli.disputes import _load_situation
    from trickrules.rulings.judge import judge
    from trickrules.spec.loader import family_catalogue

    path = _situation_file(tmp_path, raw)
    _typed(lambda: judge(family_catalogue("kout"), _load_situation(str(path))))


def _requests() -> list[dict[str, Any]]:
    suite = shipped_suite("kout")
    by_op: dict[str, dict[str, Any]] = {}
    for vector in suite.vectors:
        by_op.setdefault(vector["op"], {"id": 1, "op": vector["op"], **vector["request"]})
    return list(by_op.values())


REQUESTS = _requests()
VECTORS = [v for v in shipped_suite("kout").vectors[::997]]


@FUZZ
@given(st.one_of(json_values, mutated(REQUESTS)))
def test_protocol_request_reader(request: Any) -> None:
    """The reference adapter answers every request, with an ``error`` when it cannot."""
    response = respond(request)
    assert isinstance(response, dict) and "id" in response
    json.dumps(response)


@FUZZ
@given(st.lists(st.one_of(st.text(max_size=60), json_values.map(json.dumps)), max_size=4))
def test_protocol_request_lines(lines: list[str]) -> None:
    import io

    out = io.StringIO()
    serve(io.StringIO("".join(line.replace("\n", " ") + "\n" for line in lines)), out)
    assert len(out.getvalue().splitlines()) == len(lines)


RESPONSES = [{"id": 7, "engine": "x"}, {"id": 7, "cards": ["AS", "10H"]},
             {"id": 7, "winner": 3}, {"id": 7, "error": "no"}]


@FUZZ
@given(st.one_of(st.binary(max_size=120), json_values.map(lambda v: json.dumps(v).encode()),
                 mutated(RESPONSES).map(lambda v: json.dumps(v).encode()),
                 st.just(b"[" * 100_000), st.just(b'{"id": ' + b"9" * 5000 + b"}")),
       st.sampled_from(["hello", "legal-plays", "trick-winner"]))
def test_protocol_response_reader(line: bytes, op: str) -> None:
    """A response line is read into an answer or a :class:`Problem`, never an exception."""
    engine = EngineProcess("true", timeout=1.0)
    got = engine._parse(line + b"\n", op, 7)
    assert isinstance(got, (dict, Problem))


@settings(max_examples=150 * SCALE, deadline=4000, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture], derandomize=SCALE == 1)
@given(lines=st.lists(st.one_of(st.text(max_size=40), json_values.map(json.dumps),
                                st.binary(max_size=30).map(lambda b: b.decode("latin-1")),
                                mutated(VECTORS).map(json.dumps)),
                      min_size=1, max_size=4))
def test_suite_reader(tmp_path: Path, lines: list[str]) -> None:
    root = tmp_path / "suite"
    shutil.rmtree(root, ignore_errors=True)
    (root / "must").mkdir(parents=True)
    for name in ("manifest.json", "profiles.json"):
        shutil.copy(suite_dir("kout") / name, root / name)
    (root / "must" / "x.jsonl").write_text("\n".join(line.replace("\n", " ")
                                                     for line in lines) + "\n")
    try:
        suite = load_suite(root)
    except SuiteError as exc:
        assert str(root) in str(exc)
        return
    for profile in suite.profiles:
        suite.for_profile(profile)


@settings(max_examples=100 * SCALE, deadline=5000, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture], derandomize=SCALE == 1)
@given(family=st.sampled_from(["baloot", "kout"]),
       file=st.sampled_from(["parameters.toml", "profiles.toml", "games.toml",
                             "sources.toml"]),
       cut=st.floats(0, 1), junk=st.text(max_size=20), drop=st.integers(0, 40))
def test_spec_reader(tmp_path: Path, family: str, file: str, cut: float, junk: str,
                     drop: int) -> None:
    """Rule data with text inserted or cut: loads, or :class:`SpecError` naming the file."""
    copy_dir = tmp_path / family
    shutil.rmtree(copy_dir, ignore_errors=True)
    shutil.copytree(family_dir(family), copy_dir)
    path = copy_dir / file
    text = path.read_text(encoding="utf-8")
    at = int(cut * len(text))
    path.write_text(text[:at] + junk + text[at + drop:], encoding="utf-8")
    try:
        load_catalogue(copy_dir)
    except SpecError as exc:
        assert exc.file.startswith(str(copy_dir)), str(exc)


def test_fuzzing_reaches_deep_and_huge_inputs() -> None:
    """The extreme inputs the strategies include are read without a crash."""
    with pytest.raises(StateError):
        deep: Any = _deep(400)
        state_from_json(deep)
    with pytest.raises(StateError):
        state_from_json({"game": "kout6", "seed": 10 ** 400})
