"""Per-θ structure of banque used by the three solution concepts.

With the team's rows SS, SD, DS, DD and Player i drawing at 5 with probability p_i, an
independent (product) mixture is x(p) = ((1−p₁)(1−p₂), (1−p₁)p₂, p₁(1−p₂), p₁p₂). Banker's
weighted gain from drawing at set l is then *bilinear*:

    g_l(p₁, p₂) = Σ_u x_u(p) G_u(l) = α_l + β_l p₁ + γ_l p₂ + δ_l p₁p₂,
    α = G_SS, β = G_DS − G_SS, γ = G_SD − G_SS, δ = G_SS − G_SD − G_DS + G_DD.

Player 1's payoff is −θ·E[r₁], linear in p₁; his gain from drawing at 5 is

    D₁(p₂, y) = (1−p₂)·Δ₁ˢ(y) + p₂·Δ₁ᴰ(y),  Δ₁ˢ = P₁(DS) − P₁(SS),  Δ₁ᴰ = P₁(DD) − P₁(SD),

affine in Banker's behaviour y (and in p₂); likewise D₂(p₁, y) with Δ₂ˢ = P₂(SD) − P₂(SS),
Δ₂ᴰ = P₂(DD) − P₂(DS). Lemma 1 on the 4-row team game fixes Banker's forced moves for
every (p₁, p₂) at once (a bilinear g has its extremes at the corners), so only the
strategic sets L = T_* carry coordinates here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gamekit.additive import forced_moves
from gamekit.core import common_denominator, primitive_integers
from games.baccara.banque.model import banque_tables, check_theta, team_game

__all__ = ["Affine", "BanqueStructure", "structure"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class Affine:
    """(c + Σ_i d[i]·y[i]) / den over the strategic sets (index i into ``BanqueStructure.L``);
    integers c, d[i] and den > 0 keep the many evaluations cheap."""

    c: int
    d: tuple[int, ...]
    den: int

    @staticmethod
    def of(c: Fraction, d: tuple[Fraction, ...]) -> Affine:
        den = common_denominator([c, *d])
        return Affine(int(c * den), tuple(int(v * den) for v in d), den)

    def at(self, y) -> object:
        s = self.c
        for di, yi in zip(self.d, y):
            if di and yi:
                s = s + (di if yi == 1 else di * yi)
        return s / self.den if not isinstance(s, int) else Fraction(s, self.den)

    def coef(self, i: int) -> Fraction:
        return Fraction(self.d[i], self.den)


@dataclass(frozen=True)
class BanqueStructure:
    """Everything the concepts need at one θ (see the module docstring)."""

    theta: Fraction
    decks: int | None
    infosets: tuple[str, ...]
    L: tuple[int, ...]              # strategic sets (indices into infosets)
    forced: tuple[Fraction, ...]    # full-length y: 1 on T₁, 0 on T₀ (and 0 on L)
    coef: tuple[tuple[int, int, int, int], ...]  # (α, β, γ, δ) per set in L, primitive integers
    d1: tuple[Affine, Affine]       # (Δ₁ˢ, Δ₁ᴰ)
    d2: tuple[Affine, Affine]       # (Δ₂ˢ, Δ₂ᴰ)

    def gain(self, i: int, p1, p2):
        """g_l(p₁, p₂) for the i-th strategic set, up to a positive factor (coefficients are
        primitive integers): exact sign and zero set, integer arithmetic at rational points."""
        a, b, c, d = self.coef[i]
        if isinstance(p1, Fraction) and isinstance(p2, Fraction):
            n1, d1, n2, d2 = p1.numerator, p1.denominator, p2.numerator, p2.denominator
            return a * d1 * d2 + b * n1 * d2 + c * d1 * n2 + d * n1 * n2
        return a + b * p1 + c * p2 + d * p1 * p2

    def D1(self, p2, y):
        """Player 1's gain from drawing at 5 (y over L)."""
        return (1 - p2) * self.d1[0].at(y) + p2 * self.d1[1].at(y)

    def D2(self, p1, y):
        """Player 2's gain from drawing at 5 (y over L)."""
        return (1 - p1) * self.d2[0].at(y) + p1 * self.d2[1].at(y)

    def full_draw(self, y) -> tuple:
        """Banker's full behaviour strategy (all sets) from its L part."""
        out = list(self.forced)
        for i, l in enumerate(self.L):
            out[l] = y[i]
        return tuple(out)


def _player_affine(V, sign: Fraction, base: Fraction, forced, L, hi: int, lo: int) -> Affine:
    """P(hi) − P(lo) as an affine function of y over L, P(u) = sign·(base + Σ_l V[u][l][y_l])."""
    Lset = set(L)
    c = _ZERO
    for l, y0 in enumerate(forced):
        if l not in Lset:
            k = 1 if y0 else 0
            c += V[hi][l][k] - V[lo][l][k]
        else:
            c += V[hi][l][0] - V[lo][l][0]
    d = tuple(sign * ((V[hi][l][1] - V[hi][l][0]) - (V[lo][l][1] - V[lo][l][0])) for l in L)
    return Affine.of(sign * c, d)


def structure(theta: object, decks: int | None = None) -> BanqueStructure:
    """Build :class:`BanqueStructure` for θ (exact)."""
    t = check_theta(theta)
    game = team_game(t, decks)
    red = forced_moves(game)
    forced = tuple(Fraction(1) if l in set(red.forced_1) else _ZERO for l in range(game.n))
    coef = []
    for l in red.free:
        G = [game.b_gains(u)[l] for u in range(4)]
        coef.append(tuple(primitive_integers((G[0], G[2] - G[0], G[1] - G[0], G[0] - G[1] - G[2] + G[3]))))
    tb = banque_tables(decks)
    s1, s2 = -t, -(1 - t)
    # rows: 0 = SS, 1 = SD, 2 = DS, 3 = DD
    d1 = (_player_affine(tb.V1, s1, tb.base1, forced, red.free, 2, 0),
          _player_affine(tb.V1, s1, tb.base1, forced, red.free, 3, 1))
    d2 = (_player_affine(tb.V2, s2, tb.base2, forced, red.free, 1, 0),
          _player_affine(tb.V2, s2, tb.base2, forced, red.free, 3, 2))
    return BanqueStructure(t, decks, game.infosets, tuple(red.free), forced, tuple(coef), d1, d2)
