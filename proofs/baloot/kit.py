"""Baloot's proof kit: the theorems and kinds of outcome the shared machinery runs, and
``judge``'s rulings, and the reference answers of the conformance protocol."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trickrules.proofs.baloot.conformance import BALOOT_OPS
from trickrules.proofs.baloot.examples import EXAMPLE_KINDS, engine_outcome
from trickrules.proofs.baloot.kinds_deal import CutterChoices, ExposedCard
from trickrules.proofs.baloot.kinds_declaring import Declaring, ProjectProof
from trickrules.proofs.baloot.kinds_play import LegalCards, TrickWinner
from trickrules.proofs.baloot.kinds_projects import ProjectComparison
from trickrules.proofs.baloot.kinds_rules import AuctionCalls, DoublingCalls, GameEnd, HandScore
from trickrules.proofs.baloot.kinds_table import FirstLead, NextDealer
from trickrules.proofs.baloot.theorems import THEOREMS
from trickrules.proofs.conformance.protocol import Answer
from trickrules.proofs.divergence import Kind
from trickrules.proofs.kit import ConformanceKit, ModelAnswers, Theorem
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.proofs.facts import RuleFact
    from trickrules.proofs.ruling import Ruling

class BalootConformance:
    """The conformance protocol for Baloot: the reference answers of the engine."""

    ops: tuple[str, ...] = BALOOT_OPS

    def answer(self, profile: Profile, request: dict[str, Any]) -> Answer:
        """The reference answer to a request, with the rule behind each part."""
        from trickrules.proofs.baloot.conformance.expect import answer

        return answer(profile, request)

    def compiled_rules(self, profile: Profile) -> Any:
        """The engine's compiled rules under ``profile``."""
        from trickrules.proofs.baloot.conformance.expect import rules_for

        return rules_for(profile)

    def answer_with_rules(self, profile: Profile, rules: Any, request: dict[str, Any]) -> Answer:
        """The reference answer with the compiled rules given."""
        from trickrules.proofs.baloot.conformance.expect import answer_with_rules

        return answer_with_rules(profile, rules, request)

    def trick_point(self, profile: Profile, situation: dict[str, Any]) -> tuple[bool, int]:
        """Whether the hand is over at a situation, and how many cards of the trick are down."""
        from trickrules.proofs.baloot.conformance.expect import trick_point

        return trick_point(profile, situation)

    def after(self, profile: Profile, situation: dict[str, Any], card: str) -> dict[str, Any]:
        """The situation once ``card`` is played."""
        from trickrules.proofs.baloot.conformance.expect import after

        return after(profile, situation, card)

    def before(self, situation: dict[str, Any], k: int) -> tuple[dict[str, Any], int]:
        """The situation with the first ``k`` cards of its trick, and who played card ``k``."""
        from trickrules.proofs.baloot.conformance.situation import before

        return before(situation, k)

    def trick_requests(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        """Each trick of a hand-score request that gives the tricks played."""
        from trickrules.proofs.baloot.conformance.played_hand import trick_requests

        return trick_requests(request) if request.get("op") == "hand-score" else []


@dataclass(frozen=True)
class BalootKit:
    """Baloot."""

    family: str = "baloot"
    theorems: tuple[Theorem, ...] = THEOREMS
    kinds: tuple[Kind, ...] = (NextDealer(), CutterChoices(), ExposedCard(), AuctionCalls(),
                               DoublingCalls(), FirstLead(), LegalCards(), TrickWinner(),
                               Declaring(), ProjectComparison(), ProjectProof(), HandScore(),
                               GameEnd())
    """The next dealer, the cutter's choices, a card exposed in the deal, the buying, the
    doubling, the first leader, card legality, the trick winner, what a player may declare,
    the side whose projects score, whether a project needs its cards in won tricks, the
    hand's score and the game's end."""
    groups: tuple[tuple[str, ...], ...] = (("next-dealer",), ("cut", "exposed"), ("auction",),
                                           ("doubling",), ("first-lead",), ("legal", "winner"),
                                           ("declaring", "proof"), ("projects",), ("score",),
                                           ("game-end",))
    conformance: ConformanceKit = field(default_factory=BalootConformance)
    sources_ready: bool = True
    """Every parameter the two sources dispute is read by some kind of outcome."""
    example_kinds: tuple[str, ...] = EXAMPLE_KINDS
    """Every kind: a witness holds all the engine needs
    (:mod:`trickrules.proofs.baloot.examples`)."""

    def engine_outcome(self, kind: str, witness: dict[str, Any], profile: Profile) -> Any:
        """See :func:`trickrules.proofs.baloot.examples.engine_outcome`."""
        return engine_outcome(kind, witness, profile)

    @property
    def model_answers(self) -> ModelAnswers:
        """See :func:`trickrules.proofs.baloot.model_answers.model_answers`."""
        from trickrules.proofs.baloot.model_answers import model_answers

        return model_answers

    def rule_fact(self, kind: str, args: tuple[tuple[str, ...], ...],
                  profile: Profile) -> RuleFact:
        """See :func:`trickrules.proofs.baloot.rule_facts.rule_fact`."""
        from trickrules.proofs.baloot.rule_facts import rule_fact

        return rule_fact(kind, args, profile)

    def rule_on(self, data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
        """See :func:`trickrules.proofs.baloot.judging.rule_on`."""
        from trickrules.proofs.baloot.judging import rule_on

        return rule_on(data, then, profile)


KIT = BalootKit()
