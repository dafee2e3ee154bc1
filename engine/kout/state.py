"""The state of a whole Kout game (OpenSpiel-shaped): auction, trump, play, scoring, game end.

Seats are numbered 0..N-1 in play order (counter-clockwise at the table); the team of a seat
is ``seat % 2``. The seat after the dealer speaks first. The deal is drawn from the game's seed,
so a state is never a chance node: ``is_chance_node()`` is always false.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, Self

from trickrules.engine.errors import IllegalActionError, StateError
from trickrules.engine.kout.actions import (
    BID_BASE,
    NUM_ACTIONS,
    PASS,
    TRUMP_BASE,
    Action,
    action_bid,
    action_to_string,
    bid_action,
    is_bid,
    is_card,
)
from trickrules.engine.kout.auction import PASS_BID, Auction
from trickrules.engine.kout.play import Contract, PlayPosition
from trickrules.engine.kout.rules import Rules
from trickrules.engine.kout.scoring import HandScore, game_winner, score_hand
from trickrules.engine.masks import BIT, CardSet, cards_of, iter_cards, mask_of
from trickrules.engine.table import deal_hands, next_dealer
from trickrules.engine.trick import Trick
from trickrules.spec.cards import NUM_CARDS, SUIT_LETTERS, Card, card_name

TERMINAL_PLAYER = -4
AUCTION, TRUMP, PLAY, GAME_OVER = "auction", "trump", "play", "game-over"


@dataclass(frozen=True)
class HandRecord:
    """A finished hand, for game records: deal, calls, contract, tricks and the result."""

    index: int
    dealer: int
    deal: tuple[CardSet, ...]
    calls: tuple[tuple[int, int], ...]
    contract: Contract
    trump: int
    tricks: tuple[Trick, ...]
    result: HandScore
    scores: tuple[int, int]


class KoutTable(Protocol):
    """The game a state belongs to, as the rules of play and the codec see it (the game
    module imports the state, so the state names its game by this shape, not by its class)."""

    rules: Rules

    @property
    def state_class(self) -> type[KoutStateCore]:
        """The class of this game's states."""

    def new_initial_state(self, seed: int = 0) -> KoutStateCore:
        """A new game dealt from ``seed``."""


