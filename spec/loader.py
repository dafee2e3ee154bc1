"""Loading and validating the rule data: schema first, then cross-references.

Every failure is a :class:`~trickrules.spec.errors.SpecError` naming the file, the line and the
problem.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from trickrules.spec.cards import CardParseError, expand_pattern
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.coverage import load_sentence_book
from trickrules.spec.document import SpecDocument
from trickrules.spec.errors import SpecError
from trickrules.spec.irregularities import load_irregularities
from trickrules.spec.model import Claim, Game, Inheritance, Parameter, Profile, Reading, Source
from trickrules.spec.practice import load_practice
from trickrules.spec.registry import family_dir, family_of
from trickrules.spec.rule_examples import load_rule_examples
from trickrules.spec.rulings import RULE_REFERENCE
from trickrules.spec.rulings_loader import load_rulebook
from trickrules.spec.sourcemap import DataPath


def _unique(doc: SpecDocument, table: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for index, item_id in enumerate(ids):
        if item_id in seen:
            raise doc.error((table, index, "id"), f"duplicate {table} id {item_id!r}")
        seen.add(item_id)


def _load_games(doc: SpecDocument) -> dict[str, Game]:
    doc.validate("games.schema.json")
    rows = doc.data["game"]
    _unique(doc, "game", [row["id"] for row in rows])
    return {row["id"]: Game(row["id"], row["name"], row["players"]) for row in rows}


def _load_parameters(doc: SpecDocument, games: dict[str, Game]) -> dict[str, Parameter]:
    doc.validate("parameters.schema.json")
    rows = doc.data["parameter"]
    _unique(doc, "parameter", [row["id"] for row in rows])
    parameters: dict[str, Parameter] = {}
    for index, row in enumerate(rows):
        for game in row["games"]:
            if game not in games:
                raise doc.error(
                    ("parameter", index, "games"),
                    f"parameter {row['id']!r} names unknown game {game!r}",
                )
        parameters[row["id"]] = Parameter(
            row["id"], row["topic"], row["meaning"], tuple(row["games"]),
            _readings(doc, index, row), row.get("concrete"), row["title"],
        )
    return parameters


def _readings(doc: SpecDocument, index: int, row: dict[str, Any]) -> tuple[Reading, ...]:
    """The readings of the parameter at ``index``, in their order; a reading id given twice
    is refused."""
    readings: list[Reading] = []
    seen: set[str] = set()
    for r_index, item in enumerate(row["reading"]):
        at: DataPath = ("parameter", index, "reading", r_index)
        if item["id"] in seen:
            raise doc.error(
                (*at, "id"), f"parameter {row['id']!r} repeats reading {item['id']!r}"
            )
        seen.add(item["id"])
        readings.append(_reading(doc, at, item))
    return tuple(readings)


def _reading(doc: SpecDocument, at: DataPath, item: dict[str, Any]) -> Reading:
    """One reading of a parameter, its card patterns (``remove``) checked to name cards."""
    remove = item.get("remove")
    for pattern in remove or ():
        try:
            expand_pattern(pattern)
        except CardParseError as exc:
            raise doc.error((*at, "remove"), f"reading {item['id']!r}: {exc}") from None
    return Reading(
        item["id"],
        item["meaning"],
        item.get("value"),
        tuple(remove) if remove is not None else None,
        tuple(item["order"]) if "order" in item else None,
        tuple(sorted(item["table"].items())) if "table" in item else None,
    )


def _resolve_values(
    doc: SpecDocument, rows: list[dict[str, Any]], index: int, trail: tuple[str, ...]
) -> dict[str, Any]:
    """A profile's values with those of the profiles it extends underneath."""
    row = rows[index]
    values: dict[str, Any] = {}
    parent = row.get("extends")
    if parent is not None:
        if parent in trail:
            chain = " -> ".join((*trail, parent))
            raise doc.error(("profile", index, "extends"), f"profiles extend in a cycle: {chain}")
        positions = [i for i, other in enumerate(rows) if other["id"] == parent]
        if not positions:
            raise doc.error(
                ("profile", index, "extends"),
                f"profile {row['id']!r} extends unknown profile {parent!r}",
            )
        values.update(_resolve_values(doc, rows, positions[0], (*trail, parent)))
    values.update(row["values"])
    return values


