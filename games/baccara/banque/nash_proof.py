"""A proof that a Nash θ-segment of banque is complete: box exclusion in (θ, p₁, p₂).

**Theorem (checked per segment).** Let (lo, hi) be a segment of the Nash sweep with
tracked equilibria b₁ … b_r (:mod:`theta_nash`) and [a, c] ⊂ (lo, hi) a rational
sub-interval. If :func:`prove_piece` returns ``proved`` for [a, c], then for every
θ ∈ [a, c] every extreme Nash equilibrium of banque at θ is one of b₁(θ) … b_r(θ)
(hence every equilibrium is a convex combination, in Banker's y, of those at the same p).

**Proof.** [a, c] × [0, 1]² is split into boxes B. For each leaf one of:

1. *relaxed exclusion* (:func:`nash_types.relaxed_excluded`): no Player's gain range is
   compatible with any of his modes even with every undecided y_l free in [0, 1];
2. every type τ on B (:mod:`nash_types`: modes, active Players, per undecided class
   g > 0 / < 0 / = 0 with y_l ∈ {0, 1, (0,1)}) is either
   (a) excluded by the range of one of its conditions (exact, :mod:`nash_events`), or
   (b) *anchored*: some tracked b has the same modes, its enclosure R × Θ ⊇ B's p-part
       (:func:`nash_anchor.enclosure`: the solutions of b's determining equations S in R
       are exactly b(θ)), τ's equalities determine p as well (they contain n_int
       equations that b satisfies identically, with a nonsingular interval Jacobian on R),
       so a τ-solution in B is b(θ); then τ is b's own type (a tracked equilibrium), or
       b(θ) ∉ B (a range of b's S misses 0 on B; a constant point outside B), or τ
       demands g ≠ 0 where b has g ≡ 0, or g = 0 where g ≠ 0 is proved on R × Θ, or
       (constant rational b) one of τ's θ-free conditions fails exactly at b's point; or
   (c) *decided exactly* (:mod:`nash_arc`, on boxes of width ≤ 1/64; both signs of an
       undecided Cramer determinant): τ has no solution in B, or finitely many, each rational
       and exactly a tracked equilibrium (:func:`_on_tracked`: p = b(θ) and Banker's reply
       y = y_b(θ) for a b of τ's own type; in the p-only mode, p = b(θ) for a b of its modes).

Each extreme equilibrium (p, y) at θ with (p, θ) ∈ B has some type τ on B and satisfies
its conditions; so it is excluded or it is b(θ). ∎

A box where some type is neither excluded nor anchored is split (which proves nothing and
needs no justification), or the proof stops: at the box budget or width limit, or when the
arc solver finds a rational solution (θ*, p*) of the type in B — with Banker's reply y*
rebuilt from the type, an extreme equilibrium at θ* (checked exactly,
:func:`certify.is_banque_nash`). Such a witness is *reported* (the proof fails with it) unless
it is exactly a tracked equilibrium (:func:`_on_tracked`): an anchor b of the same type with
p_b(θ*) = p* and Banker's y_b(θ*) = y* (b's pure moves and its mixed formulas at (p*, θ*)),
compared in exact arithmetic; then B is split (smaller boxes fit in b's enclosure, where
rule (b) applies). A witness with a tracked p but another Banker reply is a different
extreme equilibrium and is reported. (``p_only``, across a breakpoint, claims p only: there a
witness with a tracked p splits.)

The segment's open ends are the sweep's exact breakpoints, where a tracked inequality
vanishes; boxes cannot reach them, so [a, c] = [lo + ε, hi − ε] with ε a small fraction
of the length (``margin``): **the margins next to the breakpoints are not covered**.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from gamekit.core import CertificationError
from games.baccara.banque.certify import is_banque_nash
from games.baccara.banque.nash_anchor import Anchor, anchors_of, determining, enclosure
from games.baccara.banque.nash_arc import decide_arc, witness_profile
from games.baccara.banque.nash_events import BanqueForms, Box, forms
from games.baccara.banque.nash_types import (
    Type,
    TypeConds,
    conditions,
    enumerate_types,
    excluded,
    relaxed_excluded,
    undecided,
)

__all__ = ["SegmentProof", "prove_piece", "prove_range", "proof_record", "inner_range"]

_MAX_U = 4
_ARC_WIDTH = Fraction(1, 64)   # the exact arc decision runs on boxes this small (cost: exact forms per type)


@dataclass
class SegmentProof:
    """Outcome of :func:`prove_piece` (``proved`` covers [a, c] only; see ``reason``)."""

    proved: bool
    a: Fraction
    c: Fraction
    reason: str = ""
    boxes: int = 0
    types: int = 0
    anchored: int = 0
    cpu: float = 0.0
    failed_at: tuple | None = None
    failed_box: Box | None = None
    probe: dict | None = None
    arcs: int = 0                     # arc types excluded exactly (nash_arc)
    witness: tuple | None = None      # (θ, p₁, p₂) rational: a solution of the failing type
    fold_probes: list | None = None   # enumerations inside wide fold margins (nash_proof_cover.prove_segment)


def inner_range(lo, hi, margin: Fraction, margin_hi: Fraction | None = None) -> tuple[Fraction, Fraction]:
    """Rational [a, c] ⊂ (lo, hi): the ends moved inwards by margin·(hi − lo) (the upper end
    by margin_hi·(hi − lo) when given)."""
    from games.baccara.banque.theta_cover import _bounds

    l_hi = _bounds(lo)[1]
    h_lo = _bounds(hi)[0]
    w = (h_lo - l_hi) * margin
    w_hi = w if margin_hi is None else (h_lo - l_hi) * margin_hi
    a = (l_hi + w).limit_denominator(1 << 48)
    c = (h_lo - w_hi).limit_denominator(1 << 48)
    if not (l_hi < a < c < h_lo):
        a, c = l_hi + w, h_lo - w_hi
    return a, c


def _matches(t: Type, conds: TypeConds, an: Anchor) -> bool:
    return (t.sigma == an.sigma and t.A == an.A and t.zero == an.Kcls
            and tuple(sorted(t.F)) == an.F and bool((conds.ones == an.ones).all()))


def _exact_fails(fm: BanqueForms, t: Type, conds: TypeConds, an: Anchor, box: Box) -> bool:
    """At a constant rational anchor point: some θ-free condition of t fails exactly."""
    import numpy as np

    from games.baccara.banque.nash_types import _player_rows

    p1, p2 = an.const_point
    exact = TypeConds()
    exact_fm = fm.exact_players([int(l) for l in np.nonzero(conds.ones)[0]])
    _player_rows(exact_fm, t, conds.ones, t.face(box), exact)
    if exact.skip or exact.unsure:
        return False
    vals_eq = [e.at_exact(p1, p2) for e in exact.eqs if e.ex is not None]
    vals_pos = [f.at_exact(p1, p2) for f in exact.pos if f.ex is not None]
    if any(v[1] == 0 and v[0] != 0 for v in vals_eq):
        return True
    return any(v[1] == 0 and v[0] <= 0 for v in vals_pos)


def _anchored(fm, t: Type, conds: TypeConds, box: Box, anchors: list[Anchor], p_only: bool = False) -> str | None:
    """'match' / 'exclude' when an anchor decides type t on the box (see the module docstring)."""
    T = box.t
    for an in anchors:
        if an.sigma != t.sigma:
            continue
        try:
            enc = enclosure(fm, an, T)
        except (ArithmeticError, ValueError):   # the branch's formula is not real at T's start
            enc = None
        if enc is None:
            continue
        R, _ = enc
        if not (R.x[0] <= box.x[0] and box.x[1] <= R.x[1] or an.sigma[0] is not None):
            continue
        if not (R.y[0] <= box.y[0] and box.y[1] <= R.y[1] or an.sigma[1] is not None):
            continue
        if _matches(t, conds, an):
            return "match"
        shared = [fm.g[l] for l in an.K if fm.cls[l] in t.zero]
        if an.const_point is not None:
            shared += [e for e in conds.eqs if _zero_at(fm, e, conds, an)]
        S = determining(shared, an.sigma, R) if shared or an.n_int == 0 else None
        if S is None:
            continue
        R_S = enc[1]
        if any(e.range(box).nonzero for e in R_S) or _outside(an, box):
            return "exclude"     # the only candidate, b(θ), is not in B
        if an.Kcls - t.zero:     # b has g ≡ 0 there: τ's strict sign (or B's fixed sign) fails
            return "exclude"
        if _nonzero_on(fm, t.zero - an.Kcls, R):   # τ needs g = 0 where g ≠ 0 on all of R × Θ
            return "exclude"
        if an.const_point is not None and _exact_fails(fm, t, conds, an, box):
            return "exclude"
        if p_only:
            return "match"       # its only candidate is p = b(θ)
    return None


def _outside(an: Anchor, box: Box) -> bool:
    """A constant anchor point lies outside the box's p-part (exact)."""
    if an.const_point is None:
        return False
    (p1, p2) = an.const_point
    return not (box.x[0] <= p1 <= box.x[1] and box.y[0] <= p2 <= box.y[1])


