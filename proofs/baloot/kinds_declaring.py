"""Differences between two Baloot readings in what one player may declare and score: how many
projects and whether a run and a four of a kind may share a card (``project.per-player``),
the 400 (``project.four-hundred-holder``), Baloot
(``project.baloot-holder``, ``project.baloot-in-project``), and whether a declared project
needs its cards in its side's tricks (``project.proof``).

Projects are the symbolic ones of :mod:`trickrules.proofs.baloot.kinds_projects`; cards are numbered
as in :mod:`trickrules.proofs.baloot.model` (suit * 8 + place in the order of runs 7 8 9 10 J Q K
A).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from trickrules.proofs.baloot import projects as pj
from trickrules.proofs.baloot.examples import DECLARING_WORDS, engines
from trickrules.proofs.baloot.kinds_projects import engine_project, held, project_cards, valid
from trickrules.proofs.baloot.model import HOKOM, NO_TRUMP, SUN, by_reading, card_name
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

QUEEN, KING, ACE = 5, 6, 7
"""Places in the order of runs."""
FILLER = ("7S", "8S", "7H", "8H")
"""Four cards that make no project with four Aces."""
PADDING = ["7D", "9C"]
"""A diamond and a club that make no project with runs in spades and hearts."""


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in range(32) if mask >> c & 1]


def _json(p: Any) -> dict[str, Any]:
    return {"seat": p.seat, "kind": p.kind, "cards": _names(p.cards)}


def _may_400(sp: Any, seat: Any, declarer: Any) -> Any:
    return t.lift(t.Or(sp.is_("project.four-hundred-holder", "any-player"), seat == declarer))


def _limit(sp: Any) -> Any:
    """How many projects one player may declare (a hand of eight cards can hold no more
    than eight)."""
    return by_reading(sp, "project.per-player",
                      lambda r: {"up-to-two": 2, "one-per-player": 1}.get(r.id, 8))


def _may_share(sp: Any) -> Any:
    """Whether a run and a four of a kind of one player may share a card."""
    return t.lift(sp.is_("project.per-player", "run-and-four-may-share"))


@dataclass(frozen=True)
class Declaring:
    """What one player may declare: three projects at once, the 400, and whether his Baloot
    counts."""

    name: str = "declaring"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """Five points: two, and three, projects sharing no card in a hand of eight; a run and
        a four of a kind sharing one; four Aces in Sun; the King and Queen of trump with or
        without a project holding them."""
        return [self._several(d, names, 2), self._several(d, names, 3),
                self._shared(d, names), self._aces(d, names), self._baloot(d, names)]

    def _several(self, d: Dual, names: Names, count: int) -> Built:
        """``count`` projects sharing no card; two are two runs in different suits, so that
        together they make no longer run and no four of a kind."""
        tag = {2: "two", 3: "three"}[count]
        seat, declarer = names.int(f"seat{count}"), names.int(f"declarer{count}")
        trump = names.int(f"trump{count}")
        three = [held(names, f"{tag}{i}") for i in range(count)]
        hand = [names.bool(f"{tag}-hand{c}") for c in range(32)]
        setting = [seat >= 0, seat <= 3, declarer >= 0, declarer <= 3, trump >= NO_TRUMP,
                   trump <= 3, z3.Sum([z3.If(h, 1, 0) for h in hand]) == 8]
        used = [project_cards(h) for h in three]
        for i, h in enumerate(three):
            setting += [*valid(h, trump), h.seat == seat]
            setting += [z3.Implies(u, c) for u, c in zip(used[i], hand, strict=True)]
            if count == 2:
                setting += [h.run, h.suit == i]
            for other in used[i + 1:]:
                setting.append(z3.Not(z3.Or([z3.And(x, y) for x, y in zip(used[i], other,
                                                                           strict=True)])))
        allowed = []
        for sp in (d.a, d.b):
            fours = [z3.Implies(h.kind == pj.FOUR_HUNDRED, _may_400(sp, seat, declarer))
                     for h in three]
            allowed.append(z3.And(t.lift(_limit(sp) >= count), *fours))
        key = z3.Sum([h.kind for h in three])
        return Built([*setting, allowed[0] != allowed[1]], key,
                     (tag, three, seat, declarer, trump, allowed))

    def _shared(self, d: Dual, names: Names) -> Built:
        seat, declarer, trump = names.int("seatS"), names.int("declarerS"), names.int("trumpS")
        run, four = held(names, "shared-run"), held(names, "shared-four")
        setting = [seat >= 0, seat <= 3, declarer >= 0, declarer <= 3, trump >= NO_TRUMP,
                   trump <= 3, *valid(run, trump), *valid(four, trump), run.seat == seat,
                   four.seat == seat, run.run, z3.Not(four.run), four.top <= KING,
                   z3.Or([z3.And(x, y) for x, y in zip(project_cards(run), project_cards(four),
                                                       strict=True)])]
        allowed = [_may_share(sp) for sp in (d.a, d.b)]
        key = 300 + run.kind * 16 + four.top
        return Built([*setting, allowed[0] != allowed[1]], key,
                     ("shared", [run, four], seat, declarer, trump, allowed))

    def _aces(self, d: Dual, names: Names) -> Built:
        seat, declarer = names.int("seat400"), names.int("declarer400")
        worth = [t.lift(pj.value(sp, pj.FOUR_HUNDRED, SUN) > 0) for sp in (d.a, d.b)]
        allowed = [z3.And(w, _may_400(sp, seat, declarer))
                   for w, sp in zip(worth, (d.a, d.b), strict=True)]
        setting = [seat >= 0, seat <= 3, declarer >= 0, declarer <= 3]
        return Built([*setting, allowed[0] != allowed[1]], 100 + seat * 4 + declarer,
                     ("aces", seat, declarer, allowed))

    def _baloot(self, d: Dual, names: Names) -> Built:
        seat, declarer, trump = names.int("seatB"), names.int("declarerB"), names.int("trumpB")
        has = names.bool("has-project")
        p = held(names, "baloot-project")
        cards = project_cards(p)
        king = z3.And(has, z3.Or([z3.And(trump == s, cards[s * 8 + KING]) for s in range(4)]))
        queen = z3.And(has, z3.Or([z3.And(trump == s, cards[s * 8 + QUEEN]) for s in range(4)]))
        setting = [seat >= 0, seat <= 3, declarer >= 0, declarer <= 3, trump >= 0, trump <= 3,
                   *valid(p, trump), p.seat == seat, z3.Implies(has, z3.Or(king, queen))]
        counts = [t.lift(pj.baloot_counts(sp, seat == declarer, king, queen, p.kind, p.run))
                  for sp in (d.a, d.b)]
        key = 200 + z3.If(has, 16 + p.kind, 0) * 16 + seat * 4 + declarer
        return Built([*setting, counts[0] != counts[1]], key,
                     ("baloot", seat, declarer, trump, has, p, counts))

    def replay(self, question: Question, found: Found) -> Outcome:
        """By the model and by the engine's ``best_set`` (three projects, the 400) or
        ``baloot_counts``."""
        m, data = found.model, found.data
        words = DECLARING_WORDS[data[0]]
        model = {side: words[0] if truth(m, f) else words[1]
                 for side, f in zip(("a", "b"), data[-1], strict=True)}
        witness = {"two": _three, "three": _three, "shared": _three, "aces": _aces,
                   "baloot": _baloot}[data[0]](found)
        return replayed(self.name, model, engines(self.name, witness, found), witness)


def _three(found: Found) -> dict[str, Any]:
    """The hand of the projects (two or three, or a run and a four sharing a card) and who
    holds it."""
    m = found.model
    question, three, seat_t, declarer_t, trump_t, _ = found.data
    seat, trump = number(m, seat_t), number(m, trump_t)
    projects = [engine_project(m, h, seat) for h in three]
    hand = 0
    for p in projects:
        hand |= p.cards
    cards = _names(hand)
    if question == "two":  # two runs in spades and hearts: a diamond and a club make eight
        cards += PADDING[:8 - len(cards)]
    return {"question": question, "contract": "sun" if trump == NO_TRUMP else "hokom",
            "trump": trump, "seat": seat, "declarer": number(m, declarer_t),
            "hand": cards, "projects": [_json(p) for p in projects]}


def _aces(found: Found) -> dict[str, Any]:
    m = found.model
    _, seat_t, declarer_t, _ = found.data
    return {"question": "aces", "contract": "sun", "trump": NO_TRUMP,
            "seat": number(m, seat_t), "declarer": number(m, declarer_t),
            "hand": ["AS", "AH", "AD", "AC", *FILLER]}


def _baloot(found: Found) -> dict[str, Any]:
    m = found.model
    _, seat_t, declarer_t, trump_t, has_t, p_t, _ = found.data
    seat, trump = number(m, seat_t), number(m, trump_t)
    declared = [engine_project(m, p_t, seat)] if truth(m, has_t) else []
    hand = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
    for p in declared:
        hand |= p.cards
    return {"question": "baloot", "contract": "hokom", "trump": trump, "seat": seat,
            "declarer": number(m, declarer_t), "hand": _names(hand),
            "projects": [_json(p) for p in declared]}


@dataclass(frozen=True)
class ProjectProof:
    """The game points a declared project scores when some of its cards were won by the other
    side, or its side won no trick at all (``project.proof``)."""

    name: str = "proof"

    def build(self, question: Question, d: Dual, names: Names) -> list[Built]:
        """The only project declared, which of its cards the other side won, and whether its
        side won no trick (then the other side won every card, the project's too); the key
        prefers small projects, few cards lost and a side with a trick."""
        p, trump = held(names, "proved"), names.int("trump")
        lost = [names.bool(f"lost{c}") for c in range(32)]
        trickless = names.bool("trickless")
        cards = project_cards(p)
        setting = [trump >= NO_TRUMP, trump <= 3, *valid(p, trump),
                   *[z3.Implies(x, c) for x, c in zip(lost, cards, strict=True)],
                   *[z3.Implies(z3.And(trickless, c), x) for x, c in zip(lost, cards,
                                                                        strict=True)]]
        none_lost = z3.Not(z3.Or(lost))
        contract = z3.If(trump == NO_TRUMP, SUN, HOKOM)
        scored = []
        for sp in (d.a, d.b):
            value = t.lift(pj.value(sp, p.kind, contract))
            shown = t.lift(sp.is_("project.proof", "shown"))
            needs_trick = t.lift(sp.is_("project.proof", "side-won-a-trick"))
            scored.append(z3.If(z3.Or(shown, none_lost, z3.And(needs_trick, z3.Not(trickless))),
                                value, 0))
        key = (p.kind * 128 + z3.Sum([z3.If(x, 1, 0) for x in lost]) * 8 + p.seat * 2
               + z3.If(trickless, 1, 0))
        return [Built([*setting, p.seat >= 0, p.seat <= 3, scored[0] != scored[1]], key,
                      (p, trump, lost, trickless, scored))]

    def replay(self, question: Question, found: Found) -> Outcome:
        """By the model and by the engine's facts of a hand in which that project is the
        only one declared and the tricks fell that way."""
        p_t, trump_t, lost_t, trickless_t, scored = found.data
        m = found.model
        trump = number(m, trump_t)
        seat = number(m, p_t.seat)
        project = engine_project(m, p_t, seat)
        lost = sum(1 << c for c in range(32) if truth(m, lost_t[c])) & project.cards
        model = {"a": number(m, scored[0]), "b": number(m, scored[1])}
        witness = {"contract": "sun" if trump == NO_TRUMP else "hokom", "trump": trump,
                   "project": _json(project), "lost": _names(lost)}
        if truth(m, trickless_t):
            witness["trickless"] = True
        return replayed(self.name, model, engines(self.name, witness, found), witness)
