"""Additive games whose weights are affine in a parameter α (Ethier & Lee II, section 3).

In the casino game the commission α enters Banker's payoffs linearly (equations (15)–(18)):
every weighted term p_u(l)b_{u,v}(l) is c₀ + c₁α while Player's terms do not depend on α.
:class:`AffineAdditiveGame` stores two :class:`~gamekit.additive.game.AdditiveGame` of the same
shape, G⁰ (the value at α = 0) and G¹ (the slope), and stands for the game with weights

    W(α) = W⁰ + α·W¹      for both players (b_base, b_move, a_base, a_move).

:meth:`AffineAdditiveGame.at` materializes the compact game at a rational α.
:meth:`AffineAdditiveGame.from_endpoints` recovers G⁰, G¹ exactly from two evaluations
(affinity means two points determine everything) and :meth:`from_function` does the same
from a callable and checks affinity at a third point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from gamekit.additive.game import AdditiveGame
from gamekit.core.errors import GameError
from gamekit.core.numbers import to_fraction

__all__ = ["AffineAdditiveGame", "two_curve_example"]

Affine = tuple[Fraction, Fraction]


_Moves = tuple[tuple[tuple[Fraction, Fraction], ...], ...]


def _a_parts(g: AdditiveGame) -> tuple[tuple[Fraction, ...], _Moves]:
    """(a_base, a_move) of a game whose player-I payoff is additive (:func:`_check_pair`
    checks it for both games of a pair; ``AdditiveGame`` sets both or neither)."""
    assert g.a_base is not None and g.a_move is not None, "player I's payoff is not additive"
    return g.a_base, g.a_move


def _check_pair(g0: AdditiveGame, g1: AdditiveGame) -> None:
    if not isinstance(g0, AdditiveGame) or not isinstance(g1, AdditiveGame):
        raise GameError("AffineAdditiveGame needs two AdditiveGame objects (value at 0 and slope)")
    if (g0.m, g0.n) != (g1.m, g1.n):
        raise GameError(
            f"the two games have different shapes: {g0.m}x2^{g0.n} and {g1.m}x2^{g1.n}"
        )
    if g0.infosets != g1.infosets:
        raise GameError("the two games have different information-set labels")
    if g0.rows != g1.rows:
        raise GameError("the two games have different row labels")
    for g in (g0, g1):
        if g.a_move is None:
            raise GameError(
                "player I's payoff must be additive (a_base/a_move) to be affine in alpha"
            )


def _lin(x0, x1, t: Fraction):
    return x0 + t * x1


class AffineAdditiveGame:
    """The additive game with weights G⁰ + α·G¹ for both players (see module doc).

    Examples
    --------
    >>> from gamekit import solve
    >>> G0 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, -1)], [(0, -1)]],
    ...                   a_base=[0, 0], a_move=[[(1, 0)], [(0, 1)]])
    >>> G1 = AdditiveGame(["r0", "r1"], ["s"], [0, 0], [[(0, 2)], [(0, 2)]],
    ...                   a_base=[0, 0], a_move=[[(0, 0)], [(0, 0)]])
    >>> g = AffineAdditiveGame(G0, G1)  # player II's gain from move 1: -1 + 2*alpha
    >>> [(p.lo, p.hi) for p in solve(g).pieces]
    [(Fraction(0, 1), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 1))]
    """

    def __init__(self, G0: AdditiveGame, G1: AdditiveGame, title: str = "") -> None:
        _check_pair(G0, G1)
        self.G0 = G0
        self.G1 = G1
        self.title = title or G0.title

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_endpoints(cls, g_lo: AdditiveGame, g_hi: AdditiveGame, lo=0, hi=1,
                       title: str = "") -> AffineAdditiveGame:
        """The affine game through g_lo at α = lo and g_hi at α = hi (lo ≠ hi)."""
        lo, hi = to_fraction(lo, "lo"), to_fraction(hi, "hi")
        if lo == hi:
            raise GameError("from_endpoints needs two different parameter values")
        _check_pair(g_lo, g_hi)
        inv = 1 / (hi - lo)

        def slope(x, y):
            return (y - x) * inv

        def at0(x, y):
            return x - lo * (y - x) * inv

        def build(f, prob) -> AdditiveGame:
            def vec(a, b):
                return [f(x, y) for x, y in zip(a, b)]

            def mv(a, b):
                return [[(f(p[0], q[0]), f(p[1], q[1])) for p, q in zip(ra, rb)] for ra, rb in zip(a, b)]

            return AdditiveGame(
                g_lo.rows, g_lo.infosets,
                vec(g_lo.b_base, g_hi.b_base), mv(g_lo.b_move, g_hi.b_move),
                a_base=vec(_a_parts(g_lo)[0], _a_parts(g_hi)[0]), a_move=mv(_a_parts(g_lo)[1], _a_parts(g_hi)[1]),
                prob=prob, title=g_lo.title,
            )

        prob0: Sequence[Sequence[Fraction]] | None = None
        prob1: Sequence[Sequence[Fraction]] | None = None
        if g_lo.prob is not None and g_hi.prob is not None:
            prob0 = [[at0(x, y) for x, y in zip(r, s)] for r, s in zip(g_lo.prob, g_hi.prob)]
            prob1 = [[slope(x, y) for x, y in zip(r, s)] for r, s in zip(g_lo.prob, g_hi.prob)]
        elif g_lo.prob is not None:
            prob0 = g_lo.prob
        G0, G1 = build(at0, prob0), build(slope, prob1)
        return cls(G0, G1, title=title or g_lo.title)

    @classmethod
    def from_slope(cls, G0: AdditiveGame, b_base1, b_move1, a_base1=None, a_move1=None,
                   title: str = "") -> AffineAdditiveGame:
        """The game with weights G⁰ + α·(slope), the slope given as weight arrays.

        ``b_base1`` (m numbers) and ``b_move1`` (m × n pairs) are player II's slopes; player
        I's (``a_base1``, ``a_move1``) default to zero — the common case where the parameter
        enters one player's payoff only (baccara's commission α, paper II eq. (15)).
        """
        m, n = G0.m, G0.n
        a_base1 = [0] * m if a_base1 is None else a_base1
        a_move1 = [[(0, 0)] * n for _ in range(m)] if a_move1 is None else a_move1
        slope = AdditiveGame(G0.rows, G0.infosets, b_base1, b_move1,
                             a_base=a_base1, a_move=a_move1, title=G0.title)
        return cls(G0, slope, title=title)

    @classmethod
    def from_function(cls, f: Callable[[Fraction], AdditiveGame], lo=0, hi=1,
                      check=None, title: str = "") -> AffineAdditiveGame:
        """Build from f(lo) and f(hi), then verify f is affine at ``check`` (default the midpoint)."""
        lo, hi = to_fraction(lo, "lo"), to_fraction(hi, "hi")
        game = cls.from_endpoints(f(lo), f(hi), lo, hi, title=title)
        t = (lo + hi) / 2 if check is None else to_fraction(check, "check")
        if not game.same_weights(f(t), t):
            raise GameError(f"the game's weights are not affine in alpha (checked at alpha = {t})")
        return game

    # -- shape ----------------------------------------------------------------------------
    @property
    def m(self) -> int:
        """Number of player I pure strategies."""
        return self.G0.m

    @property
    def n(self) -> int:
        """Number of player II information sets."""
        return self.G0.n

    @property
    def rows(self) -> tuple[str, ...]:
        """Player I's strategy labels."""
        return self.G0.rows

    @property
    def infosets(self) -> tuple[str, ...]:
        """Player II's information-set labels."""
        return self.G0.infosets

    # -- evaluation -----------------------------------------------------------------------
    def at(self, alpha) -> AdditiveGame:
        """The compact game at the rational parameter value α."""
        t = to_fraction(alpha, "alpha")
        G0, G1 = self.G0, self.G1

        def vec(a, b):
            return [_lin(x, y, t) for x, y in zip(a, b)]

        def mv(a, b):
            return [[(_lin(p[0], q[0], t), _lin(p[1], q[1], t)) for p, q in zip(ra, rb)]
                    for ra, rb in zip(a, b)]

        prob = None
        if G0.prob is not None:
            prob = G0.prob if G1.prob is None else [vec(r, s) for r, s in zip(G0.prob, G1.prob)]
        title = f"{self.title}, alpha={t}" if self.title else f"alpha={t}"
        return AdditiveGame(
            G0.rows, G0.infosets,
            vec(G0.b_base, G1.b_base), mv(G0.b_move, G1.b_move),
            a_base=vec(G0.a_base, G1.a_base), a_move=mv(G0.a_move, G1.a_move),
            prob=prob, title=title,
        )

    def same_weights(self, game: AdditiveGame, alpha) -> bool:
        """True when ``game`` has exactly this game's weights at α (both players)."""
        t = to_fraction(alpha, "alpha")
        G0, G1 = self.G0, self.G1
        if (game.m, game.n) != (self.m, self.n) or game.a_move is None:
            return False
        (a0, am0), (a1, am1), (a, am) = _a_parts(G0), _a_parts(G1), _a_parts(game)
        for base0, base1, base in ((G0.b_base, G1.b_base, game.b_base), (a0, a1, a)):
            if any(_lin(x, y, t) != z for x, y, z in zip(base0, base1, base)):
                return False
        for mv0, mv1, mv in ((G0.b_move, G1.b_move, game.b_move), (am0, am1, am)):
            for r0, r1, r in zip(mv0, mv1, mv):
                for p, q, w in zip(r0, r1, r):
                    if _lin(p[0], q[0], t) != w[0] or _lin(p[1], q[1], t) != w[1]:
                        return False
        return True

    # -- affine pieces used by the parametric analysis -------------------------------------
    def b_gain(self, u: int, l: int) -> Affine:
        """G_u(l)(α) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)] as (c₀, c₁): player II's gain of move 1."""
        w0, w1 = self.G0.b_move[u][l], self.G1.b_move[u][l]
        return (w0[1] - w0[0], w1[1] - w1[0])

    def a_gain(self, u: int, l: int) -> Affine:
        """Player I's change in row-u payoff when player II switches to move 1 at l, as (c₀, c₁)."""
        w0, w1 = _a_parts(self.G0)[1][u][l], _a_parts(self.G1)[1][u][l]
        return (w0[1] - w0[0], w1[1] - w1[0])

    def a_const(self, u: int) -> Affine:
        """a_{u,∅}(α) (player II plays move 0 everywhere) as (c₀, c₁)."""
        G0, G1 = self.G0, self.G1
        (a0, am0), (a1, am1) = _a_parts(G0), _a_parts(G1)
        c0 = a0[u] + sum((w[0] for w in am0[u]), Fraction(0))
        c1 = a1[u] + sum((w[0] for w in am1[u]), Fraction(0))
        return (c0, c1)

    def __repr__(self) -> str:
        t = f" {self.title!r}" if self.title else ""
        return f"AffineAdditiveGame({self.m}x2^{self.n}{t})"


def two_curve_example() -> AffineAdditiveGame:
    """A small 2×2² additive game affine in α with two best-response curves, p(s) = 1/2 and
    p(t) = 2(1 − α)/(3 − 2α): the example the docstrings of :mod:`gamekit.parametric` share.

    Returns
    -------
    AffineAdditiveGame
        Weights G⁰ + α·G¹ for rows ``r0``, ``r1`` and the sets ``s``, ``t``.

    Examples
    --------
    >>> from gamekit import solve
    >>> r = solve(two_curve_example())
    >>> [c.label for c in r.curves]
    ['s', 't']
    """
    g0 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, -1), (0, -2)], [(0, 1), (0, 1)]],
                      a_base=[0, 0], a_move=[[(1, 0), (1, 0)], [(0, 1), (0, 1)]])
    g1 = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 0), (0, 2)], [(0, 0), (0, 0)]],
                      a_base=[0, 0], a_move=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]])
    return AffineAdditiveGame(g0, g1)
