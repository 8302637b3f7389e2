"""Banker's part of the Nash proof on the ε-margins next to a breakpoint, decided exactly.

Let θ_b be the common end of two adjacent Nash segments L = (l, θ_b) and R = (θ_b, r), and
[c_L, a_R] ∋ θ_b the gap between the ranges their own box proofs cover
(:mod:`nash_proof`, :mod:`nash_breakpoint`). The p-only gap proof shows: for every
θ ∈ [c_L, a_R] every Nash equilibrium's p is p_b(θ) for a tracked branch b of L or of R, each
branch's formula continued across θ_b. What it leaves open — *Banker's part* — is settled
here, on the two margins M_L = [c_L, θ_b) and M_R = (θ_b, a_R].

**Theorem (checked per margin; statement of :func:`prove_margins`).** Take M_L ("own"
segment L, "other" segment R). If the record of M_L is proved then for every θ ∈ M_L:

1. every branch b of L has p_b(θ) in the square and the vertices of Banker's equilibrium
   replies at p_b(θ) are exactly the tracked equilibria of L at that point (same count, and
   vertex by vertex the same pure moves and the same mixed sets F);
2. every branch b of R, continued, is not real at θ, or p_b(θ) lies outside the square, or
   Banker has **no** equilibrium reply at p_b(θ), or p_b(θ) ≡ p_{b'}(θ) for a branch b' of L.

With the gap proof this gives: *the extreme Nash equilibria at every θ ∈ M_L are exactly
L's tracked ones* — L's statement holds on [a_L, θ_b), and with M_R R's on (θ_b, c_R]: each
segment's statement extends to the whole open segment. The same with L and R exchanged
for M_R.

**Proof.** Everything is one-dimensional once p = p_b(θ) is fixed. Along a branch, p is a
rational function of θ (constant, or one interior p_i from a linear equation, or p₂ a root
of a linear factor and p₁ following), or a quadratic surd p₂ = (−c₁ + σ√Δ)/(2c₂) with p₁
rational in (p₂, θ) — in every case an element of ℚ(θ)(√Δ). Banker's gains g_l(p_b(θ), θ)
(bilinear in p, affine in θ) and the Players' gains c_i + Σ_l d_il·y_l (θ-free, affine in
p) are then elements of the same field, and Banker's reply polytope at p_b(θ) is computed by
:func:`nash_breakpoint.banker_replies` — y_l = 1 / 0 where g_l > 0 / < 0, y_l ∈ [0, 1] on
the zero sets Z, the Players' indifference (interior p_i) or boundary rows; every choice of
at most two coordinates off {0, 1} solved by Cramer's rule — run with θ and p as
:class:`gamekit.exact.IntervalFunction` numbers on the margin M. Each comparison the
routine makes (g_l = 0? g_l > 0? a determinant ≠ 0? 0 < z < 1? a row ≤ 0?) is decided
for every θ ∈ M at once — exact real-root isolation of the polynomials involved (for
A + B√Δ through A, B and A² − B²Δ), roots compared exactly with M's ends — or the margin is
reported *not proved* (``SignUndecided``: some sign changes inside M). So the routine
follows one path for all θ ∈ M, and its output — the list of vertices, as functions of θ —
is the vertex set at every θ ∈ M. The branch's realness (Δ > 0), its lying in the square
(0 ≤ p_i ≤ 1), two branches' points — and two listed vertices — being identical or
everywhere distinct are decided the same way (so no two listed vertices meet at some θ). Claims 1 and 2 are then finite comparisons (the tracked equilibria's pure
moves and mixed sets are constant on their segment, :mod:`theta_nash`). ∎

Taken from :mod:`theta_nash` (as in the segment proofs): the tracked equilibria are
equilibria of constant structure on their segment. M_L includes c_L, where the segment
proof applies too; the margins stop short of θ_b itself, whose equilibrium set is
:func:`nash_breakpoint.breakpoint_equilibria`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamekit.exact import (
    IntervalFunction,
    SignInterval,
    SignUndecided,
    compare_numbers,
    identical,
    number_str,
)

__all__ = ["MarginSide", "MarginProof", "branch_point", "prove_margin", "prove_margins"]


@dataclass
class MarginSide:
    """The outcome on one margin (module docstring)."""

    side: str                       # "left" (own = L) or "right" (own = R)
    lo: Any
    hi: Any
    proved: bool
    reason: str = ""
    own: list = field(default_factory=list)      # per distinct own point: branches, vertices
    other: list = field(default_factory=list)    # per other branch: its status
    cpu: float = 0.0
    interval: SignInterval | None = field(default=None, repr=False)
    #: per distinct own point: ((p₁, p₂), [Banker's vertex, ...]) as functions on the margin
    vertices: list = field(default_factory=list, repr=False)

    def at(self, theta: Fraction) -> list[tuple]:
        """The proved extreme equilibria at a rational θ of the margin, exact:
        (p₁, p₂, Banker's behaviour) each.

        Parameters
        ----------
        theta : Fraction
            A point of the margin.

        Returns
        -------
        list of tuple
            The own segment's extreme equilibria there (the margin's statement).

        Examples
        --------
        >>> from games.baccara.banque.theta_nash import nash_piece
        >>> pc = nash_piece(Fraction(1, 10))
        >>> side = prove_margin(pc, pc, Fraction(199, 2000), Fraction(201, 2000), "left")
        >>> [(p1 > 0, len(y)) for p1, p2, y in side.at(Fraction(1, 10))]
        [(True, 1144)]
        """
        if self.interval is None or not self.interval.contains(theta):
            raise ValueError("theta is not in the margin")

        def ev(v):
            return v.value_at(theta) if isinstance(v, IntervalFunction) else v
        return [(ev(p[0]), ev(p[1]), tuple(ev(v) for v in y)) for p, ys in self.vertices for y in ys]

    def record(self) -> dict:
        """JSON-ready summary."""
        return {"side": self.side, "from_exact": number_str(self.lo), "to_exact": number_str(self.hi),
                "closed": "[lo, hi)" if self.side == "left" else "(lo, hi]", "proved": self.proved,
                **({"reason": self.reason} if self.reason else {}),
                "own_points": self.own, "other_branches": self.other, "cpu_seconds": round(self.cpu, 3)}


@dataclass
class MarginProof:
    """Both margins of one breakpoint."""

    theta: Any
    left: MarginSide
    right: MarginSide

    @property
    def proved(self) -> bool:
        return self.left.proved and self.right.proved

    @property
    def cpu(self) -> float:
        return self.left.cpu + self.right.cpu

    def record(self) -> dict:
        return {"theta_exact": number_str(self.theta), "proved": self.proved, "cpu_seconds": round(self.cpu, 3),
                "left": self.left.record(), "right": self.right.record()}


def _tfun(iv: SignInterval, m) -> IntervalFunction:
    """An mpoly in θ only (theta_nash's ring) as a function on iv."""
    from games.baccara.banque.theta_nash import _tpoly

    return IntervalFunction.rational(iv, _tpoly(m) or (0,))


def branch_point(br, iv: SignInterval) -> tuple | None:
    """A tracked branch's (p₁, p₂) on the interval, exact (Fractions or IntervalFunctions).

    Parameters
    ----------
    br : theta_nash._Branch
        The branch (its formula, continued wherever it is defined).
    iv : gamekit.exact.SignInterval
        The θ-interval.

    Returns
    -------
    tuple or None
        (p₁, p₂); None when the branch is not real on iv (negative discriminant).

    Raises
    ------
    SignUndecided
        The discriminant, or a denominator, changes sign on iv.

    Examples
    --------
    The quadratic-surd branch through θ = 1/10 (docs/banque.md: p₂ = (−67531 + √9216910201)/33088
    there), on [99/1000, 1/10]:

    >>> from gamekit.exact import QuadraticSurd, SignInterval
    >>> from games.baccara.banque.theta_nash import nash_piece
    >>> pc = nash_piece(Fraction(1, 10))
    >>> iv = SignInterval(Fraction(99, 1000), Fraction(1, 10), (True, True))
    >>> p1, p2 = branch_point(pc.tracked[0].branch, iv)
    >>> p1 > 0, p2 < 1, p2.value_at(Fraction(1, 10)) == QuadraticSurd.make(Fraction(-67531, 33088), Fraction(1, 33088), 9216910201)
    (True, True, True)
    """
    from games.baccara.banque.theta_nash import _coeffs_in

    p: dict[int, Any] = {i: Fraction(v) for i, v in br.fixed.items()}
    if br.kind == "lin":
        name = ("p1", "p2")[br.var]
        p[br.var] = -_tfun(iv, br.e.subs({name: 0})) / _tfun(iv, br.e.derivative(name))
    elif br.kind == "quad":
        cs = [_tfun(iv, c) for c in _coeffs_in(br.Q, 1)]
        if len(cs) == 2:
            p2 = -cs[0] / cs[1]
        elif len(cs) == 3:
            c0, c1, c2 = cs
            disc = c1 * c1 - 4 * c2 * c0            # a polynomial in θ
            if not disc.is_rational_function() or disc.ad.degree() != 0:
                raise ValueError("internal error: the discriminant is not a polynomial")
            try:
                root = IntervalFunction.sqrt(iv, disc.an)
            except ValueError:
                return None                          # Δ < 0 on iv: not real
            p2 = (-c1 + root * br.sigma) / (c2 * 2)
        else:
            raise ValueError("internal error: a p2-equation of degree > 2")
        A = sum((_tfun(iv, c) * _pow(p2, k) for k, c in enumerate(_coeffs_in(br.e.subs({"p1": 0}), 1))),
                iv.const(0))
        B = sum((_tfun(iv, c) * _pow(p2, k) for k, c in enumerate(_coeffs_in(br.e.derivative("p1"), 1))),
                iv.const(0))
        if B == 0:
            raise ValueError("internal error: p1's coefficient vanishes identically")
        p[0], p[1] = -A / B, p2
    return p[0], p[1]


def _pow(x, k: int):
    out: Any = 1
    for _ in range(k):
        out = out * x
    return out


def _in_square(p) -> bool:
    """0 ≤ p_i ≤ 1 for both Players on the whole interval (False: outside somewhere — then,
    each sign being constant, outside everywhere)."""
    return all(v >= 0 and v <= 1 for v in p)


def _same(p, q) -> bool:
    """p ≡ q on the interval (False: distinct at every θ; SignUndecided otherwise)."""
    undecided = None
    for a, b in zip(p, q):
        try:
            if not identical(a, b):
                return False
        except SignUndecided as exc:
            undecided = exc
    if undecided is not None:
        raise undecided
    return True


def _is_pure(v) -> bool:
    """A vertex entry is a pure move iff it is the rational 0 or 1 (a mixed entry is a
    function on the margin, or a rational constant strictly between 0 and 1)."""
    return isinstance(v, Fraction) and v in (0, 1)


def _vertex_type(y) -> tuple:
    """(mixed sets, pure moves; −1 at a mixed set) of a vertex."""
    F = tuple(l for l, v in enumerate(y) if not _is_pure(v))
    pure = tuple(int(v) if _is_pure(v) else -1 for v in y)
    return F, pure


def _tracked_type(fm, piece, k: int) -> tuple:
    idx = {lab: i for i, lab in enumerate(fm.labels)}
    F = tuple(sorted(idx[x] for x in piece.tracked[k].signature[2]))
    draw = piece.samples[k]["draw"]
    pure = tuple(-1 if l in F else int(v) for l, v in enumerate(draw))
    return F, pure


def prove_margin(own, other, lo, hi, side: str) -> MarginSide:
    """Banker's part of the Nash statement on one margin (module docstring, claims 1–2).

    Parameters
    ----------
    own, other : theta_nash.NashPiece
        The segment whose margin this is, and its neighbour across θ_b.
    lo, hi : number
        The margin: [lo, hi) = [c_L, θ_b) for ``side="left"``, (lo, hi] = (θ_b, a_R] for
        ``side="right"``.
    side : {"left", "right"}
        Which margin.

    Returns
    -------
    MarginSide
        ``proved`` with per-point vertex counts, or the reason it is not proved.

    Examples
    --------
    Inside a segment (here the one through θ = 1/10, ≈ (0.0992228, 0.1009518), as its own
    neighbour) every check holds; an interval reaching over the segment's end is not proved:

    >>> from games.baccara.banque.theta_nash import nash_piece
    >>> pc = nash_piece(Fraction(1, 10))
    >>> side = prove_margin(pc, pc, Fraction(199, 2000), Fraction(201, 2000), "left")
    >>> side.proved, side.own[0]["banker_vertices"], side.other[0]["status"]
    (True, 1, 'the point of own branches [0]')
    >>> over = prove_margin(pc, pc, Fraction(99, 1000), Fraction(1, 10), "left")
    >>> over.proved, over.reason
    (False, 'undecided: a polynomial has a root in the interval')
    """
    from games.baccara.banque.nash_events import forms

    t0 = time.process_time()
    fm = forms(getattr(own, "decks", None))
    iv = SignInterval(lo, hi, (True, False) if side == "left" else (False, True))
    out = MarginSide(side, lo, hi, False, interval=iv)
    try:
        points = _own_points(own, iv)
        why = (points if isinstance(points, str) else _check_own(fm, own, iv.t(), points, out)
               or _check_other(fm, other, iv, points, out))
    except SignUndecided as exc:
        why = f"undecided: {exc}"
    out.reason = why
    out.proved = not why
    out.cpu = time.process_time() - t0
    return out


def _own_points(own, iv: SignInterval) -> list[dict] | str:
    """The distinct points of the own branches on the margin, ``{"p", "branches"}`` each, or
    why not (a branch not a strategy profile there)."""
    points: list[dict] = []
    for k, tr in enumerate(own.tracked):
        p = branch_point(tr.branch, iv)
        if p is None or not _in_square(p):
            return f"own branch {k} is not a strategy profile on the margin"
        for pt in points:
            if _same(pt["p"], p):
                pt["branches"].append(k)
                break
        else:
            points.append({"p": p, "branches": [k]})
    return points


def _check_own(fm, own, theta, points: list[dict], out: MarginSide) -> str:
    """Claim 1 at every own point: Banker's extreme replies are distinct at every θ and are
    exactly the tracked ones, by type ("" when so, else why not); fills ``out``."""
    from games.baccara.banque.nash_breakpoint import banker_replies

    for pt in points:
        ys = banker_replies(fm, theta, *pt["p"])
        if ys is None:
            return "more than 10 of Banker's sets indifferent at an own point"
        for i, y in enumerate(ys):       # distinct at every θ, not only as functions
            for z in ys[:i]:
                if _same(y, z):
                    return f"own branches {pt['branches']}: two equal vertices"
        got = sorted(_vertex_type(y) for y in ys)
        want = sorted(_tracked_type(fm, own, k) for k in pt["branches"])
        if got != want:
            return (f"own branches {pt['branches']}: {len(got)} extreme Banker replies with types other "
                    f"than the {len(want)} tracked")
        out.vertices.append((pt["p"], ys))
        out.own.append({"branches": pt["branches"], "banker_vertices": len(ys),
                        "mixed_sets": [[fm.labels[l] for l in F] for F, _ in got]})
    return ""


def _check_other(fm, other, iv: SignInterval, points: list[dict], out: MarginSide) -> str:
    """Claim 2: each neighbour branch continued onto the margin is not a strategy profile, has
    no equilibrium reply, or is an own point ("" when so, else why not); fills ``out``."""
    from games.baccara.banque.nash_breakpoint import banker_replies

    for k, tr in enumerate(other.tracked):
        p = branch_point(tr.branch, iv)
        if p is None:
            out.other.append({"branch": k, "status": "not real"})
            continue
        if not _in_square(p):
            out.other.append({"branch": k, "status": "outside the square"})
            continue
        ys = banker_replies(fm, iv.t(), *p)
        if ys is None:
            return f"other branch {k}: more than 10 of Banker's sets indifferent"
        if not ys:
            out.other.append({"branch": k, "status": "no equilibrium reply"})
            continue
        same = next((j for j, pt in enumerate(points) if _same(pt["p"], p)), None)
        if same is None:
            return f"other branch {k} continued is an equilibrium p on the margin ({len(ys)} replies)"
        out.other.append({"branch": k, "status": f"the point of own branches {points[same]['branches']}"})
    return ""


def prove_margins(left, right, gap: tuple) -> MarginProof:
    """Both margins [c_L, θ_b) and (θ_b, a_R] of the breakpoint θ_b = ``left.hi`` = ``right.lo``.

    Parameters
    ----------
    left, right : theta_nash.NashPiece
        Adjacent segments (exact common end).
    gap : (Fraction, Fraction)
        (c_L, a_R): the ends of the ranges the two segments' own proofs cover.

    Returns
    -------
    MarginProof
        Per margin, :class:`MarginSide` (module docstring: the theorem and its proof).

    Raises
    ------
    ValueError
        The gap does not contain θ_b, or a piece is a mirror image.

    Examples
    --------
    The fold at θ_b ≈ 0.1092511 (one equilibrium below, three above; the two born at θ_b,
    continued below it, have no equilibrium reply there):

    >>> from games.baccara.banque.theta_nash import nash_piece
    >>> from games.baccara.banque.nash_proof import inner_range
    >>> left, right = nash_piece(Fraction(5, 46)), nash_piece(Fraction(8, 73))
    >>> left.hi = right.lo
    >>> gap = (inner_range(left.lo, left.hi, Fraction(1, 10**6))[1], inner_range(right.lo, right.hi, Fraction(1, 10**6))[0])
    >>> mp = prove_margins(left, right, gap)
    >>> mp.proved, [o["status"] for o in mp.left.other], [p["banker_vertices"] for p in mp.right.own]
    (True, ['the point of own branches [0]', 'no equilibrium reply', 'no equilibrium reply'], [1, 1, 1])
    """
    theta = left.hi
    if compare_numbers(theta, right.lo) != 0:
        raise ValueError("the segments are not adjacent")
    if getattr(left, "mirror_of", None) is not None or getattr(right, "mirror_of", None) is not None:
        raise ValueError("mirrored segments: prove the original ones")
    c_left, a_right = gap
    if not compare_numbers(c_left, theta) < 0 < compare_numbers(a_right, theta):
        raise ValueError("the gap does not contain the breakpoint")
    return MarginProof(theta, prove_margin(left, right, c_left, theta, "left"),
                       prove_margin(right, left, theta, a_right, "right"))
