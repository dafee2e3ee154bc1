"""A rule-based Baloot player: buys Sun on Aces and Tens and Hokom on the Jack and Nine of
trump, doubles only a contract its hand stands against, declares its projects, and plays the
common heuristics (win cheaply, keep masters, give points to a partner's sure trick, draw
trumps while the opponents still hold some).

It reads the state's public parts only: its own hand, the public card, the calls, the
contract, the cards of the trick and of earlier tricks. Every choice is one of the legal
actions it is given, so it plays legally under any profile.
"""

from __future__ import annotations

import random
from typing import Any

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot.cards import ACE, JACK, NINE, SUIT_MASK, TEN, CardMask, cards_in
from trickrules.engine.baloot.play import winning_index
from trickrules.engine.baloot.rules import HOKOM, Rules
from trickrules.engine.baloot.state import AUCTION, CUT, DOUBLE, TRUMP

TRUMP_VALUE = {JACK: 3.0, NINE: 2.2, ACE: 1.2, TEN: 1.0}
"""What a trump is worth towards buying Hokom (any other trump counts 0.6)."""
HOKOM_TO_BUY = 4.5
SUN_TO_BUY = 4.2
ASHKAL_WITH = 3.0
"""Sun strength that gives a Sun to the partner (Ashkal) on a public Ace or Ten."""
DOUBLE_AGAINST = 6.0
TRIPLE_WITH = 8.5
FOUR_AGAINST = 8.0
GAHWA_WITH = 10.0


def hokom_strength(hand: CardMask, trump: int) -> float:
    """How strongly ``hand`` holds a Hokom in ``trump``: its trumps, side Aces and guarded
    Tens."""
    trumps = cards_in(hand & SUIT_MASK[trump])
    value = sum(TRUMP_VALUE.get(c & 7, 0.6) for c in trumps)
    if len(trumps) < 3:
        value -= 1.5
    for s in range(4):
        if s != trump:
            value += _side_value(hand & SUIT_MASK[s], s)
    return value


def sun_strength(hand: CardMask) -> float:
    """How strongly ``hand`` holds a Sun: Aces, Tens behind them, Kings behind both."""
    return sum(_side_value(hand & SUIT_MASK[s], s) * 1.2 for s in range(4))


def _side_value(held: CardMask, s: int) -> float:
    """What a suit's Ace and Ten are worth outside trump."""
    ace, ten = held >> (8 * s + ACE) & 1, held >> (8 * s + TEN) & 1
    value = 1.5 * ace
    if ten:
        value += 1.0 if ace or held.bit_count() >= 3 else 0.3
    return value


