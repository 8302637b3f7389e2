"""The θ ↔ 1 − θ symmetry of banque: a correlated segment of (0, 1/2) mirrored into (1/2, 1).

Swapping the two Players maps the game at θ to the game at 1 − θ: Banker's set j/s₁/s₂
becomes j/s₂/s₁ (model: V₁ at (s₁, s₂) is V₂ at (s₂, s₁)), the team rows SD ↔ DS, p₁ ↔ p₂,
and Banker's payoff is unchanged.

**The symmetry holds from a shoe too (any d ≥ 1).** Let π swap the two Players' card
positions (their two initial cards and their third cards c₁ ↔ c₂) and leave Banker's fixed.
Dealt without replacement, the nine positional values are exchangeable (the probability of
a value sequence, Π_v (n_v)_{k_v} / (52d)₉, depends on the value counts k only), so the deal
ω and π(ω) have the same law. Under π, Player 1's hand, state and final total become Player
2's and conversely, Banker's total and move are unchanged; hence for rows u = (a₁, a₂) and
sets l = (j, s₁, s₂), with ū = (a₂, a₁) and l̄ = (j, s₂, s₁),

    P(l | u) = P(l̄ | ū),   V₂[u][l] = V₁[ū][l̄],   base₂ = base₁.

Banker's payoff θ·V₁ + (1 − θ)·V₂ at (θ, u, l) therefore equals (1 − θ)·V₁ + θ·V₂ at
(ū, l̄), i.e. the game at 1 − θ with the Players renamed: a Nash equilibrium (p₁, p₂, y)
at θ is (p₂, p₁, y∘swap) at 1 − θ with the same payoffs (Players exchanged), a correlated
team strategy x at θ is x with x_SD ↔ x_DS at 1 − θ, and the θ-segments map to θ-segments
(ends 1 − hi, 1 − lo). Only (0, 1/2] needs solving. (With replacement the two Player hands
are even independent; exchangeability is all the argument uses.) The tables of
:func:`games.baccara.banque.model.banque_tables` satisfy these identities exactly
(``tests/baccara/test_banque_shoe_sweep.py`` checks them on the counted tables and on the
complete Nash enumeration at θ and 1 − θ). So a segment (lo, hi) with formulas f(θ) gives the
segment (1 − hi, 1 − lo) with formulas f(1 − θ) (rows and labels swapped). Ends stay
exact: 1 − x for fractions and quadratic surds; for a root of an irreducible P isolated
in (a, b), the root of P(1 − θ) (made primitive, positive leading coefficient — the form
``real_roots`` gives, so equal numbers compare equal) isolated in (1 − b, 1 − a).
"""

from __future__ import annotations

import re
from fractions import Fraction

from gamekit.exact import (
    Poly,
    RationalFunction,
    RealAlgebraic,
    compare_numbers,
    int_poly,
    padd,
    pmul,
    poly,
    pscale,
)

__all__ = ["reflect_number", "reflect_function", "mirror_piece", "mirror_cover", "mirror_nash_piece",
           "mirror_nash_cover"]

_HALF = Fraction(1, 2)


def _reflect_poly(p: Poly) -> Poly:
    """p(1 − θ)."""
    out: Poly = ()
    power: Poly = poly(1)
    for c in p:
        out = padd(out, pscale(power, c))
        power = pmul(power, poly(1, -1))
    return out


