"""The Source Quality chapter (each source's silences, ambiguities and contradictions) and
the list of every claim, which the rules' citations link to."""

from __future__ import annotations

from typing import Any

from trickrules.rulebook.rst import claim_label, escape, heading, label, page_label, quotation, ref
from trickrules.rulebook.rules_pages import game_names, rule_link
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.coverage import REASONS
from trickrules.spec.model import Claim
from trickrules.spec.numbering import family_name, numbers
from trickrules.spec.source_profiles import profile_id, stance


def _quality(catalogue: Catalogue, source_id: str, report: dict[str, Any]) -> list[str]:
    """A source's silences, ambiguities and contradictions, the checks its own rules fail and
    its claims that are no rule of this book, a bullet each."""
    claims = [c for c in catalogue.claims.values() if c.source == source_id]
    return [*_silences(catalogue, source_id), *_ambiguities(claims),
            *_contradictions(catalogue, claims), *_own_failures(catalogue, source_id, report),
            *_orphans(catalogue, source_id, report), ""]


def _silences(catalogue: Catalogue, source_id: str) -> list[str]:
    """Per game of the source, the rules it is silent on."""
    lines = []
    for game in catalogue.sources[source_id].games:
        silent = [p.id for p in catalogue.parameters_for(game)
                  if stance(catalogue, source_id, game, p.id).how == "silent"]
        lines.append(f"- Silent in {catalogue.games[game].name} on {len(silent)} rules: "
                     + (", ".join(rule_link(catalogue, p) for p in silent) or "none") + ".")
    return lines


def _ambiguities(claims: list[Claim]) -> list[str]:
    """Each ambiguous claim, why it is ambiguous and the readings it allows."""
    lines = []
    for claim in claims:
        if claim.kind == "ambiguous":
            readings = "; ".join(f"{p}: {', '.join(r)}" for p, r in claim.readings.items())
            lines.append(f"- Ambiguous {ref(claim_label(claim.id), f'[{claim.id}]')}: "
                         f"{escape(claim.why or '')} (readings {escape(readings)}).")
    return lines


def _contradictions(catalogue: Catalogue, claims: list[Claim]) -> list[str]:
    """Each pair of claims that contradict each other, with their quotations."""
    lines = []
    pairs = sorted({(min(c.id, o), max(c.id, o)) for c in claims for o in c.conflicts_with})
    for first, second in pairs:
        told = [f"{ref(claim_label(c), f'[{c}]')} \u201c{escape(catalogue.claims[c].quote)}\u201d"
                for c in (first, second)]
        lines.append(f"- Contradiction: {told[0]} against {told[1]}.")
    return lines


def _own_failures(catalogue: Catalogue, source_id: str, report: dict[str, Any]) -> list[str]:
    """The consistency checks the source's own profiles fail, with the readings failing, what
    the witness reads where the source is silent, and a witness that no deal can reach."""
    own = {profile_id(source_id, g) for g in catalogue.sources[source_id].games}
    lines = []
    for row in (report.get("sources") or {}).get("consistency", []):
        if row["finding"] and (row["profile"] in own or
                               row["profile"].startswith(f"src{source_id}-")):
            readings = ", ".join(f"{k} = {v}" for k, v in row["readings"].items())
            witness = row.get("witness") or {}
            lines.append(f"- Its own rules fail ``{row['id']}`` on ``{row['profile']}``"
                         f"{' with ' + escape(readings) if readings else ''}: "
                         f"**{row['verdict']}**."
                         + _silent_readings(catalogue, source_id, row["profile"], witness)
                         + _unreachable_words(witness))
    return lines


def _silent_readings(catalogue: Catalogue, source_id: str, profile: str,
                     witness: dict[str, Any]) -> str:
    """Words naming the readings a witness takes on rules the source is silent on: the
    failure may come from what the text leaves open rather than from what it states."""
    games = [g for g in catalogue.sources[source_id].games if profile.startswith(
        profile_id(source_id, g))]
    silent = [f"{key.removeprefix('reading ')} = {value}" for key, value in witness.items()
              if key.startswith("reading ") and games and stance(
                  catalogue, source_id, games[0], key.removeprefix("reading ")).how == "silent"]
    if not silent:
        return ""
    return (f" Its witness reads rules {source_id} is silent on ({escape('; '.join(silent))}): "
            "the failure may come from what the text leaves open, not from what it states "
            "(an inference from the witness, not a reading of the text).")


def unreachable_project(witness: dict[str, Any]) -> str | None:
    """Why a witness's project cannot be dealt, when its cards do not match its kind: four
    Aces hold neither the King nor the Queen of trump, and four of a kind not both."""
    kind = witness.get("kind")
    king, queen = witness.get("king in it"), witness.get("queen in it")
    if kind == "four-hundred" and (king or queen):
        return "a four-hundred is four Aces, which hold neither the King nor the Queen of trump"
    if kind == "hundred" and witness.get("a run") is False and king and queen:
        return "a hundred of four of a kind holds the King of trump or its Queen, not both"
    return None


