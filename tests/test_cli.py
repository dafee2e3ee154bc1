"""The trickrules command line, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli import main
from trickrules.engine.kout.actions import PASS, bid_action, trump_action
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.spec.cards import SUIT_LETTERS, parse_card, parse_cards


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay_record(record: dict[str, Any]) -> None:
    """Replay every hand of a ``play --json`` record through the engine, checking each action."""
    game = KoutGame(record["game"], record["profile"])
    scores = (0, 0)
    for hand in record["hands"]:
        deal = [parse_cards(hand["deal"][str(s)]) for s in range(game.num_players())]
        state = KoutState.from_deal(game, deal, hand["dealer"], seed=record["seed"],
                                    hand_index=hand["index"], scores=scores)
        for call in hand["auction"]:
            assert state.current_player() == call["seat"]
            state.apply_action(PASS if call.get("pass") else bid_action(call["bid"]))
        contract = hand["contract"]
        assert state.contract is not None
        assert (state.contract.seat, state.contract.bid, state.contract.forced,
                state.contract.malzoom) == (contract["seat"], contract["bid"],
                                            contract["forced"], contract["malzoom"])
        state.apply_action(trump_action(SUIT_LETTERS.index(contract["trump"])))
        for trick in hand["tricks"]:
            for play in trick["plays"]:
                assert state.current_player() == play["seat"]
                state.apply_action(parse_card(play["card"]))  # raises if illegal
        finished = state.records[-1]  # the last trick ended the hand
        assert [t.winner for t in finished.tricks] == [t["winner"] for t in hand["tricks"]]
        assert finished.scores == tuple(hand["totals"])
        scores = (hand["totals"][0], hand["totals"][1])
    assert list(scores) == record["final"]["scores"]


@pytest.mark.parametrize("game", ["kout6", "kout4"])
def test_play_json_is_a_complete_legal_game(capsys: pytest.CaptureFixture[str],
                                            game: str) -> None:
    code, out, _ = _run(capsys, "play", "--game", game, "--seed", "1", "--json")
    assert code == 0
    record = json.loads(out)
    assert set(record) >= {"hands", "final"}
    hand = record["hands"][0]
    assert set(hand) >= {"dealer", "deal", "auction", "contract", "tricks", "score"}
    assert set(hand["contract"]) >= {"seat", "bid", "trump", "forced"}
    assert set(hand["tricks"][0]) == {"leader", "plays", "winner"}
    assert record["final"]["winner"] in (0, 1)
    replay_record(record)
    code, again, _ = _run(capsys, "play", "--game", game, "--seed", "1", "--json")
    assert again == out


def test_play_tables_use_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "play", "--seed", "2")
    assert code == 0
    assert "Hand 1" in out and "Contract seat" in out and "wins" in out
    assert any(symbol in out for symbol in "\u2660\u2665\u2666\u2663")


def test_perft_json_and_divide(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "perft", "--seed", "3", "--depth", "5", "--divide", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["nodes"] == sum(row["nodes"] for row in result["divide"])
    code, plain, _ = _run(capsys, "perft", "--seed", "3", "--depth", "5", "--json")
    assert json.loads(plain)["nodes"] == result["nodes"]


def test_unknown_profile_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "play", "--profile", "nope")
    assert code == 2 and "unknown profile 'nope'" in err


def test_profile_of_another_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "play", "--game", "kout6", "--profile", "kout4-default")
    assert code == 2 and "is for kout4, not kout6" in err


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "trickrules"
    done = subprocess.run([str(script), "perft", "--depth", "2"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "perft(2)" in done.stdout