def _nonzero_on(fm, classes, R: Box) -> bool:
    """Some class's g has a proved constant strict sign on the enclosure R × Θ."""
    reps = {}
    for l, c in enumerate(fm.cls):
        if c in classes:
            reps.setdefault(c, l)
    return any(fm.g[l].range(R).nonzero for l in reps.values())


def _zero_at(fm, e, conds, an) -> bool:
    """e ≡ 0 at the constant anchor point (g forms only: exact coefficients known)."""
    if e.ex is None:
        return False
    v = e.at_exact(*an.const_point)
    return v[0] == 0 and v[1] == 0


def _leaf(fm, box: Box, anchors, st: dict) -> str | None:
    """None when the box is settled; else a reason to split it."""
    ones, U = undecided(fm, box)
    if relaxed_excluded(fm, box, ones, U):
        return None
    if len(U) > st.get("max_u", _MAX_U):
        return f"{len(U)} undecided Banker sets"
    for t in enumerate_types(fm, box, U):
        st["types"] += 1
        conds = conditions(fm, t, ones, box)
        if conds.skip:
            continue
        face = t.face(box)
        if conds.unsure:
            if excluded(TypeConds(eqs=conds.eqs, pos=conds.pos), face):
                continue
            if not conds.unsure.startswith("determinant") or max(box.width(0), box.width(1)) > _ARC_WIDTH:
                return conds.unsure   # (an undecided determinant: both signs are decided exactly below)
        elif excluded(conds, face):
            continue
        how = None if conds.unsure else _anchored(fm, t, conds, box, anchors, st.get("p_only", False))
        if how is None:
            arc = decide_arc(fm, t, conds, box) if max(box.width(0), box.width(1)) <= _ARC_WIDTH else None
            if arc is not None and arc.status == "empty":
                st["arcs"] += 1       # excluded exactly (nash_arc)
                continue
            if arc is not None and arc.finite and arc.points and _all_tracked(fm, t, conds, anchors, arc.points, st.get("p_only", False)):
                st["arcs"] += 1       # its only solutions in the box are tracked equilibria
                continue
            what = f"type with zero classes {sorted(t.zero)}, F = {[fm.labels[l] for l in t.F]}"
            if arc is not None and arc.witness is not None:
                p1, p2, th = arc.witness
                y = witness_profile(fm, t, conds, (th, p1, p2))
                if _on_tracked(t, conds, anchors, (th, p1, p2), st.get("p_only", False), y):
                    return f"{what}: its solution in the box is a tracked equilibrium (split)"
                if not is_banque_nash(th, p1, p2, y, fm.decks):
                    raise CertificationError(f"arc witness at theta = {th} is not an equilibrium")
                st["witness"] = (th, p1, p2)
                return (f"{what}: an equilibrium not explained by the tracked branches, certified at "
                        f"theta = {th}, p = ({p1}, {p2})")
            return f"{what} undecided"
        st["anchored"] += 1
    return None


