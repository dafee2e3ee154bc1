"""A user's mistake gets one clear line and changes nothing; no traceback, no silent answer
(the findings of the hardening review this file reproduces are named by number)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli.main import main
from trickrules.engine.errors import IllegalActionError
from trickrules.engine.kout.actions import PASS
from trickrules.engine.registry import load_game

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / \
    "last-trick-black-joker-lead.json"


@pytest.mark.parametrize("action", [54.0, 59.0, 3.0, True, "54", None, [54]])
def test_an_action_that_is_not_an_integer_is_refused_and_changes_nothing(action: Any) -> None:
    """Finding 14: floats, Booleans and other types are refused with the state unchanged."""
    state = load_game("kout6").new_initial_state(1)
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="an action is an integer id"):
        state.apply_action(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert PASS in state.legal_actions()


@pytest.mark.parametrize(("args", "message"), [
    (["--depth", "0"], "--depth: 0 is not a number of plays from 1 to 54"),
    (["--depth", "-1"], "--depth: -1 is not"),
    (["--depth", "100"], "--depth: 100 is not"),
    (["--depth", "2", "--declarer", "6"], "--declarer: 6 is not a seat of kout6 (0..5)"),
    (["--depth", "2", "--declarer", "-1"], "--declarer: -1 is not a seat"),
    (["--depth", "2", "--trump", "X"], "unknown suit 'X' (expected S, H, D or C"),
])
def test_perft_arguments_out_of_range_are_refused(args: list[str], message: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 12 (and the suit message of 16)."""
    assert main(["perft", "--game", "kout6", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("trickrules: error: ") and message in err
    assert "Traceback" not in err


def test_verify_refuses_an_unwritable_report_before_proving(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 13: the path is checked first, so no work is lost."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["verify", "--profile", "kout4-default", "--report",
                 str(blocker / "report.json")]) == 2
    captured = capsys.readouterr()
    assert "--report: cannot write" in captured.err and captured.out == ""


def test_verify_writes_its_report_whole(tmp_path: Path, verified_cache: Path) -> None:
    """The report is written whole, and nothing else beside it (its results as the run's
    verify computed them)."""
    report = tmp_path / "out" / "report.json"
    assert main(["verify", "--profile", "kout4-default", "--report", str(report)]) == 0
    assert json.loads(report.read_text(encoding="utf-8"))["profiles"] == ["kout4-default"]
    assert [p.name for p in report.parent.iterdir()] == ["report.json"]


def test_verify_refuses_a_profile_of_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 16: ``--game`` is not silently ignored."""
    assert main(["verify", "--profile", "kout4-default", "--game", "kout6"]) == 2
    assert "a profile of kout4, not of --game kout6" in capsys.readouterr().err


def test_json_into_a_reader_that_closes_early_is_not_a_traceback() -> None:
    """Finding 15: ``trickrules play --json | head -1``; the reader here (``true``) is gone
    before the first write, so the pipe is sure to be broken."""
    done = subprocess.run(f"{sys.executable} -m trickrules.cli play --game kout6 --seed 1 --json "
                          "| true", shell=True, capture_output=True, text=True, check=False)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_judge_prints_user_text_literally(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 9: text from the user's file is never read as rich markup."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["then"] = ["[/x]", "[bold red]2S"]
    (tmp_path / "[").mkdir()
    path = tmp_path / "[" / "]odd[x].json"  # the path holds "[/]", rich's closing tag
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["judge", str(path)]) == 2  # no profile admits an action that is no card
    out = "".join(capsys.readouterr().out.split())  # the terminal may wrap anywhere
    assert "[/]odd[x].json" in out and "then[/x][boldred]2S" in out
    assert "badcard'[/x]'" in out and "Noprofileadmitsthissituation" in out


def _judge(tmp_path: Path, payload: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "situation.json"
    path.write_bytes(payload)
    code = main(["judge", str(path)])
    return code, capsys.readouterr().err


def _example(**changes: Any) -> bytes:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key == "game":
            data["state"]["game"] = value
        else:
            data[key] = value
    return json.dumps(data).encode()


@pytest.mark.parametrize(("payload", "message"), [
    (_example(then=[52, 1]), "situation.then[0]: expected an action name"),
    (_example(then=[["AS"]]), "situation.then[0]: expected an action name"),
    (_example(game=["kout6"]), "situation.game: ['kout6'] is not one of kout6, kout4"),
    (json.dumps({"format": "chess/1"}).encode(),
     "situation.format: 'chess/1' is not a state format of these games"),
    (b"[" * 100_000 + b"]" * 100_000, "situation.json: JSON nested too deeply"),
    (b'{"x": ' + b"9" * 5000 + b"}", "situation.json: not JSON"),
    (b"\xff\xfe not text", "situation.json: not UTF-8 text (byte 0)"),
    (b" " * (1 << 21), "situation.json: larger than 1048576 bytes"),
])
def test_judge_refuses_bad_files_naming_them(tmp_path: Path, payload: bytes, message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 10 (and the file names of 16): one line, exit 2, no traceback."""
    code, err = _judge(tmp_path, payload, capsys)
    assert code == 2 and message in err and "Traceback" not in err


def test_judge_reads_standard_input() -> None:
    """Finding 16: ``judge -``."""
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "judge", "-", "--json"],
                          input=EXAMPLE.read_text(encoding="utf-8"), capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "kout6"


