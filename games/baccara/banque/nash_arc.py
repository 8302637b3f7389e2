"""Exact decision of an *arc type* on a box: the failure mode of the box proof that boxes
cannot settle.

A type τ (:mod:`nash_types`) with both Players interior, one zero class k (g_k = 0) and
Banker mixing at one set l (F = {l}) has two equalities: g_k(p₁, p₂, θ) = 0 (affine in θ)
and the indifference of the second active Player, C_b·d_al − C_a·d_bl = 0 — θ-free and
bilinear in (p₁, p₂) (C_i and d_il are affine in p₋ᵢ). Its solutions form a curve in
(p₁, p₂, θ). Where one of τ's strict inequalities only *touches* 0 on that curve, no box
cover can exclude τ (the range of the inequality on every box around the touching point
contains positive values). :func:`gamekit.exact.arcs.multilinear_arc` decides it exactly:
with the Players' sums and Cramer's forms rebuilt with exact coefficients, the curve is
rational in p₁ (or p₂) and every condition — τ's inequalities and the box — is a sign
condition on a polynomial of one variable.

**Two zero classes** (issue #27, the kinks at (9/11, 9/11)). A type with two zero classes k, m
has two equalities g_k = g_m = 0, both affine in θ (and, with F = {l}, the θ-free indifference
as a third). :func:`gamekit.exact.systems.multilinear_system` decides any such system: θ is
eliminated from g_m = A + θB (θ = −A/B where B ≠ 0), the curve is the θ-free equality or the
eliminant A_kB_m − A_mB_k (degree ≤ 2 in p₂), every other condition a sign of a polynomial in
p₁ on each branch of that curve; the point where g_m vanishes for every θ — (9/11, 9/11) for
`6/S/S` — is solved on its own (there θ is fixed by the other equality). Its outcome may be
*finitely many* points, all listed: each rational one is checked against the tracked branches
by the caller. When the box does not decide the sign of the 2 × 2 Cramer determinant of
F = {l, m}, both signs are decided (a vertex of Banker's replies has a nonzero determinant),
and the outcome is the union.

Outcomes: ``empty`` proves that no equilibrium of type τ lies in the box (the type is
excluded exactly); ``found`` gives a rational point (θ*, p*) in the box satisfying all of
τ's conditions — an extreme Nash equilibrium at θ*, which the proof reports so that the
complete enumeration at θ* can add it to the sweep.
"""

from __future__ import annotations

import numpy as np

from gamekit.exact import ArcResult, arc_union, multilinear_arc, multilinear_system
from games.baccara.banque.nash_events import BanqueForms, Box
from games.baccara.banque.nash_types import Type, TypeConds, _player_rows

__all__ = ["exact_conditions", "decide_arc", "witness_profile"]


def exact_conditions(fm: BanqueForms, t: Type, conds: TypeConds, box: Box, det_sign: int = 0) -> TypeConds | None:
    """τ's conditions on the box with exact coefficients (None if a sign needed by Cramer's
    rule is undecided on the box, or τ is not a vertex type); ``det_sign``: the sign taken for
    an undecided Cramer determinant (:func:`nash_types._player_rows`)."""
    if conds.ones is None:
        return None
    exact_fm = fm.exact_players([int(l) for l in np.nonzero(conds.ones)[0]])
    out = TypeConds()
    # the g rows of conds are exact (fm.g and their negatives); the Players' rows are rebuilt
    out.eqs = [e for e in conds.eqs if e.ex is not None]
    out.pos = [f for f in conds.pos if f.ex is not None]
    _player_rows(exact_fm, t, conds.ones, t.face(box), out, det_sign)
    if out.skip or out.unsure or any(f.ex is None for f in out.eqs + out.pos):
        return None
    return out


def decide_arc(fm: BanqueForms, t: Type, conds: TypeConds, box: Box) -> ArcResult | None:
    """Decide a type exactly on the box (module docstring); None when τ is not of a shape
    solved here (both Players interior, at least two equalities, one depending on θ)."""
    if t.sigma != (None, None):
        return None
    if conds.unsure and not conds.unsure.startswith("determinant"):
        return None
    out = []
    for s in ((1, -1) if conds.unsure else (0,)):
        r = _decide(fm, t, conds, box, s)
        if r is None:
            return None
        out.append(r)
    return out[0] if len(out) == 1 else arc_union(out)


def _decide(fm, t, conds, box, det_sign: int) -> ArcResult | None:
    ex = exact_conditions(fm, t, conds, box, det_sign)
    if ex is None or len(ex.eqs) < 2:
        return None
    free = [e for e in ex.eqs if not any(e.ex[4:])]
    other = [e for e in ex.eqs if any(e.ex[4:])]
    if not other:
        return None
    bx = (box.x, box.y, box.t)
    pos = [f.ex for f in ex.pos]
    if len(free) == 1 and len(other) == 1:
        return multilinear_arc(free[0].ex, other[0].ex, pos, bx)
    return multilinear_system([e.ex for e in ex.eqs], pos, bx)


def witness_profile(fm: BanqueForms, t: Type, conds: TypeConds, witness: tuple) -> list:
    """Banker's behaviour y at a witness (θ, p₁, p₂): y_l = 1 / 0 by the sign of g_l, the
    type's 0 / 1 on its zero classes, and on F the solution of the active Players'
    indifference (Cramer's rule: −C_a/d_al for F = {l}, the 2 × 2 system for |F| = 2)."""
    th, p1, p2 = witness

    def val(f):
        c0, c1 = f.at_exact(p1, p2)
        return c0 + c1 * th

    state = dict(t.ystate)
    ones = [int(l) for l in np.nonzero(conds.ones)[0]] if conds.ones is not None else []
    F = t.F
    yF: dict[int, object] = {}
    if len(F) == 1:
        (l,) = F
        a = next(i for i in sorted(t.A) if val(fm.d[i][l]) != 0)
        yF[l] = -val(fm.player_exact(a, ones)) / val(fm.d[a][l])
    elif len(F) == 2:
        l, m = F
        C = [val(fm.player_exact(i, ones)) for i in (0, 1)]
        d = [[val(fm.d[i][k]) for k in (l, m)] for i in (0, 1)]
        det = d[0][0] * d[1][1] - d[0][1] * d[1][0]
        yF[l] = (-C[0] * d[1][1] + C[1] * d[0][1]) / det
        yF[m] = (-d[0][0] * C[1] + d[1][0] * C[0]) / det
    sg = _g_signs(fm, th, p1, p2)
    y: list = []
    for l, g in enumerate(fm.g):
        v = sg[l] if sg is not None and sg[l] else val(g)
        if v != 0:
            y.append(1 if v > 0 else 0)
        elif state.get(l) in (0, 1):
            y.append(state[l])
        elif state.get(l) == "F":
            y.append(yF[l])
        else:
            y.append(1 if conds.ones is not None and conds.ones[l] else 0)
    return y


def _g_signs(fm: BanqueForms, th, p1, p2) -> np.ndarray | None:
    """Signs of every g_l at a rational point where the rounding-bounded float enclosure
    (:func:`nash_events.ranges` on the point box) proves them; 0 where it does not (the
    caller then evaluates exactly). None when the point is not rational."""
    from fractions import Fraction

    from games.baccara.banque.nash_events import ranges

    if not all(isinstance(v, Fraction) for v in (th, p1, p2)):
        return None
    lo, hi = ranges(fm.G, fm.GA, Box((p1, p1), (p2, p2), (th, th)))
    return (lo > 0).astype(int) - (hi < 0).astype(int)
