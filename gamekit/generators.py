"""Seeded generators of bimatrix games with exact payoffs.

Every generator takes ``seed`` (an ``int``, a :class:`numpy.random.Generator` or ``None``)
and returns a :class:`~gamekit.core.game.BimatrixGame` whose payoffs are exact
:class:`~fractions.Fraction` values: integers and rationals are drawn directly; a float
draw is converted *exactly* (its binary value), or rounded to a multiple of
``1/denominator`` when ``denominator`` is given. The same seed gives the same game on
every platform (numpy's ``Generator`` streams are stable).

Where QuantEcon (``quantecon.game_theory``) defines the same family, the distribution
is the same (``random_game(..., "float")``, ``covariance``, ``unit_vector``, ``ranking``,
``blotto``, ``sgc``, ``tournament``), and so are the draws: the same ``numpy.random.Generator`` calls in
the same order, so a seeded Generator gives QuantEcon's game exactly (the tests check
this, and the distributions).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Literal

import numpy as np

from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame

__all__ = [
    "KINDS",
    "blotto",
    "coordination",
    "covariance",
    "random_game",
    "ranking",
    "rng",
    "sgc",
    "symmetric",
    "tournament",
    "unit_vector",
    "cyclic_polytope_game",
    "savani_von_stengel",
    "von_stengel",
    "von_stengel_75",
    "zero_sum",
]

Seed = int | np.random.Generator | None
Entries = Literal["integer", "rational", "float"]

#: the generator names of ``gamekit generate KIND``
KINDS = ("random", "covariance", "coordination", "zero-sum", "symmetric", "unit-vector", "ranking",
         "blotto", "sgc", "tournament", "von-stengel", "savani-von-stengel", "von-stengel-75")


def rng(seed: Seed) -> np.random.Generator:
    """The :class:`numpy.random.Generator` for ``seed`` (a Generator is used as is).

    Parameters
    ----------
    seed : int, numpy.random.Generator or None
        A non-negative integer seed, a generator, or None for fresh entropy.

    Returns
    -------
    numpy.random.Generator
        The generator.

    Raises
    ------
    GameError
        When ``seed`` is a bool, negative or not an integer.

    Examples
    --------
    >>> int(rng(1).integers(0, 100)) == int(rng(1).integers(0, 100))
    True
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise GameError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.default_rng(seed)


def _size(k: object, what: str) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise GameError(f"{what} must be a positive integer, got {k!r}")
    return int(k)


def _exact(x: float, denominator: int | None) -> Fraction:
    if denominator is None:
        return Fraction(float(x))
    return Fraction(round(float(x) * denominator), denominator)


def _matrix(a: np.ndarray, denominator: int | None) -> list[list[Fraction]]:
    return [[_exact(v, denominator) for v in row] for row in a]


def _check_denominator(denominator: int | None) -> None:
    if denominator is not None:
        _size(denominator, "denominator")


def random_game(m: int, n: int, entries: Entries = "integer", *, low: int = -10, high: int = 10,
                denominator: int | None = None, seed: Seed = None) -> BimatrixGame:
    """An m×n game with independent payoffs.

    Parameters
    ----------
    m, n
        Numbers of row and column strategies.
    entries
        ``"integer"``: uniform on {low, …, high}; ``"rational"``: uniform on the grid
        {low, low + 1/q, …, high} with q = ``denominator`` (default 10); ``"float"``:
        uniform on [0, 1) as QuantEcon's ``random_game``, converted exactly (or rounded to
        multiples of ``1/denominator``).
    low, high
        Integer bounds for ``"integer"`` and ``"rational"``.
    denominator
        See ``entries``.
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        On a non-positive size, ``low > high`` or an unknown ``entries``.

    Examples
    --------
    >>> g = random_game(2, 3, seed=0)
    >>> g.shape, g == random_game(2, 3, seed=0)
    ((2, 3), True)
    >>> random_game(1, 2, "rational", low=0, high=1, denominator=4, seed=1).A
    ((Fraction(1, 2), Fraction(1, 2)),)
    """
    m, n = _size(m, "m"), _size(n, "n")
    _check_denominator(denominator)
    r = rng(seed)
    if entries == "float":
        A = r.random((m, n))
        B = r.random((n, m)).T  # QuantEcon's layout: the column player's array is [own, opponent]
        return BimatrixGame(_matrix(A, denominator), _matrix(B, denominator))
    if entries not in ("integer", "rational"):
        raise GameError(f"entries must be 'integer', 'rational' or 'float', got {entries!r}")
    if low > high:
        raise GameError(f"low ({low}) must not exceed high ({high})")
    q = 1 if entries == "integer" else (denominator or 10)
    lo, hi = int(low) * q, int(high) * q
    IA = r.integers(lo, hi + 1, size=(m, n))
    IB = r.integers(lo, hi + 1, size=(m, n))
    return BimatrixGame([[Fraction(int(v), q) for v in row] for row in IA],
                        [[Fraction(int(v), q) for v in row] for row in IB])


