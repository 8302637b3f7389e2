"""Compiled Laplace expansion for :func:`gamekit.kernel.verified_float.signed_cofactors`.

This module imports numba: import it lazily. It evaluates exactly the recursion of the
numpy version (same products, same signs, same summation order along each expansion), so
the error bound of ``signed_cofactors`` applies unchanged; on its exact small-integer path
every value is an integer below 2⁵³ and the result is exact in any case.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["laplace_cofactors"]


@njit(cache=True)
def laplace_cofactors(F: np.ndarray):
    """For each of N matrices F[i] (k×s, k = s−1): the maximal minors D[C] and permanents
    P[C] of |F| for every column set C by Laplace expansion along the last row of each
    level (bit masks, increasing size), then c_d = (−1)^d D[all ∖ d] and p_d = P[all ∖ d]."""
    N, k, s = F.shape
    full = (1 << s) - 1
    c = np.empty((N, s))
    p = np.empty((N, s))
    D = np.zeros(1 << s)
    P = np.zeros(1 << s)
    pc = np.zeros(1 << s, np.int64)
    for mask in range(1, 1 << s):
        pc[mask] = pc[mask >> 1] + (mask & 1)
    for i in range(N):
        for mask in range(1, 1 << s):
            r = pc[mask]
            if r > k:
                continue
            d = 0.0
            q = 0.0
            t = 0
            first = True
            for j in range(s):
                if mask >> j & 1:
                    sub = mask ^ (1 << j)
                    f = F[i, r - 1, j]
                    if r == 1:
                        term, pterm = f, abs(f)
                    else:
                        term, pterm = f * D[sub], abs(f) * P[sub]
                    if first:
                        d = term if (r - 1 + t) % 2 == 0 else -term
                        q = pterm
                        first = False
                    else:
                        d = d + term if (r - 1 + t) % 2 == 0 else d - term
                        q = q + pterm
                    t += 1
            D[mask] = d
            P[mask] = q
        for dd in range(s):
            sub = full ^ (1 << dd)
            c[i, dd] = D[sub] if dd % 2 == 0 else -D[sub]
            p[i, dd] = P[sub]
    return c, p
