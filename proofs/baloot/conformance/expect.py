"""What our Baloot engine answers to each request, and the rule that decides each part.

As for Kout, the attribution (``why``) lets the conformance runner charge a wrong answer to the
rule it breaks: each card of the mover's hand names the rule that makes it legal or illegal,
each losing seat of a trick the rule by which the winner's card beats its card, each part of a
hand's score the rule that sets it. Answers come from the engine's public modules under the
request's profile; a request no hand can reach raises ``InvalidRequestError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trickrules.engine.baloot.cards import ACE, SUIT_MASK, BCard, name
from trickrules.engine.baloot.claim_points import scored_claim
from trickrules.engine.baloot.claims import settle
from trickrules.engine.baloot.play import (
    PARTNER_RELEASES,
    PlayPosition,
    legal_mask,
    lock_binds,
    strength,
    void_rule,
    winning_index,
)
from trickrules.engine.baloot.rules import SUN, Rules
from trickrules.engine.baloot.scoring import HandFacts, game_winner, score_hand, threshold_lead
from trickrules.engine.errors import EngineError
from trickrules.engine.perft import divide
from trickrules.proofs.baloot.conformance import calls, declaring, table
from trickrules.proofs.baloot.conformance.played_hand import read_played_hand, replay
from trickrules.proofs.baloot.conformance.situation import SEATS, BalootPlay, read_card, read_play
from trickrules.proofs.baloot.replay import engine_rules
from trickrules.proofs.conformance.protocol import (
    Answer,
    InvalidRequestError,
    PerReadings,
    ReadOnce,
)
from trickrules.spec.model import Profile

GAHWA_MULTIPLIER = 4
"""The one way a Gahwa's stake is written: the doubling answer's ``multiplier`` after it."""

rules_for = PerReadings(engine_rules)
"""The engine's rules under a concrete profile."""


def answer(profile: Profile, request: dict[str, Any]) -> Answer:
    """The engine's answer to a request under ``profile``."""
    return answer_with_rules(profile, rules_for(profile), request)


def answer_with_rules(profile: Profile, rules: Rules, request: dict[str, Any]) -> Answer:
    """The answer under ``profile``, whose compiled rules are given as ``rules`` (or a stand-in
    that notes what the answer reads: see :mod:`trickrules.proofs.conformance.reads`)."""
    op = request.get("op")
    if op == "legal-plays":
        return legal_plays(rules, _read_play(request.get("situation")))
    if op == "trick-winner":
        return trick_winner(rules, request.get("situation"))
    if op == "perft":
        return perft(rules, _read_play(request.get("situation")), request.get("depth"))
    if op == "hand-score":
        return hand_score(rules, request)
    if op == "game-end":
        return game_end(rules, request)
    if op == "auction":
        return calls.auction(rules, request)
    if op == "doubling":
        return calls.doubling(rules, request)
    if op == "projects":
        return declaring.projects(rules, request)
    if op == "project-compare":
        return declaring.project_compare(rules, request)
    if op == "claim":
        return claim(rules, request)
    if op in table.TABLE_OPS:
        return table.answer(profile, rules, request)
    raise InvalidRequestError(f"Baloot answers no {op!r} requests")


def _mask(cards: tuple[BCard, ...]) -> int:
    return sum(1 << c for c in cards)


def position_of(rules: Rules, play: BalootPlay) -> PlayPosition:
    """The engine's play position at the situation."""
    return PlayPosition(rules, [_mask(h) for h in play.hands], play.leader, play.trump,
                        play.locked, list(play.trick), declarer=play.declarer)


