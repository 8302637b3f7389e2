"""Equilibrium *types* of banque on a box of (p₁, p₂, θ): the conditions of one local case.

Fix a box B of (p₁, p₂, θ). Banker's sets whose gain g_l has a constant strict sign on B
(:class:`games.baccara.banque.nash_events.Range`) have a fixed best move y_l; the others
are the *undecided* sets U(B), grouped into proportional classes (equal zero sets). A
Nash equilibrium (p, y) at θ with (p, θ) ∈ B that is *extreme* in y (a vertex of the
polytope Y(p) of Banker's equilibrium replies at p — every equilibrium at p is a convex
combination of those) has a type τ:

* modes σ_i ∈ {0, 1, int} of the Players (p_i = 0, p_i = 1, or interior);
* the active Players A ⊇ {i : σ_i = int} (D_i = 0; an inactive Player has D_i < 0 at
  σ_i = 0, D_i > 0 at σ_i = 1, strictly);
* per undecided class: g > 0, g < 0, or g = 0 — and then, per set of the class,
  y_l = 0, y_l = 1 or y_l ∈ (0, 1) (l ∈ F);
* at a vertex of Y(p) the active Players' indifference determines y_F: |F| ≤ |A| and the
  columns of F in the active rows are independent (else the point is not a vertex: skipped).

Given τ the conditions are multilinear forms (Cramer's rule with y_F eliminated,
:mod:`nash_events`): equalities (g_k = 0 for the zero classes, D_b·d_al − D_a·d_bl = 0 for
an extra active Player, D_i = 0 when F = ∅) and strict inequalities (the signs of the
other undecided classes, 0 < y_F < 1, the inactive Players' gains). **τ is excluded on B**
when one equality's range misses 0 or one inequality's range is ≤ 0 (exact, Lemma
"range" of :mod:`nash_events`). Types are enumerated only when few sets (≤ 4) are undecided.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

import numpy as np

from games.baccara.banque.nash_events import ML, BanqueForms, Box

__all__ = ["Type", "TypeConds", "undecided", "enumerate_types", "conditions", "relaxed_excluded"]

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class Type:
    """One local case (module docstring). ``sigma[i]``: 0, 1 or None (interior);
    ``zero``: undecided classes with g = 0; ``ystate``: per undecided set 0, 1 or 'F'."""

    sigma: tuple
    A: frozenset
    zero: frozenset
    ystate: tuple            # ((set, 0 | 1 | 'F'), ...) sorted by set

    @property
    def F(self) -> list[int]:
        return [l for l, s in self.ystate if s == "F"]

    def face(self, box: Box) -> Box:
        """The box restricted to the pure Players' faces."""
        if self.sigma == (None, None):
            return box
        faces = box.__dict__.setdefault("_faces", {})
        out = faces.get(self.sigma)
        if out is None:
            kw = {}
            for i, s in enumerate(self.sigma):
                if s is not None:
                    kw["xy"[i]] = (Fraction(s), Fraction(s))
            out = faces[self.sigma] = box.with_(**kw)
        return out


@dataclass
class TypeConds:
    eqs: list = field(default_factory=list)        # ML forms that must vanish
    pos: list = field(default_factory=list)        # ML forms that must be > 0
    skip: bool = False                             # not a vertex type (y_F undetermined)
    unsure: str = ""                               # a sign needed for Cramer is undecided on the box
    ones: np.ndarray | None = None                 # full 0/1 pattern of y off F


