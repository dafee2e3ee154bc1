"""Baloot's reference answers confirmed by the Z3 model while the suite is built: under the
reconciled profile the legal cards, the trick winners and the hand scores of the games, the
played hands, the grids, the small scope and the perft deals, and the answers to the table's
questions (the next dealer, the first leader, the cutter's choices, an exposed card), are
computed a second time from the model written from ``spec/baloot/``
(:mod:`trickrules.proofs.baloot.model`,
:mod:`trickrules.proofs.baloot.scoring`, the terms of :mod:`trickrules.proofs.baloot.kinds_table`
and :mod:`trickrules.proofs.baloot.kinds_deal`), and the build stops if the engine and the model
disagree. The witnesses were replayed against the model when they were found."""

from __future__ import annotations

from typing import Any

from trickrules.proofs.baloot.conformance import GAME
from trickrules.proofs.baloot.conformance.table import TABLE_OPS
from trickrules.proofs.baloot.examples import cut_choices
from trickrules.proofs.baloot.kinds_deal import may_choose, may_keep, may_redeal
from trickrules.proofs.baloot.kinds_table import first_leader_term, next_dealer_term
from trickrules.proofs.baloot.model import (
    HOKOM,
    NO_TRUMP,
    SUN,
    card_of,
    card_points,
    last_trick_points,
    legal,
    winner_is,
)
from trickrules.proofs.baloot.scoring import Hand, score
from trickrules.proofs.conformance.build import Case, key
from trickrules.proofs.conformance.protocol import Answer, canonical, definition
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile

CONFIRMED_ORIGINS = ("random:", "play:", "grid", "perft:", "small-scope")


def _trump(letter: str | None) -> int:
    return NO_TRUMP if letter is None else SUIT_LETTERS.index(letter)


class BalootModelCheck:
    """Confirms the engine's answers under Baloot's reconciled profile with the Z3 model."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.sp = SymbolicProfile(profile, Names("suite-check"))
        self.checked = 0

    def confirm(self, case: Case, got: Answer) -> None:
        """Raise ``AssertionError`` if the model answers the case otherwise than the engine."""
        if not case.origin.startswith(CONFIRMED_ORIGINS):
            return
        body = case.body
        if body["op"] == "legal-plays":
            model: Any = {"cards": self._legal(body["situation"])}
            engine: Any = {"cards": sorted(got.expect["cards"])}
        elif body["op"] == "trick-winner":
            model, engine = {"winner": self._winner(body["situation"])}, got.expect
        elif body["op"] == "hand-score":
            model, engine = self._score(body), got.expect
        elif body["op"] in TABLE_OPS:
            shape = definition("response", GAME, body["op"])
            model, engine = canonical(shape, self._table(body)), canonical(shape, got.expect)
        else:
            return
        self.checked += 1
        if model != engine:
            raise AssertionError(f"engine and model disagree on {key(body)} under "
                                 f"{self.profile.id}: engine {engine}, model {model}")

    def _legal(self, s: dict[str, Any]) -> list[str]:
        mover = (s["leader"] + len(s["trick"])) % 4
        hand = {card_of(c): c for c in s["hands"][mover]}
        flags = [c in hand for c in range(32)]
        trick = [card_of(c) for c in s["trick"]]
        return sorted(name for c, name in hand.items()
                      if legal(self.sp, flags, trick, _trump(s["trump"]), s["locked"], c)
                      is True)

    def _winner(self, s: dict[str, Any]) -> int:
        ids = [card_of(c) for c in s["trick"]]
        wins = [k for k in range(4) if winner_is(self.sp, ids, _trump(s["trump"]), k) is True]
        if len(wins) != 1:
            raise AssertionError(f"the model names {len(wins)} winners of {s['trick']}")
        return int((s["leader"] + wins[0]) % 4)

    def _table(self, body: dict[str, Any]) -> dict[str, Any]:
        """The table's questions by the model's terms: the next dealer, the first leader, the
        cutter's choices and what may follow an exposed card."""
        op, dealer = body["op"], int(body["dealer"])
        if op == "next-dealer":
            ended = ("played", "all-passed", "kawesh").index(body["ended"])
            return {"dealer": t.number(next_dealer_term(self.sp, dealer, ended))}
        if op == "first-lead":
            return {"leader": t.number(first_leader_term(self.sp, dealer, body["declarer"]))}
        if op == "cut":
            return {"choices": [c for c in cut_choices(self.profile)
                                if t.truth(may_choose(self.sp, c))]}
        rank = card_of(body["card"]) % 8
        return {"outcomes": [name for name, holds in (("keep", may_keep(self.sp, rank)),
                                                      ("redeal", may_redeal(self.sp, rank)))
                             if t.truth(holds)]}

    def _played(self, body: dict[str, Any]) -> dict[str, Any]:
        """The tricks and card points each side takes by the model's trick rule and card
        values (the last trick's bonus to the side that wins it)."""
        trump = _trump(body["trump"])
        won, points = [0, 0], [0, 0]
        for k, trick in enumerate(body["tricks"]):
            ids = [card_of(c) for c in trick["cards"]]
            wins = [i for i in range(4) if winner_is(self.sp, ids, trump, i) is True]
            if len(wins) != 1:
                raise AssertionError(f"the model names {len(wins)} winners of {trick}")
            side = (trick["leader"] + wins[0]) % 2
            won[side] += 1
            points[side] += sum(int(card_points(self.sp, c, trump)) for c in ids)
            if k == len(body["tricks"]) - 1:
                points[side] += int(last_trick_points(self.sp))
        return {"tricks_won": won, "card_points": points}

    def _score(self, body: dict[str, Any]) -> dict[str, Any]:
        played = self._played(body) if "tricks" in body else {}
        cards = played["card_points"] if played else body["card_points"]
        team = body["projects"]["team"]
        hand = Hand(SUN if body["contract"] == "sun" else HOKOM, body["declarer_team"],
                    body["multiplier"], body["gahwa"], (cards[0], cards[1]),
                    -1 if team is None else team, body["projects"]["points"],
                    (body["baloot"][0], body["baloot"][1]), -1,
                    bool(body.get("buyer_first_with_ace", False)))
        got = score(self.sp, hand)
        winner = int(got.game_winner)
        return {**played, "made": bool(got.made), "cards": [int(x) for x in got.cards],
                "projects": [int(x) for x in got.projects],
                "baloot": [int(x) for x in got.baloot], "total": [int(x) for x in got.total],
                "gahwa_winner": None if winner < 0 else winner}

