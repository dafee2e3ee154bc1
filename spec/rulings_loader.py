"""Loading ``rulings.toml`` and ``glossary.toml`` and checking them against the catalogue:
every parameter of every game ruled exactly once, each ruling equal to the reconciled
profile, every cited claim, source and referenced rule known."""

from __future__ import annotations

from typing import Any

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.document import SpecDocument
from trickrules.spec.model import Parameter, Profile
from trickrules.spec.ruling_policy import Decision, decisions
from trickrules.spec.rulings import (
    RULE_REFERENCE,
    Chapter,
    CoreRule,
    QuickSection,
    Rulebook,
    Ruling,
    RulingChange,
    Spelling,
    Term,
)
from trickrules.spec.sourcemap import DataPath


def _check_games(doc: SpecDocument, at: DataPath, games: list[str],
                 catalogue: Catalogue) -> None:
    for game in games:
        if game not in catalogue.games:
            raise doc.error((*at, "games"), f"unknown game {game!r}")


def _check_claims(doc: SpecDocument, at: DataPath, claims: list[str],
                  catalogue: Catalogue) -> None:
    for claim in claims:
        if claim not in catalogue.claims:
            raise doc.error(at, f"unknown claim {claim!r}")


def _check_references(doc: SpecDocument, at: DataPath, text: str, rule_ids: set[str]) -> None:
    for match in RULE_REFERENCE.finditer(text):
        if match.group(1) not in rule_ids:
            raise doc.error(at, f"{{{match.group(1)}}} names no rule of the book")


def _profiles(doc: SpecDocument, catalogue: Catalogue) -> dict[str, str]:
    profiles: dict[str, str] = {}
    for index, row in enumerate(doc.data["book"]):
        at: DataPath = ("book", index)
        if row["game"] not in catalogue.games:
            raise doc.error((*at, "game"), f"unknown game {row['game']!r}")
        profile = catalogue.profiles.get(row["profile"])
        if profile is None or profile.game.id != row["game"] or not profile.is_concrete:
            raise doc.error((*at, "profile"), f"{row['profile']!r} is not a concrete profile "
                                              f"of {row['game']}")
        profiles[row["game"]] = row["profile"]
    for game in catalogue.games:
        if game not in profiles:
            raise doc.error(("book",), f"no reconciled profile named for {game}")
    return profiles


def _rulings(doc: SpecDocument, catalogue: Catalogue, profiles: dict[str, str],
             rule_ids: set[str]) -> tuple[Ruling, ...]:
    ruled: dict[tuple[str, str], int] = {}
    rulings: list[Ruling] = []
    policy = decisions(catalogue)
    for index, row in enumerate(doc.data["ruling"]):
        at: DataPath = ("ruling", index)
        pid = row["parameter"]
        parameter = catalogue.parameters.get(pid)
        if parameter is None:
            raise doc.error((*at, "parameter"), f"unknown parameter {pid!r}")
        _check_games(doc, at, row["games"], catalogue)
        for game in row["games"]:
            if game not in parameter.games:
                raise doc.error((*at, "games"), f"{pid!r} does not apply to {game}")
            if (game, pid) in ruled:
                raise doc.error(at, f"{pid!r} in {game} is already ruled at ruling "
                                    f"{ruled[(game, pid)] + 1}")
            ruled[(game, pid)] = index
            _check_reconciled(doc, at, row, game, catalogue.profile(profiles[game]), policy)
        _check_ruling_words(doc, at, row, parameter, catalogue, rule_ids)
        rulings.append(Ruling(pid, tuple(row["games"]), row["reading"], row["rule"],
                              row["why"], tuple(row.get("cites", ()))))
    _check_every_rule_ruled(doc, catalogue, ruled)
    return tuple(rulings)


def _check_reconciled(doc: SpecDocument, at: DataPath, row: dict[str, Any], game: str,
                      profile: Profile, policy: dict[tuple[str, str], Decision]) -> None:
    """A ruling's reading is the one its game's reconciled profile plays, and the one the
    ruling policy decides when it decides one."""
    pid = row["parameter"]
    if profile.value(pid) != row["reading"]:
        raise doc.error((*at, "reading"),
                        f"ruling {pid} = {row['reading']!r} for {game}, but the "
                        f"reconciled profile {profile.id} has {profile.value(pid)!r}")
    decided = policy[(game, pid)]
    if decided.reading is not None and decided.reading != row["reading"]:
        raise doc.error((*at, "reading"),
                        f"ruling {pid} = {row['reading']!r} for {game}, but the ruling "
                        f"policy decides {decided.reading!r} by {decided.basis}")


