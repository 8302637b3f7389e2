"""All extreme equilibria of a 2×N game from the upper envelope of N lines.

Let player I mix x(p) = (1 − p, p), p ∈ [0, 1]. Column j pays player II the line

    ℓ_j(p) = B₀ⱼ + p (B₁ⱼ − B₀ⱼ),

and the column best responses J(p) are the lines attaining the upper envelope
E(p) = maxⱼ ℓ_j(p). A mixed x(p) is a vertex of the best-response polytope P only at
p = 0, p = 1 and the *kinks* of E in (0, 1) (where two lines of different slope meet
on the envelope), so these are the only candidates for the row part of an extreme
equilibrium. With dⱼ = A₀ⱼ − A₁ⱼ (player I's gain of row 0 over row 1 against column j)
the column strategies y that make x(p) a best response form a face of Q whose extreme
points, restricted to supports in J(p), are

* p = 0: pure j with dⱼ ≥ 0;  p = 1: pure j with dⱼ ≤ 0;  0 < p < 1: pure j with dⱼ = 0;
* in every case the equalizing pairs j, k with dⱼ > 0 > dₖ:
  yⱼ = −dₖ / (dⱼ − dₖ), yₖ = dⱼ / (dⱼ − dₖ)

(the vertices of the simplex Δ(J) cut by the half-space d·y ≥ 0, d·y ≤ 0 or the
hyperplane d·y = 0). The envelope is built in O(N log N) exact integer arithmetic (sort
by slope, the convex-hull trick); every line that merely touches the envelope at a kink
is found by locating the kink where the envelope's slope passes its own. No support
enumeration is involved, so N in the thousands takes well under a second.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from gamekit.bimatrix.intgame import IntGame, Profile
from gamekit.core.errors import GameError

__all__ = ["extreme_equilibria_2xn", "envelope_candidates"]


def envelope_candidates(B0: list[int], B1: list[int]) -> list[tuple[Fraction, list[int]]]:
    """Candidate points p ∈ {0} ∪ kinks ∪ {1} of the upper envelope with their best
    responses J(p) (sorted column indices), in increasing p."""
    n = len(B0)
    # p = 0 and p = 1: direct argmax (exact integers).
    top0 = max(B0)
    top1 = max(B1)
    J0 = [j for j in range(n) if B0[j] == top0]
    J1 = [j for j in range(n) if B1[j] == top1]
    # Distinct lines (intercept a, slope b) -> columns.
    lines: dict[tuple[int, int], list[int]] = {}
    for j in range(n):
        lines.setdefault((B0[j], B1[j] - B0[j]), []).append(j)
    # Keep, per slope, the highest intercept (a parallel lower line is never a best response).
    best_by_slope: dict[int, int] = {}
    for a, b in lines:
        if b not in best_by_slope or a > best_by_slope[b]:
            best_by_slope[b] = a
    order = sorted(best_by_slope.items())  # (slope, intercept) by increasing slope
    # Upper envelope over R: a middle line is dropped unless it is strictly on top somewhere.
    hull: list[tuple[int, int]] = []  # (slope, intercept)
    for b3, a3 in order:
        while len(hull) >= 2:
            b1, a1 = hull[-2]
            b2, a2 = hull[-1]
            # x12 = (a1-a2)/(b2-b1), x23 = (a2-a3)/(b3-b2); drop l2 if x12 >= x23.
            if (a1 - a2) * (b3 - b2) >= (a2 - a3) * (b2 - b1):
                hull.pop()
            else:
                break
        hull.append((b3, a3))
    # Kinks strictly inside (0, 1), as exact fractions num/den with den > 0.
    kinks: list[tuple[int, int, int]] = []  # (num, den, index k of the left hull line)
    for k in range(len(hull) - 1):
        b1, a1 = hull[k]
        b2, a2 = hull[k + 1]
        num, den = a1 - a2, b2 - b1  # den > 0
        if 0 < num < den:
            kinks.append((num, den, k))
    kink_at = {k: idx for idx, (_, _, k) in enumerate(kinks)}
    J_kink: list[list[int]] = [[] for _ in kinks]
    hull_slopes = [b for b, _ in hull]
    hull_index = {bh: k for k, bh in enumerate(hull_slopes)}  # slopes on the hull are distinct
    hull_set = set(hull)
    for (a, b), cols in lines.items():
        if (b, a) in hull_set:
            # A hull line touches the envelope at both ends of its segment.
            k = hull_index[b]
            for kk in (k - 1, k):
                if kk in kink_at:
                    J_kink[kink_at[kk]].extend(cols)
            continue
        if best_by_slope[b] != a:
            continue  # below a parallel line
        # Not on the hull: slope strictly between hull slopes k and k+1; it can only
        # touch E at the kink between them.
        k = bisect_left(hull_slopes, b) - 1
        if k in kink_at:
            num, den, _ = kinks[kink_at[k]]
            bh, ah = hull[k]
            if a * den + b * num == ah * den + bh * num:
                J_kink[kink_at[k]].extend(cols)
    out = [(Fraction(0), J0)]
    for (num, den, _), J in zip(kinks, J_kink):
        out.append((Fraction(num, den), sorted(J)))
    out.append((Fraction(1), J1))
    return out


def extreme_equilibria_2xn(ig: IntGame, max_iter: int | None = None) -> list[Profile]:
    """Every extreme equilibrium of a game whose row player has 2 strategies.

    ``max_iter`` is accepted for a uniform interface; the method does not pivot.
    """
    if ig.m != 2:
        raise GameError(f"the 2xN method needs a game with 2 rows, got {ig.m}")
    n = ig.n
    B0, B1 = list(ig.B[0]), list(ig.B[1])
    d = [ig.A[0][j] - ig.A[1][j] for j in range(n)]
    one = Fraction(1)
    out: list[Profile] = []
    for p, J in envelope_candidates(B0, B1):
        x = tuple((i, q) for i, q in ((0, one - p), (1, p)) if q)
        if p == 0:
            pures = [j for j in J if d[j] >= 0]
        elif p == 1:
            pures = [j for j in J if d[j] <= 0]
        else:
            pures = [j for j in J if d[j] == 0]
        for j in pures:
            out.append((x, ((j, one),)))
        plus = [j for j in J if d[j] > 0]
        minus = [k for k in J if d[k] < 0]
        for j in plus:
            for k in minus:
                yj = (j, Fraction(-d[k], d[j] - d[k]))
                yk = (k, Fraction(d[j], d[j] - d[k]))
                out.append((x, (yj, yk) if j < k else (yk, yj)))
    return out
