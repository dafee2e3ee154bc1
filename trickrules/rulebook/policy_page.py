"""How each ruling was decided, under the published ruling policy
(``trickrules.spec.ruling_policy``): the policy's page per part, with the evidence from practice
behind it, and the lines under each ruling that say which step decided it and what public engines
and rule pages play."""

from __future__ import annotations

from collections.abc import Iterable

from trickrules.rulebook.rst import escape, heading, label, page_label, ref, rule_label, table
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import family_name, numbers, option_name
from trickrules.spec.practice import HOUSE, Evidence
from trickrules.spec.ruling_policy import PRACTICE_LEAD, Decision, decisions

STEP_NAMES = {"texts": "the texts", "practice": "practice", "judgement": "judgement"}


def _link(text: str, url: str) -> str:
    return f"`{escape(text)} <{url}>`__" if url else escape(text)


def _reading_words(catalogue: Catalogue, parameter: str, reading: str, ruled: str,
                   found: list[Evidence]) -> str:
    if reading.startswith(HOUSE):
        return f"a reading this book does not have ({escape(found[0].note.rstrip('.'))})"
    if reading == ruled:
        return "this ruling"
    meaning = catalogue.parameters[parameter].reading(reading).meaning.rstrip(".")
    return f"option {option_name(catalogue, parameter, reading)} ({escape(meaning)})"


def _sources(findings: Iterable[Evidence]) -> str:
    seen: dict[str, Evidence] = {}
    for finding in findings:
        if finding.source not in seen or finding.confidence == "clear":
            seen[finding.source] = finding
    return ", ".join(_link(s, f.url) + ("" if f.confidence == "clear" else " (likely)")
                     for s, f in sorted(seen.items()))


def _texts_words(decision: Decision) -> str:
    counts = decision.text_counts()
    speaking = [stand.source for stand in decision.texts]
    if len(speaking) == 1 and len(decision.texts[0].readings) == 1:
        return f"the one text that speaks on it ({speaking[0]}) gives this reading"
    if all(decision.reading in stand.readings for stand in decision.texts):
        return (f"every text that speaks on it ({', '.join(speaking)}) allows this reading, "
                "and no other reading is allowed by all of them")
    return (f"more of the texts that speak on it allow this reading "
            f"({counts[decision.reading or '']} of {len(speaking)}) than any other")


def decided_by(catalogue: Catalogue, decision: Decision) -> str:
    """One sentence: which step of the policy decided this ruling, and on what."""
    policy = ref(page_label(family_name(catalogue), "policy"), "the ruling policy")
    if decision.step == "texts":
        why = _texts_words(decision)
    elif decision.step == "practice":
        played = dict(decision.practice)[decision.reading or ""]
        why = (f"the texts leave it open, and {len(played)} independent public engines and "
               f"rule pages clearly play this reading, at least {PRACTICE_LEAD} more than "
               "any other")
    else:
        why = ("neither the texts nor practice settle it, so the reason above weighs it "
               "against the other rulings")
    return f"**{STEP_NAMES[decision.step].capitalize()}** ({policy}): {why}."


def played_by(catalogue: Catalogue, game: str, parameter: str, reading: str) -> str:
    """The public engines and rule pages that play ``reading`` in ``game``, linked (empty when
    none was found)."""
    return _sources(f for f in catalogue.practice
                    if f.parameter == parameter and f.reading == reading and game in f.games)


def practice_lines(catalogue: Catalogue, game: str, parameter: str) -> list[str]:
    """The evidence from practice for one rule in one game: each reading played, with the
    public engines and rule pages that play it; none when nothing was found."""
    findings = [f for f in catalogue.practice if f.parameter == parameter and game in f.games]
    if not findings:
        return ["   *In practice:* no public engine or rule page read for this book says.", ""]
    by_reading: dict[str, list[Evidence]] = {}
    for finding in findings:
        by_reading.setdefault(finding.reading, []).append(finding)
    ranked = sorted(by_reading.items(), key=lambda pair: (-len({f.source for f in pair[1]}),
                                                           pair[0]))
    assert catalogue.rulebook is not None
    ruled = catalogue.rulebook.ruling(game, parameter).reading
    played = [f"{_reading_words(catalogue, parameter, reading, ruled, found)}: {_sources(found)}"
              for reading, found in ranked]  # one paragraph: no label left alone in print
    return [f"   *In practice:* {'; '.join(played)}.", ""]


