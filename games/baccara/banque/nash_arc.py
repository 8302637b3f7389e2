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

Outcomes: ``empty`` proves that no equilibrium of type τ lies in the box (the type is
excluded exactly); ``found`` gives a rational point (θ*, p*) in the box satisfying all of
τ's conditions — an extreme Nash equilibrium at θ*, which the proof reports so that the
complete enumeration at θ* can add it to the sweep.
"""

from __future__ import annotations

import numpy as np

from gamekit.exact import ArcResult, multilinear_arc
from games.baccara.banque.nash_events import BanqueForms, Box
from games.baccara.banque.nash_types import Type, TypeConds, _player_rows

__all__ = ["exact_conditions", "decide_arc", "witness_profile"]


def exact_conditions(fm: BanqueForms, t: Type, conds: TypeConds, box: Box) -> TypeConds | None:
    """τ's conditions on the box with exact coefficients (None if a sign needed by Cramer's
    rule is undecided on the box, or τ is not a vertex type)."""
    if conds.ones is None:
        return None
    exact_fm = fm.exact_players([int(l) for l in np.nonzero(conds.ones)[0]])
    out = TypeConds()
    # the g rows of conds are exact (fm.g and their negatives); the Players' rows are rebuilt
    out.eqs = [e for e in conds.eqs if e.ex is not None]
    out.pos = [f for f in conds.pos if f.ex is not None]
    _player_rows(exact_fm, t, conds.ones, t.face(box), out)
    if out.skip or out.unsure or any(f.ex is None for f in out.eqs + out.pos):
        return None
    return out


def decide_arc(fm: BanqueForms, t: Type, conds: TypeConds, box: Box) -> ArcResult | None:
    """Decide an arc type exactly on the box (module docstring); None when τ is not an arc
    type of this shape (both Players interior, exactly one θ-free and one θ-dependent
    equality)."""
    if t.sigma != (None, None):
        return None
    ex = exact_conditions(fm, t, conds, box)
    if ex is None or len(ex.eqs) != 2:
        return None
    free = [e for e in ex.eqs if not any(e.ex[4:])]
    other = [e for e in ex.eqs if any(e.ex[4:])]
    if len(free) != 1 or len(other) != 1:
        return None
    return multilinear_arc(free[0].ex, other[0].ex, [f.ex for f in ex.pos], (box.x, box.y, box.t))


def witness_profile(fm: BanqueForms, t: Type, conds: TypeConds, witness: tuple) -> list:
    """Banker's behaviour y at an arc witness (θ, p₁, p₂): y_l = 1 / 0 by the sign of g_l,
    the type's 0 / 1 on its zero classes, and on F = {l} the Cramer value −C_a/d_al."""
    th, p1, p2 = witness

    def val(f):
        c0, c1 = f.at_exact(p1, p2)
        return c0 + c1 * th

    state = dict(t.ystate)
    y = []
    ones = [int(l) for l in np.nonzero(conds.ones)[0]] if conds.ones is not None else []
    for l, g in enumerate(fm.g):
        v = val(g)
        if v != 0:
            y.append(1 if v > 0 else 0)
        elif state.get(l) in (0, 1):
            y.append(state[l])
        elif state.get(l) == "F":
            a = next(i for i in sorted(t.A) if val(fm.d[i][l]) != 0)
            y.append(-val(fm.player_exact(a, ones)) / val(fm.d[a][l]))
        else:
            y.append(1 if conds.ones is not None and conds.ones[l] else 0)
    return y
