"""One hand in play: the tricks, the projects declared in the first trick, Baloot, and the
facts the score is computed from when the eighth trick is over."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trickrules.engine.baloot import projects as proj
from trickrules.engine.baloot.cards import (
    ACE,
    KING,
    NUM_CARDS,
    QUEEN,
    SUIT_MASK,
    BCard,
    CardMask,
    card,
    names,
)
from trickrules.engine.baloot.play import winning_index
from trickrules.engine.baloot.rules import Rules
from trickrules.engine.baloot.scoring import HandFacts, HandScore, score_hand
from trickrules.engine.trick import Trick


@dataclass
class Hand:
    """The play of one hand under a contract."""

    contract: str
    declarer: int
    trump: int | None
    multiplier: int
    locked: bool
    gahwa: bool
    dealt: list[CardMask]
    """Each seat's eight cards when play began."""
    leader: int
    trick: list[BCard] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    won: list[CardMask] = field(default_factory=lambda: [0, 0])
    card_points: list[int] = field(default_factory=lambda: [0, 0])
    decided: list[int] = field(default_factory=list)
    """Seats that chose whether to declare, in the order they chose."""
    declared: dict[int, tuple[proj.Project, ...]] = field(default_factory=dict)
    baloot: list[int] = field(default_factory=list)
    """Seats that announced Baloot."""
    bought_first: bool = False
    """Whether the declarer called the contract for himself as the first to speak."""
    best_sets: dict[tuple[int, int], tuple[proj.Project, ...]] = field(
        default_factory=dict, compare=False, repr=False)
    """Each seat's best set of projects as found under one rules object (by its id): the
    dealt cards, the contract and the declarer are fixed for the hand, and the first trick
    asks again at every step."""

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % 4

    def offers(self, rules: Rules, seat: int) -> tuple[proj.Project, ...]:
        """The projects ``seat`` would declare now (none once its first card is down)."""
        if self.tricks or seat in self.decided or len(self.trick) >= 4:
            return ()
        key = (id(rules), seat)
        if key not in self.best_sets:
            self.best_sets[key] = proj.best_set(rules, self.dealt[seat], self.contract, seat,
                                                self.declarer)
        return self.best_sets[key]

    def declare(self, seat: int, sets: tuple[proj.Project, ...]) -> None:
        """Record ``seat``'s choice (an empty tuple: nothing declared)."""
        self.decided.append(seat)
        if sets:
            self.declared[seat] = sets

    def play(self, rules: Rules, hands: list[CardMask], c: BCard) -> None:
        """Play a legal card for the seat to move, closing the trick when it is the fourth."""
        seat = self.to_move
        hands[seat] &= ~(1 << c)
        self.trick.append(c)
        if self.trump is not None and c >> 3 == self.trump and c & 7 in (KING, QUEEN):
            other = card(self.trump, QUEEN if c & 7 == KING else KING)
            held = self.dealt[seat] >> other & 1 and not hands[seat] >> other & 1
            if held and proj.baloot_counts(rules, seat, self.declarer, self.trump,
                                        self._all_declared()):
                self.baloot.append(seat)
        if len(self.trick) < 4:
            return
        winner = (self.leader + winning_index(rules, self.trick, self.trump)) % 4
        team = winner % 2
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
        for x in self.trick:
            self.won[team] |= 1 << x
            self.card_points[team] += rules.points(x, self.trump)
        if len(self.tricks) == 8:
            self.card_points[team] += rules.last_trick
        self.leader, self.trick = winner, []

    @property
    def over(self) -> bool:
        """Whether all eight tricks are played."""
        return len(self.tricks) == 8

    def _all_declared(self) -> list[proj.Project]:
        return [p for sets in self.declared.values() for p in sets]

    def declaration_order(self) -> dict[int, int]:
        """Each seat's place in the declaration order (``project.declaration-order``)."""
        return {seat: i for i, seat in enumerate(self.decided)}

    def facts(self, rules: Rules) -> tuple[HandFacts, list[proj.Project]]:
        """The facts the score depends on, and the projects that score."""
        team, scoring = self._scoring_projects(rules)
        points = sum(proj.value(rules, p.kind, self.contract) for p in scoring)
        baloot = [0, 0]
        for seat in self.baloot:
            baloot[seat % 2] += 1
        aces = sum(1 << card(suit, ACE) for suit in range(4))
        facts = HandFacts(self.contract, self.declarer % 2, self.multiplier, self.gahwa,
                          (self.card_points[0], self.card_points[1]),
                          team if scoring else None, points, (baloot[0], baloot[1]),
                          self._sweeper(),
                          self.bought_first and bool(self.dealt[self.declarer] & aces))
        return facts, scoring

    def _scoring_projects(self, rules: Rules) -> tuple[int | None, list[proj.Project]]:
        """The side whose projects score (``project.scoring-side``, compared in the
        declaration order) and its projects that score once proven (``project.proof``)."""
        order = self.declaration_order()
        if rules.declare_from_declarer:
            order = {seat: (self.declarer - seat) % 4 for seat in range(4)}
        declared = self._all_declared()
        team = proj.scoring_team(rules, declared, self.trump, order)
        scoring = [p for p in declared if team is not None and p.seat % 2 == team]
        if team is not None:
            scoring = proj.proven(rules, scoring, self.won[team])  # project.proof
        return team, scoring

    def _sweeper(self) -> int | None:
        """The side that won all eight tricks, if one did."""
        swept = [side for side in (0, 1) if self.won[side].bit_count() == NUM_CARDS]
        return swept[0] if swept else None

    def score(self, rules: Rules) -> tuple[HandScore, list[proj.Project]]:
        """The finished hand's score."""
        facts, scoring = self.facts(rules)
        return score_hand(rules, facts), scoring

    def projects_json(self, scoring: list[proj.Project] | None) -> list[dict[str, Any]]:
        """Every declared project and Baloot, each marked whether it scored."""
        scored = set(scoring or ())
        rows: list[dict[str, Any]] = [
            {"seat": p.seat, "kind": p.kind, "cards": names(p.cards), "scored": p in scored}
            for seat in self.decided for p in self.declared.get(seat, ())]
        for seat in self.baloot:
            assert self.trump is not None
            pair = SUIT_MASK[self.trump] & ((1 << card(self.trump, KING)) |
                                            (1 << card(self.trump, QUEEN)))
            rows.append({"seat": seat, "kind": "baloot", "cards": names(pair), "scored": True})
        return rows

