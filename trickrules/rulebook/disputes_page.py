"""The Disputes chapter: each dispute with the sources side by side, their quotations, the
witness drawn as cards, the outcome under each reading, and the ruling."""

from __future__ import annotations

from typing import Any

from trickrules.proofs.outcome_words import is_play, outcome_text, title, witness_text
from trickrules.rulebook.cards_svg import describe, play_witness, single_card
from trickrules.rulebook.impact_page import impact_line
from trickrules.rulebook.policy_page import played_by
from trickrules.rulebook.rst import (
    claim_label,
    dispute_label,
    disputed_rule_label,
    escape,
    file_slug,
    heading,
    keep_with_picture,
    label,
    page_label,
    quotation,
    ref,
    table,
)
from trickrules.rulebook.rules_pages import HOW_WORDS, rule_link, rule_text
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import family_name, numbers, rulebook_of


def witness_drawing(dispute: dict[str, Any], outcome: dict[str, Any]) -> tuple[str, str] | None:
    """The file name and SVG of an outcome's witness, when it has cards to draw."""
    name = f"{file_slug(dispute['id'])}--{outcome['kind']}.svg"
    w = outcome["witness"]
    if is_play(w):
        return name, play_witness(w, outcome["kind"],
                                  witness_text(dispute["game"], outcome["kind"], w))
    if outcome["kind"] == "deal":
        return name, single_card(w["card"], f"{w['players']} players")
    return None


def _witness_words(dispute: dict[str, Any], outcome: dict[str, Any]) -> str:
    w = outcome["witness"]
    kind = outcome["kind"]
    if is_play(w) and kind == "legal":
        return f"Seat {w['mover']} is to play (highlighted)."
    if is_play(w):
        seat = (w["leader"] + len(w["trick"])) % len(w["hands"])
        return f"Seat {seat} completes the trick with the card drawn dashed."
    return witness_text(dispute["game"], kind, w)


def _sides_table(catalogue: Catalogue, dispute: dict[str, Any]) -> list[str]:
    parameter = catalogue.parameters[dispute["parameter"]]
    rows = []
    for reading in dispute["readings"]:
        groups: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
        for s in dispute["sides"][reading]:
            key = (s["source"], s["how"], tuple(s["claims"]))
            groups.setdefault(key, []).append(s["variant"] or "")
        holders = []
        for (source, how, claims), variants in groups.items():
            named = [v for v in variants if v]
            if named and "" in variants:
                who = f"{source} (and its variants {', '.join(named)})"
            elif named:
                who = f"{source} (variant {', '.join(named)})"
            else:
                who = source
            cited = " ".join(ref(claim_label(c), f"[{c}]") for c in claims)
            holders.append(f"{who} {HOW_WORDS[how]} {cited}".strip())
        played = played_by(catalogue, dispute["game"], parameter.id, reading)
        rows.append([f"``{reading}``", escape(parameter.reading(reading).meaning),
                     "; ".join(holders) or (f"no text; played by {played}" if played
                                            else "no source")])
    return table(["reading", "meaning", "sources"], rows, [18, 42, 40])


def _quotations(catalogue: Catalogue, dispute: dict[str, Any]) -> list[str]:
    seen: list[str] = []
    for reading in dispute["readings"]:
        for s in dispute["sides"][reading]:
            seen += [c for c in s["claims"] if c not in seen]
    lines: list[str] = []
    for claim_id in seen:
        claim = catalogue.claims[claim_id]
        source = catalogue.sources[claim.source]
        lines += quotation(claim.quote, claim.gloss,
                           f"source {source.id}, {escape(source.title)} "
                           f"{ref(claim_label(claim_id), f'[{claim_id}]')}")
    return lines


def _outcome_lines(dispute: dict[str, Any], outcome: dict[str, Any],
                   files: dict[str, str]) -> list[str]:
    what = title(dispute["game"], outcome["kind"])
    drawing = witness_drawing(dispute, outcome)
    lines = keep_with_picture() if drawing is not None else []
    lines += [f"**Differs in {what}.** " + escape(_witness_words(dispute, outcome)), ""]
    if outcome.get("context"):
        context = ", ".join(f"{k} = {v}" for k, v in outcome["context"].items())
        lines += [f"With {escape(context)} (the least departure from the rulebook that shows "
                  "a difference).", ""]
    if drawing is not None:
        name, svg = drawing
        files[name] = svg
        lines += [f".. image:: /_cards/{name}", "   :scale: 80%",
                  f"   :alt: witness of {dispute['id']}, {outcome['kind']}", ""]
    game, kind = dispute["game"], outcome["kind"]
    rows = [[f"``{reading}``", escape(outcome_text(game, kind, outcome["engine"][side], describe,
                                                   sep=", "))]
            for side, reading in zip(("a", "b"), dispute["readings"], strict=True)]
    lines += table(["reading", "outcome (replayed in the engine)"], rows, [30, 70])
    return lines


