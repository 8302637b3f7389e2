"""Cards and the shoe (games.baccara.cards), and the first paper's p₁, p₂."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from gamekit.core.errors import GameError
from games.baccara.cards import (
    RANK_VALUE,
    RANKS,
    M,
    check_alpha,
    check_decks,
    falling,
    rank_counts,
    shoe_counts,
)
from games.baccara.models.counts import COMPOSITIONS, DEGREE, coup_counts, denominator, evaluate

F = Fraction


def test_rank_values():
    assert [RANK_VALUE[r] for r in RANKS] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    assert M(17) == 7 and M(10) == 0 and M(9) == 9


@pytest.mark.parametrize("d", [1, 2, 6, 8])
def test_shoe_counts(d):
    c = shoe_counts(d)
    assert c == (16 * d,) + (4 * d,) * 9 and sum(c) == 52 * d
    assert sum(rank_counts(d).values()) == 52 * d


def test_p1_p2_of_paper1():
    """Paper I: p₁(k) = (1 + 3δ_{k,0})/13 and p₂(i) = (16 + 9δ_{i,0})/13² (with replacement)."""
    c = shoe_counts(1)
    p1 = [F(x, 52) for x in c]
    assert p1 == [F(1 + 3 * (k == 0), 13) for k in range(10)]
    p2 = [
        sum(p1[a] * p1[b] for a in range(10) for b in range(10) if M(a + b) == i) for i in range(10)
    ]
    assert p2 == [F(16 + 9 * (i == 0), 13**2) for i in range(10)]


def test_falling():
    assert falling(312, 6) == 312 * 311 * 310 * 309 * 308 * 307
    assert falling(5, 0) == 1 and falling(3, 4) == 0
    assert all(falling(n, k) == math.perm(n, k) for n in range(12) for k in range(8))


@pytest.mark.parametrize("good, value", [(1, 1), ("6", 6), (" 8", 8), (100, 100)])
def test_check_decks_accepts(good, value):
    assert check_decks(good) == value


@pytest.mark.parametrize("bad", [0, -1, 1.5, "x", "", None, True, "2.0"])
def test_check_decks_rejects(bad):
    with pytest.raises(GameError) as exc:
        check_decks(bad)
    assert "decks" in str(exc.value) and "\n" not in str(exc.value)


@pytest.mark.parametrize(
    "good, value", [(0, F(0)), ("1/20", F(1, 20)), ("0.05", F(1, 20)), (F(39, 100), F(39, 100))]
)
def test_check_alpha_accepts(good, value):
    assert check_alpha(good) == value


@pytest.mark.parametrize("bad", [1, "1", "-1/20", "2", "abc", None])
def test_check_alpha_rejects(bad):
    with pytest.raises(GameError) as exc:
        check_alpha(bad)
    assert "alpha" in str(exc.value) and "\n" not in str(exc.value)


# -- the counting engine (games.baccara.models.counts) --------------------------------------------
@pytest.mark.parametrize("shoe, d", [("A", 1), ("B", 1), ("B", 6), ("B", 1000)])
def test_counts_partition_all_deals(shoe, d):
    """Naturals + (every Player composition's draw or stand branch) cover every deal once."""
    cc = coup_counts(shoe)
    D = denominator(shoe, d)
    nat = evaluate(cc.natural, d)
    non_nat = [p for p, (a, b) in enumerate(COMPOSITIONS) if (a + b) % 10 <= 7]
    total = int(nat.sum())
    for p in non_nat:
        branch = cc.draw[p].sum(axis=1) if (sum(COMPOSITIONS[p]) % 10) <= 4 else cc.stand[p]
        # branch: (B, v, o, deg); both Banker moves partition the same deals
        ev = evaluate(branch, d)
        for b, (x, y) in enumerate(COMPOSITIONS):
            if (x + y) % 10 <= 7:
                assert ev[b, 0].sum() == ev[b, 1].sum()
                total += int(ev[b, 0].sum())
    assert total == D


def test_counts_are_polynomials_of_degree_six():
    cc = coup_counts("B")
    assert cc.draw.shape[-1] == DEGREE + 1
    # the leading coefficient of the natural counts: (52)^6-scaled limit = Model A counts × 4^6
    a = coup_counts("A")
    assert (cc.natural[:, DEGREE] == a.natural[:, 0] * 4**6).all()
    assert (cc.draw[..., DEGREE] == a.draw[..., 0] * 4**6).all()
    assert (cc.stand[..., DEGREE] == a.stand[..., 0] * 4**6).all()


@pytest.mark.parametrize("d", [1, 6, 45, 46, 100, 10**6])
def test_evaluate_exact_on_both_paths(d):
    """evaluate() (int64 Horner when provably safe, else Python ints) = Σ_e c_e d^e."""
    import random

    poly = coup_counts("B").draw
    flat = poly.reshape(-1, poly.shape[-1])
    got = evaluate(flat, d)
    rng = random.Random(d)
    for i in rng.sample(range(flat.shape[0]), 300):
        assert got[i] == sum(int(c) * d**e for e, c in enumerate(flat[i]))
    assert all(type(x) is int for x in got[:50])
