"""Small-scope exhaustive cross-check: every trick built from a handful of decisive cards, in
the engine and in the model, must give the same legal cards and the same winner, and every
history of the trump honours must give the same Joker leads.

The scope is the last two tricks of a hand. The cards in play are drawn from a small pool that
holds every kind of card the rules tell apart (the trump Ace, a low trump, a side Ace and a low
card of the same side suit, both Jokers), and the player to move may also hold a card of a
suit nobody leads; every other card of the deck is either out in earlier tricks or a filler
card of that unused suit. Every ordered trick prefix from the pool, every two-card hand of the
player to move, and every card that completes a trick is checked, for a leader against the
bid and a leader holding Bawan (each complete trick once per contract, in the first hand of
the mover that may play its last card); a prefix the engine rejects as illegal must be
rejected by the model too. The same is done again with the side suit's low card swapped for a
second low trump (:data:`LOW_TRUMPS_POOL`), wherever that trump shows, so the low trumps meet
in either order. (:func:`cases` of :data:`POOL` alone is also the small-scope part of the
conformance suite.)

Which trump cards were played before decides whether a Joker may be led (rule
``joker.lead-after-trumps-played``), so the Joker leads are checked again under every history
of the trump Ace, King, Queen and Jack and the lowest trump outside the pool: each subset of
them out in earlier tricks, the rest held by players yet to play (then by the leader). Each
history is asked at the lead (the player to move leads, holding a Joker) and just after a Joker
is led (the next player's legal cards tell a live lead from a worthless one), against the bid;
the bids 5, 8 and 9 held by the leader, the leader's partner or an opponent are asked with
every history card played and with none.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from trickrules.engine.errors import EngineError
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.play import Contract
from trickrules.proofs.kout.evaluator import ModelEvaluator, Situation
from trickrules.proofs.kout.situation import profile_deck, profile_hand_size
from trickrules.proofs.smt.solver import Result
from trickrules.spec.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    Card,
    card_name,
    make_card,
    parse_cards,
    suit_of,
)
from trickrules.spec.model import Profile

POOL = parse_cards("AS 9S AH 7H BJ RJ")
LOW_TRUMPS_POOL = parse_cards("AS 9S 7S AH BJ RJ")
"""The pool with the side suit's low card swapped for a second low trump: the order of the low
trumps, and a choice between them, are seen in the tricks drawn from it."""
SECOND_LOW_TRUMP = parse_cards("7S")[0]
TRUMP = 0  # spades
FILLER_SUIT = 3  # clubs: no pool card is a club
FILLER = parse_cards("KC")[0]  # a card the mover may hold that follows nothing in the pool
AGAINST, BAWAN = (5, 1), (9, 0)  # (bid, declarer): leader against the bid; leader holding Bawan
CONTRACTS = tuple((bid, declarer) for bid in (5, 8, 9) for declarer in (0, 1, 2))
"""Bids that do and do not allow a Joker lead, held by the leader (seat 0), an opponent (seat
1) and the leader's partner (seat 2)."""
JOKERS = frozenset(parse_cards("BJ RJ"))
HONOURS = tuple(make_card(TRUMP, rank) for rank in (ACE, KING, QUEEN, JACK))


@dataclass
class Tally:
    """What the exhaustive run covered."""

    situations: int = 0
    tricks: int = 0
    illegal_prefixes: int = 0
    histories: int = 0


def history_cards(profile: Profile) -> tuple[Card, ...]:
    """The trump cards whose history is varied: the honours and the lowest trump of the deck
    outside the pool (it matters when every trump must be out)."""
    low = min(c for c in profile_deck(profile) if suit_of(c) == TRUMP
              and c not in (*POOL, *LOW_TRUMPS_POOL, *HONOURS))
    return (*HONOURS, low)


def _situation(profile: Profile, prefix: tuple[Card, ...], mover_hand: tuple[Card, ...],
               bid: int, declarer: int, unplayed: tuple[Card, ...] = ()) -> Situation:
    """Seat 0 leads ``prefix``; the mover holds ``mover_hand``; earlier seats keep one card,
    later seats two: filler cards, or the ``unplayed`` ones (in later seats first); everything
    else is in earlier tricks."""
    players, size = profile.game.players, profile_hand_size(profile)
    deck = profile_deck(profile)
    fillers = [c for c in deck if suit_of(c) == FILLER_SUIT and c != FILLER]
    mover = len(prefix)
    held: list[list[Card]] = []
    for seat in range(players):
        need = 0 if seat == mover else 1 if seat < mover else 2
        held.append(fillers[:need])
        fillers = fillers[need:]
    held[mover] = list(mover_hand)
    slots = [(seat, k) for seat in (*range(mover + 1, players), *range(mover))
             for k in range(len(held[seat]))]
    if len(unplayed) > len(slots):
        raise ValueError(f"no room for the unplayed cards {_names(unplayed)}")
    for (seat, k), card in zip(slots, unplayed, strict=False):
        held[seat][k] = card
    hands = tuple(frozenset(h) for h in held)
    used = set(prefix).union(*hands)
    done = size - 2
    return Situation(deck, players, TRUMP, bid, declarer, 0, hands,
                     frozenset(c for c in deck if c not in used), prefix,
                     _undecided(declarer, bid, done))


def _undecided(declarer: int, bid: int, done: int) -> tuple[int, int]:
    """Earlier tricks split so that the hand is still open at its last two tricks."""
    bidders = min(done, bid - 1)
    won = [0, 0]
    won[declarer % 2] = bidders
    won[1 - declarer % 2] = done - bidders
    return won[0], won[1]


