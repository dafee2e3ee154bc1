"""Answering one request under many profiles without recomputing what cannot differ.

A suite asks every case under the reconciled profile and each house option, and most house
options change a rule the question never reads (a scoring option cannot change the legal
cards). The first time a request is answered, the compiled rules it is given note every rule
the answer read; under a later profile whose compiled rules agree on each of those, the answer
is the same by construction (the same reads take the same path), so it is reused. Nothing is
assumed about which rule a question depends on: the reads themselves say.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from types import MethodType
from typing import Any, Generic, TypeVar

from trickrules.proofs.conformance.protocol import Answer, InvalidRequestError
from trickrules.spec.model import Profile

R = TypeVar("R")

class RuleReads:
    """Stands in for a compiled rules object and notes the value of every attribute read.

    The first read of a name goes through :meth:`__getattr__`, which keeps the value on this
    object, so later reads cost what a plain attribute costs (the engine's inner loops run on
    it unslowed). A method of the rules is run on the stand-in, so that what it reads is
    noted too (with the rules' class, whose code the method is)."""

    def __init__(self, rules: object) -> None:
        self.__dict__["_RuleReads__rules"] = rules
        self.__dict__["_RuleReads__read"] = {}

    def __getattr__(self, name: str) -> Any:
        rules = self.__dict__["_RuleReads__rules"]
        value = getattr(rules, name)
        read = self.__dict__["_RuleReads__read"]
        if isinstance(value, MethodType) and value.__self__ is rules:
            read["__class__"] = type(rules)
            value = MethodType(value.__func__, self)
        else:
            read[name] = value
        self.__dict__[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"compiled rules are read-only ({name})")

    def reads(self) -> dict[str, Any]:
        """Every attribute read so far, with its value."""
        return dict(self.__dict__["_RuleReads__read"])


class Reads:
    """The rules an answer read and their values, compared against other compiled rules in
    one C-level call."""

    def __init__(self, reads: dict[str, Any]) -> None:
        self.values = tuple(reads.values())
        self._get = operator.attrgetter(*reads) if reads else None

    def agree(self, rules: object) -> bool:
        """Whether ``rules`` has every value read."""
        if self._get is None:
            return True
        got = self._get(rules)
        return (got if len(self.values) > 1 else (got,)) == self.values


Outcome = Answer | InvalidRequestError


class ReusedAnswers(Generic[R]):
    """An answerer over profiles that reuses an earlier profile's answer to the same request
    when the rules that answer read agree (the request is the same object: a suite builder asks
    one case under each profile in turn)."""

    def __init__(self, rules_of: Callable[[Profile], R],
                 answer_with: Callable[[Profile, R, dict[str, Any]], Answer]) -> None:
        self._rules_of = rules_of
        self._answer_with = answer_with
        self._request: dict[str, Any] | None = None
        self._known: list[tuple[Reads, Outcome]] = []
        self.computed = 0
        self.reused = 0

    def __call__(self, profile: Profile, request: dict[str, Any]) -> Answer:
        """The answer under ``profile``; :class:`InvalidRequestError` as the answerer raises."""
        if request is not self._request:
            self._request, self._known = request, []
        rules = self._rules_of(profile)
        for reads, known in self._known:
            if reads.agree(rules):
                self.reused += 1
                return _given(known)
        recorder = RuleReads(rules)
        outcome: Outcome
        try:
            outcome = self._answer_with(profile, recorder, request)  # type: ignore[arg-type]
        except InvalidRequestError as exc:
            outcome = exc
        self.computed += 1
        self._known.append((Reads(recorder.reads()), outcome))
        return _given(outcome)


def _given(outcome: Outcome) -> Answer:
    if isinstance(outcome, InvalidRequestError):
        raise outcome
    return outcome
