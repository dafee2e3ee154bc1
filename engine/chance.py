"""Games dealt by explicit chance nodes, for game-AI frameworks: the variant (one hand or a
whole game, with a cap on deals), the event log every such state keeps, and the bounds.

A state made with chance nodes draws each card of a deal as a chance outcome (uniform over
the cards not yet dealt) instead of from a seed; seeded play (``new_initial_state(seed)``)
is unchanged. Each action is logged as an :data:`Event` ``(actor, action, to)``: ``actor``
is the seat or :data:`CHANCE_PLAYER`, ``to`` the seat a dealt card goes to, :data:`PUBLIC`
for a card turned face up for everyone, or :data:`NOT_DEALT` for a player's action.

Views: information states and observations, as strings and as flat tensors (lists of
floats), for one seat or for the public view (``seat=None``), built from the event log, so
a card dealt to another seat is never seen: its event shows only the seat it went to.
Shapes, with ``N`` seats, ``C`` card ids, ``A`` actions (``A-C`` of them calls), ``K`` calls
and ``T`` tricks per deal at most;
``[shown N*C]`` only where players show cards (Baloot's projects), ``[completion C]`` only
where the deal is completed after the buying (Baloot):

* information state (perfect recall): the string lists every event of every deal of the
  game; the tensor holds the current deal, earlier deals through the scores and the count:
  seat ``N``, dealer ``N``, progress ``3`` (deals / cap, each team's score / target),
  ``[shown N*C]``, own cards dealt ``C``, ``[completion C]``, face-up cards ``C``, the calls
  in order ``K*(N + A-C)`` (caller, call), and each card's trick and place in it
  ``C*(T + N)``: perfect recall within the deal, but for the order one's own cards came in.
* observation (the situation now): seat ``N``, to move ``N+1`` (chance last), dealer ``N``,
  progress ``3``, own hand ``C``, face-up cards ``C``, each seat's calls ``N*(A-C)``, each
  seat's cards played ``N*C``, the trick by place ``N*C``, ``[shown N*C]``.

Kout 6: information state 1,525 floats, observation 838; Kout 4: 1,171 and 596; Baloot:
1,459 and 560. The public view (``seat=None``) leaves seat, hand and own cards empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

CHANCE_PLAYER = -1
"""The player id of a chance node (OpenSpiel's ``kChancePlayerId``)."""
PUBLIC = -1
NOT_DEALT = -2

Event = tuple[int, int, int]
"""``(actor, action, to)``: one logged action."""


@dataclass(frozen=True)
class Variant:
    """How long a game dealt by chance lasts: one hand, or a whole game to the target; either
    way at most ``max_deals`` deals (a redeal after all pass counts), after which the team
    ahead wins and equal scores are a draw."""

    one_hand: bool = False
    max_deals: int = 50

    def __post_init__(self) -> None:
        if isinstance(self.max_deals, bool) or not isinstance(self.max_deals, int) \
                or self.max_deals < 1:
            raise ValueError(f"max_deals: {self.max_deals!r} is not a whole number >= 1")

    @property
    def name(self) -> str:
        """``hand`` or ``game``, as the frameworks' parameter spells it."""
        return "hand" if self.one_hand else "game"


@dataclass(frozen=True)
class Layout:
    """The sizes the views are built on: seats, card ids, actions, the most events one deal
    can log, the game target, the deal cap, tricks and calls per deal, and how cards show."""

    game_id: str
    players: int
    cards: int
    actions: int
    events_per_deal: int
    target: int
    max_deals: int
    tricks: int
    """Tricks in a hand (each seat's hand size)."""
    calls_per_deal: int
    """The most actions other than cards a deal can hold."""
    shows_cards: bool
    """Whether players show cards from their hands (Baloot's projects)."""
    completes: bool
    """Whether the deal is completed after the buying (Baloot)."""

    @property
    def max_game_length(self) -> int:
        """The most actions (chance outcomes included) a game can take."""
        return self.max_deals * self.events_per_deal


def cap_winner(scores: list[int]) -> int | None:
    """The winning team when the deal cap ends a game: the team ahead, None when equal."""
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def hand_winner(before: tuple[int, int], scores: list[int]) -> int | None:
    """The winner of a one-hand game: the team that scored more in the hand, None if equal."""
    return cap_winner([scores[0] - before[0], scores[1] - before[1]])


class ChanceView(Protocol):
    """What the views read of a state dealt by chance nodes."""

    layout: Layout
    log: list[list[Event]]
    dealers: list[int]
    texts: dict[tuple[int | None, int], str]
    scores: list[int]

    def current_player(self) -> int:
        """The seat to act (negative for chance or the end)."""

    def action_name(self, action: int) -> str:
        """An action's name (a card reads the same dealt or played)."""

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds now."""

    def shown(self, seat: int) -> int:
        """The cards ``seat`` has shown to everyone."""


def _check(view: ChanceView, seat: int | None) -> None:
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < view.layout.players):
        raise ValueError(f"seat: {seat!r} is not a seat 0..{view.layout.players - 1} or None")


def _visible(event: Event, seat: int | None) -> bool:
    actor, _, to = event
    return actor != CHANCE_PLAYER or to in (PUBLIC, seat)


def _event_text(view: ChanceView, event: Event, seat: int | None) -> str:
    actor, action, to = event
    if actor == CHANCE_PLAYER:
        card = view.action_name(action) if _visible(event, seat) else "?"
        return f"{card}>{'up' if to == PUBLIC else to}"
    return f"{actor}:{view.action_name(action)}"


def _header(view: ChanceView, seat: int | None) -> str:
    who = "public" if seat is None else f"seat {seat}"
    return f"{view.layout.game_id} {who}; scores {view.scores[0]}-{view.scores[1]}"


def _cards_text(view: ChanceView, mask: int) -> str:
    return " ".join(view.action_name(c) for c in range(view.layout.cards) if mask >> c & 1)


def _shown_text(view: ChanceView) -> str:
    parts = []
    for s in range(view.layout.players):
        mask = view.shown(s)
        if mask:
            parts.append(f"{s}:" + _cards_text(view, mask))
    return "; shown " + ", ".join(parts) if parts else ""


def information_state_string(view: ChanceView, seat: int | None) -> str:
    """Everything ``seat`` (or an onlooker, ``None``) has seen, in order, over every deal;
    the line of a finished deal is kept in ``view.texts`` (it never changes)."""
    _check(view, seat)
    lines = [_header(view, seat) + _shown_text(view)]
    last = len(view.log) - 1
    for index, deal in enumerate(view.log):
        line = view.texts.get((seat, index)) if index < last else None
        if line is None:
            events = " ".join(_event_text(view, e, seat) for e in deal)
            line = f"deal {index} dealer {view.dealers[index]}: {events}"
            if index < last:
                view.texts[seat, index] = line
        lines.append(line)
    return "\n".join(lines)


def _common(view: ChanceView, seat: int | None, out: list[float], mover: bool) -> int:
    """Seat, to move (observations only), dealer, deal count and scores; the next index."""
    n = view.layout.players
    if seat is not None:
        out[seat] = 1.0
    at = n
    if mover:
        turn = view.current_player()
        if turn == CHANCE_PLAYER or turn >= 0:
            out[at + (n if turn == CHANCE_PLAYER else turn)] = 1.0
        at += n + 1
    out[at + view.dealers[-1]] = 1.0
    at += n
    out[at] = len(view.log) / view.layout.max_deals
    out[at + 1] = view.scores[0] / view.layout.target
    out[at + 2] = view.scores[1] / view.layout.target
    return at + 3


def _shown(view: ChanceView, out: list[float], at: int) -> int:
    if not view.layout.shows_cards:
        return at
    c = view.layout.cards
    for s in range(view.layout.players):
        mask = view.shown(s)
        while mask:  # each shown card, lowest first
            card = (mask & -mask).bit_length() - 1
            out[at + s * c + card] = 1.0
            mask &= mask - 1
    return at + view.layout.players * c


def information_state_pieces(layout: Layout) -> list[tuple[str, int]]:
    """The named parts of the information-state tensor, in order, with their lengths."""
    n, c = layout.players, layout.cards
    shown = [("shown", n * c)] if layout.shows_cards else []
    completion = [("completion", c)] if layout.completes else []
    return [("seat", n), ("dealer", n), ("progress", 3), *shown, ("dealt", c), *completion,
            ("face_up", c), ("calls", layout.calls_per_deal * (n + layout.actions - c)),
            ("plays", c * (layout.tricks + n))]


def information_state_size(layout: Layout) -> int:
    """The length of the information-state tensor."""
    return sum(size for _, size in information_state_pieces(layout))


def information_state_tensor(view: ChanceView, seat: int | None) -> list[float]:
    """The current deal as ``seat`` saw it, in order (see the module's layout)."""
    _check(view, seat)
    layout = view.layout
    n, c, t = layout.players, layout.cards, layout.tricks
    out = [0.0] * information_state_size(layout)
    dealt = _shown(view, out, _common(view, seat, out, False))
    completion = dealt + c if layout.completes else dealt
    face_up = completion + c
    calls = face_up + c
    plays = calls + layout.calls_per_deal * (n + layout.actions - c)
    slot, called, played = n + layout.actions - c, 0, 0
    dealing = bought = False  # cards dealt yet; a call made after them (the completion follows)
    for actor, action, to in view.log[-1]:
        if actor == CHANCE_PLAYER:
            dealing = True
            if to == PUBLIC:
                out[face_up + action] = 1.0
            elif to == seat:
                out[(completion if bought else dealt) + action] = 1.0
        elif action < c:
            out[plays + action * (t + n) + played // n] = 1.0
            out[plays + action * (t + n) + t + played % n] = 1.0
            played += 1
        else:
            out[calls + called * slot + actor] = 1.0
            out[calls + called * slot + n + action - c] = 1.0
            called += 1
            bought = dealing
    return out


def observation_pieces(layout: Layout) -> list[tuple[str, int]]:
    """The named parts of the observation tensor, in order, with their lengths."""
    n, c = layout.players, layout.cards
    shown = [("shown", n * c)] if layout.shows_cards else []
    return [("seat", n), ("to_move", n + 1), ("dealer", n), ("progress", 3), ("hand", c),
            ("face_up", c), ("calls", n * (layout.actions - c)), ("played", n * c),
            ("trick", n * c), *shown]


def observation_size(layout: Layout) -> int:
    """The length of the observation tensor."""
    return sum(size for _, size in observation_pieces(layout))


def observation_tensor(view: ChanceView, seat: int | None) -> list[float]:
    """The situation now as ``seat`` sees it (see the module's layout)."""
    _check(view, seat)
    layout = view.layout
    n, c, a = layout.players, layout.cards, layout.actions
    out = [0.0] * observation_size(layout)
    base = _common(view, seat, out, True)
    held = view.held(seat) if seat is not None else 0
    while held:  # each card held, lowest first
        card = (held & -held).bit_length() - 1
        out[base + card] = 1.0
        held &= held - 1
    calls = base + 2 * c
    played = calls + n * (a - c)
    trick = played + n * c
    cards_played: list[tuple[int, int]] = []
    for actor, action, to in view.log[-1]:
        if actor == CHANCE_PLAYER:
            if to == PUBLIC:
                out[base + c + action] = 1.0
        elif action < c:
            out[played + actor * c + action] = 1.0
            cards_played.append((actor, action))
        else:
            out[calls + actor * (a - c) + action - c] = 1.0
    in_trick = len(cards_played) % n
    for position, (_, card) in enumerate(cards_played[len(cards_played) - in_trick:]):
        out[trick + position * c + card] = 1.0
    _shown(view, out, trick + n * c)
    return out


def observation_string(view: ChanceView, seat: int | None) -> str:
    """The situation now as ``seat`` sees it: own hand, face-up cards, this deal's calls and
    cards played."""
    _check(view, seat)
    hand = _cards_text(view, view.held(seat)) if seat is not None else ""
    seen = " ".join(_event_text(view, e, seat) for e in view.log[-1]
                    if e[0] != CHANCE_PLAYER or e[2] == PUBLIC)
    mover = view.current_player()
    return (f"{_header(view, seat)}; dealer {view.dealers[-1]}; to move {mover}; "
            f"hand {hand or '-'}; seen {seen or '-'}" + _shown_text(view))


class Views:
    """The four views as methods of a state dealt by chance nodes (``seat=None``: public)."""

    def information_state_string(self: ChanceView, seat: int | None) -> str:
        """What ``seat`` has seen over the whole game (perfect recall)."""
        return information_state_string(self, seat)

    def information_state_tensor(self: ChanceView, seat: int | None) -> list[float]:
        """The current deal as ``seat`` saw it, as floats."""
        return information_state_tensor(self, seat)

    def observation_string(self: ChanceView, seat: int | None) -> str:
        """The situation now as ``seat`` sees it."""
        return observation_string(self, seat)

    def observation_tensor(self: ChanceView, seat: int | None) -> list[float]:
        """The situation now as ``seat`` sees it, as floats."""
        return observation_tensor(self, seat)