def _all_tracked(fm: BanqueForms, t: Type, conds: TypeConds, anchors: list[Anchor], points: list,
                 p_only: bool) -> bool:
    """Every one of finitely many solutions (p₁, p₂, θ) of type t is rational and exactly a
    tracked equilibrium (:func:`_on_tracked`, with Banker's reply rebuilt from the type)."""
    for p1, p2, th in points:
        if not all(isinstance(v, Fraction) for v in (p1, p2, th)):
            return False
        y = None
        if not p_only:
            try:
                y = witness_profile(fm, t, conds, (th, p1, p2))
            except (ArithmeticError, StopIteration):   # no Banker reply of this type there
                return False
        if not _on_tracked(t, conds, anchors, (th, p1, p2), p_only, y):
            return False
    return True


def _on_tracked(t: Type, conds: TypeConds, anchors: list[Anchor], witness: tuple, p_only: bool,
                y: list | None = None) -> bool:
    """The arc solver's rational solution (θ*, p*, y*) of type t is *exactly* a tracked
    equilibrium: some anchor b of t's type has p_b(θ*) = p* and Banker's y_b(θ*) = y*
    (:func:`nash_anchor.tracked_profile`: b's pure moves and its mixed formulas at (p*, θ*)),
    all compared in exact arithmetic. ``p_only`` (a statement about p only): some anchor of
    t's modes has p_b(θ*) = p*. The box is then split rather than failed (smaller boxes fit in
    the anchor's enclosure); a witness with b's p but another Banker reply is not b."""
    from gamekit.exact import compare_numbers
    from games.baccara.banque.nash_anchor import _point_exact, tracked_profile

    th, p1, p2 = witness
    for an in anchors:
        if an.sigma != t.sigma or not (p_only or _matches(t, conds, an)):
            continue
        try:
            q1, q2 = _point_exact(an.branch, th)
        except (ArithmeticError, ValueError):   # the branch's formula is not real at θ*
            continue
        if not (compare_numbers(q1, p1) == 0 and compare_numbers(q2, p2) == 0):
            continue
        if p_only:
            return True
        yb = tracked_profile(an, th, p1, p2)
        if y is not None and yb is not None and len(yb) == len(y) and all(a == b for a, b in zip(yb, y)):
            return True
    return False


