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
from dataclasses import dataclass
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

    Steps: :func:`_start_vertex` (a first vertex, or none when P is empty), :func:`_walk`
    (the breadth-first search over :func:`_neighbours`), :func:`_embed` (the zero-coefficient
    coordinates put back at 0 and 1).
    """
    if sense == ">=":
        return slice_vertices(-c, [-a for a in coeffs], "<=", limit)
    nz = [i for i in range(len(coeffs)) if coeffs[i] != 0]
    sl = _Slice(c, tuple(coeffs[i] for i in nz), sense)
    start = _start_vertex(sl)
    if start is None:
        return []
    return _embed(_walk(sl, start, limit), nz, len(coeffs), limit)


@dataclass(frozen=True)
class _Slice:
    """c + Σ a_i y_i (sense) 0 over the coordinates with a_i ≠ 0; ``low`` is the corner of
    the box minimizing the sum."""

    c: Fraction
    a: tuple[Fraction, ...]
    sense: str

    @property
    def low(self) -> tuple[Fraction, ...]:
        return tuple(_ZERO if ai > 0 else _ONE for ai in self.a)

    def value(self, v: Sequence[Fraction]) -> Fraction:
        return self.c + sum((ai * vi for ai, vi in zip(self.a, v) if vi), _ZERO)


def _start_vertex(sl: _Slice) -> tuple[Fraction, ...] | None:
    """The min corner (``<=``), or the first point of the hyperplane met walking from the min
    corner towards the max corner (``=``); None when P is empty."""
    low = sl.low
    mn = sl.c + sum((ai for ai in sl.a if ai < 0), _ZERO)
    mx = sl.c + sum((ai for ai in sl.a if ai > 0), _ZERO)
    if mn > 0 or (sl.sense == "=" and mx < 0):
        return None
    if sl.sense == "<=":
        return low
    y = list(low)
    s = mn
    for i, ai in enumerate(sl.a):
        step = abs(ai)
        if s + step >= 0:
            y[i] = low[i] + (-s) / ai
            break
        y[i] = _ONE - low[i]
        s += step
    return tuple(y)


def _neighbours(sl: _Slice, v: tuple[Fraction, ...]) -> list[tuple[Fraction, ...]]:
    """The vertices of P adjacent to the vertex v."""
    frac = [i for i in range(len(sl.a)) if 0 < v[i] < 1]
    if frac:
        return _neighbours_on_hyperplane(sl, v, frac[0])
    s = sl.value(v)
    dirs = [(_ONE - 2 * v[i]) * sl.a[i] for i in range(len(sl.a))]  # change of the sum when flipping i
    if s < 0:
        return _neighbours_inside(v, s, dirs)
    return _neighbours_degenerate(sl, v, dirs)


def _neighbours_on_hyperplane(sl: _Slice, v: tuple[Fraction, ...], j: int) -> list[tuple[Fraction, ...]]:
    """From a hyperplane vertex with fractional coordinate j: move any other y_i towards its
    other bound while y_j keeps the sum at 0 (and, for ``<=``, leave along box edge j)."""
    a = sl.a
    out = []
    for i in range(len(a)):
        if i == j:
            continue
        d = _ONE - 2 * v[i]
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
    if sl.sense == "<=":  # leave the hyperplane along box edge j, decreasing the sum
        w = list(v)
        w[j] = sl.low[j]
        out.append(tuple(w))
    return out


def _neighbours_inside(v: tuple[Fraction, ...], s: Fraction, dirs: list[Fraction]) -> list[tuple[Fraction, ...]]:
    """From a 0/1 point strictly inside the half-space (``<=`` only): flip each coordinate,
    stopping on the hyperplane if the flip would cross it."""
    out = []
    for i in range(len(v)):
        w = list(v)
        if s + dirs[i] <= 0:
            w[i] = _ONE - v[i]
        else:
            w[i] = v[i] + (_ONE - 2 * v[i]) * (-s / dirs[i])
        out.append(tuple(w))
    return out


def _neighbours_degenerate(sl: _Slice, v: tuple[Fraction, ...], dirs: list[Fraction]) -> list[tuple[Fraction, ...]]:
    """From a 0/1 point on the hyperplane: box edges into the half-space (``<=``), and the
    segments where the hyperplane cuts the 2-faces spanned by an increasing and a decreasing
    coordinate."""
    m = len(v)
    out = []
    if sl.sense == "<=":
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


def _walk(sl: _Slice, start: tuple[Fraction, ...], limit: int) -> list[tuple[Fraction, ...]]:
    """Breadth-first search over the edges of P from ``start``: every vertex, once."""
    seen = {start}
    queue = [start]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for w in _neighbours(sl, v):
            if w not in seen:
                seen.add(w)
                queue.append(w)
                if len(seen) > limit:
                    raise TooLargeError(f"more than {limit} extreme equilibria; raise max_vertices")
    return queue


def _embed(verts: list[tuple[Fraction, ...]], nz: list[int], k: int, limit: int) -> list[tuple[Fraction, ...]]:
    """Full k-vectors: each vertex on the coordinates ``nz``, times {0, 1} on the others."""
    zr = [i for i in range(k) if i not in set(nz)]
    if len(verts) << len(zr) > limit:
        raise TooLargeError(f"more than {limit} extreme equilibria; raise max_vertices")
    result = []
    for v in verts:
        e = [_ZERO] * k
        for idx, val in zip(nz, v):
            e[idx] = val
        for bits in product((_ZERO, _ONE), repeat=len(zr)):
            f = list(e)
            for idx, b in zip(zr, bits):
                f[idx] = b
            result.append(tuple(f))
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
    out: list[frozenset[int]] = [frozenset()]
    for l in free:
        out += [s | {l} for s in out]
    return out
