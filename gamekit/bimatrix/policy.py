"""Which algorithm computes every extreme equilibrium (``method="all"``) of a bimatrix game.

Four strategies serve different inputs; the caller names one with ``strategy=`` or leaves
the default ``"auto"``, whose whole policy is :func:`choose_strategy` — a function of the
game only (its size after dominance elimination, its number of distinct payoffs, the size
of its integer payoffs) and of whether a Dask cluster was given (``cluster=``: only the
certified strategies, :data:`DISTRIBUTED`, run on one), never of module globals,
environment variables or what the process has imported.

=================  ========================================================================
strategy           algorithm
=================  ========================================================================
``envelope_2xn``   upper envelope of lines when a player has two strategies
                   (:mod:`gamekit.bimatrix.two_by_n`)
``exact``          exact breadth-first search of the lower-dimensional best-response
                   polytope, partners from faces of the other, in Python integers
                   (:mod:`gamekit.bimatrix.vertex_enumeration`); the only one with ``max_iter``
``one_sided``      certified float search of one polytope, partners solved exactly
                   (lrsnash's method; :mod:`gamekit.bimatrix.certified_partners`)
``two_sided``      certified float search of both polytopes, completely labeled pairs matched
                   (:mod:`gamekit.bimatrix.label_match`)
=================  ========================================================================

Every strategy returns every extreme equilibrium, each certified exactly; they differ in
speed only. Two fallbacks keep that true and are reported in the result's ``parameters``:
``one_sided → two_sided`` when a vertex is too degenerate for the partner solve, and
``one_sided``/``two_sided`` → ``exact`` when the float search fails its exact certificate.

Examples
--------
>>> choose_strategy(PayoffStats(m=2, n=40, distinct=30, max_payoff=99))
'envelope_2xn'
>>> choose_strategy(PayoffStats(m=5, n=5, distinct=25, max_payoff=99))
'exact'
>>> choose_strategy(PayoffStats(m=12, n=12, distinct=99, max_payoff=99))
'one_sided'
>>> choose_strategy(PayoffStats(m=12, n=12, distinct=3, max_payoff=3))
'two_sided'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, get_args

from gamekit.core.errors import GameError

__all__ = [
    "Strategy",
    "Concrete",
    "STRATEGIES",
    "Threads",
    "PayoffStats",
    "payoff_stats",
    "choose_strategy",
    "choose_threads",
    "check_strategy",
    "check_applies",
    "DISTRIBUTED",
    "CERTIFIED_MIN_SIZE",
    "ONE_SHOT_CERTIFIED_MIN_SIZE",
    "ONE_SHOT_LOAD_SECONDS",
    "one_shot_exact_seconds",
    "CERTIFIED_MAX_LABELS",
    "PARALLEL_MIN_SIZE",
    "FLOAT_EXACT_PAYOFF",
    "PARTNER_FILTER_PAYOFF",
]

#: The ``strategy`` parameter of ``gamekit.solve(bimatrix_game, method="all", strategy=...)``.
Strategy = Literal["auto", "envelope_2xn", "exact", "one_sided", "two_sided"]
#: A strategy that names an algorithm (what ``"auto"`` resolves to).
Concrete = Literal["envelope_2xn", "exact", "one_sided", "two_sided"]
#: Every value of :data:`Strategy`, ``"auto"`` first.
STRATEGIES: tuple[str, ...] = get_args(Strategy)
#: The ``threads`` parameter: threads of the certified float search, or ``"auto"``.
Threads = int | Literal["auto"]
#: The strategies that run on a Dask cluster (``cluster=``): the certified float searches.
DISTRIBUTED: tuple[str, ...] = ("one_sided", "two_sided")

CERTIFIED_MIN_SIZE = 8
"""Below this many strategies for the smaller side the exact search is chosen: it takes a
few milliseconds there (≈ 2–4 ms at 7×7), less than loading the compiled kernels into a
fresh process (≈ 0.3 s); from 8×8 on it grows quickly (10–200 ms at 8×8–9×9)."""

ONE_SHOT_CERTIFIED_MIN_SIZE = 11
"""From this many strategies on the smaller side a process that solves one game
(``one_shot=True``, the ``gamekit solve`` command) takes the certified search whatever the
cost model (:func:`one_shot_exact_seconds`) predicts: the model was fitted to random
integer games, and on square games from 11×11 on the exact search's time spreads too
widely for a prediction — measured (``benchmarks/results/startup.md``, the families of
``benchmarks/bench_families.py``, 3 games each) 60–940 ms at 11×11 and 0.1–1.1 s at 12×12,
rational payoffs more, against the certified search's ≈ 0.58 s of loading plus
10–300 ms; up to 10×10 the exact search takes 6–170 ms in every family (integer, {0,1},
{0,1,2}, covariance ±0.7, rational, coordination), and the model agrees."""

LONG_SIDE = 16
"""A rectangular game with at least this many strategies on its longer side takes the
certified search from 3 strategies on the shorter one: the exact search grows with the long
side (5×40: 12 ms exact, 1.8–3 ms certified; 6×100 with ties: seconds exact, 10 ms certified;
``benchmarks/results/families.md``)."""

CERTIFIED_MAX_LABELS = 128
"""The certified search stores a basis as a two-word bitmask: m + n ≤ 128."""

PARALLEL_MIN_SIZE = 11
"""From this many strategies for the smaller side, ``threads="auto"`` uses two threads."""

FLOAT_EXACT_PAYOFF = 1 << 53
"""Integer payoffs from here on are not exact in binary64: the partner filter of
``one_sided`` reads them rounded (:mod:`gamekit.bimatrix.certified_partners`), which only
the client of a Dask cluster does, not its workers."""

PARTNER_FILTER_PAYOFF = 1 << 899
"""Integer payoffs from here on (2⁹⁰⁰ and more after rounding) leave the normal range of
binary64 when scaled by a power of 2: the partner filter of ``one_sided`` does not apply,
so ``"auto"`` searches both polytopes. Below, games with rational payoffs (column-reduced
payoffs of hundreds of bits) take ``one_sided`` like integer games: measured 1.3–1.6×
faster than ``two_sided`` on 8×8…12×12 games with denominators up to 10⁸
(``benchmarks/results/rational.md``)."""


@dataclass(frozen=True)
class PayoffStats:
    """What the policy looks at: the size of the (dominance-reduced) game, the number of
    distinct payoffs of the player with fewer of them, and the largest integer payoff
    (of the positive integer form of :mod:`gamekit.bimatrix.intgame`)."""

    m: int
    n: int
    distinct: int
    max_payoff: int


def payoff_stats(A: tuple[tuple[int, ...], ...], B: tuple[tuple[int, ...], ...]) -> PayoffStats:
    """The :class:`PayoffStats` of the integer payoff matrices ``A`` and ``B`` (m×n).

    Examples
    --------
    >>> payoff_stats(((1, 2), (3, 1)), ((1, 1), (1, 2)))
    PayoffStats(m=2, n=2, distinct=2, max_payoff=3)
    """
    flat_a = {x for row in A for x in row}
    flat_b = {x for row in B for x in row}
    big = max(max(abs(x) for x in flat_a), max(abs(x) for x in flat_b))
    return PayoffStats(len(A), len(A[0]), min(len(flat_a), len(flat_b)), big)


def one_shot_exact_seconds(stats: PayoffStats) -> float:
    """The predicted CPU seconds of the exact search on a game with these statistics: the
    cost model of the one-shot cut of :func:`choose_strategy`.

    With ``d`` strategies on the smaller side and ``f = m + n`` (the facets of the
    ``d``-dimensional best-response polytope the search walks),
    ``t = exp(a + b·d + (c·d + e)·ln f)`` seconds — the form of the upper bound theorem's
    vertex count, ``f^(d/2)`` up to factors in ``d`` — with ``(a, b, c, e)`` fitted by least
    squares to the exact search's CPU time on 94 games (``--shapes`` table of
    ``benchmarks/results/startup.md``: random games 3×200 … 12×12 with payoffs 0..99,
    ±10⁶ and {0,1}, three seeds each, sizes after dominance), separately for games with
    at most ``2d`` distinct payoffs (``stats.distinct``: degenerate vertices with large
    excess are likely — the {0,1} games — and the search pays for their faces):

    ==============  ======  ======  =====  ======  ============================
    games           a       b       c      e       residual (sd of ln t)
    ==============  ======  ======  =====  ======  ============================
    many payoffs    −4.25   −1.47   0.695  −1.63   0.46 (a factor 1.6)
    few payoffs     −12.55  −0.935  0.429  2.23    0.36
    ==============  ======  ======  =====  ======  ============================

    Parameters
    ----------
    stats : PayoffStats
        Size and payoff statistics of the (dominance-reduced) game.

    Returns
    -------
    float
        Seconds.

    Examples
    --------
    >>> round(one_shot_exact_seconds(PayoffStats(5, 40, 99, 99)), 3)       # measured 5–11 ms
    0.01
    >>> round(one_shot_exact_seconds(PayoffStats(5, 40, 2, 1)), 1)         # {0,1}: 0.6–1.0 s
    0.6
    """
    d, f = min(stats.m, stats.n), stats.m + stats.n
    a, b, c, e = _FEW_PAYOFFS if stats.distinct <= 2 * d else _MANY_PAYOFFS
    return math.exp(a + b * d + (c * d + e) * math.log(f))


_MANY_PAYOFFS = (-4.25, -1.47, 0.695, -1.63)
_FEW_PAYOFFS = (-12.55, -0.935, 0.429, 2.23)

ONE_SHOT_LOAD_SECONDS = 0.5
"""What the certified search costs a fresh process before it searches: importing numpy and
numba and loading the compiled kernels, measured 0.57–0.59 CPU-s (fresh ``gamekit solve
--strategy one_sided`` against ``--strategy exact`` on 5×40, 8×30 and 3×200 games, where
both searches take milliseconds), less a margin for the model's error. With ``one_shot``
the exact search runs when :func:`one_shot_exact_seconds` predicts at most this."""


def choose_strategy(stats: PayoffStats, cluster: bool = False, one_shot: bool = False) -> Concrete:
    """The strategy ``"auto"`` runs for a game with these statistics (the whole policy).

    0. With a cluster (``cluster=True``): rules 3–4 only, a strategy of
       :data:`DISTRIBUTED` (a game whose tree the client's prefix covers is searched on
       the client alone).
    1. A player with two strategies: ``envelope_2xn`` (O(N log N)).
    2. ``exact`` where the exact search is the cheaper one (:func:`_exact_is_cheaper`).
    3–4. Otherwise ``two_sided`` or ``one_sided`` (:func:`_polytope_strategy`).

    Parameters
    ----------
    stats : PayoffStats
        Size and payoff statistics of the game after dominance elimination.
    cluster : bool
        A Dask cluster was given (``solve(..., cluster=...)``).
    one_shot : bool
        The process solves this one game and ends (``gamekit solve``): the cost of loading
        the certified search (numpy, numba, the compiled kernels) into the process counts,
        so the exact search, which needs none of them, is chosen where the cost model
        predicts it cheaper (rule 2): every square game up to 10×10 and rectangular ones
        such as 5×40, 8×30 or 6×100 with many distinct payoffs, not 5×40 with payoffs
        {0, 1}. False (default) for a process that goes on
        solving (a session, a server, a benchmark), where the kernels are loaded once:
        there the certified search is 3–20× faster from 8×8 on. The caller states it;
        nothing is inferred from what the process has imported.

    Returns
    -------
    str
        One of ``"envelope_2xn"``, ``"exact"``, ``"one_sided"``, ``"two_sided"``.

    Examples
    --------
    >>> choose_strategy(PayoffStats(m=3, n=12, distinct=36, max_payoff=99))
    'exact'
    >>> choose_strategy(PayoffStats(m=70, n=70, distinct=99, max_payoff=99))
    'exact'
    >>> choose_strategy(PayoffStats(m=5, n=40, distinct=3, max_payoff=2))
    'one_sided'
    >>> choose_strategy(PayoffStats(m=3, n=12, distinct=36, max_payoff=99), cluster=True)
    'one_sided'
    >>> choose_strategy(PayoffStats(m=10, n=10, distinct=99, max_payoff=99), one_shot=True)
    'exact'
    >>> choose_strategy(PayoffStats(m=11, n=11, distinct=99, max_payoff=99), one_shot=True)
    'one_sided'
    >>> choose_strategy(PayoffStats(m=8, n=30, distinct=99, max_payoff=99), one_shot=True)
    'exact'
    >>> choose_strategy(PayoffStats(m=5, n=40, distinct=2, max_payoff=1), one_shot=True)
    'one_sided'
    >>> choose_strategy(PayoffStats(m=12, n=12, distinct=144, max_payoff=2**300))  # e.g. rational payoffs
    'one_sided'
    >>> choose_strategy(PayoffStats(m=12, n=12, distinct=144, max_payoff=2**900))
    'two_sided'
    """
    if not cluster:
        if 2 in (stats.m, stats.n):
            return "envelope_2xn"
        if _exact_is_cheaper(stats, one_shot):
            return "exact"
    return _polytope_strategy(stats)


def _exact_is_cheaper(stats: PayoffStats, one_shot: bool) -> bool:
    """Rule 2 of :func:`choose_strategy`: the exact search runs.

    More than :data:`CERTIFIED_MAX_LABELS` strategies in all: yes. Otherwise when the smaller
    side has fewer than :data:`CERTIFIED_MIN_SIZE` strategies and the longer one fewer than
    :data:`LONG_SIDE`; with ``one_shot``, when the smaller side has fewer than
    :data:`ONE_SHOT_CERTIFIED_MIN_SIZE` and the exact search is predicted
    (:func:`one_shot_exact_seconds`) to cost at most what loading the certified search costs
    a fresh process (:data:`ONE_SHOT_LOAD_SECONDS`) — for payoffs of
    :data:`FLOAT_EXACT_PAYOFF` or more (e.g. rational payoffs brought to integers), whose long
    integers the model was not fitted to, when the longer side has fewer than :data:`LONG_SIDE`.
    """
    short, long = min(stats.m, stats.n), max(stats.m, stats.n)
    if stats.m + stats.n > CERTIFIED_MAX_LABELS:
        return True
    if not one_shot:
        return short < CERTIFIED_MIN_SIZE and long < LONG_SIDE
    if short >= ONE_SHOT_CERTIFIED_MIN_SIZE:
        return False
    if stats.max_payoff < FLOAT_EXACT_PAYOFF:
        return one_shot_exact_seconds(stats) <= ONE_SHOT_LOAD_SECONDS
    return long < LONG_SIDE


def _polytope_strategy(stats: PayoffStats) -> Concrete:
    """Rules 3–4 of :func:`choose_strategy`: which certified polytope search.

    3. A roughly square game (longer side at most twice the shorter) with fewer distinct
       payoffs than strategies on the larger side (e.g. payoffs in {0, 1, 2}: degenerate
       vertices with large excess are likely; in a rectangular game the one-sided method
       handles them by face enumeration and avoids the wide polytope), or payoffs of
       :data:`PARTNER_FILTER_PAYOFF` or more: ``two_sided``.
    4. Otherwise ``one_sided`` (half the search of ``two_sided``).
    """
    short, long = min(stats.m, stats.n), max(stats.m, stats.n)
    if (stats.distinct < long and long <= 2 * short) or stats.max_payoff >= PARTNER_FILTER_PAYOFF:
        return "two_sided"
    return "one_sided"


def choose_threads(strategy: Concrete, threads: Threads, m: int, n: int, cpus: int) -> int:
    """Threads of the search: 1 for the single-threaded strategies (``exact``,
    ``envelope_2xn``); for the certified ones ``threads`` itself, or with ``"auto"`` 2 from
    :data:`PARALLEL_MIN_SIZE` strategies on the smaller side when ``cpus`` ≥ 2, else 1.

    Parameters
    ----------
    strategy : str
        The strategy that runs.
    threads : int or "auto"
        The caller's ``threads`` option.
    m, n : int
        The size of the game searched.
    cpus : int
        CPUs available to the process.

    Returns
    -------
    int

    Examples
    --------
    >>> choose_threads("one_sided", "auto", 12, 12, cpus=2), choose_threads("one_sided", "auto", 9, 9, cpus=2)
    (2, 1)
    >>> choose_threads("exact", 2, 12, 12, cpus=2)
    1
    """
    if strategy not in ("one_sided", "two_sided"):
        return 1
    if threads != "auto":
        return threads
    return 2 if min(m, n) >= PARALLEL_MIN_SIZE and cpus >= 2 else 1


def check_strategy(strategy: object, threads: object, max_iter: object, cluster: object = None) -> None:
    """Validate the options: ``strategy`` one of :data:`STRATEGIES`, ``threads`` a positive
    int or ``"auto"``, ``max_iter`` (the exact search's pivot limit) given only with
    ``strategy="exact"``, and ``cluster`` None, a scheduler address (a string) or a client
    (an object with ``submit``), with ``strategy`` ``"auto"`` or one of :data:`DISTRIBUTED`.

    Raises
    ------
    GameError
        On an invalid value or combination.

    Examples
    --------
    >>> check_strategy("exact", "auto", 1000)
    >>> check_strategy("auto", "auto", 1000)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: max_iter bounds the pivots of strategy 'exact' only; pass strategy='exact' (got strategy='auto')
    >>> check_strategy("exact", "auto", None, cluster="tcp://127.0.0.1:8786")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: strategy 'exact' runs in this process only; with a cluster use strategy 'auto', 'one_sided' or 'two_sided'
    """
    if strategy not in STRATEGIES:
        raise GameError(f"unknown strategy {strategy!r}; valid strategies: {', '.join(STRATEGIES)}")
    if threads != "auto" and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise GameError(f"threads must be a positive integer or 'auto', got {threads!r}")
    if max_iter is not None and strategy != "exact":
        raise GameError(f"max_iter bounds the pivots of strategy 'exact' only; pass strategy='exact' "
                        f"(got strategy={strategy!r})")
    if cluster is not None:
        if not (isinstance(cluster, str) or hasattr(cluster, "submit")):
            raise GameError(f"cluster must be a distributed.Client or a scheduler address such as "
                            f"'tcp://host:8786', got {cluster!r}")
        if strategy not in ("auto", *DISTRIBUTED):
            raise GameError(f"strategy {strategy!r} runs in this process only; with a cluster use strategy "
                            f"'auto', 'one_sided' or 'two_sided'")


def check_applies(strategy: Concrete, stats: PayoffStats) -> None:
    """Raise :class:`GameError` when an explicitly requested strategy cannot run on the
    (dominance-reduced) game: ``envelope_2xn`` needs a player with two strategies, the
    certified ones at most :data:`CERTIFIED_MAX_LABELS` strategies in all.

    Examples
    --------
    >>> check_applies("envelope_2xn", PayoffStats(3, 3, 9, 9))
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: strategy 'envelope_2xn' needs a player with two strategies; the game (after eliminating dominated strategies) is 3x3
    """
    if strategy == "envelope_2xn" and 2 not in (stats.m, stats.n):
        raise GameError(f"strategy 'envelope_2xn' needs a player with two strategies; the game (after "
                        f"eliminating dominated strategies) is {stats.m}x{stats.n}")
    if strategy in ("one_sided", "two_sided") and stats.m + stats.n > CERTIFIED_MAX_LABELS:
        raise GameError(f"strategy {strategy!r} handles at most {CERTIFIED_MAX_LABELS} strategies in all; "
                        f"the game is {stats.m}x{stats.n} (use strategy 'exact')")
