"""The certified equilibrium nearest a floating-point profile (limits of QRE branches and
learning dynamics)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from gamekit.core.equilibrium import Equilibrium
from gamekit.core.game import BimatrixGame

__all__ = ["nearest_equilibrium"]


def nearest_equilibrium(game: BimatrixGame, x: np.ndarray, y: np.ndarray
              ) -> tuple[Equilibrium, int | None, int | None, float]:
    """The certified equilibrium nearest the float profile (x, y).

    Parameters
    ----------
    game
        The game.
    x, y
        Float mixed strategies (e.g. the end of a QRE branch or of a learning trajectory).

    Returns
    -------
    tuple
        ``(equilibrium, index, component, distance)``: the nearest extreme equilibrium of
        ``gamekit.solve(game, "all")`` (``index`` into its equilibria), or an exact rational
        point of a maximal Nash subset (``index`` None) when that is nearer; ``component``
        is the index of the maximal Nash subset containing it; ``distance`` is the
        max-norm distance. The equilibrium passed the exact best-response test.

    Examples
    --------
    >>> import numpy as np
    >>> from gamekit import BimatrixGame
    >>> e, k, c, d = nearest_equilibrium(BimatrixGame([[1, -1], [-1, 1]]), np.array([.49, .51]), np.array([.5, .5]))
    >>> e.row, k, round(d, 2)
    ((Fraction(1, 2), Fraction(1, 2)), 0, 0.01)
    """
    from scipy.optimize import nnls

    from gamekit.bimatrix.solve import solve_result

    res = solve_result(game, "all")
    eqs = res.equilibria
    dists = [max(np.abs(np.array([float(v) for v in e.row]) - x).max(),
                 np.abs(np.array([float(v) for v in e.col]) - y).max()) for e in eqs]
    k = int(np.argmin(dists))
    best: tuple[Equilibrium, int | None, int | None, float] = (eqs[k], k, None, float(dists[k]))
    comps = res.components or ()
    for c, comp in enumerate(comps):
        if eqs[k].row in {res.row_vertices[i] for i in comp.rows} and \
           eqs[k].col in {res.col_vertices[j] for j in comp.cols}:
            best = (best[0], best[1], c, best[3])
        if len(comp.rows) * len(comp.cols) == 1:
            continue
        point = []
        for idx, verts, target in ((comp.rows, res.row_vertices, x), (comp.cols, res.col_vertices, y)):
            V = np.array([[float(v) for v in verts[i]] for i in idx]).T
            M = np.vstack([V, 1e3 * np.ones(V.shape[1])])
            coef, _ = nnls(M, np.concatenate([target, [1e3]]))
            q = [Fraction(float(c)).limit_denominator(10**6) for c in coef]
            s = sum(q)
            if s <= 0:
                break
            q = [c / s for c in q]
            point.append(tuple(sum((qi * verts[i][r] for qi, i in zip(q, idx)), Fraction(0))
                               for r in range(len(verts[idx[0]]))))
        if len(point) == 2:
            d = max(np.abs(np.array([float(v) for v in point[0]]) - x).max(),
                    np.abs(np.array([float(v) for v in point[1]]) - y).max())
            if d < best[3] - 1e-12:
                e = Equilibrium.from_strategies(game, point[0], point[1])  # exact test
                best = (e, None, c, float(d))
    return best
