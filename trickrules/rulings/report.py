"""The parts of ``trickrules judge``'s report that are about words, not play: the rules that
decide each answer (number, title, and under the reconciled profile the rule and its reason),
which profiles answer differently, and text from the user's file checked before it is printed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile
from trickrules.spec.rulings import RULE_REFERENCE

PARTS = ("legal", "then", "bought", "tricks", "score", "winner", "error")
"""The parts of an answer a player reads, in order (``error``: why an action is refused)."""
ADMITTED = ("ok", "illegal")
"""Statuses of an answer under a profile that reads the situation (an illegal action is an
answer: that profile forbids it)."""

NOT_ADMITTED = {"not-a-state": "not a situation these rules allow",
                "too-open": "too many readings left open to judge"}
MISSING = {"then": "none of the actions played", "bought": "nobody bought",
           "tricks": "no trick completed", "score": "no hand finished",
           "winner": "no hand finished", "legal": "no legal action", "error": "no refusal"}
"""What an answer says by leaving a part out that another answer has."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9'\"(])")


def check_text(data: Any, where: str = "situation") -> None:
    """Refuse a string the output could not print (a lone UTF-16 surrogate, which JSON's
    ``\\ud800`` escapes allow), naming the field; walked without recursion."""
    stack: list[tuple[Any, str]] = [(data, where)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            _check_string(value, path)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_string(str(key), f"{path} (a key)")
                stack.append((item, f"{path}.{key}"))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))


def _check_string(text: str, path: str) -> None:
    found = _SURROGATE.search(text)
    if found:
        raise ValueError(f"{path}: a lone surrogate \\u{ord(found[0]):04x} at character "
                         f"{found.start()} is not text (write the character itself)")


def _html_id(target: str) -> str:
    """The HTML id the rulebook's site gives a reST target (as docutils makes ids)."""
    return re.sub(r"[^a-z0-9]+", "-", target.lower()).strip("-")


def sentences(text: str, count: int = 2) -> str:
    """The first ``count`` sentences of ``text``."""
    return " ".join(_SENTENCE_END.split(text.strip())[:count])


@dataclass(frozen=True)
class RuleCiter:
    """Rule ids of a game's rulebook as a player reads them: number, title, the link to the rule
    in the built rulebook (relative to the site's root), and the reconciled profile's rule
    text and reason (a rule the book lacks is named by id only)."""

    catalogue: Catalogue
    game: str

    @property
    def reconciled(self) -> str | None:
        """The id of the rulebook's profile for the game (None: the spec has no rulebook)."""
        book = self.catalogue.rulebook
        return None if book is None else book.profiles.get(self.game)

    @cached_property
    def _book(self) -> dict[str, tuple[int, str]]:
        """Each rule id's display number and its place in the built rulebook site."""
        from trickrules.spec.numbering import family_name, numbered_rules, rule_label

        if self.catalogue.rulebook is None:
            return {}
        family = family_name(self.catalogue)
        return {rule.id: (rule.number, f"{family}/rules-{rule.chapter.number}.html#"
                          + _html_id(rule_label(family, rule.id)))
                for rule in numbered_rules(self.catalogue)}

    def numbers(self) -> dict[str, int]:
        """Each rule id's display number (as the printed rulebook numbers it)."""
        return {rule_id: number for rule_id, (number, _) in self._book.items()}

    def words(self, text: str, numbers: dict[str, int]) -> str:
        """Rule text with each ``{rule.id}`` reference written as its rule number and each
        checked statement (``<<...>>``) in its words, as the rulebook prints them."""
        if "<<" in text:
            from trickrules.proofs.rule_facts import fill

            text = fill(text, _checked_facts(self.catalogue))[0]
        return RULE_REFERENCE.sub(
            lambda m: f"rule {numbers[m[1]]}" if m[1] in numbers else m[1], text)

    def cite(self, profile: Profile, readings: list[dict[str, str]],
             ids: list[str]) -> list[dict[str, Any]]:
        """The rules ``ids`` in book order, each with its number and title; the reading the
        profile (or the answer's readings) gives a parameter; under the reconciled profile
        the rule text and the reason for it."""
        numbers = self.numbers()
        out = []
        for rule_id in sorted(dict.fromkeys(ids), key=lambda r: (numbers.get(r, 10**6), r)):
            entry: dict[str, Any] = {"id": rule_id, "number": numbers.get(rule_id),
                                     "title": self._title(rule_id),
                                     "link": self._book.get(rule_id, (0, None))[1]}
            reading = self._reading(profile, readings, rule_id)
            if reading is not None:
                entry["reading"] = reading
            if profile.id == self.reconciled:
                entry.update(self._ruling(rule_id, numbers))
            out.append(entry)
        return out

    def _title(self, rule_id: str) -> str | None:
        book = self.catalogue.rulebook
        core = {c.id: c.title for c in book.core} if book is not None else {}
        if rule_id in core:
            return core[rule_id]
        parameter = self.catalogue.parameters.get(rule_id)
        return None if parameter is None else parameter.title

    def _reading(self, profile: Profile, readings: list[dict[str, str]],
                 rule_id: str) -> str | None:
        if rule_id not in profile.values:
            return None
        chosen = {r[rule_id] for r in readings if rule_id in r}
        values = sorted(chosen) if chosen else list(profile.values[rule_id])
        return " or ".join(values)

    def _ruling(self, rule_id: str, numbers: dict[str, int]) -> dict[str, str]:
        book = self.catalogue.rulebook
        if book is None:
            return {}
        for core in book.core:
            if core.id == rule_id and self.game in core.games:
                return {"rule": self.words(core.rule, numbers)}
        try:
            ruling = book.ruling(self.game, rule_id)
        except KeyError:
            return {}
        return {"rule": self.words(ruling.rule, numbers),
                "why": sentences(self.words(ruling.why, numbers))}


