"""Multilinear forms in (p₁, p₂, θ) for banque's Nash equilibria, and their exact ranges on boxes.

Every quantity the Nash conditions of banque need is *multilinear* in (p₁, p₂, θ) — of
degree ≤ 1 in each variable (module docstring of :mod:`games.baccara.banque.structure`):

* Banker's gain at set l, g_l(p₁, p₂, θ) = Σ_u x_u(p) G_u(l)(θ) with x_u bilinear in p and
  G_u(l) affine in θ (:mod:`games.baccara.banque.theta_poly`);
* Player i's gain from drawing at 5 divided by his stake, D_i' = c_i(q) + Σ_l d_il(q)·y_l,
  q = p₋ᵢ: θ-free (the stake θ or 1 − θ is a positive factor) and affine in q;
* products of such forms in disjoint variables (Cramer's rule for Banker's mixed sets:
  C_b·d_al − C_a·d_bl, d_1l·d_2m − d_1m·d_2l, …) — p₂-only times p₁-only.

**Lemma (range).** A multilinear f on a box B = [x₀,x₁]×[y₀,y₁]×[t₀,t₁] attains its
minimum and maximum at corners of B (f is affine in each variable when the others are
fixed), so f(B) = [min, max] of the 8 corner values — no interval over-estimation. The
corner values are evaluated in floating point with an outward bound
1e-12·Σ|c_m|·|m(corner)| (the rounding of an 8-term sum of ≤ 3-fold products, and of
sums of ≤ 1144 such forms, is below 10⁻¹³ of that sum), so every decision taken from a
:class:`Range` is exact: ``lo > 0`` proves f > 0 on B.

Forms are stored as 8 coefficients of the monomials p₁^a p₂^b θ^c, index a + 2b + 4c.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

__all__ = ["ML", "Box", "Range", "BanqueForms", "forms", "det2_range"]

_EPS = 1e-12
_IDX = np.arange(8)
_CX, _CY, _CT = _IDX & 1, (_IDX >> 1) & 1, (_IDX >> 2) & 1   # corner k = (x_{k&1}, y_{k>>1&1}, t_{k>>2})
_CLASH = (_IDX[:, None] & _IDX[None, :]) != 0          # monomial pairs sharing a variable
_OK = ~_CLASH
_TARGET = (_IDX[:, None] | _IDX[None, :])[_OK]         # index of the product monomial


@dataclass(frozen=True)
class Box:
    """[x₀,x₁] × [y₀,y₁] × [t₀,t₁] in (p₁, p₂, θ) with rational ends (a side may be a point)."""

    x: tuple[Fraction, Fraction]
    y: tuple[Fraction, Fraction]
    t: tuple[Fraction, Fraction]

    def corners(self) -> np.ndarray:
        """8 × 8 matrix of the monomials at the 8 corners (all coordinates ≥ 0)."""
        M = self.__dict__.get("_M")
        if M is None:
            fx = np.array([float(v) for v in self.x])[_CX]
            fy = np.array([float(v) for v in self.y])[_CY]
            ft = np.array([float(v) for v in self.t])[_CT]
            M = np.stack([np.ones(8), fx, fy, fx * fy, ft, fx * ft, fy * ft, fx * fy * ft], axis=1)
            object.__setattr__(self, "_M", M)
        return M

    def with_(self, **kw) -> Box:
        d = {"x": self.x, "y": self.y, "t": self.t}
        d.update(kw)
        return Box(**d)

    def width(self, k: int) -> Fraction:
        s = (self.x, self.y, self.t)[k]
        return s[1] - s[0]


@dataclass(frozen=True)
class Range:
    """A proven enclosure [lo, hi] of a form's values on a box."""

    lo: float
    hi: float

    @property
    def pos(self) -> bool:
        return self.lo > 0

    @property
    def neg(self) -> bool:
        return self.hi < 0

    @property
    def nonzero(self) -> bool:
        return self.lo > 0 or self.hi < 0


