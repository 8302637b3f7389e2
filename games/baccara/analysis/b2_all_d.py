"""Model B2 for *every* deck count d ≥ d₀: the paper's "d ≥ 77" statement proved in d.

Ethier & Lee, *Baccara chemin de fer II*, §3 before Theorem 1: "For d ≥ 77, we observe that the
best-response-discontinuity curves are ordered in a way that does not depend on d. The six
curves corresponding to (4,1) intersect the six partial curves corresponding to (6,6), and
p((1,5),6) intersects p((2,4),6). Thus, there are 37 points of intersection for all d ≥ 77. With
this information we can apply Foster's algorithm with a variable d to get the desired
uniqueness."

Every count of Model B2 is an integer polynomial in d of degree ≤ 6
(:func:`games.baccara.models.tables.aggregated_polynomials`; the common denominator (52d)₆ > 0
is dropped), so Banker's gains Δ_u(l) are polynomials in (d, α), affine in α, and Player's
gain f(q) = F₀(d) + Σ_l q_l h_l(d) is α-free. :func:`b2_family` packs them as a
:class:`gamekit.parametric.family_proof.AffineFamily`, and :func:`prove_b2` runs
:func:`gamekit.parametric.family_proof.prove_unique` (Lemma 1's forced moves, every curve's
relation to every other curve, the range of Player's gain on every curve, the equalizing q on
p((0,6),∅) of (35), p = 0 and p = 1), each sign proved for every integer d ≥ d₀ and every
α ∈ [0, 1/10] by :mod:`gamekit.exact.uniform_sign`. :func:`crossing_pairs_proved` adds the
paper's structural facts: each intersecting pair's difference changes sign between α = 0 and
α = 1/10 for every d (one simple root: the numerator is quadratic in α), every other pair never
meets.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from gamekit.parametric import (
    AffineFamily,
    FamilyProof,
    det_on_curve,
    end_signs,
    family_from_ints,
    prove_unique,
)
from games.baccara.models.counts import LOSS, WIN

__all__ = ["MIXED_SET", "b2_family", "prove_b2", "CrossingProof", "crossing_pairs_proved"]

#: Banker's mixed information set in Theorem 1 (((0,6),∅)).
MIXED_SET = "06:-"
ALPHA_MAX = Fraction(1, 10)


@cache
def b2_family(info: int = 2) -> AffineFamily:
    """Model B(info) (1 or 2) as a 2×2ⁿ family in (d, α): Δ_u(l) = [(1−α)W − L]_{u,l,draw} −
    [(1−α)W − L]_{u,l,stand} (counts times (52d)₆), f(q) = Σ_l [(L−W)_{1,l,q_l} − (L−W)_{0,l,q_l}]."""
    from games.baccara.models.tables import aggregated_polynomials, model_tables

    _natural, mv = aggregated_polynomials("B", info)
    labels = model_tables(f"B{info}", 1).infosets
    wl = mv[..., WIN, :] - mv[..., LOSS, :]  # (2, n, v, deg)
    w = mv[..., WIN, :]
    delta = []
    for l in range(len(labels)):
        delta.append(tuple(((wl[u, l, 1] - wl[u, l, 0]).tolist(), (-(w[u, l, 1] - w[u, l, 0])).tolist())
                           for u in (0, 1)))
    e = -(wl[1] - wl[0])  # (n, v, deg): Player's gain (L − W) row 1 minus row 0
    f0 = e[:, 0].sum(axis=0).tolist()
    h = [(e[l, 1] - e[l, 0]).tolist() for l in range(len(labels))]
    return family_from_ints(labels, delta, f0, h)


@cache
def prove_b2(d0: int = 77, alpha_max: Fraction = ALPHA_MAX) -> FamilyProof:
    """Uniqueness of the Model B2 equilibrium for every integer d ≥ d0 and α ∈ [0, alpha_max]
    (the theorem of :mod:`gamekit.parametric.family_proof` with l* = ((0,6),∅))."""
    return prove_unique(b2_family(2), d0, 0, alpha_max, MIXED_SET)


@dataclass(frozen=True)
class CrossingProof:
    """The intersecting pairs, each with its proved end signs (one simple root in (0, α_max))."""

    pairs: frozenset
    end_signs: dict
    never_meet: int


def crossing_pairs_proved(d0: int = 77, alpha_max: Fraction = ALPHA_MAX) -> CrossingProof:
    """For the pairs of strategic sets that :func:`prove_b2` could not separate: the numerator
    of p_l − p_m (quadratic in α) has opposite strict signs at α = 0 and α = alpha_max for every
    d ≥ d0, hence exactly one root in between (a simple one). The other pairs were proved never
    to meet on [0, alpha_max] (a strict sign of the determinant on the whole box)."""
    proof = prove_b2(d0, alpha_max)
    fam = b2_family(2)
    idx = {lab: i for i, lab in enumerate(fam.labels)}
    ends = {}
    for pair in proof.crossing_pairs:
        l, m = sorted(pair)
        num, _ = det_on_curve(fam, idx[l], idx[m])
        ends[pair] = end_signs(num, d0, 0, alpha_max)
    n = len(proof.strategic)
    return CrossingProof(frozenset(p for p, e in ends.items() if e and e[0] != e[1]), ends,
                         n * (n - 1) // 2 - len(proof.crossing_pairs))


def _entry(fam: AffineFamily, l: int):
    """α_l(d) = −c₀/c₁ where the partial curve l meets p = 1 (Δ₁(l) = c₀ + c₁α = 0)."""
    c0, c1 = fam.delta[l][1]
    return -c0, c1


def partial_crossing_inside(label_a: str, label_b: str, d0: int = 77, alpha_max: Fraction = ALPHA_MAX) -> bool:
    """For two partial curves (each enters the strip through p = 1 at α_l(d) and stays below
    1 after, Δ₀ > 0 > Δ₁ there): prove that they cross exactly once in (0, alpha_max) (opposite
    end signs of the quadratic numerator, for every d ≥ d0) and that the crossing lies after both
    entries, i.e. inside [0, 1], for every d ≥ d0. With α_e the later entry (the order of the
    entries proved by one polynomial sign in d), the crossing is after α_e iff the numerator of
    p_a − p_b has at α_e the sign it has at α = 0 (one root in between otherwise) — a
    polynomial sign in d after clearing α_e's denominator."""
    from gamekit.exact import integer_sign

    fam = b2_family(2)
    ia, ib = fam.labels.index(label_a), fam.labels.index(label_b)
    (na, da), (nb, db) = _entry(fam, ia), _entry(fam, ib)
    order = integer_sign(na * db - nb * da, d0)  # sign of α_a − α_b times sign(da·db)
    sab = integer_sign(da * db, d0)
    if not (order.holds and sab.holds):
        return False
    later = ia if order.sign * sab.sign > 0 else ib
    ne, de = _entry(fam, later)
    num, _ = det_on_curve(fam, ia, ib)
    ends = end_signs(num, d0, 0, alpha_max)
    if ends is None or ends[0] == ends[1]:  # not one crossing in (0, alpha_max) for every d
        return False
    at_e = sum((c * ne ** k * de ** (len(num) - 1 - k) for k, c in enumerate(num)), num[0] * 0)
    at_0 = num[0]
    s_e = integer_sign(at_e, d0)
    s_0 = integer_sign(at_0, d0)
    de_sign = integer_sign(de, d0)
    if not (s_e.holds and s_0.holds and de_sign.holds):
        return False
    parity = de_sign.sign ** (len(num) - 1)
    return s_e.sign * parity == s_0.sign


