"""Trick play: the legal cards (``play.follow-suit``, ``play.hokom-void``, ``play.hokom-ruff``,
``play.trump-led`` and a locked double's ``double.lock``), the trick winner, and the position
perft counts."""

from __future__ import annotations

from dataclasses import dataclass, field

from trickrules.engine.baloot.cards import ACE, SUIT_MASK, BCard, CardMask
from trickrules.engine.baloot.rules import HokomRuff, HokomVoid, Rules, TrumpLed


def strength(rules: Rules, c: BCard, led: int, trump: int | None) -> int:
    """How strongly ``c`` bids for a trick led in suit ``led``: a trump above every plain card,
    a card of the suit led by its plain rank, any other card -1."""
    s = c >> 3
    if s == trump:
        return rules.trump_strength[c]
    if s == led:
        return rules.plain_strength[c]
    return -1


def winning_index(rules: Rules, cards: list[BCard] | tuple[BCard, ...],
                  trump: int | None) -> int:
    """The position in the trick of the card that wins it (so far)."""
    led = cards[0] >> 3
    trumps, plain = rules.trump_strength, rules.plain_strength
    best, at = -2, 0
    for i, c in enumerate(cards):  # :func:`strength` of each card, inline: perft's hot path
        s = c >> 3
        value = trumps[c] if s == trump else plain[c] if s == led else -1
        if value > best:
            best, at = value, i
    return at


PARTNER_RELEASES = (HokomVoid.MUST_TRUMP_UNLESS_PARTNER_WINNING,
                    HokomVoid.MUST_TRUMP_UNLESS_FOURTH_OR_ACE_LED)
"""``play.hokom-void`` readings that free a void player whose partner is winning the trick:
at the third or fourth seat, or at the fourth and at the third after the partner's Ace lead."""


def lock_binds(rules: Rules, locked: bool, seat: int, declarer: int) -> bool:
    """Whether a locked Double or Four binds ``seat`` (``double.lock``): every seat, or only
    the buyers' under ``no-trump-lead-buyers``."""
    return locked and (not rules.lock_binds_buyers_only or seat % 2 == declarer % 2)


def legal_mask(rules: Rules, hand: CardMask, trick: list[BCard], trump: int | None,
               locked: bool) -> CardMask:
    """The cards of ``hand`` its holder may play to ``trick`` (the cards played so far);
    ``locked``: a lock binds the holder (:func:`lock_binds`)."""
    if not trick:
        if locked and trump is not None and rules.lock_forbids_trump_lead:
            others = hand & ~SUIT_MASK[trump]
            if others:
                return others
        return hand
    led = trick[0] >> 3
    follow = hand & SUIT_MASK[led]
    if follow:
        if led == trump and overtrump_owed(rules, trick, trump):
            return higher_trumps(rules, follow, trick, trump) or follow
        return follow
    if trump is None or rules.hokom_void is HokomVoid.MAY_TRUMP:
        return hand
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if rules.hokom_void in PARTNER_RELEASES and len(trick) >= 2:
        partner_at = len(trick) - 2
        if winning_index(rules, trick, trump) == partner_at and (
                rules.hokom_void is HokomVoid.MUST_TRUMP_UNLESS_PARTNER_WINNING
                or partner_at == 1 or trick[0] & 7 == ACE):
            return hand
    if rules.hokom_ruff is HokomRuff.ANY_TRUMP:
        return trumps
    higher = higher_trumps(rules, trumps, trick, trump)
    if higher:
        return higher
    return hand if may_discard(rules, trick) else trumps


def may_discard(rules: Rules, trick: list[BCard] | tuple[BCard, ...]) -> bool:
    """``play.hokom-ruff``: whether a void player who cannot beat the trump in the trick may
    throw off any card (always, or only at the third seat, after the second player's ruff)."""
    return rules.hokom_ruff is HokomRuff.OVERTRUMP_OR_DISCARD or (
        rules.hokom_ruff is HokomRuff.OVERTRUMP_OR_DISCARD_THIRD_SEAT and len(trick) == 2)