def _load_profiles(
    doc: SpecDocument, games: dict[str, Game], parameters: dict[str, Parameter]
) -> dict[str, Profile]:
    doc.validate("profiles.schema.json")
    rows = doc.data["profile"]
    _unique(doc, "profile", [row["id"] for row in rows])
    profiles: dict[str, Profile] = {}
    for index, row in enumerate(rows):
        at: DataPath = ("profile", index)
        if row["game"] not in games:
            raise doc.error((*at, "game"), f"profile {row['id']!r}: unknown game {row['game']!r}")
        game = games[row["game"]]
        _check_profile_values(doc, at, row, parameters)
        merged = _resolve_values(doc, rows, index, (row["id"],))
        values = _profile_values(doc, at, row, game, merged, parameters)
        profiles[row["id"]] = Profile(
            row["id"], game, row["summary"], values, parameters, row.get("extends")
        )
    return profiles


def _check_profile_values(
    doc: SpecDocument, at: DataPath, row: dict[str, Any], parameters: dict[str, Parameter]
) -> None:
    """Every value a profile gives names a known parameter and readings of it."""
    for pid, choice in row["values"].items():
        if pid not in parameters:
            raise doc.error(
                (*at, "values", pid), f"profile {row['id']!r}: unknown parameter {pid!r}"
            )
        domain = parameters[pid].reading_ids
        for reading in [choice] if isinstance(choice, str) else choice:
            if reading not in domain:
                raise doc.error(
                    (*at, "values", pid),
                    f"profile {row['id']!r}: {pid} = {reading!r} is not a reading "
                    f"(readings: {', '.join(domain)})",
                )


def _profile_values(
    doc: SpecDocument,
    at: DataPath,
    row: dict[str, Any],
    game: Game,
    merged: dict[str, Any],
    parameters: dict[str, Parameter],
) -> dict[str, tuple[str, ...]]:
    """The readings of a profile (with those it extends) for each parameter of its game,
    each as a tuple; a parameter of its game left out, or one of another game given, is
    refused."""
    values: dict[str, tuple[str, ...]] = {}
    for parameter in parameters.values():
        applies = game.id in parameter.games
        if parameter.id not in merged:
            if applies:
                raise doc.error(
                    (*at, "values"),
                    f"profile {row['id']!r} assigns no reading to {parameter.id!r}",
                )
            continue
        if not applies:
            raise doc.error(
                (*at, "values", parameter.id),
                f"profile {row['id']!r}: {parameter.id!r} does not apply to {game.id}",
            )
        choice = merged[parameter.id]
        values[parameter.id] = (choice,) if isinstance(choice, str) else tuple(choice)
    return values


def _load_sources(doc: SpecDocument, games: dict[str, Game],
                  parameters: dict[str, Parameter]) -> dict[str, Source]:
    doc.validate("sources.schema.json")
    rows = doc.data["source"]
    _unique(doc, "source", [row["id"] for row in rows])
    for index, row in enumerate(rows):
        for game in row["games"]:
            if game not in games:
                raise doc.error(("source", index, "games"),
                                f"source {row['id']!r} names unknown game {game!r}")
    return {row["id"]: Source(row["id"], row["file"], row["title"], row["language"],
                              tuple(row["games"]), row["summary"], row.get("after"),
                              row.get("until"), _inheritances(doc, index, row, parameters))
            for index, row in enumerate(rows)}


def _inheritances(doc: SpecDocument, index: int, row: dict[str, Any],
                  parameters: dict[str, Parameter]) -> tuple[Inheritance, ...]:
    """A source's sections that follow another of its games, checked: both games its own,
    the sentence its own, and every parameter one both games have."""
    return tuple(_inheritance(doc, ("source", index, "inherits", place), row, entry, parameters)
                 for place, entry in enumerate(row.get("inherits", ())))


