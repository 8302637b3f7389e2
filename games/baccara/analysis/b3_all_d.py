"""Model B3 for *every* deck count: Table 7's row "d ≥ 13" proved, and Lemma 1's n_d for all d.

Ethier & Lee, *Baccara chemin de fer II*, §4 and Theorem 2. For d ≥ 13 the paper's equilibrium
is: Player DMSDD at (0,5), (1,4), (2,3), (6,9), (7,8), drawing at (1,4) with probability p of
(54); Banker as in Table 5 and Table 7's last row (SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD), drawing at
((0,6),∅) with probability q of (64). The paper checks it "for all d" without showing how; here
every inequality is proved for every integer d ≥ d₀ and every α ∈ [0, 1/10].

Why this is a proof. Player's mixed strategy puts weight only on rows 19 = DSSDD and
27 = DDSDD, so Banker's gain at set m is G_m = (1 − p)Δ₁₉(m) + pΔ₂₇(m), with Δ_u(m) polynomials in
(d, α) (the counting polynomials, :func:`~games.baccara.models.tables.aggregated_polynomials`,
times (52d)₆ > 0). At p = p((0,6),∅)(α, d) = Δ₁₉/(Δ₁₉ − Δ₂₇) at ((0,6),∅) Banker is indifferent
there, and the sign of every other G_m is the sign of Δ₁₉(l*)Δ₂₇(m) − Δ₁₉(m)Δ₂₇(l*) over
Δ₁₉(l*) − Δ₂₇(l*) (:func:`gamekit.parametric.family_proof.det_on_curve`), proved constant on
the box by :func:`gamekit.exact.uniform_sign.box_sign`: Banker's strategy is a best
response for every (d, α). Player's gain from drawing at composition c is additive in his own
sets and affine in Banker's behaviour: g_c(q) = A_c(d) + q·B_c(d) (α-free: Player's payoff is
minus Banker's at α = 0). q* solves g_(1,4) = 0; g_(0,5), g_(6,9), g_(7,8) > 0 and g_(2,3) < 0
at q* are signs of polynomials in d (:func:`~gamekit.exact.uniform_sign.integer_sign`).
Those are all the best-response inequalities of both players, so the profile is a Nash
equilibrium of the 2⁵ × 2⁴⁸⁴ game for every d ≥ d₀ and every α ∈ [0, 1/10].

Lemma 1 (:func:`lemma1_counts`, :func:`lemma1_all_d`): a Banker set is forced when Δ_u(m) has the
same strict sign for all 32 rows u at α = 0 and α = 1/10 (affine in α: then on the whole
interval); n_d counts the others. Each Δ_u(m)(d, 0) and Δ_u(m)(d, 1/10) is a polynomial in d
with an exact eventual sign and threshold (:func:`~gamekit.exact.uniform_sign.eventual_sign`),
so the classification is constant for d ≥ D = the largest threshold and n_d is computed
exactly for each d < D: 20 ≤ n_d ≤ 28 is then proved for every d ≥ 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

import numpy as np

from gamekit.exact import (
    IntegerSignCertificate,
    box_sign,
    eventual_sign,
    integer_sign,
    to_poly,
)
from gamekit.parametric import AffineFamily, det_on_curve, family_from_ints
from games.baccara.models.counts import LOSS, WIN

__all__ = ["MIXED_SET", "ROW_STAND", "ROW_DRAW", "PLAYER_MOVES", "b3_pair_family", "player_gains",
           "Table7Proof", "prove_table7_row", "lemma1_counts", "lemma1_all_d"]

MIXED_SET = "06:-"
#: rows 19 = DSSDD and 27 = DDSDD (Player's sets in the order 05, 14, 23, 69, 78)
ROW_STAND, ROW_DRAW = 19, 27
#: Theorem 2: Player draws (1) at 05, 69, 78, stands (0) at 23, mixes at 14
PLAYER_MOVES = {"05": 1, "14": None, "23": 0, "69": 1, "78": 1}
ALPHA_MAX = Fraction(1, 10)


@cache
def _b3_polys():
    from games.baccara.models.tables import aggregated_polynomials, model_tables, player_rows

    _nat, mv = aggregated_polynomials("B", 3)
    return model_tables("B3", 1).infosets, player_rows(3)[0], mv


@cache
def b3_pair_family(rows: tuple[int, int] = (ROW_STAND, ROW_DRAW)) -> AffineFamily:
    """Model B3 restricted to two Player rows, as a 2×2ⁿ family in (d, α) (Banker's Δ and
    Player's gain of the second row over the first)."""
    labels, _names, mv = _b3_polys()
    sub = mv[list(rows)]
    wl = sub[..., WIN, :] - sub[..., LOSS, :]
    w = sub[..., WIN, :]
    delta = [tuple(((wl[u, l, 1] - wl[u, l, 0]).tolist(), (-(w[u, l, 1] - w[u, l, 0])).tolist())
                   for u in (0, 1)) for l in range(len(labels))]
    e = -(wl[1] - wl[0])
    return family_from_ints(labels, delta, e[:, 0].sum(axis=0).tolist(),
                            [(e[l, 1] - e[l, 0]).tolist() for l in range(len(labels))])


def player_gains(base: str = "DSSDD") -> dict[str, tuple]:
    """g_c(q) = F₀_c(d) + Σ_l q_l h_c(l)(d) for each Player set c: his gain (times (52d)₆) from
    drawing at c, all else as in ``base`` (additive: the same for every base)."""
    labels, names, mv = _b3_polys()
    order = ("05", "14", "23", "69", "78")
    out = {}
    for i, c in enumerate(order):
        hi = base[:i] + "D" + base[i + 1:]
        lo = base[:i] + "S" + base[i + 1:]
        u1, u0 = names.index(hi), names.index(lo)
        e = (mv[u1, :, :, LOSS] - mv[u1, :, :, WIN]) - (mv[u0, :, :, LOSS] - mv[u0, :, :, WIN])
        out[c] = (to_poly(e[:, 0].sum(axis=0).tolist()), [to_poly((e[l, 1] - e[l, 0]).tolist())
                                                           for l in range(len(labels))])
    return out


@dataclass
class Table7Proof:
    """What :func:`prove_table7_row` proved; ``holds`` is the conclusion (a Nash equilibrium for
    every d ≥ d0 and α ∈ [0, alpha_max])."""

    d0: int
    alpha_max: Fraction
    banker_moves: dict[str, int] = field(default_factory=dict)
    banker_mismatch: list[str] = field(default_factory=list)
    curve_inside: bool = False
    q_num: object = None
    q_den: object = None
    q_inside: tuple[IntegerSignCertificate, ...] = ()
    player: dict[str, IntegerSignCertificate] = field(default_factory=dict)
    n_certificates: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def holds(self) -> bool:
        return not self.failures


def _banker_side(fam: AffineFamily, target: dict[str, int], d0: int, a, proof: Table7Proof) -> None:
    l = fam.labels.index(MIXED_SET)
    (a0, a1) = fam.delta[l]
    s0 = [box_sign(a0, d0, 0, a, sign=-1), box_sign(a1, d0, 0, a, sign=1)]
    proof.curve_inside = all(c.holds for c in s0)
    if not proof.curve_inside:
        proof.failures.append("p((0,6),-) not proved inside (0, 1)")
    _, den = det_on_curve(fam, l, l)
    ds = box_sign(den, d0, 0, a, sign=-1)  # Δ19 < 0 < Δ27 at l*: Δ19 − Δ27 < 0
    proof.n_certificates += 3
    for m, lab in enumerate(fam.labels):
        if m == l:
            continue
        num, _ = det_on_curve(fam, l, m)
        want = 1 if target[lab] else -1  # draw iff G_m > 0; G_m = num/den with den < 0
        c = box_sign(num, d0, 0, a, sign=-want)
        proof.n_certificates += 1
        if c.holds and ds.holds:
            proof.banker_moves[lab] = target[lab]
        else:
            proof.banker_mismatch.append(lab)
    if proof.banker_mismatch:
        proof.failures.append(f"Banker's move not proved at {proof.banker_mismatch[:5]}")


def _player_side(target: dict[str, int], d0: int, proof: Table7Proof) -> None:
    gains = player_gains()
    labels = _b3_polys()[0]
    l = labels.index(MIXED_SET)

    def at_pure(c):
        f0, h = gains[c]
        return f0 + sum((h[m] for m, lab in enumerate(labels) if lab != MIXED_SET and target[lab]),
                        to_poly([0])), h[l]

    A, B = at_pure("14")
    num, den = -A, B  # q* = num/den
    sd = integer_sign(den, d0)
    proof.q_num, proof.q_den = num, den
    proof.q_inside = (sd, integer_sign(num * sd.sign, d0, sign=1),
                      integer_sign((den - num) * sd.sign, d0, sign=1))
    if not all(c.holds for c in proof.q_inside):
        proof.failures.append("q* not proved inside (0, 1)")
    for c, move in PLAYER_MOVES.items():
        if move is None:
            continue
        Ac, Bc = at_pure(c)
        # g_c(q*) = (Ac·den + Bc·num)/den
        cert = integer_sign((Ac * den + Bc * num) * sd.sign, d0, sign=1 if move else -1)
        proof.player[c] = cert
        proof.n_certificates += 1
        if not cert.holds:
            proof.failures.append(f"Player's move at {c} not proved")


def prove_table7_row(target: dict[str, int], d0: int = 13, alpha_max: Fraction = ALPHA_MAX) -> Table7Proof:
    """Prove that (Player DMSDD with p of curve ((0,6),∅), Banker ``target`` (0/1 at all 484 sets,
    the mixed set's entry ignored) with q*) is a Nash equilibrium of Model B3 for every integer
    d ≥ d0 and α ∈ [0, alpha_max]."""
    proof = Table7Proof(d0, Fraction(alpha_max))
    _banker_side(b3_pair_family(), target, d0, Fraction(alpha_max), proof)
    _player_side(target, d0, proof)
    return proof


# -- Lemma 1 ---------------------------------------------------------------------------------
def _end_polys():
    """Δ_u(m)(d, α) at α = 0 and α = 1/10, times 10: integer coefficient arrays (32, 484, 2, deg)."""
    _labels, _names, mv = _b3_polys()
    wl = mv[..., WIN, :] - mv[..., LOSS, :]
    w = mv[..., WIN, :]
    g0 = wl[:, :, 1] - wl[:, :, 0]
    g1 = -(w[:, :, 1] - w[:, :, 0])
    return np.stack([10 * g0, 10 * g0 + g1], axis=2)  # 10·Δ(α=0), 10·Δ(α=1/10)


def _strategic(signs: np.ndarray) -> np.ndarray:
    """signs (32, 484, 2): a set is forced iff all 64 signs are equal and nonzero."""
    flat = signs.reshape(signs.shape[0], signs.shape[1], -1).transpose(1, 0, 2).reshape(signs.shape[1], -1)
    forced = (np.all(flat == 1, axis=1)) | (np.all(flat == -1, axis=1))
    return ~forced


def lemma1_counts(decks) -> dict[int, int]:
    """n_d (sets left strategic by Lemma 1 with α = 0 and α = 1/10) for each d, exactly."""
    from games.baccara.models.counts import evaluate

    P = _end_polys()
    out = {}
    for d in decks:
        v = evaluate(P, d)
        s = np.sign(v.astype(object)).astype(np.int64)
        out[d] = int(_strategic(s).sum())
    return out


@cache
def lemma1_all_d() -> tuple[int, int, dict[int, int]]:
    """(D, n_∞, {d: n_d for d < D}): every Δ_u(m)(d, 0 or 1/10) has its eventual sign for d ≥ D
    (exact thresholds), so n_d = n_∞ for every d ≥ D; the d < D are counted exactly."""
    P = _end_polys()
    D, signs = 1, np.zeros(P.shape[:3], dtype=np.int64)
    # no sign variation among the coefficients: no root d > 0 (Descartes), sign = the leading one
    pos, neg = np.all(P >= 0, axis=-1), np.all(P <= 0, axis=-1)
    signs[pos & ~neg], signs[neg & ~pos] = 1, -1
    for idx in zip(*np.nonzero(~(pos | neg))):
        s, N = eventual_sign(P[idx].tolist(), 1)
        signs[idx] = s
        D = max(D, N)
    n_inf = int(_strategic(signs).sum())
    return D, n_inf, lemma1_counts(range(1, D))


# -- uniqueness for every d >= d0 ----------------------------------------------------------------
@dataclass
class B3UniqueProof:
    """Uniqueness of the Model B3 equilibrium for every d ≥ d0 and α ∈ [0, alpha_max]:
    ``forced`` Banker moves (Lemma 1 against all 32 rows on the whole box), Player's strictly
    dominant moves at (0,5), (2,3), (6,9), (7,8) given them (``player``), and the uniqueness of
    the 2 × 2⁴⁸⁴ game of rows 19 and 27 (``pair``, :func:`gamekit.parametric.family_proof.prove_unique`)."""

    d0: int
    forced: dict[str, int] = field(default_factory=dict)
    player: dict[str, IntegerSignCertificate | None] = field(default_factory=dict)
    pair: object = None
    failures: list[str] = field(default_factory=list)

    @property
    def unique(self) -> bool:
        return not self.failures


def _forced_all_rows(d0: int) -> dict[str, int]:
    """Banker sets whose 64 end polynomials (32 rows × α ∈ {0, 1/10}) all have the same strict
    sign for every d ≥ d0 (affine in α: then on the whole interval) → the forced move."""
    labels = _b3_polys()[0]
    P = _end_polys()
    out = {}
    for m, lab in enumerate(labels):
        want = None
        for u in range(P.shape[0]):
            for e in range(2):
                c = integer_sign(P[u, m, e].tolist(), d0)
                if not c.holds or (want is not None and c.sign != want):
                    want = 0
                    break
                want = c.sign
            if want == 0:
                break
        if want:
            out[lab] = int(want > 0)
    return out


def prove_b3_unique(d0: int, alpha_max: Fraction = ALPHA_MAX) -> B3UniqueProof:
    """The three steps of :class:`B3UniqueProof`. In any equilibrium Banker plays the forced
    moves (strictly dominant), hence Player's strictly dominant moves (his gain at c is affine in
    Banker's behaviour: its extreme over the free sets' box is a polynomial in d), hence Player
    mixes only rows 19 = DSSDD and 27 = DDSDD, and the equilibrium is one of that 2-row game,
    whose equilibrium is unique."""
    from gamekit.parametric import prove_unique

    proof = B3UniqueProof(d0)
    proof.forced = _forced_all_rows(d0)
    labels = _b3_polys()[0]
    gains = player_gains()
    for c, move in PLAYER_MOVES.items():
        if move is None:
            continue
        f0, h = gains[c]
        ext = f0
        for m, lab in enumerate(labels):
            if lab in proof.forced:
                ext = ext + h[m] if proof.forced[lab] else ext
                continue
            s = integer_sign(h[m], d0)
            if not s.holds:
                s = integer_sign(h[m], d0, sign=-s.sign)
            if not s.holds:
                if h[m].degree() >= 0:
                    proof.failures.append(f"sign of Player's weight at {c}, {lab} varies")
                continue
            if (s.sign < 0) == bool(move):  # the worst case for the wanted move
                ext = ext + h[m]
        cert = integer_sign(ext, d0, sign=1 if move else -1)
        proof.player[c] = cert
        if not cert.holds:
            proof.failures.append(f"Player's move at {c} not strictly dominant")
    proof.pair = prove_unique(b3_pair_family(), d0, 0, alpha_max, MIXED_SET)
    if not proof.pair.unique:
        proof.failures.extend(f"rows 19/27: {f}" for f in proof.pair.failures)
    return proof
