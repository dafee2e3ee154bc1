"""A Baloot profile compiled for play: every reading the engine consults, and the tables
(strength and points per card) it reads in the inner loop. Built once per game."""

from __future__ import annotations

from dataclasses import dataclass

from engine.baloot.cards import NUM_CARDS, RANKS, rank, suit
from engine.errors import ProfileError
from spec.model import Profile

SUN, HOKOM = "sun", "hokom"


@dataclass(frozen=True)
class Rules:
    """The readings of one concrete profile, by parameter (see ``spec/baloot/parameters.toml``)."""

    profile_id: str
    dealer_step: int
    cutter_chooses: bool
    exposed_redeals_all: bool
    sun_over_sun: bool
    ashkal_by_position: bool
    wrong_ashkal_is_sun: bool
    ashkal_on_ace_is_sun: bool
    kawesh: bool
    second_hokom_named_with_bid: bool
    all_pass_same_dealer: bool
    sun_double_strict: bool
    lock_forbids_trump_lead: bool
    doubled_winner_takes_all: bool
    projects_double_only: bool
    gahwa_needs_made: bool
    project_values: dict[str, int]
    projects_up_to_two: bool
    four_hundred_declarer_only: bool
    hundred_run_first: bool
    tie_break: str
    declare_from_declarer: bool
    projects_in_won_tricks: bool
    baloot_declarer_only: bool
    baloot_card_points: bool
    baloot_value: int
    baloot_always: bool
    first_lead_declarer: bool
    hokom_void: str
    must_overtrump: bool
    plain_strength: tuple[int, ...]
    """Strength of each card (by id) as a plain card: its place in ``rank.plain``."""
    trump_strength: tuple[int, ...]
    """Strength of each card as a trump: its place in ``rank.trump``, above every plain card."""
    plain_points: tuple[int, ...]
    trump_points: tuple[int, ...]
    last_trick: int
    sun_conversion: str
    hokom_conversion: str
    keep_total: bool
    hokom_threshold: int
    sun_threshold: str
    sun_threshold_value: int
    failed_declarer_projects_lost: bool
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
    v = profile.value
    points = profile.reading("score.card-points")
    values = profile.reading("project.values")
    return Rules(
        profile_id=profile.id,
        dealer_step=1 if v("dealer.rotation") == "to-the-right" else 3,
        cutter_chooses=v("deal.cut") == "cutter-chooses",
        exposed_redeals_all=v("deal.exposed-card") == "redeal",
        sun_over_sun=v("auction.sun-over-sun") == "higher-priority",
        ashkal_by_position=v("auction.ashkal-callers") == "third-and-fourth-to-act",
        wrong_ashkal_is_sun=v("auction.wrong-ashkal") == "forced-sun",
        ashkal_on_ace_is_sun=v("auction.ashkal-on-ace") == "forced-sun",
        kawesh=v("auction.kawesh") == "first-round",
        second_hokom_named_with_bid=v("auction.second-round-hokom") == "named-with-bid",
        all_pass_same_dealer=v("auction.all-pass") == "same-dealer",
        sun_double_strict=v("double.sun") == "one-above-other-below-100",
        lock_forbids_trump_lead=v("double.lock") == "no-trump-lead",
        doubled_winner_takes_all=v("double.split") == "winner-takes-all",
        projects_double_only=v("double.projects") == "double-only",
        gahwa_needs_made=v("double.gahwa") == "declarer-wins-if-made",
        project_values=dict(values.table or ()),
        projects_up_to_two=v("project.per-player") == "up-to-two",
        four_hundred_declarer_only=v("project.four-hundred-holder") == "declarer-only",
        hundred_run_first=v("project.hundred-order") == "run-first",
        tie_break=v("project.tie-break"),
        declare_from_declarer=v("project.declaration-order") == "declarer-then-clockwise",
        projects_in_won_tricks=v("project.proof") == "in-won-tricks",
        baloot_declarer_only=v("project.baloot-holder") == "declarer-only",
        baloot_card_points=v("project.baloot-value") == "20-card-points",
        baloot_value=profile.reading("project.baloot-value").value or 0,
        baloot_always=v("project.baloot-in-project") == "always",
        first_lead_declarer=v("play.first-lead") == "declarer",
        hokom_void=v("play.hokom-void"),
        must_overtrump=v("play.trump-led") == "must-overtrump",
        plain_strength=_strengths(profile.reading("rank.plain").order, "rank.plain", 0),
        trump_strength=_strengths(profile.reading("rank.trump").order, "rank.trump", 8),
        plain_points=tuple(points.number("plain-" + RANKS[rank(c)]) for c in range(NUM_CARDS)),
        trump_points=tuple(points.number("trump-" + RANKS[rank(c)]) for c in range(NUM_CARDS)),
        last_trick=points.number("last-trick"),
        sun_conversion=v("score.sun-conversion"),
        hokom_conversion=v("score.hokom-conversion"),
        keep_total=v("score.keep-total") == "defenders-get-rest",
        hokom_threshold=profile.reading("score.hokom-threshold").value or 0,
        sun_threshold=v("score.sun-threshold"),
        sun_threshold_value=profile.reading("score.sun-threshold").value or 0,
        failed_declarer_projects_lost=v("score.failed") == "defenders-keep-own-projects",
        target=profile.reading("game.target").value or 0,
        both_reach_declarer=v("game.both-reach") == "declarers-side",
    )


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
