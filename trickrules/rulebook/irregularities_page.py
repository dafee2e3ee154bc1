"""The director's handbook, a chapter of a part and a PDF of its own: the director's powers,
then the procedures for what goes wrong at the deal, in the calls, in the play, in conduct and
in claims (each its procedure and penalty, marked as the book's own since no source states
them, and shown by questions whose rulings are computed when the book is built and checked
against what the rule data says they are), then the scoresheet, the form for announcing house
options and the index."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trickrules.proofs.outcome_words import answer_lines, card_words, words_for
from trickrules.rulebook.director_tools import (
    PARTS,
    announcement_lines,
    chapter_number,
    index_lines,
    schedule_lines,
    scoresheet_lines,
)
from trickrules.rulebook.prerequisites import RulebookError
from trickrules.rulebook.rst import (
    escape,
    heading,
    keep_with_picture,
    label,
    page_label,
    ref,
    rule_label,
)
from trickrules.rulebook.rules_pages import PART_START, rule_text
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.irregularities import Irregularity, IrregularityQuestion
from trickrules.spec.numbering import family_name
from trickrules.spec.registry import family as family_record

Ruler = Callable[[dict[str, Any]], dict[str, Any]]
"""What answers a question as ``judge`` does (:func:`trickrules.rulings.question.judge_question`),
given to the build by its caller: the rulebook does not depend on the ruling commands."""


def ruling_of(question: IrregularityQuestion, ruler: Ruler) -> dict[str, Any]:
    """The question's ruling under the book's rules; a ruling whose fields differ from what the
    rule data expects is an error (the words under it would be false)."""
    report = ruler(dict(question.question))
    wrong = {key: report["answer"].get(key) for key, value in question.expect.items()
             if report["answer"].get(key) != value}
    if wrong:
        raise RulebookError(f"irregularities.toml line {question.line}: {question.file} is "
                            f"ruled {wrong}, not {dict(question.expect)}")
    return report


def _cite(family: str, rule: dict[str, Any]) -> str:
    if rule.get("number") is None:
        return escape(str(rule.get("title") or rule["id"]))
    return ref(rule_label(family, rule["id"]), f"rule {rule['number']}")


def _pair(values: list[int], name: str) -> str:
    return f"{name} {values[0]} and {values[1]}"


def ruling_words(answer: Any, game: str = "", table: tuple[int, int] = (0, 0)) -> list[str]:
    """A ruling as a player reads it: the cards or calls allowed, a hand's score, a claim, in
    words; an answer of another shape as its fields, one a line. ``table``: the players at
    the table and the cards already in the trick, to show a claim's line trick by trick."""
    keys = set(answer) if isinstance(answer, dict) else set()
    if {"legal", "contract"} <= keys and answer["contract"] is None and game:
        words = words_for(game)
        return ["The calls allowed: " + ", ".join(words.action(a) for a in answer["legal"])
                + "."]
    if keys == {"cards"}:
        return ["The cards allowed: " + ", ".join(card_words(c) for c in answer["cards"]) + "."]
    if keys in ({"holds", "line"}, {"holds", "line", "card_points"}):
        return _claim_words(answer, *table)
    if keys == {"made", "team", "points"}:
        made = "The bid is made" if answer["made"] else "The bid is not made"
        return [f"{made}; team {answer['team']} scores {answer['points']} points."]
    if {"made", "total", "gahwa_winner"} <= keys:  # a hand's score, part by part
        return [_hand_score_words(answer)]
    return answer_lines(answer)


def _claim_words(answer: dict[str, Any], players: int = 0, in_trick: int = 0) -> list[str]:
    """A claim's ruling in words: whether it holds, a line of play that shows it trick by
    trick (when the table's size is known), and (in Baloot) each side's card points from the
    cards still to play."""
    held = ("The claim holds; a line of play that makes it" if answer["holds"]
            else "The claim does not hold; a line of play that beats it")
    cards = [card_words(c) for c in answer["line"]]
    if players:
        first = players - in_trick  # the trick in play is finished first
        tricks = [cards[:first], *(cards[i:i + players] for i in range(first, len(cards),
                                                                       players))]
        line = "; ".join(f"trick {n}: {', '.join(t)}" for n, t in enumerate(tricks, start=1))
    else:
        line = ", ".join(cards)
    how = ", each trick from the player who leads it" if players else ""
    words = [f"{held}{how}: {line}."]
    if "card_points" in answer:
        words.append(_pair(answer["card_points"], "Card points of the cards still to play, "
                                                  "side 0 then side 1:") + ".")
    return words


