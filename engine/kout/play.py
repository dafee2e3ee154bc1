"""Trick play of one hand: legal cards, the Joker rules, trick winners, with push/pop.

:class:`PlayPosition` is the engine's hot path (perft and random games run here). Hands are
bitmasks; :meth:`PlayPosition.push` plays a card and :meth:`PlayPosition.pop` takes it back.
"""

from __future__ import annotations

from dataclasses import dataclass

from trickrules.engine.kout.ranking import NO_SUIT, winning_index
from trickrules.engine.kout.rules import BidHolder, Rules, SecondJoker
from trickrules.engine.masks import BIT, JOKER_MASK, SUIT_MASK, CardSet, iter_cards
from trickrules.engine.table import deal_hands, first_dealer
from trickrules.engine.trick import Trick
from trickrules.spec.cards import ACE, SUIT_LETTERS, Card, Suit, card_name, make_card

NORMAL_LEAD, LIVE_JOKER_LEAD, WORTHLESS_JOKER_LEAD = 0, 1, 2


@dataclass(frozen=True)
class Contract:
    """The outcome of an auction: who bid what, and whether the dealer was forced."""

    seat: int
    bid: int
    forced: bool
    malzoom: bool

    @property
    def team(self) -> int:
        """The bidding team."""
        return self.seat % 2


_Undo = tuple[int, Suit, Suit, int, CardSet, bool, int, "Trick | None"]
"""What :meth:`PlayPosition.pop` restores: the seat that played, the suit to follow, the
trick's trump, the lead's kind, the worthless Jokers, whether the hand was over, the leader,
and the trick the card finished (a plain tuple: it is made at every card of perft)."""


def holds_bid_permission(holder: BidHolder, seat: int, contract: Contract) -> bool:
    """Whether ``seat`` may use a high bid's permission to lead a Joker
    (``joker.lead-bid-holder``)."""
    if holder is BidHolder.ANY_PLAYER:
        return True
    if holder is BidHolder.DECLARER:
        return seat == contract.seat
    return seat % 2 == contract.team


