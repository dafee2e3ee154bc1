"""A rule-based Kout player: bids on the tricks its hand should take with its partners, names
its strongest suit, and plays the common heuristics (win cheaply, keep masters, let a partner's
sure trick stand, draw trumps while the opponents still hold some).

It reads the state's public parts only: its own hand, the contract, the trump, the cards of
the trick and of earlier tricks. Every choice is one of the legal actions it is given, so it
plays legally under any profile.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from trickrules.engine.kout.actions import PASS, TRUMP_BASE, action_bid, is_bid
from trickrules.engine.kout.play import WORTHLESS_JOKER_LEAD
from trickrules.engine.kout.ranking import NO_SUIT, card_strength, winning_index
from trickrules.engine.kout.state import AUCTION, TRUMP
from trickrules.engine.masks import BIT, JOKER_MASK, SUIT_MASK, CardSet, iter_cards
from trickrules.spec.cards import ACE, JACK, KING, QUEEN, RED_JOKER, SUITS, Card

HONOUR_TRICKS = {ACE: 1.0, KING: 0.8, QUEEN: 0.5, JACK: 0.3}
"""Tricks a trump honour is worth, when the suit holds enough cards to guard it."""
PARTNER_SHARE = 0.9
"""The share of an average player's tricks each partner is counted on for."""


def suit_tricks(hand: CardSet, trump: int) -> float:
    """The tricks ``hand`` should take itself with ``trump`` as trump: Jokers, guarded trump
    honours, long trumps, and side Aces and guarded Kings."""
    tricks = (1.0 if hand & BIT[RED_JOKER] else 0.0) + (0.9 if hand & BIT[52] else 0.0)
    trumps = [c % 13 for c in iter_cards(hand & SUIT_MASK[trump])]
    for rank in trumps:
        honour = HONOUR_TRICKS.get(rank, 0.0)
        tricks += honour if len(trumps) > ACE - rank else honour / 2
    tricks += 0.7 * max(0, len(trumps) - 3)
    for suit in SUITS:
        if suit == trump:
            continue
        held = hand & SUIT_MASK[suit]
        if held & BIT[suit * 13 + ACE]:
            tricks += 0.85
        if held & BIT[suit * 13 + KING] and held.bit_count() >= 2:
            tricks += 0.5 if held & BIT[suit * 13 + ACE] else 0.35
    return tricks


@functools.cache
def stronger(trump: int, follow: int) -> tuple[CardSet, ...]:
    """For each card, the set of cards that beat it in a trick with this trump and suit to
    follow (rank breaking ties among cards that cannot win)."""
    keys = [card_strength(c, trump, follow) * 16 + (c % 13 if c < 52 else 15)
            for c in range(54)]
    return tuple(sum(BIT[o] for o in range(54) if keys[o] > keys[c]) for c in range(54))


def best_trump(hand: CardSet) -> tuple[int, float]:
    """The suit the hand would name as trump, and the tricks it should take with it."""
    return max(((s, suit_tricks(hand, s)) for s in SUITS), key=lambda pair: pair[1])


