"""Kout's proof kit: the theorems and the kinds of outcome the shared machinery runs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trickrules.proofs.conformance.protocol import Answer
from trickrules.proofs.divergence import Kind
from trickrules.proofs.kit import ConformanceKit, ModelAnswers, Theorem
from trickrules.proofs.kout.conformance import expect
from trickrules.proofs.kout.kinds_play import HandOver, LegalCards, TrickWinner
from trickrules.proofs.kout.kinds_rules import AuctionCalls, Deal, GameEnd, HandScore, NextDealer
from trickrules.proofs.kout.theorems import THEOREMS
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.proofs.facts import RuleFact
    from trickrules.proofs.ruling import Ruling


class KoutConformance:
    """The reference answers, from Kout's engine."""

    ops: tuple[str, ...] = expect.KOUT_OPS

    def answer(self, profile: Profile, request: dict[str, Any]) -> Answer:
        """See :func:`trickrules.proofs.kout.conformance.expect.answer`."""
        return expect.answer(profile, request)

    def compiled_rules(self, profile: Profile) -> Any:
        """The engine's compiled rules under ``profile``."""
        return expect.game_for(profile).rules

    def answer_with_rules(self, profile: Profile, rules: Any, request: dict[str, Any]) -> Answer:
        """See :func:`trickrules.proofs.kout.conformance.expect.answer_with_rules`."""
        return expect.answer_with_rules(profile, rules, request)

    def trick_point(self, profile: Profile, situation: dict[str, Any]) -> tuple[bool, int]:
        """See :func:`trickrules.proofs.kout.conformance.expect.trick_point`."""
        return expect.trick_point(profile, situation)

    def after(self, profile: Profile, situation: dict[str, Any], card: str) -> dict[str, Any]:
        """See :func:`trickrules.proofs.kout.conformance.expect.after`."""
        return expect.after(profile, situation, card)

    def before(self, situation: dict[str, Any], k: int) -> tuple[dict[str, Any], int]:
        """The situation with the first ``k`` cards of its trick, and who played card ``k``."""
        facts = expect.read_situation(situation)
        return facts.before(k).as_json(), (facts.leader + k) % facts.players

    def trick_requests(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        """None: a Kout hand-score request gives the tricks won, not the tricks played."""
        return []


@dataclass(frozen=True)
class KoutKit:
    """Kout Bo (Kout 6 and Kout 4)."""

    family: str = "kout"
    theorems: tuple[Theorem, ...] = THEOREMS
    kinds: tuple[Kind, ...] = (Deal(), NextDealer(), AuctionCalls(), LegalCards(),
                               TrickWinner(), HandOver(), HandScore(), GameEnd())
    """The deal, the next dealer, auction legality, card legality, the trick winner, whether
    the hand goes on, the hand's score and the game's end."""
    groups: tuple[tuple[str, ...], ...] = (("deal",), ("next-dealer",), ("auction",),
                                           ("legal", "winner", "hand-over"), ("score",),
                                           ("game-end",))
    """Kinds settled together: the three points of play share their situations."""
    conformance: ConformanceKit = field(default_factory=KoutConformance)
    sources_ready: bool = True


    @property
    def example_kinds(self) -> tuple[str, ...]:
        """See :data:`trickrules.proofs.kout.examples.EXAMPLE_KINDS`."""
        from trickrules.proofs.kout.examples import EXAMPLE_KINDS

        return EXAMPLE_KINDS

    def engine_outcome(self, kind: str, witness: dict[str, Any], profile: Profile) -> Any:
        """See :func:`trickrules.proofs.kout.examples.engine_outcome`."""
        from trickrules.proofs.kout.examples import engine_outcome

        return engine_outcome(kind, witness, profile)

    @property
    def model_answers(self) -> ModelAnswers:
        """See :func:`trickrules.proofs.kout.model_answers.model_answers`."""
        from trickrules.proofs.kout.model_answers import model_answers

        return model_answers

    def rule_fact(self, kind: str, args: tuple[tuple[str, ...], ...],
                  profile: Profile) -> RuleFact:
        """See :func:`trickrules.proofs.kout.rule_facts.rule_fact`."""
        from trickrules.proofs.kout.rule_facts import rule_fact

        return rule_fact(kind, args, profile)

    def rule_on(self, data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
        """See :func:`trickrules.proofs.kout.judging.rule_on`."""
        from trickrules.proofs.kout.judging import rule_on

        return rule_on(data, then, profile)


KIT = KoutKit()
