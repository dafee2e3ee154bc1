"""Rulebook examples: dispute witnesses told under the ruled reading. Each example is kept as
JSON beside the pages, and the family's proof kit replays it in the engine, at build time and
again in the tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trickrules.proofs.kit import kit_for_game
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile


@dataclass(frozen=True)
class Example:
    """A witness of one dispute, told under the rulebook's reading and under the other one."""

    rule: str
    game: str
    dispute: str
    kind: str
    parameter: str
    ruled: str
    other: str
    context: dict[str, str]
    witness: dict[str, Any]
    outcome: Any
    other_outcome: Any

    def profile(self, catalogue: Catalogue, reading: str | None = None) -> Profile:
        """The reconciled profile with the witness's context readings (and ``reading`` of the
        disputed parameter, the ruled one by default)."""
        book = catalogue.rulebook
        assert book is not None
        base = catalogue.profile(book.profiles[self.game])
        return base.pin({**self.context, self.parameter: reading or self.ruled})

    def as_json(self) -> dict[str, Any]:
        """The example as stored beside the rulebook's pages."""
        return {"rule": self.rule, "game": self.game, "dispute": self.dispute,
                "kind": self.kind, "parameter": self.parameter, "ruled": self.ruled,
                "other": self.other, "context": self.context, "witness": self.witness,
                "outcome": self.outcome, "other_outcome": self.other_outcome}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Example:
        """An example read back from its JSON file."""
        return Example(**data)


def find_example(catalogue: Catalogue, rule: str, disputes: list[dict[str, Any]]) -> (
        Example | None):
    """The first dispute on ``rule`` (Kout 6 first) whose witness the engine can be put in,
    replayed now under both readings; None when there is none."""
    book = catalogue.rulebook
    assert book is not None
    if rule not in catalogue.parameters:
        return None
    for game in catalogue.games:
        ruled = book.ruling(game, rule).reading
        for dispute in disputes:
            if dispute["game"] != game or dispute["parameter"] != rule:
                continue
            if ruled not in dispute["readings"]:
                continue
            sides = dict(zip(("a", "b"), dispute["readings"], strict=True))
            mine = "a" if sides["a"] == ruled else "b"
            theirs = "b" if mine == "a" else "a"
            for outcome in dispute["outcomes"]:
                kinds = kit_for_game(game).example_kinds
                if outcome["kind"] not in kinds or not outcome.get("replayed"):
                    continue
                example = Example(rule, game, dispute["id"], outcome["kind"], rule, ruled,
                                  sides[theirs], dict(outcome.get("context", {})),
                                  outcome["witness"], outcome["engine"][mine],
                                  outcome["engine"][theirs])
                check_example(catalogue, example)
                return example
    return None


def check_example(catalogue: Catalogue, example: Example) -> None:
    """Replay an example in the engine under both readings; raise if either outcome differs
    from what the example says."""
    for reading, said in ((example.ruled, example.outcome),
                          (example.other, example.other_outcome)):
        got = kit_for_game(example.game).engine_outcome(
            example.kind, example.witness, example.profile(catalogue, reading))
        if got != said:
            raise AssertionError(f"example for {example.rule} ({example.dispute}) under "
                                 f"{reading}: the engine gives {got!r}, the example says "
                                 f"{said!r}")
