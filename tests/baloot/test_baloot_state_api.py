"""Bad input to the Baloot engine and its commands: cards outside the pack, bad deals, bad
JSON states (each error names its field, and a state it could not read is refused), and the
play, perft and odds commands as a user runs them."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest
from baloot_helpers import DEAL, PUBLIC, STOCK, baloot, calls, deal, situation

from trickrules.engine.baloot.cards import BalootCardError, parse
from trickrules.engine.baloot.game import BalootGame, BalootState
from trickrules.engine.baloot.odds import HANDS, project_odds
from trickrules.engine.errors import StateError

CLI = [sys.executable, "-m", "trickrules.cli.main"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120,
                          check=False)


@pytest.mark.parametrize("token", ["2S", "6H", "RJ", "BJ"])
def test_a_card_outside_the_pack_is_refused_by_name(token: str) -> None:
    with pytest.raises(BalootCardError, match=f"'{token}'.*32-card Baloot deck"):
        parse(token)


def test_a_bad_deal_is_refused() -> None:
    game = BalootGame()
    with pytest.raises(StateError, match="'2S'"):
        game.state_from_deal(0, ("2S 8S 9S 10S JS", *DEAL[1:]), PUBLIC, STOCK)
    with pytest.raises(StateError, match="every card of the pack once"):
        game.state_from_deal(0, ("7S 8S 9S 10S 10S", *DEAL[1:]), PUBLIC, STOCK)
    with pytest.raises(StateError, match=r"dealer 0\.\.3"):
        game.state_from_deal(4, DEAL, PUBLIC, STOCK)


def mid_hand() -> dict[str, Any]:
    """A state in the second trick of a Hokom hand."""
    state = calls(deal(), "hokom", "pass", "pass", "pass", "pass", "pass")
    while (state.hand is not None and len(state.hand.tricks) < 1) or len(state.hand.trick) < 2:  # type: ignore[union-attr]
        state.apply_action(state.legal_actions()[0])
    return state.to_json()


def test_a_mid_hand_state_round_trips() -> None:
    data = mid_hand()
    again = BalootState.from_json(copy.deepcopy(data))
    assert again.to_json() == data


def _broken(edit: Any) -> dict[str, Any]:
    data = mid_hand()
    edit(data)
    return data


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="x"), "state.format"),
    (lambda d: d.update(game="kout6"), "state.game"),
    (lambda d: d.update(profile="nope"), "state.profile"),
    (lambda d: d.update(phase="bidding"), "state.phase"),
    (lambda d: d.update(dealer=7), "state.dealer"),
    (lambda d: d.update(scores=[1]), "state.scores"),
    (lambda d: d.update(public_card="2S"), "state.public_card"),
    (lambda d: d["play"]["dealt"].update({"0": d["play"]["dealt"]["1"]}), "state.play.dealt"),
    (lambda d: d["play"]["dealt"]["0"].__setitem__(0, "5H"), "32-card Baloot deck"),
    (lambda d: d["play"]["tricks"][0].update(winner=(d["play"]["tricks"][0]["winner"] + 1) % 4),
     "wins this trick by the rules"),
    (lambda d: d["play"]["tricks"][0]["plays"][0].update(seat=3), "out of turn"),
    (lambda d: d["play"]["tricks"][0]["plays"].pop(), "a finished trick has four cards"),
    (lambda d: d["auction"].pop(), "state.phase"),
    (lambda d: d["auction"][0].update(call="bid"), "unknown call"),
    (lambda d: d["hands"]["0"].pop(), "state.hands"),
    (lambda d: d.update(history=[99]), "state.history"),
])
def test_a_bad_state_is_refused_naming_the_field(edit: Any, message: str) -> None:
    with pytest.raises(StateError, match=message.replace(".", r"\.")
                       if message.startswith("state") else message):
        BalootState.from_json(_broken(edit))


@pytest.mark.parametrize("phase", ["cut", "auction", "trump", "double", "game-over"])
def test_a_state_whose_phase_does_not_fit_names_the_phase(phase: str) -> None:
    """A mid-play state relabelled with another phase: the message names the field that
    does not fit and ``state.phase`` (either may be the mistake)."""
    with pytest.raises(StateError, match=r"state\.phase") as refused:
        BalootState.from_json(_broken(lambda d: d.update(phase=phase)))
    assert str(refused.value).startswith("state.")


def test_an_illegal_card_in_a_trick_is_refused() -> None:
    """Swap a follower's card of the suit led with a card of another suit he plays later: the
    deal still adds up, but he revoked, and the reader says so."""
    state = calls(deal(), "hokom", "pass", "pass", "pass", "pass", "pass")
    while state.hand is not None and len(state.hand.tricks) < 6:
        state.apply_action(state.legal_actions()[0])
    data = state.to_json()
    tricks = data["play"]["tricks"]
    for t, trick in enumerate(tricks):
        led = trick["plays"][0]["card"][-1]
        for i, play in enumerate(trick["plays"][1:], start=1):
            if play["card"][-1] != led:
                continue
            for later in tricks[t + 1:]:
                for other in later["plays"]:
                    if other["seat"] == play["seat"] and other["card"][-1] != led:
                        play["card"], other["card"] = other["card"], play["card"]
                        with pytest.raises(StateError, match=rf"tricks\[{t}\]\.plays\[{i}\]"
                                           r"\.card: .* is not a legal play"):
                            BalootState.from_json(data)
                        return
    pytest.fail("no follower of the suit led plays another suit later in this deal")


def test_play_json_record_has_every_field() -> None:
    done = run("play", "--game", "baloot", "--seed", "5", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert set(record["final"]) == {"scores", "winner"}
    hand = next(h for h in record["hands"] if h["contract"])
    for key in ("dealer", "deal", "public_card", "auction", "contract", "projects", "tricks",
                "card_points", "game_points", "totals"):
        assert key in hand
    assert set(hand["contract"]) >= {"seat", "type", "trump", "multiplier", "locked", "gahwa"}
    assert all(set(c) >= {"seat", "round", "call"} for c in hand["auction"])
    assert all(len(cards) == 8 for cards in hand["deal"].values())


def test_play_and_perft_print_tables() -> None:
    done = run("play", "--game", "baloot", "--seed", "2")
    assert done.returncode == 0 and "public card" in done.stdout and "wins" in done.stdout
    perft = run("perft", "--game", "baloot", "--seed", "1", "--depth", "4", "--contract",
                "hokom", "--trump", "H", "--divide", "--json")
    result = json.loads(perft.stdout)
    assert result["trump"] == "H" and result["nodes"] == sum(r["nodes"] for r in
                                                             result["divide"])
    bad = run("perft", "--game", "baloot", "--seed", "1", "--depth", "33")
    assert bad.returncode == 2 and "--depth" in bad.stderr and "Traceback" not in bad.stderr
    kout = run("perft", "--game", "kout6", "--depth", "2", "--contract", "sun")
    assert kout.returncode == 2 and "only Baloot" in kout.stderr


def test_odds_with_every_claim_judged() -> None:
    """The exact odds judge each text's claim (their time is ``make bench``'s to check)."""
    done = run("odds", "--game", "baloot", "--json")
    result = json.loads(done.stdout)
    assert isinstance(result["seconds"], float)
    verdicts = {(c["source"], c["claimed"]): c["right"] for c in result["claims"]}
    assert verdicts[("004w", "0.195%")] and not verdicts[("004w", "1.224%")]
    assert verdicts[("004g", "1 in 514")] and not verdicts[("004g", "5%")]
    assert verdicts[("004g", "under 0.2%")]  # 0.1947%, inside "under 0.1-0.2%"


def test_odds_match_an_independent_count() -> None:
    """Runs counted a second way: by suit lengths, each suit holding no run of three or more
    (or of four), independent of the generating function."""
    from itertools import product
    from math import comb

    def no_run(limit: int) -> list[int]:
        """Holdings of each size with no run of ``limit`` or more cards."""
        out = [0] * 9
        for pattern in range(256):
            if not any(pattern >> low & ((1 << limit) - 1) == (1 << limit) - 1
                       for low in range(9 - limit)):
                out[pattern.bit_count()] += 1
        return out

    by_event = {o.event: o.hands for o in project_odds()}
    for limit, event in ((3, "run-of-three-or-more"), (4, "run-of-four-or-more"),
                         (5, "hundred-run")):
        free = no_run(limit)
        without = sum(free[a] * free[b] * free[c] * free[8 - a - b - c]
                      for a, b, c in product(range(9), repeat=3) if a + b + c <= 8)
        assert by_event[event] == HANDS - without
    assert by_event["four-hundred"] == comb(28, 4)
    assert by_event["baloot-named-suit"] == comb(30, 6)
    # four of a kind of 10, J, Q or K, by inclusion and exclusion over the four ranks
    kinds = sum((-1) ** (k + 1) * comb(4, k) * comb(32 - 4 * k, 8 - 4 * k) for k in (1, 2))
    assert by_event["four-of-a-kind"] == kinds


def test_a_derived_profile_is_named_and_played() -> None:
    done = run("play", "--game", "baloot", "--profile",
               "baloot-default[deal.cut=cutter-chooses]", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["hands"][0]["cutter"] in ("cut", "go", "shuffle", "public-first", "top-three",
                                            "bottom-three-self", "bottom-three-partner")
    bad = run("play", "--game", "baloot", "--profile", "baloot-default[deal.cut=never]")
    assert bad.returncode == 2 and "no reading 'never'" in bad.stderr
    assert baloot(deal__cut="cutter-chooses").new_initial_state(0).phase == "cut"


def test_conform_says_cleanly_that_baloot_has_no_vectors_yet() -> None:
    conform = run("conform", "--engine", "true", "--profile", "baloot-default")
    assert conform.returncode == 2 and "Traceback" not in conform.stderr


def test_judge_plays_a_baloot_situation_to_the_end_of_the_hand(tmp_path: Any) -> None:
    state, start, then = situation(4, 12)
    path = tmp_path / "situation.json"
    path.write_text(json.dumps({"state": start, "then": then}))
    done = run("judge", str(path), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    answer = report["profiles"][0]["answers"][0]
    open_ = {p["profile"]: p for p in report["profiles"]}["src004w-baloot"]
    assert open_["unread"] and all(a["status"] != "too-open" for a in open_["answers"])
    record = state.records[-1]
    assert answer["status"] == "ok" and answer["then"] == then
    assert answer["score"]["totals"] == record["totals"]
    played = len(answer["tricks"])  # the tricks finished while ``then`` was played
    assert played >= 1 and answer["tricks"] == [t["winner"] for t in record["tricks"]][-played:]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"state": start, "then": ["2S"]}))
    refused = run("judge", str(bad), "--json")
    ruling = json.loads(refused.stdout)["profiles"][0]["answers"][0]
    assert refused.returncode == 2 and ruling["status"] == "illegal" and "2S" in ruling["error"]
