"""gamekit.generators: reproducible, exact, the same games as QuantEcon on the same Generator."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import gamekit
from gamekit import generators as gen
from gamekit.core.errors import GameError

qe_gen = pytest.importorskip("quantecon.game_theory")
from quantecon.game_theory import game_generators as qgg  # noqa: E402


def _qe_matrices(g) -> tuple[np.ndarray, np.ndarray]:
    """(A, B) of a QuantEcon 2-player NormalFormGame (player 1's array is [own, opponent])."""
    return g.players[0].payoff_array, g.players[1].payoff_array.T


def _float(M) -> np.ndarray:
    return np.array([[float(v) for v in r] for r in M])


def test_seeded_reproducible_and_exact():
    for make in (lambda s: gen.random_game(3, 4, seed=s), lambda s: gen.random_game(3, 4, "float", seed=s),
                 lambda s: gen.covariance(3, 3, 0.3, seed=s), lambda s: gen.unit_vector(4, seed=s),
                 lambda s: gen.ranking(4, seed=s), lambda s: gen.blotto(2, 2, 0.0, seed=s),
                 lambda s: gen.symmetric(3, seed=s), lambda s: gen.zero_sum(2, 3, seed=s),
                 lambda s: gen.coordination(3, seed=s)):
        g = make(11)
        assert g == make(11)
        assert all(isinstance(v, Fraction) for r in g.A + g.B for v in r)
    assert gen.random_game(4, 4, seed=1) != gen.random_game(4, 4, seed=2)


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_same_draws_as_quantecon(seed):
    """Same Generator calls in the same order: the floats are QuantEcon's, exactly."""
    pairs = [
        (gen.random_game(3, 4, "float", seed=seed),
         qe_gen.random_game((3, 4), random_state=np.random.default_rng(seed))),
        (gen.covariance(3, 4, 0.5, seed=seed),
         qe_gen.covariance_game((3, 4), 0.5, random_state=np.random.default_rng(seed))),
        (gen.unit_vector(5, seed=seed), qgg.unit_vector_game(5, random_state=np.random.default_rng(seed))),
        (gen.ranking(5, seed=seed), qgg.ranking_game(5, random_state=np.random.default_rng(seed))),
        (gen.blotto(3, 3, 0.2, seed=seed), qgg.blotto_game(3, 3, 0.2, random_state=np.random.default_rng(seed))),
        (gen.tournament(5, 2, seed=seed), qgg.tournament_game(5, 2, random_state=np.random.default_rng(seed))),
    ]
    for ours, theirs in pairs:
        A, B = _qe_matrices(theirs)
        np.testing.assert_allclose(_float(ours.A), A, rtol=0, atol=1e-12)
        np.testing.assert_allclose(_float(ours.B), B, rtol=0, atol=1e-12)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_sgc_equals_quantecon_and_unique_equilibrium(k):
    g = gen.sgc(k)
    A, B = _qe_matrices(qgg.sgc_game(k))
    assert (_float(g.A) == A).all() and (_float(g.B) == B).all()
    if k == 1:
        return
    r = gamekit.solve(g, "all")
    assert r.unique
    half = 2 * k - 1
    assert r.equilibria[0].row == tuple([Fraction(1, half)] * half + [Fraction(0)] * (2 * k))


def test_covariance_distribution_matches_quantecon():
    """Distributional check with independent streams: sample correlation and moments."""
    from scipy import stats

    ours = gen.covariance(40, 40, 0.6, seed=123)
    a, b = _float(ours.A).ravel(), _float(ours.B).ravel()
    A, B = _qe_matrices(qe_gen.covariance_game((40, 40), 0.6, random_state=np.random.default_rng(999)))
    assert abs(np.corrcoef(a, b)[0, 1] - 0.6) < 0.06
    assert abs(np.corrcoef(A.ravel(), B.ravel())[0, 1] - 0.6) < 0.06
    assert stats.ks_2samp(a, A.ravel()).pvalue > 0.01
    assert stats.ks_2samp(b, B.ravel()).pvalue > 0.01


def test_covariance_extremes():
    assert gen.covariance(3, 3, -1.0, seed=0).is_zero_sum()
    g = gen.covariance(3, 3, 1.0, denominator=1000, seed=0)
    assert all(abs(a - b) <= Fraction(1, 1000) for ra, rb in zip(g.A, g.B) for a, b in zip(ra, rb))


def test_coordination_has_2n_minus_1_equilibria():
    for n in (2, 3, 4):
        assert len(gamekit.solve(gen.coordination(n, seed=n), "all").equilibria) == 2**n - 1


def test_von_stengel_75_equilibria():
    r = gamekit.solve(gen.von_stengel_75(), "all")
    assert r.complete and len(r.equilibria) == 75
    # one of Gambit's listed equilibria (its test suite, enummixed rational)
    assert any(e.row == (Fraction(20, 23), Fraction(3, 23), 0, 0, 0, 0)
               and e.col == (Fraction(4, 19), Fraction(15, 19), 0, 0, 0, 0) for e in r.equilibria)


def test_symmetric_zero_sum_unit_vector_structure():
    g = gen.symmetric(4, seed=3)
    assert all(g.A[i][j] == g.B[j][i] for i in range(4) for j in range(4))
    assert gen.zero_sum(3, 5, seed=3).is_zero_sum()
    u = gen.unit_vector(6, seed=4)
    assert all(sorted(u.A[i][j] for i in range(6)) == [0] * 5 + [1] for j in range(6))


def test_blotto_strategies_are_compositions():
    g = gen.blotto(3, 2, 0.0, seed=0)
    assert g.shape == (6, 6)  # C(2+3-1, 3-1)
    # equal troop splits tie everywhere: each gets half his total value
    diag = [g.A[i][i] for i in range(6)]
    assert len(set(diag)) == 1


def test_rational_entries_on_grid():
    g = gen.random_game(3, 3, "rational", low=-1, high=1, denominator=6, seed=0)
    assert all((v * 6).denominator == 1 and -1 <= v <= 1 for r in g.A + g.B for v in r)


@pytest.mark.parametrize("call", [
    lambda: gen.random_game(0, 2), lambda: gen.random_game(2, 2, "complex"),  # type: ignore[arg-type]
    lambda: gen.random_game(2, 2, low=3, high=1), lambda: gen.covariance(2, 2, 1.5),
    lambda: gen.coordination(2, low=0), lambda: gen.random_game(2, 2, seed=-1),
    lambda: gen.blotto(2, 2, -2.0), lambda: gen.sgc(0),
])
def test_bad_input_is_game_error(call):
    with pytest.raises(GameError):
        call()


@pytest.mark.parametrize("d, count", [(2, 3), (4, 15), (6, 75), (8, 383)])
def test_von_stengel_cyclic_polytope_counts(d, count):
    """The Gale-string count: 2^d - 1 for d <= 4, then 75 > 63 at d = 6 (the catalog's count)."""
    r = gamekit.solve(gen.von_stengel(d), "all")
    assert r.complete and len(r.equilibria) == count


@pytest.mark.parametrize("d, shortest, longest", [(4, 8, 20), (6, 16, 88), (8, 40, 376)])
def test_savani_von_stengel_lemke_howson_paths(d, shortest, longest):
    """Unique equilibrium; no Lemke-Howson path (from any of the 2d labels) is shorter than
    ``shortest`` pivots, and all end within ``longest``."""
    g = gen.savani_von_stengel(d)
    assert gamekit.solve(g, "all").unique
    with pytest.raises(GameError, match="no equilibrium"):
        gamekit.solve(g, "lemke_howson", max_iter=shortest - 1)
    r = gamekit.solve(g, "lemke_howson", max_iter=longest)
    assert list(r.parameters["failed_labels"]) == [] and len(r.equilibria) == 1
    assert list(gamekit.solve(g, "lemke_howson", max_iter=longest - 1).parameters["failed_labels"]) != []


def test_cyclic_polytope_game_bad_input():
    with pytest.raises(GameError):
        gen.von_stengel(3)
    with pytest.raises(GameError):
        gen.cyclic_polytope_game(2, [0, 0, 1, 2])
