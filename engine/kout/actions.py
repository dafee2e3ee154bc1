"""The one fixed action space: cards first, then bids, pass, and trump declarations.

=========  ==========================================
0..53      play that card (see :mod:`trickrules.spec.cards`)
54..58     bid 5 (Bab) .. 9 (Bawan)
59         pass (Taf)
60..63     name trump: spades, hearts, diamonds, clubs
=========  ==========================================
"""

from __future__ import annotations

from trickrules.spec.cards import NUM_CARDS, SUIT_LETTERS, SUIT_NAMES, card_name

Action = int

MIN_BID, MAX_BID = 5, 9
BID_BASE: Action = NUM_CARDS
PASS: Action = BID_BASE + (MAX_BID - MIN_BID + 1)
TRUMP_BASE: Action = PASS + 1
NUM_ACTIONS = TRUMP_BASE + 4

BID_NAMES = {5: "Bab", 9: "Bawan"}


def bid_action(bid: int) -> Action:
    """The action that bids ``bid`` tricks."""
    return BID_BASE + bid - MIN_BID


def action_bid(action: Action) -> int:
    """The bid an action makes (only for bid actions)."""
    return action - BID_BASE + MIN_BID


def trump_action(suit: int) -> Action:
    """The action that names ``suit`` as trump."""
    return TRUMP_BASE + suit


def is_card(action: Action) -> bool:
    """Whether the action plays a card."""
    return 0 <= action < NUM_CARDS


def is_bid(action: Action) -> bool:
    """Whether the action is a bid (not a pass)."""
    return BID_BASE <= action < PASS


def is_trump(action: Action) -> bool:
    """Whether the action names trump."""
    return TRUMP_BASE <= action < NUM_ACTIONS


def action_to_string(action: Action) -> str:
    """A short, parseable name: ``AS``, ``bid 7``, ``pass``, ``trump H``."""
    if is_card(action):
        return card_name(action)
    if is_bid(action):
        return f"bid {action_bid(action)}"
    if action == PASS:
        return "pass"
    if is_trump(action):
        return f"trump {SUIT_LETTERS[action - TRUMP_BASE]}"
    raise ValueError(f"action {action} is outside the action space 0..{NUM_ACTIONS - 1}")


def string_to_action(text: str) -> Action:
    """Inverse of :func:`action_to_string`; also accepts ``trump hearts``."""
    from trickrules.spec.cards import parse_card, parse_suit

    words = text.strip().lower().split()
    if words == ["pass"]:
        return PASS
    if words and words[0] == "bid":
        if len(words) == 2 and words[1].isdigit() and MIN_BID <= int(words[1]) <= MAX_BID:
            return bid_action(int(words[1]))
        raise ValueError(f"bad action {text!r}: a bid is 'bid N' with N from {MIN_BID} to "
                         f"{MAX_BID}")
    if len(words) == 2 and words[0] == "trump":
        if words[1] in SUIT_NAMES:
            return trump_action(SUIT_NAMES.index(words[1]))
        return trump_action(parse_suit(words[1]))
    return parse_card(text)