def _check_ruling_words(doc: SpecDocument, at: DataPath, row: dict[str, Any],
                        parameter: Parameter, catalogue: Catalogue, rule_ids: set[str]) -> None:
    """A ruling's reading is one of its parameter's, its citations are known claims and its
    rule and reason name only rules of the book."""
    if row["reading"] not in parameter.reading_ids:
        raise doc.error((*at, "reading"), f"{row['parameter']} = {row['reading']!r} is not a "
                                          f"reading (readings: "
                                          f"{', '.join(parameter.reading_ids)})")
    _check_claims(doc, (*at, "cites"), row.get("cites", []), catalogue)
    for key in ("rule", "why"):
        _check_references(doc, (*at, key), row[key], rule_ids)


def _check_every_rule_ruled(doc: SpecDocument, catalogue: Catalogue,
                            ruled: dict[tuple[str, str], int]) -> None:
    """Every parameter of every game has a ruling."""
    for game in catalogue.games:
        for parameter in catalogue.parameters_for(game):
            if (game, parameter.id) not in ruled:
                raise doc.error(("ruling",), f"no ruling for {parameter.id!r} in {game}")


def _core(doc: SpecDocument, catalogue: Catalogue, rule_ids: set[str]) -> tuple[CoreRule, ...]:
    core = []
    for index, row in enumerate(doc.data["core"]):
        at: DataPath = ("core", index)
        if row["id"] in catalogue.parameters:
            raise doc.error((*at, "id"), f"core rule {row['id']!r} has a parameter's id")
        _check_games(doc, at, row["games"], catalogue)
        _check_claims(doc, (*at, "claims"), row["claims"], catalogue)
        _check_references(doc, (*at, "rule"), row["rule"], rule_ids)
        core.append(CoreRule(row["id"], row["topic"], tuple(row["games"]), row["rule"],
                             tuple(row["claims"]), row["title"]))
    return tuple(core)


def _chapters(doc: SpecDocument, catalogue: Catalogue) -> tuple[Chapter, ...]:
    chapters = [Chapter(row["number"], row["title"], tuple(row["topics"]),
                        tuple(row.get("rules", ())))
                for row in doc.data["chapter"]]
    topics = [topic for chapter in chapters for topic in chapter.topics]
    needed = {p.topic for p in catalogue.parameters.values()}
    needed |= {row["topic"] for row in doc.data["core"]}
    for topic in sorted(needed - set(topics)):
        raise doc.error(("chapter",), f"no chapter holds the topic {topic!r}")
    numbers = [chapter.number for chapter in chapters]
    if numbers != sorted(set(numbers)):
        raise doc.error(("chapter",), "chapter numbers must rise and not repeat")
    for index, chapter in enumerate(chapters):
        _check_order(doc, index, chapter, catalogue)
    return tuple(chapters)


def _check_order(doc: SpecDocument, index: int, chapter: Chapter, catalogue: Catalogue) -> None:
    """A chapter's ``rules``, when given, name every rule of its topics exactly once, so the
    order of a game is stated and no rule is left out of it."""
    if not chapter.rules:
        return
    topics = set(chapter.topics)
    members = {row["id"] for row in doc.data["core"] if row["topic"] in topics}
    members |= {p.id for p in catalogue.parameters.values() if p.topic in topics}
    listed = set(chapter.rules)
    for rule in sorted(listed - members):
        raise doc.error(("chapter", index, "rules"), f"{rule!r} is not a rule of chapter "
                                                      f"{chapter.number}'s topics")
    for rule in sorted(members - listed):
        raise doc.error(("chapter", index, "rules"), f"chapter {chapter.number} leaves out "
                                                      f"its rule {rule!r}")