class KoutStateCore:
    """A whole game in progress: the current hand (auction, trump, play) and the scores.

    The rules of play; :class:`trickrules.engine.kout.game.KoutState` adds the JSON form.
    """

    def __init__(self, game: KoutTable, seed: int, dealer: int, hands: Sequence[CardSet],
                 hand_index: int, scores: tuple[int, int]) -> None:
        self.game = game
        self.rules = game.rules
        self.seed = seed
        self.scores = list(scores)
        self.winner: int | None = None
        self.records: list[HandRecord] = []
        self._history: list[Action] = []
        self._start_hand(dealer, list(hands), hand_index)

    def _start_hand(self, dealer: int, hands: list[CardSet], hand_index: int) -> None:
        self.dealer = dealer
        self.hand_index = hand_index
        self.deal = tuple(hands)
        self.hands_at_auction = list(hands)
        self.auction: Auction | None = Auction(self.rules, dealer)
        self.contract: Contract | None = None
        self.trump: int | None = None
        self.position: PlayPosition | None = None
        self.phase = AUCTION

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL_PLAYER`` (-4) once the game is over."""
        if self.phase == AUCTION:
            assert self.auction is not None
            return self.auction.turn
        if self.phase == TRUMP:
            assert self.contract is not None
            return self.contract.seat
        if self.phase == PLAY:
            assert self.position is not None
            return self.position.turn
        return TERMINAL_PLAYER

    def is_chance_node(self) -> bool:
        """Always false: deals come from the seed."""
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """None: a seeded state is never a chance node."""
        return []

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == GAME_OVER

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to act, as sorted ints over the fixed action space."""
        if self.phase == AUCTION:
            assert self.auction is not None
            bids = self.auction.legal_bids()
            return [bid_action(b) for b in bids if b != PASS_BID] + (
                [PASS] if PASS_BID in bids else [])
        if self.phase == TRUMP:
            return [TRUMP_BASE + suit for suit in range(4)]
        if self.phase == PLAY:
            assert self.position is not None
            return list(iter_cards(self.position.legal_mask()))
        return []

    def apply_action(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalActionError` and changes
        nothing. An action is an integer id (a Boolean or a float is not)."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(-1, repr(action), self.current_player(),
                                     "play.card-in-hand",
                                     f"an action is an integer id 0..{NUM_ACTIONS - 1}, not "
                                     f"{type(action).__name__} {action!r}", self.summary())
        if action not in self.legal_actions():
            self._reject(action)
        self._history.append(action)
        if self.phase == AUCTION:
            assert self.auction is not None
            self.auction.apply(PASS_BID if action == PASS else action_bid(action))
            if self.auction.contract is not None:
                self.contract = self.auction.contract
                self.phase = TRUMP
        elif self.phase == TRUMP:
            assert self.contract is not None
            self.trump = action - TRUMP_BASE
            self.position = PlayPosition(self.rules, self.trump, self.contract,
                                         self.hands_at_auction, self.contract.seat)
            self.phase = PLAY
        else:
            assert self.position is not None
            self.position.push(action)
            if self.position.over:
                self._end_hand()

    def _reject(self, action: Action) -> None:
        seat = self.current_player()
        text = action_to_string(action) if 0 <= action < NUM_ACTIONS else f"#{action}"
        if self.phase == GAME_OVER:
            rule, why = "game.target", "the game is over"
        elif not 0 <= action < NUM_ACTIONS:
            rule, why = "play.card-in-hand", f"action {action} is outside 0..{NUM_ACTIONS - 1}"
        elif self.phase == AUCTION:
            assert self.auction is not None
            if is_bid(action):
                rule, why = self.auction.forbidding_rule(action_bid(action))
            elif action == PASS:
                rule, why = self.auction.forbidding_rule(PASS_BID)
            else:
                rule, why = "auction.shape", "only a bid or a pass may be made during the auction"
        elif self.phase == TRUMP:
            rule, why = "contract.trump-choice", "the declarer must name one of the four suits"
        elif not is_card(action):
            rule, why = "play.card-in-hand", "only a card may be played during the play"
        else:
            assert self.position is not None
            rule, why = self.position.forbidding_rule(action)
        raise IllegalActionError(action, text, seat, rule, why, self.summary())

    def _end_hand(self) -> None:
        assert self.position is not None and self.contract is not None
        assert self.trump is not None
        position = self.position
        result = score_hand(self.rules, self.contract, position.won)
        self.scores[result.team] += result.points
        calls = tuple(self.auction.calls) if self.auction is not None else ()
        self.records.append(HandRecord(
            self.hand_index, self.dealer, self.deal, calls, self.contract,
            self.trump, tuple(position.tricks), result, (self.scores[0], self.scores[1])))
        self.winner = game_winner(self.rules, self.scores, self.hand_index, self.contract, result)
        if self.winner is not None:
            self.phase = GAME_OVER
            return
        self._next_hand(next_dealer(self.rules, self.dealer), self.hand_index + 1)

    def _next_hand(self, dealer: int, index: int) -> None:
        """Deal the next hand from the seed (a state dealt by chance nodes draws it instead)."""
        self._start_hand(dealer, deal_hands(self.rules, self.seed, index, dealer), index)

    def returns(self) -> list[float]:
        """+1 for each seat of the winning team and -1 for the others, once the game is over."""
        if self.winner is None:
            return [0.0] * self.rules.players
        return [1.0 if seat % 2 == self.winner else -1.0 for seat in range(self.rules.players)]

    def history(self) -> list[Action]:
        """The actions applied since this state was made."""
        return list(self._history)

    def action_to_string(self, action: Action) -> str:
        """The name of ``action``: ``AS``, ``bid 7``, ``pass``, ``trump H``."""
        return action_to_string(action)

    def clone(self) -> Self:
        """An independent copy."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.records = list(self.records)
        other._history = list(self._history)
        other.hands_at_auction = list(self.hands_at_auction)
        if self.auction is not None:
            auction = Auction.__new__(Auction)
            for name in Auction.__slots__:
                setattr(auction, name, getattr(self.auction, name))
            auction.calls = list(self.auction.calls)
            auction._active = set(self.auction._active)
            other.auction = auction
        if self.position is not None:
            other.position = self.position.copy()
        return other

    # ------------------------------------------------------------------ views
    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""
        if self.position is not None and self.phase == PLAY:
            return cards_of(self.position.hands[seat])
        return cards_of(self.hands_at_auction[seat])

    def hand_masks(self) -> list[CardSet]:
        """Every seat's hand as a set."""
        if self.position is not None and self.phase == PLAY:
            return list(self.position.hands)
        return list(self.hands_at_auction)

    def summary(self) -> str:
        """One line naming the situation, used in error messages."""
        parts = [f"{self.rules.game_id}/{self.rules.profile_id}", f"hand {self.hand_index}",
                 f"phase {self.phase}", f"scores {self.scores[0]}-{self.scores[1]}"]
        if self.contract is not None:
            parts.append(f"contract seat {self.contract.seat} bid {self.contract.bid}")
        if self.trump is not None:
            parts.append(f"trump {SUIT_LETTERS[self.trump]}")
        if self.position is not None and self.phase == PLAY:
            trick = " ".join(card_name(c) for c in self.position.trick) or "-"
            parts.append(f"trick led by {self.position.leader}: {trick}")
            held = " ".join(card_name(c) for c in self.hand(self.current_player()))
            parts.append(f"seat {self.current_player()} holds {held}")
        return "; ".join(parts)

    def __str__(self) -> str:
        return self.summary()

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_deal(cls, game: KoutTable, hands: Sequence[Iterable[Card]], dealer: int, *,
                  seed: int = 0, hand_index: int = 0,
                  scores: tuple[int, int] = (0, 0)) -> Self:
        """A state at the start of an auction with an explicit deal (later hands use ``seed``)."""
        rules = game.rules
        masks = _check_hands(rules, hands)
        for seat, mask in enumerate(masks):
            if mask.bit_count() != rules.hand_size:
                raise StateError(f"hands[{seat}]: {mask.bit_count()} cards dealt, "
                                 f"expected {rules.hand_size}")
        _check_partition(rules, masks, 0, [])
        _check_seat(rules, dealer, "dealer")
        return cls(game, seed, dealer, masks, hand_index, scores)

    @classmethod
    def from_situation(cls, game: KoutTable, *, hands: Sequence[Iterable[Card]], trump: int,
                       contract: Contract, dealer: int, leader: int,
                       trick: Sequence[Card] = (), played: Iterable[Card] = (),
                       tricks_won: tuple[int, int] = (0, 0), seed: int = 0,
                       hand_index: int = 0, scores: tuple[int, int] = (0, 0)) -> Self:
        """A state in the middle of the play of a hand, for replaying a solver witness.

        ``hands`` are the cards held now, ``trick`` the cards played to the current trick from
        ``leader`` on (each is checked for legality), ``played`` every card of earlier tricks,
        ``tricks_won`` the earlier tricks each team won.
        """
        rules = game.rules
        masks = _check_hands(rules, hands)
        played_mask = _check_cards(list(played), "played")
        trick_cards = list(trick)
        _check_cards(trick_cards, "trick")
        _check_seat(rules, dealer, "dealer")
        _check_seat(rules, leader, "trick leader")
        _check_seat(rules, contract.seat, "contract seat")
        if not 0 <= trump < 4:
            raise StateError(f"trump: {trump} is not a suit 0..3")
        if not 5 <= contract.bid <= 9:
            raise StateError(f"contract bid: {contract.bid} is outside 5..9")
        _check_partition(rules, masks, played_mask, trick_cards)
        done = tricks_won[0] + tricks_won[1]
        if min(tricks_won) < 0 or played_mask.bit_count() != done * rules.players:
            raise StateError(f"played: {played_mask.bit_count()} cards in earlier tricks but "
                             f"tricks_won {list(tricks_won)} means {done * rules.players}")
        if len(trick_cards) >= rules.players:
            raise StateError(f"trick: {len(trick_cards)} cards, a trick in progress has fewer "
                             f"than {rules.players}")
        for offset in range(rules.players):
            seat = (leader + offset) % rules.players
            expected = rules.hand_size - done - (1 if offset < len(trick_cards) else 0)
            if masks[seat].bit_count() != expected:
                raise StateError(f"hands[{seat}]: holds {masks[seat].bit_count()} cards, "
                                 f"expected {expected} at this point of the hand")
        state = cls(game, seed, dealer, masks, hand_index, scores)
        state.auction = None
        state.contract = contract
        state.trump = trump
        start_hands = list(masks)
        for offset, card in enumerate(trick_cards):
            start_hands[(leader + offset) % rules.players] |= BIT[card]
        position = PlayPosition(rules, trump, contract, start_hands, leader, played_mask,
                                tricks_won)
        if position.over:
            raise StateError(f"tricks_won {list(tricks_won)}: the hand is already over")
        state.position = position
        state.phase = PLAY
        for card in trick_cards:
            if not position.legal_mask() & BIT[card]:
                rule, why = position.forbidding_rule(card)
                raise StateError(f"trick: {card_name(card)} by seat {position.turn} is illegal:"
                                 f" {why} [rule {rule}]")
            position.push(card)
        position._stack.clear()
        return state


def _check_seat(rules: Rules, seat: int, what: str) -> None:
    if not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise StateError(f"{what}: {seat!r} is not a seat 0..{rules.players - 1}")


def _check_cards(cards: list[Card], what: str) -> CardSet:
    mask = 0
    for card in cards:
        if not isinstance(card, int) or not 0 <= card < NUM_CARDS:
            raise StateError(f"{what}: {card!r} is not a card id 0..{NUM_CARDS - 1}")
        if mask & BIT[card]:
            raise StateError(f"{what}: {card_name(card)} appears twice")
        mask |= BIT[card]
    return mask


def _check_hands(rules: Rules, hands: Sequence[Iterable[Card]]) -> list[CardSet]:
    if len(hands) != rules.players:
        raise StateError(f"hands: {len(hands)} hands given for {rules.players} players")
    return [_check_cards(list(hand), f"hands[{seat}]") for seat, hand in enumerate(hands)]


def _check_partition(rules: Rules, hands: list[CardSet], played: CardSet,
                     trick: list[Card]) -> None:
    """Every card of the deck is in exactly one place: a hand, the trick or earlier tricks."""
    places = [(f"hands[{seat}]", mask) for seat, mask in enumerate(hands)]
    places += [("played", played), ("trick", mask_of(trick))]
    seen = 0
    for k, (name, mask) in enumerate(places):
        twice = seen & mask
        if twice:
            card = (twice & -twice).bit_length() - 1
            first = next(n for n, m in places[:k] if m & BIT[card])
            raise StateError(f"{name}: {card_name(card)} is also in {first}")
        seen |= mask
    extra = seen & ~rules.deck_mask
    if extra:
        names = " ".join(card_name(c) for c in iter_cards(extra))
        raise StateError(f"cards not in the {rules.profile_id} deck: {names}")
    missing = rules.deck_mask & ~seen
    if missing:
        names = " ".join(card_name(c) for c in iter_cards(missing))
        raise StateError(f"cards of the deck in no hand, trick or played set: {names}")


__all__ = ["AUCTION", "BID_BASE", "GAME_OVER", "PLAY", "TERMINAL_PLAYER", "TRUMP",
           "HandRecord", "KoutStateCore"]
