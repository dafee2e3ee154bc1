"""Engine against the Z3 model: legal cards, trick winners and auctions must agree, and each
comparison fails when a rule is broken in either encoding."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
import z3
from helpers import variant
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.kout.ranking
import proofs.kout.evaluator
import proofs.kout.model
import proofs.kout.smallscope
from engine.kout.game import KoutGame, KoutState
from engine.kout.play import Contract
from engine.kout.scoring import game_winner, score_hand
from engine.kout.state import AUCTION, PLAY
from engine.masks import cards_of
from proofs.kout.auction_graph import auction_graph, count_sequences
from proofs.kout.evaluator import ModelEvaluator, Situation
from proofs.kout.smallscope import small_scope
from spec.cards import parse_cards
from spec.loader import family_catalogue

JOKER_HEAVY = {"joker__unqualified_lead": "any-time"}  # worthless Joker leads happen often
PROFILES = [
    ("kout6", {}),
    ("kout4", {}),
    ("kout6", JOKER_HEAVY),
    ("kout6", {**JOKER_HEAVY, "joker__after_worthless_lead": "led-suit",
               "joker__second_joker": "normal"}),
    ("kout4", {**JOKER_HEAVY, "joker__second_joker": "worthless-anywhere",
               "joker__play_to_trick": "as-trump", "play__follow_suit": "follow-else-trump"}),
    ("kout6", {"joker__lead_by_bid": "9-either", "joker__lead_bid_holder": "declarer",
               "joker__lead_after_trumps_played": "ace", "joker__declarer_without_ace": "may-lead",
               "joker__legal_lead_calls_trump": "no-obligation"}),
]


def _game(game_id: str, overrides: dict[str, str]) -> KoutGame:
    return variant(game_id, **overrides) if overrides else KoutGame(game_id)


def situation_of(state: KoutState) -> Situation:
    """The facts of a play-phase engine state, as plain data for the model."""
    position = state.position
    assert position is not None and state.contract is not None and state.trump is not None
    return Situation(state.rules.deck, state.rules.players, state.trump, state.contract.bid,
                     state.contract.seat, position.leader,
                     tuple(frozenset(cards_of(h)) for h in position.hands),
                     frozenset(cards_of(position.played)), tuple(position.trick))


def disagreements(game: KoutGame, seed: int, limit: int = 3) -> Iterator[str]:
    """Play one hand at random; yield every point where engine and model disagree."""
    model = ModelEvaluator(game.profile)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    found = 0
    while state.phase != PLAY:
        state.apply_action(rng.choice(state.legal_actions()))
    hand = state.hand_index
    while state.hand_index == hand and not state.is_terminal() and found < limit:
        facts = situation_of(state)
        engine_legal = state.legal_actions()
        model_legal = model.legal_cards(facts)
        if engine_legal != model_legal:
            found += 1
            yield f"legal cards at {facts}: engine {engine_legal}, model {model_legal}"
        card = rng.choice(engine_legal)
        assert state.position is not None
        before = len(state.position.tricks)
        trick_so_far = list(state.position.trick)
        state.apply_action(card)
        finished = (state.records[-1].tricks[-1] if state.hand_index != hand
                    else state.position.tricks[-1] if len(state.position.tricks) > before
                    else None)
        if finished is not None:
            model_winner = model.trick_winner(facts, [*trick_so_far, card])
            if model_winner != finished.winner:
                found += 1
                yield (f"trick {finished.cards} led by {finished.leader}: engine {finished.winner},"
                       f" model {model_winner}")


@pytest.mark.parametrize(("game_id", "overrides"), PROFILES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_engine_and_model_agree_on_random_hands(game_id: str, overrides: dict[str, str],
                                                seed: int) -> None:
    assert list(disagreements(_game(game_id, overrides), seed)) == []


def _any_disagreement(game: KoutGame, seeds: range = range(6)) -> bool:
    return any(next(disagreements(game, seed, limit=1), None) for seed in seeds)


def test_crosscheck_catches_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    original = proofs.kout.model.tier

    def swapped(card, trump, follow, worthless):  # type: ignore[no-untyped-def]
        """Trump Ace below the black Joker: tiers 4 and 3 exchanged."""
        t = original(card, trump, follow, worthless)
        import z3

        return z3.If(t == 4, 3, z3.If(t == 3, 4, t))

    monkeypatch.setattr(proofs.kout.model, "tier", swapped)
    monkeypatch.setattr(proofs.kout.evaluator, "tier", swapped)
    assert _any_disagreement(KoutGame("kout6"))


def test_crosscheck_catches_a_broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.kout.ranking, "TRUMP_ACE_STRENGTH", 97)  # below the black Joker (98)
    assert _any_disagreement(KoutGame("kout6"))


def test_crosscheck_catches_a_broken_follow_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    def lax(sp, card, hand, ctx):  # type: ignore[no-untyped-def]
        """No follow-suit obligation."""
        return hand.holds(card)

    monkeypatch.setattr(proofs.kout.evaluator, "legal_follow", lax)
    assert _any_disagreement(KoutGame("kout6"))


def _engine_auction_count(game: KoutGame) -> int:
    def walk(state: KoutState) -> int:
        if state.phase != AUCTION:
            return 1
        total = 0
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            total += walk(child)
        return total

    return walk(game.new_initial_state(0))


@pytest.mark.parametrize("game_id", ["kout6", "kout4"])
@pytest.mark.parametrize("overrides", [
    {}, {"auction__dealer_forced_bid": "exactly-5"}, {"auction__shape": "continuing"},
    {"auction__shape": "continuing", "auction__pass": "may-re-enter"},
])
def test_auction_sequences_engine_equals_graph(game_id: str, overrides: dict[str, str]) -> None:
    game = _game(game_id, overrides)
    assert _engine_auction_count(game) == count_sequences(auction_graph(game.profile))


def test_auction_count_differs_when_the_engine_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    game = KoutGame("kout4")
    expected = count_sequences(auction_graph(game.profile))
    import engine.kout.auction

    monkeypatch.setattr(engine.kout.auction, "MAX_BID", 8)  # Bawan can no longer be bid
    assert _engine_auction_count(game) != expected


SCORING_PROFILES = [
    ("kout6", {}),
    ("kout4", {}),
    ("kout6", {"score__malzoom_failed": "double-bid", "game__shutout": "none",
               "game__bawan_first_hand": "no-effect"}),
    ("kout4", {"auction__malzoom": "any-forced", "auction__dealer_forced_bid": "at-least-5"}),
]


@st.composite
def hand_ends(draw: st.DrawFn, game: KoutGame) -> tuple[tuple[int, int], Contract, int, int]:
    """A game not yet won, a contract (possibly forced), the bidders' tricks and hand index."""
    rules = game.rules
    first = draw(st.booleans())
    if first:
        scores = (0, 0)
    else:
        scores = (draw(st.integers(0, rules.target - 1)), draw(st.integers(0, rules.target - 1)))
        if rules.shutout is not None and 0 in scores and max(scores) >= rules.shutout:
            scores = (max(scores[0], 1), max(scores[1], 1))
    seat = draw(st.integers(0, rules.players - 1))
    forced = draw(st.booleans())
    bid = 5 if forced and rules.forced_exactly_5 else draw(st.integers(5, 9))
    malzoom = forced and (bid == 5 or rules.malzoom_any_forced)
    won = draw(st.integers(0, rules.hand_size))
    return scores, Contract(seat, bid, forced, malzoom), won, 0 if first else draw(
        st.integers(1, 30))


