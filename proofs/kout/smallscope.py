"""Small-scope exhaustive cross-check: every trick built from a handful of decisive cards, in
the engine and in the model, must give the same legal cards and the same winner.

The scope is the last two tricks of a hand. The cards in play are drawn from a small pool that
holds every kind of card the rules tell apart (the trump Ace, a low trump, a side Ace and a low
card of the same side suit, both Jokers), and the player to move may also hold a card of a
suit nobody leads; every other card of the deck is either out in earlier tricks or a filler
card of that unused suit. Every ordered trick prefix from the pool, every two-card hand of the
player to move, and every card that completes a trick is checked, for a leader against the
bid and a leader holding Bawan; a prefix the engine rejects as illegal must be rejected by the
model too.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from engine.errors import EngineError
from engine.kout.game import KoutState
from proofs.kout.evaluator import ModelEvaluator, Situation
from proofs.kout.replay import engine_state
from proofs.kout.situation import profile_deck, profile_hand_size
from proofs.smt.solver import Result
from spec.cards import Card, card_name, parse_cards, suit_of
from spec.model import Profile

POOL = parse_cards("AS 9S AH 7H BJ RJ")
TRUMP = 0  # spades
FILLER_SUIT = 3  # clubs: no pool card is a club
FILLER = parse_cards("KC")[0]  # a card the mover may hold that follows nothing in the pool
AGAINST, BAWAN = (5, 1), (9, 0)  # (bid, declarer): leader against the bid; leader holding Bawan
JOKERS = frozenset(parse_cards("BJ RJ"))


@dataclass
class Tally:
    """What the exhaustive run covered."""

    situations: int = 0
    tricks: int = 0
    illegal_prefixes: int = 0


def _situation(profile: Profile, prefix: tuple[Card, ...], mover_hand: tuple[Card, ...],
               bid: int, declarer: int) -> Situation:
    """Seat 0 leads ``prefix``; the mover holds ``mover_hand``; earlier seats keep one filler
    card, later seats two; everything else is in earlier tricks."""
    players, size = profile.game.players, profile_hand_size(profile)
    deck = profile_deck(profile)
    fillers = [c for c in deck if suit_of(c) == FILLER_SUIT and c != FILLER]
    hands: list[frozenset[Card]] = []
    mover = len(prefix)
    for seat in range(players):
        if seat == mover:
            hands.append(frozenset(mover_hand))
            continue
        need = 1 if seat < mover else 2
        hands.append(frozenset(fillers[:need]))
        fillers = fillers[need:]
    used = set(prefix).union(*hands)
    done = size - 2
    return Situation(deck, players, TRUMP, bid, declarer, 0, tuple(hands),
                     frozenset(c for c in deck if c not in used), prefix,
                     _undecided(declarer, bid, done))


def _undecided(declarer: int, bid: int, done: int) -> tuple[int, int]:
    """Earlier tricks split so that the hand is still open at its last two tricks."""
    bidders = min(done, bid - 1)
    won = [0, 0]
    won[declarer % 2] = bidders
    won[1 - declarer % 2] = done - bidders
    return won[0], won[1]


def cases(profile: Profile) -> Iterator[Situation]:
    """Every situation of the scope, in a fixed order."""
    players = profile.game.players
    for length in range(players):
        for prefix in itertools.permutations(POOL, length):
            rest = [c for c in POOL if c not in prefix] + [FILLER]
            for hand in itertools.combinations(rest, 2):
                yield _situation(profile, prefix, hand, *AGAINST)
                # the contract matters only through a Joker lead: led, or about to be led
                if (prefix[0] if prefix else None) in JOKERS or (not prefix and JOKERS & set(hand)):
                    yield _situation(profile, prefix, hand, *BAWAN)


def _names(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(card_name(c) for c in cards)


def run(profile: Profile) -> tuple[Tally, list[str]]:
    """Compare engine and model on every case; returns the tally and the disagreements."""
    model = ModelEvaluator(profile)
    tally, problems = Tally(), []
    for s in cases(profile):
        try:
            state = engine_state(profile, s)
        except EngineError:
            tally.illegal_prefixes += 1
            if _model_accepts_prefix(model, s):
                problems.append(f"trick {_names(s.trick)} (bid {s.bid}, declarer "
                                f"{s.declarer}): engine rejects, model accepts")
            continue
        tally.situations += 1
        engine_legal = state.legal_actions()
        model_legal = model.legal_cards(s)
        if engine_legal != model_legal:
            problems.append(f"trick {_names(s.trick)}, hand {_names(sorted(s.hands[s.mover]))}: "
                            f"engine {_names(engine_legal)}, model {_names(model_legal)}")
        if len(s.trick) == s.players - 1:
            for card in engine_legal:
                tally.tricks += 1
                engine_winner = _winner_after(state, card)
                model_winner = model.trick_winner(s, [*s.trick, card])
                if engine_winner != model_winner:
                    problems.append(f"trick {_names([*s.trick, card])}: engine seat "
                                    f"{engine_winner}, model seat {model_winner}")
    return tally, problems


def _winner_after(state: KoutState, card: Card) -> int:
    child = state.clone()
    child.apply_action(card)
    assert child.position is not None
    return child.position.tricks[-1].winner


def _model_accepts_prefix(model: ModelEvaluator, s: Situation) -> bool:
    """Whether the model finds every card of the trick prefix legal when it was played."""
    for k, card in enumerate(s.trick):
        before = replace(s, trick=s.trick[:k], hands=tuple(
            h | {card} if seat == k else h for seat, h in enumerate(s.hands)))
        if card not in model.legal_cards(before):
            return False
    return True


def small_scope(profile: Profile) -> Result:
    """The exhaustive check as a verdict: proved when engine and model agree on every case."""
    start = time.perf_counter()
    tally, problems = run(profile)
    seconds = time.perf_counter() - start
    info = {"situations": tally.situations, "tricks": tally.tricks,
            "illegal prefixes": tally.illegal_prefixes}
    if problems:
        return Result("refuted", seconds, witness={**info, "first": problems[0],
                                                   "disagreements": len(problems)})
    return Result("proved", seconds, witness=info)
