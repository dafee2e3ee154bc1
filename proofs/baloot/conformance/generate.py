"""Build Baloot's suite: every case of :mod:`trickrules.proofs.baloot.conformance.cases` and of the
small scope (:mod:`trickrules.proofs.baloot.conformance.smallscope`) asked under the reconciled
profile and every house option, grouped by the shared builder into what every engine must answer
alike and what depends on a house option, with the reconciled profile's legal cards, trick winners
and scores confirmed by the Z3 model. Deterministic: the same rule
data and code give the same bytes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from trickrules.engine.errors import EngineError
from trickrules.proofs.baloot.conformance import BALOOT_OPS, GAME, cases, table, witnessed
from trickrules.proofs.baloot.conformance.expect import answer_with_rules, rules_for
from trickrules.proofs.baloot.conformance.model_check import BalootModelCheck
from trickrules.proofs.baloot.conformance.reachable import (
    PLAY_OPS,
    UndecidedError,
    find_history,
    play_of,
)
from trickrules.proofs.baloot.conformance.situation import read_play
from trickrules.proofs.baloot.conformance.smallscope import small_scope
from trickrules.proofs.conformance.build import Case, Suite, assemble, key
from trickrules.proofs.conformance.build import suite_profiles as house_options
from trickrules.proofs.conformance.protocol import Answer, InvalidRequestError
from trickrules.proofs.conformance.reads import ReusedAnswers
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile


def _playable(profile: Profile) -> bool:
    try:
        rules_for(profile)
    except EngineError:
        return False
    return True


def suite_profiles(catalogue: Catalogue) -> list[Profile]:
    """The reconciled profile and every house option the engine can play."""
    return house_options(catalogue, GAME, _playable)


BUILD_BUDGET = 200_000
"""Cards the build's reachability search may try per question (a few seconds at most)."""


def case_size(body: dict[str, Any]) -> int:
    """How large a case is: cards in play, calls made, points at stake or perft depth."""
    op = body["op"]
    if op in ("legal-plays", "trick-winner"):
        situation = dict(body["situation"])
        return sum(len(h) for h in situation["hands"]) + len(situation["trick"])
    if op == "perft":
        return int(body["depth"]) * 100 + read_play(body["situation"]).size
    if op in ("auction", "doubling"):
        return len(body["calls"])
    if op == "project-compare":
        return sum(len(p["cards"]) for p in body["declared"])
    if op == "hand-score" and "tricks" in body:  # after every score from card points
        return 1000 + 10 * int(body["multiplier"])
    if op == "hand-score":
        return int(body["card_points"][0]) + 10 * int(body["multiplier"])
    if op == "game-end":
        return int(sum(body["scores"]))
    return 0


def all_cases(base: Profile, witnesses: list[dict[str, Any]]) -> Iterator[Case]:
    """Every case of the suite, witnesses first (a later duplicate is dropped)."""
    yield from witnessed.witness_cases(witnesses)
    yield from table.table_cases()
    yield from cases.project_hands(base)
    yield from cases.project_classes(base)
    yield from cases.doubling_tree(base)
    yield from cases.auction_walk(base)
    yield from cases.score_grid(base)
    yield from cases.game_end_grid(base)
    yield from cases.random_cases(base)
    yield from cases.trickless_projects(base)
    yield from cases.random_play(base)
    yield from small_scope()
    yield from cases.perft_cases(base)


def build_suite(catalogue: Catalogue, witnesses: list[dict[str, Any]]) -> Suite:
    """Every vector, numbered within its group and op, smallest cases first."""
    profiles = {GAME: suite_profiles(catalogue)}
    base = profiles[GAME][0]
    check = BalootModelCheck(base)
    sized = ((case, case_size(case.body)) for case in all_cases(base, witnesses))
    answers = ReachedAnswers(ReusedAnswers(rules_for, answer_with_rules), base)
    return assemble(sized, profiles, answers, BALOOT_OPS, witnesses, check.confirm,
                    lambda: check.checked)


class ReachedAnswers:
    """The answers, but a point of play is asked under a house option only where a hand under
    that option reaches it: a situation played under the reconciled rules can rest on a card
    the option forbids (a discard its partner-winning exemption allowed), and there the option
    answers a question its players never meet. Searched only where the option answers
    otherwise (elsewhere the vector is asked of every profile and checked under the
    reconciled one); a search that cannot decide keeps the question, and the reachability
    test then finds no stored history for it."""

    def __init__(self, inner: ReusedAnswers[Any], base: Profile) -> None:
        self.inner, self.base = inner, base
        self._base: tuple[Answer | None, str] = (None, "")
        """The reconciled profile's last answer and its text (kept: its identity is used)."""

    def _as_base(self, got: Answer, body: dict[str, Any]) -> bool:
        """Whether ``got`` expects what the reconciled profile does (the same answer object
        when it was reused, else compared by text)."""
        base = self.inner(self.base, body)
        if got is base:
            return True
        if self._base[0] is not base:
            self._base = (base, key(base.expect))
        return key(got.expect) == self._base[1]

    def __call__(self, profile: Profile, body: dict[str, Any]) -> Answer:
        """The answer under ``profile``, or :class:`InvalidRequestError` for a point of play
        no hand under it reaches."""
        got = self.inner(profile, body)
        if body["op"] not in PLAY_OPS or profile is self.base or self._as_base(got, body):
            return got
        try:
            reached = find_history(rules_for(profile), play_of({"op": body["op"],
                                                                 "request": body}),
                                   BUILD_BUDGET)
        except UndecidedError:
            return got
        if reached is None:
            raise InvalidRequestError(f"no hand under {profile.id} reaches this situation")
        return got


def witness_requests(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The witness requests of a verify report (see
    :mod:`trickrules.proofs.baloot.conformance.cases`)."""
    return witnessed.witness_requests(report)