def _split(box: Box) -> tuple[Box, Box]:
    """Halve the widest side (θ weighted ×8: the curves move ≈ that fast in p)."""
    k = max(range(3), key=lambda j: box.width(j) * (1 if j < 2 else 8))
    s = (box.x, box.y, box.t)[k]
    mid = (s[0] + s[1]) / 2
    if k < 2:
        mid = Fraction(round(mid * (1 << 40)), 1 << 40) if mid.denominator > (1 << 40) else mid
    name = "xyt"[k]
    return box.with_(**{name: (s[0], mid)}), box.with_(**{name: (mid, s[1])})


def prove_piece(piece, margin: Fraction = Fraction(1, 10 ** 6), *, max_boxes: int = 200_000,
                min_width: float = 1e-12, margins: tuple[Fraction, Fraction] | None = None) -> SegmentProof:
    """Run the box proof on [a, c] = :func:`inner_range` of a Nash segment (module docstring).

    The forms are those of the segment's dealing (``piece.decks``: with replacement or a
    d-deck shoe, :func:`nash_events.forms`); an end marked ``piece.cut`` (a rational cut of a
    parallel sweep, not a breakpoint) is proved up to the end itself, without a margin.
    ``margins``: the lower and upper end's margins, instead of ``margin`` at both."""
    fm = forms(getattr(piece, "decks", None))
    a, c = inner_range(piece.lo, piece.hi, *(margins or (margin,)))
    cut = getattr(piece, "cut", (False, False))
    if cut[0] and isinstance(piece.lo, Fraction):
        a = piece.lo
    if cut[1] and isinstance(piece.hi, Fraction):
        c = piece.hi
    return prove_range(fm, a, c, anchors_of(fm, piece), max_boxes=max_boxes, min_width=min_width)