def leaning_words(catalogue: Catalogue, decision: Decision, ruled: str) -> str:
    """The texts that lean to a reading by an inference without stating it, in words (empty
    when none does): shown beside the step, never counted in it."""
    parts = []
    for stand in decision.leaning:
        readings = [("this ruling" if r == ruled else
                     f"option {option_name(catalogue, decision.parameter, r)}")
                    for r in stand.readings]
        parts.append(f"{stand.source} leans to {' or '.join(readings)}")
    if not parts:
        return ""
    return ("; ".join(parts) + " by an inference from its words, which the texts step does "
            "not count as the text stating it")


def against_words(decision: Decision, ruled: str) -> str:
    """A sentence saying that the ruling goes against most public engines and rule pages
    that were read (clear findings), whatever step decided it; empty when it does not."""
    against, playing = decision.against_practice(ruled)
    if 2 * against <= playing:
        return ""
    return (f"this ruling goes against most public engines and rule pages that were read: "
            f"{against} of the {playing} that play this rule clearly play another reading")


def ruling_policy_lines(catalogue: Catalogue, games: Iterable[str], parameter: str,
                        all_decisions: dict[tuple[str, str], Decision]) -> list[str]:
    """The *Decided by* and *In practice* lines under one ruling, for each of its games, with
    the texts leaning and a ruling's going against most of practice when they apply."""
    games = tuple(games)
    lines = []
    assert catalogue.rulebook is not None
    for game in games:
        named = f" ({catalogue.games[game].name})" if len(games) > 1 else ""
        decision = all_decisions[(game, parameter)]
        ruled = catalogue.rulebook.ruling(game, parameter).reading
        lines += [f"   *Decided by{named}:* {decided_by(catalogue, decision)}", ""]
        leaning = leaning_words(catalogue, decision, ruled)
        if leaning:
            lines += [f"   *Texts leaning{named}:* {escape(leaning)}.", ""]
        against = against_words(decision, ruled)
        if against:
            lines += [f"   *Against practice{named}:* {escape(against.capitalize())}.", ""]
        lines += practice_lines(catalogue, game, parameter)
    return lines


POLICY_TEXT = [
    "Every ruling of this book is decided by the same three steps, taken in order; the first "
    "that settles a rule decides it.", "",
    "1. **The texts.** Each published text is read for what it says about the rule: one "
    "reading, several (an ambiguous or self-contradicting text), or none (a silent text, "
    "which counts for no reading). Only what a text's words say is counted: a text that "
    "leans to a reading by an inference, its words not saying it, is shown under the rule "
    "as leaning and counts for no reading, and a silence is never read as a statement. "
    "A reading that every text speaking on the rule allows, "
    "when it is the only such reading, is the ruling. Otherwise a reading that more of those "
    "texts allow than any other is the ruling.",
    "2. **Practice.** Where the texts leave the rule open, what is played decides: the public "
    "engines and rule pages read for this book, each counted once however many files or "
    "pages it has, and only where it plays the reading plainly. The reading played by the "
    "most of them is the ruling when at least {lead} more of them play it than any other "
    "reading, and when this book encodes it (a reading played only in practice is listed "
    "below, to be encoded before it can be ruled).",
    "3. **Judgement.** Otherwise the ruling's reason decides, weighing consistency with the "
    "other rulings: a rule read the same way as its neighbours, a game played one way in all "
    "its parts.", "",
    "Each rule says which step decided it, which texts only lean to a reading, and what "
    "practice plays; a ruling that goes against most public engines and rule pages says so, "
    "whatever step decided it. A ruling that contradicts the step that settles it cannot be "
    "published: the rule data is refused.", ""]


def policy_page(catalogue: Catalogue) -> list[str]:
    """The part's chapter on how its rulings were decided: the policy, every ruling's step,
    the sources of practice and the readings played only in practice."""
    family = family_name(catalogue)
    all_decisions = decisions(catalogue)
    lines = [*label(page_label(family, "policy")), *heading("How the rulings were decided", 0),
             *[line.replace("{lead}", str(PRACTICE_LEAD)) for line in POLICY_TEXT]]
    rule_numbers = numbers(catalogue)
    rows = _step_rows(catalogue, family, all_decisions, rule_numbers)
    steps = [d.step for d in all_decisions.values()]
    lines += heading("Which step decided each rule", 1)
    lines += [", ".join(f"{STEP_NAMES[s].capitalize()}: {steps.count(s)}"
                        for s in STEP_NAMES) + ".", ""]
    lines += table(["rule", "what it decides", "decided by"], rows, [10, 66, 24])
    lines += changed_lines(catalogue, family, rule_numbers)
    lines += _practice_sources(catalogue)
    lines += _practice_only(catalogue, family, rule_numbers)
    return lines