def _ruling_lines(catalogue: Catalogue, dispute: dict[str, Any]) -> list[str]:
    book = rulebook_of(catalogue)
    ruling = book.ruling(dispute["game"], dispute["parameter"])
    link = rule_link(catalogue, dispute["parameter"])
    if ruling.reading in dispute["readings"]:
        head = f"**Ruling:** the reading ``{ruling.reading}`` ({link})."
    else:
        head = (f"**Ruling:** neither; the book rules the reading ``{ruling.reading}`` ({link}), "
                "and both readings here are house options.")
    return [head, "", f"*Why:* {rule_text(catalogue, ruling.why)}", ""]


def _house_context_lines(catalogue: Catalogue, dispute: dict[str, Any]) -> list[str]:
    """A line saying that the two readings differ only under a house reading of another
    rule, when they do: the dispute is that house reading's, not the texts'."""
    needed = house_context(catalogue, dispute)
    if not needed:
        return []
    words = ", ".join(f"{rule_link(catalogue, pid)} = ``{r}``" for pid, r in needed.items())
    return [f"*A house reading's dispute:* the two readings differ only under the house "
            f"reading {words}, which no text states; under the readings of the texts they "
            "give the same outcome wherever the solver found a difference.", ""]


def dispute_section(catalogue: Catalogue, dispute: dict[str, Any],
                    files: dict[str, str]) -> list[str]:
    """One dispute, with its drawings added to ``files``."""
    parameter = catalogue.parameters[dispute["parameter"]]
    readings = " or ".join(dispute["readings"])
    lines = [*label(dispute_label(dispute["id"])),
             *heading(f"{parameter.title} ({readings})", 3),
             f"Dispute ``{dispute['id']}``", "",
             f"*{escape(parameter.meaning)}* Verdict: **{dispute['verdict']}**.", ""]
    lines += _sides_table(catalogue, dispute)
    lines += _quotations(catalogue, dispute)
    lines += _house_context_lines(catalogue, dispute)
    game = dispute["game"]
    same = [title(game, o["kind"]) for o in dispute["outcomes"] if o["verdict"] == "proved"]
    for outcome in dispute["outcomes"]:
        if outcome["verdict"] == "refuted":
            lines += _outcome_lines(dispute, outcome, files)
        elif outcome["verdict"] == "unknown":
            lines += [f"**Unknown** for {title(game, outcome['kind'])}: the solver gave no "
                      "answer within its limits; nothing is claimed.", ""]
    if same:
        lines += ["Proved the same under both readings: " + ", ".join(same) + ".", ""]
    lines += impact_line(dispute["id"])
    lines += _ruling_lines(catalogue, dispute)
    return lines


def disputes_page(catalogue: Catalogue, disputes: list[dict[str, Any]]) -> tuple[
        list[str], dict[str, str]]:
    """The Disputes chapter and the SVG drawings it uses."""
    files: dict[str, str] = {}
    lines = [*label(page_label(family_name(catalogue), "disputes")), *heading("Disputes", 0),
             "Every pair of readings of a rule that the sources (or their variants and "
             "ambiguities) support is a dispute, and so is each house reading that no text "
             "allows but public engines or rule pages play, against the ruling. For each, the "
             "solver either proved that the "
             "two readings never give a different outcome, or found the smallest situation "
             "where they do; that situation was then replayed in the engine under both "
             f"readings. There are {len(disputes)} disputes.", ""]
    kinds = [dispute_kind(catalogue, d) for d in disputes]
    lines += [f"Of these, {kinds.count('disagreement')} are disagreements: a text states (or "
              "implies) each reading. "
              f"{kinds.count('ambiguity')} are ambiguities: a reading stands only on words "
              "that allow it among others. "
              f"{kinds.count('gap')} are gaps: one reading is stated, or allowed by words, and "
              "the other only by a source's silence. "
              f"{kinds.count('house')} are house readings: no text states either reading, no "
              "text allows one of them (a reading public engines or rule pages play, set "
              "against the ruling), or the two differ only under a house reading of another "
              "rule.", ""]
    lines += ["The disputes are gathered by rule: each rule that is disputed has one section, "
              "with a table of every pair of its readings (a disagreement, an ambiguity, a gap "
              "or a house reading), where each pair first differs, and then each pair in full.", ""]
    rule_numbers = numbers(catalogue)
    for game in catalogue.games:
        mine = [d for d in disputes if d["game"] == game]
        lines += heading(f"{catalogue.games[game].name} ({len(mine)} disputes)", 1)
        for parameter in sorted({d["parameter"] for d in mine}, key=rule_numbers.__getitem__):
            members = [d for d in mine if d["parameter"] == parameter]
            lines += question_lines(catalogue, game, parameter, members)
            for dispute in members:
                lines += dispute_section(catalogue, dispute, files)
    return lines, files