class ML:
    """A multilinear form: float coefficients ``c``, their absolute bound ``a`` (for the
    rounding bound), and optionally the exact Fraction coefficients ``ex``."""

    __slots__ = ("c", "a", "ex")

    def __init__(self, c, a=None, ex=None) -> None:
        self.c = np.asarray(c, dtype=float)
        self.a = np.abs(self.c) if a is None else a
        self.ex = ex

    @staticmethod
    def exact(coefs) -> ML:
        ex = tuple(Fraction(v) for v in coefs)
        return ML([float(v) for v in ex], None, ex)

    def __add__(self, o: ML) -> ML:
        ex = tuple(u + v for u, v in zip(self.ex, o.ex)) if self.ex is not None and o.ex is not None else None
        return ML(self.c + o.c, self.a + o.a, ex)

    def __sub__(self, o: ML) -> ML:
        ex = tuple(u - v for u, v in zip(self.ex, o.ex)) if self.ex is not None and o.ex is not None else None
        return ML(self.c - o.c, self.a + o.a, ex)

    def __neg__(self) -> ML:
        return ML(-self.c, self.a, None if self.ex is None else tuple(-v for v in self.ex))

    def __mul__(self, o: ML) -> ML:
        """Product of forms in disjoint variables (raises if a square would appear)."""
        outer_a = np.outer(self.a, o.a)
        if outer_a[_CLASH].any():
            raise ValueError("product of forms sharing a variable is not multilinear")
        c = np.bincount(_TARGET, weights=np.outer(self.c, o.c)[_OK], minlength=8)
        a = np.bincount(_TARGET, weights=outer_a[_OK], minlength=8)
        ex = None
        if self.ex is not None and o.ex is not None:
            ex = [Fraction(0)] * 8
            for m1, u in enumerate(self.ex):
                if u:
                    for m2, v in enumerate(o.ex):
                        if v:
                            if m1 & m2:
                                raise ValueError("product of forms sharing a variable is not multilinear")
                            ex[m1 | m2] += u * v
            ex = tuple(ex)
        return ML(c, a, ex)

    def partial(self, var: int) -> ML:
        """∂/∂p₁ (var 0) or ∂/∂p₂ (var 1): a form without that variable."""
        bit = 1 << var
        c, a = np.zeros(8), np.zeros(8)
        ex = [Fraction(0)] * 8 if self.ex is not None else None
        for m in range(8):
            if m & bit:
                c[m ^ bit], a[m ^ bit] = self.c[m], self.a[m]
                if ex is not None:
                    ex[m ^ bit] = self.ex[m]
        return ML(c, a, None if ex is None else tuple(ex))

    def range(self, box: Box) -> Range:
        M = box.corners()
        v = M @ self.c
        e = _EPS * (M @ self.a) + 1e-300
        return Range(float((v - e).min()), float((v + e).max()))

    def is_zero(self) -> bool:
        """Identically zero (exact when the Fraction coefficients are known)."""
        if self.ex is not None:
            return not any(self.ex)
        return not self.c.any() and not self.a.any()

    def at_exact(self, p1, p2) -> tuple:
        """The exact affine polynomial in θ (c₀, c₁) at a point p (Fractions or surds)."""
        if self.ex is None:
            raise ValueError("no exact coefficients")
        out = [Fraction(0), Fraction(0)]
        for m, v in enumerate(self.ex):
            if v:
                term = v * (p1 if m & 1 else 1) * (p2 if m & 2 else 1)
                out[(m >> 2) & 1] = out[(m >> 2) & 1] + term
        return tuple(out)