# ---------------------------------------------------------------------------- legal cards
def card_rule(rules: Rules, play: BalootPlay, card: BCard) -> str:
    """The rule that makes ``card`` of the mover's hand legal or illegal to play."""
    hand = _mask(play.hands[play.mover])
    trump = play.trump
    if not play.trick:
        if (lock_binds(rules, play.locked, play.mover, play.declarer) and trump is not None
                and rules.lock_forbids_trump_lead
                and hand & ~SUIT_MASK[trump]):
            return "double.lock"
        return "play.follow-suit"
    led = play.trick[0] >> 3
    if hand & SUIT_MASK[led]:
        return "play.trump-led" if led == trump and card >> 3 == trump else "play.follow-suit"
    return "play.follow-suit" if trump is None else void_rule(rules, play.trick, trump, card)


def card_rules(rules: Rules, play: BalootPlay) -> dict[str, str]:
    """Every card of the mover's hand and the rule that makes it legal or illegal."""
    return {name(c): card_rule(rules, play, c) for c in play.hands[play.mover]}


def rank_rules(rules: Rules, play: BalootPlay) -> dict[str, list[str]]:
    """The cards of the mover's hand whose legality rests on comparing cards by a rank order,
    each with that order's rule: another order would make them legal where they are illegal,
    or the reverse. A wrong answer on such a card is explained by a wrong order when the
    engine also gets that order wrong where it alone decides (a trick's winner)."""
    hand, trick, trump = play.hands[play.mover], play.trick, play.trump
    if not trick or trump is None:
        return {}
    led = trick[0] >> 3
    trumps = [c for c in hand if c >> 3 == trump]
    if led == trump and rules.trump_led != "any-trump" and len(trumps) >= 2:
        return {name(c): ["rank.trump"] for c in trumps}
    if any(c >> 3 == led for c in hand) or not trumps:
        return {}
    return _void_ranks(rules, hand, trick, trump, trumps)


def _void_ranks(rules: Rules, hand: Sequence[BCard], trick: Sequence[BCard], trump: int,
                trumps: list[BCard]) -> dict[str, list[str]]:
    """The cards of a player void in the suit led, holding trumps, whose legality rests on a
    rank order: those the overtrumping readings rank, and every card but his trumps where
    his partner's winning card may free him."""
    ruffed = any(c >> 3 == trump for c in trick)
    ruff = _ruff_ranks(rules, hand, trumps, len(trick)) if ruffed else {}
    order = _partner_order(rules, trick, trump, ruffed)
    if order is None:
        return ruff
    return {**ruff, **{name(c): [order] for c in hand if c >> 3 != trump}}


def _partner_order(rules: Rules, trick: Sequence[BCard], trump: int, ruffed: bool) -> str | None:
    """The rank order that decides whether the partner's card is winning, where under
    ``play.hokom-void`` that frees a void player from trumping (None where it does not)."""
    if len(trick) < 2 or rules.hokom_void not in PARTNER_RELEASES:
        return None
    if (rules.hokom_void == "must-trump-unless-fourth-or-ace-led" and len(trick) == 2
            and trick[0] & 7 != ACE):
        return None  # the third seat is freed only after his partner's Ace
    led = trick[0] >> 3
    deciding = [c for c in trick if c >> 3 == (trump if ruffed else led)]
    if trick[-2] not in deciding or len(deciding) < 2:
        return None
    return "rank.trump" if ruffed else "rank.plain"


def _ruff_ranks(rules: Rules, hand: Sequence[BCard], trumps: list[BCard],
                played: int) -> dict[str, list[str]]:
    """Under ``play.hokom-ruff``'s overtrumping readings, the cards of a void player facing a
    trump (``played`` cards into the trick) whose legality rests on which trumps are higher:
    his trumps (when he has two or more), and every card where he may throw off instead."""
    discard = rules.hokom_ruff == "overtrump-or-discard" or (
        rules.hokom_ruff == "overtrump-or-discard-third-seat" and played == 2)
    if discard:
        return {name(c): ["rank.trump"] for c in hand}
    if rules.hokom_ruff != "any-trump" and len(trumps) >= 2:
        return {name(c): ["rank.trump"] for c in trumps}
    return {}