def question_lines(catalogue: Catalogue, game: str, parameter: str,
                   members: list[dict[str, Any]]) -> list[str]:
    """The head of one disputed rule: its heading and a table of all its pairs of readings,
    each with its kind, its verdict and where the two first differ."""
    number = numbers(catalogue)[parameter]
    rows = []
    for dispute in members:
        differ = [title(game, o["kind"]) for o in dispute["outcomes"]
                  if o["verdict"] == "refuted"]
        rows.append([ref(dispute_label(dispute["id"]), " vs ".join(dispute["readings"])),
                     dispute_kind(catalogue, dispute), dispute["verdict"],
                     ", ".join(differ) or "nowhere"])
    readings = sorted({r for d in members for r in d["readings"]})
    lines = [*label(disputed_rule_label(game, parameter)),
             *heading(f"Rule {number}. {catalogue.parameters[parameter].title}", 2),
             f"{len(readings)} readings and {len(members)} "
             f"dispute{'s' if len(members) != 1 else ''} between them; the ruling is "
             f"{rule_link(catalogue, parameter)}.", ""]
    return lines + table(["the two readings", "kind", "verdict", "where they first differ"],
                         rows, [44, 14, 12, 30])


KINDS = ("disagreement", "ambiguity", "gap", "house")
"""The labels of a dispute, in the order the chapter counts them."""


def reading_support(catalogue: Catalogue, dispute: dict[str, Any], reading: str) -> str:
    """How the texts hold one reading of a dispute: ``stated`` when some claim of a source on
    its side states or implies it, ``ambiguous`` when it is only one of the readings some
    claim's words allow, ``silent`` when it is allowed only by sources that say nothing, and
    ``none`` when no source allows it."""
    sides = dispute["sides"][reading]
    claims = [catalogue.claims[cid] for side in sides for cid in side["claims"]]
    parameter = dispute["parameter"]
    if any(c.kind != "ambiguous" and c.fixes.get(parameter) == reading for c in claims):
        return "stated"
    if any(reading in c.allowed().get(parameter, ()) for c in claims):
        return "ambiguous"
    return "silent" if sides else "none"


def house_context(catalogue: Catalogue, dispute: dict[str, Any]) -> dict[str, str]:
    """The house readings elsewhere (readings no claim of the family names) that every
    witness of a differing dispute needs: the dispute is then one of that house reading,
    not of the texts. Empty when some witness needs none."""
    refuted = [o for o in dispute["outcomes"] if o["verdict"] == "refuted"]
    named = {(pid, r) for c in catalogue.claims.values() for pid, rs in c.allowed().items()
             for r in rs}
    needed: dict[str, str] = {}
    for outcome in refuted:
        house = {pid: r for pid, r in (outcome.get("context") or {}).items()
                 if (pid, r) not in named}
        if not house:
            return {}
        needed.update(house)
    return needed


def dispute_kind(catalogue: Catalogue, dispute: dict[str, Any]) -> str:
    """``disagreement`` when a text states (or implies) each reading; ``ambiguity`` when a
    reading stands only on words that allow it among others and the other is stated or
    allowed so too; ``gap`` when one reading is stated or allowed by words and the other only
    by a silence; ``house`` when neither is stated, when no text allows one of them (a reading
    played in practice, set against the ruling), or when every witness needs a house reading
    elsewhere (:func:`house_context`)."""
    support = {reading_support(catalogue, dispute, r) for r in dispute["readings"]}
    if "none" in support or support == {"silent"} or house_context(catalogue, dispute):
        return "house"
    if "silent" in support:
        return "gap"
    return "disagreement" if support == {"stated"} else "ambiguity"