def ranges(C: np.ndarray, A: np.ndarray, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """Enclosures (lo, hi) of many forms at once (rows of C, absolute bounds A)."""
    M = box.corners()
    v = C @ M.T
    e = _EPS * (A @ M.T) + 1e-300
    return (v - e).min(axis=1), (v + e).max(axis=1)


def det2_range(a1: Range, b1: Range, a2: Range, b2: Range) -> Range:
    """Enclosure of a₁b₂ − b₁a₂ for independent a₁ ∈ A₁, … (multilinear: 16 corners).

    This is the interval Jacobian of two equations (rows (∂e/∂p₁, ∂e/∂p₂) each taken at its
    own point of the box, as the mean value theorem gives them)."""
    vals = [x1 * y2 - y1 * x2 for x1 in (a1.lo, a1.hi) for y1 in (b1.lo, b1.hi)
            for x2 in (a2.lo, a2.hi) for y2 in (b2.lo, b2.hi)]
    scale = max(abs(v) for v in (a1.lo, a1.hi, b1.lo, b1.hi, a2.lo, a2.hi, b2.lo, b2.hi)) ** 2
    e = 4 * _EPS * scale + 1e-300
    return Range(min(vals) - e, max(vals) + e)


_SUMS: dict = {}


def _affine_in(var: int, c0: Fraction, c1: Fraction) -> ML:
    """c₀ + c₁·p_var (var 0 → p₁, 1 → p₂) as a form."""
    co = [Fraction(0)] * 8
    co[0], co[1 << var] = c0, c1
    return ML.exact(co)


@dataclass
class BanqueForms:
    """All forms of the game (for one dealing: ``decks``): ``g[l]`` for every Banker set, the
    Players' gains split as ``c[i]`` + Σ ``d[i][l]``·y_l (player i = 0, 1), stacked float
    matrices for fast box ranges, and the proportional classes of the g's."""

    labels: tuple[str, ...]
    g: list[ML]
    c: tuple[ML, ML]
    d: tuple[list[ML], list[ML]]
    G: np.ndarray
    GA: np.ndarray
    Dc: tuple[np.ndarray, np.ndarray]
    Da: tuple[np.ndarray, np.ndarray]
    dF: tuple[list[ML], list[ML]]   # d without exact coefficients (fast box arithmetic)
    cls: list[int]              # proportional class of each set's g (−1: g ≡ 0)
    cls_sign: list[int]         # sign of the factor to the class representative
    d_zero: tuple[list[bool], list[bool]]
    decks: int | None = None    # the dealing the forms were built for (None: with replacement)
    #: the Players' forms may depend on more than the other Player's p (a chart of the
    #: variables, :mod:`nash_zero_end`): the relaxed test then evaluates them at all 8 corners
    general: bool = False
    # memos of this instance's exact sums: init=False, so dataclasses.replace (new forms, e.g.
    # nash_zero_end's chart) starts with empty ones instead of sharing them
    _exact_memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _numerators: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def _d_numerators(self, i: int) -> list[tuple[int, int, list[int]]]:
        """Player i's d-coefficients as integers: per monomial m where some d_il is nonzero,
        (m, common denominator L, [L·d_il[m] for every l]) (built once per dealing)."""
        out = self._numerators.get(i)
        if out is None:
            import math

            out = []
            for m in range(8):
                col = [f.ex[m] for f in self.d[i]]
                if any(col):
                    L = math.lcm(*(v.denominator for v in col))
                    out.append((m, L, [v.numerator * (L // v.denominator) for v in col]))
            self._numerators[i] = out
        return out

    def player_sum(self, i: int, ones: np.ndarray) -> ML:
        """c_i + Σ_{l : ones[l]} d_il as a form (float, rounding-bounded; memoized)."""
        key = (i, ones.tobytes())
        out = _SUMS.get(key)
        if out is None:
            out = ML(self.c[i].c + ones @ self.Dc[i], self.c[i].a + ones @ self.Da[i])
            if len(_SUMS) > 20_000:
                _SUMS.clear()
            _SUMS[key] = out
        return out

    def player_exact(self, i: int, ones) -> ML:
        """The same sum with exact coefficients (for identity checks and exact decisions).

        The exact coefficients are integer sums over a common denominator per monomial; the
        float coefficients and bounds are accumulated in the order of ``ones`` (the values of
        adding the forms one by one). Memoized per (i, ones)."""
        idx = np.asarray(list(ones), dtype=np.intp)
        key = (i, idx.tobytes())
        out = self._exact_memo.get(key)
        if out is not None:
            return out
        ci = self.c[i]
        c = np.add.accumulate(np.vstack([ci.c[None, :], self.Dc[i][idx]]), axis=0)[-1]
        a = np.add.accumulate(np.vstack([ci.a[None, :], self.Da[i][idx]]), axis=0)[-1]
        ex = list(ci.ex)
        ids = idx.tolist()
        for m, L, num in self._d_numerators(i):
            ex[m] = ex[m] + Fraction(sum(num[l] for l in ids), L)
        out = ML(c, a, tuple(ex))
        if len(self._exact_memo) > 4096:
            self._exact_memo.clear()
        self._exact_memo[key] = out
        return out

    def exact_players(self, ones) -> _ExactPlayers:
        """These forms with both Players' sums exact for the Banker moves ``ones`` (the
        view the exact condition rows are built from)."""
        return _ExactPlayers(self, [self.player_exact(i, ones) for i in (0, 1)])


class _ExactPlayers:
    """:class:`BanqueForms` with exact Player sums and coefficients (``dF`` is ``d``)."""

    def __init__(self, fm: BanqueForms, sums: list[ML]) -> None:
        self._fm, self._sums = fm, sums

    def __getattr__(self, k):
        return getattr(self._fm, k)

    def player_sum(self, i, _ones):
        return self._sums[i]

    @property
    def dF(self):
        return self._fm.d


def _g_forms(T) -> list[ML]:
    """g_l = Σ_u x_u(p) G_u(l)(θ), x = ((1−p₁)(1−p₂), (1−p₁)p₂, p₁(1−p₂), p₁p₂)."""
    # coefficients of x_u in the monomials 1, p1, p2, p1p2
    xs = ((1, -1, -1, 1), (0, 0, 1, -1), (0, 1, 0, -1), (0, 0, 0, 1))
    out = []
    for l in range(len(T.infosets)):
        co = [Fraction(0)] * 8
        for u in range(4):
            G = T.gain[u][l]
            for k, gk in enumerate(G):
                for m, xm in enumerate(xs[u]):
                    if xm and gk:
                        co[m + 4 * k] += xm * gk
        out.append(ML.exact(co))
    return out


def _classes(g: list[ML]) -> tuple[list[int], list[int]]:
    """Proportional classes of the g's (exactly equal zero sets for every θ)."""
    keys: dict[tuple, int] = {}
    cls, sgn = [], []
    for f in g:
        first = next((v for v in f.ex if v), None)
        if first is None:
            cls.append(-1)
            sgn.append(0)
            continue
        key = tuple(v / abs(first) for v in f.ex)
        neg = tuple(-v for v in key)
        if neg in keys:
            cls.append(keys[neg])
            sgn.append(-1)
            continue
        cls.append(keys.setdefault(key, len(keys)))
        sgn.append(1)
    return cls, sgn


def _player_forms(tb) -> tuple[tuple[ML, ML], tuple[list[ML], list[ML]]]:
    """D_i' = −[(1−q)(P_i(hi₀) − P_i(lo₀)) + q(P_i(hi₁) − P_i(lo₁))] split into c_i(q) and
    d_il(q) (rows SS, SD, DS, DD = 0..3; Player 1: DS−SS, DD−SD mixed by p₂; Player 2:
    SD−SS, DD−DS mixed by p₁)."""
    cs, ds = [], []
    for i, (V, base) in enumerate(((tb.V1, tb.base1), (tb.V2, tb.base2))):
        (a, b), (c, e) = ((2, 0), (3, 1)) if i == 0 else ((1, 0), (3, 2))
        var = 1 if i == 0 else 0
        r = [base + sum((w[0] for w in V[u]), Fraction(0)) for u in range(4)]
        lo, hi = -(r[a] - r[b]), -(r[c] - r[e])
        cs.append(_affine_in(var, lo, hi - lo))
        dl = []
        for l in range(len(V[0])):
            w = [V[u][l][1] - V[u][l][0] for u in range(4)]
            s0, s1 = -(w[a] - w[b]), -(w[c] - w[e])
            dl.append(_affine_in(var, s0, s1 - s0))
        ds.append(dl)
    return (cs[0], cs[1]), (ds[0], ds[1])


@lru_cache(maxsize=4)
def forms(decks: int | None = None) -> BanqueForms:
    """The forms of banque for one dealing, cached per dealing.

    Nothing above depends on how the cards are dealt: the forms are built from the dealing's
    tables (:func:`~games.baccara.banque.model.banque_tables` and
    :func:`~games.baccara.banque.theta_poly.theta_tables` for ``decks``), which from a shoe
    keep the same shape — Banker acts once per deal, V₁ and V₂ are split by hand and
    Banker's payoff is θ·V₁ + (1 − θ)·V₂, so G_u(l) is still affine in θ and D_i' θ-free.

    Parameters
    ----------
    decks : int or None
        None: cards dealt with replacement (the paper's model); d: without replacement from a
        d-deck shoe (docs/banque.md, "Without replacement").

    Returns
    -------
    BanqueForms
        The multilinear forms and their stacked float matrices.

    Examples
    --------
    >>> fm = forms()
    >>> len(fm.g) == len(fm.labels) == 1144
    True
    """
    from games.baccara.banque.model import banque_tables
    from games.baccara.banque.theta_poly import theta_tables

    T = theta_tables(decks)
    tb = banque_tables(decks)
    g = _g_forms(T)
    c, d = _player_forms(tb)
    cls, sgn = _classes(g)
    G = np.array([f.c for f in g])
    Dc = tuple(np.array([f.c for f in d[i]]) for i in (0, 1))
    Da = tuple(np.abs(M) for M in Dc)
    dz = tuple([f.is_zero() for f in d[i]] for i in (0, 1))
    dF = tuple([ML(f.c, f.a) for f in d[i]] for i in (0, 1))
    return BanqueForms(T.infosets, g, c, d, G, np.abs(G), Dc, Da, dF, cls, sgn, dz, decks)
