"""The exact best responses to a mixed strategy, vectorised where it is provably safe.

A mixed strategy ``z = nums / den`` of one player (integers ``nums ≥ 0`` on the support
``S``) and the other player's payoff matrix ``G`` (one row per pure strategy of the other
player, integer entries ≥ 0) give the payoffs ``(G·nums)_i / den``; the Nash condition
asks that every strategy the other player uses attains their maximum.
:func:`best_responses` returns that maximum (times ``den``) and the set of rows attaining
it, exactly, without multiplying every entry of G by the (often long) numerators in Python:

* **int64 band.** With ``g ≥ max G`` (entries fitting int64), ``k = |S|`` and
  ``s = 62 − bitlen(g·k)``, take ``t`` so that ``ẑ_j = nums_j >> t < 2^s``. Then
  ``nums_j = 2^t·ẑ_j + r_j`` with ``0 ≤ r_j < 2^t``, and since ``G ≥ 0``

      2^t·a_i ≤ (G·nums)_i ≤ 2^t·a_i + (2^t − 1)·ρ_i,    a = Gẑ,  ρ_i = Σ_{j∈S} G_ij ≤ g·k,

  where ``a_i + ρ_i ≤ g·k·2^s ≤ 2^62``: the int64 products never overflow (the proved
  bound). With ``ℓ = max a``, a row with ``a_i < ℓ`` and ``a_i + ρ_i ≤ ℓ`` is strictly below
  the maximum (its value is below ``2^t·(a_i + ρ_i)`` when ``ρ_i > 0``, equals ``2^t·a_i``
  otherwise, and the row attaining ``ℓ`` is worth at least ``2^t·ℓ``). Only the other rows —
  the ties with the best response, typically the support of an equilibrium — are
  evaluated exactly, with Python integers. When ``t = 0`` (short numerators) ``ẑ = nums``:
  the int64 values are the exact ones and nothing is left over.
* **Python integers** when the band does not apply (``g·k ≥ 2^61``, or entries beyond
  int64): every row exactly, with Python's unbounded integers.

Examples
--------
>>> import numpy as np
>>> G = ((3, 1), (1, 3), (2, 2))
>>> best_responses(G, np.array(G), 3, [0, 1], [1, 1])   # z = (1, 1)/2: every row pays 4/2
(4, {0, 1, 2})
>>> best_responses(G, None, 3, [0], [1])                 # z = e_0, Python integers
(3, {0})
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

__all__ = ["best_responses", "INT64_BAND_BITS"]

INT64_BAND_BITS = 62
"""Every int64 value formed by :func:`best_responses` is at most ``2**INT64_BAND_BITS``."""


def _exact(rows: Sequence[Sequence[int]], idx: Sequence[int], nums: Sequence[int]) -> tuple[int, set[int]]:
    best: int | None = None
    arg: set[int] = set()
    for i, row in zip(idx, rows):
        v = sum(map(operator.mul, row, nums))
        if best is None or v > best:
            best, arg = v, {i}
        elif v == best:
            arg.add(i)
    assert best is not None
    return best, arg


def best_responses(
    G: Sequence[Sequence[int]] | None, G64: Any, gmax: int, S: Sequence[int], nums: Sequence[int]
) -> tuple[int, set[int]]:
    """``(v, R)``: ``v = max_i Σ_{j∈S} G[i][j]·nums_j`` and ``R`` the rows attaining it, exactly.

    Parameters
    ----------
    G : sequence of rows of int, or None
        The matrix (entries ≥ 0, at least one row) as Python ints; may be None when
        ``G64`` is given.
    G64 : numpy.ndarray of int64 or None
        The same matrix as int64 (None when an entry does not fit).
    gmax : int
        An upper bound on the entries of ``G``.
    S : sequence of int
        The columns of the support (not empty).
    nums : sequence of int
        The numerators on ``S`` (≥ 0).

    Returns
    -------
    tuple
        The maximum and the set of rows attaining it.

    Examples
    --------
    >>> import numpy as np
    >>> big = 1 << 70                          # beyond int64: the Python-int branch
    >>> best_responses(((big, 1), (1, big)), None, big, [0, 1], [1, 1])
    (1180591620717411303425, {0, 1})
    >>> G = np.array([[5, 1], [1, 5], [3, 3]])  # long numerators: the int64 band
    >>> v, R = best_responses(None, G, 5, [0, 1], [3 << 80, 1 << 80])
    >>> v == 16 << 80, R
    (True, {0})
    """
    k = len(S)
    if G64 is None or gmax * k >= 1 << (INT64_BAND_BITS - 1):
        if G64 is not None:  # entries fit int64, their products may not: Python ints
            return _exact(G64[:, S].tolist(), range(G64.shape[0]), nums)
        assert G is not None
        return _exact([[row[j] for j in S] for row in G], range(len(G)), nums)
    s = INT64_BAND_BITS - (gmax * k).bit_length()  # g·k·2^s ≤ 2^62
    t = max(0, max(v.bit_length() for v in nums) - s)
    import numpy as np  # G64 is a numpy array: numpy is loaded

    sub = G64[:, S]
    a = sub @ np.array([v >> t for v in nums], dtype=np.int64)  # ≤ g·k·(2^s − 1): exact
    lo = a.max()
    if t == 0:  # the int64 values are the exact ones
        return int(lo), set(np.flatnonzero(a == lo).tolist())
    cand = np.flatnonzero((a == lo) | (a + sub.sum(axis=1) > lo)).tolist()
    return _exact(sub[cand].tolist(), cand, nums)  # Python ints: exact products
