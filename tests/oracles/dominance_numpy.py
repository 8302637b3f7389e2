"""The former numpy test of strict dominance between pure strategies, kept as the oracle of
:func:`gamekit.bimatrix.enumerate_all._dominated` (now in Python integers, issue #23)."""

from __future__ import annotations

import numpy as np


def dominated_rows(M: np.ndarray) -> list[int]:
    """Indices of the rows of ``M`` strictly dominated by another row (all at once)."""
    r = M.shape[0]
    if r < 2:
        return []
    dom = np.any(np.all(M[:, None, :] < M[None, :, :], axis=2), axis=1)
    return [int(i) for i in np.flatnonzero(dom)]
