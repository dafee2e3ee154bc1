"""A Baloot profile compiled for play: every reading the engine consults, and the tables
(strength and points per card) it reads in the inner loop. Built once per game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trickrules.engine.baloot.cards import NUM_CARDS, RANKS, rank, suit
from trickrules.engine.errors import ProfileError
from trickrules.engine.readings import choose, flag, member, number, require
from trickrules.spec.model import Profile

SUN, HOKOM = "sun", "hokom"


class TieBreak(StrEnum):
    """``project.tie-break``: how equal best projects of the two sides are decided."""

    HIGHEST_CARD_THEN_FIRST = "highest-card-then-first"
    TRUMP_THEN_HIGHEST_CARD_THEN_FIRST = "trump-then-highest-card-then-first"
    HIGHEST_CARD_THEN_NEITHER = "highest-card-then-neither"


class PerPlayer(StrEnum):
    """``project.per-player``: how many projects one player declares, and whether a run and a
    four of a kind of his may share a card."""

    ANY_DISJOINT = "any-disjoint"
    UP_TO_TWO = "up-to-two"
    RUN_AND_FOUR_MAY_SHARE = "run-and-four-may-share"
    ONE_PER_PLAYER = "one-per-player"


class HundredOrder(StrEnum):
    """``project.hundred-order``: how a 100 of five in a row compares with four of a kind."""

    RUN_FIRST = "run-first"
    EQUAL = "equal"
    FOUR_OF_A_KIND_FIRST = "four-of-a-kind-first"


class BalootInProject(StrEnum):
    """``project.baloot-in-project``: whether Baloot counts when its King or Queen is in a
    declared project."""

    NOT_SPLIT_NOT_IN_100 = "not-split-not-in-100"
    ALWAYS = "always"
    NOT_IN_FOUR_KINGS_OR_QUEENS = "not-in-four-kings-or-queens"


class ExposedCard(StrEnum):
    """``deal.exposed-card``: what a card turned face up while dealing does."""

    KEEP_UNLESS_ACE = "keep-unless-ace"
    REDEAL = "redeal"
    ACE_REFUSABLE = "ace-refusable"


class HokomVoid(StrEnum):
    """``play.hokom-void``: the duty of a player void in the led suit in Hokom."""

    MUST_TRUMP = "must-trump"
    MAY_TRUMP = "may-trump"
    MUST_TRUMP_UNLESS_PARTNER_WINNING = "must-trump-unless-partner-winning"
    MUST_TRUMP_UNLESS_FOURTH_OR_ACE_LED = "must-trump-unless-fourth-or-ace-led"


class TrumpLed(StrEnum):
    """``play.trump-led``: what a player who holds trumps plays when trump is led."""

    MUST_OVERTRUMP = "must-overtrump"
    ANY_TRUMP = "any-trump"
    MUST_OVERTRUMP_UNLESS_PARTNER_WINNING = "must-overtrump-unless-partner-winning"


class HokomRuff(StrEnum):
    """``play.hokom-ruff``: what a player who owes a trump plays when a trump already wins."""

    ANY_TRUMP = "any-trump"
    MUST_OVERTRUMP = "must-overtrump"
    OVERTRUMP_OR_DISCARD = "overtrump-or-discard"
    OVERTRUMP_OR_DISCARD_THIRD_SEAT = "overtrump-or-discard-third-seat"


class SunConversion(StrEnum):
    """``score.sun-conversion``: Sun card points to game points."""

    NEAREST_TEN_HALF_UP_X2 = "nearest-ten-half-up-x2"
    NEAREST_TEN_HALF_DOWN_X2 = "nearest-ten-half-down-x2"
    FIVE_KEPT_DIV_5 = "five-kept-div-5"


class HokomConversion(StrEnum):
    """``score.hokom-conversion``: Hokom card points to game points."""

    NEAREST_TEN_HALF_DOWN = "nearest-ten-half-down"
    NEAREST_TEN_HALF_UP = "nearest-ten-half-up"


class Kawesh(StrEnum):
    """``auction.kawesh``: when a player whose first five cards are all 7s, 8s and 9s may
    annul the hand."""

    FIRST_ROUND = "first-round"
    ANY_TURN = "any-turn"
    NONE = "none"


class KeepTotal(StrEnum):
    """``score.keep-total``: whether the two sides' game points of the cards add up to the
    hand's, and which side is converted first when they do."""

    EACH_SIDE_ROUNDED = "each-side-rounded"
    DEFENDERS_GET_REST = "defenders-get-rest"
    DECLARERS_GET_REST = "declarers-get-rest"
    PAIR_ROUNDING = "pair-rounding"


