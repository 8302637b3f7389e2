"""The Nash proof across a breakpoint: the ε-margins on both sides of θ_b and θ_b itself.

Let θ_b be the common end of two adjacent Nash segments L = (l, θ_b) and R = (θ_b, r), and
[a_L, c_L], [a_R, c_R] the ranges their own proofs cover (:func:`nash_proof.inner_range`).
:func:`prove_breakpoint` runs the box proof (:func:`nash_proof.prove_range`) on
[c_L, a_R] ∋ θ_b with the anchors of **both** segments — each tracked branch's formula
continued across θ_b (its enclosure is checked on each box's θ-range; where the formula is
not real, e.g. a branch born at a fold, that anchor is simply not used there) — in the
*p-only* mode: a type whose equalities determine p as an anchor's do is explained by
p = b(θ), whatever Banker's part.

**Statement (when proved).** For every θ ∈ [c_L, a_R], every extreme Nash equilibrium
(p, y) at θ has p = p_b(θ) for a tracked branch b of L or of R (continued). At θ_b itself
the equilibrium p's are then exactly the limits p_b(θ_b) of the branches of both sides:
each is an equilibrium p (the graph of the Nash correspondence is closed), and there is no
other. Banker's replies at θ_b — a polytope that may be larger than on either side, since
the breakpoint's inequality vanishes there — are enumerated exactly by
:func:`breakpoint_equilibria` (vertices of the reply polytope, :func:`banker_replies`), in the
field of θ_b: ℚ, ℚ(√c), or — θ_b of degree ≥ 3 — the number field ℚ(θ_b)
(:class:`gamekit.exact.number_field.NumberField`), with one more square root adjoined
(:class:`gamekit.exact.tower.QuadraticTower`) when a quadratic-surd branch's limit is not in it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gamekit.exact import compare_numbers
from games.baccara.banque.nash_anchor import anchors_of
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_proof import SegmentProof, inner_range, prove_range

__all__ = ["prove_breakpoint"]


def prove_breakpoint(left, right, margin: Fraction = Fraction(1, 10 ** 6), *, gap: tuple | None = None,
                     max_boxes: int = 200_000, min_width: float = 1e-12) -> SegmentProof:
    """The p-only box proof on [c_L, a_R] around the common end of two adjacent segments.

    Parameters
    ----------
    left, right : theta_nash.NashPiece
        Adjacent segments (``left.hi`` is ``right.lo``) of one dealing (``decks``: with
        replacement or a d-deck shoe; the forms and the exact certificate are that dealing's).
    margin : Fraction
        The segments' own proofs' margin (so that [c_L, a_R] closes the gap between them).
    gap : (Fraction, Fraction), optional
        [c_L, a_R] given directly (the ends the two segments' recorded proofs cover).
    max_boxes, min_width
        As for :func:`nash_proof.prove_range`.

    Returns
    -------
    SegmentProof
        ``proved`` covers [c_L, a_R] for the p-part (module docstring).

    Raises
    ------
    ValueError
        The gap does not contain the breakpoint, or the segments are of different dealings.
    """
    decks = getattr(left, "decks", None)
    if getattr(right, "decks", None) != decks:
        raise ValueError("the two segments are of different dealings")
    fm = forms(decks)        # the segments' dealing: with replacement or a d-deck shoe
    if gap is None:
        c_left = inner_range(left.lo, left.hi, margin)[1]
        a_right = inner_range(right.lo, right.hi, margin)[0]
    else:
        c_left, a_right = gap
    if not compare_numbers(c_left, left.hi) < 0 < compare_numbers(a_right, left.hi):
        raise ValueError("the gap does not contain the breakpoint")
    anchors = anchors_of(fm, left) + anchors_of(fm, right)
    pr = prove_range(fm, c_left, a_right, anchors, p_only=True, max_boxes=max_boxes, min_width=min_width)
    if not pr.proved and pr.reason.endswith("undecided Banker sets") and pr.witness is None:
        # at θ_b one more class of Banker's sets can vanish at a limit point: enumerate the
        # types of boxes with up to 6 undecided sets (each retry is a complete proof by itself)
        first = pr
        pr = prove_range(fm, c_left, a_right, anchors, p_only=True, max_boxes=max_boxes, min_width=min_width,
                         max_undecided=6)
        pr.cpu += first.cpu
    return pr


# -- the equilibrium set at the breakpoint itself ---------------------------------------------------
_MAX_ZERO_SETS = 10


def banker_replies(fm, theta, p1, p2) -> list[tuple] | None:
    """Vertices of Banker's equilibrium replies at (p₁, p₂) and θ, exact.

    Banker's best replies at p are y_l = 1 where g_l(p, θ) > 0, 0 where g_l < 0 and any
    y_l ∈ [0, 1] on Z = {l : g_l = 0}; (p, y) is an equilibrium iff moreover each Player's
    gain D_i(y) (affine in y_Z) is 0 for an interior p_i, ≤ 0 at p_i = 0, ≥ 0 at p_i = 1. With
    two rows, a vertex of that polytope has at most two coordinates off {0, 1}; every choice is
    solved exactly (θ, p in one field: ℚ, ℚ(√c), a number field ℚ(θ_b), or a quadratic
    extension of one of these).

    Parameters
    ----------
    fm : nash_events.BanqueForms
        The game's forms.
    theta, p1, p2 : Fraction, QuadraticSurd, FieldElement or QuadraticTower
        The point (one field: ℚ, ℚ(√c), ℚ(θ_b) or a quadratic extension of one of them).

    Returns
    -------
    list of tuple or None
        Banker's full behaviour (one entry per set) at each vertex, sorted; None when more
        than ``_MAX_ZERO_SETS`` sets have g_l = 0 there.

    Examples
    --------
    >>> from games.baccara.banque.nash_events import forms
    >>> fm = forms()
    >>> len(banker_replies(fm, Fraction(3, 10), Fraction(9, 11), Fraction(9, 11)))   # two extreme replies
    2
    """
    g = []
    for f in fm.g:
        c0, c1 = f.at_exact(p1, p2)
        g.append(c0 + c1 * theta)
    Z = [l for l, v in enumerate(g) if v == 0]
    if len(Z) > _MAX_ZERO_SETS:
        return None
    base = [Fraction(1) if v > 0 else Fraction(0) for v in g]
    rows = _player_rows(fm, p1, p2, base, Z)
    out = []
    for vert in _reply_vertices(rows, len(Z)):
        full = list(base)
        for l, v in zip(Z, vert):
            full[l] = v
        out.append(tuple(full))
    return sorted(out, key=lambda y: [float(v) for v in y])


def _player_rows(fm, p1, p2, base: list, Z: list[int]) -> list[tuple[list, Any, str]]:
    """Each Player's equilibrium condition as a row in y_Z: (coefficients, constant, sense) —
    D_i = const + Σ coef·y_Z must be 0 for an interior p_i, ≤ 0 at p_i = 0, ≥ 0 at p_i = 1."""
    rows: list[tuple[list, Any, str]] = []
    for i, q in ((0, p1), (1, p2)):
        const = fm.c[i].at_exact(p1, p2)[0]
        for l, v in enumerate(base):
            if v and l not in Z:
                const = const + fm.d[i][l].at_exact(p1, p2)[0]
        coef = [fm.d[i][l].at_exact(p1, p2)[0] for l in Z]
        sense = "<=" if q == 0 else (">=" if q == 1 else "=")
        rows.append((coef, const, sense))
    return rows


def _satisfies(rows: list[tuple[list, Any, str]], y: list) -> bool:
    """Does y_Z meet every row?"""
    for coef, const, sense in rows:
        r = const + sum((c * v for c, v in zip(coef, y) if v), Fraction(0))
        if (sense == "=" and r != 0) or (sense == "<=" and r > 0) or (sense == ">=" and r < 0):
            return False
    return True


def _reply_vertices(rows: list[tuple[list, Any, str]], k: int) -> set[tuple]:
    """The vertices of {y_Z ∈ [0, 1]^k : the rows hold}: with two rows at most two coordinates
    are off {0, 1}; every choice of them is solved exactly."""
    from itertools import combinations, product

    found = set()
    for nf in range(min(2, k) + 1):
        for fr in combinations(range(k), nf):
            rest = [j for j in range(k) if j not in fr]
            for bits in product((0, 1), repeat=len(rest)):
                y: list = [Fraction(0)] * k
                for j, b in zip(rest, bits):
                    y[j] = Fraction(b)
                r = [const + sum((coef[j] for j in rest if y[j]), Fraction(0)) for coef, const, _ in rows]
                for z in _free_solutions(rows, fr, y, r):
                    if all(0 < z[j] < 1 for j in fr) and _satisfies(rows, z):
                        found.add(tuple(z))
    return found


def _free_solutions(rows: list[tuple[list, Any, str]], fr: tuple, y: list, r: list) -> list[list]:
    """y with its free coordinates ``fr`` (0, 1 or 2 of them) solved from the rows' equations
    (r: each row's value at the fixed coordinates)."""
    if not fr:
        return [y]
    if len(fr) == 1:
        (f,) = fr
        return [y[:f] + [-r[i] / rows[i][0][f]] + y[f + 1:] for i in (0, 1) if rows[i][0][f] != 0]
    f, h = fr
    ra, rb = rows[0][0], rows[1][0]
    det = ra[f] * rb[h] - ra[h] * rb[f]
    if det == 0:
        return []
    z = list(y)
    z[f] = (-r[0] * rb[h] + r[1] * ra[h]) / det
    z[h] = (-ra[f] * r[1] + rb[f] * r[0]) / det
    return [z]


def _limit_point(br, theta) -> tuple:
    """A branch's (p₁, p₂) at θ_b ∈ ℚ, ℚ(√c) or a number field ℚ(θ_b), exact: in θ_b's field,
    or — a quadratic-surd branch whose discriminant is not a square there — in its quadratic
    extension (:class:`gamekit.exact.tower.QuadraticTower`)."""
    from gamekit.exact import QuadraticTower
    from games.baccara.banque.nash_anchor import _point_exact
    from games.baccara.banque.theta_nash import _ev

    if isinstance(theta, Fraction):
        return _point_exact(br, theta)
    return br.point_with(theta, _ev, Fraction, lambda c0, c1, c2, sg: QuadraticTower.make(
        -c1 / (2 * c2), Fraction(sg) / (2 * c2), c1 * c1 - 4 * c2 * c0))


def _same_point(p: tuple, q: tuple) -> bool | None:
    """Whether two limit points are equal, exactly; None when they lie in two different
    quadratic extensions (no common arithmetic) and their floats agree to 10⁻⁹ (undecided).
    Each pair is compared on its own: two points of different extensions whose floats differ
    are different, whatever the other points are."""
    try:
        return (p[0] - q[0]) == 0 and (p[1] - q[1]) == 0
    except ValueError:      # two different fields: different if the floats are
        if abs(float(p[0]) - float(q[0])) + abs(float(p[1]) - float(q[1])) < 1e-9:
            return None
        return False


def breakpoint_equilibria(left, right, theta) -> list[tuple] | None:
    """Every Nash equilibrium at the breakpoint θ_b, given a proved gap (module docstring):
    the distinct limits p_b(θ_b) of both neighbours' branches, each with the vertices of
    Banker's equilibrium replies there (:func:`banker_replies`).

    Parameters
    ----------
    left, right : theta_nash.NashPiece
        The neighbours, with common end θ_b.
    theta : Fraction, QuadraticSurd or RealAlgebraic
        θ_b, exact (degree ≥ 3: computed in the number field ℚ(θ_b),
        :func:`gamekit.exact.number_field.field_element`).

    Returns
    -------
    list of (p1, p2, [y, ...]) or None
        None when a limit is not defined by the branch formula at θ_b (a vanishing
        denominator), the limits of two branches lie in two different quadratic extensions
        and are numerically indistinguishable, or too many of Banker's sets are indifferent there.

    Raises
    ------
    CertificationError
        A limit point with no equilibrium reply (it must have one: the Nash graph is closed).

    Examples
    --------
    The fold at θ_b ≈ 0.1092511 (1 equilibrium below, 3 above; two of them meet at θ_b):

    >>> from games.baccara.banque.theta_nash import nash_piece
    >>> left, right = nash_piece(Fraction(5, 46)), nash_piece(Fraction(8, 73))
    >>> left.hi = right.lo
    >>> [(round(float(p1), 6), len(ys)) for p1, p2, ys in breakpoint_equilibria(left, right, right.lo)]
    [(0.115978, 1), (0.123611, 1)]
    """
    from gamekit.core import CertificationError
    from gamekit.exact import QuadraticSurd, RealAlgebraic, field_element

    if isinstance(theta, RealAlgebraic):     # degree ≥ 3: compute in the number field ℚ(θ_b)
        theta = field_element(theta)
    elif not isinstance(theta, (Fraction, QuadraticSurd)):
        return None
    fm = forms(getattr(left, "decks", None))
    pts: list[tuple] = []
    for pc in (left, right):
        for tr in pc.tracked:
            try:
                p = _limit_point(tr.branch, theta)
            except (ArithmeticError, ValueError, TypeError, AttributeError):
                return None
            same = [_same_point(p, q) for q in pts]
            if None in same:
                return None
            if not any(same):
                pts.append(p)
    out = []
    for p1, p2 in sorted(pts, key=lambda q: (float(q[0]), float(q[1]))):
        try:
            ys = banker_replies(fm, theta, p1, p2)
        except (TypeError, ValueError):   # two different quadratic fields
            return None
        if ys is None:
            return None
        if not ys:
            raise CertificationError(f"no equilibrium reply at the limit point p = ({p1}, {p2}) of theta = {theta}")
        out.append((p1, p2, ys))
    return out
