"""Additive m×2ⁿ bimatrix games (Ethier & Lee, *Baccara chemin de fer II*, Lemma 1).

Player I has m pure strategies u = 0..m−1. Player II has 2ⁿ pure strategies, the
subsets T ⊂ {0..n−1} of *information sets* at which he chooses move 1 (e.g. "draw").
Player II's payoff is additive (Lemma 1):

    b_{u,T} = p_u(0) b_u(0) + Σ_{l∉T} p_u(l) b_{u,0}(l) + Σ_{l∈T} p_u(l) b_{u,1}(l).

The game stores the *weighted* terms exactly:

* ``b_base[u]``  = p_u(0) b_u(0)
* ``b_move[u][l]`` = (p_u(l) b_{u,0}(l), p_u(l) b_{u,1}(l))

and the same for player I (``a_base``, ``a_move``) when his payoff is additive too (the
baccara models are). A general player I payoff may instead be given as a callable
``a_func(u, T) -> Fraction`` with T a frozenset of information-set indices.
``prob[u][l]`` = p_u(l) is optional and used only to report conditional payoffs.

Information sets are indexed 0..n−1 here (the paper numbers them 1..n).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from gamekit.core.errors import GameError
from gamekit.core.numbers import to_fraction

__all__ = ["AdditiveGame"]

Pair = tuple[Fraction, Fraction]


def _vec(xs: Sequence, m: int, what: str) -> tuple[Fraction, ...]:
    if len(xs) != m:
        raise GameError(f"{what} has {len(xs)} entries, expected {m}")
    return tuple(to_fraction(x, what) for x in xs)


def _moves(w: Sequence, m: int, n: int, what: str) -> tuple[tuple[Pair, ...], ...]:
    if len(w) != m:
        raise GameError(f"{what} has {len(w)} rows, expected {m}")
    out = []
    for u, row in enumerate(w):
        if len(row) != n:
            raise GameError(f"{what}[{u}] has {len(row)} information sets, expected {n}")
        r = []
        for l, pair in enumerate(row):
            if len(pair) != 2:
                raise GameError(f"{what}[{u}][{l}] must be a pair (move 0, move 1)")
            r.append((to_fraction(pair[0], what), to_fraction(pair[1], what)))
        out.append(tuple(r))
    return tuple(out)


class AdditiveGame:
    """An additive m×2ⁿ bimatrix game in the compact form of Lemma 1 (see module doc).

    Examples
    --------
    >>> from gamekit import solve
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> g.m, g.n
    (2, 2)
    >>> r = solve(g)
    >>> r.method, r.complete, len(r)
    ('foster', True, 2)
    """

    def __init__(
        self,
        rows: Sequence[str],
        infosets: Sequence[str],
        b_base: Sequence,
        b_move: Sequence,
        a_base: Sequence | None = None,
        a_move: Sequence | None = None,
        a_func: Callable[[int, frozenset[int]], Fraction] | None = None,
        prob: Sequence | None = None,
        title: str = "",
    ) -> None:
        self.rows = tuple(str(r) for r in rows)
        self.infosets = tuple(str(s) for s in infosets)
        m, n = len(self.rows), len(self.infosets)
        if m < 1:
            raise GameError("an additive game needs at least one row strategy")
        if len(set(self.infosets)) != n:
            raise GameError("information-set labels must be distinct")
        self.b_base = _vec(b_base, m, "b_base")
        self.b_move = _moves(b_move, m, n, "b_move")
        if (a_base is None) != (a_move is None):
            raise GameError("give both a_base and a_move, or neither")
        if a_base is None and a_func is None:
            raise GameError("player I's payoff is missing: give a_base/a_move or a_func")
        if a_base is not None and a_func is not None:
            raise GameError("give player I's payoff either additively or as a_func, not both")
        self.a_base = _vec(a_base, m, "a_base") if a_base is not None else None
        self.a_move = _moves(a_move, m, n, "a_move") if a_move is not None else None
        if a_func is not None and not callable(a_func):
            raise GameError("a_func must be a callable a_func(u, T) -> payoff")
        self.a_func = a_func
        self.prob = None
        if prob is not None:
            if len(prob) != m or any(len(r) != n for r in prob):
                raise GameError(f"prob must be {m}x{n}")
            self.prob = tuple(tuple(to_fraction(p, "prob") for p in r) for r in prob)
        self.title = title

    # -- sizes -------------------------------------------------------------------------
    @property
    def m(self) -> int:
        """Number of player I pure strategies."""
        return len(self.rows)

    @property
    def n(self) -> int:
        """Number of player II information sets."""
        return len(self.infosets)

    @property
    def row_payoff_is_additive(self) -> bool:
        """True when player I's payoff is stored additively (not as a callable)."""
        return self.a_move is not None

    def index(self, label: str) -> int:
        """Index of an information set by label."""
        try:
            return self.infosets.index(label)
        except ValueError:
            raise GameError(f"unknown information set {label!r}") from None

    # -- payoffs of pure strategies --------------------------------------------------
    def b(self, u: int, T: Iterable[int]) -> Fraction:
        """Player II's payoff b_{u,T} (Lemma 1)."""
        Ts = frozenset(T)
        w = self.b_move[u]
        return self.b_base[u] + sum((w[l][1 if l in Ts else 0] for l in range(self.n)), Fraction(0))

    def a(self, u: int, T: Iterable[int]) -> Fraction:
        """Player I's payoff a_{u,T}."""
        Ts = frozenset(T)
        if self.a_func is not None:
            return to_fraction(self.a_func(u, Ts), "a_func value")
        w = self.a_move[u]  # type: ignore[index]
        return self.a_base[u] + sum((w[l][1 if l in Ts else 0] for l in range(self.n)), Fraction(0))  # type: ignore[index]

    # -- behaviour strategies ------------------------------------------------------------
    def b_behaviour(self, u: int, y: Sequence[Fraction]) -> Fraction:
        """Player II's expected payoff against row u when he plays move 1 at l w.p. y[l]."""
        w = self.b_move[u]
        return self.b_base[u] + sum(
            (w[l][0] + y[l] * (w[l][1] - w[l][0]) for l in range(self.n)), Fraction(0)
        )

    def a_behaviour(self, u: int, y: Sequence[Fraction]) -> Fraction:
        """Player I's expected payoff of row u against behaviour strategy y (additive a only)."""
        if self.a_move is None:
            raise GameError("player I's payoff is not additive; use a mixed strategy over subsets")
        w = self.a_move[u]
        assert self.a_base is not None  # set together with a_move
        return self.a_base[u] + sum(
            (w[l][0] + y[l] * (w[l][1] - w[l][0]) for l in range(self.n)), Fraction(0)
        )

    # -- cached tables (O(mn) once) ------------------------------------------------------
    def b_gains(self, u: int) -> tuple[Fraction, ...]:
        """G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)] for every l: the weighted gain of move 1."""
        cache = self.__dict__.setdefault("_b_gains", {})
        if u not in cache:
            cache[u] = tuple(w1 - w0 for w0, w1 in self.b_move[u])
        return cache[u]

    def a_gains(self, u: int) -> tuple[Fraction, ...]:
        """Player I's weighted gain of row u when player II plays move 1 at l (additive a only)."""
        if self.a_move is None:
            raise GameError("player I's payoff is not additive (it is given as a_func)")
        cache = self.__dict__.setdefault("_a_gains", {})
        if u not in cache:
            cache[u] = tuple(w1 - w0 for w0, w1 in self.a_move[u])
        return cache[u]

    def b_const(self, u: int) -> Fraction:
        """b_{u,∅}: player II's payoff against row u when he plays move 0 everywhere."""
        cache = self.__dict__.setdefault("_b_const", {})
        if u not in cache:
            cache[u] = self.b_base[u] + sum((w0 for w0, _ in self.b_move[u]), Fraction(0))
        return cache[u]

    def a_const(self, u: int) -> Fraction:
        """a_{u,∅} (additive a only)."""
        if self.a_move is None:
            raise GameError("player I's payoff is not additive (it is given as a_func)")
        cache = self.__dict__.setdefault("_a_const", {})
        if u not in cache:
            cache[u] = self.a_base[u] + sum((w0 for w0, _ in self.a_move[u]), Fraction(0))  # type: ignore[index]
        return cache[u]

    def pure_payoffs(self, u: int, T: Iterable[int]) -> tuple[Fraction, Fraction]:
        """(a_{u,T}, b_{u,T}) for row u and player II's pure strategy T (a set of indices)."""
        Ts = frozenset(T)
        bad = [l for l in Ts if not (isinstance(l, int) and 0 <= l < self.n)]
        if bad:
            raise GameError(f"information-set index {bad[0]!r} out of range 0..{self.n - 1}")
        return (self.a(u, Ts), self.b(u, Ts))

    def gain_b(self, u: int, l: int) -> Fraction:
        """p_u(l)[b_{u,1}(l) − b_{u,0}(l)]: player II's gain from move 1 at l against row u."""
        w0, w1 = self.b_move[u][l]
        return w1 - w0

    def gain_a(self, u: int, l: int) -> Fraction:
        """Player I's change in payoff of row u when player II switches to move 1 at l."""
        if self.a_move is None:
            raise GameError("player I's payoff is not additive")
        w0, w1 = self.a_move[u][l]
        return w1 - w0

    def __repr__(self) -> str:
        t = f" {self.title!r}" if self.title else ""
        return f"AdditiveGame({self.m}x2^{self.n}{t})"