def covariance(m: int, n: int, rho: float, *, denominator: int | None = None,
               seed: Seed = None) -> BimatrixGame:
    """QuantEcon's ``covariance_game`` for two players.

    Each outcome's payoff pair (A[i][j], B[i][j]) is drawn independently from the
    bivariate normal with means 0, variances 1 and covariance ``rho``.

    Parameters
    ----------
    m, n
        Numbers of strategies.
    rho
        Covariance in [-1, 1] (1: common interest, -1: zero-sum).
    denominator
        Round payoffs to multiples of ``1/denominator`` (default: the floats, exactly).
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When ``rho`` is outside [-1, 1].

    Examples
    --------
    >>> g = covariance(2, 2, -1.0, denominator=100, seed=3)
    >>> g.is_zero_sum()
    True
    """
    m, n = _size(m, "m"), _size(n, "n")
    _check_denominator(denominator)
    if not -1 <= rho <= 1:
        raise GameError(f"rho must be in [-1, 1], got {rho}")
    r = rng(seed)
    draws = r.multivariate_normal([0.0, 0.0], [[1.0, rho], [rho, 1.0]], size=(m, n))
    if rho == -1:  # exactly zero-sum, not up to rounding
        draws[..., 1] = -draws[..., 0]
    return BimatrixGame(_matrix(draws[..., 0], denominator), _matrix(draws[..., 1], denominator))


def coordination(n: int, *, low: int = 1, high: int = 10, seed: Seed = None) -> BimatrixGame:
    """An n×n coordination game: both get a_i > 0 on the diagonal (i, i), 0 elsewhere.

    It has 2ⁿ − 1 equilibria: one on every non-empty support S, playing i ∈ S with
    probability proportional to 1/a_i.

    Parameters
    ----------
    n
        Number of strategies.
    low, high
        The diagonal payoffs are uniform integers in [low, high] (low ≥ 1).
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When ``low < 1`` or ``low > high``.

    Examples
    --------
    >>> import gamekit
    >>> len(gamekit.solve(coordination(3, seed=0), "all").equilibria)
    7
    """
    n = _size(n, "n")
    if low < 1 or low > high:
        raise GameError(f"need 1 <= low <= high, got low={low}, high={high}")
    d = rng(seed).integers(low, high + 1, size=n)
    A = [[int(d[i]) if i == j else 0 for j in range(n)] for i in range(n)]
    return BimatrixGame(A, A)


def zero_sum(m: int, n: int, *, low: int = -10, high: int = 10, seed: Seed = None) -> BimatrixGame:
    """A zero-sum game (A, −A) with A uniform on the integers {low, …, high}.

    Parameters
    ----------
    m, n
        Numbers of strategies.
    low, high
        Integer bounds.
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        On bad sizes or bounds.

    Examples
    --------
    >>> zero_sum(3, 2, seed=5).is_zero_sum()
    True
    """
    g = random_game(m, n, "integer", low=low, high=high, seed=seed)
    return BimatrixGame(g.A)