def legal_plays(rules: Rules, play: BalootPlay) -> Answer:
    """The mover's legal cards."""
    legal = legal_mask(rules, _mask(play.hands[play.mover]), list(play.trick), play.trump,
                       lock_binds(rules, play.locked, play.mover, play.declarer))
    cards = [name(c) for c in play.hands[play.mover] if legal >> c & 1]
    why: dict[str, Any] = {"cards": card_rules(rules, play)}
    ranks = rank_rules(rules, play)
    if ranks:
        why["ranks"] = ranks
    return Answer({"cards": cards}, why)


# ---------------------------------------------------------------------------- the trick
def _read_complete(data: Any) -> tuple[BalootPlay, BCard]:
    """A situation whose trick has all four cards: the point before its last card (that card
    back in the hand of the seat that played it), and the last card."""
    if not isinstance(data, dict) or not isinstance(data.get("trick"), list):
        raise InvalidRequestError("situation: expected an object with a trick")
    trick, hands, leader = data["trick"], data.get("hands"), data.get("leader")
    if len(trick) != SEATS:
        raise InvalidRequestError(f"the trick has {len(trick)} cards, not {SEATS}")
    if not isinstance(hands, list) or len(hands) != SEATS or not isinstance(leader, int):
        raise InvalidRequestError("situation: expected four hands and a leader seat")
    last = read_card(trick[-1], "situation.trick")
    seat = (leader + SEATS - 1) % SEATS
    back = [[*h, name(last)] if s == seat and isinstance(h, list) else h
            for s, h in enumerate(hands)]
    return read_play({**data, "hands": back, "trick": trick[:-1]}), last


_read_play = ReadOnce(read_play)
_complete = ReadOnce(_read_complete)
"""Situations read once when one request is asked under one profile after another."""


def trick_winner(rules: Rules, data: Any) -> Answer:
    """The seat that wins a complete trick (its last card must be legal)."""
    play, last = _complete(data)
    legal = legal_mask(rules, _mask(play.hands[play.mover]), list(play.trick), play.trump,
                       lock_binds(rules, play.locked, play.mover, play.declarer))
    if not legal >> last & 1:
        raise InvalidRequestError(f"{name(last)} is not a legal last card")
    cards = [*play.trick, last]
    winner = (play.leader + winning_index(rules, cards, play.trump)) % SEATS
    return Answer({"winner": winner}, {"seats": beaten_by(rules, play, cards, winner)})


def beaten_by(rules: Rules, play: BalootPlay, cards: list[BCard],
              winner: int) -> dict[str, str]:
    """For each seat of a complete trick: the rule by which the winner's card beats its card
    (the winner's own seat: ``trick.winner``)."""
    led = cards[0] >> 3
    card_of = {(play.leader + k) % SEATS: c for k, c in enumerate(cards)}
    top = card_of[winner]
    out = {}
    for seat, card in card_of.items():
        if seat == winner or strength(rules, card, led, play.trump) < 0:
            rule = "trick.winner"
        elif card >> 3 == top >> 3 == play.trump:
            rule = "rank.trump"
        elif card >> 3 == top >> 3:
            rule = "rank.plain"
        else:
            rule = "trick.winner"
        out[str(seat)] = rule
    return out


# ---------------------------------------------------------------------------- perft
def perft(rules: Rules, play: BalootPlay, depth: Any) -> Answer:
    """Sequences of ``depth`` plays from the situation, split by first card; tagged with the
    rules deciding the legal cards in the first two plays, and the trick rules when a trick is
    completed within ``depth``."""
    if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 8:
        raise InvalidRequestError(f"depth: {depth!r} is not 1 to 8")
    position = position_of(rules, play)
    rows = {name(card): count for card, count in divide(position, depth)}
    tags = set(card_rules(rules, play).values())
    for card, _count in divide(position, 1):
        tags.update(card_rules(rules, after_card(play, card, rules)).values())
    if len(play.trick) + depth > SEATS:
        tags.update({"trick.winner", "rank.trump" if play.trump is not None else "rank.plain"})
    return Answer({"nodes": sum(rows.values()), "divide": rows}, {"rules": sorted(tags)})