_FACTS: dict[int, tuple[Catalogue, dict[str, Any]]] = {}


def _checked_facts(catalogue: Catalogue) -> dict[str, Any]:
    """The family's checked statements, computed once per catalogue (the catalogue is kept
    with them, so its identity is not reused)."""
    from trickrules.proofs.rule_facts import rule_facts

    known = _FACTS.get(id(catalogue))
    if known is None or known[0] is not catalogue:
        known = _FACTS[id(catalogue)] = (catalogue, dict(rule_facts(catalogue)))
    return known[1]


def label(profile: str, readings: list[dict[str, str]]) -> str:
    """A profile, and the readings of it that give one answer when it has several."""
    text = " or ".join(", ".join(f"{k} = {v}" for k, v in r.items()) for r in readings if r)
    return f"{profile} ({text})" if text else profile


def differences(profiles: list[dict[str, Any]], fields: tuple[str, ...],
                reconciled: str | None) -> dict[str, Any]:
    """Where the answers of the profiles that read the situation differ: the fields, and for
    each the profiles whose answer differs from the reconciled profile's (or, when that one
    does not read it, from the first answer), marked ``(some readings)`` when only some of
    their readings differ; and the profiles that do not read the situation (a state that
    cannot arise under their rules), marked the same way."""
    admitted = [(e["profile"], a) for e in profiles for a in e["answers"]
                if a["status"] in ADMITTED]
    unadmitted = _unadmitted(profiles)
    fields_differing = [f for f in fields if len({repr(a[f]) for _, a in admitted}) > 1]
    base_name, base = next(((n, a) for n, a in admitted if n == reconciled),
                           admitted[0] if admitted else ("", {}))
    differ = _differing_profiles(profiles, fields_differing, base)
    return {"disagreements": fields_differing, "differ": differ,
            "compared_with": base_name or None, "unadmitted": unadmitted}


def _unadmitted(profiles: list[dict[str, Any]]) -> list[str]:
    """The profiles that do not read the situation, marked ``(some readings)`` when only
    some of their readings do not."""
    unadmitted = []
    for entry in profiles:
        out = [a["status"] not in ADMITTED for a in entry["answers"]]
        if any(out):
            unadmitted.append(entry["profile"] + ("" if all(out) else " (some readings)"))
    return unadmitted


