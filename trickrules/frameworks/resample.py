"""Worlds a player cannot tell apart: a uniform sample of the cards hidden from one seat,
consistent with everything that seat has seen (what OpenSpiel's ``resample_from_infostate``
asks of a game, and its information-set search needs).

A state dealt by chance nodes (:mod:`trickrules.engine.chance`) logs each dealt card with the seat
it went to; the cards dealt to other seats are hidden from ``seat`` until played or shown. Each
deal is drawn again: the hidden cards a seat later plays or shows stay with that seat, the
others are shuffled among the hidden places, and the deal's actions are replayed on the new
cards; a draw under which an action is illegal (a suit followed that the seat could not
follow, a project it could not hold) or under which ``seat`` would have seen anything else
(its information-state line) is drawn again. Every consistent deal is drawn with the same
probability, since each is one assignment of the same hidden places.
"""

from __future__ import annotations

import random
from typing import Any

from trickrules.engine.chance import CHANCE_PLAYER, PUBLIC, Event, information_state_string
from trickrules.engine.errors import EngineError
from trickrules.engine.registry import new_chance_state

MAX_DRAWS = 100_000
"""Draws of one deal before giving up: the true deal is always consistent, so this is
reached only by a bug (an engine that refuses its own history)."""


def hidden_places(deal: list[Event], seat: int) -> list[int]:
    """The positions in ``deal`` of the cards dealt to another seat (hidden from ``seat``)."""
    return [i for i, (actor, _, to) in enumerate(deal)
            if actor == CHANCE_PLAYER and to not in (PUBLIC, seat)]


def _known(deal: list[Event], places: list[int], shown: dict[int, int]) -> dict[int, set[int]]:
    """The hidden cards whose holder is known: each card a seat plays in the deal (and, in
    the deal in progress, each card it has shown), by seat."""
    hidden = {deal[i][1] for i in places}
    known: dict[int, set[int]] = {}
    for actor, action, _ in deal:
        if actor != CHANCE_PLAYER and action in hidden:
            known.setdefault(actor, set()).add(action)
    for holder, mask in shown.items():
        known.setdefault(holder, set()).update(c for c in hidden if mask >> c & 1)
    return known


def _draw(deal: list[Event], places: list[int], known: dict[int, set[int]],
          rng: random.Random) -> dict[int, int]:
    """One assignment of the hidden cards to the hidden places: each known card at a place of
    its holder, the rest shuffled over the places left."""
    by_seat: dict[int, list[int]] = {}
    for i in places:
        by_seat.setdefault(deal[i][2], []).append(i)
    placed: dict[int, int] = {}
    for holder, cards in known.items():
        free = by_seat.get(holder, [])
        rng.shuffle(free)
        for place, card in zip(free, sorted(cards), strict=False):
            placed[place] = card
    rest = [deal[i][1] for i in places if deal[i][1] not in
            {c for cards in known.values() for c in cards}]
    rng.shuffle(rest)
    open_places = [i for i in places if i not in placed]
    placed.update(zip(open_places, rest, strict=True))
    return placed


def _replayed(start: Any, deal: list[Event], placed: dict[int, int]) -> Any | None:
    """``start`` with ``deal`` played on the drawn cards, or None if an action is illegal."""
    state = start.clone()
    try:
        for i, (_, action, _) in enumerate(deal):
            state.apply_action(placed.get(i, action))
    except EngineError:
        return None
    return state


def _same_view(candidate: Any, seat: int, index: int, wanted: list[str], last: bool) -> bool:
    """Whether ``seat`` sees in ``candidate`` what it saw: the deal's line, and for the deal
    in progress the whole information state (the cards shown included)."""
    lines = information_state_string(candidate, seat).split("\n")
    if last:
        return lines == wanted
    return len(lines) > index + 1 and lines[index + 1] == wanted[index + 1]


def resample(state: Any, seat: int, rng: random.Random) -> Any:
    """A new chance state that ``seat`` cannot tell from ``state`` (the same information-state
    string), its hidden cards drawn uniformly among those consistent with what it saw."""
    wanted = information_state_string(state, seat).split("\n")
    current = new_chance_state(state.game, state.variant)
    last = len(state.log) - 1
    for index, deal in enumerate(state.log):
        places = hidden_places(deal, seat)
        shown = {s: state.shown(s) for s in range(state.layout.players)} if index == last else {}
        known = _known(deal, places, shown)
        for _ in range(MAX_DRAWS):
            candidate = _replayed(current, deal, _draw(deal, places, known, rng))
            if candidate is not None and _same_view(candidate, seat, index, wanted,
                                                    index == last):
                current = candidate
                break
        else:
            raise RuntimeError(f"deal {index}: no consistent deal found in {MAX_DRAWS} draws "
                               "(a bug in trickrules)")
    return current
