"""Score theorems of a Baloot profile, each proved by Z3 on one symbolic finished hand that a
deal can give (:func:`symbolic_hand`); a refutation carries the hand as a witness, replayed in
the engine's scoring (:func:`trickrules.proofs.baloot.replay.replay_score`)."""

from __future__ import annotations

import itertools

import z3

from trickrules.proofs.baloot import projects as pj
from trickrules.proofs.baloot.model import HOKOM, SUN
from trickrules.proofs.baloot.replay import replay_score
from trickrules.proofs.baloot.scoring import (
    HOKOM_TOTAL,
    SUN_TOTAL,
    Hand,
    cards_multiplier,
    full_game_points,
    score,
    sweep_worth,
)
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names, Result, prove
from trickrules.spec.model import Profile


def model_int(model: z3.ModelRef, term: t.Int) -> int:
    """An integer term's value in a Z3 model (a known term is its own value)."""
    return term if t.known(term) else int(model.eval(term, model_completion=True).as_long())


MULTIPLIERS = (1, 2, 3, 4)
"""A hand's stake: undoubled, doubled, tripled or four times."""


def symbolic_hand(names: Names, sp: SymbolicProfile) -> tuple[Hand, list[z3.BoolRef]]:
    """A symbolic finished hand that a deal can give: card points that add up, a multiplier,
    at most one project (worth what ``project.values`` gives it in the contract), Baloots."""
    c = names.int("contract")
    p0, mult = names.int("points0"), names.int("multiplier")
    side, pside, ppoints = names.int("declarer"), names.int("project-side"), names.int("proj")
    b0, b1, gahwa = names.int("baloot0"), names.int("baloot1"), names.bool("gahwa")
    sweep = names.int("sweep")
    first_with_ace = names.bool("buyer-first-with-ace")
    full = z3.If(c == SUN, SUN_TOTAL, HOKOM_TOTAL)
    setting = [z3.Or(c == SUN, c == HOKOM), p0 >= 0, p0 <= full,
               mult >= MULTIPLIERS[0], mult <= MULTIPLIERS[-1], z3.Or(side == 0, side == 1),
               pside >= -1, pside <= 1, ppoints >= 0,
               ppoints <= 200, b0 >= 0, b0 <= 1, b1 >= 0, b1 <= 1, b0 + b1 <= 1,
               z3.Implies(c == SUN, z3.And(b0 == 0, b1 == 0, mult <= 2, z3.Not(gahwa))),
               (pside == -1) == (ppoints == 0),
               # card points a side can take: never 1, nor 1 short of all
               p0 != 1, p0 != full - 1,
               z3.Or(ppoints == 0, *(ppoints == t.lift(pj.value(sp, kind, c))
                                     for kind in pj.KIND_NAMES)),
               # a side that wins every trick has every card point
               sweep >= -1, sweep <= 1, z3.Implies(sweep == 0, p0 == full),
               z3.Implies(sweep == 1, p0 == 0)]
    return Hand(c, side, mult, gahwa, (p0, full - p0), pside, ppoints, (b0, b1),
                sweep, first_with_ace), setting


def hand_witness(model: z3.ModelRef, hand: Hand) -> dict[str, int | bool]:
    """The finished hand a model gives, each fact by its name, as a witness the engine can
    score."""
    return {"contract": model_int(model, hand.contract), "declarer_side": model_int(
        model, hand.declarer_side), "multiplier": model_int(model, hand.multiplier),
        "gahwa": z3.is_true(model.eval(hand.gahwa, model_completion=True)),
        "points": model_int(model, hand.points[0]),
        "project_side": model_int(model, hand.project_side),
        "project_points": model_int(model, hand.project_points),
        "baloot0": model_int(model, hand.baloots[0]), "baloot1": model_int(model, hand.baloots[1]),
        "sweep": model_int(model, hand.sweep),
        "buyer_first_with_ace": z3.is_true(model.eval(t.lift(hand.buyer_first_with_ace),
                                                      model_completion=True))}


def _reading_cases(sp: SymbolicProfile, split: tuple[str, ...]) -> list[z3.BoolRef]:
    """One condition per choice of readings the profile allows of the ``split`` parameters
    (a single one, always true, without any)."""
    return [z3.And([t.lift(sp.is_(pid, r)) for pid, r in zip(split, choice, strict=True)])
            for choice in itertools.product(*(sp.allowed[pid] for pid in split))]


def _decisive(results: list[Result]) -> Result:
    """The result that decides a split claim, with the seconds of every case: the first
    refuted case, else the first not proved, else the first."""
    seconds = sum(r.seconds for r in results)
    result = next((r for r in results if r.verdict == "refuted"),
                  next((r for r in results if r.verdict != "proved"), results[0]))
    result.seconds = seconds
    return result


def _explain(result: Result, model: z3.ModelRef, profile: Profile, sp: SymbolicProfile,
             hand: Hand, expect_engine: str) -> None:
    """Give a score claim refuted by ``model`` its witness, the hand and the readings chosen,
    and the engine's replay of it."""
    chosen = {pid: sp.reading_of(model, pid) for pid in profile.symbolic if pid in sp.used}
    result.witness = {**hand_witness(model, hand),
                      **{f"reading {k}": v for k, v in chosen.items()}}
    result.replay = replay_score(profile.pin_witness(chosen), result.witness, expect_engine)