class PlayPosition:
    """The play phase of a hand under fixed rules, trump and contract."""

    __slots__ = (
        "_stack",
        "contract",
        "follow",
        "hands",
        "last_place",
        "lead_kind",
        "leader",
        "next_seat",
        "over",
        "played",
        "players",
        "rules",
        "trick",
        "trick_trump",
        "tricks",
        "tricks_done",
        "trump",
        "turn",
        "won",
        "worthless",
    )

    def __init__(self, rules: Rules, trump: Suit, contract: Contract, hands: list[CardSet],
                 leader: int, played: CardSet = 0, won: tuple[int, int] = (0, 0)) -> None:
        self.rules = rules
        self.trump = trump
        self.contract = contract
        self.hands = list(hands)
        self.played = played
        self.won = list(won)
        self.tricks_done = won[0] + won[1]
        self.tricks: list[Trick] = []
        self.leader = leader
        self.turn = leader
        self.trick: list[Card] = []
        self.follow: Suit = NO_SUIT
        self.trick_trump: Suit = trump
        self.lead_kind = NORMAL_LEAD
        self.worthless: CardSet = 0
        self.over = False
        self._stack: list[_Undo | int] = []
        self.players = rules.players
        self.last_place = rules.players - 1
        """The place in a trick of its last card (the card that ends it)."""
        self.next_seat = tuple((seat + 1) % rules.players for seat in range(rules.players))
        self.over = self._decided()

    # ------------------------------------------------------------------ legality
    def joker_permission(self, seat: int, hand: CardSet) -> CardSet:
        """Jokers ``seat`` may lead with their full rank (rules ``joker.lead-*``).

        Each rule is read only where it can decide (a suite reuses an answer across profiles
        that agree on the rules it read)."""
        rules, contract = self.rules, self.contract
        allowed = rules.bid_jokers.get(contract.bid, 0)
        if allowed and not holds_bid_permission(rules.bid_holder, seat, contract):
            allowed = 0
        honours = rules.honours
        if honours is not None and self.played & honours[self.trump] == honours[self.trump]:
            allowed |= JOKER_MASK
        if (self.rules.declarer_without_ace and seat == self.contract.seat
                and not hand & BIT[make_card(self.trump, ACE)]):
            allowed |= JOKER_MASK
        return allowed

    def legal_mask(self) -> CardSet:
        """The cards the player to move may play, as a set (empty once the hand is over)."""
        if self.over:
            return 0
        hand = self.hands[self.turn]
        if not self.trick:
            jokers = hand & JOKER_MASK
            if not jokers or jokers == hand or self.rules.unqualified_any_time:
                return hand
            return (hand ^ jokers) | (jokers & self.joker_permission(self.turn, hand))
        jokers = hand & JOKER_MASK
        follow = self.follow
        if not jokers and follow >= 0:  # the usual case: no Joker held, a suit to follow
            suited = hand & SUIT_MASK[follow]
            if suited:
                return suited  # the suit led, held: the same under every reading
        if (jokers and jokers != hand and self.lead_kind == LIVE_JOKER_LEAD
                and not self.rules.joker_to_joker_lead):
            hand ^= jokers  # joker.to-joker-lead: the other Joker counts as not held
        if follow < 0:
            return hand
        return self._follow_mask(hand)

    def _follow_mask(self, hand: CardSet) -> CardSet:
        """The cards of ``hand`` a player who is not leading may play (the suit to follow is
        known): ``play.follow-suit``, ``joker.play-to-trick`` and ``joker.counts-as-trump``."""
        follow = self.follow
        rules = self.rules
        jokers = hand & JOKER_MASK
        suited = hand & SUIT_MASK[follow]
        if rules.joker_any_time:
            owed = jokers if rules.joker_counts_as_trump else 0
            if follow == self.trick_trump:
                suited |= owed
            if suited:
                return suited | jokers
            if rules.follow_else_trump:
                trumps = hand & SUIT_MASK[self.trick_trump] | owed
                if trumps:
                    return trumps | jokers
            return hand
        if follow == self.trick_trump:
            suited |= jokers
        if suited:
            return suited
        if rules.follow_else_trump:
            trumps = hand & (SUIT_MASK[self.trick_trump] | JOKER_MASK)
            if trumps:
                return trumps
        return hand

    def legal_cards(self) -> list[Card]:
        """The legal cards, sorted by id."""
        return list(iter_cards(self.legal_mask()))

    def forbidding_rule(self, card: Card) -> tuple[str, str]:
        """For an illegal ``card``: the rule id that forbids it and why, in words."""
        name = card_name(card)
        if self.over:
            return "hand.early-stop", "the hand is over"
        if not self.hands[self.turn] & BIT[card]:
            return "play.card-in-hand", f"{name} is not in seat {self.turn}'s hand"
        if not self.trick:
            return ("joker.unqualified-lead",
                    f"{name} may not be led: no Joker-lead permission and other cards are held")
        follow = SUIT_LETTERS[self.follow]
        if card >= 52 and self.lead_kind == LIVE_JOKER_LEAD and not self.rules.joker_to_joker_lead:
            return ("joker.to-joker-lead",
                    f"{name} may not be played to a Joker led with permission while other cards "
                    "are held")
        if card >= 52:
            return "joker.play-to-trick", f"a Joker may be played only as a trump ({follow} led)"
        held = self.hands[self.turn]
        trumps_owed = self.follow == self.trick_trump or (
            self.rules.follow_else_trump and not held & SUIT_MASK[self.follow])
        if (self.rules.joker_any_time and self.rules.joker_counts_as_trump and trumps_owed
                and not held & SUIT_MASK[self.trick_trump] and held & JOKER_MASK):
            return ("joker.counts-as-trump",
                    f"{name} is not a trump, and a Joker, which counts as one, is held")
        if self.lead_kind == LIVE_JOKER_LEAD:
            return "joker.legal-lead-calls-trump", "a Joker was led: a trump must be played"
        if self.hands[self.turn] & SUIT_MASK[self.follow]:
            return "play.follow-suit", f"{name} does not follow suit {follow} held in hand"
        return "play.follow-suit", f"{name} is not a trump, and a trump is held"

    # ------------------------------------------------------------------ making moves
    def push(self, card: Card) -> None:
        """Play ``card`` for the player to move (no legality check: see :meth:`legal_mask`).

        A card played inside a trick led normally changes only a hand, the trick and the turn:
        its undo record is the seat alone (most cards of a perft are such)."""
        trick = self.trick
        seat = self.turn
        if trick and len(trick) < self.last_place and self.lead_kind != WORTHLESS_JOKER_LEAD:
            self.hands[seat] ^= BIT[card]
            trick.append(card)
            self.turn = self.next_seat[seat]
            self._stack.append(seat)
            return
        self._push_and_record(card)

    def _push_and_record(self, card: Card) -> None:
        """:meth:`push` of a card that leads, follows a worthless Joker or ends its trick: the
        state it changes is saved whole."""
        seat, follow, trick_trump = self.turn, self.follow, self.trick_trump
        lead_kind, worthless, was_over, leader = (self.lead_kind, self.worthless, self.over,
                                                  self.leader)
        bit = BIT[card]
        rules = self.rules
        self.hands[seat] ^= bit
        trick = self.trick
        if not trick:
            self.leader = seat
            if card < 52:
                self.lead_kind = NORMAL_LEAD
                self.follow = card // 13
            elif self.joker_permission(seat, self.hands[seat] | bit) & bit:
                self.lead_kind = LIVE_JOKER_LEAD
                self.follow = self.trump if rules.legal_lead_must_trump else NO_SUIT
            else:
                self.lead_kind = WORTHLESS_JOKER_LEAD
                self.follow = NO_SUIT
                self.worthless = bit
        elif lead_kind == WORTHLESS_JOKER_LEAD:
            self.follow, self.trick_trump, self.worthless = after_worthless_lead(
                rules, self.trump, follow, trick_trump, worthless, card)
        trick.append(card)
        finished = None
        if len(trick) == self.players:
            finished = self._finish_trick()
        else:
            self.turn = self.next_seat[seat]
        self._stack.append((seat, follow, trick_trump, lead_kind, worthless, was_over, leader,
                            finished))

    def _finish_trick(self) -> Trick:
        cards = tuple(self.trick)
        winner = (self.leader + winning_index(cards, self.trick_trump, self.follow,
                                              self.worthless)) % self.rules.players
        done = Trick(self.leader, cards, winner)
        for card in cards:
            self.played |= BIT[card]
        self.won[winner % 2] += 1
        self.tricks_done += 1
        self.tricks.append(done)
        self.trick = []
        self.follow = NO_SUIT
        self.trick_trump = self.trump
        self.lead_kind = NORMAL_LEAD
        self.worthless = 0
        self.leader = winner
        self.turn = winner
        self.over = self._decided()
        return done

    def _decided(self) -> bool:
        """Whether the hand has ended: all tricks played, or decided under early stop."""
        size = self.rules.hand_size
        if self.tricks_done >= size:
            return True
        bid = self.contract.bid
        team = self.contract.team
        decided = self.won[team] >= bid or self.won[1 - team] > size - bid
        return decided and self.rules.early_stop  # read only where it can end the hand

    def pop(self) -> Card:
        """Take back the last card played; returns it."""
        undo = self._stack.pop()
        if isinstance(undo, int):  # a card inside a trick led normally: see :meth:`push`
            card = self.trick.pop()
            self.hands[undo] |= BIT[card]
            self.turn = undo
            return card
        (seat, self.follow, self.trick_trump, self.lead_kind, self.worthless, self.over,
         self.leader, finished) = undo
        if finished is not None:
            self.tricks.pop()
            for card in finished.cards:
                self.played ^= BIT[card]
            self.won[finished.winner % 2] -= 1
            self.tricks_done -= 1
            self.trick = list(finished.cards)
        card = self.trick.pop()
        self.hands[seat] |= BIT[card]
        self.turn = seat
        return card

    def copy(self) -> PlayPosition:
        """An independent copy (the undo stack included)."""
        other = PlayPosition.__new__(PlayPosition)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.won = list(self.won)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other._stack = list(self._stack)
        return other