def _changes(doc: SpecDocument, catalogue: Catalogue,
             rulings: tuple[Ruling, ...]) -> tuple[RulingChange, ...]:
    """The rulings this edition changed: each names a ruling of the book and its games, an
    old reading of the parameter, and the ruling's reading as the new one; an entry whose
    reading is kept names the step that decided it before."""
    ruled = {(game, r.parameter): r.reading for r in rulings for game in r.games}
    changes = []
    for index, row in enumerate(doc.data.get("changed", ())):
        at: DataPath = ("changed", index)
        pid = row["parameter"]
        for game in row["games"]:
            if (game, pid) not in ruled:
                raise doc.error((*at, "games"), f"{pid!r} in {game} is not a ruling of the book")
            if ruled[(game, pid)] != row["new"]:
                raise doc.error((*at, "new"), f"changed {pid}: new reading {row['new']!r} is not "
                                              f"the ruling's {ruled[(game, pid)]!r}")
        if row["old"] not in catalogue.parameters[pid].reading_ids:
            raise doc.error((*at, "old"), f"{pid} = {row['old']!r} is not a reading")
        if row["old"] == row["new"] and "old_step" not in row:
            raise doc.error(at, f"changed {pid}: the reading is kept, so old_step must say "
                                "which step decided it before")
        changes.append(RulingChange(pid, tuple(row["games"]), row["old"], row["new"], row["why"],
                                    row.get("old_step")))
    return tuple(changes)


def _glossary(doc: SpecDocument, catalogue: Catalogue, rule_ids: set[str]) -> tuple[Term, ...]:
    doc.validate("glossary.schema.json")
    terms = []
    seen: set[str] = set()
    for index, row in enumerate(doc.data["term"]):
        at: DataPath = ("term", index)
        if row["id"] in seen:
            raise doc.error((*at, "id"), f"duplicate term id {row['id']!r}")
        seen.add(row["id"])
        for rule in row.get("rules", ()):
            if rule not in rule_ids:
                raise doc.error((*at, "rules"), f"term {row['id']!r} names unknown rule {rule!r}")
        spellings = [_spelling(doc, (*at, "spellings", s_index), row["id"], item, catalogue)
                     for s_index, item in enumerate(row["spellings"])]
        terms.append(Term(row["id"], row["term"], row["meaning"], tuple(spellings),
                          tuple(row.get("rules", ()))))
    return tuple(terms)


def _spelling(doc: SpecDocument, at: DataPath, term: str, item: dict[str, Any],
              catalogue: Catalogue) -> Spelling:
    """One spelling of a glossary term, its sources known, or its public engine or page one
    the family's practice evidence cites."""
    for source in item.get("sources", ()):
        if source not in catalogue.sources:
            raise doc.error((*at, "sources"), f"term {term!r}: unknown source {source!r}")
    practice = item.get("practice")
    if practice is not None and practice not in {e.where for e in catalogue.practice}:
        raise doc.error((*at, "practice"), f"term {term!r}: {practice!r} is not the `where` of "
                        "any evidence in practice.toml")
    return Spelling(item["text"], tuple(item.get("sources", ())), item.get("note"), practice)


def _quick(doc: SpecDocument, rule_ids: set[str]) -> tuple[QuickSection, ...]:
    """The quick reference's sections, each naming rules of the book."""
    sections = []
    for index, row in enumerate(doc.data.get("quick", ())):
        for rule in row["rules"]:
            if rule not in rule_ids:
                raise doc.error(("quick", index, "rules"), f"{rule!r} is not a rule of the book")
        sections.append(QuickSection(row["title"], tuple(row["rules"])))
    return tuple(sections)


def load_rulebook(rulings: SpecDocument, glossary: SpecDocument,
                  catalogue: Catalogue) -> Rulebook:
    """The rulebook data of ``rulings`` and ``glossary``, checked against ``catalogue``."""
    rulings.validate("rulings.schema.json")
    data: dict[str, Any] = rulings.data
    rule_ids = {row["id"] for row in data["core"]} | {row["parameter"] for row in data["ruling"]}
    profiles = _profiles(rulings, catalogue)
    ruled = _rulings(rulings, catalogue, profiles, rule_ids)
    return Rulebook(profiles, _chapters(rulings, catalogue), _core(rulings, catalogue, rule_ids),
                    ruled, _glossary(glossary, catalogue, rule_ids),
                    changes=_changes(rulings, catalogue, ruled), quick=_quick(rulings, rule_ids))