def _reading_name(catalogue: Catalogue, parameter: str, reading: str) -> str:
    meaning = catalogue.parameters[parameter].reading(reading).meaning.rstrip(".")
    return f"option {option_name(catalogue, parameter, reading)} ({escape(meaning)})"


def changed_lines(catalogue: Catalogue, family: str, rule_numbers: dict[str, int]) -> list[str]:
    """The section "Rulings changed in this edition": each ruling whose reading or deciding
    step this edition changed, with the old reading, the new one and why (none when the part
    has no change)."""
    assert catalogue.rulebook is not None
    changes = catalogue.rulebook.changes
    if not changes:
        return []
    lines = heading("Rulings changed in this edition", 1)
    lines += ["In this edition the texts step counts only what a text's words say: a text "
              "that reaches a reading by an inference is shown as leaning to it, and a silence "
              "is no statement. Decided again on that reading, these rulings changed:", ""]
    for change in sorted(changes, key=lambda c: (c.old == c.new, rule_numbers[c.parameter])):
        rule = ref(rule_label(family, change.parameter), f"rule {rule_numbers[change.parameter]}")
        title = escape(catalogue.parameters[change.parameter].title)
        if change.old != change.new:
            what = (f"was {_reading_name(catalogue, change.parameter, change.old)}; now "
                    f"{_reading_name(catalogue, change.parameter, change.new)}")
        else:
            what = (f"reading kept, {_reading_name(catalogue, change.parameter, change.new)}; "
                    f"it was decided by {STEP_NAMES[change.old_step or 'texts']}")
        lines += [f"- {rule}, {title}: {what}. {escape(change.why)}"]
    lines.append("")
    return lines


def _step_rows(catalogue: Catalogue, family: str,
               all_decisions: dict[tuple[str, str], Decision],
               rule_numbers: dict[str, int]) -> list[list[str]]:
    """A table row per ruling, in rule order: the rule, what it decides (with its game when
    the part has several) and the step that decided it."""
    rows = []
    for (game, parameter), decision in sorted(
            all_decisions.items(), key=lambda item: (rule_numbers[item[0][1]], item[0][0])):
        rule = ref(rule_label(family, parameter), str(rule_numbers[parameter]))
        named = catalogue.parameters[parameter].title
        if len(catalogue.games) > 1:
            named = f"{named} ({catalogue.games[game].name})"
        rows.append([rule, escape(named), STEP_NAMES[decision.step]])
    return rows


def _practice_sources(catalogue: Catalogue) -> list[str]:
    """The section on where practice was read: each source of practice, its kind and how
    many findings it gave."""
    lines = heading("Where practice was read", 1)
    sources: dict[str, Evidence] = {}
    for finding in catalogue.practice:
        sources.setdefault(finding.source, finding)
    kinds = {"engine": "a public engine", "rule-page": "a public rule page"}
    lines += ["Each source is counted once. A finding marked *likely* was inferred rather "
              "than read plainly, and is shown but not counted.", ""]
    for name, first in sorted(sources.items(), key=lambda pair: pair[0].lower()):
        count = sum(e.source == name for e in catalogue.practice)
        lines.append(f"- {_link(name, first.url)}: {kinds[first.kind]}, {count} "
                     f"finding{'' if count == 1 else 's'}")
    lines.append("")
    return lines


def _practice_only(catalogue: Catalogue, family: str,
                   rule_numbers: dict[str, int]) -> list[str]:
    """The section on the readings played in practice that the book does not encode yet
    (none when every one is encoded), each with its rule and sources."""
    house = sorted({(f.parameter, f.reading) for f in catalogue.practice if not f.encoded})
    if not house:
        return []
    lines = heading("Played in practice, not yet a reading of this book", 1)
    for parameter, reading in house:
        found = [f for f in catalogue.practice
                 if (f.parameter, f.reading) == (parameter, reading)]
        rule = (ref(rule_label(family, parameter), str(rule_numbers[parameter]))
                if parameter in rule_numbers else "a rule this book does not have")
        lines.append(f"- {escape(found[0].note.rstrip('.'))} ({rule}): {_sources(found)}")
    lines.append("")
    return lines