def symmetric(n: int, *, low: int = -10, high: int = 10, seed: Seed = None) -> BimatrixGame:
    """A symmetric game (A, Aᵀ) with A uniform on the integers {low, …, high}.

    Parameters
    ----------
    n
        Number of strategies of each player.
    low, high
        Integer bounds.
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        On bad sizes or bounds.

    Examples
    --------
    >>> g = symmetric(3, seed=2)
    >>> g.B == tuple(zip(*g.A))
    True
    """
    g = random_game(n, n, "integer", low=low, high=high, seed=seed)
    return BimatrixGame(g.A, tuple(zip(*g.A)))


def unit_vector(n: int, *, denominator: int | None = None, seed: Seed = None) -> BimatrixGame:
    """QuantEcon's ``unit_vector_game`` (Savani and von Stengel, 2016), without the pure-Nash option.

    The row player's matrix has one 1 in each column, in a uniformly drawn row (else 0);
    the column player's payoffs are uniform on [0, 1).

    Parameters
    ----------
    n
        Number of strategies of each player.
    denominator
        Round the column player's payoffs to multiples of ``1/denominator``.
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Examples
    --------
    >>> g = unit_vector(4, seed=0)
    >>> [sum(g.A[i][j] for i in range(4)) for j in range(4)]
    [Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 1)]
    """
    n = _size(n, "n")
    _check_denominator(denominator)
    r = rng(seed)
    B = r.random((n, n)).T  # drawn as the column player's [own, opponent] array
    ones = r.integers(0, n, size=n)
    A = [[1 if ones[j] == i else 0 for j in range(n)] for i in range(n)]
    return BimatrixGame(A, _matrix(B, denominator))


