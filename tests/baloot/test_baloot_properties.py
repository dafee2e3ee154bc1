"""Properties over whole Baloot games: every game ends, a legal action always exists, cards are
conserved, each trick's winner holds the best card by the spec's rank orders, the card points of
a hand add up to 130 in Sun and 162 in Hokom; 1,000 seeded games, every reading of every
parameter played, and a Hypothesis state machine over whole games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from trickrules.engine.baloot.cards import FULL_MASK, RANKS, parse
from trickrules.engine.baloot.game import BalootGame, BalootState
from trickrules.engine.baloot.record import game_to_json, play_random_game
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile

CATALOGUE = family_catalogue("baloot")
DEFAULT = CATALOGUE.default_profile("baloot")


def _beats(profile: Profile, a: str, b: str, led: str, trump: str | None) -> bool:
    """Whether card ``a`` beats card ``b`` in a trick led in ``led``, read from the spec's rank
    orders (independently of the engine's tables)."""
    plain = profile.reading("rank.plain").order or ()
    high = profile.reading("rank.trump").order or ()

    def key(card: str) -> tuple[int, int]:
        rank, suit = card[:-1], card[-1]
        if suit == trump:
            return (2, high.index(rank))
        if suit == led:
            return (1, plain.index(rank))
        return (0, 0)

    return key(a) > key(b)


def check_record(profile: Profile, record: dict[str, Any]) -> None:
    """The invariants every finished hand of a record keeps."""
    points = profile.reading("score.card-points")
    for hand in record["hands"]:
        contract = hand["contract"]
        held = [c for cards in hand["deal"].values() for c in cards]
        if contract is None:
            assert hand["void"] in ("kawesh", "all-passed") and hand["game_points"] == [0, 0]
            continue
        assert len(held) == 32 and len(set(held)) == 32
        assert all(len(cards) == 8 for cards in hand["deal"].values())
        assert hand["public_card"] in hand["deal"][str(contract["seat"])]
        trump = contract["trump"]
        assert (trump is None) == (contract["type"] == "sun")
        played = [p["card"] for t in hand["tricks"] for p in t["plays"]]
        assert sorted(played) == sorted(held) and len(hand["tricks"]) == 8
        totals = [0, 0]
        for trick in hand["tricks"]:
            led = trick["plays"][0]["card"][-1]
            by_seat = {p["seat"]: p["card"] for p in trick["plays"]}
            best = by_seat[trick["winner"]]
            assert not any(_beats(profile, c, best, led, trump) for c in by_seat.values())
            for c in by_seat.values():
                kind = "trump" if c[-1] == trump else "plain"
                totals[trick["winner"] % 2] += points.number(f"{kind}-{c[:-1]}")
        totals[hand["tricks"][-1]["winner"] % 2] += points.number("last-trick")
        assert hand["card_points"] == totals
        assert sum(totals) == (130 if trump is None else 162)


def test_a_thousand_seeded_games() -> None:
    game = BalootGame()
    hands = 0
    for seed in range(1000):
        state = play_random_game(game, seed)
        record = game_to_json(state)
        check_record(DEFAULT, record)
        final = record["final"]
        assert final["winner"] in (0, 1)
        assert final["scores"] == record["hands"][-1]["totals"]
        hands += len(record["hands"])
    assert hands > 5000


READINGS = [(p.id, r) for p in CATALOGUE.parameters.values() for r in p.reading_ids
            if r != DEFAULT.value(p.id)]


@pytest.mark.parametrize(("parameter", "reading"), READINGS, ids=[f"{p}={r}" for p, r in READINGS])
def test_every_reading_plays_whole_games(parameter: str, reading: str) -> None:
    profile = DEFAULT.derive(f"baloot[{parameter}={reading}]", {parameter: reading})
    game = BalootGame("baloot", profile)
    for seed in range(15):
        state = play_random_game(game, seed)
        check_record(profile, game_to_json(state))
        assert state.is_terminal() and state.returns() in ([1.0, -1.0] * 2, [-1.0, 1.0] * 2)


def _places(state: BalootState) -> int:
    """Every card's place counted: held, in the stock, public, played (all 32 exactly once)."""
    seen = 0
    total = 0
    masks = list(state.hands)
    if state.phase == "auction":
        masks += [1 << state.public, sum(1 << c for c in state.rest)]
    if state.hand is not None and state.phase == "play":
        masks += [state.hand.won[0], state.hand.won[1], sum(1 << c for c in state.hand.trick)]
    for m in masks:
        assert not seen & m, "a card in two places"
        seen |= m
        total += m.bit_count()
    return seen if state.phase in ("auction", "play") else FULL_MASK


class WholeGames(RuleBasedStateMachine):
    """Random legal actions over whole games, under random readings."""

    def __init__(self) -> None:
        super().__init__()
        self.state: BalootState | None = None

    @rule(seed=st.integers(0, 10**6), data=st.data())
    def new_game(self, seed: int, data: st.DataObject) -> None:
        chosen = {}
        for parameter in ("deal.cut", "play.hokom-void", "auction.sun-over-sun",
                          "double.lock", "score.hokom-threshold", "project.per-player"):
            chosen[parameter] = data.draw(st.sampled_from(
                CATALOGUE.parameters[parameter].reading_ids))
        self.state = BalootGame("baloot", DEFAULT.pin(chosen)).new_initial_state(seed)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if self.state is None or self.state.is_terminal():
            return
        for _ in range(data.draw(st.integers(1, 40))):
            legal = self.state.legal_actions()
            assert legal, "a player to move always has a legal action"
            self.state.apply_action(data.draw(st.sampled_from(legal)))
            if self.state.is_terminal():
                break

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.state is not None:
            assert _places(self.state) == FULL_MASK

    @invariant()
    def json_round_trips(self) -> None:
        if self.state is not None:
            again = BalootState.from_json(json.loads(json.dumps(self.state.to_json())))
            assert again.to_json() | {"history": []} == self.state.to_json() | {"history": []}
            assert again.legal_actions() == self.state.legal_actions()


TestWholeGames = WholeGames.TestCase
TestWholeGames.settings = settings(max_examples=40, stateful_step_count=12, deadline=None,
                                   suppress_health_check=[HealthCheck.too_slow])


def test_rank_tokens_and_suits_cover_the_pack() -> None:
    every = {parse(r + s) for r in RANKS for s in SUIT_LETTERS}
    assert every == set(range(32))


def test_games_end_and_terminal_states_have_no_actions() -> None:
    rng = random.Random(7)
    for seed in range(20):
        state = BalootGame().new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
            assert steps < 20000
        assert state.legal_actions() == [] and state.current_player() < 0