def prove_range(fm: BanqueForms, a: Fraction, c: Fraction, anchors: list[Anchor], *, p_only: bool = False,
                max_boxes: int = 200_000, min_width: float = 1e-12, max_undecided: int = _MAX_U,
                start: list[Box] | None = None) -> SegmentProof:
    """The box proof on [a, c] × [0, 1]² with the given anchors (module docstring).

    ``p_only``: a type whose equalities determine p as an anchor's S does counts as
    explained (its solutions have p = b(θ)) even when its Banker part differs from b's —
    the statement proved is then about p only (used across a breakpoint, where Banker's
    replies at b(θ_b) form a larger set: :mod:`nash_breakpoint`). ``max_undecided``: boxes
    with more undecided Banker sets are split without enumerating their types. ``start``:
    the boxes to cover instead of [0, 1]² × [a, c] (a region of the square, or a chart of
    other variables: :mod:`nash_zero_end`)."""
    t0 = time.process_time()
    st: dict = {"types": 0, "anchored": 0, "arcs": 0, "p_only": p_only, "max_u": max_undecided}
    stack = list(start) if start is not None else [Box((Fraction(0), Fraction(1)), (Fraction(0), Fraction(1)), (a, c))]
    n = 0
    res = SegmentProof(True, a, c)
    while stack:
        box = stack.pop()
        n += 1
        why = _leaf(fm, box, anchors, st)
        if why is None:
            continue
        if (n > max_boxes or min(box.width(0), box.width(1)) < min_width and box.width(2) < min_width
                or "witness" in st):
            res.proved, res.reason, res.failed_at, res.failed_box = False, why, _box_str(box), box
            res.witness = st.get("witness")
            break
        stack.extend(_split(box))
    res.boxes, res.types, res.anchored, res.arcs = n, st["types"], st["anchored"], st["arcs"]
    res.cpu = time.process_time() - t0
    if not res.proved and n > max_boxes:
        res.reason = f"box budget exhausted ({max_boxes}); last: {res.reason}"
    return res


def _box_str(box: Box) -> tuple:
    return tuple((float(s[0]), float(s[1])) for s in (box.t, box.x, box.y))


def proof_record(pr: SegmentProof) -> dict:
    """The JSON field ``proof`` of a Nash segment record."""
    from gamekit.exact import number_decimal

    out = {"proved": pr.proved, "theta_from": number_decimal(pr.a, 9), "theta_to": number_decimal(pr.c, 9),
           "theta_from_exact": str(pr.a), "theta_to_exact": str(pr.c), "boxes": pr.boxes,
           "cpu_seconds": round(pr.cpu, 2), "arc_types_excluded_exactly": pr.arcs,
           "not_covered": "the margins between the segment's ends and [theta_from, theta_to]"}
    if pr.fold_probes is not None:
        out["fold_probes"] = pr.fold_probes
    if not pr.proved:
        out["reason"] = pr.reason
        if pr.witness is not None:
            out["witness"] = {"theta": str(pr.witness[0]), "p1": str(pr.witness[1]), "p2": str(pr.witness[2])}
        out["failed_box"] = {"theta": pr.failed_at[0], "p1": pr.failed_at[1], "p2": pr.failed_at[2]} \
            if pr.failed_at else None
    return out
