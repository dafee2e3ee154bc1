"""The table's questions asked of a Baloot engine game: who deals the next hand, who leads the
first trick, what the cutter may choose and what may follow a card exposed in the deal.

Each drives a whole engine game from an explicit deal through its public API (the legal
actions and their names), so an answer is what play reaches, and a question no hand can reach
under the game's rules (a Kawesh where none is allowed) raises ``ValueError``. The disputes'
replays and the conformance kit's reference answers both ask these.
"""

from __future__ import annotations

import random
from typing import Any

from trickrules.spec.cards import SUIT_LETTERS

PUBLIC = {True: "AS", False: "KS"}
"""The public card of a witness: an Ace or not, in spades."""
LOW_CARDS = [f"{r}{s}" for s in SUIT_LETTERS for r in ("7", "8", "9")]
"""The cards a Kawesh hand is made of."""
HIGH_CARDS = [f"{r}{s}" for s in SUIT_LETTERS for r in ("10", "J", "Q", "K", "A")
              if f"{r}{s}" not in PUBLIC.values()]
"""The other cards, the two public cards of a witness left out."""
ENDINGS = ("played", "all-passed", "kawesh")
"""How a hand may end: played out, every player passing twice, or a Kawesh."""


def dealt(game: Any, dealer: int) -> Any:
    """A state of ``game`` at the start of a hand dealt by ``dealer``: the first speaker (the
    dealer's right) holds only 7s, 8s and 9s; the public card is the King of spades."""
    first = (dealer + 1) % 4
    low, high = list(LOW_CARDS), [*HIGH_CARDS, "AS"]
    hands = []
    for seat in range(4):
        hands.append(" ".join(low.pop(0) for _ in range(5)) if seat == first
                     else " ".join(high.pop(0) for _ in range(5)))
    stock = " ".join([*low, *high])  # KS is the public card
    return game.state_from_deal(dealer, hands, "KS", stock)


def act(state: Any, name: str) -> None:
    """Apply the legal action called ``name`` (``ValueError`` if no legal action is)."""
    names = {state.action_to_string(a): a for a in state.legal_actions()}
    if name not in names:
        raise ValueError(f"{name} is not open to seat {state.current_player()} here")
    state.apply_action(names[name])


def next_dealer(game: Any, dealer: int, ended: str) -> int:
    """Who deals after a hand dealt by ``dealer`` that ended so (one of :data:`ENDINGS`):
    the engine plays the hand through (a Hokom bought and random legal play, every player
    passing twice, or the first speaker's Kawesh; nobody doubles, so no Gahwa ends the game)
    and names the next dealer."""
    if ended not in ENDINGS:
        raise ValueError(f"a hand ends {', '.join(ENDINGS)}, not {ended!r}")
    state = dealt(game, dealer)
    hands = len(state.records)
    rng = random.Random(0)
    while len(state.records) == hands and not state.is_terminal():
        names = [state.action_to_string(a) for a in state.legal_actions()]
        if ended == "kawesh":
            choice = "kawesh"
        elif ended == "all-passed" or state.phase == "double":
            choice = "pass"
        elif state.auction is not None and state.auction.bid is None and "hokom" in names:
            choice = "hokom"  # the hand is played
        else:
            choice = rng.choice(names)
        act(state, choice)
    return int(state.dealer)


def first_leader(game: Any, dealer: int, declarer: int, contract: str) -> int:
    """Who leads the first trick of a hand dealt by ``dealer`` that ``declarer`` bought as
    ``contract`` (``sun`` or ``hokom``): every other seat passes, nobody doubles."""
    state = dealt(game, dealer)
    while state.hand is None and not state.is_terminal():
        names = [state.action_to_string(a) for a in state.legal_actions()]
        bought = state.auction is not None and state.auction.bid is not None
        mine = state.current_player() == declarer and not bought
        act(state, contract if mine and contract in names else "pass")
    if state.hand is None or state.hand.declarer != declarer:
        raise ValueError(f"seat {declarer} cannot buy a {contract} dealt by seat {dealer}")
    return int(state.current_player())


def cutter_choices(game: Any, dealer: int, order: tuple[str, ...]) -> list[str]:
    """What the player on the dealer's left may do with the shuffled pack before ``dealer``
    deals: the cutter's legal actions (only ``cut`` where the engine cuts by itself), in
    ``order``."""
    state = game.state_class(game, 0, dealer)
    if state.phase != "cut":
        return [str(state.cut_choice)]
    names = [state.action_to_string(a).removeprefix("cutter:") for a in state.legal_actions()]
    return sorted(names, key=lambda n: order.index(n) if n in order else len(order))


def exposed_outcomes(game: Any, dealer: int, seat: int, card: str) -> list[str]:
    """What may follow ``card`` turned face up as it is dealt to ``seat`` by ``dealer``:
    ``keep`` (its holder keeps it), ``redeal`` (the same dealer deals again), or both."""
    from trickrules.engine.baloot.cards import parse

    pool = [c for c in [*LOW_CARDS, *HIGH_CARDS, "AS", "KS"] if c != card]
    hands = []
    for at in range(4):
        five = [card, *pool[:4]] if at == seat else pool[:5]
        pool = pool[4:] if at == seat else pool[5:]
        hands.append(" ".join(five))
    state = game.state_from_deal(dealer, hands, pool[0], " ".join(pool[1:]))
    return list(state.exposed_choices(parse(card)))
