"""Exact sign conditions along the curve of two multilinear equations in (x, y, t).

The problem: given multilinear forms (degree ≤ 1 in each of x, y, t) ``h`` (t-free), ``g``,
and ``f₁ … f_k``, decide exactly whether the *arc*

    h(x, y) = 0,  g(x, y, t) = 0,  f_j(x, y, t) > 0 (j = 1 … k),  (x, y, t) ∈ B

has a solution in the closed rational box B, and if so produce one.

**Method (a one-parameter reduction, exact).** h = h₀(x) + y·h₁(x) with h₀, h₁ affine.
Where h₁(x) ≠ 0 the curve h = 0 is the graph y = N(x)/D(x), N = −h₀, D = h₁ (if h₁ ≡ 0 the
roles of x and y are exchanged). g is affine in t: g·D = G₀(x) + t·G₁(x), so where
G₁(x) ≠ 0 the arc is t = −G₀/G₁ — a *rational curve* parametrized by x. Every form f, times
D·G₁, becomes the polynomial W_f = F₀·G₁ − G₀·F₁ in x (f·D = F₀ + t·F₁), so
sign f = sign W_f · sign D · sign G₁ on the arc, and the box's bounds on y and t are sign
conditions on N − y₀D, y₁D − N, −G₀ − t₀G₁, t₁G₁ + G₀ times sign D or sign G₁. The real roots
of all these polynomials in [x₀, x₁] (exact, :func:`gamekit.exact.cells.sign_cells`) cut
the x-range into cells on which every sign is constant; the arc's conditions hold on a
cell for all its points or for none. Points where D = 0 (or G₁ = 0) lie on the arc only if
N = 0 (or G₀ = 0) too: when such a common root lies in [x₀, x₁] a whole line
{x = r} × … belongs to the solution set and the reduction does not apply ("degenerate").

This is complete: every solution has an x in some cell, and that cell's signs are those of
the solution. ∎
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from flint import fmpq, fmpq_poly

from gamekit.exact.algebraic import int_poly, rational_inside, real_roots
from gamekit.exact.cells import SignCell, sign_cells

__all__ = ["ArcResult", "multilinear_arc", "multilinear_value"]

Form = Sequence  # 8 coefficients of x^a y^b t^c at index a + 2b + 4c


@dataclass(frozen=True)
class ArcResult:
    """Outcome of :func:`multilinear_arc`.

    ``status`` is ``"empty"`` (no solution in the box, proved), ``"found"`` (a solution;
    ``witness`` is a rational one when an open cell is feasible, else ``None`` and
    ``isolated`` lists the feasible parameter points) or ``"degenerate"`` (a line lies on
    the arc: not decided). ``cells`` counts the sign cells examined. ``finite`` (from
    :func:`gamekit.exact.systems.multilinear_system`): the solutions are finitely many and
    ``points`` lists them all (rational points as Fractions, irrational ones as floats).

    Examples
    --------
    >>> r = ArcResult("empty", cells=3)
    >>> r.status, r.witness, r.cells
    ('empty', None, 3)
    """

    status: Literal["empty", "found", "degenerate"]
    witness: tuple[Fraction, Fraction, Fraction] | None = None
    isolated: list = field(default_factory=list)
    cells: int = 0
    note: str = ""
    points: list = field(default_factory=list)
    finite: bool = False


def multilinear_value(f: Form, x, y, t):
    """The value of a multilinear form (8 coefficients, index a + 2b + 4c) at (x, y, t).

    Parameters
    ----------
    f : sequence of 8 numbers
        The coefficients of 1, x, y, xy, t, xt, yt, xyt.
    x, y, t : number
        The point.

    Returns
    -------
    number
        f(x, y, t), exact for exact inputs.

    Examples
    --------
    >>> multilinear_value([1, 0, 0, 1, 0, 0, 0, 2], Fraction(1, 2), 2, 3)  # 1 + xy + 2xyt
    Fraction(8, 1)
    """
    out = 0
    for m, c in enumerate(f):
        if c:
            out += c * (x if m & 1 else 1) * (y if m & 2 else 1) * (t if m & 4 else 1)
    return out


def _q(v) -> fmpq:
    v = Fraction(v)
    return fmpq(v.numerator, v.denominator)


def _aff(c0, c1) -> fmpq_poly:
    return fmpq_poly([_q(c0), _q(c1)])


def _parts(f: Form) -> tuple[fmpq_poly, fmpq_poly, fmpq_poly, fmpq_poly]:
    """f = f00(x) + y f01(x) + t (f10(x) + y f11(x))."""
    return _aff(f[0], f[1]), _aff(f[2], f[3]), _aff(f[4], f[5]), _aff(f[6], f[7])


def _swap(f: Form) -> list:
    """Exchange x and y in a form."""
    out = [0] * 8
    for m, c in enumerate(f):
        out[(m & 4) | ((m & 1) << 1) | ((m >> 1) & 1)] = c
    return out


def _coeffs(p: fmpq_poly) -> list[Fraction]:
    return [Fraction(int(c.p), int(c.q)) for c in p.coeffs()]


def _common_roots(p: fmpq_poly, q: fmpq_poly, lo: Fraction, hi: Fraction) -> list | None:
    """The common real roots of p and q in [lo, hi], exact and increasing; None when both are
    identically zero."""
    if p.is_zero() and q.is_zero():
        return None
    g = p.gcd(q) if not p.is_zero() and not q.is_zero() else (q if p.is_zero() else p)
    if g.degree() <= 0:
        return []
    inner = real_roots(int_poly(_coeffs(g)), lo, hi) if lo < hi else []
    ends = [v for v in sorted({lo, hi}) if _coeffs_eval(g, v) == 0]
    return ends[:1] + inner + ends[1:]


def _unswap(r: ArcResult, swapped: bool) -> ArcResult:
    if not swapped or r.witness is None:
        return r
    x, y, t = r.witness
    return ArcResult(r.status, (y, x, t), r.isolated, r.cells, r.note)


def _t_line(x: Fraction, y: Fraction, pos: list, ys: tuple, ts: tuple) -> ArcResult:
    """The conditions on the segment {(x, y)} × [t₀, t₁] (each f is affine in t there)."""
    if not ys[0] <= y <= ys[1]:
        return ArcResult("empty")
    polys = [[multilinear_value(f, x, y, 0), multilinear_value(f, x, y, 1) - multilinear_value(f, x, y, 0)]
             for f in pos]
    cells = sign_cells(polys, ts[0], ts[1]) if ts[0] < ts[1] else [SignCell(ts[0], ts[0], tuple(
        1 if multilinear_value(f, x, y, ts[0]) > 0 else -1 for f in pos))]
    ok = [c for c in cells if all(v > 0 for v in c.signs)]
    if not ok:
        return ArcResult("empty", cells=len(cells))
    cell = ok[0]
    # the roots of affine polynomials are rational
    t = Fraction(cell.lo) if cell.is_point else _simple_inside(cell.lo, cell.hi)  # type: ignore[call-overload]
    return ArcResult("found", witness=(x, y, t), cells=len(cells))


def _coeffs_eval(p: fmpq_poly, v: Fraction) -> Fraction:
    acc = Fraction(0)
    for c in reversed(_coeffs(p)):
        acc = acc * v + c
    return acc


def multilinear_arc(h: Form, g: Form, positive: Sequence[Form], box) -> ArcResult:
    """Decide exactly whether h = 0, g = 0, f > 0 (f in ``positive``) has a solution in a box.

    Parameters
    ----------
    h : sequence of 8 numbers
        A t-free multilinear form (coefficients of 1, x, y, xy, t, xt, yt, xyt; the last four 0).
    g : sequence of 8 numbers
        A multilinear form.
    positive : sequence of forms
        Forms that must be strictly positive.
    box : ((x0, x1), (y0, y1), (t0, t1))
        The closed rational box (a side may be a single point only for t).

    Returns
    -------
    ArcResult
        ``empty``, ``found`` (with a rational, exactly checked ``witness`` when there is
        one) or ``degenerate`` (module docstring).

    Raises
    ------
    ValueError
        If h depends on t.

    Examples
    --------
    The arc y = x, t = x in the unit cube, with x − 1/2 > 0 and 3/4 − t > 0:

    >>> r = multilinear_arc([0, 1, -1, 0, 0, 0, 0, 0], [0, 1, 0, 0, -1, 0, 0, 0],
    ...                     [[Fraction(-1, 2), 1, 0, 0, 0, 0, 0, 0], [Fraction(3, 4), 0, 0, 0, -1, 0, 0, 0]],
    ...                     ((0, 1), (0, 1), (0, 1)))
    >>> r.status, r.witness
    ('found', (Fraction(2, 3), Fraction(2, 3), Fraction(2, 3)))

    With 3/4 − t replaced by 1/2 − t the conditions only touch (at x = 1/2): empty.

    >>> multilinear_arc([0, 1, -1, 0, 0, 0, 0, 0], [0, 1, 0, 0, -1, 0, 0, 0],
    ...                 [[Fraction(-1, 2), 1, 0, 0, 0, 0, 0, 0], [Fraction(1, 2), 0, 0, 0, -1, 0, 0, 0]],
    ...                 ((0, 1), (0, 1), (0, 1))).status
    'empty'
    """
    h = [Fraction(v) for v in h]
    if any(h[4:]):
        raise ValueError("h must not depend on t")
    g = [Fraction(v) for v in g]
    pos = [[Fraction(v) for v in f] for f in positive]
    (x0, x1), (y0, y1), (t0, t1) = ((Fraction(a), Fraction(b)) for a, b in box)
    swapped = False
    if not any(h[2:4]):
        if not any(h[:2]):
            return ArcResult("degenerate", note="h vanishes identically")
        h, g, pos = _swap(h), _swap(g), [_swap(f) for f in pos]
        (x0, x1), (y0, y1) = (y0, y1), (x0, x1)
        swapped = True
    special = _special_lines(h, g, pos, ((x0, x1), (y0, y1), (t0, t1)), swapped)
    if isinstance(special, ArcResult):
        return special
    lines, (N, D, G0, G1) = special
    if any(sub.status == "degenerate" for sub in lines):
        return next(sub for sub in lines if sub.status == "degenerate")
    found = next((sub for sub in lines if sub.status == "found"), None)
    if found is not None:
        return found
    return _on_the_graph(h, g, pos, (N, D, G0, G1), ((x0, x1), (y0, y1), (t0, t1)), swapped,
                         sum(sub.cells for sub in lines))


def _special_lines(h: list, g: list, pos: list, box: tuple, swapped: bool) -> ArcResult | tuple[list, tuple]:
    """The parts of :func:`multilinear_arc`'s curve solved apart: the lines x = r lying on h = 0
    and the points of the graph y = N/D where g vanishes for every t, each as its own result;
    with (N, D, G0, G1) for the rest of the graph. A degenerate result when such a line or
    point is irrational."""
    (x0, x1), (y0, y1), (t0, t1) = box
    h00, h01, _, _ = _parts(h)
    N, D = -h00, h01
    lines: list[ArcResult] = []
    roots = _common_roots(N, D, x0, x1)
    if roots is None or any(not isinstance(r, Fraction) for r in roots):
        return ArcResult("degenerate", note="h vanishes on an irrational line x = const in the box")
    for r in roots:       # the line x = r lies on h = 0: a curve of its own, parametrized by y
        lines.append(_unswap(multilinear_arc([-r, 1, 0, 0, 0, 0, 0, 0], g, pos, ((r, r), (y0, y1), (t0, t1))),
                             swapped))
    if N.is_zero():       # the rest of h = 0 is the graph y = N/D with the common factor removed
        D = fmpq_poly([1])
    else:
        c = N.gcd(D)
        N, D = N / c, D / c
    g00, g01, g10, g11 = _parts(g)
    G0, G1 = g00 * D + g01 * N, g10 * D + g11 * N
    roots = _common_roots(G0, G1, x0, x1)
    if roots is None or any(not isinstance(r, Fraction) or _coeffs_eval(D, r) == 0 for r in roots):
        return ArcResult("degenerate", note="g vanishes for every t on an irrational point of h = 0")
    for r in roots:       # g vanishes for every t at the curve's point over x = r
        yr = _coeffs_eval(N, r) / _coeffs_eval(D, r)
        lines.append(_unswap(_t_line(r, yr, pos, (y0, y1), (t0, t1)), swapped))
    return lines, (N, D, G0, G1)


def _on_the_graph(h, g, pos, curve, box, swapped: bool, line_cells: int) -> ArcResult:
    """:func:`multilinear_arc` on the graph y = N(x)/D(x), t = −G0(x)/G1(x) of ``curve``:
    every condition is a polynomial sign in x, decided cell by cell; the witness of the
    first open feasible cell is checked exactly before it is returned."""
    N, D, G0, G1 = curve
    (x0, x1), (y0, y1), (t0, t1) = box
    W = []
    for f in pos:
        f00, f01, f10, f11 = _parts(f)
        F0, F1 = f00 * D + f01 * N, f10 * D + f11 * N
        W.append(F0 * G1 - G0 * F1)
    bounds = [N - _q(y0) * D, _q(y1) * D - N, -G0 - _q(t0) * G1, _q(t1) * G1 + G0]
    polys = [_coeffs(p) for p in [D, G1, *bounds, *W]]
    cells = sign_cells(polys, x0, x1)
    feasible: list[SignCell] = [c for c in cells if _ok(c.signs, len(W))]
    if not feasible:
        return ArcResult("empty", cells=len(cells) + line_cells)
    open_cells = [c for c in feasible if not c.is_point]
    if not open_cells:
        return ArcResult("found", isolated=[c.lo for c in feasible], cells=len(cells),
                         note="feasible only at isolated parameter values")
    first = open_cells[0]
    x = _simple_inside(first.lo, first.hi)
    y = _coeffs_eval(N, x) / _coeffs_eval(D, x)
    t = -_coeffs_eval(G0, x) / _coeffs_eval(G1, x)
    if (multilinear_value(h, x, y, t) != 0 or multilinear_value(g, x, y, t) != 0
            or any(multilinear_value(f, x, y, t) <= 0 for f in pos)
            or not (x0 <= x <= x1 and y0 <= y <= y1 and t0 <= t <= t1)):
        raise ArithmeticError("internal error: the arc witness fails its exact check")
    w = (y, x, t) if swapped else (x, y, t)
    return ArcResult("found", witness=w, cells=len(cells))


def _simple_inside(a, b) -> Fraction:
    """A rational with a small denominator strictly between the reals a < b."""
    from gamekit.exact.surd import simplest_in_closed

    r = rational_inside(a, b)
    return simplest_in_closed(rational_inside(a, r), rational_inside(r, b))


def _ok(signs: tuple[int, ...], k: int) -> bool:
    sD, sG = signs[0], signs[1]
    if sD == 0 or sG == 0:
        return False            # no arc point over this x (common roots were excluded)
    sy0, sy1, st0, st1 = signs[2:6]
    if sy0 * sD < 0 or sy1 * sD < 0 or st0 * sG < 0 or st1 * sG < 0:
        return False
    return all(s * sD * sG > 0 for s in signs[6:6 + k])
