"""Uniqueness of the equilibrium of a 2×2ⁿ additive game for *every* integer n ≥ n₀ and α ∈ [a, b].

The game (Foster's setting, Ethier–Lee II §2–3): player I mixes (1 − p, p) over two rows;
player II chooses a move q_l ∈ [0, 1] (behaviour) at each information set l. Every weight is a
polynomial in an integer parameter n (e.g. the number of decks d), player II's affine in α:

* player II's gain from move 1 over move 0 at l, against row u, is Δ_u(l)(n, α) (affine in α),
  so against (1 − p, p) it is G_l(p) = (1 − p)Δ₀(l) + pΔ₁(l);
* player I's gain from row 1 over row 0 against q is f(q) = F₀(n) + Σ_l q_l h_l(n)
  (affine in q: the game is additive), independent of α.

Lemma 1 (forced moves). If Δ₀(l), Δ₁(l) have the same strict sign on the whole box
{n ≥ n₀} × [a, b], player II's move at l is that sign's move for every p.
The other ("strategic") sets have a best-response-discontinuity curve
p_l(α) = Δ₀(l)/(Δ₀(l) − Δ₁(l)), and G_m(p_l) = [Δ₀(l)Δ₁(m) − Δ₀(m)Δ₁(l)]/(Δ₀(l) − Δ₁(l)):
the sign of m's gain *on curve l* is the sign of a 2×2 determinant over a denominator, both
polynomials in (n, α), quadratic and affine in α.

Theorem (what :func:`prove_unique` proves). Suppose, for every integer n ≥ n₀ and α ∈ [a, b],
with all signs proved by :func:`gamekit.exact.uniform_sign.box_sign`:

1. the forced sets are as above (every other set is "strategic", whether or not its signs are
   decided: its kind may change with n); for one strategic set l* the curve lies strictly
   inside (0, 1) (Δ₀(l*), Δ₁(l*) of opposite strict signs);
2. for every strategic l, the sets m whose sign on curve l is *not* proved constant form F_l
   (all strategic sets when the sign of Δ₀(l) − Δ₁(l) is not proved); F_{l*} = ∅;
3. with T^l the proved moves on curve l, the range of f over the box
   H_l = {q : q_m = T^l_m for m ∉ F_l ∪ {l}, q_m ∈ [0, 1] otherwise},
   [F₀ + Σ T^l_m h_m + Σ_{F_l ∪ {l}} min(0, h_m), … max(0, h_m)], excludes 0 for l ≠ l*;
4. q* = −(F₀ + Σ_{m≠l*} T^{l*}_m h_m)/h_{l*} lies strictly in (0, 1);
5. at p = 0 (p = 1) player II's best responses have f > 0 (f < 0) on their hull.

Then the game has exactly one Nash equilibrium for every such (n, α): p = p_{l*}(α), player II
playing T^{l*} with q_{l*} = q*. Proof. p = 0 and p = 1 are excluded by 5. For p ∈ (0, 1), an
equilibrium needs f(q) = 0 with q ∈ BR(p). A point (α, p) on curve l ≠ l* has BR(p) ⊆ H_l,
where f ≠ 0 by 3. A point on no curve has a pure BR T; the open p-interval containing it at
this α has an endpoint on some curve l (curve l* crosses every vertical line inside (0, 1) by
1), and T, the one-sided limit there, lies in H_l with q_l ∈ {0, 1}: f(T) ≠ 0 by 3 (for l = l*
by 4). On curve l* no other curve passes (F_{l*} = ∅), so BR = T^{l*} with q_{l*} free and
f = 0 forces q_{l*} = q* ∈ (0, 1), which is an equilibrium. ∎

Each hypothesis is a finite list of sign statements; the certificate keeps them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from flint import fmpq, fmpq_poly

from gamekit.exact.uniform_sign import (
    BoxSignCertificate,
    IntegerSignCertificate,
    box_sign,
    integer_sign,
    to_poly,
)

__all__ = ["AffineFamily", "FamilyProof", "CurveRange", "classify_sets", "prove_unique", "det_on_curve",
           "end_signs", "family_from_ints"]

Bi = list  # a polynomial in (n, α): [c_0(n), c_1(n), …], coefficients of α^k as fmpq_poly


@dataclass(frozen=True)
class AffineFamily:
    """A 2×2ⁿ additive game family: ``delta[l] = (Δ₀(l), Δ₁(l))`` as [c₀(n), c₁(n)] (affine in
    α), player I's ``f0`` = F₀(n) and ``h[l]`` = h_l(n); ``labels`` name the sets.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> fam.labels, [int(c) for c in fam.f0.coeffs()], len(fam.delta)
    (('a', 'b'), [1], 2)
    """

    labels: tuple[str, ...]
    delta: tuple[tuple[Bi, Bi], ...]
    f0: fmpq_poly
    h: tuple[fmpq_poly, ...]


def _bmul(p: Bi, q: Bi) -> Bi:
    out = [fmpq_poly([0]) for _ in range(len(p) + len(q) - 1)]
    for i, x in enumerate(p):
        for j, y in enumerate(q):
            out[i + j] += x * y
    return out


def _bsub(p: Bi, q: Bi) -> Bi:
    n = max(len(p), len(q))
    z = fmpq_poly([0])
    return [(p[i] if i < len(p) else z) - (q[i] if i < len(q) else z) for i in range(n)]


def det_on_curve(fam: AffineFamily, l: int, m: int) -> tuple[Bi, Bi]:
    """(numerator, denominator) of G_m(p_l(α)): Δ₀(l)Δ₁(m) − Δ₀(m)Δ₁(l) and Δ₀(l) − Δ₁(l).

    Parameters
    ----------
    fam : AffineFamily
        The family.
    l, m : int
        The curve's set and the set whose gain is evaluated on it.

    Returns
    -------
    tuple
        (numerator, denominator), polynomials in (n, α) as lists of α-coefficients.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> num, den = det_on_curve(fam, 0, 1)
    >>> [[int(c) for c in p.coeffs()] for p in den]  # Δ₀(a) − Δ₁(a) = −2n − α
    [[0, -2], [-1]]
    """
    (a0, a1), (b0, b1) = fam.delta[l], fam.delta[m]
    return _bsub(_bmul(a0, b1), _bmul(b0, a1)), _bsub(a0, a1)


def _strict(P: Bi, n0: int, a, b) -> BoxSignCertificate | None:
    """A certificate of a strict constant sign of P on the box, or None."""
    for s in (1, -1):
        c = box_sign(P, n0, a, b, sign=s)
        if c.holds:
            return c
    return None


@dataclass(frozen=True)
class CurveRange:
    """Hypothesis 3/4 for one strategic set: the free sets F_l, the proved moves, the range.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> c = prove_unique(fam, 1, 0, Fraction(1, 10), "a").curves["a"]
    >>> c.label, c.free, c.moves
    ('a', (), {})
    >>> num, den = c.equalizing  # q* = 1/2 for every n
    >>> Fraction(int(num.coeffs()[0]), int(den.coeffs()[0]))
    Fraction(1, 2)
    """

    label: str
    free: tuple[str, ...]
    moves: dict[str, int]
    low: str
    high: str
    excludes_zero: IntegerSignCertificate | None
    equalizing: tuple[fmpq_poly, fmpq_poly] | None = None  # q* = num/den (polynomials in n) for l*
    q_bounds: tuple[IntegerSignCertificate, ...] = ()


@dataclass
class FamilyProof:
    """Everything :func:`prove_unique` showed; ``unique`` is the theorem's conclusion.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> pr = prove_unique(fam, 1, 0, Fraction(1, 10), "a")
    >>> pr.unique, pr.forced, pr.kinds, pr.failures
    (True, {'b': 1}, {'a': 'S/D'}, [])
    """

    n0: int
    a: Fraction
    b: Fraction
    forced: dict[str, int] = field(default_factory=dict)
    strategic: tuple[str, ...] = ()
    kinds: dict[str, str] = field(default_factory=dict)
    meets_boundary: dict[str, str] = field(default_factory=dict)
    crossing_pairs: set = field(default_factory=set)
    curves: dict[str, CurveRange] = field(default_factory=dict)
    boundary: dict[str, IntegerSignCertificate | None] = field(default_factory=dict)
    main: str | None = None
    unique: bool = False
    failures: list[str] = field(default_factory=list)
    n_certificates: int = 0


def end_signs(P: Bi, n0: int, a, b) -> tuple[int, int] | None:
    """Strict signs at α = a and α = b, each proved for all n ≥ n0, or None.

    Parameters
    ----------
    P : list of fmpq_poly
        A polynomial in (n, α), as its α-coefficients.
    n0 : int
        Smallest n.
    a, b : number
        The two α values.

    Returns
    -------
    tuple of int or None
        (sign at a, sign at b), each ±1, or None when one is not proved.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> end_signs(fam.delta[0][0], 1, 0, Fraction(1, 10)), end_signs(fam.delta[0][1], 1, 0, Fraction(1, 10))
    ((-1, -1), (1, 1))
    """
    out: list[int] = []
    for x in (a, b):
        v = fmpq_poly([0])
        fx = Fraction(x)
        for k, c in enumerate(P):
            v += c * fmpq((fx ** k).numerator, (fx ** k).denominator)
        c = integer_sign(v, n0)
        if not c.holds:
            c = integer_sign(v, n0, sign=-c.sign)
            if not c.holds:
                return None
        out.append(c.sign)
    return out[0], out[1]


def classify_sets(fam: AffineFamily, n0: int, a, b, proof: FamilyProof) -> None:
    """Lemma 1 on the whole box: forced moves, strategic sets, their kinds, where they meet
    p = 0 or p = 1 (the affine Δ_u(l) change sign inside (a, b)).

    Parameters
    ----------
    fam : AffineFamily
        The family.
    n0 : int
        The box is every integer n ≥ n0 …
    a, b : number
        … and α ∈ [a, b].
    proof : FamilyProof
        Filled in place (``forced``, ``strategic``, ``kinds``, ``meets_boundary``).

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> proof = FamilyProof(1, Fraction(0), Fraction(1, 10))
    >>> classify_sets(fam, 1, 0, Fraction(1, 10), proof)
    >>> proof.forced, proof.strategic, proof.kinds
    ({'b': 1}, ('a',), {'a': 'S/D'})
    """
    strategic = []
    for l, lab in enumerate(fam.labels):
        s = [_strict(fam.delta[l][u], n0, a, b) for u in (0, 1)]
        proof.n_certificates += 2
        if s[0] and s[1] and s[0].sign == s[1].sign:
            proof.forced[lab] = int(s[0].sign > 0)
            continue
        strategic.append(l)
        ends = [end_signs(fam.delta[l][u], n0, a, b) for u in (0, 1)]
        if s[0] and s[1]:
            proof.kinds[lab] = "S/D" if s[0].sign < 0 else "D/S"
        elif ends[0] and ends[1]:
            proof.kinds[lab] = "partial"
            for u, e in enumerate(ends):
                if e is not None and e[0] != e[1]:  # both ends are proved in this branch
                    proof.meets_boundary[lab] = f"p = {u}"
        else:
            # not needed by the theorem: l is strategic, and every set whose sign on a curve
            # is not proved is treated as free (hypotheses 2, 3 and 5 stay valid)
            proof.kinds[lab] = "undecided"
    proof.strategic = tuple(fam.labels[l] for l in strategic)


def _base(fam: AffineFamily, moves: dict[int, int]) -> fmpq_poly:
    """F₀ + Σ_{m: move 1} h_m."""
    base = fam.f0
    for m, t in moves.items():
        if t:
            base += fam.h[m]
    return base


def _excludes_zero(lo_terms: list[fmpq_poly], n0: int) -> IntegerSignCertificate | None:
    """lo_terms = [low end, high end]: prove low > 0 or high < 0 for all n ≥ n0."""
    lo, hi = lo_terms
    c = integer_sign(lo, n0, sign=1)
    if c.holds:
        return c
    c = integer_sign(hi, n0, sign=-1)
    return c if c.holds else None


def _hull_range(fam: AffineFamily, moves: dict[int, int], free: list[int], n0: int):
    """Range of f over {q_m = moves[m]} × [0, 1]^free, as (low, high) polynomials whose signs
    matter: the free h_m enter as min(0, h_m) / max(0, h_m), each sign proved for n ≥ n0."""
    lo = hi = _base(fam, moves)
    for m in free:
        if fam.h[m].degree() < 0:  # player I ignores this set
            continue
        c = integer_sign(fam.h[m], n0)
        if not c.holds:
            return None
        if c.sign > 0:
            hi = hi + fam.h[m]
        else:
            lo = lo + fam.h[m]
    return lo, hi


def _curve_moves(fam: AffineFamily, l: int, strategic: list[int], forced_idx: dict[int, int],
                 n0: int, a, b, proof: FamilyProof) -> tuple[dict[int, int], list[int]]:
    moves, free = dict(forced_idx), []
    _, den = det_on_curve(fam, l, l)
    ds = _strict(den, n0, a, b)
    proof.n_certificates += 1
    for m in strategic:
        if m == l:
            continue
        if ds is None:
            free.append(m)
            continue
        num, _ = det_on_curve(fam, l, m)
        c = _strict(num, n0, a, b)
        proof.n_certificates += 1
        if c is None:
            free.append(m)
        else:
            moves[m] = int(c.sign * ds.sign > 0)
    return moves, free


def prove_unique(fam: AffineFamily, n0: int, a, b, main: str) -> FamilyProof:
    """Check hypotheses 1–5 of the module's theorem for every integer n ≥ n0, α ∈ [a, b], with
    ``main`` = l* (the set player II mixes at); ``unique`` is True when all hold.

    Parameters
    ----------
    fam : AffineFamily
        The family.
    n0 : int
        Smallest n.
    a, b : number
        The α-interval.
    main : str
        The label of l*.

    Returns
    -------
    FamilyProof
        Every sign certificate, and ``failures`` naming each hypothesis that was not proved.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> prove_unique(fam, 1, 0, Fraction(1, 10), "a").unique
    True
    >>> bad = family_from_ints(("a", "b"), delta, [1], [[Fraction(-1, 2)], [0]])  # q* = 2
    >>> prove_unique(bad, 1, 0, Fraction(1, 10), "a").unique
    False
    """
    a, b = Fraction(a), Fraction(b)
    proof = FamilyProof(n0, a, b, main=main)
    classify_sets(fam, n0, a, b, proof)
    idx = {lab: i for i, lab in enumerate(fam.labels)}
    strategic = [idx[s] for s in proof.strategic]
    forced_idx = {idx[s]: t for s, t in proof.forced.items()}
    if proof.kinds.get(main) not in ("S/D", "D/S"):
        proof.failures.append(f"{main} is not a full curve inside (0, 1)")
    for l in strategic:
        _curve_case(fam, l, strategic, forced_idx, n0, a, b, proof)
    for l in strategic:
        for m in proof.curves[fam.labels[l]].free:
            proof.crossing_pairs.add(frozenset((fam.labels[l], m)))
    _boundaries(fam, strategic, forced_idx, n0, a, b, proof)
    proof.unique = not proof.failures
    return proof


def _curve_case(fam, l, strategic, forced_idx, n0, a, b, proof) -> None:
    lab = fam.labels[l]
    moves, free = _curve_moves(fam, l, strategic, forced_idx, n0, a, b, proof)
    names = tuple(fam.labels[m] for m in free)
    shown = {fam.labels[m]: t for m, t in moves.items() if m in strategic}
    if lab == proof.main:
        if free:
            proof.failures.append(f"curve {lab} meets {names}")
        base = _base(fam, moves)
        num, den = -base, fam.h[l]
        # 0 < q* < 1  <=>  num/den in (0, 1): sign(den)·num > 0 and sign(den)·(den − num) > 0
        sd = integer_sign(den, n0)
        checks = (sd, integer_sign(num * sd.sign, n0, sign=1), integer_sign((den - num) * sd.sign, n0, sign=1))
        if not all(c.holds for c in checks):
            proof.failures.append(f"equalizing q on {lab} not proved inside (0, 1)")
        proof.curves[lab] = CurveRange(lab, names, shown, str(num), str(den), None,
                                       equalizing=(num, den), q_bounds=checks)
        return
    rng = _hull_range(fam, moves, free + [l], n0)
    ex = _excludes_zero(list(rng), n0) if rng else None
    if ex is None:
        proof.failures.append(f"curve {lab}: the range of f may contain 0")
    lo, hi = rng if rng else (fmpq_poly([0]), fmpq_poly([0]))
    proof.curves[lab] = CurveRange(lab, names, shown, str(lo), str(hi), ex)


def _boundaries(fam, strategic, forced_idx, n0, a, b, proof) -> None:
    """Hypothesis 5: p = 0 needs f > 0 on BR(0)'s hull, p = 1 needs f < 0 on BR(1)'s."""
    for u, want in ((0, 1), (1, -1)):
        moves, free = dict(forced_idx), []
        for m in strategic:
            c = _strict(fam.delta[m][u], n0, a, b)
            if c is None:
                free.append(m)
            else:
                moves[m] = int(c.sign > 0)
        rng = _hull_range(fam, moves, free, n0)
        cert = None
        if rng:
            cert = integer_sign(rng[0] if want > 0 else rng[1], n0, sign=want)
        ok = cert is not None and cert.holds
        proof.boundary[f"p = {u}"] = cert
        if not ok:
            proof.failures.append(f"p = {u} not excluded")


def family_from_ints(labels, delta_coeffs, f0, h) -> AffineFamily:
    """Build an :class:`AffineFamily` from integer coefficient lists (lowest degree in n first):
    ``delta_coeffs[l][u] = (c0, c1)`` for Δ_u(l) = c0(n) + α·c1(n).

    Parameters
    ----------
    labels : sequence of str
        The information sets' names.
    delta_coeffs : sequence
        Per set, the pair (Δ₀, Δ₁), each as (c0, c1) coefficient lists in n.
    f0 : sequence of numbers
        Coefficients of F₀(n).
    h : sequence of sequences of numbers
        Per set, the coefficients of h_l(n).

    Returns
    -------
    AffineFamily
        The family, with python-flint polynomials.

    Examples
    --------
    >>> delta = [(([0, -1], [0]), ([0, 1], [1])), (([1], [0]), ([1], [0]))]  # set a: a curve; b: forced
    >>> fam = family_from_ints(("a", "b"), delta, [1], [[-2], [0]])
    >>> [[int(c) for c in p.coeffs()] for p in fam.delta[0][1]]  # Δ₁(a) = n + α
    [[0, 1], [1]]
    """
    delta = tuple(tuple([to_poly(c0), to_poly(c1)] for c0, c1 in pair) for pair in delta_coeffs)
    pairs = cast("tuple[tuple[Bi, Bi], ...]", delta)  # delta_coeffs[l] is the pair (Δ₀(l), Δ₁(l))
    return AffineFamily(tuple(labels), pairs, to_poly(f0), tuple(to_poly(x) for x in h))