def overtrump_owed(rules: Rules, trick: list[BCard], trump: int) -> bool:
    """``play.trump-led``: whether a player following a trump lead owes a trump above the
    trick's (when he has one): never, always, or unless his partner's trump is winning."""
    if rules.trump_led is TrumpLed.ANY_TRUMP:
        return False
    if rules.trump_led is TrumpLed.MUST_OVERTRUMP_UNLESS_PARTNER_WINNING and len(trick) >= 2:
        return winning_index(rules, trick, trump) != len(trick) - 2
    return True


def void_rule(rules: Rules, trick: list[BCard] | tuple[BCard, ...], trump: int,
              card: BCard) -> str:
    """The rule deciding whether a Hokom player void in the suit led may play ``card``:
    ``play.hokom-ruff`` once a trump is in the trick, for a trump (or for any card where he
    may throw off instead), else ``play.hokom-void``."""
    ruffed = any(c >> 3 == trump for c in trick)
    if ruffed and (card >> 3 == trump or may_discard(rules, trick)):
        return "play.hokom-ruff"
    return "play.hokom-void"


def higher_trumps(rules: Rules, trumps: CardMask, trick: list[BCard], trump: int) -> CardMask:
    """The cards of ``trumps`` above every trump in ``trick`` (all of them when it has none):
    what ``play.trump-led`` and ``play.hokom-ruff`` may oblige a player to play."""
    top = max((rules.trump_strength[c] for c in trick if c >> 3 == trump), default=-1)
    higher = 0
    m = trumps
    while m:
        low = m & -m
        m ^= low
        if rules.trump_strength[low.bit_length() - 1] > top:
            higher |= low
    return higher


_MID_TRICK: tuple[int, list[BCard]] = (-1, [])
"""What :meth:`PlayPosition.pop` finds for a card that did not finish its trick (shared: it
is never changed)."""


@dataclass(slots=True)
class PlayPosition:
    """A hand in play with a fixed contract, for perft: push and pop cards."""

    rules: Rules
    hands: list[CardMask]
    leader: int
    trump: int | None
    locked: bool = False
    trick: list[BCard] = field(default_factory=list)
    stack: list[tuple[int, list[BCard]]] = field(default_factory=list)
    declarer: int = 0
    """The buyer's seat, for a lock that binds the buyers only."""

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4

    def legal_mask(self) -> CardMask:
        """The legal cards of the player to move (none once the hand is over)."""
        trick = self.trick
        seat = (self.leader + len(trick)) % 4
        hand = self.hands[seat]
        if trick:  # the usual case first: a plain suit led and followed, whatever the rules
            led = trick[0] >> 3
            follow = hand & SUIT_MASK[led]
            if follow and led != self.trump:
                return follow
        locked = self.locked and lock_binds(self.rules, True, seat, self.declarer)
        return legal_mask(self.rules, hand, trick, self.trump, locked)

    def push(self, c: BCard) -> None:
        """Play ``c`` for the player to move."""
        trick = self.trick
        self.hands[(self.leader + len(trick)) % 4] ^= 1 << c
        trick.append(c)
        if len(trick) == 4:
            self.stack.append((self.leader, trick))
            self.leader = (self.leader + winning_index(self.rules, trick, self.trump)) % 4
            self.trick = []
        else:
            self.stack.append(_MID_TRICK)

    def pop(self) -> BCard:
        """Take back the last card played."""
        leader, finished = self.stack.pop()
        if leader >= 0:
            self.leader, self.trick = leader, finished
        c = self.trick.pop()
        self.hands[(self.leader + len(self.trick)) % 4] |= 1 << c
        return c


def perft_position(rules: Rules, seed: int, contract: str, trump: int | None,
                   declarer: int | None) -> tuple[PlayPosition, int, int]:
    """The first trick of the seed's first deal under a fixed contract (no doubling, no
    projects): the position, its dealer and its declarer (default: the dealer's right)."""
    from trickrules.engine.baloot.deal import complete, first_deal, pack
    from trickrules.engine.table import first_dealer

    dealer = first_dealer(rules, seed)
    dealt = first_deal(pack(seed, 0), dealer, "cut", seed, 0)
    seat = (dealer + 1) % 4 if declarer is None else declarer
    hands = complete(list(dealt.hands), dealt.public, dealt.rest, dealer, seat)
    leader = seat if rules.first_lead_declarer else (dealer + 1) % 4
    return (PlayPosition(rules, hands, leader, trump if contract == "hokom" else None,
                         declarer=seat), dealer, seat)
