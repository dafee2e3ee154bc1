"""Differences outside Baloot's trick play between two readings: the calls of the buying, a
finished hand's score and the end of the game.

Each kind states in Z3 (from ``spec/baloot/``) that the two readings give different outcomes at
some point, the earliest point first, and replays the witness through the engine's public
functions under each reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.proofs.baloot import auction_z3 as az
from trickrules.proofs.baloot.examples import buying, engines
from trickrules.proofs.baloot.model import SUN
from trickrules.proofs.baloot.scoring import game_winner, score
from trickrules.proofs.baloot.table_play import HIGH_CARDS, LOW_CARDS, PUBLIC
from trickrules.proofs.baloot.theorems import MULTIPLIERS, hand_witness, symbolic_hand
from trickrules.proofs.divergence import (
    Built,
    Dual,
    Found,
    Outcome,
    Question,
    number,
    replayed,
    truth,
)
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import SUIT_LETTERS


@dataclass(frozen=True)
class HandScore:
    """A finished hand's score: made or failed, each side's game points, and the side a Gahwa
    hands the game to (``score.*``, ``double.*``, ``project.baloot-value``)."""

    name: str = "score"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """One finished hand a deal can give (:func:`symbolic_hand`); the key prefers no
        stakes, no project, no Baloot, few points. Each stake (multiplier, Gahwa) is its own
        point, lowest first: a least hand at one stake is quick to find, while proving that
        no lower stake has one, over all stakes at once, can outrun the solver's limit."""
        hand, setting = symbolic_hand(names, d.a)
        sa, sb = score(d.a, hand), score(d.b, hand)
        differ = z3.Or(t.lift(sa.made) != t.lift(sb.made), sa.total[0] != sb.total[0],
                       sa.total[1] != sb.total[1], sa.game_winner != sb.game_winner)
        key = ((hand.multiplier - 1) * 100000 + z3.If(hand.gahwa, 50000, 0)
               + hand.project_points * 1000 + (hand.baloots[0] + hand.baloots[1]) * 500
               + z3.If(hand.buyer_first_with_ace, 200, 0) + hand.points[0])
        # each stake also split by whether each reading makes the hand: a failed hand moves
        # Baloot (score.failed-baloot), and one query over both outcomes can outrun the limit
        made = [(ma, mb) for ma in (True, False) for mb in (True, False)]
        return [Built([*setting, differ, hand.multiplier == m, hand.gahwa == z3.BoolVal(g),
                       t.lift(sa.made) == z3.BoolVal(ma), t.lift(sb.made) == z3.BoolVal(mb)],
                      key, (hand, sa, sb))
                for m in MULTIPLIERS for g in (False, True) for ma, mb in made]

    def replay(self, question: Question, found: Found) -> Outcome:
        """Each reading's score of the hand by the model and by the engine's ``score_hand``."""
        hand, sa, sb = found.data
        w = hand_witness(found.model, hand)
        model = {side: {"made": truth(found.model, s.made),
                        "total": [number(found.model, s.total[0]),
                                  number(found.model, s.total[1])],
                        "gahwa_winner": number(found.model, s.game_winner)}
                 for side, s in (("a", sa), ("b", sb))}
        contract = "sun" if w["contract"] == SUN else "hokom"
        full = 130 if contract == "sun" else 162
        points = int(w["points"])
        witness = {**w, "contract": contract, "card_points": [points, full - points]}
        return replayed(self.name, model, engines(self.name, witness, found), witness)


