"""Each source's claims turned into profiles, and what each source leaves silent or open.

A source profile gives a parameter the readings the source's claims allow: one reading when
its words fix it, several when they are ambiguous or contradict each other, and every reading
when the source is silent (left symbolic for the solver, never filled with a default). The
named variants a source lists get their own profiles on top of its main rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Claim, Profile


@dataclass(frozen=True)
class SourceSummary:
    """What one source says about one game."""

    source: str
    game: str
    claims: tuple[Claim, ...]
    silences: tuple[str, ...]
    ambiguities: tuple[Claim, ...]
    contradictions: tuple[tuple[str, str], ...]
    variants: tuple[str, ...]


def _claims(catalogue: Catalogue, source: str, game: str,
            stating: bool = False) -> list[Claim]:
    """The claims of ``source`` about ``game``; with ``stating``, only those whose words say
    their readings (an ``implies`` claim, which reaches its reading by an inference, left
    out)."""
    return [c for c in catalogue.claims.values() if c.source == source and game in c.games
            and not (stating and c.kind == "implies")]


def _allowed(claims: list[Claim]) -> dict[str, set[str]]:
    allowed: dict[str, set[str]] = {}
    for claim in claims:
        for pid, readings in claim.allowed().items():
            allowed.setdefault(pid, set()).update(readings)
    return allowed


def _inherited(catalogue: Catalogue, source: str, game: str,
               stating: bool = False) -> dict[str, list[Claim]]:
    """For each parameter the section of ``game`` takes from another game of the source, the
    main claims of that game touching it (not those already about ``game``; with
    ``stating``, only claims whose words say their readings)."""
    out: dict[str, list[Claim]] = {}
    for inheritance in catalogue.sources[source].inherited(game):
        parents = [c for c in _claims(catalogue, source, inheritance.parent, stating)
                   if c.variant is None and game not in c.games]
        for pid in inheritance.parameters:
            touching = [c for c in parents if pid in c.allowed()]
            if touching:
                out.setdefault(pid, []).extend(touching)
    return out


def _main_allowed(catalogue: Catalogue, source: str, game: str,
                  stating: bool = False) -> dict[str, set[str]]:
    """The readings the source's main rules allow for ``game``, each section read with the
    sections it says it follows: where both speak, the readings both allow (the section's own
    words and the parent's rule it refers to), or all of them when they contradict. With
    ``stating``, only the claims whose words say their readings are read."""
    allowed = _allowed([c for c in _claims(catalogue, source, game, stating)
                        if c.variant is None])
    for pid, claims in _inherited(catalogue, source, game, stating).items():
        parent = _allowed(claims)[pid]
        own = allowed.get(pid)
        allowed[pid] = parent if own is None else (own & parent) or (own | parent)
    return allowed


TextStands = dict[str, tuple[tuple[str, tuple[str, ...]], ...]]
"""For each parameter, the sources that take a stand on it, each with the readings it allows."""


def speaking_texts(catalogue: Catalogue, game: str) -> TextStands:
    """For each parameter of ``game``, the sources whose main rules speak on it, each with the
    readings their words allow (in catalogue order). A silent source is left out, and so is a
    source that only leans to a reading by an inference (its ``implies`` claims): the words
    of such a text do not say the reading (see :func:`leaning_texts`)."""
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for source in catalogue.sources.values():
        if game not in source.games or not _claims(catalogue, source.id, game):
            continue
        for pid, readings in _main_allowed(catalogue, source.id, game, stating=True).items():
            order = catalogue.parameters[pid].reading_ids
            out.setdefault(pid, []).append((source.id, tuple(r for r in order if r in readings)))
    return {pid: tuple(stands) for pid, stands in out.items()}


def leaning_texts(catalogue: Catalogue, game: str) -> TextStands:
    """For each parameter of ``game``, the sources whose words do not speak on it but whose
    ``implies`` claims lean to readings of it by an inference, each with those readings: the
    text leaning, shown beside the texts that speak and never counted with them."""
    speaking = speaking_texts(catalogue, game)
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for source in catalogue.sources.values():
        if game not in source.games or not _claims(catalogue, source.id, game):
            continue
        for pid, readings in _main_allowed(catalogue, source.id, game).items():
            if any(s == source.id for s, _ in speaking.get(pid, ())):
                continue
            order = catalogue.parameters[pid].reading_ids
            out.setdefault(pid, []).append((source.id, tuple(r for r in order if r in readings)))
    return {pid: tuple(stands) for pid, stands in out.items()}


def summary(catalogue: Catalogue, source: str, game: str) -> SourceSummary:
    """Claims, silences, ambiguities and contradictions of ``source`` about ``game``."""
    inherited = _inherited(catalogue, source, game)
    extra = {c.id: c for claims in inherited.values() for c in claims}
    claims = _claims(catalogue, source, game) + list(extra.values())
    main = [c for c in claims if c.variant is None]
    touched = _main_allowed(catalogue, source, game)
    silences = tuple(p.id for p in catalogue.parameters_for(game) if p.id not in touched)
    contradictions = _declared_conflicts(main) | _fixed_conflicts(main, extra, inherited)
    variants = tuple(sorted({c.variant for c in claims if c.variant is not None}))
    return SourceSummary(source, game, tuple(claims), silences,
                         tuple(c for c in main if c.kind == "ambiguous"),
                         tuple(sorted(contradictions)), variants)


def _declared_conflicts(main: list[Claim]) -> set[tuple[str, str]]:
    """The pairs of main claims a claim says it conflicts with, each pair in id order."""
    contradictions: set[tuple[str, str]] = set()
    for claim in main:
        for other in claim.conflicts_with:
            contradictions.add(tuple(sorted((claim.id, other))))  # type: ignore[arg-type]
    return contradictions


def _fixed_conflicts(main: list[Claim], extra: dict[str, Claim],
                     inherited: dict[str, list[Claim]]) -> set[tuple[str, str]]:
    """The pairs of main claims that fix one parameter to different readings: the first to
    fix it and the one that disagrees. A claim taken from a parent game (``extra``) counts
    only for the parameters inherited from it."""
    contradictions: set[tuple[str, str]] = set()
    fixed: dict[str, Claim] = {}
    for claim in main:
        for pid, reading in claim.fixes.items():
            if claim.id in extra and claim not in inherited.get(pid, ()):
                continue
            first = fixed.setdefault(pid, claim)
            if first.fixes[pid] != reading:
                contradictions.add((first.id, claim.id))
    return contradictions


def profile_id(source: str, game: str, variant: str | None = None) -> str:
    """The id of a source profile: ``src000-kout6`` or ``src000-kout6-ace-only``."""
    return f"src{source}-{game}" + (f"-{variant}" if variant else "")


def source_profile(catalogue: Catalogue, source: str, game: str,
                   variant: str | None = None) -> Profile:
    """The profile of ``source`` for ``game`` (optionally one of its named variants)."""
    claims = _claims(catalogue, source, game)
    allowed = _main_allowed(catalogue, source, game)
    if variant is not None:
        chosen = [c for c in claims if c.variant == variant]
        if not chosen:
            raise KeyError(f"source {source} has no variant {variant!r} for {game}")
        allowed.update({pid: set(r) for pid, r in _allowed(chosen).items()})
    values: dict[str, tuple[str, ...]] = {}
    for parameter in catalogue.parameters_for(game):
        readings = allowed.get(parameter.id)
        values[parameter.id] = tuple(r for r in parameter.reading_ids
                                     if readings is None or r in readings)
    title = catalogue.sources[source].title
    what = f"variant {variant!r} of " if variant else ""
    return Profile(profile_id(source, game, variant), catalogue.games[game],
                   f"{what}{title}: its claims, with silences and ambiguities left open", values,
                   catalogue.parameters)


def source_profiles(catalogue: Catalogue) -> dict[str, Profile]:
    """Every source profile: each source and game it describes, and each named variant. A
    source with no claims for a game has none yet (its text is still to be read into claims)."""
    out: dict[str, Profile] = {}
    for source in catalogue.sources.values():
        for game in source.games:
            if not _claims(catalogue, source.id, game):
                continue
            out[profile_id(source.id, game)] = source_profile(catalogue, source.id, game)
            for variant in summary(catalogue, source.id, game).variants:
                out[profile_id(source.id, game, variant)] = source_profile(
                    catalogue, source.id, game, variant)
    return out


@dataclass(frozen=True)
class Stance:
    """What one source profile says about one parameter: the readings it allows, how (it
    ``states`` one, ``implies`` one by an inference only, is ``ambiguous``, ``contradicts``
    itself, or is ``silent``), and the claims behind it."""

    profile: str
    source: str
    variant: str | None
    readings: tuple[str, ...]
    how: str
    claims: tuple[str, ...]


def stance(catalogue: Catalogue, source: str, game: str, parameter: str,
           variant: str | None = None) -> Stance:
    """The stance of ``source`` (optionally one of its variants) on ``parameter``."""
    behind = _claims_behind(catalogue, source, game, parameter, variant)
    profile = source_profile(catalogue, source, game, variant)
    readings = tuple(profile.values[parameter])
    return Stance(profile.id, source, variant, readings, _how(behind, readings),
                  tuple(c.id for c in behind))


def _claims_behind(catalogue: Catalogue, source: str, game: str, parameter: str,
                   variant: str | None) -> list[Claim]:
    """The claims a stance on ``parameter`` rests on: the variant's own when it has some,
    else the main rules' (with those the section inherits from another game)."""
    claims = _claims(catalogue, source, game)
    main = [c for c in claims if c.variant is None and parameter in c.allowed()]
    main += _inherited(catalogue, source, game).get(parameter, [])
    chosen = [c for c in claims if variant is not None and c.variant == variant
              and parameter in c.allowed()]
    return chosen or main


def _how(behind: list[Claim], readings: tuple[str, ...]) -> str:
    """How a source takes its stance, from the claims behind it and the readings they leave:
    silent, states or implies one reading, ambiguous, or contradicts itself."""
    if not behind:
        return "silent"
    if len(readings) == 1:
        return "implies" if all(c.kind == "implies" for c in behind) else "states"
    if any(c.kind == "ambiguous" for c in behind):
        return "ambiguous"
    return "contradicts"
