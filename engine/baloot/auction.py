"""Buying the public card (two rounds, Ashkal, Kawesh) and doubling, as small state machines.

Seats speak in priority order from the dealer's right (``auction.order``). A first-round
Hokom is in the public card's suit and every other player may answer it with Sun
(``auction.sun-over-hokom``), or with a Hokom of his own by a player ahead of its buyer
(``auction.hokom-over-hokom``); a first-round Sun may be taken by a player of higher priority
(``auction.sun-over-sun``); a second-round Sun is final, and a second-round Hokom is answered
by every other player, or only by those who have not said no in that round
(``auction.sun-over-hokom``). Ashkal may be called whatever stands, or only over the other
side's Hokom (``auction.ashkal-when``); a first-round Hokom nobody took may go back to its
buyer, who keeps it or takes the card as Sun (on an Ace, under one reading, only the first to
speak may take it as Sun: ``auction.hokom-confirmation``). Doubling
follows the contract: Double by a defender, Triple by the buyer, Four by the doubler (or his
partner when he passes, under ``double.four-caller``), Gahwa by the buyer (Triple and Gahwa by
his partner when he passes, under ``double.buyer-raises``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot.cards import ACE, NINE, CardMask
from trickrules.engine.baloot.rules import HOKOM, SUN, AshkalOnAce, Kawesh, Rules, SunDouble


@dataclass
class Bid:
    """The standing bid: its kind, the seat that called it, the declarer (the caller's partner
    after an Ashkal) and the trump (None in Sun, and before a second-round suit is named)."""

    kind: str
    caller: int
    declarer: int
    trump: int | None


@dataclass
class Auction:
    """Buying in progress."""

    dealer: int
    public: int
    round: int = 1
    queue: list[int] = field(default_factory=list)
    bid: Bid | None = None
    declined_sun: set[int] = field(default_factory=set)
    said_no: set[int] = field(default_factory=set)
    """The seats that passed in the second round before any bid."""
    confirming: bool = False
    """A first-round Hokom nobody took awaits its buyer's word (``auction.hokom-confirmation``):
    he passes to keep it or calls Sun."""
    calls: list[dict[str, object]] = field(default_factory=list)
    annulled: bool = False
    done: bool = False

    @property
    def order(self) -> list[int]:
        """The seats in priority order."""
        return [(self.dealer + 1 + i) % 4 for i in range(4)]

    def priority(self, seat: int) -> int:
        """A seat's place in the priority order (0 first)."""
        return (seat - self.dealer - 1) % 4


def start(dealer: int, public: int) -> Auction:
    """The first round, about to begin."""
    auction = Auction(dealer, public)
    auction.queue = auction.order
    return auction


def over_opponents_hokom(auction: Auction, seat: int) -> bool:
    """Whether a Hokom bought by the side other than ``seat``'s stands: what an Ashkal needs
    under ``auction.ashkal-when = over-opponents-hokom``."""
    bid = auction.bid
    return bid is not None and bid.kind == HOKOM and bid.caller % 2 != seat % 2


def _ashkal_effect(rules: Rules, auction: Auction, seat: int) -> str | None:
    """What an Ashkal by ``seat`` is: ``ashkal``, ``sun`` (forced), or None (not allowed)."""
    if rules.ashkal_over_opponents_hokom and not over_opponents_hokom(auction, seat):
        return None  # auction.ashkal-when
    if rules.ashkal_by_position:
        entitled = auction.priority(seat) >= 2
    else:
        entitled = seat in (auction.dealer, (auction.dealer + 3) % 4)
    on_ace = auction.public & 7 == ACE
    if on_ace and rules.ashkal_on_ace is AshkalOnAce.REFUSED:
        return None  # auction.ashkal-on-ace: not a call while the public card is an Ace
    if not entitled:
        return "sun" if rules.wrong_ashkal_is_sun else None
    if on_ace and rules.ashkal_on_ace is AshkalOnAce.FORCED_SUN:
        return "sun"
    return "ashkal"


def may_kawesh(rules: Rules, auction: Auction, hand: CardMask) -> bool:
    """Rule ``auction.kawesh``: a first hand of only 7s, 8s and 9s, in the first round, or
    at any turn of the buying under ``any-turn``."""
    if rules.kawesh is Kawesh.NONE or (auction.round == 2 and rules.kawesh is not
                                       Kawesh.ANY_TURN):
        return False
    low = sum(((1 << (NINE + 1)) - 1) << (8 * s) for s in range(4))
    return hand & ~low == 0


