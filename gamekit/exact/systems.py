"""Exact sign conditions on the solutions of several multilinear equations in (x, y, t).

The problem: given multilinear forms (degree ≤ 1 in each of x, y, t) e₁ … e_m (m ≥ 2, at
least one depending on t) and f₁ … f_k, decide exactly whether

    e_i(x, y, t) = 0 (i = 1 … m),  f_j(x, y, t) > 0 (j = 1 … k),  (x, y, t) ∈ B

has a solution in the closed rational box B, and describe the solutions: none, finitely many
(all listed), or a continuum (with a rational point when one is found).
:func:`gamekit.exact.arcs.multilinear_arc` is the case of one t-free *bilinear* equation and
one other; here two equations may both depend on t.

**Method (t eliminated, exact).** Write e = A(x, y) + t·B(x, y) (A, B bilinear). Pick one
equation e₁ = A₁ + tB₁ depending on t. Where B₁ ≠ 0, e₁ = 0 ⟺ t = −A₁/B₁, and every other
equation e_j = 0 becomes the t-free polynomial equation A_jB₁ − A₁B_j = 0; every condition
f = F₀ + tF₁ > 0 becomes sign(F₀B₁ − A₁F₁)·sign(B₁) > 0; the box's bounds on t become
sign(−A₁ − t₀B₁)·sign(B₁) ≥ 0 and sign(A₁ + t₁B₁)·sign(B₁) ≥ 0. One t-free equation — a given
one, or else the eliminant H = A₁B₂ − A₂B₁ of e₁ and a second equation — is the *curve*
H(x, y) = a(x)y² + b(x)y + c(x) = 0 (degree ≤ 2 in y); the others are conditions along it.
Over an x with a(x) ≠ 0 the curve has the points y_± = (−b ± √Δ)/(2a), Δ = b² − 4ac; a
polynomial Q(x, y) is reduced modulo H to r(x) + s(x)·y (pseudo-remainder: a^k·Q = q·H + r + sy)
and 2a·(r + s·y_±) = U ± V√Δ with U = 2ar − bs, V = s, whose sign is fixed by the signs of U, V,
Δ and W = U² − V²Δ. Over an x with a(x) = 0 ≠ b(x) the curve has the one point y = −c/b and
Q(x, −c/b)·b^d = R(x) is a polynomial. So every condition on every branch of the curve is a
Boolean combination of signs of the polynomials a, b, Δ, U, V, W, R in x; their real roots
(exact, :func:`gamekit.exact.cells.sign_cells`) cut [x₀, x₁] into cells on which every sign
— hence every condition on each branch — is constant. A branch of a cell is a solution for all
of its points or for none.

What the parametrization misses is solved on its own, exactly:

* *special points* where A₁ = B₁ = 0 (e₁ vanishes for every t; x a root of the resultant
  of A₁ and B₁ in y, of degree ≤ 2: rational or a quadratic surd, handled exactly): there
  every other equation and condition is affine in t, solved on [t₀, t₁] (a common zero of A₁,
  B₁ along a whole line x = r is solved as that line);
* *vertical lines* x = r on the curve (a(r) = b(r) = c(r) = 0): the system restricted to the line
  (x and y exchanged, the equation y = r added) is solved by the same method.

A line at an irrational x inside the box, a common factor of A₁ and B₁ for every
choice of e₁, or H ≡ 0 is reported ``degenerate`` (not decided). Every rational solution
returned is checked exactly against all equations, conditions and the box. ∎
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from flint import fmpq, fmpq_poly

from gamekit.exact.algebraic import int_poly, real_roots
from gamekit.exact.arcs import ArcResult, Form, multilinear_value
from gamekit.exact.cells import sign_cells

__all__ = ["multilinear_system", "arc_union"]

BiPoly = list  # polynomial in (x, y): list of fmpq_poly in x, index = power of y

_MAX_DEPTH = 3


def _q(v) -> fmpq:
    v = Fraction(v)
    return fmpq(v.numerator, v.denominator)


def _fr(c: fmpq) -> Fraction:
    return Fraction(int(c.p), int(c.q))


def _coeffs(p: fmpq_poly) -> list[Fraction]:
    return [_fr(c) for c in p.coeffs()]


def _ev(p: fmpq_poly, v: Fraction) -> Fraction:
    acc = Fraction(0)
    for c in reversed(_coeffs(p)):
        acc = acc * v + c
    return acc


def _zero() -> fmpq_poly:
    return fmpq_poly([])


# -- bivariate polynomials -------------------------------------------------------------------------
def _trim(p: BiPoly) -> BiPoly:
    p = list(p)
    while p and p[-1].is_zero():
        p.pop()
    return p


def _add(p: BiPoly, q: BiPoly) -> BiPoly:
    n = max(len(p), len(q))
    return _trim([(p[i] if i < len(p) else _zero()) + (q[i] if i < len(q) else _zero()) for i in range(n)])


def _neg(p: BiPoly) -> BiPoly:
    return [-c for c in p]


def _sub(p: BiPoly, q: BiPoly) -> BiPoly:
    return _add(p, _neg(q))


def _mul(p: BiPoly, q: BiPoly) -> BiPoly:
    if not p or not q:
        return []
    out = [_zero() for _ in range(len(p) + len(q) - 1)]
    for i, u in enumerate(p):
        for j, v in enumerate(q):
            out[i + j] += u * v
    return _trim(out)


def _scale(p: BiPoly, c: fmpq_poly) -> BiPoly:
    return _trim([u * c for u in p])


def _parts(f: Form) -> tuple[BiPoly, BiPoly]:
    """f = A(x, y) + t·B(x, y)."""
    def aff(c0, c1):
        return fmpq_poly([_q(c0), _q(c1)])

    return _trim([aff(f[0], f[1]), aff(f[2], f[3])]), _trim([aff(f[4], f[5]), aff(f[6], f[7])])


def _at(p: BiPoly, x: Fraction, y: Fraction) -> Fraction:
    acc = Fraction(0)
    for c in reversed(p):
        acc = acc * y + _ev(c, x)
    return acc


def _swap(f: Form) -> list:
    out = [Fraction(0)] * 8
    for m, c in enumerate(f):
        out[(m & 4) | ((m & 1) << 1) | ((m >> 1) & 1)] = c
    return out


# -- results ---------------------------------------------------------------------------------------
def _point_ok(eqs, pos, box, pt) -> bool:
    x, y, t = pt
    (x0, x1), (y0, y1), (t0, t1) = box
    return (all(multilinear_value(e, x, y, t) == 0 for e in eqs)
            and all(multilinear_value(f, x, y, t) > 0 for f in pos)
            and x0 <= x <= x1 and y0 <= y <= y1 and t0 <= t <= t1)


def _checked(eqs, pos, box, pt) -> tuple:
    if not _point_ok(eqs, pos, box, pt):
        raise ArithmeticError("internal error: a solution fails its exact check")
    return pt


def _exact(pt) -> bool:
    return all(isinstance(v, Fraction) for v in pt)


def arc_union(parts: Sequence[ArcResult]) -> ArcResult:
    """The outcome for the union of the solution sets of several parts.

    Parameters
    ----------
    parts : sequence of ArcResult
        Outcomes of :func:`multilinear_system` or :func:`~gamekit.exact.arcs.multilinear_arc`
        (a ``found`` without ``finite`` counts as a continuum).

    Returns
    -------
    ArcResult
        ``degenerate`` if a part is; else ``empty`` if all are; else ``found`` — finite (the
        points of all parts) only when every found part is finite.

    Examples
    --------
    >>> arc_union([ArcResult("empty", cells=2), ArcResult("empty", cells=3)])
    ArcResult(status='empty', witness=None, isolated=[], cells=5, note='', points=[], finite=False)
    """
    cells = sum(r.cells for r in parts)
    bad = next((r for r in parts if r.status == "degenerate"), None)
    if bad is not None:
        return ArcResult("degenerate", cells=cells, note=bad.note)
    found = [r for r in parts if r.status == "found"]
    if not found:
        return ArcResult("empty", cells=cells)
    cont = [r for r in found if not r.finite]
    wit = next((r.witness for r in cont if r.witness is not None), None)
    if cont:
        wit = wit or next((r.witness for r in found if r.witness is not None), None)
        return ArcResult("found", witness=wit, cells=cells, note=cont[0].note)
    pts: list = []
    for r in found:
        for p in r.points:
            if p not in pts:
                pts.append(p)
    wit = next((p for p in pts if _exact(p)), None)
    return ArcResult("found", witness=wit, points=pts, finite=True, cells=cells,
                     note="finitely many solutions")


def _unswap(r: ArcResult) -> ArcResult:
    def sw(p):
        return None if p is None else (p[1], p[0], p[2])

    return ArcResult(r.status, sw(r.witness), r.isolated, r.cells, r.note, [sw(p) for p in r.points], r.finite)


# -- the solver ------------------------------------------------------------------------------------
def multilinear_system(eqs: Sequence[Form], positive: Sequence[Form], box) -> ArcResult:
    """Decide exactly whether e = 0 (e in ``eqs``), f > 0 (f in ``positive``) has a solution in a box.

    Parameters
    ----------
    eqs : sequence of forms
        At least two multilinear forms (8 coefficients of 1, x, y, xy, t, xt, yt, xyt), at
        least one depending on t.
    positive : sequence of forms
        Forms that must be strictly positive.
    box : ((x0, x1), (y0, y1), (t0, t1))
        The closed rational box (any side may be a single point).

    Returns
    -------
    ArcResult
        ``empty``; ``found`` — with ``finite`` true and ``points`` all the solutions (a rational
        point as Fractions, an irrational one as floats) when there are finitely many, and a
        rational ``witness`` when one is known; or ``degenerate`` (not decided; module docstring).

    Raises
    ------
    ValueError
        If fewer than two equations are given.
    ArithmeticError
        If a solution found fails its exact check (an internal error).

    Examples
    --------
    Two equations depending on t, t = x and t = y, with x − 1/2 > 0: the curve x = y = t.

    >>> r = multilinear_system([[0, 1, 0, 0, -1, 0, 0, 0], [0, 0, 1, 0, -1, 0, 0, 0]],
    ...                        [[Fraction(-1, 2), 1, 0, 0, 0, 0, 0, 0]], ((0, 1), (0, 1), (0, 1)))
    >>> r.status, r.finite, r.witness
    ('found', False, (Fraction(2, 3), Fraction(2, 3), Fraction(2, 3)))

    With xy − t = 0, x − y = 0 and 2t − 1 = 0 the solutions are finitely many:

    >>> r = multilinear_system([[0, 0, 0, 1, -1, 0, 0, 0], [0, 1, -1, 0, 0, 0, 0, 0],
    ...                         [-1, 0, 0, 0, 2, 0, 0, 0]], [], ((0, 1), (0, 1), (0, 1)))
    >>> r.status, r.finite, [tuple(round(v, 6) for v in p) for p in r.points]
    ('found', True, [(0.707107, 0.707107, 0.5)])

    A condition that only touches 0 on the curve (x = y = t, (x − 1/2)² ≤ 0 written as
    −(x − 1/2)(y − 1/2) > 0) leaves it empty:

    >>> multilinear_system([[0, 1, 0, 0, -1, 0, 0, 0], [0, 0, 1, 0, -1, 0, 0, 0]],
    ...                    [[Fraction(-1, 4), Fraction(1, 2), Fraction(1, 2), -1, 0, 0, 0, 0]],
    ...                    ((0, 1), (0, 1), (0, 1))).status
    'empty'
    """
    E = [[Fraction(v) for v in e] for e in eqs]
    P = [[Fraction(v) for v in f] for f in positive]
    if len(E) < 2:
        raise ValueError("give at least two equations")
    bx = tuple((Fraction(a), Fraction(b)) for a, b in box)
    return _system(E, P, bx, 0)


def _system(E: list, P: list, box, depth: int) -> ArcResult:
    if depth > _MAX_DEPTH:
        return ArcResult("degenerate", note="too many nested lines")
    E = [e for e in E if any(e)]
    free = [e for e in E if not any(e[4:])]
    dep = [e for e in E if any(e[4:])]
    if not dep:
        return ArcResult("degenerate", note="no equation depends on t")
    if not free and len(dep) < 2:
        return ArcResult("degenerate", note="one equation: a surface")
    parts: list[ArcResult] = []
    for e1 in dep:
        A1, B1 = _parts(e1)
        special = _special(A1, B1, box)
        if special is not None:
            break
    else:
        return ArcResult("degenerate", note="e vanishes for every t on a curve")
    if isinstance(special, str):
        return ArcResult("degenerate", note=special)
    rest = [e for e in E if e is not e1]
    for kind, val in special:       # e₁ ≡ 0 there: the other equations decide
        if kind == "point":
            parts.append(_at_point(val, rest, P, box))
        else:
            parts.append(_on_line(val, rest, P, box, depth))
    if free:
        H = _parts(free[0])[0]
        extra = [e for e in rest if e is not free[0]]
        on_lines = [e for e in E if e is not free[0]]
    else:
        e2 = next(e for e in dep if e is not e1)
        A2, B2 = _parts(e2)
        H = _sub(_mul(A1, B2), _mul(A2, B1))
        extra = [e for e in rest if e is not e2]
        on_lines = E
    if not H:
        return ArcResult("degenerate", note="the eliminant vanishes identically")
    if len(H) > 3:
        return ArcResult("degenerate", note="the curve has degree > 2 in y")
    c, b, a = (H + [_zero()] * 3)[:3]
    lines = _common_roots([a, b, c], box[0])
    if isinstance(lines, str):
        return ArcResult("degenerate", note=lines)
    for r in lines:                 # the curve contains the line x = r
        parts.append(_on_line(r, on_lines, P, box, depth))
    parts.append(_main((a, b, c), (A1, B1), extra, E, P, box))
    return arc_union(parts)


def _common_roots(ps: list, xr) -> list | str:
    """Common rational roots of the polynomials in [x₀, x₁] (a message for an irrational one)."""
    nz = [p for p in ps if not p.is_zero()]
    if not nz:
        return "a polynomial system vanishes identically"
    g = nz[0]
    for p in nz[1:]:
        g = g.gcd(p)
    if g.degree() <= 0:
        return []
    x0, x1 = xr
    inner = real_roots(int_poly(_coeffs(g)), x0, x1) if x0 < x1 else []
    ends = [v for v in sorted({x0, x1}) if _ev(g, v) == 0]
    if any(not isinstance(r, Fraction) for r in inner):
        return "a line at an irrational x in the box"
    return sorted(set(ends + inner))


def _special(A: BiPoly, B: BiPoly, box):
    """The common zeros of A and B in the box's p-part: [("point", (x, y)) | ("line", r)], None
    when A and B share a factor depending on y, or a message when one is irrational."""
    (x0, x1), (y0, y1), _ = box
    a0, a1 = (A + [_zero()] * 2)[:2]
    b0, b1 = (B + [_zero()] * 2)[:2]
    if a1.is_zero() and b1.is_zero():
        rs = _common_roots([a0, b0], (x0, x1))
        return rs if isinstance(rs, str) else [("line", r) for r in rs]
    R = a0 * b1 - a1 * b0
    if R.is_zero():
        return None
    inner = real_roots(int_poly(_coeffs(R)), x0, x1) if x0 < x1 else []
    cands = [v for v in sorted({x0, x1}) if _ev(R, v) == 0] + inner
    out: list = []
    for r in cands:                 # rational or a quadratic surd (R has degree ≤ 2)
        if _ev(a1, r) != 0:
            y = -_ev(a0, r) / _ev(a1, r)
        elif _ev(b1, r) != 0:
            y = -_ev(b0, r) / _ev(b1, r)
        else:
            if _ev(a0, r) == 0 and _ev(b0, r) == 0:
                out.append(("line", r))
            continue
        if y0 <= y <= y1 and ("point", (r, y)) not in out:
            out.append(("point", (r, y)))
    return out


def _on_line(r: Fraction, E: list, P: list, box, depth: int) -> ArcResult:
    """The system on the line x = r (x and y exchanged, y = r added)."""
    (x0, x1), (y0, y1), tr = box
    line = [-r, 0, 1, 0, 0, 0, 0, 0]
    sub = _system([line] + [_swap(e) for e in E], [_swap(f) for f in P], ((y0, y1), (r, r), tr), depth + 1)
    return _unswap(sub)


def _at_point(pt, E: list, P: list, box) -> ArcResult:
    """The system at p = pt: each form is affine in t there."""
    x, y = pt
    (t0, t1) = box[2]

    def aff(f):
        v0 = multilinear_value(f, x, y, 0)
        return v0, multilinear_value(f, x, y, 1) - v0

    lo, hi, fixed = t0, t1, None
    for e in E:
        c0, c1 = aff(e)
        if c1 == 0:
            if c0 != 0:
                return ArcResult("empty", cells=1)
            continue
        t = -c0 / c1
        if fixed is not None and t != fixed:
            return ArcResult("empty", cells=1)
        fixed = t
    if fixed is not None:
        lo = hi = fixed
        if not t0 <= fixed <= t1:
            return ArcResult("empty", cells=1)
    open_lo = open_hi = False
    for f in P:
        c0, c1 = aff(f)
        if c1 == 0:
            if c0 <= 0:
                return ArcResult("empty", cells=1)
            continue
        root = -c0 / c1
        if c1 > 0 and root >= lo:           # t > root
            lo, open_lo = root, True
        elif c1 < 0 and root <= hi:         # t < root
            hi, open_hi = root, True
    if lo > hi or (lo == hi and (open_lo or open_hi)):
        return ArcResult("empty", cells=1)
    if fixed is not None:
        p = _checked(E, P, box, (x, y, fixed))
        if not _exact(p):           # in a quadratic field: listed approximately
            return ArcResult("found", points=[tuple(float(v) for v in p)], finite=True, cells=1)
        return ArcResult("found", witness=p, points=[p], finite=True, cells=1)
    from gamekit.exact.arcs import _simple_inside

    t = lo if lo == hi else _simple_inside(lo, hi)
    p = _checked(E, P, box, (x, y, t))
    return ArcResult("found", witness=p if _exact(p) else None, cells=1, note="a segment in t at a fixed point")


def _reduce(Q: BiPoly, H: tuple) -> tuple[int, fmpq_poly, fmpq_poly]:
    """a^k·Q ≡ r + s·y modulo H = a y² + b y + c (a ≢ 0)."""
    a, b, c = H
    Q = list(Q)
    k = 0
    while len(Q) > 2:
        d = len(Q) - 1
        top = Q[-1]
        Q = [u * a for u in Q]
        Q[d] = _zero()
        Q[d - 1] = Q[d - 1] - top * b
        Q[d - 2] = Q[d - 2] - top * c
        Q = _trim(Q)
        k += 1
    Q = Q + [_zero()] * (2 - len(Q))
    return k, Q[0], Q[1]


def _substituted(Q: BiPoly, b: fmpq_poly, c: fmpq_poly) -> tuple[int, fmpq_poly]:
    """(d, R) with R(x) = Q(x, −c/b)·b^d, d = deg_y Q."""
    d = max(len(Q) - 1, 0)
    R = _zero()
    for j, qj in enumerate(Q):
        R += qj * (-c) ** j * b ** (d - j)
    return d, R


def _sgn_surd(sU: int, sw: int, sD: int, sW: int) -> int:
    """sign(U + w·√Δ) from the signs of U, w, Δ ≥ 0 and W = U² − w²Δ."""
    if sD == 0 or sw == 0:
        return sU
    if sU == 0:
        return sw
    if sU == sw:
        return sU
    return sU * sW


def _main(H: tuple, e1: tuple, extra: list, E: list, P: list, box) -> ArcResult:
    """The solutions with B₁ ≠ 0 on the curve H = 0 (module docstring), by sign cells in x."""
    a, b, c = H
    A1, B1 = e1
    (x0, x1), (y0, y1), (t0, t1) = box
    one = fmpq_poly([1])
    Y = [_zero(), one]
    conds: list[tuple[BiPoly, str]] = [(_sub(Y, [fmpq_poly([_q(y0)])]), "ge"),
                                       (_sub([fmpq_poly([_q(y1)])], Y), "ge"),
                                       (B1, "ne"),
                                       (_sub(_neg(A1), _scale(B1, fmpq_poly([_q(t0)]))), "geB"),
                                       (_add(A1, _scale(B1, fmpq_poly([_q(t1)]))), "geB")]
    for e in extra:
        Aj, Bj = _parts(e)
        conds.append((_sub(_mul(Aj, B1), _mul(A1, Bj)), "eq"))
    for f in P:
        F0, F1 = _parts(f)
        conds.append((_sub(_mul(F0, B1), _mul(A1, F1)), "posB"))
    quad = not a.is_zero()
    Dl = b * b - 4 * a * c
    polys: list[fmpq_poly] = [a, b, Dl]
    meta = []
    for Q, kind in conds:
        k, r, s = _reduce(Q, H) if quad else (0, _zero(), _zero())
        U = 2 * a * r - b * s
        W = U * U - s * s * Dl
        d, R = _substituted(Q, b, c)
        meta.append((kind, k, d, len(polys)))
        polys += [U, s, W, R]
    cells = sign_cells([_coeffs(p) for p in polys], x0, x1)
    feasible = []
    for cell in cells:
        sa, sb, sD = cell.signs[:3]
        if sa != 0:
            branches = [1, -1] if sD > 0 else [1] if sD == 0 else []
        else:
            branches = [0] if sb != 0 else []
        feasible += [(cell, br) for br in branches if _satisfied(cell.signs, meta, br)]
    if not feasible:
        return ArcResult("empty", cells=len(cells))
    open_ = [(cl, br) for cl, br in feasible if not cl.is_point]
    if open_:
        from gamekit.exact.arcs import _simple_inside

        for cl, br in open_:
            x = _simple_inside(cl.lo, cl.hi)
            pt = _point_on(H, e1, x, br)
            if pt is not None and _exact(pt):
                return ArcResult("found", witness=_checked(E, P, box, pt), cells=len(cells))
        cl, br = open_[0]
        x = _simple_inside(cl.lo, cl.hi)
        return ArcResult("found", cells=len(cells),
                         note=f"a curve of solutions through x = {float(x):.9g} (no rational point found)")
    pts = []
    for cl, br in feasible:
        pt = _point_on(H, e1, cl.lo, br)
        if pt is None:
            pt = _float_point(H, e1, float(cl.lo), br)  # type: ignore[arg-type]
        elif _exact(pt):
            pt = _checked(E, P, box, pt)
        pts.append(pt)
    return ArcResult("found", witness=next((p for p in pts if _exact(p)), None), points=pts, finite=True,
                     cells=len(cells))


def _satisfied(signs: tuple[int, ...], meta: list, br: int) -> bool:
    """Every condition of ``meta`` holds on a sign cell (``signs``: a, b, D, then U, s, W, R per
    condition) on branch ``br`` of the curve (±: the two roots in y; 0: the linear case)."""
    sa, sb, sD = signs[:3]
    sB = 0
    for kind, k, d, i in meta:
        sU, sV, sW, sR = signs[i:i + 4]
        s = sR * sb ** d if br == 0 else sa ** (k + 1) * _sgn_surd(sU, br * sV, sD, sW)
        if kind == "ne":
            sB = s
            ok = s != 0
        elif kind == "ge":
            ok = s >= 0
        elif kind == "geB":
            ok = s * sB >= 0
        elif kind == "eq":
            ok = s == 0
        else:
            ok = s * sB > 0
        if not ok:
            return False
    return True


def _point_on(H: tuple, e1: tuple, x, br: int):
    """The curve's point over x on branch br, exact when x and y are rational (else None)."""
    if not isinstance(x, Fraction):
        return None
    a, b, c = (_ev(p, x) for p in H)
    if br == 0:
        y = -c / b
    else:
        rt = _sqrt(b * b - 4 * a * c)
        if rt is None:
            return None
        y = (-b + br * rt) / (2 * a)
    A1, B1 = e1
    return (x, y, -_at(A1, x, y) / _at(B1, x, y))


def _sqrt(v: Fraction) -> Fraction | None:
    """The rational square root of v ≥ 0, or None."""
    from math import isqrt

    n, d = isqrt(v.numerator), isqrt(v.denominator)
    return Fraction(n, d) if n * n == v.numerator and d * d == v.denominator else None


def _float_point(H: tuple, e1: tuple, x: float, br: int) -> tuple:
    a, b, c = (float(_ev(p, Fraction(x))) for p in H)
    y = -c / b if br == 0 else (-b + br * max(b * b - 4 * a * c, 0.0) ** 0.5) / (2 * a)
    A1, B1 = e1

    def fe(p):
        return sum(float(_ev(u, Fraction(x))) * y ** i for i, u in enumerate(p))

    return (x, y, -fe(A1) / fe(B1))
