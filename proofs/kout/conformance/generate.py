"""Build the suite: every case asked under every suite profile of its game, grouped into what
every engine must answer alike and what depends on a variant, with each expectation confirmed
by the Z3 model where the model answers that question.

The suite profiles of a game are its reconciled profile and each house option: the reconciled
profile with one parameter set to another reading (those the engine can deal are kept). The
output is deterministic: the same rule data, code and stored witnesses give the same bytes.
The witnesses (``witnesses.json``) are taken from a verify report only when asked, because a
solver may find another witness of the same difference in another run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from trickrules.engine.errors import EngineError
from trickrules.proofs.conformance.build import Case, Suite, assemble, key
from trickrules.proofs.conformance.build import suite_profiles as house_options
from trickrules.proofs.conformance.protocol import read_contract, read_situation
from trickrules.proofs.conformance.reads import ReusedAnswers
from trickrules.proofs.kout.conformance import cases
from trickrules.proofs.kout.conformance.expect import (
    KOUT_OPS,
    Answer,
    answer_with_rules,
    contract_of,
    game_for,
)
from trickrules.proofs.kout.evaluator import ModelEvaluator, Situation
from trickrules.proofs.kout.kinds_rules import next_dealer_term
from trickrules.proofs.kout.situation import profile_deck
from trickrules.spec.cards import card_name
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile

CONFIRMED_ORIGINS = ("random:", "grid", "perft:")
"""Origins whose play answers are confirmed here by the Z3 model (witnesses were replayed
against the model when they were found, and the small scope is a verify theorem)."""


def _playable(profile: Profile) -> bool:
    try:
        game_for(profile)
    except EngineError:
        return False
    return True


def suite_profiles(catalogue: Catalogue, game: str) -> list[Profile]:
    """The reconciled profile of ``game`` and every house option the engine can play."""
    return house_options(catalogue, game, _playable)


def case_size(body: dict[str, Any]) -> int:
    """How large a case is: cards in play, calls made, points at stake or perft depth."""
    op = body["op"]
    if op in ("legal-plays", "trick-winner"):
        return read_situation(body["situation"]).size
    if op == "perft":
        return int(body["depth"]) * 100 + read_situation(body["situation"]).size
    if op == "auction":
        return len(body["calls"])
    if op == "game-end":
        return int(sum(body["scores"])) + int(body["contract"]["bid"])
    if op == "next-dealer":
        return 0
    return int(body["contract"]["bid"])


class ModelCheck:
    """Confirms the engine's answers under a game's reconciled profile with the Z3 model."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.model = ModelEvaluator(profile)
        self.deck = profile_deck(profile)
        self.checked = 0

    def confirm(self, case: Case, got: Answer) -> None:
        """Raise ``AssertionError`` if the model answers the case otherwise than the engine
        (witnesses were replayed against the model when they were found, and the small scope
        is a verify theorem, so only the other origins are asked here)."""
        if not case.origin.startswith(CONFIRMED_ORIGINS):
            return
        body = case.body
        op = body["op"]
        if op in ("legal-plays", "trick-winner"):
            facts = read_situation(body["situation"])
            complete = op == "trick-winner"
            point = facts.before(facts.players - 1) if complete else facts
            s = Situation(self.deck, point.players, point.trump, point.contract.bid,
                          point.contract.seat, point.leader,
                          tuple(frozenset(h) for h in point.hands), frozenset(point.played),
                          point.trick, point.tricks_won)
            if complete:
                model: Any = {"winner": self.model.trick_winner(s, facts.trick)}
            else:
                model = {"cards": [card_name(c) for c in self.model.legal_cards(s)]}
        elif op in ("hand-score", "game-end"):
            rules = game_for(self.profile).rules
            contract = contract_of(rules, read_contract(body["contract"]))
            team = contract.seat % 2
            before = body.get("scores", [0, 0])
            made, after, winner = self.model.hand_end(
                (before[0], before[1]), team, contract.bid, contract.malzoom,
                body["tricks_won"][team], body.get("hand_index", 1) == 0)
            if op == "hand-score":
                scored = 1 - team if after[team] == before[team] else team
                model = {"made": made, "team": scored,
                         "points": after[scored] - before[scored]}
            else:
                model = {"scores": list(after), "winner": winner}
        elif op == "next-dealer":
            players = game_for(self.profile).rules.players
            model = {"dealer": self.model.number(
                next_dealer_term(self.model.sp, body["dealer"], players))}
        else:
            return
        self.checked += 1
        if model != got.expect:
            raise AssertionError(f"engine and model disagree on {key(body)} under "
                                 f"{self.profile.id}: engine {got.expect}, model {model}")


def all_cases(witnesses: list[dict[str, Any]],
              profiles: dict[str, list[Profile]]) -> Iterator[Case]:
    """Every case of the suite, witnesses first (a later duplicate is dropped)."""
    yield from cases.witness_cases(witnesses)
    for game_profiles in profiles.values():
        base = game_profiles[0]
        yield from cases.joker_lead_cases(base)
        yield from cases.small_scope(base)
        yield from cases.random_cases(base)
        yield from cases.auction_grid(game_profiles)
        yield from cases.dealer_grid(base)
        yield from cases.score_grid(base)
        yield from cases.game_end_grid(base)
        yield from cases.perft_cases(base)


def build_suite(catalogue: Catalogue, witnesses: list[dict[str, Any]]) -> Suite:
    """Every vector, numbered within its group and op, smallest cases first."""
    profiles = {game: suite_profiles(catalogue, game) for game in catalogue.games}
    checks = {game: ModelCheck(ps[0]) for game, ps in profiles.items()}

    def confirm(case: Case, got: Answer) -> None:
        checks[case.game].confirm(case, got)

    sized = ((case, case_size(case.body)) for case in all_cases(witnesses, profiles))
    answers = ReusedAnswers(lambda profile: game_for(profile).rules, answer_with_rules)
    return assemble(sized, profiles, answers, KOUT_OPS, witnesses, confirm,
                    lambda: sum(c.checked for c in checks.values()))


def witness_requests(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The witness requests of a verify report (see
    :mod:`trickrules.proofs.kout.conformance.cases`)."""
    return cases.witness_requests(report)