def undecided(fm: BanqueForms, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """(fixed ones mask over all sets, indices of undecided sets) for a box."""
    from games.baccara.banque.nash_events import ranges

    lo, hi = ranges(fm.G, fm.GA, box)
    ones = (lo > 0).astype(float)
    U = np.nonzero(~((lo > 0) | (hi < 0)))[0]
    return ones, U


def _modes(box: Box) -> list[tuple]:
    opts = []
    for s in (box.x, box.y):
        o = [None]
        if s[0] == 0:
            o.append(0)
        if s[1] == 1:
            o.append(1)
        opts.append(o)
    return list(product(*opts))


def enumerate_types(fm: BanqueForms, box: Box, U) -> list[Type]:
    """Every type with these undecided sets on the box (module docstring)."""
    classes: dict[int, list[int]] = {}
    for l in U:
        classes.setdefault(fm.cls[l], []).append(int(l))
    cls_ids = sorted(classes)
    out = []
    for sigma in _modes(box):
        interior = {i for i in (0, 1) if sigma[i] is None}
        pures = [i for i in (0, 1) if sigma[i] is not None]
        for extra in product((False, True), repeat=len(pures)):
            A = frozenset(interior | {i for i, e in zip(pures, extra) if e})
            for states in product(("pos", "neg", "zero"), repeat=len(cls_ids)):
                zero = frozenset(c for c, s in zip(cls_ids, states) if s == "zero")
                fixed = []
                zsets = []
                for c, s in zip(cls_ids, states):
                    for l in classes[c]:
                        if s == "zero":
                            zsets.append(l)
                        else:
                            up = (s == "pos") == (fm.cls_sign[l] > 0)
                            fixed.append((l, 1 if up else 0))
                for ys in product((0, 1, "F"), repeat=len(zsets)):
                    if sum(1 for v in ys if v == "F") > len(A):
                        continue
                    ystate = tuple(sorted(fixed + list(zip(zsets, ys))))
                    out.append(Type(sigma, A, zero, ystate))
    return out


def _sign_of(f: ML, box: Box) -> int:
    """Proven constant sign of f on the box (0: undecided or identically 0)."""
    r = f.range(box)
    return 1 if r.pos else -1 if r.neg else 0


def _player_rows(fm, t: Type, ones, face: Box, out: TypeConds, det_sign: int = 0) -> None:
    """The Players' part of the conditions (Cramer's rule over F). ``det_sign`` (±1): the sign
    of the 2 × 2 Cramer determinant when the box does not decide it — the row det·sign > 0 is
    added (at a vertex of Banker's replies the determinant is not 0)."""
    C = [fm.player_sum(i, ones) for i in (0, 1)]
    d = fm.dF
    F, A = t.F, sorted(t.A)
    inactive = [i for i in (0, 1) if i not in t.A]

    def need(i, form):   # inactive Player i: strict sign by his mode
        out.pos.append(form if t.sigma[i] == 1 else -form)

    if not F:
        out.eqs += [C[i] for i in A]
        for i in inactive:
            need(i, C[i])
        return
    if len(F) == 1:
        (l,) = F
        piv = None
        for a in A:
            if fm.d_zero[a][l]:
                continue
            s = _sign_of(d[a][l], face)
            if s == 0:
                out.unsure = f"sign of a Player's coefficient at {fm.labels[l]}"
                return
            piv = (a, s)
            break
        if piv is None:
            out.skip = True
            return
        a, s = piv
        sd = d[a][l] if s > 0 else -d[a][l]
        sc = C[a] if s > 0 else -C[a]
        out.pos += [-sc, sd + sc]                     # 0 < y_l = −C_a/d_al < 1
        for b in A:
            if b != a:
                out.eqs.append(C[b] * d[a][l] - C[a] * d[b][l])
        for i in inactive:
            need(i, C[i] * sd - sc * d[i][l])
        return
    if len(A) < 2 or len(F) > 2:
        out.skip = True
        return
    l, m = F
    det = d[0][l] * d[1][m] - d[0][m] * d[1][l]
    s = _sign_of(det, face)
    if s == 0 and (fm.d[0][l] * fm.d[1][m] - fm.d[0][m] * fm.d[1][l]).is_zero():
        out.skip = True        # exactly singular: y_F not determined, not a vertex
        return
    if s == 0 and det_sign:
        s = det_sign
        out.pos.append(det if s > 0 else -det)
    if s == 0:
        out.unsure = f"determinant at {fm.labels[l]}, {fm.labels[m]}"
        return
    nl = -(C[0] * d[1][m]) + C[1] * d[0][m]
    nm = -(d[0][l] * C[1]) + d[1][l] * C[0]
    for num in (nl, nm):
        sn = num if s > 0 else -num
        sdet = det if s > 0 else -det
        out.pos += [sn, sdet - sn]


def conditions(fm: BanqueForms, t: Type, fixed_ones: np.ndarray, box: Box) -> TypeConds:
    """The equalities and strict inequalities of type t on the box (module docstring)."""
    out = TypeConds()
    face = t.face(box)
    ones = fixed_ones.copy()
    reps: dict[int, int] = {}
    for l, s in t.ystate:
        ones[l] = 1.0 if s == 1 else 0.0
        c = fm.cls[l]
        if c in t.zero:
            reps.setdefault(c, l)
        elif c >= 0 and c not in reps:
            reps[c] = l
            out.pos.append(fm.g[l] if s == 1 else -fm.g[l])
    out.eqs += [fm.g[reps[c]] for c in sorted(t.zero) if c >= 0]
    out.ones = ones
    _player_rows(fm, t, ones, face, out)
    return out


def excluded(conds: TypeConds, face: Box) -> bool:
    """Some equality misses 0 or some inequality is ≤ 0 on the (face of the) box."""
    for e in conds.eqs:
        if e.range(face).nonzero:
            return True
    for f in conds.pos:
        if f.range(face).hi <= 0:
            return True
    return False


def relaxed_excluded(fm: BanqueForms, box: Box, ones: np.ndarray, U) -> bool:
    """No equilibrium in the box even with every undecided y_l anywhere in [0, 1]: for some
    Player i, D_i's range over the box (p₋ᵢ at its two ends — D_i is affine in p₋ᵢ, and
    its minimum over y is concave in p₋ᵢ) admits none of his modes. With ``fm.general``
    (forms in other variables, multilinear) the range is taken over the box's 8 corners:
    C + Σ min(d_l, 0) is concave along each coordinate (a sum of minima of affine
    functions), so its minimum over the box is at a corner, and likewise the maximum."""
    if fm.general:
        return _relaxed_general(fm, box, ones, U)
    for i, (qs, ps) in enumerate(((box.y, box.x), (box.x, box.y))):
        C = fm.player_sum(i, ones)
        lo, hi = np.inf, -np.inf
        for q in qs:
            qf = float(q)
            v = C.c[0] + C.c[1 << (1 - i)] * qf
            e = C.a[0] + C.a[1 << (1 - i)] * qf
            dv = fm.Dc[i][U, 0] + fm.Dc[i][U, 1 << (1 - i)] * qf
            da = fm.Da[i][U, 0] + fm.Da[i][U, 1 << (1 - i)] * qf
            err = 1e-12 * (e + da.sum()) + 1e-300
            lo = min(lo, v + np.minimum(dv, 0).sum() - err)
            hi = max(hi, v + np.maximum(dv, 0).sum() + err)
        ok = lo <= 0 <= hi or (ps[0] == 0 and lo <= 0) or (ps[1] == 1 and hi >= 0)
        if not ok:
            return True
    return False


def _relaxed_general(fm: BanqueForms, box: Box, ones: np.ndarray, U) -> bool:
    """:func:`relaxed_excluded` for forms in any multilinear variables (corner evaluation)."""
    M = box.corners()
    for i, ps in enumerate((box.x, box.y)):
        C = fm.player_sum(i, ones)
        dv = fm.Dc[i][U] @ M.T
        da = fm.Da[i][U] @ M.T
        err = 1e-12 * (M @ C.a + da.sum(axis=0)) + 1e-300
        v = M @ C.c
        lo = float((v + np.minimum(dv, 0).sum(axis=0) - err).min())
        hi = float((v + np.maximum(dv, 0).sum(axis=0) + err).max())
        ok = lo <= 0 <= hi or (ps[0] == 0 and lo <= 0) or (ps[1] == 1 and hi >= 0)
        if not ok:
            return True
    return False
