"""The published ruling policy: the texts first, then practice, then judgement; the loader
refuses a ruling that contradicts the step that settles it, and the evidence from practice is
checked where it is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_family, edit_spec, spec_error

from trickrules.spec.loader import family_catalogue, load_catalogue
from trickrules.spec.ruling_policy import PRACTICE_LEAD, decide, decisions, practice_ranking


def test_the_changed_rulings_are_the_policys() -> None:
    """Each ruling the policy changed, with the step that decides it."""
    expected = {
        ("baloot", "score.hokom-threshold"): ("practice", "at-least-81"),
        ("baloot", "play.hokom-void"): ("practice", "must-trump-unless-partner-winning"),
        ("baloot", "auction.wrong-ashkal"): ("texts", "forced-sun"),
        ("baloot", "score.threshold-counts"): ("practice", "with-projects-and-baloot"),
        ("baloot", "deal.cut"): ("texts", "cutter-chooses"),
        ("baloot", "project.per-player"): ("texts", "up-to-two"),
        ("baloot", "auction.hokom-confirmation"): ("judgement", None),
        ("baloot", "double.tie"): ("judgement", None),
        ("baloot", "double.sun"): ("texts", "one-above-other-below-100"),
        ("kout6", "joker.counts-as-trump"): ("texts", "counts"),
        ("kout4", "joker.counts-as-trump"): ("judgement", None),
        ("baloot", "score.keep-total"): ("practice", "declarers-get-rest"),
        ("baloot", "score.sun-threshold"): ("judgement", None),
    }
    for (game, parameter), (step, reading) in expected.items():
        catalogue = family_catalogue("baloot" if game == "baloot" else "kout")
        decision = decide(catalogue, game, parameter)
        assert (decision.step, decision.reading) == (step, reading), (game, parameter)
        assert catalogue.rulebook is not None
        if reading is not None:
            assert catalogue.rulebook.ruling(game, parameter).reading == reading


def test_every_ruling_follows_the_step_that_settles_it() -> None:
    for family in ("kout", "baloot"):
        catalogue = family_catalogue(family)
        assert catalogue.rulebook is not None
        for (game, parameter), decision in decisions(catalogue).items():
            if decision.reading is not None:
                assert catalogue.rulebook.ruling(game, parameter).reading == decision.reading


def test_a_ruling_against_the_policy_is_refused_where_it_is_written(tmp_path: Path) -> None:
    copy = copy_family("baloot", tmp_path / "baloot")
    edit_spec(copy / "profiles.toml", '"score.hokom-threshold" = "at-least-81"',
              '"score.hokom-threshold" = "at-least-82"')
    line = edit_spec(copy / "rulings.toml", 'reading = "at-least-81"', 'reading = "at-least-82"')
    error = spec_error(copy)
    assert error.file.endswith("rulings.toml") and error.line == line
    assert "the ruling policy decides 'at-least-81' by practice" in str(error)


def test_practice_decides_only_with_a_clear_lead(tmp_path: Path) -> None:
    """Two more sources playing 82 leave 81 short of its lead: the policy then leaves the
    threshold to judgement, and the ruling's own reason stands."""
    catalogue = family_catalogue("baloot")
    ranked = dict(practice_ranking(catalogue.practice, "baloot", "score.hokom-threshold"))
    assert len(ranked["at-least-81"]) - len(ranked["at-least-82"]) >= PRACTICE_LEAD
    copy = copy_family("baloot", tmp_path / "baloot")
    needed = len(ranked["at-least-81"]) - len(ranked["at-least-82"]) - PRACTICE_LEAD + 1
    extra = "".join(
        f'\n[[evidence]]\nparameter = "score.hokom-threshold"\nreading = "at-least-82"\n'
        f'where = "https://example{n}.org/baloot"\nkind = "rule-page"\n'
        f'note = "Needs 82 of 162 to make a Hokom."\nconfidence = "clear"\n'
        for n in range(needed))
    path = copy / "practice.toml"
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
    changed = load_catalogue(copy)
    assert decide(changed, "baloot", "score.hokom-threshold").step == "judgement"
    # likely findings and a second file of one repository do not count
    likely = extra.replace('"clear"', '"likely"')
    path.write_text(path.read_text(encoding="utf-8").replace(extra, likely), encoding="utf-8")
    assert decide(load_catalogue(copy), "baloot", "score.hokom-threshold").step == "practice"


