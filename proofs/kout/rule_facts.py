"""Kout's checked statements (see :mod:`trickrules.proofs.rule_facts`): the score of every contract
made and failed, and the numbers that end a game, computed from the engine under the rulebook's
profile and compared with the Z3 model, so the rule texts state what the machine rules play."""

from __future__ import annotations

from collections.abc import Callable

from trickrules.engine.kout.actions import MAX_BID, MIN_BID
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.rules import Rules, compile_rules
from trickrules.engine.kout.scoring import HandScore, score_hand
from trickrules.proofs.facts import FactError, RuleFact
from trickrules.proofs.kout import scoring as z_scoring
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.model import Profile


def _scores(rules: Rules, sp: SymbolicProfile, bid: int, malzoom: bool) -> list[HandScore]:
    """The engine's score of a contract for every number of tricks its team can win, each
    checked against the model's."""
    out = []
    for won in range(rules.hand_size + 1):
        got = score_hand(rules, Contract(0, bid, malzoom, malzoom), (won, rules.hand_size - won))
        ours, theirs = z_scoring.hand_points(sp, bid, malzoom, won)
        model = (int(ours), 0) if got.made else (0, int(theirs))
        engine = (got.points, 0) if got.made else (0, got.points)
        if not (t.known(ours) and t.known(theirs)) or model != engine:
            raise FactError(f"bid {bid}{' (Malzoom)' if malzoom else ''}, {won} tricks won: "
                            f"the engine scores {engine}, the model {model}")
        out.append(got)
    return out


def _one(points: set[int], what: str) -> int:
    if len(points) != 1:
        raise FactError(f"{what} scores differently with different tricks: {sorted(points)}")
    return points.pop()


def score_table_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<score-table>>``: what each contract scores, made and failed, for every number of
    tricks won; a column holds one number only when the tricks do not change it."""
    rules, sp = compile_rules(profile), SymbolicProfile(profile, Names("rule-facts"))
    rows: list[tuple[str, ...]] = [("Contract", "Made: the bidding team scores",
                                    "Failed: the other team scores")]
    for bid in range(MIN_BID, MAX_BID + 1):
        scores = _scores(rules, sp, bid, False)
        made = _one({s.points for s in scores if s.made}, f"a made {bid}")
        failed = _one({s.points for s in scores if not s.made}, f"a failed {bid}")
        rows.append((str(bid), str(made), str(failed)))
    malzoom = _scores(rules, sp, MIN_BID, True)
    rows.append((f"{MIN_BID} (Malzoom)",
                 str(_one({s.points for s in malzoom if s.made}, "Malzoom")),
                 str(_one({s.points for s in malzoom if not s.made}, "a failed Malzoom"))))
    return RuleFact("", tuple(rows), checked="engine and Z3 model, every number of tricks")


def number_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<number:NAME>>``: ``target`` (the points that win a game), ``shutout`` (the points
    that win it against a team with none), ``bawan`` (a made Bawan's score), found from the
    engine's behaviour and compared with the model."""
    (name,), = args
    rules, sp = compile_rules(profile), SymbolicProfile(profile, Names("rule-facts"))
    if name == "bawan":
        return RuleFact(str(_scores(rules, sp, MAX_BID, False)[-1].points), checked="engine")
    if name not in ("target", "shutout"):
        raise FactError(f"unknown number {name!r}")
    other = 0 if name == "shutout" else 1
    for points in range(1, 400):
        won = rules.target if name == "target" else rules.shutout
        engine = won is not None and points >= won
        model = z_scoring.wins_game(sp, points, other, False, False)
        if not t.known(model) or bool(model) != engine:
            raise FactError(f"{points} points against {other}: engine {engine}, model {model}")
        if engine:
            return RuleFact(str(points), checked="engine and Z3 model, every score below it")
    raise FactError(f"no score up to 400 wins the game by {name}")


FACTS: dict[str, Callable[[tuple[tuple[str, ...], ...], Profile], RuleFact]] = {
    "score-table": score_table_fact, "number": number_fact}
"""Each kind of statement Kout's rule texts may make."""


def rule_fact(kind: str, args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """A statement of a Kout rule text, checked (:class:`FactError` when it is wrong)."""
    if kind not in FACTS:
        raise FactError(f"unknown kind of statement {kind!r} (known: {', '.join(FACTS)})")
    return FACTS[kind](args, profile)