class FailedBaloot(StrEnum):
    """``score.failed-baloot``: where the buyers' Baloot goes when their contract fails."""

    TO_DEFENDERS = "to-defenders"
    LOST = "lost"
    KEPT_BY_HOLDER = "kept-by-holder"


class RaisedTie(StrEnum):
    """``double.tie``: who takes a raised hand whose two sides have the same points."""

    AS_ANY_HAND = "as-any-hand"
    BUYERS_LOSE = "buyers-lose"
    DOUBLER_LOSES = "doubler-loses"
    LAST_RAISER_LOSES = "last-raiser-loses"


class AshkalOnAce(StrEnum):
    """``auction.ashkal-on-ace``: what an Ashkal is while the public card is an Ace."""

    FORCED_SUN = "forced-sun"
    ALLOWED = "allowed"
    REFUSED = "refused"


class SunDouble(StrEnum):
    """``double.sun``: at which scores a Sun may be doubled."""

    ONE_SIDE_ABOVE_100 = "one-side-above-100"
    ONE_ABOVE_OTHER_BELOW_100 = "one-above-other-below-100"
    ONE_AT_100_OTHER_BELOW_100 = "one-at-100-other-below-100"


class SunThreshold(StrEnum):
    """``score.sun-threshold``: what the Sun buyers need to make their contract."""

    AT_LEAST_66_CARD_POINTS = "at-least-66-card-points"
    AT_LEAST_65_CARD_POINTS = "at-least-65-card-points"
    MORE_THAN_13_GAME_POINTS = "more-than-13-game-points"
    NONE = "none"


PLAYED_ONE_WAY = (
    ("deck.cards", "piquet-32"), ("seating.partners", "opposite"),
    ("seating.turn-order", "counter-clockwise"), ("dealer.first", "random"),
    ("deal.packets", "3-2-then-public"), ("deal.completion", "taker-2-others-3"),
    ("auction.order", "from-dealers-right"),
    ("project.values", "sira-50-100-400"), ("rank.trump", "jack-nine-high"),
    ("play.follow-suit", "must-follow"), ("score.card-points", "standard"),
)
"""Parameters the engine plays one way (their tables, where they have one, read from the rule
data): any other reading is refused."""


