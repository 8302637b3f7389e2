"""Doubly additive games: both players choose at information sets, payoffs bilinear.

Player I chooses move 0 or 1 at each of m information sets (pure strategies: subsets
S ⊂ {0..m−1}, the sets where he plays move 1), player II at each of n information sets
(subsets T ⊂ {0..n−1}). The payoff of (S, T) is a sum of *events*, each depending on at
most one choice of each player (Nature's deal, then one choice of I, then one choice of
II). Writing x = 1_S ∈ {0,1}^m and y = 1_T ∈ {0,1}^n, every such payoff is

    U(x, y) = c + aᵀx + bᵀy + xᵀ C y                                         (1)

for each player with its own (c, a, b, C) (:class:`BilinearForm`). Formula (1) extends
to behaviour strategies x ∈ [0,1]^m, y ∈ [0,1]^n (x_h = probability of move 1 at h) and
is then the expected payoff: both players randomize independently, so E[x_h y_l] = x_h y_l.

Gains. Player I's gain from move 1 at h is the affine function
f_h(y) = a_I[h] + Σ_l C_I[h][l] y_l, player II's gain at l is
g_l(x) = b_II[l] + Σ_h C_II[h][l] x_h. Best responses are read off the signs: y is a best
response to x iff y_l = 1 where g_l(x) > 0 and y_l = 0 where g_l(x) < 0 (Lemma 2(a) of
Ethier & Lee, *Baccara chemin de fer II*, in behaviour form), and symmetrically for x.

Baccara, Model 3 (Ethier & Lee II, section 4). Nature deals Player's two-card hand i,
Banker's hand j and the third cards. Player chooses only when i is one of the five
compositions h with total 5; Banker sees j and Player's third card k (or ∅ when Player
stood), i.e. his information set is l = (j, k). For a deal with strategic hand h the
outcome depends on Player's move at h and on Banker's move at (j, k) — with k = ∅ when
Player stands — so each deal contributes a term w·(x_h or 1−x_h)·(y_l or 1−y_l)·payoff:
that is (1), with C[h][l] ≠ 0 exactly for the pairs (h, l) that one deal can link.
:class:`DoublyAdditiveBuilder` accumulates such events exactly.

This module is card-free; the baccara models live in ``games/baccara``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from gamekit.additive.game import AdditiveGame
from gamekit.core.errors import GameError, TooLargeError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import to_fraction

__all__ = [
    "BilinearForm",
    "DoublyAdditiveGame",
    "DoublyAdditiveBuilder",
    "DEFAULT_CELL_LIMIT",
    "subset_of_index",
    "index_of_subset",
]

#: Default largest number of payoff cells (2^m · 2^n) that :meth:`materialize` writes.
DEFAULT_CELL_LIMIT = 1 << 18

#: Largest 2^m · 2^n for which a callable player I payoff is checked exhaustively.
A_FUNC_CHECK_LIMIT = 1 << 16

_ZERO = Fraction(0)
_BIT_ORDERS = ("msb", "lsb")


def _check_bit_order(bit_order: str) -> None:
    if bit_order not in _BIT_ORDERS:
        raise GameError(f"bit_order must be 'msb' or 'lsb', got {bit_order!r}")


def subset_of_index(u: int, k: int, bit_order: str = "msb") -> frozenset[int]:
    """The subset of {0..k−1} coded by the pure-strategy index u.

    ``"msb"`` (default, the paper's order — strategy 19 = 10011₂ of Model B3 draws at the
    first, fourth and fifth sets): set i ∈ S iff bit k−1−i of u is 1. ``"lsb"``: set i ∈ S
    iff bit i of u is 1.

    Parameters
    ----------
    u : int
        The pure strategy's index, 0 ≤ u < 2^k.
    k : int
        The number of information sets.
    bit_order : {"msb", "lsb"}
        Which bit codes the first information set.

    Returns
    -------
    frozenset of int
        The information sets where the strategy plays move 1.

    Raises
    ------
    GameError
        When ``bit_order`` is unknown.

    Examples
    --------
    >>> sorted(subset_of_index(19, 5)), sorted(subset_of_index(19, 5, "lsb"))
    ([0, 3, 4], [0, 1, 4])
    """
    _check_bit_order(bit_order)
    if bit_order == "msb":
        return frozenset(i for i in range(k) if (u >> (k - 1 - i)) & 1)
    return frozenset(i for i in range(k) if (u >> i) & 1)


def index_of_subset(S: Iterable[int], k: int, bit_order: str = "msb") -> int:
    """Inverse of :func:`subset_of_index`.

    Parameters
    ----------
    S : iterable of int
        The information sets where the strategy plays move 1.
    k : int
        The number of information sets.
    bit_order : {"msb", "lsb"}
        Which bit codes the first information set.

    Returns
    -------
    int
        The pure strategy's index.

    Raises
    ------
    GameError
        When an index is out of range or ``bit_order`` is unknown.

    Examples
    --------
    >>> index_of_subset({0, 3, 4}, 5), index_of_subset({0, 1, 4}, 5, "lsb")
    (19, 19)
    """
    _check_bit_order(bit_order)
    u = 0
    for i in S:
        if not 0 <= i < k:
            raise GameError(f"information set index {i} out of range 0..{k - 1}")
        u |= 1 << ((k - 1 - i) if bit_order == "msb" else i)
    return u


def _labels(sets: Sequence[str] | int, who: str) -> tuple[str, ...]:
    if isinstance(sets, int) and not isinstance(sets, bool):
        if sets < 1:
            raise GameError(f"{who} needs at least one information set, got {sets}")
        return tuple(str(i) for i in range(sets))
    if isinstance(sets, (str, bytes)):
        raise GameError(f"{who} information sets must be a list of labels, not a string")
    labels = tuple(str(s) for s in cast("Sequence[str]", sets))  # a bool is not an int count here
    if not labels:
        raise GameError(f"{who} needs at least one information set")
    if len(set(labels)) != len(labels):
        raise GameError(f"{who} information-set labels must be distinct")
    return labels


def _vector(v: object, k: int, what: str) -> tuple[Fraction, ...]:
    if hasattr(v, "tolist") and not isinstance(v, (list, tuple)):
        v = v.tolist()
    if isinstance(v, (str, bytes)) or not isinstance(v, Sequence):
        raise GameError(f"{what} must be a list of {k} numbers")
    if len(v) != k:
        raise GameError(f"{what} has {len(v)} entries, expected {k}")
    return tuple(to_fraction(t, what) for t in v)


@dataclass(frozen=True)
class BilinearForm:
    """U(x, y) = c + aᵀx + bᵀy + xᵀ C y with exact coefficients (a: m, b: n, C: m×n).

    Examples
    --------
    >>> f = BilinearForm.of((0, [1], [1], [[-2]]), 1, 1, "player I")
    >>> f.a, f.C
    ((Fraction(1, 1),), ((Fraction(-2, 1),),))
    """

    c: Fraction
    a: tuple[Fraction, ...]
    b: tuple[Fraction, ...]
    C: tuple[tuple[Fraction, ...], ...]

    @classmethod
    def of(cls, data: object, m: int, n: int, who: str) -> BilinearForm:
        """Validate ``data``: a BilinearForm, a (c, a, b, C) tuple or a dict with those keys."""
        if isinstance(data, BilinearForm):
            data = (data.c, data.a, data.b, data.C)
        if isinstance(data, dict):
            missing = [k for k in ("c", "a", "b", "C") if k not in data]
            if missing:
                raise GameError(f"{who} payoff is missing {', '.join(missing)}")
            data = (data["c"], data["a"], data["b"], data["C"])
        if isinstance(data, (str, bytes)) or not isinstance(data, Sequence) or len(data) != 4:
            raise GameError(f"{who} payoff must be (c, a, b, C)")
        c, a, b, C = data
        cc = to_fraction(c, f"{who} constant c")
        aa = _vector(a, m, f"{who} row coefficients a")
        bb = _vector(b, n, f"{who} column coefficients b")
        if hasattr(C, "tolist") and not isinstance(C, (list, tuple)):
            C = C.tolist()
        if isinstance(C, (str, bytes)) or not isinstance(C, Sequence) or len(C) != m:
            raise GameError(f"{who} interaction matrix C must have {m} rows")
        CC = tuple(_vector(row, n, f"{who} interaction matrix C row {h}") for h, row in enumerate(C))
        return cls(cc, aa, bb, CC)

    def value(self, x: Sequence[Fraction], y: Sequence[Fraction]) -> Fraction:
        """U(x, y) (formula (1))."""
        v = self.c + sum((ai * xi for ai, xi in zip(self.a, x) if xi), _ZERO)
        v += sum((bj * yj for bj, yj in zip(self.b, y) if yj), _ZERO)
        for xi, row in zip(x, self.C):
            if xi:
                v += xi * sum((cij * yj for cij, yj in zip(row, y) if yj and cij), _ZERO)
        return v

    def row_gain(self, y: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """∂U/∂x_h = a_h + Σ_l C[h][l] y_l for every h."""
        return tuple(
            ah + sum((cij * yj for cij, yj in zip(row, y) if yj and cij), _ZERO)
            for ah, row in zip(self.a, self.C)
        )

    def col_gain(self, x: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """∂U/∂y_l = b_l + Σ_h x_h C[h][l] for every l."""
        out = list(self.b)
        for xi, row in zip(x, self.C):
            if xi:
                for l, cij in enumerate(row):
                    if cij:
                        out[l] += xi * cij
        return tuple(out)

    def transpose(self) -> BilinearForm:
        """The same form with the roles of x and y exchanged."""
        return BilinearForm(self.c, self.b, self.a, tuple(zip(*self.C)))


class DoublyAdditiveGame:
    """A 2^m × 2^n bimatrix game given compactly by two bilinear forms (module doc, (1)).

    Parameters
    ----------
    row_sets, col_sets:
        labels of player I's m and player II's n information sets (or the counts m, n,
        giving labels "0".."m−1").
    payoff_I, payoff_II:
        each a :class:`BilinearForm`, a tuple (c, a, b, C) or a dict with keys c, a, b, C;
        numbers are converted exactly (ints, Fractions, "p/q" strings, floats).

    Examples
    --------
    >>> from gamekit import solve
    >>> g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    >>> r = solve(g)
    >>> r.unique, r[0].x, r[0].y
    (True, (Fraction(1, 2),), (Fraction(1, 2),))
    """

    __slots__ = ("row_sets", "col_sets", "I", "II", "title")

    def __init__(
        self,
        row_sets: Sequence[str] | int,
        col_sets: Sequence[str] | int,
        payoff_I: object,
        payoff_II: object,
        title: str = "",
    ) -> None:
        self.row_sets = _labels(row_sets, "player I")
        self.col_sets = _labels(col_sets, "player II")
        m, n = len(self.row_sets), len(self.col_sets)
        self.I = BilinearForm.of(payoff_I, m, n, "player I")
        self.II = BilinearForm.of(payoff_II, m, n, "player II")
        self.title = title

    # -- sizes and labels -----------------------------------------------------------------
    @property
    def m(self) -> int:
        """Number of player I information sets."""
        return len(self.row_sets)

    @property
    def n(self) -> int:
        """Number of player II information sets."""
        return len(self.col_sets)

    def row_index(self, label: str | int) -> int:
        """Index of a player I information set given by label (or index)."""
        return self._index(self.row_sets, label, "player I")

    def col_index(self, label: str | int) -> int:
        """Index of a player II information set given by label (or index)."""
        return self._index(self.col_sets, label, "player II")

    @staticmethod
    def _index(labels: tuple[str, ...], label: str | int, who: str) -> int:
        if isinstance(label, int) and not isinstance(label, bool):
            if not 0 <= label < len(labels):
                raise GameError(f"{who} information set index {label} out of range")
            return label
        try:
            return labels.index(str(label))
        except ValueError:
            raise GameError(f"unknown {who} information set {label!r}") from None

    # -- strategies and payoffs -----------------------------------------------------------
    def check_x(self, x: Sequence) -> tuple[Fraction, ...]:
        """Validate player I's behaviour strategy (probabilities of move 1, in [0, 1])."""
        return self._check(x, self.m, "player I")

    def check_y(self, y: Sequence) -> tuple[Fraction, ...]:
        """Validate player II's behaviour strategy (probabilities of move 1, in [0, 1])."""
        return self._check(y, self.n, "player II")

    @staticmethod
    def _check(v: Sequence, k: int, who: str) -> tuple[Fraction, ...]:
        if isinstance(v, (str, bytes)) or not isinstance(v, Sequence) or len(v) != k:
            raise GameError(f"{who} behaviour strategy must have {k} entries")
        out = tuple(to_fraction(p, f"{who} probability") for p in v)
        for p in out:
            if not 0 <= p <= 1:
                raise GameError(f"{who} probability {p} is not in [0, 1]")
        return out

    def payoffs(self, x: Sequence, y: Sequence) -> tuple[Fraction, Fraction]:
        """Expected payoffs (U_I(x, y), U_II(x, y)) of behaviour strategies x, y."""
        xx, yy = self.check_x(x), self.check_y(y)
        return (self.I.value(xx, yy), self.II.value(xx, yy))

    def pure_payoffs(self, S: Iterable[int], T: Iterable[int]) -> tuple[Fraction, Fraction]:
        """Payoffs of the pure strategies S (player I's move-1 sets) and T (player II's)."""
        x = [_ZERO] * self.m
        y = [_ZERO] * self.n
        for h in S:
            x[self.row_index(h)] = Fraction(1)
        for l in T:
            y[self.col_index(l)] = Fraction(1)
        return (self.I.value(x, y), self.II.value(x, y))

    def row_gains(self, y: Sequence) -> tuple[Fraction, ...]:
        """f_h(y): player I's gain from move 1 (over move 0) at each of his sets."""
        return self.I.row_gain(self.check_y(y))

    def col_gains(self, x: Sequence) -> tuple[Fraction, ...]:
        """g_l(x): player II's gain from move 1 (over move 0) at each of his sets."""
        return self.II.col_gain(self.check_x(x))

    def regret(self, x: Sequence, y: Sequence) -> tuple[Fraction, Fraction]:
        """Exact regrets: Σ_h (max(f_h, 0) − x_h f_h) and Σ_l (max(g_l, 0) − y_l g_l)."""
        xx, yy = self.check_x(x), self.check_y(y)
        f = self.I.row_gain(yy)
        g = self.II.col_gain(xx)
        r1 = sum((max(fh, _ZERO) - xh * fh for fh, xh in zip(f, xx)), _ZERO)
        r2 = sum((max(gl, _ZERO) - yl * gl for gl, yl in zip(g, yy)), _ZERO)
        return (r1, r2)

    def is_equilibrium(self, x: Sequence, y: Sequence) -> bool:
        """Exact test: x_h = 1 where f_h(y) > 0, 0 where f_h(y) < 0, and the same for y, g."""
        return self.regret(x, y) == (_ZERO, _ZERO)

    # -- transformations ------------------------------------------------------------------
    def transpose(self) -> DoublyAdditiveGame:
        """The game with the players' roles exchanged."""
        return DoublyAdditiveGame(
            self.col_sets, self.row_sets, self.II.transpose(), self.I.transpose(), self.title
        )

    def materialize(
        self,
        limit: int = DEFAULT_CELL_LIMIT,
        bit_order: str = "msb",
        moves: tuple[str, str] = ("0", "1"),
    ) -> BimatrixGame:
        """The explicit 2^m × 2^n :class:`BimatrixGame`.

        Row u is the subset ``subset_of_index(u, m, bit_order)`` (default ``"msb"``: the
        first information set is the most significant bit, the paper's order), column t
        likewise for player II. Labels are move strings, one character per set. Raises
        :class:`TooLargeError` when 2^m · 2^n > ``limit``.
        """
        _check_bit_order(bit_order)
        m, n = self.m, self.n
        if m + n > 62 or (1 << (m + n)) > limit:
            raise TooLargeError(
                f"materializing would create 2^{m} x 2^{n} = 2^{m + n} payoff cells, "
                f"above the limit {limit}; solve the compact game with solve_doubly_additive"
            )
        rows = [subset_of_index(u, m, bit_order) for u in range(1 << m)]
        cols = [subset_of_index(t, n, bit_order) for t in range(1 << n)]
        A = [self._pure_row(self.I, S, cols) for S in rows]
        B = [self._pure_row(self.II, S, cols) for S in rows]
        rl = ["".join(moves[h in S] for h in range(m)) for S in rows]
        cl = ["".join(moves[l in T] for l in range(n)) for T in cols]
        return BimatrixGame(A, B, rl, cl, self.title)

    @staticmethod
    def _pure_row(form: BilinearForm, S: frozenset[int], cols: list[frozenset[int]]) -> list[Fraction]:
        base = form.c + sum((form.a[h] for h in S), _ZERO)
        gain = list(form.b)
        for h in S:
            gain = [gv + ch for gv, ch in zip(gain, form.C[h])]
        return [base + sum((gain[l] for l in T), _ZERO) for T in cols]

    def behaviour_of_mixed(
        self, row: Sequence, col: Sequence, bit_order: str = "msb"
    ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """Behaviour strategies induced by mixed strategies of :meth:`materialize`.

        x_h = Σ_{S ∋ h} σ_S and y_l = Σ_{T ∋ l} τ_T. The expected payoff of (σ, τ) equals
        U(x, y) (formula (1) is affine in each indicator), so (σ, τ) is a Nash equilibrium
        of the materialized game iff (x, y) is one of this game.
        """
        _check_bit_order(bit_order)
        return (
            self._marginals(row, self.m, bit_order, "row"),
            self._marginals(col, self.n, bit_order, "column"),
        )

    @staticmethod
    def _marginals(p: Sequence, k: int, bit_order: str, who: str) -> tuple[Fraction, ...]:
        if len(p) != 1 << k:
            raise GameError(f"{who} mixed strategy must have 2^{k} = {1 << k} entries")
        q = [to_fraction(v, f"{who} probability") for v in p]
        out = [_ZERO] * k
        for u, w in enumerate(q):
            if w:
                for i in subset_of_index(u, k, bit_order):
                    out[i] += w
        return tuple(out)

    def product_mixed(
        self, x: Sequence, y: Sequence, bit_order: str = "msb"
    ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """The product mixed strategies σ_S = Π_{h∈S} x_h Π_{h∉S} (1 − x_h) (and τ) that
        realize behaviour strategies x, y in the materialized game (small m, n only)."""
        _check_bit_order(bit_order)
        xx, yy = self.check_x(x), self.check_y(y)
        if self.m > 20 or self.n > 20:
            raise TooLargeError("product mixed strategies need m, n ≤ 20")

        def prod(v: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
            k = len(v)
            out = []
            for u in range(1 << k):
                S = subset_of_index(u, k, bit_order)
                p = Fraction(1)
                for i in range(k):
                    p *= v[i] if i in S else 1 - v[i]
                out.append(p)
            return tuple(out)

        return prod(xx), prod(yy)

    # -- conversions from/to additive games ---------------------------------------------------
    @classmethod
    def from_additive(
        cls, game: AdditiveGame, row_sets: Sequence[str], bit_order: str = "msb"
    ) -> DoublyAdditiveGame:
        """Read an :class:`AdditiveGame` whose 2^m rows are the subsets of ``row_sets``.

        Row u of ``game`` is the pure strategy S = ``subset_of_index(u, m, bit_order)``:
        with the default ``"msb"`` the first label of ``row_sets`` is the most significant
        bit (the paper's Model B3 numbering, u = 16u₁ + 8u₂ + 4u₃ + 2u₄ + u₅); with
        ``"lsb"`` it is bit 0. Player II's sets are ``game.infosets``.

        Both players' payoffs must be affine in the bits of u for every T (then (1) holds):
        with B₀(u) = b_u(∅) and D_u(l) = b_u({l}) − b_u(∅), every B₀ and D_·(l) must equal
        its affine extrapolation from the rows ∅ and {h}. Otherwise a :class:`GameError`
        names the first offending row. A callable player I payoff (``a_func``) is checked
        exhaustively over all (u, T) and is refused above 2^16 cells.
        """
        _check_bit_order(bit_order)
        if not isinstance(game, AdditiveGame):
            raise GameError(f"from_additive expects an AdditiveGame, got {type(game).__name__}")
        labels = _labels(row_sets, "player I")
        m, n = len(labels), game.n
        if game.m != 1 << m:
            raise GameError(
                f"the additive game has {game.m} rows, but {m} player I information sets "
                f"need 2^{m} = {1 << m}"
            )
        rows = [subset_of_index(u, m, bit_order) for u in range(1 << m)]
        single = [index_of_subset([h], m, bit_order) for h in range(m)]

        def split(base: Sequence[Fraction], move: Sequence) -> tuple[list[Fraction], list[list[Fraction]]]:
            B0 = [base[u] + sum((move[u][l][0] for l in range(n)), _ZERO) for u in range(game.m)]
            D = [[move[u][l][1] - move[u][l][0] for l in range(n)] for u in range(game.m)]
            return B0, D

        II = cls._affine_in_rows(*split(game.b_base, game.b_move), rows, single, labels,
                                 game.infosets, "player II")
        if game.a_move is not None:
            I = cls._affine_in_rows(*split(game.a_base, game.a_move), rows, single,  # type: ignore[arg-type]
                                    labels, game.infosets, "player I")
        else:
            if (1 << (m + n)) > A_FUNC_CHECK_LIMIT:
                raise GameError(
                    f"player I's payoff is a callable; checking that it is additive needs "
                    f"2^{m + n} evaluations (limit {A_FUNC_CHECK_LIMIT}); give a_base/a_move"
                )
            B0 = [game.a(u, ()) for u in range(game.m)]
            D = [[game.a(u, (l,)) - B0[u] for l in range(n)] for u in range(game.m)]
            for u in range(game.m):
                for t in range(1 << n):
                    T = subset_of_index(t, n, "lsb")
                    want = B0[u] + sum((D[u][l] for l in T), _ZERO)
                    got = game.a(u, T)
                    if got != want:
                        raise GameError(
                            f"player I's payoff is not additive in player II's sets: row {u}, "
                            f"T = {sorted(game.infosets[l] for l in T)} gives {got}, "
                            f"the additive value is {want}"
                        )
            I = cls._affine_in_rows(B0, D, rows, single, labels, game.infosets, "player I")
        title = game.title
        return cls(labels, game.infosets, I, II, title)

    @staticmethod
    def _affine_in_rows(
        B0: list[Fraction],
        D: list[list[Fraction]],
        rows: list[frozenset[int]],
        single: list[int],
        labels: tuple[str, ...],
        infosets: tuple[str, ...],
        who: str,
    ) -> BilinearForm:
        m, n = len(labels), len(infosets)
        c = B0[0]
        a = [B0[single[h]] - c for h in range(m)]
        b = list(D[0])
        C = [[D[single[h]][l] - D[0][l] for l in range(n)] for h in range(m)]
        for u, S in enumerate(rows):
            want = c + sum((a[h] for h in S), _ZERO)
            if B0[u] != want:
                raise GameError(
                    f"rows are not additive in player I's information sets: {who}'s payoff "
                    f"of row {u} (sets {sorted(labels[h] for h in S)}) against T = {{}} is "
                    f"{B0[u]}, the additive value is {want}"
                )
            for l in range(n):
                want = b[l] + sum((C[h][l] for h in S), _ZERO)
                if D[u][l] != want:
                    raise GameError(
                        f"rows are not additive in player I's information sets: {who}'s gain "
                        f"at {infosets[l]!r} against row {u} (sets "
                        f"{sorted(labels[h] for h in S)}) is {D[u][l]}, the additive value is {want}"
                    )
        return BilinearForm(c, tuple(a), tuple(b), tuple(tuple(r) for r in C))

    def to_additive(self, bit_order: str = "msb") -> AdditiveGame:
        """The same game as an :class:`AdditiveGame` with 2^m explicit rows (m ≤ 16).

        Inverse of :meth:`from_additive` (same ``bit_order``): row u is the subset
        ``subset_of_index(u, m, bit_order)``, ``b_base[u] = U_II(1_S, 0)`` and
        ``b_move[u][l] = (0, g_l(1_S))``; player I likewise.
        """
        _check_bit_order(bit_order)
        if self.m > 16:
            raise TooLargeError(f"to_additive would create 2^{self.m} rows (limit 2^16)")
        m = self.m
        rows = [subset_of_index(u, m, bit_order) for u in range(1 << m)]
        zero_y = [_ZERO] * self.n

        def parts(form: BilinearForm) -> tuple[list[Fraction], list[list[tuple[Fraction, Fraction]]]]:
            base, move = [], []
            for S in rows:
                x = [Fraction(int(h in S)) for h in range(m)]
                base.append(form.value(x, zero_y))
                move.append([(_ZERO, gl) for gl in form.col_gain(x)])
            return base, move

        bb, bm = parts(self.II)
        ab, am = parts(self.I)
        rl = ["".join("1" if h in S else "0" for h in range(m)) for S in rows]
        return AdditiveGame(rl, self.col_sets, bb, bm, a_base=ab, a_move=am, title=self.title)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DoublyAdditiveGame):
            return NotImplemented
        return (self.row_sets, self.col_sets, self.I, self.II) == (
            other.row_sets, other.col_sets, other.I, other.II)

    def __hash__(self) -> int:
        return hash((self.row_sets, self.col_sets, self.I, self.II))

    def __repr__(self) -> str:
        t = f" {self.title!r}" if self.title else ""
        return f"DoublyAdditiveGame(2^{self.m}x2^{self.n}{t})"


class DoublyAdditiveBuilder:
    """Accumulate a doubly additive game from weighted events (exact).

    ``add(weight, payoff_I, payoff_II, row=(h, move), col=(l, move))`` adds an event that
    happens with probability ``weight`` when player I plays ``move`` at h (``row=None``:
    the event does not involve player I's choice) and player II plays ``move`` at l; the
    expected-payoff contribution is weight·P(x)·Q(y)·payoff with P = x_h, 1 − x_h or 1 and
    Q = y_l, 1 − y_l or 1, expanded into (c, a, b, C).

    Examples
    --------
    >>> b = DoublyAdditiveBuilder(["h"], ["l"])
    >>> b.add(1, 1, -1, row=("h", 1), col=("l", 1))  # both play move 1: I wins 1 from II
    >>> b.build().I.C
    ((Fraction(1, 1),),)
    """

    def __init__(self, row_sets: Sequence[str] | int, col_sets: Sequence[str] | int,
                 title: str = "") -> None:
        self.row_sets = _labels(row_sets, "player I")
        self.col_sets = _labels(col_sets, "player II")
        self.title = title
        m, n = len(self.row_sets), len(self.col_sets)
        self._rix = {s: i for i, s in enumerate(self.row_sets)}
        self._cix = {s: i for i, s in enumerate(self.col_sets)}
        self._c = [_ZERO, _ZERO]
        self._a = [[_ZERO] * m, [_ZERO] * m]
        self._b = [[_ZERO] * n, [_ZERO] * n]
        self._C = [[[_ZERO] * n for _ in range(m)], [[_ZERO] * n for _ in range(m)]]

    def _choice(self, spec: object, ix: dict[str, int], k: int, who: str) -> tuple[int, int] | None:
        if spec is None:
            return None
        if isinstance(spec, (str, bytes)) or not isinstance(spec, Sequence) or len(spec) != 2:
            raise GameError(f"{who} choice must be (information set, move) or None")
        s, move = spec
        if isinstance(s, int) and not isinstance(s, bool):
            if not 0 <= s < k:
                raise GameError(f"{who} information set index {s} out of range")
            i = s
        else:
            if str(s) not in ix:
                raise GameError(f"unknown {who} information set {s!r}")
            i = ix[str(s)]
        if move not in (0, 1):
            raise GameError(f"{who} move must be 0 or 1, got {move!r}")
        return (i, int(move))

    def add(self, weight: object, payoff_I: object, payoff_II: object,
            row: object = None, col: object = None) -> None:
        """Add one event (see the class doc)."""
        w = to_fraction(weight, "event weight")
        if w < 0:
            raise GameError(f"event weight {w} is negative")
        r = self._choice(row, self._rix, len(self.row_sets), "player I")
        c = self._choice(col, self._cix, len(self.col_sets), "player II")
        p = (Fraction(1), _ZERO) if r is None else ((_ZERO, Fraction(1)) if r[1] else (Fraction(1), Fraction(-1)))
        q = (Fraction(1), _ZERO) if c is None else ((_ZERO, Fraction(1)) if c[1] else (Fraction(1), Fraction(-1)))
        for k, pay in enumerate((to_fraction(payoff_I, "payoff"), to_fraction(payoff_II, "payoff"))):
            v = w * pay
            if not v:
                continue
            self._c[k] += v * p[0] * q[0]
            if r is not None and p[1]:
                self._a[k][r[0]] += v * p[1] * q[0]
            if c is not None and q[1]:
                self._b[k][c[0]] += v * p[0] * q[1]
            if r is not None and c is not None:
                self._C[k][r[0]][c[0]] += v * p[1] * q[1]

    def build(self) -> DoublyAdditiveGame:
        """The accumulated game."""
        forms = [BilinearForm(self._c[k], tuple(self._a[k]), tuple(self._b[k]),
                              tuple(tuple(r) for r in self._C[k])) for k in (0, 1)]
        return DoublyAdditiveGame(self.row_sets, self.col_sets, forms[0], forms[1], self.title)