def _unreachable_words(witness: dict[str, Any]) -> str:
    reason = unreachable_project(witness)
    if reason is None:
        return ""
    return (f" Its witness is no hand that can be dealt ({reason}): the check does not tie a "
            "project's kind to its cards, and this failure says nothing of play.")


def _orphans(catalogue: Catalogue, source_id: str, report: dict[str, Any]) -> list[str]:
    """The source's claims that no rule of this book takes, with their notes."""
    orphans = (report.get("sources") or {}).get("traceability", {}).get("orphan_claims", [])
    lines = []
    for claim_id in orphans:
        if catalogue.claims[claim_id].source == source_id:
            note = catalogue.claims[claim_id].note or ""
            lines.append(f"- Not a rule of this book: "
                         f"{ref(claim_label(claim_id), f'[{claim_id}]')}. {escape(note)}")
    return lines


def _coverage(catalogue: Catalogue, source_id: str) -> list[str]:
    """How the source's sentences are accounted for: cited by claims or marked, by reason."""
    if catalogue.sentences is None or source_id not in catalogue.sentences.sentences:
        return []
    c = catalogue.sentences.coverage(source_id)
    marked = "; ".join(f"{n} {REASONS[r]}" for r, n in sorted(c.marked.items(),
                                                             key=lambda x: -x[1]))
    missing = (f" **{len(c.missing)} are not accounted for:** {', '.join(c.missing)}."
               if c.missing else " Every sentence is accounted for.")
    return [f"*Sentence coverage:* the text splits into {c.total} sentences; {c.cited} are "
            f"cited by claims and {sum(c.marked.values())} are marked as stating no rule"
            f"{' (' + escape(marked) + ')' if marked else ''}.{missing}", ""]


def _claim_entry(catalogue: Catalogue, claim: Claim) -> list[str]:
    lines = [*label(claim_label(claim.id)), *heading(f"[{claim.id}]", 3)]
    kind = claim.kind + (f", variant {claim.variant}" if claim.variant else "")
    games = game_names(catalogue, claim.games, ", ")
    lines += [f"*{escape(claim.topic)}; {escape(kind)}; {games}*", ""]
    lines += quotation(claim.quote, claim.gloss, f"source {claim.source}")
    touched = claim.allowed()
    if touched:
        lines += ["Readings: " + "; ".join(f"``{p}`` = {' or '.join(r)}"
                                          for p, r in touched.items()), ""]
    for text in (claim.why, claim.note):
        if text:
            lines += [escape(text), ""]
    taken = rules_taking(catalogue, claim)
    if taken:
        lines += ["*Taken by* " + ", ".join(rule_link(catalogue, r) for r in taken) + ".", ""]
    return lines


def rules_taking(catalogue: Catalogue, claim: Claim) -> list[str]:
    """The rules of the book a claim bears on: those whose readings it fixes or allows, the
    agreed rules it states and the rulings that cite it, in book order."""
    book = catalogue.rulebook
    assert book is not None
    rules = set(claim.allowed())
    rules |= {c.id for c in book.core if claim.id in c.claims}
    rules |= {r.parameter for r in book.rulings if claim.id in r.cites}
    order = numbers(catalogue)
    return sorted((r for r in rules if r in order), key=order.__getitem__)


def _inheritance(catalogue: Catalogue, source_id: str) -> list[str]:
    """Each section of the source that says it follows another of its games, with its words,
    and the rules on which it is read with that game's claims."""
    lines: list[str] = []
    for entry in catalogue.sources[source_id].inherits:
        game, parent = catalogue.games[entry.game].name, catalogue.games[entry.parent].name
        lines += [f"Its {game} section says it follows {parent} ({entry.sentence}), so on "
                  + ", ".join(rule_link(catalogue, p) for p in entry.parameters)
                  + f" it is read with the {parent} claims as well as its own:", "",
                  *quotation(entry.quote, None, f"source {source_id}, {entry.sentence}")]
    return lines


def sources_page(catalogue: Catalogue, report: dict[str, Any]) -> list[str]:
    """The chapter: per source its quality, then every claim with its quotation."""
    lines = [*label(page_label(family_name(catalogue), "sources")),
             *heading("Sources and their quality", 0),
             "Each source is read as claims: a short quotation and the readings of the rules "
             "its words fix (a statement) or allow (an ambiguity). A rule a source never "
             "touches is a silence. Quotations are marked as such and cite their source; those "
             "from the Japanese source carry an English gloss.", ""]
    for source in catalogue.sources.values():
        lines += [*label(f"source-{source.id}"), *heading(f"{source.id}: {source.title}", 1)]
        lines += [escape(source.summary), ""]
        lines += _coverage(catalogue, source.id)
        lines += _inheritance(catalogue, source.id)
        lines += heading("Silences, ambiguities and contradictions", 2)
        lines += _quality(catalogue, source.id, report)
        lines += heading("Claims", 2)
        for claim in catalogue.claims.values():
            if claim.source == source.id:
                lines += _claim_entry(catalogue, claim)
    return lines