def _inheritance(doc: SpecDocument, where: DataPath, row: dict[str, Any],
                 entry: dict[str, Any], parameters: dict[str, Parameter]) -> Inheritance:
    """One section of source ``row`` that follows another of its games, checked: both games
    the source's own, different, and the sentence of the source."""
    game, parent = entry["game"], entry["parent"]
    for name in (game, parent):
        if name not in row["games"]:
            raise doc.error(where, f"source {row['id']!r} does not describe game {name!r}")
    if game == parent:
        raise doc.error(where, f"game {game!r} cannot inherit from itself")
    if not entry["sentence"].startswith(row["id"] + "."):
        raise doc.error(where, f"sentence {entry['sentence']!r} is not of source "
                               f"{row['id']!r}")
    chosen = _inherited_parameters(doc, where, entry, parameters)
    return Inheritance(game, parent, entry["sentence"], entry["quote"], chosen)


def _inherited_parameters(doc: SpecDocument, where: DataPath, entry: dict[str, Any],
                          parameters: dict[str, Parameter]) -> tuple[str, ...]:
    """The parameters an inheriting section follows its parent in: those it names, or all
    but those it names; each named one must be a parameter of both games."""
    game, parent = entry["game"], entry["parent"]
    shared = [p for p in parameters.values() if game in p.games and parent in p.games]
    named = entry.get("parameters", entry.get("all_but", ()))
    for pid in named:
        if pid not in {p.id for p in shared}:
            raise doc.error(where, f"parameter {pid!r} is not one of both {game!r} and "
                                   f"{parent!r}")
    return (tuple(named) if "parameters" in entry
            else tuple(p.id for p in shared if p.id not in named))


def _check_claim(doc: SpecDocument, index: int, row: dict[str, Any], sources: dict[str, Source],
                 parameters: dict[str, Parameter], ids: set[str]) -> None:
    """A claim checked against the catalogue: its source, games and gloss, the readings it
    fixes or allows, and the claims it conflicts with (of its own source, among ``ids``)."""
    at: DataPath = ("claim", index)
    cid = row["id"]
    source = _claim_source(doc, at, row, sources)
    touched = row.get("fixes") or row.get("readings") or {}
    key = "fixes" if "fixes" in row else "readings"
    for pid, choice in touched.items():
        _check_claim_reading(doc, (*at, key, pid), row, pid, choice, parameters)
    for other in row.get("conflicts_with", ()):
        if other not in ids or not other.startswith(source.id + "."):
            raise doc.error((*at, "conflicts_with"),
                            f"claim {cid!r}: conflicts_with names {other!r}, which is not a "
                            f"claim of source {source.id}")


def _claim_source(doc: SpecDocument, at: DataPath, row: dict[str, Any],
                  sources: dict[str, Source]) -> Source:
    """The source a claim quotes: known, the prefix of the claim's id, describing each of the
    claim's games, and glossed when not in English."""
    cid = row["id"]
    source = sources.get(row["source"])
    if source is None:
        raise doc.error((*at, "source"), f"claim {cid!r}: unknown source {row['source']!r}")
    if not cid.startswith(source.id + "."):
        raise doc.error((*at, "id"), f"claim {cid!r}: id must start with its source {source.id}.")
    for game in row["games"]:
        if game not in source.games:
            raise doc.error((*at, "games"),
                            f"claim {cid!r}: source {source.id} does not describe {game!r}")
    if source.language != "en" and "gloss" not in row:
        raise doc.error(at, f"claim {cid!r}: a quotation in {source.language!r} needs a gloss")
    return source


def _check_claim_reading(doc: SpecDocument, where: DataPath, row: dict[str, Any], pid: str,
                         choice: str | list[str], parameters: dict[str, Parameter]) -> None:
    """A parameter a claim fixes or allows readings of: known, one of each of the claim's
    games, and each reading named one of its readings."""
    cid = row["id"]
    parameter = parameters.get(pid)
    if parameter is None:
        raise doc.error(where, f"claim {cid!r}: unknown parameter {pid!r}")
    for game in row["games"]:
        if game not in parameter.games:
            raise doc.error(where, f"claim {cid!r}: {pid!r} does not apply to {game}")
    for reading in [choice] if isinstance(choice, str) else choice:
        if reading not in parameter.reading_ids:
            raise doc.error(where, f"claim {cid!r}: {pid} = {reading!r} is not a reading "
                                   f"(readings: {', '.join(parameter.reading_ids)})")