def score_disagreement(game: KoutGame, data: st.DataObject) -> str | None:
    """One random hand end scored by the engine and the model; a message if they differ."""
    return hand_end_disagreement(game, *data.draw(hand_ends(game)))


def hand_end_disagreement(game: KoutGame, scores: tuple[int, int], contract: Contract, won: int,
                          index: int) -> str | None:
    """One hand end scored by the engine and the model; a message if they differ."""
    model = ModelEvaluator(game.profile)
    tricks = [0, 0]
    tricks[contract.team] = won
    tricks[1 - contract.team] = game.rules.hand_size - won
    result = score_hand(game.rules, contract, tricks)
    after = list(scores)
    after[result.team] += result.points
    engine_end = (result.made, (after[0], after[1]),
                  game_winner(game.rules, after, index, contract, result))
    model_end = model.hand_end(scores, contract.team, contract.bid, contract.malzoom, won,
                               index == 0)
    if engine_end != model_end:
        return f"{scores} {contract} won {won} hand {index}: engine {engine_end}, model {model_end}"
    return None


@pytest.mark.parametrize(("game_id", "overrides"), SCORING_PROFILES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_engine_and_model_agree_on_hand_score_and_game_end(
        game_id: str, overrides: dict[str, str], data: st.DataObject) -> None:
    assert score_disagreement(_game(game_id, overrides), data) is None


def _scoring_breaks(game: KoutGame) -> bool:
    @settings(max_examples=300, deadline=None, database=None)
    @given(data=st.data())
    def probe(data: st.DataObject) -> None:
        assert score_disagreement(game, data) is None

    try:
        probe()
    except AssertionError:
        return True
    return False


def test_score_crosscheck_catches_malzoom_scored_double_in_the_engine() -> None:
    game = KoutGame("kout6")
    game.rules = dataclasses.replace(game.rules, malzoom_failed_points=None)
    assert _scoring_breaks(game)


def test_score_crosscheck_catches_a_model_without_bawan(monkeypatch: pytest.MonkeyPatch) -> None:
    import proofs.kout.scoring

    original = proofs.kout.scoring.hand_points

    def no_bawan(sp, bid, malzoom, won):  # type: ignore[no-untyped-def]
        _, theirs = original(sp, bid, malzoom, won)
        return z3.If(won >= bid, bid, 0), theirs

    monkeypatch.setattr(proofs.kout.scoring, "hand_points", no_bawan)
    assert _scoring_breaks(KoutGame("kout4"))


def test_game_end_crosscheck_catches_an_engine_without_shutout() -> None:
    game = KoutGame("kout6")
    # 45-0 and a made 6: the shutout ends the game at 51-0 (random probes reach it too rarely)
    boundary = ((45, 0), Contract(0, 6, False, False), 6, 3)
    assert hand_end_disagreement(game, *boundary) is None
    game.rules = dataclasses.replace(game.rules, shutout=None)
    assert hand_end_disagreement(game, *boundary) is not None


SMALL_POOL = parse_cards("AS 9S AH 7H BJ")  # a smaller pool keeps the mutation runs quick


def test_small_scope_catches_an_engine_with_the_trump_ace_below_the_black_joker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proofs.kout.smallscope, "POOL", SMALL_POOL)
    monkeypatch.setattr(engine.kout.ranking, "TRUMP_ACE_STRENGTH", 97)
    result = small_scope(family_catalogue("kout").profile("kout4-default"))
    assert result.verdict == "refuted" and "engine seat" in result.witness["first"]


def test_small_scope_catches_a_model_without_follow_suit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def lax(sp, card, hand, ctx):  # type: ignore[no-untyped-def]
        return hand.holds(card)

    monkeypatch.setattr(proofs.kout.smallscope, "POOL", SMALL_POOL)
    monkeypatch.setattr(proofs.kout.evaluator, "legal_follow", lax)
    result = small_scope(family_catalogue("kout").profile("kout4-default"))
    assert result.verdict == "refuted" and result.witness["disagreements"] > 0


def test_small_scope_covers_every_trick_of_its_pool() -> None:
    """Every ordered 4-card trick of the pool that the rules allow is completed and compared."""
    tally, problems = proofs.kout.smallscope.run(family_catalogue("kout").profile("kout4-default"))
    assert problems == []
    assert tally.tricks > 1000 and tally.illegal_prefixes > 0
