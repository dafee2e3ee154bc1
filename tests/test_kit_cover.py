"""The kit's charge cover (:func:`trickrules.kit.charges.cover`), on constructed runs: every
reproduced failure keeps a reading, no reading is kept whose every failure the other kept
readings explain (the fewest that explain the run, up to readings the evidence cannot tell
apart), readings that reproduce exactly the same failures are kept or let go together, and
the answer does not depend on the order the failures came in."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trickrules.kit.charges import cover

Reading = tuple[str, str]
READINGS = [(f"rule.{p}", r) for p in "abcd" for r in ("x", "y")]
"""Eight house readings of four rules, enough for overlaps, ties and coincidences."""

runs = st.lists(st.lists(st.sampled_from(READINGS), min_size=0, max_size=4, unique=True),
                min_size=0, max_size=12)
"""A run: each failure with the readings that reproduce it (none: no reading fits)."""


def reproduces(candidates: list[list[Reading]]) -> dict[Reading, frozenset[int]]:
    """Each reading and the failures it reproduces."""
    out: dict[Reading, frozenset[int]] = {}
    for index, readings in enumerate(candidates):
        for reading in readings:
            out[reading] = out.get(reading, frozenset()) | {index}
    return out


@settings(max_examples=300, deadline=None)
@given(runs)
def test_the_cover_explains_every_failure_with_no_reading_to_spare(
        candidates: list[list[Reading]]) -> None:
    chosen = cover(candidates)
    failures = reproduces(candidates)
    assert all(set(c) & chosen for c in candidates if c)  # every failure explained
    for reading in chosen:
        # kept with its twins (the same failures), never a reading that no failure needs
        twins = {r for r in failures if failures[r] == failures[reading]}
        assert twins <= chosen
        others = frozenset().union(*(failures[r] for r in chosen - twins))
        assert not failures[reading] <= others, (reading, chosen)


@settings(max_examples=100, deadline=None)
@given(runs, st.randoms(use_true_random=False))
def test_the_cover_does_not_depend_on_the_order_of_the_failures(
        candidates: list[list[Reading]], rng: random.Random) -> None:
    shuffled = [list(c) for c in candidates]
    rng.shuffle(shuffled)
    for readings in shuffled:
        rng.shuffle(readings)
    assert cover(shuffled) == cover(candidates)


def test_an_engine_playing_one_option_is_charged_that_option_alone() -> None:
    """Every failure is reproduced by the option the engine plays, and some by another
    reading by coincidence: the option alone is kept."""
    plays, coincidence = ("play.follow", "any"), ("score.last-trick", "10")
    candidates = [[plays], [plays, coincidence], [coincidence, plays], [plays]]
    assert cover(candidates) == {plays}


def test_a_reading_taken_first_that_the_later_ones_explain_is_let_go() -> None:
    """The most reproducing reading is taken first, but two readings taken after it explain
    each of its failures too: it is let go."""
    wide, left, right = ("rule.a", "x"), ("rule.b", "x"), ("rule.c", "x")
    candidates = [[wide, left], [wide, right], [left], [right]]
    assert cover(candidates) == {left, right}


def test_readings_the_evidence_cannot_tell_apart_are_both_kept() -> None:
    one, other = ("rule.a", "x"), ("rule.b", "y")
    assert cover([[one, other], [other, one]]) == {one, other}
    assert cover([[one, other], [one]]) == {one}  # ``other`` reproduces fewer: not a twin
