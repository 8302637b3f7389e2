"""Vertices of the polytopes that make up equilibrium cells of additive games.

* :func:`slice_vertices`: a box [0,1]^k cut by a hyperplane or half-space
  {c + Σ a_i y_i (sense) 0} — player II's behaviour strategies in a best-response face
  that keep player I indifferent (or, at p = 0 / 1, not wanting to switch);
* :func:`mixture_vertices`: the same condition on the simplex of mixtures over a face's
  corners (player I's payoff not additive);
* :func:`subsets`: the corners of a face.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product

from gamekit.core.errors import TooLargeError

__all__ = ["slice_vertices", "mixture_vertices", "subsets"]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def slice_vertices(c: Fraction, coeffs: Sequence[Fraction], sense: str, limit: int) -> list[tuple[Fraction, ...]]:
    """Vertices of P = {y ∈ [0,1]^k : c + Σ coeffs_i y_i (sense) 0}, sense in "=", "<=", ">=".

    Coordinates with a zero coefficient give a product with {0, 1}. For the others a vertex
    of P is a 0/1 point satisfying the condition or a point of the hyperplane with every
    coordinate at a bound but one. They are enumerated by a breadth-first search over the
    edges of P — along box edges, and along the segments in which the hyperplane cuts the
    2-faces of the box — which visits only vertices (output-sensitive: O(k) work per
    non-degenerate vertex, O(k²) per degenerate one), never a subset-sum search.
    Raises :class:`TooLargeError` beyond ``limit`` vertices.
    """
    if sense == ">=":
        return slice_vertices(-c, [-a for a in coeffs], "<=", limit)
    k = len(coeffs)
    nz = [i for i in range(k) if coeffs[i] != 0]
    zr = [i for i in range(k) if coeffs[i] == 0]
    a = [coeffs[i] for i in nz]
    m = len(a)
    low = [_ZERO if ai > 0 else _ONE for ai in a]  # corner minimizing the sum
    mn = c + sum((ai for ai in a if ai < 0), _ZERO)
    mx = c + sum((ai for ai in a if ai > 0), _ZERO)
    if mn > 0 or (sense == "=" and mx < 0):
        return []
    if sense == "<=":
        start = tuple(low)
    else:  # walk from the min corner towards the max corner until the sum reaches 0
        y = list(low)
        s = mn
        for i in range(m):
            step = abs(a[i])
            if s + step >= 0:
                y[i] = low[i] + (-s) / a[i]
                break
            y[i] = _ONE - low[i]
            s += step
        start = tuple(y)

    def value(v: tuple[Fraction, ...]) -> Fraction:
        return c + sum((ai * vi for ai, vi in zip(a, v) if vi), _ZERO)

    def neighbours(v: tuple[Fraction, ...]) -> list[tuple[Fraction, ...]]:
        out = []
        frac = [i for i in range(m) if 0 < v[i] < 1]
        s = value(v)
        if frac:  # on the hyperplane with one fractional coordinate j
            j = frac[0]
            for i in range(m):
                if i == j:
                    continue
                d = _ONE - 2 * v[i]  # move y_i towards its other bound
                r = -a[i] * d / a[j]  # rate of y_j keeping the sum at 0
                t = _ONE
                if r > 0:
                    t = min(t, (_ONE - v[j]) / r)
                elif r < 0:
                    t = min(t, v[j] / (-r))
                w = list(v)
                w[i] = v[i] + d * t
                w[j] = v[j] + r * t
                out.append(tuple(w))
            if sense == "<=":  # leave the hyperplane along box edge j, decreasing the sum
                w = list(v)
                w[j] = low[j]
                out.append(tuple(w))
            return out
        # a 0/1 point
        dirs = [(_ONE - 2 * v[i]) * a[i] for i in range(m)]  # change of the sum when flipping i
        if s < 0:  # strictly inside the half-space ("<=" only)
            for i in range(m):
                w = list(v)
                if s + dirs[i] <= 0:
                    w[i] = _ONE - v[i]
                else:
                    w[i] = v[i] + (_ONE - 2 * v[i]) * (-s / dirs[i])
                out.append(tuple(w))
            return out
        # s == 0: a degenerate vertex on the hyperplane
        if sense == "<=":
            for i in range(m):
                if dirs[i] < 0:
                    w = list(v)
                    w[i] = _ONE - v[i]
                    out.append(tuple(w))
        ups = [i for i in range(m) if dirs[i] > 0]
        downs = [i for i in range(m) if dirs[i] < 0]
        for i in ups:
            for j in downs:
                ratio = dirs[i] / (-dirs[j])  # move of j per unit move of i
                t = min(_ONE, 1 / ratio)
                w = list(v)
                w[i] = v[i] + (_ONE - 2 * v[i]) * t
                w[j] = v[j] + (_ONE - 2 * v[j]) * t * ratio
                out.append(tuple(w))
        return out

    seen = {start}
    queue = [start]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for w in neighbours(v):
            if w not in seen:
                seen.add(w)
                queue.append(w)
                if len(seen) > limit:
                    raise TooLargeError(f"more than {limit} extreme equilibria; raise max_vertices")
    total = len(queue) << len(zr)
    if total > limit:
        raise TooLargeError(f"more than {limit} extreme equilibria; raise max_vertices")
    result = []
    for v in queue:
        e = [_ZERO] * k
        for idx, val in zip(nz, v):
            e[idx] = val
        if zr:
            for bits in product((_ZERO, _ONE), repeat=len(zr)):
                f = list(e)
                for idx, b in zip(zr, bits):
                    f[idx] = b
                result.append(tuple(f))
        else:
            result.append(tuple(e))
    return result


def mixture_vertices(D: Sequence[Fraction], sense: str) -> list[tuple[tuple[int, Fraction], ...]]:
    """Vertices of {σ ∈ simplex : Σ σ_i D_i (sense) 0}: admissible corners and equalizing pairs."""
    ok = (lambda d: d == 0) if sense == "=" else ((lambda d: d <= 0) if sense == "<=" else (lambda d: d >= 0))
    out: list[tuple[tuple[int, Fraction], ...]] = [((i, _ONE),) for i, d in enumerate(D) if ok(d)]
    pos = [i for i, d in enumerate(D) if d > 0]
    neg = [i for i, d in enumerate(D) if d < 0]
    for i in pos:
        for j in neg:
            w = D[i] / (D[i] - D[j])  # weight on j so that (1-w) D_i + w D_j = 0
            out.append(tuple(sorted(((i, _ONE - w), (j, w)))))
    return out


def subsets(free: Sequence[int]) -> list[frozenset[int]]:
    """All subsets of ``free`` (the 2^k corners of a face), smallest first."""
    out = [frozenset()]
    for l in free:
        out += [s | {l} for s in out]
    return out