def _confirming_calls(rules: Rules, auction: Auction, seat: int) -> list[int]:
    """``auction.hokom-confirmation``: the Hokom's buyer keeps it (pass) or takes the card as
    Sun, which only the first to speak may do on an Ace under one reading."""
    barred = (rules.confirmation_sun_not_on_ace and auction.public & 7 == ACE
              and auction.priority(seat) != 0)  # only the first to speak, on an Ace
    return [act.PASS] if barred else [act.PASS, act.SUN]


def _first_round_calls(rules: Rules, auction: Auction, seat: int) -> list[int]:
    """The first round's bids open to ``seat``: Hokom in the public card's suit (over another
    Hokom only under ``hokom-over-hokom``), Sun, and Ashkal where it has an effect."""
    calls = []
    bid = auction.bid
    if bid is None or (rules.hokom_over_hokom and bid.kind == HOKOM  # hokom-over-hokom
                       and auction.priority(seat) < auction.priority(bid.caller)):
        calls.append(act.HOKOM)
    calls.append(act.SUN)
    if _ashkal_effect(rules, auction, seat) is not None:
        calls.append(act.ASHKAL)
    return calls


def _second_round_calls(rules: Rules, auction: Auction, seat: int) -> list[int]:
    """The second round's bids open to ``seat``: Sun, Ashkal where both rounds allow it, and
    while nobody has bid, Hokom in another suit than the public card's."""
    calls = [act.SUN]
    public_suit = auction.public >> 3
    if rules.ashkal_both_rounds and _ashkal_effect(rules, auction, seat) is not None:
        calls.append(act.ASHKAL)
    if auction.bid is None:
        if rules.second_hokom_named_with_bid:
            calls += [act.SUIT_BASE + s for s in range(4) if s != public_suit]
        else:
            calls.append(act.HOKOM)
    return calls


def legal_calls(rules: Rules, auction: Auction, hand: CardMask) -> list[int]:
    """The calls the seat at the front of the queue may make."""
    seat = auction.queue[0]
    if auction.confirming:
        return _confirming_calls(rules, auction, seat)
    calls = [act.PASS]
    if auction.round == 1:
        calls += _first_round_calls(rules, auction, seat)
    else:
        calls += _second_round_calls(rules, auction, seat)
    if may_kawesh(rules, auction, hand):
        calls.append(act.KAWESH)
    return sorted(calls)


def _record(auction: Auction, seat: int, call: str, trump: int | None = None) -> None:
    entry: dict[str, object] = {"seat": seat, "round": auction.round, "call": call}
    if trump is not None:
        entry["trump"] = trump
    auction.calls.append(entry)


def _sun(rules: Rules, auction: Auction, caller: int, declarer: int) -> None:
    auction.bid = Bid(SUN, caller, declarer, None)
    if auction.round == 2 or not rules.sun_over_sun or auction.confirming:
        auction.queue = []
        return
    auction.queue = [s for s in auction.order
                     if auction.priority(s) < auction.priority(caller)
                     and s not in auction.declined_sun and s != declarer]


def _pass(auction: Auction, seat: int) -> None:
    """A pass: it declines a Sun bid, and in the second round before any bid it says no."""
    _record(auction, seat, "pass")
    if auction.bid is not None and auction.bid.kind == SUN:
        auction.declined_sun.add(seat)
    if auction.bid is None and auction.round == 2:
        auction.said_no.add(seat)


def _hokom(rules: Rules, auction: Auction, seat: int, action: int) -> None:
    """A Hokom bid, in the public card's suit in the first round or the suit named in the
    second; every other seat may still speak but those a second-round no bars from Sun."""
    public_suit = auction.public >> 3
    trump = public_suit if auction.round == 1 else (
        action - act.SUIT_BASE if action != act.HOKOM else None)
    _record(auction, seat, "hokom", trump)
    auction.bid = Bid(HOKOM, seat, seat, trump)
    barred = auction.said_no if rules.second_no_bars_sun else set()
    auction.queue = [s for s in auction.order if s != seat and s not in barred]


def apply_call(rules: Rules, auction: Auction, action: int) -> None:
    """Apply a legal call (the caller checks legality first)."""
    seat = auction.queue.pop(0)
    if action == act.PASS:
        _pass(auction, seat)
    elif action == act.KAWESH:
        _record(auction, seat, "kawesh")
        auction.annulled = True
        auction.queue = []
    elif action == act.SUN:
        _record(auction, seat, "sun")
        _sun(rules, auction, seat, seat)
    elif action == act.ASHKAL:
        _record(auction, seat, "ashkal")
        effect = _ashkal_effect(rules, auction, seat)
        _sun(rules, auction, seat, (seat + 2) % 4 if effect == "ashkal" else seat)
    else:
        _hokom(rules, auction, seat, action)
    if auction.queue:
        return
    _end_of_queue(rules, auction)