def cases(profile: Profile, pool: tuple[Card, ...] | list[Card] | None = None,
          showing: Card | None = None) -> Iterator[Situation]:
    """Every trick situation of the scope drawn from ``pool`` (by default :data:`POOL`), in a
    fixed order; with ``showing``, only those where that card is in the trick or the hand."""
    players = profile.game.players
    pool = POOL if pool is None else pool
    for length in range(players):
        for prefix in itertools.permutations(pool, length):
            rest = [c for c in pool if c not in prefix] + [FILLER]
            for hand in itertools.combinations(rest, 2):
                if showing is not None and showing not in prefix and showing not in hand:
                    continue  # the same situation as one drawn from POOL
                yield _situation(profile, prefix, hand, *AGAINST)
                # the contract matters only through a Joker lead: led, or about to be led
                if (prefix[0] if prefix else None) in JOKERS or (not prefix and JOKERS & set(hand)):
                    yield _situation(profile, prefix, hand, *BAWAN)


def history_cases(profile: Profile) -> Iterator[Situation]:
    """Every Joker lead, and every hand just after one, under every history of the trump
    honours against the bid, and under each bid and holder with all or none of them out."""
    history = history_cards(profile)
    for prefix in ((), *((j,) for j in sorted(JOKERS))):
        rest = [c for c in POOL if c not in prefix] + [FILLER]
        for hand in itertools.combinations(rest, 2):
            if not prefix and not JOKERS & set(hand):
                continue  # no Joker to lead: the history cannot matter
            yield from _histories(profile, prefix, hand, [c for c in history if c not in hand])


def _histories(profile: Profile, prefix: tuple[Card, ...], hand: tuple[Card, ...],
               hidden: list[Card]) -> Iterator[Situation]:
    """One trick and hand under every history of the ``hidden`` trump honours (those not in
    the hand) against the bid, then under each bid and holder with all or none of them out."""
    for k in range(len(hidden), -1, -1):  # most played first: the simplest witness
        for out in itertools.combinations(hidden, k):
            unplayed = tuple(c for c in hidden if c not in out)
            yield _situation(profile, prefix, hand, *AGAINST, unplayed)
    for bid, declarer in CONTRACTS:
        for unplayed in ((), tuple(hidden)):
            yield _situation(profile, prefix, hand, bid, declarer, unplayed)


def _names(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards in the usual notation, separated by spaces."""
    return " ".join(card_name(c) for c in cards)


def _engine_state(game: KoutGame, s: Situation) -> KoutState:
    """The engine state of a situation (raises :class:`EngineError` if it is not reachable)."""
    return KoutState.from_situation(
        game, hands=[sorted(h) for h in s.hands], trump=s.trump,
        contract=Contract(s.declarer, s.bid, False, False),
        dealer=(s.declarer - 1) % s.players, leader=s.leader, trick=s.trick,
        played=sorted(s.played), tricks_won=s.tricks_won)


def _describe(s: Situation) -> str:
    """A situation in words for a witness: the trick, the bid and who holds it, and the trump
    cards still out of the earlier tricks."""
    out = sorted(c for c in _trumps(s) if c not in s.played)
    return (f"trick {_names(s.trick) or '(lead)'}, bid {s.bid} by seat {s.declarer}, "
            f"trumps not yet played {_names(out) or 'none'}")


def _trumps(s: Situation) -> list[Card]:
    """The trump cards of the situation's deck."""
    return [c for c in s.deck if c < 52 and suit_of(c) == s.trump]


def run(profile: Profile) -> tuple[Tally, list[str]]:
    """Compare engine and model on every case; returns the tally and the disagreements."""
    model, game = ModelEvaluator(profile), KoutGame(profile.game.id, profile)
    tally, problems = Tally(), []
    finished: set[tuple[int, int, tuple[Card, ...], Card]] = set()
    for s in itertools.chain(cases(profile), cases(profile, LOW_TRUMPS_POOL, SECOND_LOW_TRUMP),
                             history_cases(profile)):
        try:
            state = _engine_state(game, s)
        except EngineError:
            tally.illegal_prefixes += 1
            if _model_accepts_prefix(model, s):
                problems.append(f"{_describe(s)}: engine rejects, model accepts")
            continue
        tally.situations += 1
        engine_legal = state.legal_actions()
        model_legal = model.legal_cards(s)
        if engine_legal != model_legal:
            problems.append(f"{_describe(s)}, hand {_names(sorted(s.hands[s.mover]))}: "
                            f"engine {_names(engine_legal)}, model {_names(model_legal)}")
        if len(s.trick) == s.players - 1:
            for card in engine_legal:
                if (s.bid, s.declarer, s.trick, card) in finished:
                    continue  # this trick was compared in an earlier hand of the mover
                finished.add((s.bid, s.declarer, s.trick, card))
                tally.tricks += 1
                engine_winner = _winner_after(state, card)
                model_winner = model.trick_winner(s, [*s.trick, card])
                if engine_winner != model_winner:
                    problems.append(f"trick {_names([*s.trick, card])} (bid {s.bid} by seat "
                                    f"{s.declarer}): engine seat {engine_winner}, model seat "
                                    f"{model_winner}")
    tally.histories = 2 ** len(history_cards(profile))
    return tally, problems


def _winner_after(state: KoutState, card: Card) -> int:
    """The seat the engine says wins the trick ``card`` completes."""
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
            "illegal prefixes": tally.illegal_prefixes, "trump histories": tally.histories}
    if problems:
        return Result("refuted", seconds, witness={**info, "first": problems[0],
                                                   "disagreements": len(problems)})
    return Result("proved", seconds, witness=info)