def after_card(play: BalootPlay, card: BCard, rules: Rules) -> BalootPlay:
    """The situation once the mover plays ``card`` (a trick of four is gathered and its
    winner leads)."""
    seat = play.mover
    hands = tuple(tuple(c for c in h if c != card) if s == seat else h
                  for s, h in enumerate(play.hands))
    trick = (*play.trick, card)
    if len(trick) < SEATS:
        return BalootPlay(play.contract, play.trump, play.declarer, play.locked, hands,
                          play.played, play.leader, trick)
    leader = (play.leader + winning_index(rules, list(trick), play.trump)) % SEATS
    return BalootPlay(play.contract, play.trump, play.declarer, play.locked, hands,
                      (*play.played, *trick), leader, ())


def trick_point(profile: Profile, situation: dict[str, Any]) -> tuple[bool, int]:
    """Whether the hand is over at a situation, and how many cards of the trick are down."""
    play = read_play(situation)
    return not any(play.hands), len(play.trick)


def after(profile: Profile, situation: dict[str, Any], card: str) -> dict[str, Any]:
    """The situation once ``card`` is played."""
    play = read_play(situation)
    chosen = read_card(card, "card")
    if chosen not in play.hands[play.mover]:
        raise InvalidRequestError(f"{card} is not in seat {play.mover}'s hand")
    return after_card(play, chosen, rules_for(profile)).as_json()


# ---------------------------------------------------------------------------- scoring
def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidRequestError(f"{key}: {value!r} is not {low} to {high}")
    return value


def _pair(data: dict[str, Any], key: str, high: int) -> tuple[int, int]:
    value = data.get(key)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= high
                       for v in value)):
        raise InvalidRequestError(f"{key}: expected two whole numbers from 0 to {high}")
    return value[0], value[1]


def _read_card_points(rules: Rules, data: dict[str, Any],
                      contract: str) -> tuple[tuple[int, int], int]:
    """The card points each side took, which must add up to the hand's, and the hand's."""
    full = rules.total_card_points(None if contract == SUN else 0)
    points = _pair(data, "card_points", full)
    if sum(points) != full:
        raise InvalidRequestError(f"card_points: {points[0]} + {points[1]} is not the "
                                  f"{full} card points of a {contract} hand")
    return points, full


def _read_baloot(data: dict[str, Any], contract: str) -> tuple[int, int]:
    """Which side holds Baloot: at most one, and never in Sun."""
    baloot = _pair(data, "baloot", 1)
    if contract == SUN and any(baloot):
        raise InvalidRequestError("baloot: a Sun hand has no trump, so no Baloot")
    if sum(baloot) > 1:
        raise InvalidRequestError("baloot: there is one King and Queen of trump")
    return baloot


def _read_projects(data: dict[str, Any]) -> tuple[int | None, int]:
    """The side whose projects score and their points (none without a side)."""
    projects = data.get("projects")
    if not isinstance(projects, dict) or projects.get("team") not in (0, 1, None):
        raise InvalidRequestError("projects: expected {\"team\": 0, 1 or null, \"points\": n}")
    project_points = _int(projects, "points", 0, 1000)
    if projects["team"] is None and project_points:
        raise InvalidRequestError("projects: points with no team that scores them")
    return projects["team"], project_points


def _read_stakes(data: dict[str, Any]) -> tuple[int, bool]:
    """The multiplier and whether the hand is a Gahwa, played at :data:`GAHWA_MULTIPLIER`."""
    multiplier = _int(data, "multiplier", 1, 4)
    gahwa = data.get("gahwa")
    if not isinstance(gahwa, bool):
        raise InvalidRequestError("gahwa: expected true or false")
    if gahwa and multiplier != GAHWA_MULTIPLIER:
        raise InvalidRequestError(f"multiplier: {multiplier} with a Gahwa, which is played at "
                                  f"{GAHWA_MULTIPLIER} (as the doubling answer gives it)")
    return multiplier, gahwa