def _hand_score_words(answer: dict[str, Any]) -> str:
    """A hand's score in words: whether the contract is made, the game points part by part
    (side 0 then side 1), and the side that wins the game by the Gahwa."""
    made = "The contract is made." if answer["made"] else "The contract fails."
    parts = "; ".join(_pair(value, "in all" if key == "total" else key.capitalize())
                      for key, value in answer.items() if isinstance(value, list))
    gahwa = ("" if answer["gahwa_winner"] is None
             else f" Side {answer['gahwa_winner']} wins the game by the Gahwa.")
    return f"{made} Game points, side 0 then side 1: {parts}.{gahwa}"


def _table(question: IrregularityQuestion) -> tuple[int, int]:
    """The players at a question's table and the cards in the trick being played (none when
    the question has no situation)."""
    situation = question.question.get("situation")
    if not isinstance(situation, dict) or not isinstance(situation.get("hands"), list):
        return (0, 0)
    return (len(situation["hands"]), len(situation.get("trick") or ()))


def _question_lines(family: str, question: IrregularityQuestion, ruler: Ruler) -> list[str]:
    report = ruling_of(question, ruler)
    cited = ", ".join(_cite(family, r) for r in report["rules"])
    lines = [f"   *Example:* {escape(question.says)}", ""]
    lines += [f"   | {escape(line)}"
              for line in ruling_words(report["answer"], str(question.question["game"]),
                                       _table(question))]
    return [*lines, f"   | The rules that decide it: {cited}.", ""]


def _section(catalogue: Catalogue, number: str, item: Irregularity,
             ruler: Ruler) -> list[str]:
    family = family_name(catalogue)
    lines = [*keep_with_picture(PART_START), *label(rule_label(family, f"irregularity.{item.id}")),
             *heading(f"{number}. {item.title}", 3),
             f"   {rule_text(catalogue, item.procedure)}", ""]
    if item.sides:
        team = family_record(family).partnership
        lines += [f"   {line}" if line else "" for line in schedule_lines(item.sides, team)]
    if item.penalty:
        lines += [f"   *Penalty:* {rule_text(catalogue, item.penalty)}", ""]
    if item.committee:
        lines += ["   *Decided by:* the rules committee, where tournament practice needs a "
                  "ruling no text gives; it is not a source's rule.", ""]
    for question in item.questions:
        lines += _question_lines(family, question, ruler)
    return lines


def irregularities_page(catalogue: Catalogue, ruler: Ruler) -> list[str]:
    """The chapter, numbered after the rules' last chapter (``<n>01``, ``<n>02``, ...), its
    procedures in parts, then the scoresheet, the announcement form and the index."""
    family = family_name(catalogue)
    number = chapter_number(catalogue)
    lines = [*label(page_label(family, "irregularities")),
             *heading(f"{number}. The director's handbook", 0),
             "What a tournament runs on: who decides and how a ruling is appealed, what the "
             "director does when play goes wrong, the scoresheet, the form on which the house "
             "options are announced, and an index. These procedures are this book's own, "
             "written for tournaments; they are not taken from a published rule text. Each "
             "example's ruling was computed with the book's rules when this book was built.",
             ""]
    index = 0
    for part, title in PARTS.items():
        items = [i for i in catalogue.irregularities if i.part == part]
        if items:  # in print the part's title starts a page with its first procedure
            lines += [*keep_with_picture(PART_START + 40), *heading(title, 1)]
        for item in items:
            index += 1
            lines += _section(catalogue, f"{number}{index:02d}", item, ruler)
    return [*lines, *scoresheet_lines(catalogue), *announcement_lines(catalogue),
            *index_lines(catalogue)]


def director_root(catalogue: Catalogue, title: str) -> list[str]:
    """The root page of the director's handbook printed alone."""
    return [":orphan:", "", *heading(f"{title}: the director's handbook", 0),
            "The procedures a tournament director applies, the scoresheet, the form for "
            "announcing house options and an index; the rules themselves are in the players' "
            "and the committee editions.", "", ".. toctree::", "   :maxdepth: 2", "",
            "   irregularities", ""]
