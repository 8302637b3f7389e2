"""Uniqueness of Model B3's Nash equilibrium (games.baccara.analysis.b3_uniqueness).

The certificate comes from the complete doubly additive enumeration on the full 32 × 2⁴⁸⁴
game, checked against the brute-force enumeration and re-verified exactly. The expected
equilibria are the paper's (Ethier & Lee II, eqs. (54), (60), (61)); the same method run on
Model A3 (cards with replacement, where the compositions of a total are interchangeable)
finds a non-unique equilibrium set, so a "unique" verdict is not built in.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamekit.core.errors import GameError
from gamekit.doubly_additive import DoublyAdditiveGame
from games.baccara.analysis.b3_uniqueness import b3_game, certify
from games.baccara.analysis.equilibria import solve_model
from games.baccara.models.tables import build_game, model_tables

A = F(1, 20)


@pytest.fixture(scope="module")
def d6():
    return certify(6, A)


def test_d6_unique_and_the_papers(d6):
    assert d6.unique and d6.unique_mixed and d6.components == 1
    assert d6.agree and d6.verified
    ((x, banker, _),) = d6.equilibria
    # eq. (54) at d = 6, α = 1/20 and eq. (61) at d = 6
    assert x == {"05": 1, "14": F(221683, 364176), "23": 0, "69": 1, "78": 1}
    assert banker == {"06:-": F(18885571, 36781056)}


def test_d6_certificate_counts(d6):
    assert d6.feasible == 1 and d6.degenerate == 0
    assert d6.banker_fixed + d6.hyperplanes <= 484 and d6.free_dims == 5
    assert d6.systems >= d6.vertices >= d6.feasible
    assert d6.systems_reference >= d6.systems  # brute force examines every square system
    j = d6.to_json()
    assert j["unique"] is True and j["certificate"]["routes_agree"] is True


def test_d2_unique_eq60():
    c = certify(2, A, reference=False)
    assert c.unique and c.verified
    ((x, banker, _),) = c.equilibria
    assert x["14"] == F(5859, 13072)  # eq. (54) at d = 2
    assert banker == {"06:-": F(65407, 236544)}  # eq. (60): α = 1/20 > β₃ ≈ 0.028


def test_equilibrium_satisfies_full_game_and_perturbation_does_not(d6):
    game = b3_game(6, A)
    e = d6.raw.equilibria[0]
    assert game.is_equilibrium(e.x, e.y)
    x = list(e.x)
    x[1] += F(1, 1000)
    assert not game.is_equilibrium(x, e.y)


def test_enumeration_detects_non_uniqueness_in_model_a3():
    sol = solve_model("A3", 1, A)  # the same enumeration after Lemma 1
    assert sol.unique is False and len(sol.equilibria) > 1
    t = model_tables("A3", None)
    game = DoublyAdditiveGame.from_additive(build_game("A3", 1, A), t.player_infosets)
    for e in sol.equilibria:
        x = [e.player[h] for h in t.player_infosets]
        assert game.is_equilibrium(x, list(e.banker))


@pytest.mark.parametrize("d, alpha, msg", [(0, A, "deck"), (6, 0.05, "float"), (6, "2", "alpha")])
def test_bad_input(d, alpha, msg):
    with pytest.raises(GameError):
        certify(d, alpha)


@pytest.mark.slow
@pytest.mark.parametrize("d", [1, 3, 4, 5, 7, 8])
def test_other_decks_unique(d):
    c = certify(d, A)
    assert c.unique and c.unique_mixed and c.agree and c.verified


@pytest.mark.slow
@pytest.mark.parametrize("alpha", [F(0), F(1, 10)])
def test_d6_other_alpha_unique(alpha):
    c = certify(6, alpha)
    assert c.unique and c.agree and c.verified
