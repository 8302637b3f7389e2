"""Exact best-response checks for banque profiles (all 1144 Banker sets, no reduction).

A three-person profile (p₁, p₂, y) — Players' draw probabilities at 5 and Banker's
behaviour strategy — is a Nash equilibrium iff (i) y_l = 1 where Banker's gain
g_l(p₁, p₂) > 0 and y_l = 0 where it is < 0 (Lemma 1/2(a) for the product mixture) and
(ii) for each Player, his gain from drawing at 5 is ≤ 0 if p_i = 0, ≥ 0 if p_i = 1 and
= 0 otherwise (his payoff is linear in p_i). Numbers may be Fractions or quadratic surds
(``gamekit.exact.surd``) of one field.
"""

from __future__ import annotations

from fractions import Fraction

from games.baccara.banque.model import ROWS, banque_tables, check_theta

__all__ = ["profile_values", "is_banque_nash"]

_ZERO = Fraction(0)


def _weights(p1, p2) -> tuple:
    return ((1 - p1) * (1 - p2), (1 - p1) * p2, p1 * (1 - p2), p1 * p2)


def _row_values(V, base, y) -> list:
    """E[r] for each pure row u under Banker's behaviour y (weighted tables V)."""
    out = []
    for u in range(len(ROWS)):
        s = base
        for (w0, w1), yl in zip(V[u], y):
            s += w0 + (yl * (w1 - w0) if yl else 0)
        out.append(s)
    return out


def profile_values(theta, p1, p2, y, decks: int | None = None, banker: str = "totals") -> dict:
    """Payoffs and the players' gains at a profile (exact).

    Returns ``{"player1", "player2", "banker"}`` payoffs, ``"gain1"``/``"gain2"``
    (each Player's gain from drawing at 5) and ``"banker_gains"`` (per set).
    """
    t = check_theta(theta)
    tb = banque_tables(decks, banker)
    r1, r2 = _row_values(tb.V1, tb.base1, y), _row_values(tb.V2, tb.base2, y)
    w = _weights(p1, p2)
    # Player 1 acts on the first letter, Player 2 on the second (rows SS, SD, DS, DD)
    gain1 = -t * ((1 - p2) * (r1[2] - r1[0]) + p2 * (r1[3] - r1[1]))
    gain2 = -(1 - t) * ((1 - p1) * (r2[1] - r2[0]) + p1 * (r2[3] - r2[2]))
    pay1 = -t * sum((wu * ru for wu, ru in zip(w, r1)), _ZERO)
    pay2 = -(1 - t) * sum((wu * ru for wu, ru in zip(w, r2)), _ZERO)
    bgains = []
    for l in range(len(tb.infosets)):
        g = _ZERO
        for u in range(4):
            if w[u]:
                d1 = tb.V1[u][l][1] - tb.V1[u][l][0]
                d2 = tb.V2[u][l][1] - tb.V2[u][l][0]
                g += w[u] * (t * d1 + (1 - t) * d2)
        bgains.append(g)
    return {"player1": pay1, "player2": pay2, "banker": -(pay1 + pay2), "gain1": gain1,
            "gain2": gain2, "banker_gains": bgains}


def _player_ok(p, gain) -> bool:
    if p == 0:
        return gain <= 0
    if p == 1:
        return gain >= 0
    return gain == 0


def is_banque_nash(theta, p1, p2, y, decks: int | None = None, banker: str = "totals") -> bool:
    """Exact three-player best-response check of (p₁, p₂, y) (see the module docstring)."""
    if not (0 <= p1 <= 1 and 0 <= p2 <= 1) or any(not 0 <= v <= 1 for v in y):
        return False
    vals = profile_values(theta, p1, p2, y, decks, banker)
    for g, yl in zip(vals["banker_gains"], y):
        if (g > 0 and yl != 1) or (g < 0 and yl != 0):
            return False
    return _player_ok(p1, vals["gain1"]) and _player_ok(p2, vals["gain2"])
