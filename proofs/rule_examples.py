"""Rule examples replayed: each example's situation is asked of the engine (through the
family's judge, under the rulebook's profile) and of the Z3 model (the family's
``model_answers``), and both answers must be what the example says the rule text gives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trickrules.engine.errors import EngineError
from trickrules.proofs.kit import ModelSilentError, kit_for_game
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile
from trickrules.spec.rule_examples import RuleExample


@dataclass(frozen=True)
class ExampleCheck:
    """An example's answers from the engine and the model, and every way they differ from
    what the example says."""

    example: RuleExample
    engine: dict[str, Any]
    model: dict[str, Any]
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """Engine and model both give what the example says."""
        return not self.failures


def _sorted_cards(value: Any) -> Any:
    return sorted(value) if isinstance(value, list) else value


def matches(field: str, want: Any, got: Any) -> bool:
    """Whether an answer is what the example says: legal actions as a set, a score or the
    hands on the keys the example names, anything else exactly."""
    if field == "legal":
        return isinstance(got, list) and sorted(want) == sorted(got)
    if field in ("score", "hands"):
        return isinstance(got, dict) and all(
            k in got and _sorted_cards(got[k]) == _sorted_cards(v) for k, v in want.items())
    return bool(want == got)


def example_profile(catalogue: Catalogue, example: RuleExample) -> Profile:
    """The rulebook's reconciled profile of the example's game."""
    book = catalogue.rulebook
    assert book is not None
    return catalogue.profile(book.profiles[example.game])


def engine_answers(example: RuleExample, profile: Profile) -> dict[str, Any]:
    """The engine's answers (the judge's ruling) to every field the example states."""
    ruling = kit_for_game(example.game).rule_on(example.state, example.then, profile)
    answers = ruling.as_json() | {"hands": ruling.hands}
    out = {k: answers.get(k) for k in example.expect}
    if ruling.status != "ok" and "status" not in example.expect:
        out["refused"] = f"{ruling.status}: {ruling.error}"
    return out


def model_answers(example: RuleExample, profile: Profile) -> tuple[dict[str, Any], str]:
    """The model's answers to every field the example states but ``status`` (an engine's
    acceptance of its input), and why it gave none when it could not answer."""
    kit = kit_for_game(example.game)
    asked = set(example.expect) - {"status"}
    if not asked:
        return {}, "the example states nothing the model answers (only status)"
    try:
        got = kit.model_answers(example.state, example.then, profile, asked)
    except EngineError as exc:
        return {}, f"the model gives no answer: the engine cannot replay its facts: {exc}"
    except ModelSilentError as exc:
        return {}, f"the model gives no answer: {exc}"
    missing = sorted(asked - set(got))
    return got, f"the model does not answer {', '.join(missing)}" if missing else ""


def check_rule_example(catalogue: Catalogue, example: RuleExample) -> ExampleCheck:
    """Replay one example in the engine and in the model."""
    profile = example_profile(catalogue, example)
    where = f"example {example.id!r} of rule {example.rule} ({example.situation})"
    failures = []
    engine = engine_answers(example, profile)
    if "refused" in engine:
        failures.append(f"{where}: the engine refuses it: {engine.pop('refused')}")
    for field, want in example.expect.items():
        if not matches(field, want, engine.get(field)):
            failures.append(f"{where}: the engine gives {field} = {engine.get(field)!r}; the "
                            f"example says {want!r}")
    model, silent = model_answers(example, profile)
    if silent:
        failures.append(f"{where}: {silent}")
    for field, got in model.items():
        if not matches(field, example.expect[field], got):
            failures.append(f"{where}: the model gives {field} = {got!r}; the example says "
                            f"{example.expect[field]!r}")
    return ExampleCheck(example, engine, model, tuple(failures))


def check_rule_examples(catalogue: Catalogue) -> list[ExampleCheck]:
    """Every example of a family's rulebook, replayed."""
    book = catalogue.rulebook
    return [check_rule_example(catalogue, e) for e in (book.examples if book else ())]