def _differing_profiles(profiles: list[dict[str, Any]], fields_differing: list[str],
                        base: dict[str, Any]) -> dict[str, list[str]]:
    """For each differing field, the profiles whose admitted answers differ there from
    ``base``, marked ``(some readings)`` unless every reading of theirs does."""
    differ: dict[str, list[str]] = {}
    for f in fields_differing:
        for entry in profiles:
            got = [a[f] != base[f] for a in entry["answers"] if a["status"] in ADMITTED]
            if any(got):
                differ.setdefault(f, []).append(
                    entry["profile"] + ("" if all(got) and len(got) == len(entry["answers"])
                                        else " (some readings)"))
    return differ


def parts(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """An answer's parts that say something, each with its words and the rules deciding it."""
    if answer["status"] not in ADMITTED:
        why = NOT_ADMITTED.get(answer["status"], answer["status"])
        return {"error": {"part": "error", "text": f"{why}: {answer['error']}", "rules": []}}
    words = dict(answer.get("words", {}))
    if answer["then"]:
        words["then"] = "played " + " ".join(answer["then"])
    if answer["tricks"]:
        seats = ", ".join(str(w) for w in answer["tricks"])
        words["tricks"] = (f"trick won by seat {seats}" if len(answer["tricks"]) == 1
                           else f"tricks won by seats {seats}")
    if answer["status"] == "illegal":
        words["error"] = f"refused: {answer['error']}"
    rules = answer.get("rules", {})
    return {p: {"part": p, "text": words[p], "rules": rules.get(p, [])}
            for p in PARTS if p in words}


def _differing(answer: dict[str, Any], base: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The parts of ``answer`` whose words differ from the base answer's parts, and the base's
    parts it lacks (said as missing)."""
    got = parts(answer)
    changed = [part for name, part in got.items()
               if name not in base or part["text"] != base[name]["text"]]
    if answer["status"] in ADMITTED:
        changed += [{"part": name, "text": MISSING[name], "rules": []}
                    for name in base if name not in got]
    return changed


def readable(profiles: list[dict[str, Any]], reconciled: str | None,
             house: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The ruling as a player reads it: the answer under the reconciled profile (or the first
    profile, without one) part by part with the rules deciding each; then each house option
    (one rule of that profile read otherwise) and each other profile, or reading of one, that
    answers differently, with only the parts that differ; then the profiles that agree."""
    if not profiles:
        return {"profile": None, "parts": [], "house": [], "others": [], "same": []}
    first = next((e for e in profiles if e["profile"] == reconciled), profiles[0])
    base = parts(first["answers"][0])
    options = [{"option": h["option"], "rule": h["rule"], "status": h["status"],
                "parts": _differing(h, base)} for h in house or []]
    others, same = [], []
    for entry in profiles:
        if entry is first:
            continue
        differing = [{"profile": entry["profile"], "readings": answer["readings"],
                      "label": label(entry["profile"], answer["readings"]),
                      "status": answer["status"], "parts": changed}
                     for answer in entry["answers"] if (changed := _differing(answer, base))]
        if differing:
            others += differing
        else:
            same.append(entry["profile"])
    return {"profile": first["profile"], "status": first["answers"][0]["status"],
            "parts": list(base.values()), "house": [o for o in options if o["parts"]],
            "others": others, "same": same}


def departures(catalogue: Catalogue, game: str, profile: Profile, parameters: Iterable[str],
               numbers: dict[str, int]) -> Iterator[tuple[str, str, Profile]]:
    """Each house option among ``parameters``: the profile with one of the game's parameters
    read otherwise, as (parameter, reading, pinned profile), in rulebook order."""
    for pid in sorted(set(parameters) & set(profile.values),
                      key=lambda p: (numbers.get(p, 10**6), p)):
        parameter = catalogue.parameters.get(pid)
        if parameter is None or game not in parameter.games:
            continue
        for reading in parameter.readings:
            if reading.id not in profile.values[pid]:
                yield pid, reading.id, profile.pin({pid: reading.id})