def test_one_repository_counts_once() -> None:
    catalogue = family_catalogue("baloot")
    findings = [f for f in catalogue.practice if f.source == "tazjel/baloot-ai"
                and f.parameter == "double.projects"]
    assert len({f.where for f in findings}) == 2  # its code and its rules document
    ranked = dict(practice_ranking(catalogue.practice, "baloot", "double.projects"))
    assert all(ranked[r].count("tazjel/baloot-ai") == 1 for r in ranked)


@pytest.mark.parametrize(("old", "new", "says"), [
    ('parameter = "score.hokom-threshold"', 'parameter = "score.hokom-treshold"',
     "unknown parameter 'score.hokom-treshold'"),
    ('reading = "at-least-81"', 'reading = "at-least-80"', "has no reading 'at-least-80'"),
    ('where = "tazjel/baloot-ai game_engine/logic/validation.py@1ccd97c (is_move_legal)"',
     'where = "tazjel/baloot-ai game_engine/logic/validation.py"', "path@commit"),
    ('confidence = "clear"', 'confidence = "sure"', "confidence"),
])
def test_a_mistake_in_the_practice_file_names_its_line(tmp_path: Path, old: str, new: str,
                                                       says: str) -> None:
    copy = copy_family("baloot", tmp_path / "baloot")
    line = edit_spec(copy / "practice.toml", old, new)
    error = spec_error(copy)
    assert error.file.endswith("practice.toml") and says in str(error)
    assert error.line is not None and abs(error.line - line) <= 6


def test_the_rule_pages_say_which_step_decided_and_what_is_played() -> None:
    from trickrules.rulebook.policy_page import policy_page, ruling_policy_lines

    catalogue = family_catalogue("baloot")
    lines = "\n".join(ruling_policy_lines(catalogue, ["baloot"], "play.hokom-void",
                                          decisions(catalogue)))
    assert "*Decided by:* **Practice**" in lines
    assert "`qusaigazz/Balote <https://github.com/qusaigazz/Balote>`__" in lines
    assert "a reading this book does not have" not in lines  # every finding is a reading now
    ruff = "\n".join(ruling_policy_lines(catalogue, ["baloot"], "play.hokom-ruff",
                                         decisions(catalogue)))
    assert "a reading this book does not have" not in ruff  # the third-seat discard is one
    sweep = "\n".join(ruling_policy_lines(catalogue, ["baloot"], "score.sweep",
                                          decisions(catalogue)))
    assert "a reading this book does not have" not in sweep  # each sweep found is one
    gablak = "\n".join(ruling_policy_lines(catalogue, ["baloot"], "auction.sun-over-sun",
                                           decisions(catalogue)))
    assert "a reading this book does not have" in gablak  # MrDeboo's discussion round
    page = "\n".join(policy_page(catalogue))
    assert f"at least {PRACTICE_LEAD} more of them" in page
    assert "Played in practice, not yet a reading of this book" in page


def test_a_text_that_only_implies_a_reading_is_not_counted_as_stating_it() -> None:
    """004g's threshold in card points only leans to the cards alone counting (an
    ``implies`` claim): it is shown as leaning, the texts leave the rule open, and practice
    decides. Read as stating, the same claim would decide it by the texts."""
    catalogue = family_catalogue("baloot")
    decision = decide(catalogue, "baloot", "score.threshold-counts")
    assert decision.texts == ()
    assert [(s.source, s.readings) for s in decision.leaning] == [("004g", ("card-points",))]
    assert (decision.step, decision.reading) == ("practice", "with-projects-and-baloot")
    assert catalogue.claims["004g.failed-76-counts"].kind == "implies"


