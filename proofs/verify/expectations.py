"""Stored dispute verdicts, kept as expectations: each dispute's verdict per outcome kind from
the last accepted verification. A dispute that turns from "differs" to "the same" (or back)
on some kind is a surprise ``verify`` reports as a failure until the stored verdicts are
accepted again on purpose (``verify --accept-verdicts``); a planted rule bug that makes two
readings agree cannot pass unnoticed.

The file is JSON, one entry per dispute id: ``{"kout6/auction.pass/final-vs-may-re-enter":
{"auction": "differs", "score": "same"}}``. Only settled outcomes are stored and compared: an
outcome left unknown, or whose witness did not replay, is a failure of its own."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from trickrules.proofs.disputes import Dispute
from trickrules.proofs.divergence import Outcome
from trickrules.spec.errors import SpecError

EXPECTED_FILE = Path(__file__).parent / "expected" / "verdicts.json"
"""Where the accepted verdicts are kept (not an input of the result cache: accepting them
never invalidates a stored result)."""
ACCEPT_FLAG = "--accept-verdicts"
"""The ``verify`` option that stores this run's verdicts as the expectations."""

Settled = Literal["differs", "same"]
Expected = dict[str, dict[str, str]]
"""Dispute id -> outcome kind -> ``differs`` or ``same``."""
SETTLED: tuple[Settled, ...] = ("differs", "same")


@dataclass(frozen=True)
class Surprise:
    """One outcome kind of one dispute whose verdict is not the stored one: ``expected`` or
    ``got`` is ``none`` when the dispute or kind has no stored verdict, or was not raised."""

    dispute: str
    kind: str
    expected: str
    got: str

    def as_json(self) -> dict[str, str]:
        """The surprise as JSON data."""
        return {"dispute": self.dispute, "kind": self.kind, "expected": self.expected,
                "got": self.got}


def settled(outcome: Outcome) -> Settled | None:
    """``differs`` for a witness the engine replayed, ``same`` for a proof, else None."""
    if outcome.verdict == "proved":
        return "same"
    if outcome.verdict == "refuted" and outcome.ok:
        return "differs"
    return None


def load_expected(path: Path | None = None) -> Expected:
    """The stored verdicts (of ``path``, else the shipped file), checked for shape;
    ``SpecError`` naming the file when broken, an empty store when there is no file yet."""
    path = path or EXPECTED_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(path, None, f"cannot read the stored dispute verdicts: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SpecError(path, exc.lineno, f"not JSON: {exc.msg}") from None
    except RecursionError:
        raise SpecError(path, None, "not JSON this command reads (nested too deeply)") from None
    if not isinstance(data, dict):
        raise SpecError(path, None, "the stored dispute verdicts must be an object of dispute ids")
    for dispute, kinds in data.items():
        if not isinstance(kinds, dict) or not all(
                isinstance(k, str) and v in SETTLED for k, v in kinds.items()):
            raise SpecError(path, None, f"dispute {dispute!r}: each outcome kind must map "
                            f"to one of {', '.join(SETTLED)}")
    return data


def observed(disputes: Iterable[Dispute]) -> Expected:
    """This run's settled verdicts, in the stored form."""
    found: Expected = {}
    for d in disputes:
        kinds: dict[str, str] = {o.kind: verdict for o in d.outcomes
                                 if (verdict := settled(o)) is not None}
        if kinds:
            found[d.id] = kinds
    return found


def surprises(disputes: Sequence[Dispute], games: Iterable[str],
              expected: Expected) -> list[Surprise]:
    """Every settled outcome whose verdict is not the stored one, every stored dispute of
    ``games`` the run did not raise, and every raised dispute with no stored verdict."""
    found: list[Surprise] = []
    raised = {d.id for d in disputes}
    for d in disputes:
        stored = expected.get(d.id)
        if stored is None:
            found.append(Surprise(d.id, "every kind", "none", d.verdict))
            continue
        for o in d.outcomes:
            verdict = settled(o)
            if verdict is not None and stored.get(o.kind, "none") != verdict:
                found.append(Surprise(d.id, o.kind, stored.get(o.kind, "none"), verdict))
    prefixes = tuple(f"{g}/" for g in games)
    found += [Surprise(dispute, "every kind", "raised", "none")
              for dispute in sorted(expected) if dispute.startswith(prefixes)
              and dispute not in raised]
    return found


def accept(disputes: Sequence[Dispute], games: Iterable[str], path: Path | None = None) -> int:
    """Store this run's verdicts for ``games`` (other games' stay as they are); refuse while
    an outcome is unsettled, since its verdict would be lost. Returns how many were stored."""
    from trickrules.proofs.verify.cache import write_atomically

    open_ones = [f"{d.id} ({o.kind})" for d in disputes for o in d.outcomes
                 if settled(o) is None]
    if open_ones:
        raise ValueError(f"{ACCEPT_FLAG}: {len(open_ones)} dispute outcomes did not settle "
                         f"(first: {open_ones[0]}); nothing stored")
    path = path or EXPECTED_FILE
    prefixes = tuple(f"{g}/" for g in games)
    kept = {k: v for k, v in load_expected(path).items() if not k.startswith(prefixes)}
    merged = {**kept, **observed(disputes)}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, render(merged).encode())
    return len(observed(disputes))


def render(expected: Expected) -> str:
    """The stored form: one dispute per line, sorted, so a change shows as a one-line diff."""
    lines = [f"{json.dumps(k)}: {json.dumps(dict(sorted(v.items())))}"
             for k, v in sorted(expected.items())]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def surprise_section(disputes: Sequence[Dispute], games: Iterable[str]) -> dict[str, Any]:
    """The report's ``sources.unexpected`` part: the surprises against the stored verdicts."""
    return {"file": "proofs/verify/expected/verdicts.json",
            "surprises": [s.as_json() for s in surprises(disputes, games, load_expected())]}


def accepted_section(sources: dict[str, Any], disputes: Sequence[Dispute],
                     games: Iterable[str]) -> int:
    """Accept this run's verdicts and bring the report's ``sources`` part up to date: no
    surprises remain, and ``ok`` no longer counts them. Returns how many were stored."""
    games = list(games)
    stored = accept(disputes, games)
    before = bool(sources["unexpected"]["surprises"])
    sources["unexpected"] = surprise_section(disputes, games)
    if before and not sources["unexpected"]["surprises"]:
        sources["ok"] = (all(r["ok"] for r in sources["consistency"])
                         and all(d["ok"] for d in sources["disputes"]))
    return stored
