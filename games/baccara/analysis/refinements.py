"""Which equilibria survive refinement at the exceptional commissions of Models B2 and B3 (new; not in the papers).

At an exceptional α of Model B2 (Ethier & Lee II, Theorem 1; α₀ ≈ 0.0620017 for d = 6) the
Nash equilibria are not unique: Player mixes at 5 with one probability p*, and Banker's
behaviour ranges over a segment (the mixtures of the equalizing strategies (21)–(24)). The
game is 2 × 2ⁿ (Player stands or draws at 5; Banker chooses a move at each of his n sets),
and α is a quadratic surd, so :mod:`gamekit.refine` (rational LPs) does not apply directly.
The argument below needs only exact sign tests.

Lemma. Let G be a bimatrix game with two rows, (x*, y) a Nash equilibrium with x* completely
mixed, K₀ the columns that are best replies to x*, and H(c) = A₂c − A₁c the row player's
gain from row 2 against column c. If H takes both signs on K₀, then (x*, y') is a *proper*
equilibrium for every Nash equilibrium (x*, y') — every y' ∈ Δ(K₀) with H(y') = 0.

Proof. Rank the columns by their payoff against x*: K₀ (best), K₁, …, K_r. Put
w(ε) = Σ_{k≥1} ε^(2k) · (uniform on K_k) and η(ε) = −H(w(ε)) → 0. Since H takes both signs on
K₀, there are z± in the relative interior of Δ(K₀) with ±H(z±) > 0; let z⁰ ∈ [z⁻, z⁺] with
H(z⁰) = 0. For small ε the point ŷ(ε) = (1 − √ε) y' + √ε z⁰ + δ(ε)(z^{sgn η} − z⁰), with
δ(ε) = |η(ε)| / |H(z^{sgn η})|, lies in the relative interior of Δ(K₀) and has H(ŷ) = η, its
weights at least of order √ε. Let y_ε ∝ ŷ(ε) + w(ε) and x_ε = x*. Then y_ε is completely
mixed, H(y_ε) = 0, so both rows are best replies and x_ε is ε-proper; against x*, a column
of K_k (k ≥ 1) has weight of order ε^(2k), at most ε times that of any better column (those of
K₀ have weight ≥ c√ε, those of K_j, j < k, order ε^(2j)), so y_ε is ε-proper; and
(x_ε, y_ε) → (x*, y'). ∎

In Model B2 at an exceptional α: x* (stand/draw at 5 with p*, 0 < p* < 1) is completely
mixed; each extreme equilibrium of Banker mixes two pure strategies T, T₂ with probability
q ∈ (0, 1) that equalize Player, so H(T)·H(T₂) < 0 with T, T₂ ∈ K₀ (they are in the support
of an equilibrium) — checked exactly below. Hence every point of the segment is proper,
and so perfect (Myerson). All equilibria share p*, so the Nash set is {x*} × {y ∈ Δ(K₀) :
H(y) = 0}, convex: one component, whose index is +1 (the indices of the components of a
bimatrix game sum to +1 — Shapley 1974, Ritzberger 1994; cf. ``gamekit.refine.index``).

Model B3 (:func:`b3_exceptional_refinements`). The game is doubly additive, 2⁵ × 2⁴⁸⁴: a
payoff depends on the mixed strategies only through the behaviours x ∈ [0, 1]⁵ (Player),
y ∈ [0, 1]⁴⁸⁴ (Banker), and Banker's gain from drawing at set l is affine,
G_l(x) = b_l + Σ_h C_hl x_h (coefficients affine in α, evaluated exactly in ℚ(√D) at the
exceptional β). At β the sweep of :mod:`games.baccara.analysis.b3_sweep` finds every
equilibrium: Player's behaviour x* (pure except at one set m), and Banker's behaviours on a
segment, free at the two sets s₁, s₂ where G vanishes at x* (checked: at no other set). In
mixed strategies Banker's equilibrium set is the quadrilateral of mixtures over the four
pure strategies SS, SD, DS, DD (moves at s₁, s₂; the others fixed) that keep Player
indifferent; its vertices are the four equalizing pairs.

Perfect = both strategies undominated (van Damme 1991, Thm 3.2.2), and a strategy is
undominated iff it is a best reply to a completely mixed strategy of the opponent, i.e. to a
behaviour in the open cube. *Banker.* The pairs of his support are best replies to x' iff
(g₁, g₂) = (G_s₁(x'), G_s₂(x')) lies in a region R: SS–DS needs g₁ = 0 ≥ g₂, SD–DD g₁ = 0 ≤ g₂,
SS–SD g₂ = 0 ≥ g₁, DS–DD g₂ = 0 ≤ g₁, and SS–DD, SD–DS (or a support of three or four) need
g₁ = g₂ = 0; the other 482 sets keep their sign near x* (strict there). The feasible x' form
a convex set whose closure contains x*, so one exists iff one exists near x*: x' = x* + t d
with d_h > 0 where x*_h = 0, d_h < 0 where x*_h = 1, d_m free. As G(x*) = 0 at s₁, s₂, the
reachable (g₁, g₂) form the cone I = ℝ·v_m + {Σ λ_h σ_h v_h : λ > 0} with v_h = (C_hs₁, C_hs₂)
and σ_h = ∓1 as x*_h = 1 or 0; with w_h = v_m × σ_h v_h (cross product), I is the open
half-plane {u : v_m × u has the sign of the w_h} when they share a sign, the plane when they
have both signs, the line ℝ·v_m when all are 0. A region R (a ray or {0}) is feasible iff it
meets I. Every "not perfect" verdict is also certified directly: shifting Banker's drawing
probabilities at (s₁, s₂) by t·n with n ⟂ v_m (oriented by the w_h) weakly dominates the
strategy — checked against all 2⁵ pure strategies of Player, exactly. *Player.* x* is a best reply to y' iff Player's gain at m vanishes and the other
four keep their signs; they are strict on the segment (checked at both ends, affine between)
and the gain at m, affine in y, vanishes at the segment's points where y is mixed at a set
l with coefficient D_ml ≠ 0 (checked) — so some open-cube y' near y makes it vanish too, and
x* is undominated.

Proper: a proper equilibrium exists (Myerson 1978) and is perfect; when the perfect set is
one point, that point is the proper equilibrium. The Nash set is one convex set: one
component, index +1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from gamekit.exact import compare_numbers, number_str

__all__ = ["ExceptionalRefinement", "exceptional_refinements", "B3Refinement", "b3_exceptional_refinements"]

#: Banker's pairs of pure strategies at (s₁, s₂) and the region R of (g₁, g₂) where both are
#: best replies: (direction of the ray, or None for the point 0) — module doc
_REGIONS = {("SS", "DS"): (0, -1), ("SD", "DD"): (0, 1), ("SS", "SD"): (-1, 0), ("DS", "DD"): (1, 0),
            ("SS", "DD"): None, ("SD", "DS"): None}


@dataclass(frozen=True)
class ExceptionalRefinement:
    """The verdict at one exceptional α: ``p`` (Player's probability of row 2 = draw at 5),
    ``segment`` (Banker's behaviour at the free sets at the two ends), ``witness`` (an
    equalizing pair T, T₂ with H(T), H(T₂), q), ``proper``/``perfect`` ("every point") and
    ``index`` (+1, the only component)."""

    alpha: object
    p: object
    free_sets: tuple[str, ...]
    segment: tuple[dict[str, Fraction], ...]
    witness: tuple[dict[str, str], dict[str, str], Fraction, Fraction, Fraction]
    perfect: str
    proper: str
    index: int
    components: int

    def summary(self) -> dict:
        return {"alpha": number_str(self.alpha), "p": number_str(self.p), "free_sets": list(self.free_sets),
                "perfect": self.perfect, "proper": self.proper, "components": self.components,
                "index": self.index}


def exceptional_refinements(sol, player_payoff: Callable[[dict[str, str]], tuple[Fraction, Fraction]]) \
        -> list[ExceptionalRefinement]:
    """The verdicts of the module's lemma at every non-unique α of a Model B2 sweep.

    Parameters
    ----------
    sol : gamekit.parametric.ParametricSolution
        The parametric solution of Model B2 on an α-range (``solve_alpha_range("B2", d, …)``).
    player_payoff : callable
        Player's payoffs (stand, draw at 5) against Banker's pure strategy ``{set: "S" | "D"}``.

    Returns
    -------
    list of ExceptionalRefinement
        One per non-unique critical α.

    Raises
    ------
    ValueError
        If a hypothesis of the lemma fails (then nothing is claimed).
    """
    out = []
    for pt in sol.nonunique_points:
        eqs = pt.equilibria()
        ps = {number_str(e.p) for e in eqs}
        if len(ps) != 1:
            raise ValueError(f"at alpha = {number_str(pt.alpha)} Player's strategy is not unique: {sorted(ps)}")
        p = eqs[0].p
        if not (compare_numbers(p, 0) > 0 and compare_numbers(p, 1) < 0):
            raise ValueError("Player's equilibrium strategy is not completely mixed")
        labels = list(sol.game.infosets)
        witness = None
        free: set[str] = set()
        for _p, T, T2, q in pt.mixed_extremes():
            free |= set(T)
            if not 0 < q < 1:
                continue
            base = {s: ("D" if v == 1 else "S") for s, v in zip(labels, eqs[0].y)}
            h = []
            for strat in (T, T2):
                a = player_payoff({**base, **{s: ("D" if m == "1" else "S") for s, m in strat.items()}})
                h.append(a[1] - a[0])
            if (1 - q) * h[0] + q * h[1] != 0:
                raise ValueError("an extreme equilibrium of Banker does not equalize Player")
            if h[0] * h[1] < 0 and witness is None:
                witness = (dict(T), dict(T2), q, h[0], h[1])
        if witness is None:
            raise ValueError("no equalizing pair with H of both signs")
        free_sets = tuple(s for s in labels if s in free)
        if any(0 < e.y[k] < 1 for e in eqs for k, s in enumerate(labels) if s not in free):
            raise ValueError("Banker mixes outside the free sets of the breakpoint")
        segment = tuple({s: e.y[labels.index(s)] for s in free_sets} for e in eqs)
        out.append(ExceptionalRefinement(pt.alpha, p, free_sets, segment, witness,
                                         "every point", "every point", 1, 1))
    return out


@dataclass(frozen=True)
class B3Refinement:
    """The verdict at one exceptional β of Model B3: ``x`` (Player's behaviour), ``sets``
    (s₁, s₂), ``vertices`` (the four equalizing pairs ``(T, T₂, q)``, T drawn with 1 − q),
    ``perfect_vertices`` (those that are perfect), ``interior_perfect`` (whether the
    points whose support needs g₁ = g₂ = 0 are), ``player_undominated``, ``proper`` (the
    proper equilibrium when the perfect set is one point, else None), ``index`` (+1)."""

    beta: object
    x: tuple
    sets: tuple[str, str]
    vertices: tuple[tuple[str, str, Fraction], ...]
    perfect_vertices: tuple[tuple[str, str, Fraction], ...]
    interior_perfect: bool
    player_undominated: bool
    proper: tuple[str, str, Fraction] | None
    index: int
    components: int

    def summary(self) -> dict:
        return {"beta": number_str(self.beta), "sets": list(self.sets),
                "perfect": [f"{a}-{b} q={q}" for a, b, q in self.perfect_vertices],
                "interior_perfect": self.interior_perfect, "player_undominated": self.player_undominated,
                "proper": None if self.proper is None else f"{self.proper[0]}-{self.proper[1]} q={self.proper[2]}",
                "components": self.components, "index": self.index}


def _sign(v) -> int:
    return compare_numbers(v, 0)


def _in_cone(u: tuple, vm: tuple, pure: list[tuple]) -> bool:
    """u ∈ I = ℝ·vm + {Σ λ_h v_h : λ > 0} (module doc); vm ≠ 0."""
    def cross(a: tuple, b: tuple):
        return a[0] * b[1] - a[1] * b[0]
    signs = {_sign(cross(vm, v)) for v in pure}
    c = _sign(cross(vm, u))
    if signs <= {0}:
        return c == 0
    if signs >= {1, -1}:
        return True
    (s,) = signs - {0}
    return c == s


def b3_exceptional_refinements(sol) -> list[B3Refinement]:
    """The verdicts of the module doc at every non-unique exceptional α of a Model B3 sweep.

    Parameters
    ----------
    sol : gamekit.doubly_additive.ParametricDASolution
        ``b3_solve(d, lo, hi)`` (its ``game`` an AffineDoublyAdditiveGame, G = G0 + α·G1).

    Returns
    -------
    list of B3Refinement

    Raises
    ------
    ValueError
        If the structure assumed by the argument is not there (then nothing is claimed).
    """
    G0, G1 = sol.game.G0, sol.game.G1
    rows, cols = G0.row_sets, G0.col_sets
    out = []
    for p in sol.exceptional():
        if p.unique:
            continue
        beta = p.alpha
        xs = {tuple(number_str(v) for v in e.x_at(beta)) for e in p.equilibria}
        if len(xs) != 1:
            raise ValueError("Player's behaviour is not the same in every equilibrium")
        x = p.equilibria[0].x_at(beta)
        mixed = [h for h, v in enumerate(x) if _sign(v) > 0 and compare_numbers(v, 1) < 0]
        if len(mixed) != 1:
            raise ValueError("Player is not mixed at exactly one set")
        m = mixed[0]
        gain = [a + beta * b for a, b in zip(G0.II.col_gain(x), G1.II.col_gain(x))]
        zero = [l for l, g in enumerate(gain) if _sign(g) == 0]
        if len(zero) != 2:
            raise ValueError(f"Banker is indifferent at {len(zero)} sets, not 2")
        s1, s2 = zero
        if any(0 < e.y[l] < 1 for e in p.equilibria for l in range(len(cols)) if l not in zero):
            raise ValueError("Banker mixes outside the two free sets")

        vs = [tuple(G0.II.C[h][l] + beta * G1.II.C[h][l] for l in (s1, s2)) for h in range(len(rows))]
        vm = vs[m]
        if _sign(vm[0]) == 0 and _sign(vm[1]) == 0:
            raise ValueError("the mixed Player set does not move Banker's gains")
        pure = [tuple(-c for c in vs[h]) if x[h] == 1 else vs[h] for h in range(len(rows)) if h != m]
        feasible = {pair: (_in_cone((0, 0), vm, pure) if r is None else _in_cone(r, vm, pure))
                    for pair, r in _REGIONS.items()}
        interior = _in_cone((0, 0), vm, pure)
        # Player: gain at m is 0, the others strict with x*'s moves, at both ends of the segment
        ok = True
        for e in p.equilibria:
            pg = G0.I.row_gain(e.y)
            ok &= pg[m] == 0 and all((pg[h] > 0) if x[h] == 1 else (pg[h] < 0) for h in range(len(rows)) if h != m)
            ok &= any(0 < e.y[l] < 1 and G0.I.C[m][l] != 0 for l in range(len(cols)))
        verts = _equalizing_pairs(G0, p.equilibria[0].y, (s1, s2), m)
        _check_dominated(G0, G1, beta, (s1, s2), vm, pure, [t for t in verts if not feasible[(t[0], t[1])]],
                         not interior)
        perfect = tuple(t for t in verts if feasible[(t[0], t[1])]) if ok else ()
        only = perfect[0] if len(perfect) == 1 and not interior else None
        out.append(B3Refinement(beta, tuple(x), (cols[s1], cols[s2]), tuple(verts), perfect,
                                interior and ok, ok, only, 1, 1))
    return out


#: the sign the dominating shift n must have at (s₁, s₂) for a vertex (0: any)
_ADMISSIBLE = {("SS", "DS"): (0, 1), ("SD", "DD"): (0, -1), ("SS", "SD"): (1, 0), ("DS", "DD"): (-1, 0),
               ("SS", "DD"): (0, 0), ("SD", "DS"): (0, 0)}


def _check_dominated(G0, G1, beta, free: tuple[int, int], vm: tuple, pure: list[tuple],
                     vertices: list[tuple[str, str, Fraction]], interior: bool) -> None:
    """An independent witness for every "not perfect" verdict: moving Banker's drawing
    probabilities at (s₁, s₂) by t·n, n = ±(−v_m[1], v_m[0]), weakly dominates the vertex —
    n·(G_s₁(r), G_s₂(r)) ≥ 0 against each of Player's 2⁵ pure strategies r, > 0 against
    one (exact, in ℚ(√D)) — and the shift is possible at the vertex (a probability at 0 or 1
    moves inward)."""
    if not vertices and not interior:
        return
    n = (-vm[1], vm[0])
    w = [_sign(n[0] * v[0] + n[1] * v[1]) for v in pure]
    if not w or any(x <= 0 for x in w):
        n = (vm[1], -vm[0])
    m = len(G0.row_sets)
    values = []
    for bits in range(2 ** m):
        r = [Fraction((bits >> h) & 1) for h in range(m)]
        g0, g1 = G0.II.col_gain(r), G1.II.col_gain(r)
        g = [g0[l] + beta * g1[l] for l in free]
        values.append(_sign(n[0] * g[0] + n[1] * g[1]))
    if min(values) < 0 or max(values) <= 0:
        raise ValueError("no dominating shift: a 'not perfect' verdict lacks its witness")
    for a, b, _q in vertices:
        need = _ADMISSIBLE[(a, b)]
        if any(k and _sign(c) != k for k, c in zip(need, n)):
            raise ValueError(f"the dominating shift cannot move the vertex {a}-{b}")


def _equalizing_pairs(G0, y, free: tuple[int, int], m: int) -> list[tuple[str, str, Fraction]]:
    """The pairs (T, T₂, q) of Banker's pure strategies at the free sets (others as in y)
    whose mixture (1 − q) T + q T₂ makes Player's gain at set m vanish (q ∈ (0, 1))."""
    vals = {}
    for a in "SD":
        for b in "SD":
            yy = list(y)
            yy[free[0]], yy[free[1]] = Fraction(a == "D"), Fraction(b == "D")
            vals[a + b] = G0.I.row_gain(yy)[m]
    out = []
    names = ("SS", "SD", "DS", "DD")
    for i in range(4):
        for j in range(i + 1, 4):
            f1, f2 = vals[names[i]], vals[names[j]]
            if f1 * f2 < 0:
                out.append((names[i], names[j], f1 / (f1 - f2)))
    return out