@dataclass(frozen=True)
class Rules:
    """The readings of one concrete profile, by parameter (see ``spec/baloot/parameters.toml``)."""

    profile_id: str
    dealer_step: int
    cutter_chooses: bool
    exposed_card: ExposedCard
    sun_over_sun: bool
    second_no_bars_sun: bool
    ashkal_by_position: bool
    wrong_ashkal_is_sun: bool
    ashkal_on_ace: AshkalOnAce
    ashkal_both_rounds: bool
    ashkal_over_opponents_hokom: bool
    hokom_confirmation: bool
    confirmation_sun_not_on_ace: bool
    hokom_over_hokom: bool
    kawesh: Kawesh
    second_hokom_named_with_bid: bool
    all_pass_same_dealer: bool
    sun_double: SunDouble
    sun_double_buyers_ahead: bool
    lock_forbids_trump_lead: bool
    lock_binds_buyers_only: bool
    doubled_winner_takes_all: bool
    projects_double_only: bool
    gahwa_needs_made: bool
    four_by_either_defender: bool
    raise_by_either_buyer: bool
    """``double.buyer-raises = either-buyer``: the declarer's partner may Triple or call
    Gahwa once the declarer passes."""
    project_values: dict[str, int]
    per_player: PerPlayer
    four_hundred_declarer_only: bool
    hundred_order: HundredOrder
    tie_break: TieBreak
    declare_from_declarer: bool
    projects_in_won_tricks: bool
    projects_need_a_trick: bool
    """``project.proof = side-won-a-trick``: a side that wins no trick scores no project."""
    baloot_declarer_only: bool
    baloot_card_points: bool
    baloot_value: int
    baloot_in_project: BalootInProject
    projects_need_hand_won: bool
    """``project.scoring-side = hand-winner``: the side with the higher project scores it only
    if it also wins the hand (the defenders' projects score nothing on a made contract)."""
    first_lead_declarer: bool
    hokom_void: HokomVoid
    trump_led: TrumpLed
    hokom_ruff: HokomRuff
    plain_strength: tuple[int, ...]
    """Strength of each card (by id) as a plain card: its place in ``rank.plain``."""
    trump_strength: tuple[int, ...]
    """Strength of each card as a trump: its place in ``rank.trump``, above every plain card."""
    plain_points: tuple[int, ...]
    trump_points: tuple[int, ...]
    last_trick: int
    sun_conversion: SunConversion
    hokom_conversion: HokomConversion
    keep_total: KeepTotal
    hokom_threshold: int
    sun_threshold: SunThreshold
    sun_threshold_value: int
    failed_declarer_projects_lost: bool
    failed_baloot: FailedBaloot
    raised_tie: RaisedTie
    threshold_counts: tuple[bool, bool]
    """``score.threshold-counts``: whether the projects that won the comparison, and whether
    Baloot, count with the card points when the threshold judges the contract."""
    sweep_points: tuple[int, int, int] | None
    """``score.sweep``: the game points of all eight tricks in Sun, in Hokom, and in a Sun
    the defenders sweep (None: the card points, as in any hand)."""
    sweep_multiplied: bool
    """``score.sweep``: whether a raised hand's multiplier applies to those points."""
    sweep_by_points: bool
    """``score.sweep``: whether the sweep scored is the buyers' taking every card point (even
    beside a trick worth nothing), rather than a side's taking every trick."""
    sweep_alone: bool
    """``score.sweep``: whether those points are the sweeping side's whole score (no
    projects, no Baloot, no Gahwa's game), the other side scoring nothing."""
    reverse_needs_first_buyer_ace: bool
    """``score.sweep``: whether the defenders' sweep of a Sun takes its own value only when
    the buyer called it for himself first in the buying and held an Ace (else a sweep's)."""
    target: int
    both_reach_declarer: bool

    @property
    def players(self) -> int:
        """Four seats."""
        return 4

    @property
    def deck(self) -> tuple[int, ...]:
        """The 32 cards, in id order."""
        return tuple(range(NUM_CARDS))

    def points(self, card: int, trump: int | None) -> int:
        """The card points of ``card`` when ``trump`` is the trump suit (None in Sun)."""
        if trump is not None and suit(card) == trump:
            return self.trump_points[card]
        return self.plain_points[card]

    def total_card_points(self, trump: int | None) -> int:
        """The card points of a whole hand, last trick included: 130 in Sun, 162 in Hokom."""
        return sum(self.points(c, trump) for c in range(NUM_CARDS)) + self.last_trick


def _strengths(order: tuple[str, ...] | None, parameter: str, base: int) -> tuple[int, ...]:
    if order is None or sorted(order) != sorted(RANKS):
        raise ProfileError(f"{parameter}: the order must name each of {', '.join(RANKS)} once")
    return tuple(base + order.index(RANKS[rank(c)]) for c in range(NUM_CARDS))


