"""Hostile input to the readers of both families: states (the field named, a short
message; a state's JSON form is data of its own) and the suite's stored files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli.main import main


def _dealt(game: str) -> dict[str, Any]:
    """The JSON form of seed 1's first dealt state: in Baloot, once the cutter has made the
    plain cut (the game starts with the cutter's choice), so the hands are dealt."""
    from trickrules.engine.registry import load_game

    state = load_game(game).new_initial_state(1)
    if game == "baloot":
        choices = {state.action_to_string(a): a for a in state.legal_actions()}
        state.apply_action(choices["cutter:cut"])
    data: dict[str, Any] = state.to_json()
    return data


@pytest.mark.parametrize("game", ["kout6", "baloot"])
def test_a_state_nested_too_deeply_or_huge_is_a_named_state_error(game: str) -> None:
    """100,000 nested lists in a field, or a megabyte string, is refused as a StateError
    naming the field with a short message (not a RecursionError, not the whole value)."""
    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import state_from_json

    data = _dealt(game)
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    for field, value in (("hands", deep), ("seed", "x" * 1_000_000)):
        with pytest.raises(StateError, match=f"state.{field}") as caught:
            state_from_json({**data, field: value})
        assert len(str(caught.value)) < 200


@pytest.mark.parametrize("game, scores", [("kout6", [101, 40]), ("kout4", [0, 101]),
                                          ("kout6", [51, 0]),
                                          ("baloot", [200, 0]), ("baloot", [153, 160])])
def test_a_state_still_playing_after_the_game_was_won_is_refused(
        game: str, scores: list[int]) -> None:
    """A team at or past the target (or a Kout shut-out) while the hand is still being bought
    or played: the game was over, so the state is refused naming ``state.scores``."""
    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import load_game, state_from_json

    data = load_game(game).new_initial_state(1).to_json()
    assert state_from_json({**data, "scores": [scores[0] // 4, scores[1] // 4]})
    with pytest.raises(StateError, match=r"state\.scores: .* already won"):
        state_from_json({**data, "scores": scores})


def test_baloot_state_faults_name_the_right_field() -> None:
    """A buying state labelled ``double`` names ``state.hands`` (it once named the absent
    ``state.play.dealt``); ``state_from_deal`` refuses a Boolean dealer."""
    from trickrules.engine.errors import StateError
    from trickrules.engine.registry import load_game, state_from_json

    game = load_game("baloot")
    data = _dealt("baloot")
    with pytest.raises(StateError, match=r"^state\.hands: in phase 'double'"):
        state_from_json({**data, "phase": "double"})
    pack = ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D"]
    stock = "QD KD AD 7C 8C 9C 10C JC QC KC AC"
    assert game.state_from_deal(1, pack, "JD", stock).dealer == 1
    with pytest.raises(StateError, match="dealer"):
        game.state_from_deal(True, pack, "JD", stock)


def test_editing_a_states_json_form_leaves_the_state_alone() -> None:
    """``to_json()`` returns data of its own: changing it (the doubling calls were shared)
    does not change the live state."""
    import random

    from trickrules.engine.registry import load_game

    state = load_game("baloot").new_initial_state(3)
    pick = random.Random(1)
    while not state.to_json()["doubling"] and not state.is_terminal():
        state.apply_action(pick.choice(state.legal_actions()))
    before = json.dumps(state.to_json(), sort_keys=True)
    data = state.to_json()
    assert data["doubling"]
    for call in data["doubling"]:
        call["seat"] = 99
    for value in data.values():
        if isinstance(value, list):
            value.append("planted")
    assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("junk", [b"\xff[", b"[1, 2]", b'{"game": "kout6"}'])
def test_unreadable_stored_witnesses_are_stale_not_a_crash(
        junk: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``vectors --check`` on a suite whose witnesses file is not UTF-8 or not witness
    requests reports it stale (exit 1) and says how to take them afresh; regenerating
    from it is refused naming the file (exit 2), never a codec message without a file."""
    import shutil

    import trickrules.proofs.conformance.suite
    from trickrules.proofs.conformance.suite import suite_dir

    copy = tmp_path / "kout"
    shutil.copytree(suite_dir("kout"), copy)
    (copy / "witnesses.json").write_bytes(junk)
    monkeypatch.setattr(trickrules.proofs.conformance.suite, "suite_dir", lambda family: copy)
    assert main(["vectors", "--game", "kout", "--check"]) == 1
    err = capsys.readouterr().err.replace("\n", "")
    assert "stale" in err and "witnesses.json" in err and "--refresh" in err, err
    assert main(["vectors", "--game", "kout"]) == 2
    err = capsys.readouterr().err
    assert str(copy / "witnesses.json") in err.replace("\n", "") and "Traceback" not in err
    assert (copy / "witnesses.json").read_bytes() == junk


def test_an_output_through_a_symlink_keeps_the_link_and_the_usual_mode(tmp_path: Path) -> None:
    """``--report`` and ``--failures`` once replaced a symbolic link by a regular file made
    with mode 600: the link stays and its target gets the output; a new file gets 0666 less
    the umask, an existing one keeps its mode (every output file is written this way)."""
    import os
    import stat

    from trickrules.proofs.verify.cache import write_atomically

    target = tmp_path / "real" / "report.json"
    target.parent.mkdir()
    link = tmp_path / "report.json"
    link.symlink_to(target)
    old = os.umask(0o022)
    try:
        write_atomically(link, b"one")
        assert link.is_symlink() and target.read_bytes() == b"one"
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        target.chmod(0o640)
        write_atomically(target, b"two")
        assert stat.S_IMODE(target.stat().st_mode) == 0o640 and link.read_bytes() == b"two"
    finally:
        os.umask(old)


@pytest.mark.parametrize("argv, option", [
    (["sources", "--sentences", ""], "--sentences"),
    (["conform", "--engine", "true", "--profile", ""], "--profile"),
    (["verify", "--profile", ""], "--profile"),
    (["judge", ""], "situation")])
def test_an_empty_value_is_refused_not_read_as_left_out(
        argv: list[str], option: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert f"{option}: must not be empty" in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [
    (["--game", "baloot", "--trump", "H"], "--trump: a Sun has no trump"),
    (["--game", "baloot", "--bid", "7"], "--bid: only Kout"),
    (["--game", "kout6", "--contract", "hokom"], "--contract: only Baloot")])
def test_perft_refuses_another_familys_options(
        argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``perft --game baloot`` once ignored ``--trump H`` without ``--contract hokom``, and
    Kout's ``--bid``, answering for another position than the one asked."""
    assert main(["perft", "--depth", "1", *argv]) == 2
    assert says in capsys.readouterr().err


def test_a_call_during_play_is_named_out_of_place() -> None:
    """A pass or a double while the cards are played is refused as out of place (the engine
    once blamed the order of declaring projects for any such action)."""
    import random

    import trickrules.engine.baloot.actions as act
    from trickrules.engine.errors import IllegalActionError
    from trickrules.engine.registry import load_game

    state = load_game("baloot").new_initial_state(3)
    pick = random.Random(1)
    while state.to_json()["phase"] != "play":
        state.apply_action(pick.choice(state.legal_actions()))
    for call in (act.PASS, act.DOUBLE):
        with pytest.raises(IllegalActionError, match="out of place") as caught:
            state.apply_action(call)
        assert "projects" not in str(caught.value).split(" in state:")[0]