def test_a_bid_out_of_range_is_named_as_a_bid() -> None:
    """Finding 16: ``bid 4`` is not read as a card."""
    from trickrules.engine.kout.actions import string_to_action

    with pytest.raises(ValueError, match="a bid is 'bid N' with N from 5 to 9"):
        string_to_action("bid 4")


def _state_json(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))["state"]
    data.update(changes)
    return data


def _game_over(**changes: Any) -> dict[str, Any]:
    state = load_game("kout4").new_initial_state(3)
    import random

    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    data: dict[str, Any] = state.to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize(("data", "message"), [
    (lambda: _state_json(scores=[-100, 5000]), "state.scores[0]: -100 is negative"),
    (lambda: _state_json(dealer=-99), "state.dealer: -99 is not a seat 0..5"),
    (lambda: _state_json(hand_index=-1), "state.hand_index: -1 is negative"),
    (lambda: _game_over(dealer=-99), "state.dealer: -99 is not a seat 0..3"),
    (lambda: _game_over(trump="Z"), "state.trump: 'Z' is not one of S H D C"),
    (lambda: _game_over(played=["XX"]), "state.played[0]: bad card 'XX'"),
    (lambda: _game_over(hands={"0": ["AS"]}), "a game-over state has empty hands"),
])
def test_facts_a_state_names_are_checked(data: Any, message: str) -> None:
    """Finding 11: ranges and a game-over state's facts are checked, not trusted."""
    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import state_from_json

    with pytest.raises(StateError) as info:
        state_from_json(data())
    assert message in str(info.value)


def test_a_finished_trick_names_a_real_winner_and_leader() -> None:
    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import state_from_json

    state = load_game("kout4").new_initial_state(1)
    import random

    rng = random.Random(1)
    while not state.to_json()["tricks"]:  # the first hand always finishes a trick
        state.apply_action(rng.choice(state.legal_actions()))
    data = state.to_json()
    for field, value, message in (("winner", 99, ".winner: 99 is not a seat 0..3"),
                                  ("leader", 99, ".leader: 99 is not a seat 0..3")):
        bad = json.loads(json.dumps(data))
        bad["tricks"][0][field] = value
        with pytest.raises(StateError, match=message.replace(".", r"\.")):
            state_from_json(bad)


def test_a_finished_trick_winner_is_checked_by_the_rules() -> None:
    """Finding 11: a trick claimed won by a seat that cannot have won it is refused (every
    finished trick of seeded games, each claimed for each other seat), and the true winner is
    always accepted."""
    import random

    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import state_from_json

    checked = 0
    for game_id in ("kout6", "kout4"):
        for seed in range(4):
            state = load_game(game_id).new_initial_state(seed)
            rng = random.Random(seed)
            while len(state.to_json()["tricks"]) < 3 and not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            data = state.to_json()
            for i, trick in enumerate(data["tricks"]):
                joker_lead = trick["plays"][0]["card"] in ("RJ", "BJ")
                for seat in range(len(data["hands"])):
                    bad = json.loads(json.dumps(data))
                    bad["tricks"][i]["winner"] = seat
                    if seat == trick["winner"]:
                        state_from_json(bad)
                        continue
                    try:
                        state_from_json(bad)
                    except StateError as exc:
                        assert f"state.tricks[{i}].winner" in str(exc)
                        checked += 1
                    else:
                        assert joker_lead, (game_id, seed, i, seat)
    assert checked > 50