def test_an_implies_claim_read_as_stating_would_decide_by_the_texts(tmp_path: Path) -> None:
    copy = copy_family("baloot", tmp_path / "baloot")
    fixes = 'fixes = { "score.threshold-counts" = "card-points" }'
    edit_spec(copy / "claims.toml", f'kind = "implies"\n{fixes}', fixes)
    (copy / "rulings.toml").unlink()
    stated = load_catalogue(copy, sentences=False)
    assert decide(stated, "baloot", "score.threshold-counts").step == "texts"


def test_an_implies_claim_must_write_out_its_inference(tmp_path: Path) -> None:
    copy = copy_family("baloot", tmp_path / "baloot")
    text = (copy / "claims.toml").read_text(encoding="utf-8")
    start = text.index('id = "004g.failed-76-counts"')
    note = text.index("note = ", start)
    end = text.index("\n", note)
    (copy / "claims.toml").write_text(text[:note] + text[end + 1:], encoding="utf-8")
    error = spec_error(copy)
    assert error.file.endswith("claims.toml") and "note" in str(error)


def test_a_ruling_against_most_of_practice_says_so_on_its_page() -> None:
    """Whatever step decided it: the sweep (by the texts) and the wrong Ashkal (by the texts)
    go against every public engine that plays them; the hokom threshold (by practice) does
    not."""
    from trickrules.rulebook.policy_page import ruling_policy_lines

    catalogue = family_catalogue("baloot")
    every = decisions(catalogue)
    for parameter in ("score.sweep", "auction.wrong-ashkal", "auction.hokom-confirmation"):
        lines = "\n".join(ruling_policy_lines(catalogue, ["baloot"], parameter, every))
        assert "*Against practice:* This ruling goes against most public engines" in lines
    lines = "\n".join(ruling_policy_lines(catalogue, ["baloot"], "score.hokom-threshold", every))
    assert "Against practice" not in lines
    for (game, parameter), decision in every.items():
        against, playing = decision.against_practice(
            catalogue.rulebook.ruling(game, parameter).reading)  # type: ignore[union-attr]
        shown = "Against practice" in "\n".join(
            ruling_policy_lines(catalogue, [game], parameter, every))
        assert shown == (2 * against > playing), parameter


def test_the_policy_chapter_publishes_the_changed_rulings() -> None:
    from trickrules.rulebook.policy_page import policy_page

    catalogue = family_catalogue("baloot")
    assert catalogue.rulebook is not None
    page = "\n".join(policy_page(catalogue))
    assert "Rulings changed in this edition" in page
    for change in catalogue.rulebook.changes:
        assert f"baloot-rule-{change.parameter}>" in page.split("Rulings changed")[1]
    changed = {c.parameter: (c.old, c.new) for c in catalogue.rulebook.changes}
    assert changed["score.threshold-counts"] == ("card-points", "with-projects-and-baloot")


def test_a_ruling_practice_decides_tells_the_players_it_is_common_play() -> None:
    """What counts towards the contract is decided by practice: five of the six independent
    sources that clearly play a reading count projects and Baloot; the players are told."""
    from trickrules.rulebook.players_pages import common_play

    catalogue = family_catalogue("baloot")
    assert catalogue.rulebook is not None
    ruling = catalogue.rulebook.ruling("baloot", "score.threshold-counts")
    line = common_play(catalogue, ruling, decide(catalogue, "baloot", "score.threshold-counts"))
    assert line.startswith("*Common play:* this is the rule most") and "(5 of the 6)" in line
    by_texts = catalogue.rulebook.ruling("baloot", "double.split")
    assert common_play(catalogue, by_texts, decide(catalogue, "baloot", "double.split")) == ""