def _never_forced(fam: AffineFamily, l: int, d0: int, alpha_max: Fraction) -> bool:
    """For every integer d ≥ d0 the set l is *not* forced: Δ₀·Δ₁ ≤ 0 at α = 0 or at α = alpha_max
    (then the two moves are not of one strict sign on the interval). Proved for d beyond the
    eventual-sign threshold of either product, and by exact evaluation below it."""
    from flint import fmpq

    from gamekit.exact import eventual_sign

    prods = []
    for x in (Fraction(0), Fraction(alpha_max)):
        fx = fmpq(x.numerator, x.denominator)
        g0, g1 = (c[0] + c[1] * fx for c in fam.delta[l])
        prods.append(g0 * g1)
    best = None
    for P in prods:
        s, N = eventual_sign(P, d0)
        if s < 0 and (best is None or N < best):
            best = N
    if best is None:
        return False
    return all(any(P(fmpq(d)) <= 0 for P in prods) for d in range(d0, best))


def table4_columns_proved(alpha_max: Fraction = ALPHA_MAX) -> dict[str, tuple[int, int, bool]]:
    """Table 4's columns for all large d, each as (value, from d, proved): (a) curves = sets not
    forced by Lemma 1 (from d = 8), (c) curves meeting p = 0 or 1 (from d = 18: all kinds decided),
    (b) 37 crossings at 37 distinct points and (d) = (a) + 2(b) α-intervals (from d = 77: each
    curve's domain is one interval, cut once per crossing), (e) no exceptional α (from d = 12)."""
    from gamekit.parametric import FamilyProof, classify_sets

    fam = b2_family(2)
    out = {}
    pr8 = FamilyProof(8, Fraction(0), Fraction(alpha_max))
    classify_sets(fam, 8, 0, alpha_max, pr8)
    never = all(_never_forced(fam, fam.labels.index(s), 8, alpha_max) for s in pr8.strategic)
    out["a"] = (len(pr8.strategic), 8, never)
    pr18 = FamilyProof(18, Fraction(0), Fraction(alpha_max))
    classify_sets(fam, 18, 0, alpha_max, pr18)
    decided = all(k in ("S/D", "D/S", "partial") for k in pr18.kinds.values())
    out["c"] = (len(pr18.meets_boundary), 18, decided)
    cp = crossing_pairs_proved(77, alpha_max)
    inside = partial_crossing_inside("15:6", "24:6", 77, alpha_max)
    pr77 = prove_b2(77, alpha_max)
    # the crossing graph is bipartite (4,1) × (6,6) plus one (6,6) pair: its only triangles are
    # {x:1, 15:6, 24:6}; no triple point there means 37 distinct points
    triples = [(x, "15:6", "24:6") for x in pr77.strategic if x.endswith(":1")]
    distinct = no_common_crossing(triples, 77)
    out["b"] = (len(cp.pairs), 77, inside and distinct and cp.pairs == pr77.crossing_pairs)
    out["d"] = (len(pr77.strategic) + 2 * len(cp.pairs), 77, out["b"][2])
    out["e"] = (0, 12, prove_b2(12, alpha_max).unique)
    return out


