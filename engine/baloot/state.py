"""The state of a whole Baloot game (OpenSpiel-shaped): the cutter, buying, the trump of a
second-round Hokom, doubling, play with projects, scoring and game end.

Seats are numbered 0..3 in play order (counter-clockwise); the team of a seat is ``seat % 2``.
Deals are drawn from the game's seed, so a state is never a chance node.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Protocol

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot import auction as buy
from trickrules.engine.baloot.cards import NUM_CARDS, SUIT_MASK, CardMask, cards_in, name, names
from trickrules.engine.baloot.deal import CUTTER_CHOICES, FirstDeal, complete, first_deal, pack
from trickrules.engine.baloot.hand import Hand
from trickrules.engine.baloot.play import legal_mask, lock_binds, void_rule
from trickrules.engine.baloot.rules import HOKOM, ExposedCard, Rules
from trickrules.engine.errors import IllegalActionError, StateError
from trickrules.spec.cards import SUIT_LETTERS

if TYPE_CHECKING:
    from trickrules.engine.baloot.projects import Project
    from trickrules.engine.baloot.scoring import HandScore

TERMINAL_PLAYER = -4
CUT, AUCTION, TRUMP, DOUBLE, PLAY, GAME_OVER = (
    "cut", "auction", "trump", "double", "play", "game-over")


class BalootTable(Protocol):
    """The game a state belongs to, as the rules of play see it (the game module imports the
    state, so the state names its game by this shape, not by its class)."""

    rules: Rules


class BalootStateCore:
    """A whole game in progress; :class:`trickrules.engine.baloot.game.BalootState` adds the JSON
    form."""

    def __init__(self, game: BalootTable, seed: int, dealer: int,
                 scores: tuple[int, int] = (0, 0), hand_index: int = 0,
                 deal_index: int | None = None) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.seed = seed
        self.scores = list(scores)
        self.winner: int | None = None
        self.records: list[dict[str, Any]] = []
        self._history: list[int] = []
        self.dealer = dealer
        self.hand_index = hand_index
        self.deal_index = hand_index if deal_index is None else deal_index
        """Counts every deal of the game, redeals after an exposed card included; it keys the
        shuffle."""
        self._new_deal()

    # ------------------------------------------------------------------ dealing

    def _new_deal(self) -> None:
        self.phase = CUT
        self.order = pack(self.seed, self.deal_index)
        self.hands: list[CardMask] = [0, 0, 0, 0]
        self.exposed: list[int] = []
        self.cut_choice: str | None = None
        self.auction: buy.Auction | None = None
        self.doubling: buy.Doubling | None = None
        self.hand: Hand | None = None
        if not self.rules.cutter_chooses:
            self._deal("cut")

    def _deal(self, choice: str) -> None:
        self.cut_choice = choice
        dealt = first_deal(self.order, self.dealer, choice, self.seed, self.deal_index)
        self.load_deal(dealt)

    def load_deal(self, dealt: FirstDeal) -> None:
        """Start buying over an explicit first deal (five cards each and the public card)."""
        self.hands = list(dealt.hands)
        self.public = dealt.public
        self.rest = dealt.rest
        self.preset_deal: list[CardMask] | None = None
        """The eight-card hands, when a state read past the buying brings them."""
        self.phase = AUCTION
        self.auction = buy.start(self.dealer, self.public)

    def exposed_choices(self, c: int) -> tuple[str, ...]:
        """What may follow card ``c`` turned face up while dealing (``deal.exposed-card``):
        ``keep`` (its holder keeps it), ``redeal`` (the same dealer deals again), or both
        when the holder may refuse it."""
        reading = self.rules.exposed_card
        if reading is ExposedCard.REDEAL:
            return ("redeal",)
        if c & 7 != 7:
            return ("keep",)
        return ("keep", "redeal") if reading is ExposedCard.ACE_REFUSABLE else ("redeal",)

    def expose(self, c: int, refuse: bool = False) -> bool:
        """A card turned face up by mistake while dealing (``deal.exposed-card``): the same
        dealer deals again (True), or the holder keeps it (False). ``refuse``: the holder
        refuses it, where :meth:`exposed_choices` lets him choose. Only before any call."""
        if self.phase != AUCTION or self.auction is None or self.auction.calls:
            raise StateError("a card can be exposed only during the deal, before any call")
        if not any(h >> c & 1 for h in self.hands):
            raise StateError(f"card {c} is not in a player's first five cards")
        choices = self.exposed_choices(c)
        if refuse and len(choices) == 1:
            outcome = "kept" if choices == ("keep",) else "dealt again anyway"
            raise StateError(f"an exposed {name(c)} may not be refused: under "
                             f"deal.exposed-card it is {outcome}")
        if choices == ("redeal",) or refuse:
            self.deal_index += 1
            self._new_deal()
            return True
        self.exposed.append(c)
        return False

    # ------------------------------------------------------------------ the API

    def current_player(self) -> int:
        """The seat to act, or -4 when the game is over."""
        if self.phase == CUT:
            return (self.dealer + 3) % 4
        if self.phase == AUCTION:
            assert self.auction is not None
            return self.auction.queue[0]
        if self.phase == TRUMP:
            assert self.auction is not None and self.auction.bid is not None
            return self.auction.bid.declarer
        if self.phase == DOUBLE:
            assert self.doubling is not None
            return self.doubling.queue[0]
        if self.phase == PLAY:
            assert self.hand is not None
            return self.hand.to_move
        return TERMINAL_PLAYER

    def is_chance_node(self) -> bool:
        """Never: deals come from the seed."""
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """None: a seeded state is never a chance node."""
        return []

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == GAME_OVER

    def returns(self) -> list[float]:
        """+1 for each seat of the winning side, -1 for the others; zeros before the end."""
        if self.winner is None:
            return [0.0] * 4
        return [1.0 if seat % 2 == self.winner else -1.0 for seat in range(4)]

    def history(self) -> list[int]:
        """The actions applied so far."""
        return list(self._history)

    def action_to_string(self, action: int) -> str:
        """The readable name of an action."""
        return act.action_name(action)

    def legal_mask(self) -> CardMask:
        """The legal cards of the player to move (0 outside play and while declaring)."""
        if self.phase != PLAY:
            return 0
        assert self.hand is not None
        seat = self.hand.to_move
        if self.hand.offers(self.rules, seat):
            return 0
        return legal_mask(self.rules, self.hands[seat], self.hand.trick, self.hand.trump,
                          lock_binds(self.rules, self.hand.locked, seat, self.hand.declarer))

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted."""
        if self.phase == CUT:
            return [act.CUT_BASE + i for i in range(len(CUTTER_CHOICES))]
        if self.phase == AUCTION:
            assert self.auction is not None
            return buy.legal_calls(self.rules, self.auction, self.hands[self.auction.queue[0]])
        if self.phase == TRUMP:
            return [act.SUIT_BASE + s for s in range(4) if s != self.public >> 3]
        if self.phase == DOUBLE:
            assert self.doubling is not None
            return buy.legal_doubling(self.doubling)
        if self.phase == PLAY:
            assert self.hand is not None
            if self.hand.offers(self.rules, self.hand.to_move):
                return [act.DECLARE, act.NO_DECLARE]
            return cards_in(self.legal_mask())
        return []

    def apply_action(self, action: int) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalActionError` naming the
        rule and leaves the state exactly as it was."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(-1, repr(action), self.current_player(), "action",
                                     "an action is an integer id", self.summary())
        if action not in self.legal_actions():
            rule, why = self._why_illegal(action)
            raise IllegalActionError(action, self.action_to_string(action),
                                     self.current_player(), rule, why, self.summary())
        self._history.append(action)
        if self.phase == CUT:
            self._deal(CUTTER_CHOICES[action - act.CUT_BASE])
        elif self.phase == AUCTION:
            self._call(action)
        elif self.phase == TRUMP:
            assert self.auction is not None and self.auction.bid is not None
            self.auction.bid.trump = action - act.SUIT_BASE
            self.auction.calls.append({"seat": self.auction.bid.declarer, "round": 2,
                                       "call": "trump", "trump": action - act.SUIT_BASE})
            self._start_doubling()
        elif self.phase == DOUBLE:
            assert self.doubling is not None
            buy.apply_doubling(self.rules, self.doubling, action)
            if not self.doubling.queue:
                self._start_play()
        else:
            self._play(action)

    def clone(self) -> BalootStateCore:
        """An independent copy (sharing only the immutable game)."""
        return copy.deepcopy(self, {id(self.game): self.game, id(self.rules): self.rules})

    # ------------------------------------------------------------------ phases

    def _call(self, action: int) -> None:
        auction = self.auction
        assert auction is not None
        buy.apply_call(self.rules, auction, action)
        if not auction.done:
            return
        if auction.annulled or auction.bid is None:
            same = auction.bid is None and not auction.annulled and self.rules.all_pass_same_dealer
            self._finish_hand(None, same_dealer=same)
            return
        if self.preset_deal is not None:
            if not self.preset_deal[auction.bid.declarer] >> self.public & 1:
                raise StateError("the public card must be in the declarer's hand")
            self.hands = list(self.preset_deal)
            self._after_completion()
        else:
            self._complete_deal(auction.bid.declarer)

    def _complete_deal(self, taker: int) -> None:
        """Complete the deal from the shuffled pack (a state dealt by chance draws it)."""
        self.hands = complete(self.hands, self.public, self.rest, self.dealer, taker)
        self._after_completion()

    def _after_completion(self) -> None:
        auction = self.auction
        assert auction is not None and auction.bid is not None
        if auction.bid.trump is None and auction.bid.kind == HOKOM:
            self.phase = TRUMP
        else:
            self._start_doubling()

    def _start_doubling(self) -> None:
        assert self.auction is not None and self.auction.bid is not None
        bid = self.auction.bid
        self.doubling = buy.start_doubling(self.rules, bid.declarer, bid.kind,
                                         (self.scores[0], self.scores[1]))
        self.phase = DOUBLE
        if not self.doubling.queue:
            self._start_play()

    def _start_play(self) -> None:
        assert self.auction is not None and self.auction.bid is not None
        assert self.doubling is not None
        bid = self.auction.bid
        leader = bid.declarer if self.rules.first_lead_declarer else (self.dealer + 1) % 4
        self.hand = Hand(bid.kind, bid.declarer, bid.trump, self.doubling.level,
                         self.doubling.locked, self.doubling.gahwa, list(self.hands), leader,
                         bought_first=bid.caller == bid.declarer
                         and self.auction.priority(bid.caller) == 0)
        self.phase = PLAY

    def _play(self, action: int) -> None:
        hand = self.hand
        assert hand is not None
        if action in (act.DECLARE, act.NO_DECLARE):
            seat = hand.to_move
            hand.declare(seat, hand.offers(self.rules, seat) if action == act.DECLARE else ())
            return
        hand.play(self.rules, self.hands, action)
        if hand.over:
            self._finish_hand(hand)

    def _finish_hand(self, hand: Hand | None, same_dealer: bool = False) -> None:
        result = None
        if hand is not None:
            result, scoring = hand.score(self.rules)
            for team in (0, 1):
                self.scores[team] += result.total[team]
        else:
            scoring = []
        self.records.append(hand_record(self, hand, result, scoring))
        winner = self._game_winner(result, hand)
        if winner is not None:
            self.winner = winner
            self.phase = GAME_OVER
            self.hands = [0, 0, 0, 0]
            return
        self._next_deal(same_dealer)

    def _next_deal(self, same_dealer: bool) -> None:
        """Move the deal on (or not, ``auction.all-pass``) and deal again."""
        if not same_dealer:
            self.dealer = (self.dealer + self.rules.dealer_step) % 4
        self.hand_index += 1
        self.deal_index += 1
        self._new_deal()

    def _game_winner(self, result: Any, hand: Hand | None) -> int | None:
        from trickrules.engine.baloot.scoring import game_winner

        gahwa = None if result is None or result.game_winner is None else int(result.game_winner)
        return game_winner(self.rules, (self.scores[0], self.scores[1]),
                           None if hand is None else hand.declarer % 2, gahwa)

    # ------------------------------------------------------------------ errors

    def _why_illegal(self, action: int) -> tuple[str, str]:
        seat = self.current_player()
        if self.phase == GAME_OVER:
            return "game.target", "the game is over"
        if not 0 <= action < act.NUM_ACTIONS:
            return "action", f"no such action (0..{act.NUM_ACTIONS - 1})"
        if self.phase == PLAY and action < NUM_CARDS:
            return self._why_card(seat, action)
        if self.phase == PLAY and action in (act.DECLARE, act.NO_DECLARE):
            return "project.declaration-order", "projects are declared before one's first card"
        if self.phase == PLAY:
            return "action", (f"{act.action_name(action)} is out of place: the buying and the "
                              "doubling are over and the cards are being played")
        if self.phase == CUT:
            return "deal.cut", "the cutter chooses how the pack is cut"
        if self.phase == TRUMP:
            return "auction.second-round-hokom", "name a trump suit other than the public card's"
        if self.phase == DOUBLE and action in (act.FOUR, act.FOUR_LOCKED):
            who = "a defender" if self.rules.four_by_either_defender else "the doubler"
            return "double.four-caller", f"Four by {who}, after a Triple"
        if self.phase == DOUBLE:
            return "double.lock", "Double by a defender, Triple by the buyer, Gahwa by the buyer"
        return self._why_call(action)

    def _why_card(self, seat: int, c: int) -> tuple[str, str]:
        hand = self.hand
        assert hand is not None
        if hand.offers(self.rules, seat):
            return "project.declaration-order", "declare projects or not before the first card"
        if not self.hands[seat] >> c & 1:
            return "play.follow-suit", "the card is not in the player's hand"
        if not hand.trick:
            return "double.lock", "a locked double forbids leading trump while holding another suit"
        led = hand.trick[0] >> 3
        if self.hands[seat] & SUIT_MASK[led]:
            if c >> 3 == led:
                return "play.trump-led", "trump was led: play a higher trump when holding one"
            return "play.follow-suit", f"follow suit ({SUIT_LETTERS[led]} was led)"
        if (hand.trump is not None
                and void_rule(self.rules, hand.trick, hand.trump, c) == "play.hokom-ruff"):
            return "play.hokom-ruff", "a trump is winning the trick: play a higher trump"
        return "play.hokom-void", "unable to follow suit: play a trump"

    def _why_call(self, action: int) -> tuple[str, str]:
        auction = self.auction
        assert auction is not None
        if action == act.KAWESH:
            return "auction.kawesh", "Kawesh needs a first hand of only 7s, 8s and 9s, first round"
        if action == act.ASHKAL:
            return "auction.ashkal-callers", "Ashkal is for the dealer's side in the first round"
        if action == act.HOKOM or act.SUIT_BASE <= action < act.SUIT_BASE + 4:
            return "auction.second-round-hokom", "Hokom is open only before any bid; in the " \
                "second round in a suit other than the public card's"
        if action == act.SUN and auction.confirming:
            return "auction.hokom-confirmation", "on an Ace only the first to speak may " \
                "turn his Hokom into Sun"
        if action == act.SUN:
            return "auction.sun-over-sun", "Sun cannot be taken here"
        return "auction.order", "not a buying call"

    def summary(self) -> str:
        """A one-line description of the state, for error messages."""
        held = " ".join(f"{s}:[{' '.join(names(self.hands[s]))}]" for s in range(4))
        return (f"phase {self.phase}, dealer {self.dealer}, to move {self.current_player()}, "
                f"scores {self.scores}, hands {held}")


def _calls(state: BalootStateCore) -> list[dict[str, Any]]:
    assert state.auction is not None
    out = []
    for call in state.auction.calls:
        row = dict(call)
        if "trump" in row:
            row["trump"] = SUIT_LETTERS[int(str(row["trump"]))]
        out.append(row)
    return out


def hand_record(state: BalootStateCore, hand: Hand | None, result: HandScore | None,
                scoring: list[Project]) -> dict[str, Any]:
    """One finished (or annulled) hand."""
    auction = state.auction
    assert auction is not None
    held = hand.dealt if hand is not None else state.hands
    record: dict[str, Any] = {
        "index": state.hand_index,
        "dealer": state.dealer,
        "cutter": state.cut_choice,
        "deal": {str(seat): names(held[seat]) for seat in range(4)},
        "public_card": name(state.public),
        "auction": _calls(state),
        "contract": None,
        "void": "kawesh" if auction.annulled else "all-passed" if hand is None else None,
        "projects": [],
        "tricks": [],
        "card_points": [0, 0],
        "game_points": [0, 0],
    }
    if hand is not None and result is not None:
        doubling = state.doubling
        assert doubling is not None
        record["contract"] = {
            "seat": hand.declarer, "type": hand.contract,
            "trump": None if hand.trump is None else SUIT_LETTERS[hand.trump],
            "multiplier": hand.multiplier, "locked": hand.locked, "gahwa": hand.gahwa,
            "doubling": doubling.calls}
        record["projects"] = hand.projects_json(scoring)
        record["tricks"] = [{"leader": t.leader,
                             "plays": [{"seat": (t.leader + i) % 4, "card": name(c)}
                                       for i, c in enumerate(t.cards)],
                             "winner": t.winner} for t in hand.tricks]
        record["card_points"] = list(hand.card_points)
        record["game_points"] = list(result.total)
        record["made"] = result.made
        record["score"] = {"cards": list(result.cards), "projects": list(result.projects),
                           "baloot": list(result.baloot)}
    record["totals"] = [state.scores[0], state.scores[1]]
    return record
