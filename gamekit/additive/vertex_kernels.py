"""Compiled inner loop of the exact small-integer y-filter (:mod:`gamekit.additive.vertex_filter`).

This module imports numba: import it lazily. The loop does exactly the float operations
of the numpy version on integers held exactly in binary64 (every partial result below
2⁵³ by the caller's magnitude checks), so any evaluation order or fused multiply–add
gives the same exact integers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["zeros_and_payoffs"]


@njit(cache=True)
def zeros_and_payoffs(C: np.ndarray, GS: np.ndarray, AT: np.ndarray, base: np.ndarray):
    """For each candidate i (x ∝ C[i] > 0): the number of sets h with g_h = C[i]·GS[h] = 0,
    and player I's constants c_u = base_u + Σ_{h: g_h > 0} AT[h, u] (face F(x), y_K = 0)."""
    N, s = C.shape
    H, m = AT.shape
    nz = np.zeros(N, np.int64)
    cc = np.empty((N, m))
    for i in range(N):
        for u in range(m):
            cc[i, u] = base[u]
        z = 0
        for h in range(H):
            g = 0.0
            for k in range(s):
                g += C[i, k] * GS[h, k]
            if g == 0.0:
                z += 1
            elif g > 0.0:
                for u in range(m):
                    cc[i, u] += AT[h, u]
        nz[i] = z
    return nz, cc