def _end_of_queue(rules: Rules, auction: Auction) -> None:
    """Once every seat due to speak has spoken: the Hokom's buyer asked to confirm it, the
    buying over (a bid, or Kawesh), or the second round begun after four passes."""
    bid = auction.bid
    if bid is not None and bid.kind == HOKOM and auction.round == 1 and not auction.confirming \
            and rules.hokom_confirmation and not auction.annulled:
        auction.confirming, auction.queue = True, [bid.caller]  # auction.hokom-confirmation
        return
    auction.confirming = False
    if auction.annulled or auction.bid is not None:
        auction.done = True
    elif auction.round == 1:
        auction.round = 2
        auction.queue = auction.order
    else:
        auction.done = True


@dataclass
class Doubling:
    """Doubling in progress or done: the multiplier, who doubled, whether the last Double or
    Four was locked, Gahwa, and the seats still to answer."""

    declarer: int
    contract: str
    level: int = 1
    doubler: int | None = None
    locked: bool = False
    gahwa: bool = False
    queue: list[int] = field(default_factory=list)
    calls: list[dict[str, object]] = field(default_factory=list)


def sun_may_double(rules: Rules, scores: tuple[int, int], buyers: int) -> bool:
    """Rules ``double.sun`` and ``double.sun-ahead``: one side above 100 (and, strictly, the
    other below 100; or one at 100 or more and the other below), and, where the buyers must
    be ahead, that side is side ``buyers``."""
    if max(scores) < 100 or min(scores) > 100:  # no reading lets such scores double
        return False
    at_100 = rules.sun_double is SunDouble.ONE_AT_100_OTHER_BELOW_100
    above = [s >= 100 if at_100 else s > 100 for s in scores]
    if above[0] == above[1]:
        return False
    if rules.sun_double_buyers_ahead and not above[buyers]:
        return False
    return rules.sun_double is SunDouble.ONE_SIDE_ABOVE_100 or min(scores) < 100


def start_doubling(rules: Rules, declarer: int, contract: str,
                   scores: tuple[int, int]) -> Doubling:
    """The doubling after the contract; nobody speaks when Sun may not be doubled."""
    doubling = Doubling(declarer, contract)
    if contract == HOKOM or sun_may_double(rules, scores, declarer % 2):
        doubling.queue = [(declarer + 1) % 4, (declarer + 3) % 4]
    return doubling


def legal_doubling(doubling: Doubling) -> list[int]:
    """The calls open to the seat at the front of the queue."""
    hokom = doubling.contract == HOKOM
    if doubling.level == 1:
        return [act.PASS, act.DOUBLE, act.DOUBLE_LOCKED] if hokom else [act.PASS, act.DOUBLE]
    if doubling.level == 2:
        return [act.PASS, act.TRIPLE]
    if doubling.level == 3:
        return [act.PASS, act.FOUR, act.FOUR_LOCKED]
    return [act.PASS, act.GAHWA]


def _partner_may_raise(rules: Rules, level: int) -> bool:
    """Whether a pass at ``level`` hands the raise to the passer's partner: Four to the
    doubler's (``double.four-caller``), Triple and Gahwa to the declarer's
    (``double.buyer-raises``)."""
    return rules.four_by_either_defender if level == 3 else rules.raise_by_either_buyer


def apply_doubling(rules: Rules, doubling: Doubling, action: int) -> None:
    """Apply a legal doubling call."""
    seat = doubling.queue.pop(0)
    doubling.calls.append({"seat": seat, "call": act.action_name(action)})
    if action == act.PASS:
        if doubling.level > 1 and not _partner_may_raise(rules, doubling.level):
            doubling.queue = []
        return
    doubling.queue = []
    if action in (act.DOUBLE, act.DOUBLE_LOCKED):
        doubling.level, doubling.doubler = 2, seat
    elif action == act.TRIPLE:
        doubling.level = 3
    elif action in (act.FOUR, act.FOUR_LOCKED):
        doubling.level = 4
    else:
        doubling.gahwa, doubling.locked = True, False
        return
    doubling.locked = action in (act.DOUBLE_LOCKED, act.FOUR_LOCKED)
    if doubling.contract == SUN or (doubling.locked and not rules.lock_forbids_trump_lead):
        return
    assert doubling.doubler is not None
    if doubling.level in (2, 4):  # double.buyer-raises: the declarer, then his partner
        partner = [(doubling.declarer + 2) % 4] if rules.raise_by_either_buyer else []
        doubling.queue = [doubling.declarer, *partner]
    elif rules.four_by_either_defender:  # double.four-caller: the doubler, then his partner
        doubling.queue = [doubling.doubler, (doubling.doubler + 2) % 4]
    else:
        doubling.queue = [doubling.doubler]