class BalootRulesPlayer:
    """Buys on hand strength, doubles sensibly, declares projects, and plays by the usual
    heuristics."""

    name = "rules"

    def choose(self, state: Any, legal: list[int], rng: random.Random) -> int:
        """The action this player takes among ``legal`` (it never uses ``rng``: its play is a
        function of the state)."""
        if state.phase == CUT:
            return legal[0]
        seat = state.current_player()
        if state.phase == AUCTION:
            return self._buy(state, seat, legal)
        if state.phase == TRUMP:
            hand = state.hands[seat]
            return max(legal, key=lambda a: hokom_strength(hand, a - act.SUIT_BASE))
        if state.phase == DOUBLE:
            return self._double(state, seat, legal)
        if act.DECLARE in legal:
            return act.DECLARE
        return self._card(state, seat, legal)

    # ------------------------------------------------------------------ buying
    def _buy(self, state: Any, seat: int, legal: list[int]) -> int:
        """Kawesh on a worthless hand, Sun or Hokom on a strong one, Ashkal to a partner."""
        if act.KAWESH in legal:
            return act.KAWESH
        hand = state.hands[seat] | 1 << state.public  # the buyer takes the public card
        auction = state.auction
        standing = auction.bid
        if auction.confirming:  # keep the Hokom, or take the card as Sun on a Sun hand
            return act.SUN if sun_strength(hand) >= SUN_TO_BUY else act.PASS
        if standing is not None and standing.declarer % 2 == seat % 2:
            return act.PASS  # never outbid a partner
        if act.SUN in legal and sun_strength(hand) >= SUN_TO_BUY:
            return act.SUN
        if (act.ASHKAL in legal and state.public & 7 in (ACE, TEN)
                and sun_strength(state.hands[seat]) >= ASHKAL_WITH):
            return act.ASHKAL
        return self._buy_hokom(state, legal, hand)

    @staticmethod
    def _buy_hokom(state: Any, legal: list[int], hand: CardMask) -> int:
        """Hokom on a hand (the public card included) strong in the public card's suit in the
        first round, or in its strongest other suit in the second; else pass."""
        auction = state.auction
        if (act.HOKOM in legal and auction.round == 1
                and hokom_strength(hand, state.public >> 3) >= HOKOM_TO_BUY):
            return act.HOKOM
        suits = [a for a in legal if act.SUIT_BASE <= a < act.SUIT_BASE + 4]
        if act.HOKOM in legal and auction.round == 2:
            suits = [act.SUIT_BASE + s for s in range(4) if s != state.public >> 3]
        if suits:
            best = max(suits, key=lambda a: hokom_strength(hand, a - act.SUIT_BASE))
            if hokom_strength(hand, best - act.SUIT_BASE) >= HOKOM_TO_BUY:
                return best if best in legal else act.HOKOM
        return act.PASS

    def _double(self, state: Any, seat: int, legal: list[int]) -> int:
        """Double a contract the hand stands against (locked when holding the Jack or Nine
        of trump, so the buyer cannot draw trumps), raise only with a very strong hand."""
        hand = state.hands[seat]
        bid = state.auction.bid
        strength = (hokom_strength(hand, bid.trump) if bid.kind == HOKOM
                    else sun_strength(hand))
        level = state.doubling.level
        if level == 1 and strength >= DOUBLE_AGAINST:
            high = bid.trump is not None and hand & ((1 << (8 * bid.trump + JACK)) |
                                                     (1 << (8 * bid.trump + NINE)))
            return act.DOUBLE_LOCKED if high and act.DOUBLE_LOCKED in legal else act.DOUBLE
        raise_with = {2: (act.TRIPLE, TRIPLE_WITH), 3: (act.FOUR, FOUR_AGAINST),
                      4: (act.GAHWA, GAHWA_WITH)}.get(level)
        if raise_with is not None and raise_with[0] in legal and strength >= raise_with[1]:
            return raise_with[0]
        return act.PASS

    # ------------------------------------------------------------------ play
    def _card(self, state: Any, seat: int, legal: list[int]) -> int:
        """The card to play: feed a partner's sure trick, win cheaply, or give least."""
        rules: Rules = state.rules
        hand = state.hand
        trump = hand.trump
        unseen = self._unseen(state, seat)
        trick = hand.trick
        if not trick:
            return self._lead(state, seat, legal, unseen)
        best = winning_index(rules, trick, trump)
        winner = (hand.leader + best) % 4
        last = len(trick) == 3
        if winner % 2 == seat % 2 and (last or self._safe(rules, trick, best, trump, unseen)):
            return self._feed(rules, legal, trump, unseen)
        winning = [c for c in legal if winning_index(rules, [*trick, c], trump) == len(trick)]
        if winning:
            safe = [c for c in winning
                    if last or self._safe(rules, [*trick, c], len(trick), trump, unseen)]
            return min(safe or winning, key=lambda c: self._order(rules, c, trick[0] >> 3,
                                                                   trump))
        return self._cheapest(rules, legal, trump, unseen)

    def _lead(self, state: Any, seat: int, legal: list[int], unseen: CardMask) -> int:
        """Draw trumps with a master trump, cash a side master, else give least."""
        rules: Rules = state.rules
        hand = state.hand
        trump = hand.trump
        masters = [c for c in legal if self._master(rules, c, trump, unseen)]
        if trump is not None and hand.declarer % 2 == seat % 2 and unseen & SUIT_MASK[trump]:
            drawing = [c for c in masters if c >> 3 == trump]
            if drawing:
                return drawing[0]
        side = [c for c in masters if c >> 3 != trump]
        if side:
            return max(side, key=lambda c: rules.points(c, trump))
        return self._cheapest(rules, legal, trump, unseen)

    @staticmethod
    def _unseen(state: Any, seat: int) -> CardMask:
        """The cards still held by the other players, as far as ``seat`` knows."""
        gone = 0
        for done in state.hand.tricks:
            for c in done.cards:
                gone |= 1 << c
        for c in state.hand.trick:
            gone |= 1 << c
        mask: CardMask = 0xFFFFFFFF & ~gone & ~state.hands[seat]
        return mask

    @staticmethod
    def _order(rules: Rules, c: int, led: int, trump: int | None) -> int:
        """How strongly ``c`` plays to a trick led in ``led``."""
        if c >> 3 == trump:
            return rules.trump_strength[c] + 16
        return rules.plain_strength[c] if c >> 3 == led else -1

    def _master(self, rules: Rules, c: int, trump: int | None, unseen: CardMask) -> bool:
        """Whether no unseen card of ``c``'s suit ranks above it."""
        s = c >> 3
        mine = self._order(rules, c, s, trump)
        return all(self._order(rules, u, s, trump) < mine
                   for u in cards_in(unseen & SUIT_MASK[s]))

    def _safe(self, rules: Rules, trick: list[int], at: int, trump: int | None,
              unseen: CardMask) -> bool:
        """Whether no unseen card can beat the card at ``at`` in ``trick``."""
        led = trick[0] >> 3
        mine = self._order(rules, trick[at], led, trump)
        return all(self._order(rules, u, led, trump) < mine for u in cards_in(unseen))

    def _feed(self, rules: Rules, legal: list[int], trump: int | None,
              unseen: CardMask) -> int:
        """To a partner's sure trick: the most points that are not a master or a trump."""
        def gift(c: int) -> tuple[int, int, int]:
            """Points first, keeping trumps and masters back."""
            keep = c >> 3 == trump or self._master(rules, c, trump, unseen)
            return int(not keep), rules.points(c, trump), -rules.plain_strength[c]

        return max(legal, key=gift)

    def _cheapest(self, rules: Rules, legal: list[int], trump: int | None,
                  unseen: CardMask) -> int:
        """The card that costs least to give away: few points, not a master, not a trump."""
        def cost(c: int) -> tuple[int, int, int, int]:
            """Trumps last, masters next, then few points and low rank."""
            return (int(c >> 3 == trump), int(self._master(rules, c, trump, unseen)),
                    rules.points(c, trump), rules.plain_strength[c])

        return min(legal, key=cost)