def _load_claims(doc: SpecDocument, sources: dict[str, Source],
                 parameters: dict[str, Parameter]) -> dict[str, Claim]:
    doc.validate("claims.schema.json")
    rows = doc.data["claim"]
    _unique(doc, "claim", [row["id"] for row in rows])
    ids = {row["id"] for row in rows}
    claims: dict[str, Claim] = {}
    for index, row in enumerate(rows):
        _check_claim(doc, index, row, sources, parameters, ids)
        claims[row["id"]] = Claim(
            row["id"], row["source"], tuple(row["games"]), row["topic"], row["quote"],
            row.get("kind", "states"), dict(row.get("fixes", {})),
            {pid: tuple(r) for pid, r in row.get("readings", {}).items()}, row.get("gloss"),
            row.get("why"), row.get("note"), row.get("variant"),
            tuple(row.get("conflicts_with", ())), tuple(row.get("rows", ())))
    return claims


def load_catalogue(directory: Path | str, *, sentences: bool = True) -> Catalogue:
    """Load and validate ``games.toml``, ``parameters.toml``, ``profiles.toml``,
    ``sources.toml``, ``claims.toml`` (none yet for a family whose sources are still to be
    read) and ``practice.toml``, then the rulebook's ``rulings.toml`` and
    ``glossary.toml`` when the directory has them. ``sentences=False`` skips the sentence
    book (to rebuild a stale sentence index)."""
    base = Path(directory)
    games = _load_games(SpecDocument(base / "games.toml"))
    parameters = _load_parameters(SpecDocument(base / "parameters.toml"), games)
    profiles = _load_profiles(SpecDocument(base / "profiles.toml"), games, parameters)
    sources = _load_sources(SpecDocument(base / "sources.toml"), games, parameters)
    claims_file = base / "claims.toml"
    claims = (_load_claims(SpecDocument(claims_file), sources, parameters)
              if claims_file.exists() else {})
    practice_file = base / "practice.toml"
    practice = (load_practice(SpecDocument(practice_file), games, parameters)
                if practice_file.exists() else ())
    irregular_file = base / "irregularities.toml"
    irregularities = (load_irregularities(SpecDocument(irregular_file), base, games)
                      if irregular_file.exists() else ())
    catalogue = Catalogue(games, parameters, profiles, sources, claims,
                          sentences=load_sentence_book(base, sources, claims)
                          if sentences else None, practice=practice,
                          irregularities=irregularities)
    rulings, glossary = base / "rulings.toml", base / "glossary.toml"
    if not rulings.exists():
        return catalogue
    book = load_rulebook(SpecDocument(rulings), SpecDocument(glossary), catalogue)
    book = replace(book, examples=load_rule_examples(base, book.rule_ids(), games))
    _check_procedures(base, catalogue, set(book.rule_ids()))
    return replace(catalogue, rulebook=book)


def _check_procedures(base: Path, catalogue: Catalogue, rule_ids: set[str]) -> None:
    """Every rule an irregularity's procedure names (``{rule.id}``) is a rule of the book."""
    for item in catalogue.irregularities:
        for match in RULE_REFERENCE.finditer(item.procedure):
            if match.group(1) not in rule_ids:
                raise SpecError(base / "irregularities.toml", item.line,
                                f"{{{match.group(1)}}} names no rule of the book")


@cache
def family_catalogue(family: str) -> Catalogue:
    """A registered family's shipped catalogue, loaded and validated once."""
    return load_catalogue(family_dir(family))


def game_catalogue(game_id: str) -> Catalogue:
    """The shipped catalogue of the family ``game_id`` belongs to."""
    return family_catalogue(family_of(game_id))