def no_common_crossing(triples, d0: int = 77) -> bool:
    """No three curves through one point, for every integer d ≥ d0: for each (l, m, n) the two
    quadratics in α whose roots are the crossings l∩m and l∩n have a resultant R(d) (a polynomial
    in d) with no integer root ≥ d0 (eventual sign beyond its largest real root, exact values
    below) — then no α is a crossing of both pairs."""
    import sympy

    from gamekit.exact import eventual_sign

    fam = b2_family(2)
    a, d = sympy.symbols("alpha d")

    def expr(P):
        return sum(sum(sympy.Rational(int(c.p), int(c.q)) * d**i for i, c in enumerate(p.coeffs())) * a**k
                   for k, p in enumerate(P))

    for l, m, n in triples:
        il, im, i_n = (fam.labels.index(x) for x in (l, m, n))
        q1 = sympy.expand(expr(det_on_curve(fam, il, im)[0]))
        q2 = sympy.expand(expr(det_on_curve(fam, il, i_n)[0]))
        R = sympy.Poly(sympy.resultant(q1, q2, a), d)
        coeffs = [int(c) for c in reversed(R.all_coeffs())]
        s, N = eventual_sign(coeffs, d0)
        if s == 0 or any(R.eval(k) == 0 for k in range(d0, N)):
            return False
    return True
