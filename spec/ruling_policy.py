"""The published ruling policy, as a computation: which reading the texts decide, else which
reading practice decides, else neither (the ruling's own reason, weighing consistency with the
other rulings, decides). The loader holds every ruling to it; the rulebook prints it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.practice import HOUSE, Evidence
from trickrules.spec.source_profiles import TextStands, leaning_texts, speaking_texts

PRACTICE_LEAD = 2
"""How many more independent sources, counting clear findings only, the reading played most
must have than any other reading for practice to decide."""


@dataclass(frozen=True)
class TextStand:
    """The readings one text's main rules allow for a parameter (it speaks on it)."""

    source: str
    readings: tuple[str, ...]


@dataclass(frozen=True)
class Decision:
    """How the policy decides one parameter in one game: ``step`` is ``texts``,
    ``practice`` or ``judgement``; ``reading`` is the decided reading (None for judgement)."""

    game: str
    parameter: str
    step: str
    reading: str | None
    texts: tuple[TextStand, ...]
    practice: tuple[tuple[str, tuple[str, ...]], ...]
    """Each reading found in practice, with the sources (clear findings) playing it, most
    played first."""
    leaning: tuple[TextStand, ...] = ()
    """The texts that do not speak on the parameter but lean to readings of it by an
    inference (``implies`` claims): shown, never counted in the texts step."""

    def against_practice(self, ruled: str) -> tuple[int, int]:
        """How many independent sources (clear findings) play another reading than ``ruled``,
        and how many play any reading: a ruling against most public engines has the first
        more than half of the second."""
        sources = {s for _, played in self.practice for s in played}
        playing_ruled = set(dict(self.practice).get(ruled, ()))
        return len(sources - playing_ruled), len(sources)

    def common_reading(self, ruled: str) -> str:
        """The reading most of the sources of practice play, when most of them play another
        than ``ruled`` and the one most played is not ``ruled`` (empty otherwise)."""
        against, playing = self.against_practice(ruled)
        if not playing or against * 2 <= playing or not self.practice:
            return ""
        most = self.practice[0][0]
        return "" if most == ruled else most

    @property
    def basis(self) -> str:
        """The step in words: ``the texts``, ``practice`` or ``judgement``."""
        return "the texts" if self.step == "texts" else self.step

    def text_counts(self) -> Counter[str]:
        """How many of the texts that speak allow each reading."""
        return Counter(r for stand in self.texts for r in stand.readings)


def _by_texts(texts: tuple[TextStand, ...]) -> str | None:
    if not texts:
        return None
    common = set(texts[0].readings).intersection(*(s.readings for s in texts[1:]))
    if len(common) == 1:
        return next(iter(common))
    ranked = Counter(r for stand in texts for r in stand.readings).most_common()
    if len(ranked) == 1 or (len(ranked) > 1 and ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return None


def _by_practice(ranked: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    if not ranked or ranked[0][0].startswith(HOUSE):
        return None
    runner_up = len(ranked[1][1]) if len(ranked) > 1 else 0
    return ranked[0][0] if len(ranked[0][1]) - runner_up >= PRACTICE_LEAD else None


def practice_ranking(evidence: tuple[Evidence, ...], game: str,
                     parameter: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The readings of ``parameter`` found clearly in practice for ``game`` (``house:`` ones,
    which the catalogue does not encode, included), each with its independent sources, most
    played first (ties by reading id)."""
    sources: dict[str, set[str]] = {}
    for finding in evidence:
        if (finding.parameter == parameter and game in finding.games
                and finding.confidence == "clear"):
            sources.setdefault(finding.reading, set()).add(finding.source)
    return tuple(sorted(((r, tuple(sorted(s))) for r, s in sources.items()),
                        key=lambda pair: (-len(pair[1]), pair[0])))


def decide(catalogue: Catalogue, game: str, parameter: str, texts: TextStands | None = None,
           leaning: TextStands | None = None) -> Decision:
    """The policy's decision for ``parameter`` in ``game`` (``texts`` and ``leaning``: the
    game's :func:`~trickrules.spec.source_profiles.speaking_texts` and
    :func:`~trickrules.spec.source_profiles.leaning_texts`, when already computed).

    1. The texts: a reading every text that speaks allows, when it is the only one; else the
       reading more of the speaking texts allow than any other. A silent text counts for none,
       and so does a text that only leans to a reading by an inference (shown as leaning).
    2. Practice, where the texts leave it open: the reading played by the most independent
       public engines and rule pages (clear findings), ahead of every other by
       :data:`PRACTICE_LEAD`, when the catalogue encodes it.
    3. Otherwise judgement: the ruling's reason weighs consistency with the other rulings.
    """
    spoken = (texts if texts is not None else speaking_texts(catalogue, game)).get(parameter, ())
    stands = tuple(TextStand(source, readings) for source, readings in spoken)
    leans = (leaning if leaning is not None else leaning_texts(catalogue, game)).get(parameter, ())
    lean = tuple(TextStand(source, readings) for source, readings in leans)
    ranked = practice_ranking(catalogue.practice, game, parameter)
    reading = _by_texts(stands)
    if reading is not None:
        return Decision(game, parameter, "texts", reading, stands, ranked, lean)
    reading = _by_practice(ranked)
    step = "practice" if reading is not None else "judgement"
    return Decision(game, parameter, step, reading, stands, ranked, lean)


def decisions(catalogue: Catalogue) -> dict[tuple[str, str], Decision]:
    """The policy's decision for every parameter of every game, keyed ``(game, parameter)``."""
    out: dict[tuple[str, str], Decision] = {}
    for game in catalogue.games:
        texts = speaking_texts(catalogue, game)
        leaning = leaning_texts(catalogue, game)
        for parameter in catalogue.parameters_for(game):
            out[(game, parameter.id)] = decide(catalogue, game, parameter.id, texts, leaning)
    return out
