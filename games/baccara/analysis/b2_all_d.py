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
α ∈ [0, 1/10] by :mod:`gamekit.parametric.uniform_sign`. :func:`crossing_pairs_proved` adds the
paper's structural facts: each intersecting pair's difference changes sign between α = 0 and
α = 1/10 for every d (one simple root: the numerator is quadratic in α), every other pair never
meets.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from gamekit.parametric.family_proof import (
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
    from gamekit.parametric.uniform_sign import integer_sign

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
