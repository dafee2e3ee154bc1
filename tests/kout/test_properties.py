"""Property tests over random seeds and random legal play, and a whole-game state machine."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from trickrules.engine.errors import IllegalActionError
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.record import play_random_game
from trickrules.engine.kout.state import PLAY, HandRecord
from trickrules.engine.masks import BIT, mask_of
from trickrules.spec.cards import ACE, BLACK_JOKER, RED_JOKER, rank_of, suit_of

GAMES = {game_id: KoutGame(game_id) for game_id in ("kout6", "kout4")}


def oracle_winner(leader: int, cards: tuple[int, ...], trump: int, players: int) -> int:
    """The winner of a trick led by a suited card, from the ranking as the sources list it."""
    led = suit_of(cards[0])

    def order(card: int) -> tuple[int, int]:
        if card == RED_JOKER:
            return (4, 0)
        if card == BLACK_JOKER:
            return (2, 0)
        if suit_of(card) == trump:
            return (3, 0) if rank_of(card) == ACE else (1, rank_of(card))
        return (0, rank_of(card)) if suit_of(card) == led else (-1, 0)

    best = max(range(len(cards)), key=lambda i: order(cards[i]))
    return (leader + best) % players


def chart_points(record: HandRecord) -> tuple[int, int]:
    """The team that scores and the points, from source 000's chart."""
    contract = record.contract
    bidders = contract.seat % 2
    won = sum(1 for t in record.tricks if t.winner % 2 == bidders)
    if won >= contract.bid:
        return bidders, 36 if contract.bid == 9 else contract.bid
    return 1 - bidders, 5 if contract.malzoom else 2 * contract.bid


def check_finished_game(state: KoutState) -> None:
    rules = state.rules
    totals = [0, 0]
    for record in state.records:
        assert len(record.tricks) == rules.hand_size  # default profiles play every trick
        seen = 0
        for trick in record.tricks:
            assert 0 <= trick.winner < rules.players
            assert len(trick.cards) == rules.players
            seen |= mask_of(trick.cards)
            if trick.cards[0] < 52:
                assert trick.winner == oracle_winner(trick.leader, trick.cards, record.trump,
                                                     rules.players)
        assert seen == rules.deck_mask  # every card played exactly once
        team, points = chart_points(record)
        assert (record.result.team, record.result.points) == (team, points)
        totals[team] += points
        assert tuple(totals) == record.scores
    assert state.winner is not None and totals == state.scores
    winner, loser = state.scores[state.winner], state.scores[1 - state.winner]
    last = state.records[-1]
    assert (winner >= rules.target or (winner >= 51 and loser == 0)
            or (last.index == 0 and last.contract.bid == 9 and last.result.made))


@settings(max_examples=60, deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32))
def test_random_games_end_and_score_by_the_chart(game_id: str, seed: int) -> None:
    check_finished_game(play_random_game(GAMES[game_id], seed))


def check_step_invariants(state: KoutState) -> None:
    rules = state.rules
    if state.is_terminal():
        assert state.legal_actions() == []
        return
    assert state.legal_actions(), "a non-terminal state has a legal action"
    if state.phase == PLAY:
        position = state.position
        assert position is not None
        places = [*position.hands, position.played, mask_of(position.trick)]
        union = 0
        for mask in places:
            assert not union & mask, "a card is in two places"
            union |= mask
        assert union == rules.deck_mask, "cards are conserved"
        assert sum(position.won) == position.tricks_done
    else:
        assert sum(m.bit_count() for m in state.hand_masks()) == len(rules.deck)


@settings(max_examples=25, deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32))
def test_every_step_keeps_the_invariants(game_id: str, seed: int) -> None:
    state = GAMES[game_id].new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        check_step_invariants(state)
        state.apply_action(rng.choice(state.legal_actions()))
    check_step_invariants(state)
    check_finished_game(state)


class WholeGame(RuleBasedStateMachine):
    """Plays whole games action by action; illegal actions must change nothing."""

    state: KoutState

    @initialize(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32))
    def start(self, game_id: str, seed: int) -> None:
        self.state = GAMES[game_id].new_initial_state(seed)

    @precondition(lambda self: not self.state.is_terminal())
    @rule(choice=st.integers(0, 63))
    def act(self, choice: int) -> None:
        legal = self.state.legal_actions()
        self.state.apply_action(legal[choice % len(legal)])

    @rule(action=st.integers(-2, 70))
    def illegal_action_changes_nothing(self, action: int) -> None:
        if action in self.state.legal_actions():
            return
        before = json.dumps(self.state.to_json())
        try:
            self.state.apply_action(action)
        except IllegalActionError as error:
            assert error.action == action and error.rule
        else:
            raise AssertionError(f"illegal action {action} was accepted")
        assert json.dumps(self.state.to_json()) == before

    @rule()
    def clone_and_json_agree(self) -> None:
        data = self.state.to_json()
        assert self.state.clone().to_json() == data
        assert KoutState.from_json(json.loads(json.dumps(data))).to_json() == data

    @invariant()
    def keeps_invariants(self) -> None:
        if hasattr(self, "state"):
            check_step_invariants(self.state)


def test_whole_game_state_machine() -> None:
    run_state_machine_as_test(WholeGame, settings=settings(
        max_examples=12, stateful_step_count=400, deadline=None,
        suppress_health_check=[HealthCheck.too_slow]))


def test_a_thousand_seeded_games_of_each() -> None:
    for game in GAMES.values():
        for seed in range(1000):
            state = play_random_game(game, seed)
            assert state.is_terminal() and state.winner in (0, 1)
            assert sum(r.result.points for r in state.records) == sum(state.scores)


def test_perft_push_pop_matches_the_state_api() -> None:
    """Perft's push/pop path counts what cloning and applying actions count."""
    from trickrules.engine.kout.play import perft_position
    from trickrules.engine.perft import divide, perft

    def by_api(state: KoutState, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if child.hand_index != state.hand_index or child.is_terminal():
                continue  # the hand ended before the full depth
            total += by_api(child, depth - 1)
        return total

    game = GAMES["kout6"]
    for seed in (1, 2, 3):
        position = perft_position(game.rules, seed)
        state = KoutState.from_situation(
            game, hands=[[c for c in range(54) if h & BIT[c]] for h in position.hands],
            trump=position.trump, contract=position.contract, dealer=0,
            leader=position.contract.seat)
        for depth in (1, 2, 3, 4, 7):
            count = perft(position, depth)
            assert count == by_api(state, depth)
            assert sum(n for _, n in divide(position, depth)) == count