class KoutRulesPlayer:
    """Bids on hand strength, names the best trump, and plays by the usual heuristics."""

    name = "rules"

    def choose(self, state: Any, legal: list[int], rng: random.Random) -> int:
        """The action this player takes among ``legal`` (it never uses ``rng``: its play is a
        function of the state)."""
        if state.phase == AUCTION:
            return self._bid(state, legal)
        if state.phase == TRUMP:
            suit, _ = best_trump(state.hand_masks()[state.current_player()])
            return TRUMP_BASE + suit if TRUMP_BASE + suit in legal else legal[0]
        return self._card(state.position, legal)

    # ------------------------------------------------------------------ auction
    def _bid(self, state: Any, legal: list[int]) -> int:
        """The highest bid the hand and its partners should make, never over a partner."""
        rules = state.rules
        seat = state.current_player()
        _, own = best_trump(state.hand_masks()[seat])
        partners = rules.players // 2 - 1
        estimate = own + partners * PARTNER_SHARE * rules.hand_size / rules.players
        bids = [a for a in legal if is_bid(a)]
        within = [a for a in bids if action_bid(a) <= estimate]
        if PASS not in legal:  # the dealer's forced bid: what the hand is worth, at least 5
            return max(within, key=action_bid) if within else min(bids, key=action_bid)
        auction = state.auction
        if auction.high_seat >= 0 and auction.high_seat % 2 == seat % 2:
            return PASS  # never outbid a partner
        return max(within, key=action_bid) if within else PASS

    # ------------------------------------------------------------------ play
    def _card(self, pos: Any, legal: list[int]) -> int:
        """The card to play: lead, let a partner's sure trick stand, or win cheaply."""
        seat = pos.turn
        unseen = self._unseen(pos, seat)
        if not pos.trick:
            return self._lead(pos, seat, legal, unseen)
        players = pos.rules.players
        best = winning_index(pos.trick, pos.trick_trump, pos.follow, pos.worthless)
        winner = (pos.leader + best) % players
        last = len(pos.trick) == players - 1
        if winner % 2 == seat % 2:
            held = pos.trick[best]
            if last or self._safe(pos, held, unseen):
                return self._cheapest(pos, legal, unseen)
        winning = [c for c in legal if self._wins(pos, seat, c)]
        if winning:
            safe = [c for c in winning if last or self._safe(pos, c, unseen)]
            return min(safe or winning, key=lambda c: self._strength(pos, c))
        return self._cheapest(pos, legal, unseen)

    def _lead(self, pos: Any, seat: int, legal: list[int], unseen: CardSet) -> int:
        """Draw trumps with a master trump, cash a side master, else lead low from length."""
        hand = pos.hands[seat]
        live = pos.joker_permission(seat, hand)
        master = self._master_lead(pos, seat, legal, unseen, live)
        if master is not None:
            return master
        return self._low_lead(pos.trump, hand, legal, live)

    def _master_lead(self, pos: Any, seat: int, legal: list[int], unseen: CardSet,
                     live: CardSet) -> int | None:
        """A master to lead: the strongest master trump while the contract's team draws the
        opponents' trumps, else the highest side master (None without one)."""
        trump = pos.trump
        out_trumps = unseen & (SUIT_MASK[trump] | JOKER_MASK)
        masters = self._leadable_masters(trump, legal, unseen, live)
        if pos.contract.team == seat % 2 and out_trumps:
            drawing = [c for c in masters if c >= 52 or c // 13 == trump]
            if drawing:
                return max(drawing, key=lambda c: card_strength(c, trump, trump))
        side = [c for c in masters if c < 52 and c // 13 != trump]
        if side:
            return max(side, key=lambda c: c % 13)
        return None

    def _leadable_masters(self, trump: int, legal: list[int], unseen: CardSet,
                          live: CardSet) -> list[int]:
        """The legal masters that may lead: a side card, or a Joker the rules let lead."""
        return [c for c in legal if self._master(c, trump, unseen)
                and (c < 52 or live & BIT[c])]

    @staticmethod
    def _low_lead(trump: int, hand: CardSet, legal: list[int], live: CardSet) -> int:
        """Without a master to lead: the lowest side card of the longest side suit, else the
        lowest suited card, else a Joker that may lead (``live``) before one that may not."""
        plain = [c for c in legal if c < 52 and c // 13 != trump]
        if plain:
            longest = max((c // 13 for c in plain),
                          key=lambda s: (hand & SUIT_MASK[s]).bit_count())
            return min((c for c in plain if c // 13 == longest), key=lambda c: c % 13)
        suited = [c for c in legal if c < 52]
        if suited:
            return min(suited, key=lambda c: c % 13)
        return min(legal, key=lambda c: 0 if live & BIT[c] else 1)

    @staticmethod
    def _unseen(pos: Any, seat: int) -> CardSet:
        """The cards still held by the other players, as far as ``seat`` knows."""
        trick: CardSet = 0
        for c in pos.trick:
            trick |= BIT[c]
        mask: CardSet = pos.rules.deck_mask & ~pos.played & ~trick & ~pos.hands[seat]
        return mask

    @staticmethod
    def _master(c: Card, trump: int, unseen: CardSet) -> bool:
        """Whether no unseen card ranks above ``c`` in its own suit (trump counting Jokers)."""
        if c >= 52 or c // 13 == trump:
            return not unseen & stronger(trump, trump)[c]
        return not unseen & SUIT_MASK[c // 13] & ~((BIT[c] << 1) - 1)

    @staticmethod
    def _follow(pos: Any, c: Card) -> int:
        """The suit to follow once ``c`` is played (a worthless Joker lead leaves it open)."""
        return pos.follow if pos.follow != NO_SUIT else (c // 13 if c < 52 else NO_SUIT)

    def _safe(self, pos: Any, c: Card, unseen: CardSet) -> bool:
        """Whether no unseen card can beat ``c`` in this trick."""
        return not unseen & stronger(pos.trick_trump, self._follow(pos, c))[c]

    def _strength(self, pos: Any, c: Card) -> int:
        """How strongly ``c`` plays to this trick (rank breaking ties)."""
        return card_strength(c, pos.trick_trump, self._follow(pos, c)) * 16 + (
            c % 13 if c < 52 else 15)

    @staticmethod
    def _wins(pos: Any, seat: int, c: Card) -> bool:
        """Whether ``c`` would be winning the trick once played: by strength, or after a
        worthless Joker lead (which can change the suit to follow) tried and taken back."""
        if pos.lead_kind != WORTHLESS_JOKER_LEAD:
            best = max(card_strength(x, pos.trick_trump, pos.follow) for x in pos.trick)
            return card_strength(c, pos.trick_trump, pos.follow) > best
        pos.push(c)
        try:
            if not pos.trick:
                return bool(pos.tricks[-1].winner == seat)
            best = winning_index(pos.trick, pos.trick_trump, pos.follow, pos.worthless)
            return bool((pos.leader + best) % pos.rules.players == seat)
        finally:
            pos.pop()

    def _cheapest(self, pos: Any, legal: list[int], unseen: CardSet) -> int:
        """The card that costs least to give away: a plain low card before a master, a trump
        or a Joker."""
        trump = pos.trump

        def cost(c: Card) -> tuple[int, int, int]:
            """Trumps and Jokers last, masters next, then by strength."""
            strong = c >= 52 or c // 13 == trump
            return int(strong), int(self._master(c, trump, unseen)), self._strength(pos, c)

        return min(legal, key=cost)