def test_a_call_is_a_bid_or_a_pass_not_both() -> None:
    """Finding 16: ``{"bid": 6, "pass": true}`` is not read as a pass."""
    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import state_from_json

    state = load_game("kout6").new_initial_state(1)
    state.apply_action(PASS)
    data = state.to_json()
    data["auction"][0] = {**data["auction"][0], "bid": 6}
    with pytest.raises(StateError, match=r"a call is exactly one of"):
        state_from_json(data)


def test_explain_names_the_canonical_id_of_a_reversed_pair(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 16: a pair of readings in the wrong order is not silently accepted."""
    assert main(["explain", "kout6/joker.second-joker/normal-vs-worthless-anywhere"]) == 2
    assert "'kout6/joker.second-joker/worthless-anywhere-vs-normal'" in capsys.readouterr().err


def test_a_source_profile_given_to_play_says_why_it_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 16: ``play`` refuses a source profile and says which commands take one."""
    assert main(["play", "--game", "kout6", "--profile", "src001-kout6"]) == 2
    assert "a source profile (src...) leaves rules open" in capsys.readouterr().err


def test_the_reference_adapter_answers_every_bad_line_and_goes_on() -> None:
    """Finding 8: hello without a protocol, deep JSON, a huge integer and a perft depth outside
    the schema each get an error response; the adapter keeps serving."""
    import io

    from trickrules.kit.reference_adapter import serve
    from trickrules.proofs.conformance.suite import suite_dir

    vector = json.loads((suite_dir("kout") / "must" / "perft.jsonl").read_text().splitlines()[0])
    deep_perft = {"id": 5, "op": "perft", "game": vector["game"], "profile": "kout6-default",
                  "rules": {}, **vector["request"], "depth": 100}
    lines = ['{"id": 1, "op": "hello"}', "[" * 100_000 + "]" * 100_000,
             '{"id": ' + "9" * 5000 + ', "op": "hello"}', json.dumps(deep_perft),
             '{"id": 9, "op": "hello", "protocol": "trickrules-conform/1"}']
    out = io.StringIO()
    serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["id"] for r in replies] == [1, 0, 0, 5, 9]
    assert "speaks trickrules-conform/1" in replies[0]["error"]
    assert "nested too deeply" in replies[1]["error"]
    assert "digits" in replies[2]["error"]
    assert "not a valid request" in replies[3]["error"] and "100" in replies[3]["error"]
    assert replies[4]["engine"]


