"""What a game family gives the shared proof machinery: its theorems, its kinds of outcome for
disputes, and how a witness becomes an engine state (inside each kind's ``replay``).

Shared code (verify, source checks, disputes, diff, the rulebook) reaches a family only through
:func:`kit`, which imports the module the family's record names (``proof_kit``) when a game of
the family is asked for; adding a family is one entry in :data:`trickrules.spec.registry.REGISTRY`
and one package per layer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from trickrules.proofs.result import Result, Verdict
from trickrules.spec.model import Profile
from trickrules.spec.registry import family, family_of, game_ids

if TYPE_CHECKING:
    from trickrules.proofs.conformance.protocol import Answer
    from trickrules.proofs.divergence import Kind
    from trickrules.proofs.facts import RuleFact
    from trickrules.proofs.ruling import Ruling


class NoDealError(ValueError):
    """The profile's deck does not deal out evenly, so no situation of play exists (a theorem
    over situations would hold vacuously)."""


@dataclass(frozen=True)
class Theorem:
    """A named property every well-formed profile must have.

    ``concrete`` names the classes of parameters (``deal``, ``auction``) the check reads
    concretely: a source profile that leaves one open is checked reading by reading.
    ``crosscheck`` marks a check of our two encodings against each other (engine and model),
    which says nothing about a source's rules and is run on the shipped profiles only.
    """

    id: str
    statement: str
    check: Callable[[Profile], Result]
    expect: Verdict = "proved"
    concrete: tuple[str, ...] = ("deal",)
    crosscheck: bool = False


class ConformanceKit(Protocol):
    """What the conformance runner and the reference adapter need of a family's engine."""

    @property
    def ops(self) -> tuple[str, ...]:
        """The protocol's questions the family answers, in suite order."""

    def answer(self, profile: Profile, request: dict[str, Any]) -> Answer:
        """The reference answer to a request under ``profile``, with the rule behind each
        part (raises ``InvalidRequestError`` for a situation the rules do not allow)."""

    def compiled_rules(self, profile: Profile) -> Any:
        """The engine's compiled rules under ``profile`` (what :meth:`answer_with_rules`
        reads; raises ``ProfileError`` for a profile the engine cannot play)."""

    def answer_with_rules(self, profile: Profile, rules: Any, request: dict[str, Any]) -> Answer:
        """:meth:`answer` with the compiled rules given (or a stand-in that notes what the
        answer reads, so an answer is reused where the rules read agree:
        :class:`trickrules.proofs.conformance.reads.ReusedAnswers`)."""

    def trick_point(self, profile: Profile, situation: dict[str, Any]) -> tuple[bool, int]:
        """Whether the hand is over at a situation, and how many cards of the trick are down
        (how a perft difference is followed down its divide)."""

    def after(self, profile: Profile, situation: dict[str, Any], card: str) -> dict[str, Any]:
        """The situation once ``card`` is played."""

    def before(self, situation: dict[str, Any], k: int) -> tuple[dict[str, Any], int]:
        """The situation with only the first ``k`` cards of its trick played (the others back
        in their players' hands), and the seat that played card ``k``."""

    def trick_requests(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        """The trick-winner requests (``op`` included) a request's answer rests on, in play
        order: each trick of a hand-score request that gives the tricks played; else none."""


class ModelSilentError(ValueError):
    """The model has no answer to a rule example's question at its situation."""


class ModelAnswers(Protocol):
    """A family's Z3 model asked about a rule example (see
    :mod:`trickrules.proofs.rule_examples`)."""

    def __call__(self, data: dict[str, Any], then: Sequence[str], profile: Profile,
                 asked: set[str]) -> dict[str, Any]:
        """The model's answer to each field of ``asked`` at the state ``data`` with ``then``
        played; raises :class:`ModelSilentError` where it has none."""


class ProofKit(Protocol):
    """One family's part of the proofs."""

    @property
    def family(self) -> str:
        """The family's id (``kout``)."""

    @property
    def theorems(self) -> tuple[Theorem, ...]:
        """Every theorem, in report order."""

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """Every kind of outcome a dispute compares, in report order."""

    @property
    def sources_ready(self) -> bool:
        """Whether every disputed parameter is read by some kind of outcome, so ``verify``
        can settle the family's source disputes (until then ``diff`` and ``explain`` answer
        what they can and say unknown for the rest)."""

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The kinds (by name) settled together in one job, sharing what they build; every
        kind is in exactly one group, and groups are in report order."""

    @property
    def conformance(self) -> ConformanceKit:
        """The reference answers of the conformance protocol."""

    @property
    def example_kinds(self) -> tuple[str, ...]:
        """The outcome kinds a rulebook example can show (situations the engine can be put
        in directly)."""

    def engine_outcome(self, kind: str, witness: dict[str, Any], profile: Profile) -> Any:
        """What the engine gives for one kind of outcome at a dispute's witness."""

    def rule_on(self, data: dict[str, Any], then: Sequence[str], profile: Profile) -> Ruling:
        """``trickrules judge`` under one concrete profile: the engine's answers for a
        situation in its JSON state form, with ``then`` played on."""

    def rule_fact(self, kind: str, args: tuple[tuple[str, ...], ...],
                  profile: Profile) -> RuleFact:
        """A statement a rule text makes (a placeholder of :mod:`trickrules.proofs.rule_facts`), in
        words and tables from the engine, checked against the model; raises ``FactError``
        when the machine rules contradict it."""

    @property
    def model_answers(self) -> ModelAnswers:
        """The model's answers at a rule example."""


class KitImportError(RuntimeError):
    """A registered family's proof kit cannot be imported: the installation is broken (an
    internal error, never a user's mistake); the message names the module and the cause."""


def kit(name: str) -> ProofKit:
    """The proof kit of a registered family (every registered family has one)."""
    module = family(name).proof_kit
    try:
        found: ProofKit = importlib.import_module(module).KIT
    except ImportError as exc:
        raise KitImportError(f"the proof kit of {name} ({module}) cannot be imported: "
                             f"{type(exc).__name__}: {exc}") from exc
    return found


def kit_games() -> tuple[str, ...]:
    """The games ``verify`` checks: every registered game (each family has its proof kit)."""
    return game_ids()


def kit_for_game(game_id: str) -> ProofKit:
    """The proof kit of the family ``game_id`` belongs to."""
    return kit(family_of(game_id))


def sources_verified(game_id: str) -> bool:
    """Whether ``verify`` checks the sources of ``game_id``: its family has read them into
    claims and its kit can settle every dispute they raise (``sources_ready``)."""
    from trickrules.spec.loader import game_catalogue

    return bool(game_catalogue(game_id).claims) and kit_for_game(game_id).sources_ready


def group_kinds(game_id: str, group: Sequence[str]) -> list[Kind]:
    """The kinds of outcome named by one of the family's groups, in the group's order."""
    by_name = {k.name: k for k in kit_for_game(game_id).kinds}
    return [by_name[name] for name in group]


def consistency_theorems(family: str) -> tuple[Theorem, ...]:
    """The theorems about a rule set: every theorem but the engine-model cross-checks."""
    return tuple(t for t in kit(family).theorems if not t.crosscheck)