def hand_facts(rules: Rules, data: dict[str, Any]) -> HandFacts:
    """The facts of a finished hand a hand-score request gives, checked."""
    contract = data.get("contract")
    if contract not in ("sun", "hokom"):
        raise InvalidRequestError(f"contract: {contract!r} is not sun or hokom")
    points, full = _read_card_points(rules, data, contract)
    baloot = _read_baloot(data, contract)
    project_team, project_points = _read_projects(data)
    multiplier, gahwa = _read_stakes(data)
    first_with_ace = data.get("buyer_first_with_ace", False)
    if not isinstance(first_with_ace, bool):
        raise InvalidRequestError("buyer_first_with_ace: expected true or false")
    return HandFacts(contract, _int(data, "declarer_team", 0, 1), multiplier, gahwa, points,
                     project_team, project_points, baloot, _sweep(data, points, full),
                     first_with_ace)


TRICKS = 8
"""The tricks of a Baloot hand."""


def _sweep(data: dict[str, Any], points: tuple[int, int], full: int) -> int | None:
    """The side that won all eight tricks, from ``tricks_won`` (checked against the card
    points); without it, a side with every card point is taken to have won every trick."""
    if "tricks_won" not in data:
        return points.index(full) if full in points else None
    won = _pair(data, "tricks_won", TRICKS)
    if sum(won) != TRICKS:
        raise InvalidRequestError(f"tricks_won: {won[0]} + {won[1]} is not the {TRICKS} "
                                  "tricks of a hand")
    for side in (0, 1):
        if won[side] == 0 and points[side]:
            raise InvalidRequestError(f"tricks_won: side {side} won no trick but has "
                                      f"{points[side]} card points")
    return won.index(TRICKS) if TRICKS in won else None


def _projects_rules(facts: HandFacts, made: bool, doubled: bool) -> str | list[str]:
    """The rules that send the projects where they go: the stakes' multiplier on a raised
    hand, the failure rule on a failed one, and on a made hand over the defenders' higher
    project the rule that says whether the side losing the hand scores it."""
    stakes = "double.projects" if doubled else "score.failed"
    if made and facts.project_team == 1 - facts.declarer_team:
        return ["project.scoring-side", "double.projects"] if doubled else "project.scoring-side"
    return stakes


def _played_facts(rules: Rules, data: dict[str, Any]) -> dict[str, Any]:
    """From a request that gives the tricks played, the tricks and card points each side
    took (the request may not give them as well); {} when it gives the card points."""
    if "tricks" not in data:
        return {}
    for given in ("card_points", "tricks_won"):
        if given in data:
            raise InvalidRequestError(f"{given}: give the tricks or the {given}, not both")
    taken = replay(rules, read_played_hand(data))
    return {"tricks_won": list(taken.tricks_won), "card_points": list(taken.card_points)}


def _cards_rule(facts: HandFacts, made: bool, doubled: bool) -> str:
    """The rule that sets the card points' game points: a sweep, the failure, the stakes' split
    on a raised hand, else the contract's conversion."""
    if facts.sweep is not None:
        return "score.sweep"
    if not made:
        return "score.failed"
    if doubled:
        return "double.split"
    return "score.sun-conversion" if facts.contract == SUN else "score.hokom-conversion"