def reflect_number(x):
    """1 − x, exact."""
    if isinstance(x, RealAlgebraic):
        cs = [Fraction(int(c)) for c in x.poly.coeffs()]
        f = int_poly(_reflect_poly(tuple(cs)))
        g = 0
        for c in f.coeffs():
            from math import gcd

            g = gcd(g, int(c))
        f = type(f)([int(c) // g for c in f.coeffs()])
        if int(f.coeffs()[-1]) < 0:
            f = -f
        return RealAlgebraic(f, None, 1 - x.hi, 1 - x.lo)
    return 1 - x


def reflect_function(f: RationalFunction) -> RationalFunction:
    """θ ↦ f(1 − θ)."""
    return RationalFunction(_reflect_poly(f.num), _reflect_poly(f.den))


def _swap_label(lab: str) -> str:
    j, s1, s2 = lab.split("/")
    return f"{j}/{s2}/{s1}"


def _swap_tag(tag: str) -> str:
    tag = re.sub(r"(\d)/(\w)/(\w)", lambda m: f"{m.group(1)}/{m.group(3)}/{m.group(2)}", tag)
    return tag.replace("SD", "\0").replace("DS", "SD").replace("\0", "DS")


def mirror_piece(pc):
    """The correlated segment of 1 − θ (see the module docstring)."""
    from games.baccara.banque.theta_correlated import CorrelatedPiece

    if pc.extra:
        raise ValueError("only segments with a unique equilibrium are mirrored")
    ss, sd, ds, dd = (reflect_function(f) for f in pc.team)
    return CorrelatedPiece(
        lo=reflect_number(pc.hi), hi=reflect_number(pc.lo), sample=1 - pc.sample,
        team=(ss, ds, sd, dd), p1=reflect_function(pc.p2), p2=reflect_function(pc.p1),
        mixed={_swap_label(k): reflect_function(f) for k, f in pc.mixed.items()},
        draws=tuple(sorted(_swap_label(k) for k in pc.draws)),
        value=reflect_function(pc.value), product=reflect_function(pc.product),
        ends_by=[[_swap_tag(t) for t in pc.ends_by[1]], [_swap_tag(t) for t in pc.ends_by[0]]],
        extra=[])


def mirror_cover(half: list) -> list | None:
    """Segments of (0, 1) from those covering (0, 1/2): the segment through 1/2 must be its
    own mirror image; None when the symmetry cannot be used (then cover (1/2, 1) directly)."""
    left = [pc for pc in half if compare_numbers(pc.hi, _HALF) <= 0]
    mid = [pc for pc in half if compare_numbers(pc.lo, _HALF) < 0 < compare_numbers(pc.hi, _HALF)]
    if len(left) + len(mid) != len(half) or len(mid) > 1 or any(pc.extra for pc in half):
        return None
    if mid and compare_numbers(mid[0].lo, reflect_number(mid[0].hi)) != 0:
        return None
    right = [mirror_piece(pc) for pc in reversed(left)]
    return left + mid + right


def _swap_p(text: str) -> str:
    return text.replace("p1", "\0").replace("p2", "p1").replace("\0", "p2")


def _reflect_formula(text: str) -> str:
    """A formula string in θ (and p₁, p₂) at 1 − θ with the Players swapped."""
    return _swap_p(re.sub(r"\btheta\b", "(1 - theta)", text))


def mirror_nash_piece(pc):
    """The Nash segment of 1 − θ (Players swapped), formulas as strings in ``theta``."""
    from games.baccara.banque.theta_nash import NashPiece

    eqs = []
    for f in pc.equilibria:
        g = {}
        for k, v in f.items():
            if k in ("p1", "p2"):
                g["p2" if k == "p1" else "p1"] = _reflect_formula(v)
            else:
                g["y " + _swap_label(k[2:])] = _reflect_formula(v)
        eqs.append(g)
    samples = [{"p1": s["p2"], "p2": s["p1"],
                "payoffs": {"player1": s["payoffs"]["player2"], "player2": s["payoffs"]["player1"],
                            "banker": s["payoffs"]["banker"]},
                "mixed": {_swap_label(k): v for k, v in s["mixed"].items()}} for s in pc.samples]
    out = NashPiece(reflect_number(pc.hi), reflect_number(pc.lo), 1 - pc.sample, eqs, ("mirror", pc.signature),
                    [[_swap_tag(t) for t in pc.ends_by[1]], [_swap_tag(t) for t in pc.ends_by[0]]], samples, [])
    out.mirror_of = pc
    out.decks = pc.decks
    out.cut = (pc.cut[1], pc.cut[0])
    return out


def mirror_nash_cover(half: list) -> list | None:
    """Nash segments of (0, 1) from those of (0, 1/2) (see :func:`mirror_cover`)."""
    left = [pc for pc in half if compare_numbers(pc.hi, _HALF) <= 0]
    mid = [pc for pc in half if compare_numbers(pc.lo, _HALF) < 0 < compare_numbers(pc.hi, _HALF)]
    if len(left) + len(mid) != len(half) or len(mid) > 1:
        return None
    if mid and compare_numbers(mid[0].lo, reflect_number(mid[0].hi)) != 0:
        return None
    return left + mid + [mirror_nash_piece(pc) for pc in reversed(left)]
