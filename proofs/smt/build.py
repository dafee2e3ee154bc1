"""Z3 terms made straight through Z3's C interface, for the hot paths of the encodings.

Z3's Python layer coerces and sort-checks every argument of every term on the Python side, at
several calls into Z3 per argument; the encodings build hundreds of thousands of terms whose
arguments are already terms of one context, so these builders hand them to Z3 directly. Z3
still checks each term it is given (a badly sorted one raises, as before), and the terms are
the ones the Python layer makes: Z3 shares equal terms, so a query is the same query.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import z3
from z3 import z3core as core

T = TypeVar("T")

_NUMERALS: dict[int, z3.ArithRef] = {}
_TRUTHS: dict[bool, z3.BoolRef] = {}
_MADE: dict[tuple[str, int], tuple[z3.ExprRef, Any]] = {}
_CONTEXT: list[z3.Context | None] = [None]
"""The context the cached terms belong to (they are dropped when another is in use)."""


def _cached(ctx: z3.Context) -> None:
    if _CONTEXT[0] is not ctx:
        _NUMERALS.clear()
        _TRUTHS.clear()
        _MADE.clear()
        _CONTEXT[0] = ctx


def once(kind: str, of: z3.ExprRef, make: Callable[[], T]) -> T:
    """``make()``, the ``kind`` of term made of ``of`` (a card's suit, say), made once per
    term and context: the encodings ask for the same ones again and again. The term is kept
    with it, since a Z3 id names its term only while the term lives."""
    _cached(of.ctx)
    key = (kind, of.get_id())
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = (of, make())
    value: T = made[1]
    return value


def numeral(ctx: z3.Context, value: int) -> z3.ArithRef:
    """The integer constant ``value`` (made once per context)."""
    _cached(ctx)
    term = _NUMERALS.get(value)
    if term is None:
        term = _NUMERALS[value] = z3.IntVal(value, ctx)
    return term


def truth(ctx: z3.Context, value: bool) -> z3.BoolRef:
    """The Boolean constant ``value`` (made once per context)."""
    _cached(ctx)
    term = _TRUTHS.get(value)
    if term is None:
        term = _TRUTHS[value] = z3.BoolVal(value, ctx)
    return term


def term(ctx: z3.Context, x: object) -> z3.ExprRef | None:
    """``x`` as a term of ``ctx``: a constant for a Python value, the term itself for a
    Boolean or integer term, None for anything else (left to Z3's Python layer)."""
    if type(x) is bool:
        return truth(ctx, x)
    if type(x) is int:
        return numeral(ctx, x)
    if isinstance(x, z3.BoolRef | z3.ArithRef):
        return x
    return None


def is_term(x: object) -> bool:
    """Whether ``x`` is a Boolean or integer term these builders take."""
    return isinstance(x, z3.BoolRef | z3.ArithRef)


def _array(items: Sequence[z3.ExprRef]) -> z3.Ast:
    return (z3.Ast * len(items))(*[x.ast for x in items])


def conjunction(items: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """``And(items)`` of Boolean terms of one context."""
    ctx = items[0].ctx
    return z3.BoolRef(core.Z3_mk_and(ctx.ref(), len(items), _array(items)), ctx)


def disjunction(items: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """``Or(items)`` of Boolean terms of one context."""
    ctx = items[0].ctx
    return z3.BoolRef(core.Z3_mk_or(ctx.ref(), len(items), _array(items)), ctx)


def negation(x: z3.BoolRef) -> z3.BoolRef:
    """``Not(x)``."""
    return z3.BoolRef(core.Z3_mk_not(x.ctx.ref(), x.ast), x.ctx)


def choice(cond: z3.BoolRef, then: z3.ExprRef, other: z3.ExprRef) -> z3.ExprRef:
    """``If(cond, then, other)`` of terms of one context and one sort."""
    ctx = cond.ctx
    made = core.Z3_mk_ite(ctx.ref(), cond.ast, then.ast, other.ast)
    if isinstance(then, z3.BoolRef):
        return z3.BoolRef(made, ctx)
    return z3.ArithRef(made, ctx)


def total(items: Sequence[z3.ArithRef]) -> z3.ArithRef:
    """``Sum(items)`` of integer terms of one context."""
    ctx = items[0].ctx
    return z3.ArithRef(core.Z3_mk_add(ctx.ref(), len(items), _array(items)), ctx)


def equal(x: z3.ExprRef, y: z3.ExprRef) -> z3.BoolRef:
    """``x == y`` of terms of one context and one sort."""
    return z3.BoolRef(core.Z3_mk_eq(x.ctx.ref(), x.ast, y.ast), x.ctx)


def equals(x: z3.ArithRef, value: int) -> z3.BoolRef:
    """``x == value`` for an integer term and a constant."""
    return equal(x, numeral(x.ctx, value))


def implication(x: z3.BoolRef, y: z3.BoolRef) -> z3.BoolRef:
    """``Implies(x, y)``."""
    return z3.BoolRef(core.Z3_mk_implies(x.ctx.ref(), x.ast, y.ast), x.ctx)


class Counted:
    """Boolean terms of one context to be counted against several constants: the array Z3
    reads them from is made once."""

    def __init__(self, items: Sequence[z3.BoolRef]) -> None:
        self.ctx = items[0].ctx
        self.size = len(items)
        self.items = _array(items)
        self.ones = (ctypes.c_int * self.size)(*([1] * self.size))

    def exactly(self, count: int) -> z3.BoolRef:
        """``PbEq([(x, 1) for x in items], count)``: exactly ``count`` of the terms hold."""
        return z3.BoolRef(core.Z3_mk_pbeq(self.ctx.ref(), self.size, self.items, self.ones,
                                          count), self.ctx)