def ranking(n: int, steps: int = 10, *, seed: Seed = None) -> BimatrixGame:
    """QuantEcon's ``ranking_game`` (Goldberg et al., 2013), exactly.

    Effort level k has score s_p(k) (cumulative sums of steps uniform on {1..steps}) and
    cost c_p(k) (0 for k = 0, then cumulative sums of uniform {1..steps} divided by
    n·steps). The higher score wins the prize 1, a tie splits it; payoff = prize − cost.

    Parameters
    ----------
    n
        Number of effort levels.
    steps
        Bound of the random steps.
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Examples
    --------
    >>> g = ranking(3, seed=0)
    >>> g.A[0][0] + g.B[0][0]
    Fraction(1, 1)
    """
    n, steps = _size(n, "n"), _size(steps, "steps")
    r = rng(seed)
    scores = np.cumsum(r.integers(1, steps + 1, size=(2, n)), axis=1)
    costs = np.cumsum(r.integers(1, steps + 1, size=(2, n - 1)), axis=1)
    cost = [[Fraction(0)] + [Fraction(int(c), n * steps) for c in costs[p]] for p in range(2)]
    A = [[Fraction(0)] * n for _ in range(n)]
    B = [[Fraction(0)] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            s1, s2 = scores[0, i], scores[1, j]
            p1 = Fraction(1) if s1 > s2 else Fraction(0) if s1 < s2 else Fraction(1, 2)
            A[i][j] = p1 - cost[0][i]
            B[i][j] = (1 - p1) - cost[1][j]
    return BimatrixGame(A, B)


def _compositions(h: int, t: int) -> list[tuple[int, ...]]:
    """The h-part compositions of t in QuantEcon's ``simplex_grid`` order (lexicographic)."""
    out = [c for c in itertools.product(range(t + 1), repeat=h) if sum(c) == t]
    return sorted(out)


def blotto(h: int, t: int, rho: float, mu: float = 0.0, *, denominator: int | None = None,
           seed: Seed = None) -> BimatrixGame:
    """QuantEcon's non-zero-sum Colonel Blotto game (Hortala-Vallve and Llorente-Saguer, 2012).

    Each player splits ``t`` troops over ``h`` hills (all compositions); the hill values
    (v_I, v_II) are bivariate normal (means ``mu``, variances 1, covariance ``rho``);
    more troops win the hill's value, a tie gives each half of his own value.

    Parameters
    ----------
    h, t
        Hills and troops.
    rho, mu
        Covariance and mean of the values.
    denominator
        Round the hill values to multiples of ``1/denominator`` (default: exact floats).
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When ``rho`` is outside [-1, 1].

    Examples
    --------
    >>> blotto(2, 3, 0.5, seed=0).shape
    (4, 4)
    """
    h, t = _size(h, "h"), _size(t, "t")
    _check_denominator(denominator)
    if not -1 <= rho <= 1:
        raise GameError(f"rho must be in [-1, 1], got {rho}")
    values = rng(seed).multivariate_normal([mu, mu], [[1.0, rho], [rho, 1.0]], size=h)
    v = [[_exact(values[k, p], denominator) for p in range(2)] for k in range(h)]
    acts = _compositions(h, t)
    A, B = [], []
    for a in acts:
        ra, rb = [], []
        for b in acts:
            pa = pb = Fraction(0)
            for k in range(h):
                if a[k] == b[k]:
                    pa += v[k][0] / 2
                    pb += v[k][1] / 2
                elif a[k] > b[k]:
                    pa += v[k][0]
                else:
                    pb += v[k][1]
            ra.append(pa)
            rb.append(pb)
        A.append(ra)
        B.append(rb)
    return BimatrixGame(A, B)


def tournament(n: int, k: int, *, seed: Seed = None) -> BimatrixGame:
    """QuantEcon's ``tournament_game`` (Anbalagan et al., 2013): a win–lose n × C(n, k) game.

    A random tournament on n nodes (each edge i–j oriented i → j with probability 1/2, drawn
    as QuantEcon does). The row player picks a node, the column player a k-subset (in the
    combinatorial number system's order, as QuantEcon); the row player wins 1 if his node
    beats every node of the subset, the column player wins 1 if the subset contains it.

    Parameters
    ----------
    n, k
        Nodes and subset size (1 ≤ k ≤ n).
    seed
        Seed or generator.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When k is not in 1..n.

    Examples
    --------
    >>> tournament(4, 2, seed=0).shape
    (4, 6)
    """
    n, k = _size(n, "n"), _size(k, "k")
    if k > n:
        raise GameError(f"k must be at most n, got k={k}, n={n}")
    r = rng(seed).random(n * (n - 1) // 2)
    beats = [[False] * n for _ in range(n)]
    e = 0
    for i in range(n):
        for j in range(i + 1, n):
            if r[e] < 0.5:
                beats[i][j] = True
            else:
                beats[j][i] = True
            e += 1
    subsets = sorted(itertools.combinations(range(n), k), key=lambda S: S[::-1])  # colex = QuantEcon's rank
    A = [[int(all(beats[i][s] for s in S)) for S in subsets] for i in range(n)]
    B = [[int(i in S) for S in subsets] for i in range(n)]
    return BimatrixGame(A, B)


def sgc(k: int) -> BimatrixGame:
    """Sandholm–Gilpin–Conitzer's (4k−1)×(4k−1) game (QuantEcon's ``sgc_game``), exactly.

    For k ≥ 2 it has a unique equilibrium, uniform on the first 2k−1 strategies of each
    player.

    Parameters
    ----------
    k
        Positive integer.

    Returns
    -------
    BimatrixGame

    Examples
    --------
    >>> import gamekit
    >>> r = gamekit.solve(sgc(2), "all")
    >>> r.unique, [str(p) for p in r.equilibria[0].row]
    (True, ['1/3', '1/3', '1/3', '0', '0', '0', '0'])
    """
    k = _size(k, "k")
    n = 4 * k - 1
    m = 2 * k - 1
    q, h, one = Fraction(3, 4), Fraction(1, 2), Fraction(1)
    base = [[Fraction(0)] * n for _ in range(n)]
    for i in range(m):
        for j in range(n):
            base[i][j] = q if j < m else h
    base[0][m - 1] = one  # QuantEcon's assignments, in its order (k = 1 wraps to the last column)
    base[0][1] = h
    for i in range(1, m - 1):
        base[i][i - 1] = one
        base[i][i + 1] = h
    base[m - 1][m - 2] = one
    base[m - 1][0] = h
    A = [row[:] for row in base]
    P2 = [row[:] for row in base]  # the column player's payoffs indexed [own][opponent]
    for t in range(k):
        i = m + 2 * t
        A[i][i] = q
        A[i + 1][i + 1] = q
        P2[i][i + 1] = q
        P2[i + 1][i] = q
    B = [[P2[j][i] for j in range(n)] for i in range(n)]
    return BimatrixGame(A, B)


def _moment_facets(d: int) -> list[list[Fraction]]:
    """The 2d points μ(k) = (k, k², …, k^d), k = 1..2d, centred at their centroid: the facet
    normals of the dual cyclic polytope {z : ⟨c_k, z⟩ ≤ 1} (0 in its interior)."""
    n = 2 * d
    pts = [[Fraction((k + 1) ** e) for e in range(1, d + 1)] for k in range(n)]
    centre = [sum((p[e] for p in pts), Fraction(0)) / n for e in range(d)]
    return [[p[e] - centre[e] for e in range(d)] for p in pts]


def _facet_rows(c: list[list[Fraction]], coord: list[int], other: list[int]) -> list[list[Fraction]]:
    """Rewrite {z : ⟨c_k, z⟩ ≤ 1 ∀k} as {x ≥ 0 : Mx ≤ 1} with x_i = 1 − ⟨c_{coord[i]}, z⟩;
    returns the rows of M for the facets ``other`` (needs the facets ``coord`` to meet in a
    vertex, so that the right-hand sides are positive)."""
    from flint import fmpq, fmpq_mat

    d = len(coord)
    CK = fmpq_mat(d, d, [fmpq(x.numerator, x.denominator) for k in coord for x in c[k]])
    M = CK.inv()
    rows = []
    for k in other:
        v = fmpq_mat(1, d, [fmpq(x.numerator, x.denominator) for x in c[k]]) * M
        vs = [Fraction(int(v[0, i].p), int(v[0, i].q)) for i in range(d)]
        r = 1 - sum(vs, Fraction(0))
        if r <= 0:  # pragma: no cover - the coordinate facets always form a Gale string here
            raise GameError("the coordinate facets do not meet in a vertex")
        rows.append([-x / r for x in vs])
    return rows


def _integral(M: list[list[Fraction]]) -> list[list[int]]:
    from gamekit.core.numbers import common_denominator

    q = common_denominator(v for r in M for v in r)
    return [[int(v * q) for v in r] for r in M]


def cyclic_polytope_game(d: int, perm: list[int], title: str = "") -> BimatrixGame:
    """The d×d game whose best-response polytopes are both the dual cyclic polytope with 2d facets.

    Facet k (in moment-curve order, k = 0..2d−1) of P = {x ≥ 0 : Bᵀx ≤ 1} has label k;
    facet k of Q = {y ≥ 0 : Ay ≤ 1} has label ``perm[k]``; labels 0..d−1 are the rows,
    d..2d−1 the columns. The vertices of both polytopes are the Gale-evenness strings, so
    the equilibria are the pairs (u, v) of Gale strings with v = perm(complement of u),
    other than the artificial pair (von Stengel 1999; Savani and von Stengel 2006). The
    payoffs are integers (each matrix scaled by a positive factor, which changes no
    equilibrium).

    Parameters
    ----------
    d
        Even dimension ≥ 2 (the number of strategies of each player).
    perm
        A permutation of 0..2d−1 mapping {d..2d−1} onto a Gale string.
    title
        The game's title.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When d is not even and positive or ``perm`` is not a suitable permutation.

    Examples
    --------
    >>> cyclic_polytope_game(2, [1, 0, 3, 2]).shape
    (2, 2)
    """
    d = _size(d, "d")
    n = 2 * d
    if d % 2:
        raise GameError(f"d must be even, got {d}")
    if sorted(perm) != list(range(n)):
        raise GameError(f"perm must be a permutation of 0..{n - 1}")
    inv = [0] * n
    for k, v in enumerate(perm):
        inv[v] = k
    c = _moment_facets(d)
    Bcols = _facet_rows(c, list(range(d)), list(range(d, n)))            # column j: P's facet d + j
    Arows = _facet_rows(c, [inv[d + j] for j in range(d)], [inv[i] for i in range(d)])  # row i: Q's facet inv[i]
    B = [[Bcols[j][i] for j in range(d)] for i in range(d)]
    return BimatrixGame(_integral(Arows), _integral(B), title=title)


def von_stengel(d: int) -> BimatrixGame:
    """Von Stengel's d×d games with many equilibria (Discrete Comput. Geom. 21, 1999).

    Both best-response polytopes are dual cyclic polytopes with 2d facets, the second's
    labels permuted by swapping neighbours (0↔1, 2↔3, …). The equilibria are the pairs of
    Gale strings u, v = perm(complement of u): 3, 15, 75, 383, 2003 for d = 2, 4, 6, 8, 10
    — 75 > 2⁶ − 1 at d = 6, the count of Gambit's catalog game ``6x6_game_with_75_eq``
    (:func:`von_stengel_75`), and asymptotically about 0.949 (1 + √2)^d / √d.

    Parameters
    ----------
    d
        Even number of strategies per player.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When d is not even and positive.

    Examples
    --------
    >>> import gamekit
    >>> len(gamekit.solve(von_stengel(4)).equilibria)
    15
    """
    d = _size(d, "d")
    return cyclic_polytope_game(d, [k ^ 1 for k in range(2 * d)], title=f"von Stengel's {d}x{d} cyclic polytope game")


def savani_von_stengel(d: int) -> BimatrixGame:
    """Savani and von Stengel's d×d games that are hard for Lemke–Howson (Econometrica 74, 2006).

    Dual cyclic polytopes with 2d facets for both players; the second's labels are
    permuted by 0 fixed, (1 2)(3 4)…(d−3 d−2), d−1 fixed, (d d+1)…(2d−2 2d−1). The game has a
    unique equilibrium and every Lemke–Howson path to it is exponentially long in d
    (gamekit's Lemke–Howson needs 8, 16, 40, 68 pivots on the shortest path and 20, 88,
    376, 1596 on the longest for d = 4, 6, 8, 10).

    Parameters
    ----------
    d
        Even number of strategies per player.

    Returns
    -------
    BimatrixGame

    Raises
    ------
    GameError
        When d is not even and positive.

    Examples
    --------
    >>> import gamekit
    >>> gamekit.solve(savani_von_stengel(6)).unique
    True
    """
    d = _size(d, "d")
    n = 2 * d
    perm = list(range(n))
    for i in range(2, d, 2):
        perm[i - 1], perm[i] = i, i - 1
    for i in range(d, n - 1, 2):
        perm[i], perm[i + 1] = i + 1, i
    return cyclic_polytope_game(d, perm, title=f"Savani-von Stengel {d}x{d} game (hard for Lemke-Howson)")


# von Stengel (1997, 1999): the 6x6 game with 75 equilibria, more than the conjectured
# bound 2^6 - 1 = 63 (Gambit catalog: journals/dcg/vonstengel1999/6x6_game_with_75_eq).
_VS75_A = ((9504, -660, 19976, -20526, 1776, -8976),
           (-111771, 31680, -130944, 168124, -8514, 52764),
           (397584, -113850, 451176, -586476, 29216, -178761),
           (171204, -45936, 208626, -263076, 14124, -84436),
           (1303104, -453420, 1227336, -1718376, 72336, -461736),
           (737154, -227040, 774576, -1039236, 48081, -300036))
_VS75_B = ((72336, 48081, 29216, 14124, 1776, -8514),
           (-461736, -300036, -178761, -84436, -8976, 52764),
           (1227336, 774576, 451176, 208626, 19976, -130944),
           (-1718376, -1039236, -586476, -263076, -20526, 168124),
           (1303104, 737154, 397584, 171204, 9504, -111771),
           (-453420, -227040, -113850, -45936, -660, 31680))


def von_stengel_75() -> BimatrixGame:
    """Von Stengel's 6×6 game with 75 Nash equilibria (Discrete Comput. Geom. 21, 1999).

    The game that refuted the Quint–Shubik conjecture (at most 2⁶ − 1 = 63 equilibria for
    6×6), as in Gambit's catalog (``6x6_game_with_75_eq``).

    Returns
    -------
    BimatrixGame

    Examples
    --------
    >>> von_stengel_75().shape
    (6, 6)
    """
    return BimatrixGame(_VS75_A, _VS75_B, title="von Stengel's 6x6 bimatrix game with 75 equilibria")