@dataclass(frozen=True)
class GameEnd:
    """Who wins the game once a hand is scored (``game.target``, ``game.both-reach``)."""

    name: str = "game-end"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """Scores below the target before the hand, any gains from it; the key is the
        smallest total gain."""
        before = (names.int("before0"), names.int("before1"))
        gained = (names.int("gained0"), names.int("gained1"))
        declarer = names.int("declarer")
        setting = [z3.Or(declarer == 0, declarer == 1)]
        for x in (*before, *gained):
            setting += [x >= 0, x <= 400]
        for side in (d.a, d.b):
            target = side.value("game.target")
            setting += [before[0] < target, before[1] < target]
        wa = game_winner(d.a, before, gained, declarer, -1)
        wb = game_winner(d.b, before, gained, declarer, -1)
        return [Built([*setting, wa != wb], gained[0] + gained[1],
                      (before, gained, declarer, wa, wb))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """The game's winner (-1 while it goes on) by the model and by the engine."""
        before, gained, declarer, wa, wb = found.data
        model = {"a": number(found.model, wa), "b": number(found.model, wb)}
        witness = {"before": [number(found.model, b) for b in before],
                   "gained": [number(found.model, g) for g in gained],
                   "declarer_side": number(found.model, declarer)}
        return replayed(self.name, model, engines(self.name, witness, found), witness)


_BIDS = {az.NO_BID: "none", az.HOKOM_BID: "hokom", az.SUN_BID: "sun"}
_ENDS = {az.OPEN: "open", az.CONTRACT: "contract", az.REDEAL: "redeal"}


def _call_name(call: int) -> str:
    """A model call's name; a second-round Hokom names the i-th suit other than spades."""
    if call in az.OTHER_SUIT:
        others = [letter for letter in SUIT_LETTERS if letter != "S"]
        return f"suit-{others[az.OTHER_SUIT.index(call)]}"
    return az.CALL_NAMES[call]


def _hands(kawesh: list[bool]) -> list[list[str]]:
    """First five cards per seat: only 7s, 8s and 9s for a Kawesh hand (at most two), else
    four high cards and a low one."""
    low, high = iter(LOW_CARDS), iter(HIGH_CARDS)
    return [[next(low) for _ in range(5)] if k else [*(next(high) for _ in range(4)), next(low)]
            for k in kawesh]


@dataclass(frozen=True)
class AuctionCalls:
    """The calls the next seat may make in the buying, and where the buying stands (who
    buys, in which contract, or whether the hand is void): ``auction.*``."""

    name: str = "auction"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """After each number of calls allowed under both readings; the key is that number."""
        calls = [names.int(f"call{k}") for k in range(az.STEPS)]
        kawesh = tuple(names.bool(f"kawesh{s}") for s in range(4))
        ace = names.bool("ace")
        setting = [z3.Or([c == x for x in az.CALLS]) for c in calls]
        setting.append(z3.Sum([z3.If(k, 1, 0) for k in kawesh]) <= 2)
        ba, bb = az.start(), az.start()
        out = []
        probe = names.int("probe")
        for k in range(az.STEPS):
            differ = z3.Or(
                z3.And(z3.Or([probe == x for x in az.CALLS]),
                       t.lift(az.allowed(d.a, ba, probe, kawesh, ace))
                       != t.lift(az.allowed(d.b, bb, probe, kawesh, ace))),
                ba.end != bb.end, ba.bid != bb.bid, ba.declarer != bb.declarer)
            out.append(Built([*setting, differ], z3.IntVal(k),
                             (calls[:k], kawesh, ace, ba, bb)))
            setting = [*setting, t.lift(az.allowed(d.a, ba, calls[k], kawesh, ace)),
                       t.lift(az.allowed(d.b, bb, calls[k], kawesh, ace)), ba.end == az.OPEN]
            ba, bb = az.after(d.a, ba, calls[k], ace), az.after(d.b, bb, calls[k], ace)
        return out

    def replay(self, question: Question, found: Found) -> Outcome:
        """The calls made, then each reading's allowed calls and standing, by the model and
        by the engine's buying (dealer in seat 3, so seats are priorities)."""
        prefix, kawesh, ace, ba, bb = found.data
        m = found.model
        made = [_call_name(number(m, c)) for c in prefix]
        flags = [truth(m, k) for k in kawesh]
        has_ace = truth(m, ace)
        model = {}
        for side, b, sp in (("a", ba, found.dual.a), ("b", bb, found.dual.b)):
            allowed = sorted(_call_name(x) for x in az.CALLS
                             if truth(m, az.allowed(sp, b, x, kawesh, ace)))
            model[side] = {"calls": allowed if number(m, b.end) == az.OPEN else [],
                           "standing": _ENDS[number(m, b.end)], "bid": _BIDS[number(m, b.bid)],
                           "declarer": number(m, b.declarer)}
        hands = _hands(flags)
        witness = {"public": PUBLIC[has_ace], "first_cards": {str(s): h for s, h in
                                                              enumerate(hands)},
                   "calls": made, "dealer": 3}
        engine: dict[str, Any] = {}
        error = ""
        for side in ("a", "b"):
            got, error = buying(witness, found.dual.profile(m, side))
            if error:
                break
            engine[side] = got
        return replayed(self.name, model, engine, witness, error)


def _may_open(sp: Any, sun: z3.BoolRef, scores: tuple[z3.ArithRef, z3.ArithRef]) -> Any:
    """Whether the doubling opens after the contract (``double.sun`` and
    ``double.sun-ahead``; Hokom always); ``scores`` are the buyers' first."""
    at_100 = t.lift(sp.is_("double.sun", "one-at-100-other-below-100"))
    above = tuple(z3.If(at_100, s >= 100, s > 100) for s in scores)
    loose = sp.is_("double.sun", "one-side-above-100")
    buyers_ahead = sp.is_("double.sun-ahead", "buyers")
    lower = z3.If(scores[0] < scores[1], scores[0], scores[1])
    sun_ok = z3.And(above[0] != above[1], z3.Or(t.lift(loose), lower < 100),
                    z3.Or(z3.Not(t.lift(buyers_ahead)), above[0]))
    return z3.Or(z3.Not(sun), sun_ok)


@dataclass(frozen=True)
class DoublingCalls:
    """Whether the defenders may double at all (``double.sun``), whether the buyer may
    answer a locked Double (``double.lock``), whether the doubler's partner may call Four
    once the doubler passes (``double.four-caller``), and whether the declarer's partner may
    Triple once the declarer passes (``double.buyer-raises``)."""

    name: str = "doubling"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """First the opening of the doubling (the key is the lower score), then the answer
        to a locked Double in Hokom."""
        sun = names.bool("sun")
        scores = (names.int("score0"), names.int("score1"))
        setting = [x for s in scores for x in (s >= 0, s <= 151)]
        opening = t.lift(_may_open(d.a, sun, scores)) != t.lift(_may_open(d.b, sun, scores))
        raise_a = z3.Not(t.lift(d.a.is_("double.lock", "no-raise")))
        raise_b = z3.Not(t.lift(d.b.is_("double.lock", "no-raise")))
        lower = z3.If(scores[0] < scores[1], scores[0], scores[1])
        four_a = t.lift(d.a.is_("double.four-caller", "either-defender"))
        four_b = t.lift(d.b.is_("double.four-caller", "either-defender"))
        triple_a = t.lift(d.a.is_("double.buyer-raises", "either-buyer"))
        triple_b = t.lift(d.b.is_("double.buyer-raises", "either-buyer"))
        return [Built([*setting, opening], lower, ("open", sun, scores)),
                Built([raise_a != raise_b], z3.IntVal(200), ("raise", raise_a, raise_b)),
                Built([four_a != four_b], z3.IntVal(300), ("four", four_a, four_b)),
                Built([triple_a != triple_b], z3.IntVal(400), ("partner", triple_a, triple_b))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """By the model and by the engine's doubling: who may speak after the contract, after
        a locked Double, after the doubler passes a Triple, or after the declarer passes a
        Double."""
        m = found.data
        if m[0] == "open":
            sun = truth(found.model, m[1])
            scores = (number(found.model, m[2][0]), number(found.model, m[2][1]))
            model = {side: truth(found.model, _may_open(sp, z3.BoolVal(sun), scores))
                     for side, sp in (("a", found.dual.a), ("b", found.dual.b))}
            witness: dict[str, Any] = {"contract": "sun" if sun else "hokom",
                                       "scores": list(scores), "asked": "may the defenders double"}
        elif m[0] == "raise":
            model = {"a": truth(found.model, m[1]), "b": truth(found.model, m[2])}
            witness = {"contract": "hokom", "calls": ["double-locked"],
                       "asked": "may the buyer answer with triple"}
        elif m[0] == "four":
            model = {"a": truth(found.model, m[1]), "b": truth(found.model, m[2])}
            witness = {"contract": "hokom", "calls": ["double", "triple", "pass"],
                       "asked": "may the doubler's partner call four"}
        else:
            model = {"a": truth(found.model, m[1]), "b": truth(found.model, m[2])}
            witness = {"contract": "hokom", "calls": ["double", "pass"],
                       "asked": "may the declarer's partner call triple"}
        return replayed(self.name, model, engines(self.name, witness, found), witness)