def compile_rules(profile: Profile) -> Rules:
    """The engine's view of a concrete profile; a symbolic one is refused by name."""
    if not profile.is_concrete:
        raise ProfileError(f"profile {profile.id!r} leaves {', '.join(profile.symbolic)} open; "
                           "the engine plays a concrete profile")
    for parameter, only in PLAYED_ONE_WAY:
        require(profile, parameter, only)
    points = profile.reading("score.card-points")
    values = profile.reading("project.values")
    return Rules(
        profile_id=profile.id,
        dealer_step=choose(profile, "dealer.rotation", {"to-the-right": 1, "clockwise": 3}),
        cutter_chooses=flag(profile, "deal.cut", "cutter-chooses", "cut"),
        exposed_card=member(profile, "deal.exposed-card", ExposedCard),
        sun_over_sun=flag(profile, "auction.sun-over-sun", "higher-priority", "final"),
        second_no_bars_sun=flag(profile, "auction.sun-over-hokom", "not-after-second-round-no",
                                "any-other-player"),
        ashkal_by_position=flag(profile, "auction.ashkal-callers", "third-and-fourth-to-act",
                                "dealer-and-left"),
        wrong_ashkal_is_sun=flag(profile, "auction.wrong-ashkal", "forced-sun", "refused"),
        ashkal_on_ace=member(profile, "auction.ashkal-on-ace", AshkalOnAce),
        ashkal_both_rounds=flag(profile, "auction.ashkal-round", "both-rounds", "first-round"),
        ashkal_over_opponents_hokom=flag(profile, "auction.ashkal-when", "over-opponents-hokom",
                                         "any-standing-bid"),
        hokom_confirmation=choose(profile, "auction.hokom-confirmation", {
            "none": False, "buyer-keeps-or-takes-sun": True,
            "buyer-keeps-or-takes-sun-not-on-ace": True}),
        confirmation_sun_not_on_ace=profile.value("auction.hokom-confirmation")
        == "buyer-keeps-or-takes-sun-not-on-ace",
        hokom_over_hokom=flag(profile, "auction.hokom-over-hokom", "higher-priority", "none"),
        kawesh=member(profile, "auction.kawesh", Kawesh),
        second_hokom_named_with_bid=flag(profile, "auction.second-round-hokom",
                                         "named-with-bid", "named-after-buying"),
        all_pass_same_dealer=flag(profile, "auction.all-pass", "same-dealer", "next-dealer"),
        sun_double=member(profile, "double.sun", SunDouble),
        sun_double_buyers_ahead=flag(profile, "double.sun-ahead", "buyers", "either-side"),
        lock_forbids_trump_lead=choose(profile, "double.lock", {
            "no-trump-lead": True, "no-trump-lead-buyers": True, "no-raise": False}),
        lock_binds_buyers_only=profile.value("double.lock") == "no-trump-lead-buyers",
        doubled_winner_takes_all=flag(profile, "double.split", "winner-takes-all",
                                      "each-side-own"),
        projects_double_only=flag(profile, "double.projects", "double-only", "same-as-hand"),
        gahwa_needs_made=flag(profile, "double.gahwa", "declarer-wins-if-made",
                              "hand-winner-wins-game"),
        raise_by_either_buyer=flag(profile, "double.buyer-raises", "either-buyer", "declarer"),
        four_by_either_defender=flag(profile, "double.four-caller", "either-defender",
                                     "doubler"),
        project_values=dict(values.table or ()),
        per_player=member(profile, "project.per-player", PerPlayer),
        four_hundred_declarer_only=flag(profile, "project.four-hundred-holder", "declarer-only",
                                        "any-player"),
        hundred_order=member(profile, "project.hundred-order", HundredOrder),
        tie_break=member(profile, "project.tie-break", TieBreak),
        declare_from_declarer=flag(profile, "project.declaration-order",
                                   "declarer-then-clockwise", "play-order"),
        projects_in_won_tricks=choose(profile, "project.proof", {
            "shown": False, "in-won-tricks": True, "side-won-a-trick": False}),
        projects_need_a_trick=profile.value("project.proof") == "side-won-a-trick",
        baloot_declarer_only=flag(profile, "project.baloot-holder", "declarer-only",
                                  "any-player"),
        baloot_card_points=flag(profile, "project.baloot-value", "20-card-points",
                                "2-game-points"),
        baloot_value=number(profile, "project.baloot-value", ("2-game-points", "20-card-points")),
        baloot_in_project=member(profile, "project.baloot-in-project", BalootInProject),
        projects_need_hand_won=flag(profile, "project.scoring-side", "hand-winner",
                                    "comparison-winner"),
        first_lead_declarer=flag(profile, "play.first-lead", "declarer", "dealers-right"),
        hokom_void=member(profile, "play.hokom-void", HokomVoid),
        trump_led=member(profile, "play.trump-led", TrumpLed),
        hokom_ruff=member(profile, "play.hokom-ruff", HokomRuff),
        plain_strength=_strengths(profile.reading("rank.plain").order, "rank.plain", 0),
        trump_strength=_strengths(profile.reading("rank.trump").order, "rank.trump", 8),
        plain_points=tuple(points.number("plain-" + RANKS[rank(c)]) for c in range(NUM_CARDS)),
        trump_points=tuple(points.number("trump-" + RANKS[rank(c)]) for c in range(NUM_CARDS)),
        last_trick=points.number("last-trick"),
        sun_conversion=member(profile, "score.sun-conversion", SunConversion),
        hokom_conversion=member(profile, "score.hokom-conversion", HokomConversion),
        keep_total=member(profile, "score.keep-total", KeepTotal),
        hokom_threshold=number(profile, "score.hokom-threshold", (
            "at-least-81", "at-least-82", "more-than-76", "more-than-81", "none")),
        sun_threshold=member(profile, "score.sun-threshold", SunThreshold),
        sun_threshold_value=number(profile, "score.sun-threshold", tuple(SunThreshold)),
        failed_declarer_projects_lost=flag(profile, "score.failed",
                                           "defenders-keep-own-projects", "defenders-take-all"),
        failed_baloot=member(profile, "score.failed-baloot", FailedBaloot),
        raised_tie=member(profile, "double.tie", RaisedTie),
        threshold_counts=choose(profile, "score.threshold-counts", {
            "card-points": (False, False), "with-projects": (True, False),
            "with-projects-and-baloot": (True, True)}),
        sweep_points=_sweep_points(profile),
        sweep_multiplied=profile.value("score.sweep") not in (
            "44-sun-25-hokom-not-multiplied", "44-sun-25-hokom-88-reverse-sun",
            "44-sun-25-hokom-88-reverse-sun-alone"),
        sweep_by_points=profile.value("score.sweep") == "44-sun-25-hokom-by-points",
        sweep_alone=profile.value("score.sweep") == "44-sun-25-hokom-88-reverse-sun-alone",
        reverse_needs_first_buyer_ace=profile.value("score.sweep")
        == "44-sun-25-hokom-88-reverse-sun",
        target=number(profile, "game.target", ("152",)),
        both_reach_declarer=flag(profile, "game.both-reach", "declarers-side", "higher-total"),
    )


def _sweep_points(profile: Profile) -> tuple[int, int, int] | None:
    """``score.sweep``: what all eight tricks score for the cards in Sun, in Hokom and in a
    Sun the defenders sweep, or None when they score their card points as in any hand."""
    if not choose(profile, "score.sweep", {"44-sun-25-hokom": True, "card-points": False,
                                           "44-sun-25-hokom-not-multiplied": True,
                                           "44-sun-25-hokom-88-reverse-sun": True,
                                           "44-sun-25-hokom-by-points": True,
                                           "44-sun-25-hokom-88-reverse-sun-alone": True}):
        return None
    table = profile.reading("score.sweep")
    return table.number(SUN), table.number(HOKOM), table.number("reverse-sun") or table.number(SUN)


class ReadRules:
    """Compiled rules that note the name of every rule read through them, so a caller learns
    which rules an answer depended on (``trickrules judge`` expands a source's open readings
    only for those). Slower than :class:`Rules`; never used in play."""

    def __init__(self, rules: Rules) -> None:
        self._rules = rules
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> object:
        if name.startswith("_"):  # copying protocols and the wrapped rules themselves
            raise AttributeError(name)
        self.read.add(name)
        return getattr(self._rules, name)
