"""A concrete profile compiled into plain fields the engine reads on its hot path.

Every reading of every parameter is mapped here; a reading the engine does not know is a
:class:`ProfileError`, so a new reading in ``spec/`` cannot be silently ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trickrules.engine.errors import ProfileError
from trickrules.engine.masks import BIT, JOKER_MASK, SUIT_MASK, CardSet, mask_of
from trickrules.engine.readings import choose, flag, number, number_or_none
from trickrules.spec.cards import ACE, JACK, KING, QUEEN, RED_JOKER, SUITS, Card, make_card
from trickrules.spec.model import Profile


class SecondJoker(Enum):
    """``joker.second-joker``: the other Joker in a trick led by a worthless Joker."""

    IMMEDIATELY_AFTER = "worthless-if-immediately-after"
    ANYWHERE = "worthless-anywhere"
    NORMAL = "normal"


class BidHolder(Enum):
    """``joker.lead-bid-holder``: who may lead a Joker on the strength of a high bid."""

    BIDDING_TEAM = "bidding-team"
    DECLARER = "declarer"
    ANY_PLAYER = "any-player"


@dataclass(frozen=True)
class Rules:
    """The engine's view of one concrete profile."""

    profile_id: str
    game_id: str
    players: int
    hand_size: int
    deck: tuple[Card, ...]
    deck_mask: CardSet
    clockwise: bool
    dealer_step: int
    auction_continuing: bool
    pass_final: bool
    forced_exactly_5: bool
    malzoom_any_forced: bool
    follow_else_trump: bool
    joker_any_time: bool
    bid_jokers: dict[int, CardSet]
    bid_holder: BidHolder
    honours: tuple[CardSet, ...] | None
    declarer_without_ace: bool
    unqualified_any_time: bool
    trump_for_trick: bool
    second_joker: SecondJoker
    legal_lead_must_trump: bool
    joker_counts_as_trump: bool
    joker_to_joker_lead: bool
    early_stop: bool
    bawan_points: int
    made_scores_tricks: bool
    failed_doubles_tricks: bool
    malzoom_failed_points: int | None
    malzoom_points_under_5_only: bool
    target: int
    shutout: int | None
    bawan_first_hand_wins: bool


def _honours(kind: str, deck_mask: CardSet) -> tuple[CardSet, ...] | None:
    """Per trump suit, the cards whose earlier play allows a Joker lead."""
    if kind == "never":
        return None
    ranks = {"ace-king-queen-jack": (ACE, KING, QUEEN, JACK), "ace": (ACE,)}
    masks = []
    for suit in SUITS:
        if kind == "all-trumps":
            masks.append(SUIT_MASK[suit] & deck_mask)
        else:
            masks.append(mask_of(make_card(suit, rank) for rank in ranks[kind]) & deck_mask)
    return tuple(masks)


def compile_rules(profile: Profile) -> Rules:
    """Compile a concrete profile; raises :class:`ProfileError` naming what cannot be played."""
    if not profile.is_concrete:
        raise ProfileError(
            f"profile {profile.id!r} leaves {', '.join(profile.symbolic)} open; "
            "the engine plays concrete profiles only"
        )
    players = profile.game.players
    hand_size = number(profile, "deal.hand-size", ("9", "12"))
    choose(profile, "deck.cards", dict.fromkeys(
        ("full-54", "no-2-to-5", "no-2-to-5-no-6-red", "no-2-5-6-red")))
    deck = profile.reading("deck.cards").deck()
    if len(deck) != players * hand_size:
        raise ProfileError(
            f"profile {profile.id!r}: deck {profile.value('deck.cards')!r} has {len(deck)} cards"
            f" but {players} players x {hand_size} cards need {players * hand_size}"
        )
    deck_mask = mask_of(deck)
    for parameter, only in (
        ("seating.partners", "alternate"),
        ("dealer.first", "random-draw"),
        ("deal.order", "one-at-a-time"),
        ("auction.bid-range", "5-to-9"),
        ("auction.bid-must-exceed", "strictly-higher"),
        ("contract.trump-choice", "one-of-four-suits"),
        ("play.first-lead", "declarer"),
        ("play.card-in-hand", "own-hand"),
    ):
        choose(profile, parameter, {only: True})
    bid_jokers = choose(
        profile,
        "joker.lead-by-bid",
        {
            "8-red-9-either": {8: BIT[RED_JOKER], 9: JOKER_MASK},
            "8-or-9-either": {8: JOKER_MASK, 9: JOKER_MASK},
            "9-either": {9: JOKER_MASK},
            "never": {},
        },
    )
    honours_kind = choose(
        profile,
        "joker.lead-after-trumps-played",
        {k: k for k in ("ace-king-queen-jack", "all-trumps", "ace", "never")},
    )
    return Rules(
        profile_id=profile.id,
        game_id=profile.game.id,
        players=players,
        hand_size=hand_size,
        deck=deck,
        deck_mask=deck_mask,
        clockwise=flag(profile, "seating.turn-order", "clockwise", "counter-clockwise"),
        dealer_step=choose(
            profile, "dealer.rotation", {"with-turn-order": 1, "against-turn-order": -1}
        ),
        auction_continuing=flag(profile, "auction.shape", "continuing", "single-round"),
        pass_final=flag(profile, "auction.pass", "final", "may-re-enter"),
        forced_exactly_5=flag(profile, "auction.dealer-forced-bid", "exactly-5", "at-least-5"),
        malzoom_any_forced=flag(profile, "auction.malzoom", "any-forced", "forced-5"),
        follow_else_trump=flag(
            profile, "play.follow-suit", "follow-else-trump", "follow-else-any"
        ),
        joker_any_time=flag(profile, "joker.play-to-trick", "any-time", "as-trump"),
        bid_jokers=bid_jokers,
        bid_holder=choose(profile, "joker.lead-bid-holder", {h.value: h for h in BidHolder}),
        honours=_honours(honours_kind, deck_mask),
        declarer_without_ace=flag(profile, "joker.declarer-without-ace", "may-lead", "no"),
        unqualified_any_time=flag(
            profile, "joker.unqualified-lead", "any-time", "only-jokers-left"
        ),
        trump_for_trick=flag(profile, "joker.after-worthless-lead", "trump-for-trick", "led-suit"),
        second_joker=choose(profile, "joker.second-joker", {s.value: s for s in SecondJoker}),
        legal_lead_must_trump=choose(
            profile,
            "joker.legal-lead-calls-trump",
            {"must-play-trump": True, "no-obligation": False},
        ),
        joker_counts_as_trump=flag(profile, "joker.counts-as-trump", "counts", "optional"),
        joker_to_joker_lead=flag(profile, "joker.to-joker-lead", "allowed", "not-allowed"),
        early_stop=flag(profile, "hand.early-stop", "stop-when-decided", "play-all-tricks"),
        bawan_points=number(profile, "score.bawan-made", ("36",)),
        made_scores_tricks=flag(profile, "score.made", "tricks-won", "bid"),
        failed_doubles_tricks=flag(profile, "score.failed", "double-tricks-won", "double-bid"),
        malzoom_failed_points=number_or_none(profile, "score.malzoom-failed",
                                             ("5", "5-if-under-5"), "double-bid"),
        malzoom_points_under_5_only=profile.value("score.malzoom-failed") == "5-if-under-5",
        target=number(profile, "game.target", ("101",)),
        shutout=number_or_none(profile, "game.shutout", ("51-to-0",), "none"),
        bawan_first_hand_wins=flag(profile, "game.bawan-first-hand", "wins-game", "no-effect"),
    )
