"""How much each dispute matters in play, from the committed simulation study
(``trickrules/simulate/results.json``, made by ``trickrules simulate --dispute all``): one line on
each dispute's page, and a chapter per part ranking its disputes by how often the game's
winner changes, with the players used and what the figures do not say."""

from __future__ import annotations

from functools import cache
from typing import Any

from trickrules.rulebook.rst import dispute_label, escape, heading, label, page_label, ref, table
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import family_name


@cache
def _results() -> dict[str, Any]:
    """The committed study, read once."""
    from trickrules.simulate.store import load_results

    return load_results()


def impact_line(dispute_id: str) -> list[str]:
    """The dispute's figures in play as one paragraph (none when it was not studied)."""
    from trickrules.simulate.store import by_dispute, sentence

    results = _results()
    study = by_dispute(results).get(dispute_id)
    if study is not None:
        return [f"**In play:** the readings' difference {escape(sentence(study))}.", ""]
    for skipped in results.get("not_playable", []):
        if skipped["dispute"] == dispute_id:
            return [f"**In play:** not simulated: the engine plays one reading in no game "
                    f"({escape(skipped['reason'])}).", ""]
    return []


def _percent(rate: dict[str, Any]) -> str:
    half = (rate["high"] - rate["low"]) / 2
    return f"{rate['rate']:.1%} ± {half:.1%}"


def impact_page(catalogue: Catalogue) -> list[str]:
    """The chapter ranking the part's disputes by their impact in play."""
    from trickrules.proofs.disputes import dispute_id, dispute_questions
    from trickrules.simulate.store import ranking

    results = _results()
    family = family_name(catalogue)
    current = {dispute_id(game, *question) for game in catalogue.games
               for question in dispute_questions(catalogue, game)}
    studied = [s for s in ranking(results) if s["game"] in catalogue.games]
    studies = [s for s in studied if s["dispute"] in current]
    lines = [*label(page_label(family, "impact")), *heading("Which disputes matter in play", 0)]
    if not studies:
        return [*lines, "No dispute of this part has been simulated.", ""]
    lines += _how_studied(results, studies)
    lines += _edition_note(catalogue, [s for s in studied if s["dispute"] not in current])
    lines += table(["rank", "dispute (the rule, and its two readings)",
                    "the game's winner changes", "the hand's score changes"],
                   _ranking_rows(catalogue, studies), [8, 48, 22, 22])
    lines += _not_simulated(catalogue, results)
    return lines


def _edition_note(catalogue: Catalogue, gone: list[dict[str, Any]]) -> list[str]:
    """When this edition changed rulings: that the study was played under the rulings before
    the change, and the studied disputes that are no longer disputes of the book."""
    assert catalogue.rulebook is not None
    if not catalogue.rulebook.changes:
        return []
    policy = ref(page_label(family_name(catalogue), "policy"),
                 "the rulings changed in this edition")
    lines = [f"*This edition.* The study was played under the rulings as they stood before "
             f"{policy}; its figures are of those rules until it is made again."]
    if gone:
        lines.append(" Studied then, and no longer a dispute of this book: "
                     + "; ".join(escape(s["dispute"]) for s in gone) + ".")
    return ["".join(lines), ""]


def _how_studied(results: dict[str, Any], studies: list[dict[str, Any]]) -> list[str]:
    """How the disputes were played out and ranked, and what the figures do not say."""
    games = sorted({s["games"] for s in studies})
    players = sorted({v for s in studies for v in s["players"].values()})
    words = {"rules": "the rule-based players", "random": "random players"}
    return [
        f"Each dispute was played out: the same {', '.join(f'{g:,}' for g in games)} seeded "
        f"games, dealt alike, played by {' and '.join(words.get(p, p) for p in players)} "
        "under each of its two readings (the rulebook's rules with one rule read each way), "
        "and counted where the two differ. The rates come with 95% intervals (Wilson). The "
        "disputes are ranked by how often the game's winner changes, then the hand's "
        "score. The study is made by ``" + escape(results["command"]) + "``.", "",
        f"*What these figures do not say.* {escape(results['what_it_does_not_say'])}", ""]


def _ranking_rows(catalogue: Catalogue, studies: list[dict[str, Any]]) -> list[list[str]]:
    """A table row per studied dispute, in rank order: its rule and readings (with its game
    when the part has several), and how often the winner and the hand's score change."""
    rows = []
    for rank, study in enumerate(studies, start=1):
        outcomes = study["outcomes"]
        parameter = catalogue.parameters[study["parameter"]]
        named = f"{parameter.title} ({' or '.join(study['readings'])})"
        if len(catalogue.games) > 1:
            named = f"{catalogue.games[study['game']].name}: {named}"
        rows.append([str(rank), ref(dispute_label(study["dispute"]), named),
                     _percent(outcomes["winner"]), _percent(outcomes["hand_score"])])
    return rows


def _not_simulated(catalogue: Catalogue, results: dict[str, Any]) -> list[str]:
    """The part's disputes left out of the study, each with the reason."""
    skipped = [s for s in results.get("not_playable", [])
               if s["dispute"].split("/")[0] in catalogue.games]
    if not skipped:
        return []
    return ["Not simulated (the engine plays one of the readings in no game): "
            + "; ".join(f"{ref(dispute_label(s['dispute']), s['dispute'])}: "
                        f"{escape(s['reason'].rstrip('.'))}" for s in skipped) + ".", ""]
