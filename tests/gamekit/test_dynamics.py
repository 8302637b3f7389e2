"""Learning dynamics: Shapley's cycle, nashpy agreement, certified limits."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

import gamekit
from gamekit import dynamics as dyn
from gamekit import generators as gen
from gamekit.core.errors import GameError

nash = pytest.importorskip("nashpy")

SHAPLEY = gamekit.BimatrixGame([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[0, 1, 0], [0, 0, 1], [1, 0, 0]])
PD = gamekit.BimatrixGame([[3, 0], [5, 1]], [[3, 5], [0, 1]])
HAWK_DOVE = gamekit.BimatrixGame([[0, 3], [1, 2]], [[0, 1], [3, 2]])
RPS = gamekit.BimatrixGame([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])


def _np(g: gamekit.BimatrixGame) -> nash.Game:
    return nash.Game(np.array([[float(v) for v in r] for r in g.A]), np.array([[float(v) for v in r] for r in g.B]))


def test_shapley_fictitious_play_cycles():
    """Shapley (1964): the play runs through the six profiles on the diagonal or one step ahead of it in a fixed
    cyclic order with geometrically growing run lengths; the beliefs do not converge."""
    t = dyn.fictitious_play(SHAPLEY, 4000, play_counts=([1, 0, 0], [0, 1, 0]))
    runs = [(p, len(list(r))) for p, r in itertools.groupby(zip(t.info["row_plays"], t.info["col_plays"]))]
    runs = runs[:-1]  # the last run is cut off by the horizon
    order = [p for p, _ in runs]
    cycle = order[:6]
    assert len(set(cycle)) == 6 and all(order[k] == cycle[k % 6] for k in range(len(order)))
    # each step of the cycle changes exactly one player's strategy
    assert all((a[0] == b[0]) != (a[1] == b[1]) for a, b in zip(cycle, cycle[1:] + cycle[:1]))
    lengths = [n for _, n in runs]
    assert all(b > a for a, b in zip(lengths, lengths[1:]))
    ratios = [b / a for a, b in zip(lengths[6:], lengths[7:])]
    assert all(1.3 < r < 1.6 for r in ratios)
    assert t.limit is None  # no convergence to the unique equilibrium (1/3, 1/3, 1/3)
    assert gamekit.solve(SHAPLEY, "all").unique


@pytest.mark.parametrize("seed", range(6))
def test_fictitious_play_equals_nashpy_without_ties(seed):
    g = gen.covariance(3, 4, 0.0, denominator=10**6, seed=seed)
    start = ([1, 0, 0], [0, 0, 1, 0])
    ours = dyn.fictitious_play(g, 200, play_counts=start)
    assert ours.info["ties"] == 0  # generic payoffs: no tie, so the tie rule plays no part
    theirs = list(_np(g).fictitious_play(iterations=200, play_counts=[np.array(s) for s in start]))
    for k in (1, 50, 200):
        counts = theirs[k]
        np.testing.assert_allclose(ours.row[k], counts[0] / counts[0].sum(), atol=1e-12)
        np.testing.assert_allclose(ours.col[k], counts[1] / counts[1].sum(), atol=1e-12)


@pytest.mark.parametrize("game", [RPS, SHAPLEY, PD], ids=["rps", "shapley", "pd"])
def test_fictitious_play_equals_nashpy_with_its_tie_rule(game):
    """Ties everywhere (zero initial counts, integer payoffs): tie="nashpy" reproduces nashpy
    draw for draw after numpy.random.seed."""
    for seed in (0, 1, 2):
        ours = dyn.fictitious_play(game, 150, tie="nashpy", seed=seed)
        np.random.seed(seed)
        theirs = list(_np(game).fictitious_play(iterations=150))
        assert ours.info["ties"] > 0
        for k in (1, 2, 10, 150):
            counts = theirs[k]
            np.testing.assert_allclose(ours.row[k], counts[0] / counts[0].sum(), atol=1e-12)
            np.testing.assert_allclose(ours.col[k], counts[1] / counts[1].sum(), atol=1e-12)


def test_fictitious_play_exact_and_tie_rules():
    t = dyn.fictitious_play(PD, 200)  # round 1 is a tie everywhere: "lowest" plays strategy 0
    assert t.info["row_exact"] == ["1/200", "199/200"] and t.limit is not None
    assert t.limit.row == (0, 1)
    r1 = dyn.fictitious_play(RPS, 100, tie="random", seed=3)
    assert r1.info["row_plays"] == dyn.fictitious_play(RPS, 100, tie="random", seed=3).info["row_plays"]
    assert r1.info["ties"] > 0
    # zero-sum: fictitious play converges (Robinson 1951) to the value's strategies
    z = dyn.fictitious_play(gamekit.BimatrixGame([[2, -1], [-1, 1]]), 20000, tol=2e-2)
    assert z.limit is not None and z.limit.row == (Fraction(2, 5), Fraction(3, 5))


def test_replicator_matches_nashpy():
    ts = np.linspace(0, 10, 101)
    ours = dyn.replicator(HAWK_DOVE, 100, t_end=10, x0=[0.2, 0.8])
    theirs = _np(HAWK_DOVE).replicator_dynamics(y0=np.array([0.2, 0.8]), timepoints=ts)
    np.testing.assert_allclose(ours.row, theirs, atol=1e-6)
    long = dyn.replicator(HAWK_DOVE, 100, t_end=60, x0=[0.2, 0.8])
    assert long.limit is not None and long.limit.row == (Fraction(1, 2), Fraction(1, 2))


def test_asymmetric_replicator_matches_nashpy():
    g = gen.covariance(3, 2, 0.3, denominator=100, seed=4)
    ts = np.linspace(0, 10, 51)
    ours = dyn.asymmetric_replicator(g, 50, t_end=10, x0=[0.5, 0.3, 0.2], y0=[0.4, 0.6])
    xs, ys = _np(g).asymmetric_replicator_dynamics(x0=np.array([0.5, 0.3, 0.2]), y0=np.array([0.4, 0.6]),
                                                   timepoints=ts)
    np.testing.assert_allclose(ours.row, xs, atol=1e-6)
    np.testing.assert_allclose(ours.col, ys, atol=1e-6)


def test_replicator_needs_symmetric_game():
    with pytest.raises(GameError):
        dyn.replicator(gamekit.BimatrixGame([[1, 2], [3, 4]], [[1, 2], [3, 4]]), 10)


def test_stochastic_fictitious_play_statistics_match_nashpy():
    """Same rule, independent streams: the mean final frequency over seeds agrees."""
    g = gamekit.BimatrixGame([[2, -1], [-1, 1]])  # unique mixed equilibrium (2/5, 3/5)
    ours = [dyn.stochastic_fictitious_play(g, 300, seed=s).row[-1][0] for s in range(12)]
    theirs = []
    for s in range(12):
        np.random.seed(1000 + s)
        counts, _ = list(_np(g).stochastic_fictitious_play(iterations=300))[-1]
        theirs.append(counts[0][0] / counts[0].sum())
    assert abs(np.mean(ours) - np.mean(theirs)) < 4 * (np.std(ours) + np.std(theirs)) / np.sqrt(12) + 0.02
    assert abs(np.mean(ours) - 0.4) < 0.05


def test_stochastic_fictitious_play_equals_nashpy_with_its_draws():
    g = gamekit.BimatrixGame([[2, -1], [-1, 1]])
    for seed in (0, 5):
        ours = dyn.stochastic_fictitious_play(g, 200, seed=seed, draws="nashpy")
        np.random.seed(seed)
        theirs = list(_np(g).stochastic_fictitious_play(iterations=200))
        for k in (1, 50, 200):
            counts, dists = theirs[k]
            np.testing.assert_allclose(ours.row[k], counts[0] / counts[0].sum(), atol=1e-12)
            np.testing.assert_allclose(ours.col[k], counts[1] / counts[1].sum(), atol=1e-12)
        np.testing.assert_allclose(ours.info["row_distribution"], theirs[-1][1][0], atol=1e-12)


def test_best_response_dynamics():
    t = dyn.best_response_dynamics(gen.coordination(3, seed=1), 10, start=(0, 1))
    assert t.limit is not None and gamekit.is_equilibrium(gen.coordination(3, seed=1), t.limit.row, t.limit.col)
    c = dyn.best_response_dynamics(SHAPLEY, 30)
    assert c.limit is None and len(c.info["cycle"]) == 6


def test_regret_matching_zero_sum_converges():
    t = dyn.regret_matching(gamekit.BimatrixGame([[2, -1], [-1, 1]]), 50000)
    assert t.limit is not None and t.limit.col == (Fraction(2, 5), Fraction(3, 5))
    assert max(t.info["regret"]) < 1e-2


def test_logit_dynamics_selects_risk_dominant():
    stag_hunt = gamekit.BimatrixGame([[4, 0], [3, 3]], [[4, 3], [0, 3]])  # (Hare, Hare) risk-dominant
    t = dyn.logit_dynamics(stag_hunt, 5000, beta=3.0, seed=2)
    assert t.row[-1][1] > 0.8
    assert dyn.logit_dynamics(stag_hunt, 100, seed=5).row.tolist() == dyn.logit_dynamics(
        stag_hunt, 100, seed=5).row.tolist()


@pytest.mark.parametrize("rule", dyn.RULES)
def test_run_dispatch_and_json(rule):
    g = HAWK_DOVE
    t = dyn.run(g, rule, 20, seed=1)
    assert t.rule == rule and t.row.shape[1] == 2 and len(t) == len(t.row)
    assert set(t.to_json()) == {"rule", "times", "row", "col", "limit", "distance", "info"}


def test_bad_input():
    with pytest.raises(GameError):
        dyn.run(PD, "nope", 10)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        dyn.fictitious_play(PD, 0)
    with pytest.raises(GameError):
        dyn.fictitious_play(PD, 5, tie="first")  # type: ignore[arg-type]
    with pytest.raises(GameError):
        dyn.asymmetric_replicator(PD, 5, x0=[0.5, 0.6])


def test_logit_dynamics_stationary_distribution_is_gibbs():
    """In a potential game the log-linear dynamics is reversible with stationary distribution
    π(a) ∝ exp(β Φ(a)) (Blume 1993); here Φ = A = B, so P(row 0) = (e² + 1)/(e² + e + 2)."""
    g = gamekit.BimatrixGame([[2, 0], [0, 1]], [[2, 0], [0, 1]])
    t = dyn.logit_dynamics(g, 50000, beta=1.0, seed=0)
    expected = (np.e**2 + 1) / (np.e**2 + np.e + 2)
    assert abs(t.row[-1][0] - expected) < 0.03 and abs(t.col[-1][0] - expected) < 0.03
