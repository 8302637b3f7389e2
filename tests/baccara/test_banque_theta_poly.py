"""Banque's θ-tables: the integer payoff sums equal the polynomial sums exactly."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from gamekit.exact import pdot
from games.baccara.banque.theta_poly import theta_tables


@pytest.mark.parametrize("decks", [None, 6])
def test_integer_payoff_sums_equal_polynomial_sums(decks):
    T = theta_tables(decks)
    assert T.gain_int and T.scale >= 1
    rng = random.Random(27)
    one = (F(1),)
    n = len(T.infosets)
    for _ in range(40):
        ones = [l for l in range(n) if rng.random() < 0.5]
        u = rng.randrange(len(T.gain))
        assert T.payoff(u, ones) == pdot([(T.const[u], one)] + [(T.gain[u][l], one) for l in ones])