@pytest.mark.parametrize("timeout", ["nan", "inf", "1e308", "0", "-1"])
def test_conform_refuses_a_timeout_that_is_not_a_sane_number_of_seconds(
        timeout: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 7: ``--timeout nan`` hung and ``inf`` overflowed."""
    assert main(["conform", "--engine", "true", "--timeout", timeout]) == 2
    assert "--timeout: " in capsys.readouterr().err


def test_conform_names_a_suite_that_is_not_a_directory(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 7: ``--suite FILE`` gave NotADirectoryError."""
    path = tmp_path / "suite.jsonl"
    path.write_text("{}\n")
    assert main(["conform", "--engine", "true", "--suite", str(path)]) == 2
    assert f"{path}: not a directory" in capsys.readouterr().err


def test_conform_names_a_manifest_without_defaults(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 7: a manifest without ``defaults`` said only "error: defaults"."""
    (tmp_path / "manifest.json").write_text("{}")
    (tmp_path / "profiles.json").write_text("{}")
    assert main(["conform", "--engine", "true", "--suite", str(tmp_path)]) == 2
    assert 'manifest.json: expected an object with "defaults"' in capsys.readouterr().err


def test_conform_prints_profile_names_as_they_are() -> None:
    """Finding 6: ``kout6-default[play.follow-suit=follow-else-trump]`` printed as
    ``kout6-default`` (rich read the brackets as markup)."""
    profile = "kout6-default[play.follow-suit=follow-else-trump]"
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "conform", "--engine",
                           f"{sys.executable} -m trickrules.cli adapter", "--profile", profile],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "400"})
    assert done.returncode == 0, done.stderr
    assert f"under {profile} (" in done.stdout


def test_an_internal_error_is_one_line_and_the_traceback_only_under_debug(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI's error policy: a bug of ours exits 3 with one line naming it; ``--debug``
    shows the traceback."""
    import trickrules.cli.games

    def broken(args: object) -> int:
        raise RuntimeError("the registry is empty")

    monkeypatch.setattr(trickrules.cli.games, "games_table", lambda: broken(None))
    assert main(["games"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: RuntimeError: the registry is empty" in err
    with pytest.raises(RuntimeError, match="the registry is empty"):
        main(["--debug", "games"])


def test_writing_a_suite_removes_only_its_own_stale_files(tmp_path: Path) -> None:
    """``vectors --out DIR`` may be pointed at a folder holding other files: it replaces the
    suite's own vector files and removes a stale one (an op the new suite has no vectors
    for), and touches nothing else, even a ``.jsonl`` beside them."""
    from trickrules.proofs.conformance.build import write_suite

    mine = [tmp_path / "data" / "mine.jsonl", tmp_path / "must" / "notes.jsonl",
            tmp_path / "must" / "deep" / "perft.jsonl"]
    for path in mine:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}\n", encoding="utf-8")
    stale = tmp_path / "variant" / "doubling.jsonl"
    stale.parent.mkdir()
    stale.write_text("{}\n", encoding="utf-8")
    write_suite({"must/perft.jsonl": "{\"id\": 1}\n", "manifest.json": "{}\n"}, tmp_path)
    assert all(path.read_text(encoding="utf-8") == "{}\n" for path in mine)
    assert not stale.exists()
    assert (tmp_path / "must" / "perft.jsonl").read_text(encoding="utf-8") == "{\"id\": 1}\n"
    assert not list(tmp_path.rglob(".trickrules-*"))  # no temporary file left


def test_vectors_refuses_an_out_folder_it_cannot_write_before_building(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    assert main(["vectors", "--game", "baloot", "--out", str(blocker / "suite")]) == 2
    assert "--out: cannot write" in capsys.readouterr().err
    assert blocker.read_text(encoding="utf-8") == ""


@pytest.mark.parametrize(("broken", "line", "says"), [
    ("[[game]\nid = 'x'\n", 1, "invalid TOML"),
    ("[[game]]\nid = 'kout6'\n\n[[game]]\nname = 'no id'\n", 4, "game[1]: a game needs an id"),
])
def test_a_broken_games_file_is_named_even_for_help(
        broken: str, line: int, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The command line reads every family's games.toml to build its parser: a broken one is
    a clear error naming the file and line, for ``--help`` too, never a traceback."""
    import trickrules.spec.registry

    for family in trickrules.spec.registry.FAMILIES:
        (tmp_path / family).mkdir()
        (tmp_path / family / "games.toml").write_bytes(
            (trickrules.spec.registry.family_dir(family) / "games.toml").read_bytes())
    (tmp_path / "baloot" / "games.toml").write_text(broken, encoding="utf-8")
    monkeypatch.setattr(trickrules.spec.registry, "family_dir", lambda name: tmp_path / name)
    trickrules.spec.registry.game_families.cache_clear()
    try:
        for argv in (["--help"], ["games", "--json"]):
            assert main(argv) == 2
            err = capsys.readouterr().err
            assert f"{tmp_path / 'baloot' / 'games.toml'}:{line}: {says}" in err, err
    finally:
        trickrules.spec.registry.game_families.cache_clear()


def test_the_reference_adapter_answers_requests_without_a_game_or_a_true_id() -> None:
    """The guide's worked example must never stop on a bad line: a request without a game,
    an op the game lacks, an id that is not an integer; each gets an error answer that is
    JSON, and the next line is answered."""
    lines = ['{"id":1,"op":"projects"}', '{"id":2,"op":"doubling"}',
             '{"id":3,"op":"project-compare"}', '{"id":1e999,"op":"hello"}',
             '{"id":NaN,"op":"hello"}', '{"id":4,"op":"doubling","game":"kout6"}',
             '{"id":5,"op":"hello","protocol":"trickrules-conform/1"}']
    done = subprocess.run([sys.executable, "-m", "trickrules", "adapter"], text=True,
                          input="\n".join(lines) + "\n", capture_output=True, check=False,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3, 0, 0, 4, 5]
    assert all("error" in a for a in answers[:-1]) and "engine" in answers[-1]
    assert "game" in answers[0]["error"] and "has no op 'doubling'" in answers[5]["error"]


@pytest.mark.parametrize(("edit", "says"), [
    (lambda t: t.replace("[[claim]]", "[[claim]", 1), "invalid TOML"),
    (lambda t: t.replace('event = "four-hundred"', 'eventt = "four-hundred"', 1),
     "schema: at claim/0"),
    (lambda t: t.replace("percent = 0.195", 'percent = "0.195%"', 1), "schema: at claim/0"),
    (lambda t: t.replace('event = "four-hundred"', 'event = "five-hundred"', 1),
     "no event 'five-hundred' is counted"),
])
def test_a_broken_odds_file_is_named_with_its_line(
        edit: Any, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``odds.toml`` read against its schema: a syntax error, a claim without an event, a
    percentage written as a string, an event nobody counts: exit 2 naming the file and
    line (they once named no file, or exited 3)."""
    import trickrules.engine.baloot.odds
    from trickrules.spec.registry import family_dir

    (tmp_path / "baloot").mkdir()
    odds = tmp_path / "baloot" / "odds.toml"
    odds.write_text(edit((family_dir("baloot") / "odds.toml").read_text(encoding="utf-8")),
                    encoding="utf-8")
    monkeypatch.setattr(trickrules.engine.baloot.odds, "family_dir", lambda name: tmp_path / name)
    assert main(["odds", "--game", "baloot"]) == 2
    err = capsys.readouterr().err
    assert f"{odds}:" in err and says in err, err


@pytest.mark.parametrize("break_it", ["profile-without-rules", "unknown-op", "unknown-profile",
                                      "no-situation", "no-card-rules"])
def test_a_broken_suite_is_named_before_any_engine_is_asked(
        break_it: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``conform --suite`` with a profile lacking its readings, a vector asking an op the
    protocol has not, a vector naming a profile the suite lacks, or a legal-plays vector
    without its situation or its cards' rules: exit 2 naming the file (and the line), never a
    bare ``error: rules`` or a failure charged to the engine."""
    from test_conformance import small_suite

    suite = small_suite(tmp_path)
    if break_it == "profile-without-rules":
        profiles = json.loads((suite / "profiles.json").read_text(encoding="utf-8"))
        del next(iter(profiles.values()))["rules"]
        (suite / "profiles.json").write_text(json.dumps(profiles), encoding="utf-8")
        where = f"{suite / 'profiles.json'}: profile"
    else:
        path = suite / "must" / "legal-plays.jsonl"
        lines = path.read_text(encoding="utf-8").splitlines()
        vector = json.loads(lines[0])
        if break_it == "unknown-op":
            vector["op"] = "guess-the-card"
        elif break_it == "no-situation":
            del vector["request"]["situation"]
        elif break_it == "no-card-rules":
            del vector["why"]["cards"]
        else:
            vector["profiles"] = ["no-such-profile"]
        path.write_text("\n".join([json.dumps(vector), *lines[1:]]) + "\n", encoding="utf-8")
        where = f"{path}:1:"
    assert main(["conform", "--engine", "trickrules adapter", "--suite", str(suite)]) == 2
    err = capsys.readouterr().err
    assert where in err, err
    assert {"no-situation": "situation", "no-card-rules": "why lacks cards"}.get(
        break_it, "") in err