def after_worthless_lead(rules: Rules, trump: Suit, follow: Suit, trick_trump: Suit,
                         worthless: CardSet, card: Card) -> tuple[Suit, Suit, CardSet]:
    """How a card played to a trick led by a worthless Joker changes the suit to follow, the
    trick's trump and the worthless Jokers (``joker.after-worthless-lead``,
    ``joker.second-joker``)."""
    if follow < 0:
        if card >= 52:
            if rules.second_joker is SecondJoker.NORMAL:
                return trump, trick_trump, worthless
            return follow, trick_trump, worthless | BIT[card]
        return card // 13, card // 13 if rules.trump_for_trick else trick_trump, worthless
    if card >= 52 and rules.second_joker is SecondJoker.ANYWHERE:
        return follow, trick_trump, worthless | BIT[card]
    return follow, trick_trump, worthless


def possible_winners(rules: Rules, trump: Suit, leader: int, cards: tuple[Card, ...]) -> set[int]:
    """The seats that can have won a finished trick by the rules: one, or for a Joker lead two
    (whether the Joker was led with permission depends on the hand's history)."""
    players = rules.players
    if cards[0] < 52:
        return {(leader + winning_index(cards, trump, cards[0] // 13, 0)) % players}
    live = trump if rules.legal_lead_must_trump else NO_SUIT
    found = {(leader + winning_index(cards, trump, live, 0)) % players}
    follow, trick_trump, worthless = NO_SUIT, trump, BIT[cards[0]]
    for card in cards[1:]:
        follow, trick_trump, worthless = after_worthless_lead(rules, trump, follow, trick_trump,
                                                              worthless, card)
    found.add((leader + winning_index(cards, trick_trump, follow, worthless)) % players)
    return found


def perft_position(rules: Rules, seed: int, *, bid: int = 5, declarer: int | None = None,
                   trump: int = 0) -> PlayPosition:
    """The fixed start of play for a seed: hand 0's deal; by default the seat after the dealer
    bid 5 (not forced) and named spades, and leads."""
    dealer = first_dealer(rules, seed)
    hands = deal_hands(rules, seed, 0, dealer)
    seat = (dealer + 1) % rules.players if declarer is None else declarer
    contract = Contract(seat, bid, False, False)
    return PlayPosition(rules, trump, contract, hands, seat)