def _made_rules(rules: Rules, facts: HandFacts, doubled: bool) -> list[str]:
    """The rules that decide whether the contract is made: the threshold, what counts towards
    it, and on a raised hand a tie as the threshold counts it."""
    threshold = "score.sun-threshold" if facts.contract == SUN else "score.hokom-threshold"
    counted = (facts.project_team is not None and facts.project_points) or any(facts.baloot)
    made_by = [threshold, "score.threshold-counts"] if counted else [threshold]
    d = facts.declarer_team
    if doubled and facts.sweep is None and (facts.card_points[d] + threshold_lead(rules, facts)
                                            == facts.card_points[1 - d]):
        made_by.append("double.tie")  # the sides tie, as the threshold counts them
    return made_by


def hand_score(rules: Rules, data: dict[str, Any]) -> Answer:
    """A finished hand's game points, side by side, and whether the contract was made; when
    the request gives the tricks played instead of the card points, the tricks and card points
    each side took as well."""
    played = _played_facts(rules, data)
    if played:
        data = {**data, **played}
    facts = hand_facts(rules, data)
    got = score_hand(rules, facts)
    expect = {**played, "made": got.made, "cards": list(got.cards),
              "projects": list(got.projects), "baloot": list(got.baloot),
              "total": list(got.total), "gahwa_winner": got.game_winner}
    doubled = facts.multiplier > 1 or facts.gahwa
    made_by = _made_rules(rules, facts, doubled)
    why: dict[str, Any] = {
        "made": made_by if len(made_by) > 1 else made_by[0],
        "cards": _cards_rule(facts, got.made, doubled),
        "projects": _projects_rules(facts, got.made, doubled),
        "baloot": "project.baloot-value", "gahwa_winner": "double.gahwa"}
    if played:
        orders = ["rank.plain"] if facts.contract == SUN else ["rank.plain", "rank.trump"]
        why = {"tricks_won": "trick.winner", "orders": orders,
               "card_points": "score.card-points", **why}
    return Answer(expect, why)


def game_end(rules: Rules, data: dict[str, Any]) -> Answer:
    """Who wins the game once a hand is added to the scores, if anyone."""
    scores = _pair(data, "scores", 10_000)
    declarer = data.get("declarer_team")
    gahwa = data.get("gahwa_winner")
    if declarer not in (0, 1, None) or gahwa not in (0, 1, None):
        raise InvalidRequestError("declarer_team and gahwa_winner: 0, 1 or null")
    if declarer is None and gahwa is None and game_winner(rules, scores, None, None) is not None:
        raise InvalidRequestError(f"scores {list(scores)}: nobody bought this hand, so these are "
                                  "the scores before it, at which the game was already won")
    winner = game_winner(rules, scores, declarer, gahwa)
    reached = sum(s >= rules.target for s in scores)
    rule = ("double.gahwa" if gahwa is not None else
            "game.both-reach" if reached == 2 else "game.target")
    return Answer({"winner": winner}, {"winner": rule})


# ---------------------------------------------------------------------------- claims
def claim(rules: Rules, request: dict[str, Any]) -> Answer:
    """Whether the claiming side takes the tricks it claims, a line that shows it, and each
    side's card points from the cards still to play as the director's handbook scores the
    claim (:mod:`trickrules.engine.baloot.claim_points`): a claim of some of the tricks is scored
    too."""
    play = _read_play(request.get("situation"))
    position = position_of(rules, play)
    cited = {*card_rules(rules, play).values(), "trick.winner",
             "rank.trump" if play.trump is not None else "rank.plain"}
    team: Any = request.get("team")  # checked by the claim search, which names the field
    tricks: Any = request.get("tricks")
    try:
        verdict = settle(position, team, tricks)
        points, scored = scored_claim(position, team, tricks)
    except EngineError as exc:
        raise InvalidRequestError(str(exc)) from None
    # a claim that holds is shown by the line that gives its card points; one that fails by
    # the others' line that keeps the claimers short
    line = scored if verdict.holds else list(verdict.line)
    return Answer({"holds": verdict.holds, "line": [name(c) for c in line],
                   "card_points": list(points)},
                  {"holds": sorted(cited),
                   "card_points": [*sorted(cited), "score.card-points"]})
