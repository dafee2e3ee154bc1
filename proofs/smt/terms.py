"""Term builders that fold constants: the rule encodings are written once with these, and the
same code gives a Z3 term when its inputs are symbolic and a plain Python value when they are
concrete.

That is what lets the model be *evaluated* on a concrete situation at the speed of ordinary
Python (the small-scope check asks it tens of thousands of questions) while it stays the same
encoding the solver reasons about, written from the spec and never from the engine. A symbolic
query gets smaller terms too: whatever a fixed rule reading decides is decided before Z3 sees it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import z3

from trickrules.proofs.smt import build

Bool = Any
"""A Boolean: ``bool`` when known, otherwise a ``z3.BoolRef``."""

Int = Any
"""An integer: ``int`` when known, otherwise a ``z3.ArithRef``."""


def known(x: object) -> bool:
    """Whether ``x`` is a plain Python value rather than a Z3 term (a ``bool`` is an
    ``int``)."""
    return isinstance(x, int)


def _items(args: tuple[Any, ...]) -> list[Any]:
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return list(args[0])
    return list(args)


def And(*args: Bool | Iterable[Bool]) -> Bool:  # noqa: N802 - named as in Z3
    """Conjunction; known ``True`` parts are dropped and a known ``False`` decides it."""
    rest = []
    for x in _items(args):
        if isinstance(x, bool):
            if not x:
                return False
        else:
            rest.append(x)
    if not rest:
        return True
    if len(rest) == 1:
        return rest[0]
    return build.conjunction(rest) if all(map(build.is_term, rest)) else z3.And(rest)


def Or(*args: Bool | Iterable[Bool]) -> Bool:  # noqa: N802 - named as in Z3
    """Disjunction; known ``False`` parts are dropped and a known ``True`` decides it."""
    rest = []
    for x in _items(args):
        if isinstance(x, bool):
            if x:
                return True
        else:
            rest.append(x)
    if not rest:
        return False
    if len(rest) == 1:
        return rest[0]
    return build.disjunction(rest) if all(map(build.is_term, rest)) else z3.Or(rest)


def Not(x: Bool) -> Bool:  # noqa: N802 - named as in Z3
    """Negation."""
    if isinstance(x, bool):
        return not x
    return build.negation(x) if isinstance(x, z3.BoolRef) else z3.Not(x)


def Xor(a: Bool, b: Bool) -> Bool:  # noqa: N802 - named as in Z3
    """Exclusive or."""
    if isinstance(a, bool) and isinstance(b, bool):
        return a != b
    if isinstance(a, bool):
        return Not(b) if a else b
    if isinstance(b, bool):
        return Not(a) if b else a
    return z3.Xor(a, b)


def Implies(a: Bool, b: Bool) -> Bool:  # noqa: N802 - named as in Z3
    """Implication."""
    return Or(Not(a), b)


def If(cond: Bool, then: Any, other: Any) -> Any:  # noqa: N802 - named as in Z3
    """``then`` if ``cond`` else ``other``; a known condition picks a branch at once."""
    if isinstance(cond, bool):
        return then if cond else other
    if known(then) and known(other) and then == other and type(then) is type(other):
        return then
    if isinstance(cond, z3.BoolRef):
        a, b = build.term(cond.ctx, then), build.term(cond.ctx, other)
        if a is not None and b is not None and (isinstance(a, z3.BoolRef)
                                                == isinstance(b, z3.BoolRef)):
            return build.choice(cond, a, b)
    return z3.If(cond, then, other)


def Sum(xs: Iterable[Int]) -> Int:  # noqa: N802 - named as in Z3
    """Sum of integers (of Booleans counted as 0/1 by the caller's ``If``)."""
    items = list(xs)
    total = sum(int(x) for x in items if known(x))
    rest = [x for x in items if not known(x)]
    if not rest:
        return total
    if all(isinstance(x, z3.ArithRef) for x in rest):
        return build.total([*rest, build.numeral(rest[0].ctx, total)] if total else rest)
    return z3.Sum([*rest, z3.IntVal(total)]) if total else z3.Sum(rest)


def eq(x: Int, y: Int) -> Bool:
    """``x == y``, folded when both are known (an integer term and a constant made directly,
    see :mod:`trickrules.proofs.smt.build`)."""
    if known(x) and known(y):
        return x == y
    if isinstance(x, z3.ArithRef) and type(y) is int:
        return build.equals(x, y)
    if isinstance(y, z3.ArithRef) and type(x) is int:
        return build.equals(y, x)
    return x == y


def div(x: Int, n: int) -> Int:
    """Integer division of a non-negative integer by a positive constant."""
    return x // n if known(x) else x / n


def count(xs: Iterable[Bool]) -> Int:
    """How many of the Booleans hold."""
    return Sum(If(x, 1, 0) for x in xs)


def lift(x: Any) -> Any:
    """A Z3 term for ``x`` (constants become Z3 values), for APIs that need a term."""
    if isinstance(x, bool):
        return z3.BoolVal(x)
    if isinstance(x, int):
        return z3.IntVal(x)
    return x


def truth(term: Bool) -> bool:
    """The value of a Boolean term whose inputs are all fixed (a concrete profile), simplified
    by Z3 where the folding left a term; ``ValueError`` if it is not a constant."""
    if isinstance(term, bool):
        return term
    simple = z3.simplify(term)
    if not (z3.is_true(simple) or z3.is_false(simple)):
        raise ValueError(f"model term does not evaluate to a constant: {simple}")
    return bool(z3.is_true(simple))


def number(term: Int) -> int:
    """The value of an integer term whose inputs are all fixed, as :func:`truth`."""
    if known(term):
        return int(term)
    simple = z3.simplify(term)
    if not z3.is_int_value(simple):
        raise ValueError(f"model term does not evaluate to a constant: {simple}")
    return int(simple.as_long())