def _score_claim(profile: Profile, scope: str, claim_of: object, extra: object = None,
                 expect_engine: str = "", split: tuple[str, ...] = ()) -> Result:
    """Prove a claim on one symbolic finished hand; with ``split``, one query per choice of
    readings the profile allows of those parameters (each small where the whole is slow):
    proved when every case is, else the first refuted case, else unknown. A claim given as a
    tuple is proved part by part, in order (the first refuted part decides: its witness is
    the kind the replay shows, whichever model the solver finds)."""
    names = Names(scope)
    sp = SymbolicProfile(profile, names)
    hand, setting = symbolic_hand(names, sp)
    assert callable(claim_of)
    claim = claim_of(sp, hand)
    parts = claim if isinstance(claim, tuple) else (claim,)
    if callable(extra):
        setting += extra(hand)
    results = []
    for case in _reading_cases(sp, split):  # the first refuted case decides: none after it
        for part in parts:
            results.append(prove(t.lift(part), [*sp.constraints(), *setting, case]))
            if results[-1].verdict == "refuted":
                break
        if results[-1].verdict == "refuted":
            break
    result = _decisive(results)
    if result.model is not None:
        _explain(result, result.model, profile, sp, hand, expect_engine)
    return result


def cards_worth(sp: SymbolicProfile, hand: Hand) -> t.Int:
    """What the hand's cards are worth in game points before any multiplier: 26 in Sun and 16
    in Hokom, or a sweep's fixed value where ``score.sweep`` scores one."""
    swept, sweep_value = sweep_worth(sp, hand)
    return t.If(swept, sweep_value, full_game_points(sp, hand.contract))


def game_points_total(profile: Profile) -> Result:
    """A made, undoubled hand without Baloot shares exactly 26 game points in Sun and 16 in
    Hokom between the sides, or a sweep's fixed value (false where each side is rounded on its
    own)."""
    def claim(sp: SymbolicProfile, hand: Hand) -> t.Bool:
        s = score(sp, hand)
        return t.Implies(s.made, s.cards[0] + s.cards[1] == cards_worth(sp, hand))

    def only(hand: Hand) -> list[z3.BoolRef]:
        return [hand.multiplier == 1, z3.Not(hand.gahwa), hand.baloots[0] == 0,
                hand.baloots[1] == 0]

    return _score_claim(profile, "game-points-total", claim, only, "cards-sum")


def failed_gives_all(profile: Profile) -> Result:
    """A failed contract gives every game point of the cards (a sweep's fixed value where the
    defenders won every trick under such a reading), multiplied (unless that value never is),
    to the defenders and none to the declarer's side."""
    def claim(sp: SymbolicProfile, hand: Hand) -> t.Bool:
        s = score(sp, hand)
        full = cards_worth(sp, hand) * cards_multiplier(sp, hand)
        mine = t.If(hand.declarer_side == 0, s.cards[0], s.cards[1])
        theirs = t.If(hand.declarer_side == 0, s.cards[1], s.cards[0])
        return t.Implies(t.Not(s.made), t.And(mine == 0, theirs == full))

    return _score_claim(profile, "failed-gives-all", claim, None, "failed")


def made_xor_failed(profile: Profile) -> Result:
    """A hand is made or failed, never both, and the score tells which: a failed contract gives
    the defenders every game point of the cards and the declarer's side nothing at all, a made
    one does not (its side keeps what it scored, projects and Baloot included, where projects
    count towards the contract and make it without a card point). False where a contract made
    without a threshold with no card points and nothing else scores exactly like a failed
    one. The made half is asked first, so that a refutation is such a hand, the one the replay
    shows (not a failed hand whose side keeps its Baloot, whichever model the solver finds)."""
    def claim(sp: SymbolicProfile, hand: Hand) -> tuple[t.Bool, t.Bool]:
        s = score(sp, hand)
        full = cards_worth(sp, hand) * cards_multiplier(sp, hand)
        side = [s.cards[k] + s.projects[k] + s.baloot[k] for k in (0, 1)]
        mine = t.If(hand.declarer_side == 0, side[0], side[1])
        theirs = t.If(hand.declarer_side == 0, s.cards[1], s.cards[0])
        like_failed = t.And(mine == 0, theirs == full)
        return t.Implies(s.made, t.Not(like_failed)), t.Implies(t.Not(s.made), like_failed)

    return _score_claim(profile, "made-xor-failed", claim, None, "made-like-failed")


def baloot_never_multiplied(profile: Profile) -> Result:
    """What Baloot adds to its holder's side does not depend on the stakes: the same under
    Double, Triple, Four and Gahwa as undoubled, for a hand made (or failed) at both stakes
    whose Baloot does not decide it (``score.threshold-counts`` may count Baloot, and then
    the whole hand turns on it)."""
    def claim(sp: SymbolicProfile, hand: Hand) -> t.Bool:
        def gain(mult: t.Int, gahwa: t.Bool) -> tuple[t.Int, t.Bool, t.Bool]:
            w = Hand(hand.contract, hand.declarer_side, mult, gahwa, hand.points,
                     hand.project_side, hand.project_points, (1, 0))
            wo = Hand(hand.contract, hand.declarer_side, mult, gahwa, hand.points,
                      hand.project_side, hand.project_points, (0, 0))
            with_it, without = score(sp, w), score(sp, wo)
            return with_it.total[0] - without.total[0], with_it.made, without.made
        doubled, made_doubled, made_doubled_without = gain(hand.multiplier, hand.gahwa)
        plain, made_plain, made_plain_without = gain(1, False)
        alike = t.And(made_doubled == made_plain, made_doubled == made_doubled_without,
                      made_plain == made_plain_without)
        return t.Implies(alike, doubled == plain)

    def hokom(hand: Hand) -> list[z3.BoolRef]:
        return [hand.contract == HOKOM]

    return _score_claim(profile, "baloot-never-multiplied", claim, hokom, "baloot",
                        split=("score.hokom-threshold", "project.baloot-value", "score.keep-total"))
