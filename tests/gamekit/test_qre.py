"""Logit QRE: closed forms, certified enclosures, and agreement with pygambit."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import gamekit
from gamekit import generators as gen
from gamekit.core.errors import GameError

gbt = pytest.importorskip("pygambit")
from pygambit import qre as gqre  # noqa: E402

MP = gamekit.BimatrixGame([[1, -1], [-1, 1]])
BOS = gamekit.BimatrixGame([[3, 0], [0, 1]], [[1, 0], [0, 2]])  # generic battle of the sexes
# the row player's advantage of T is constant (1 against both columns): a closed form
DOM = gamekit.BimatrixGame([[1, 0], [0, -1]], [[2, 0], [0, 1]])
FIXTURES = [BOS, gen.random_game(3, 3, seed=5), gen.random_game(4, 4, seed=1),
            gen.covariance(4, 3, 0.2, denominator=100, seed=2), gamekit.read_nfg(
                __import__("gamekit.io.nfg", fromlist=["example_path"]).example_path("von_stengel_3x2"))]


def _gambit(g: gamekit.BimatrixGame):
    from gamekit.io.interop import to_pygambit

    return to_pygambit(g)


def _profile(p, g: gamekit.BimatrixGame) -> tuple[list[float], list[float]]:
    prof = [[float(p[s]) for s in pl.strategies] for pl in p.game.players]
    return prof[0], prof[1]


@pytest.mark.parametrize("lam", [0, Fraction(1, 3), 2, 50])
def test_matching_pennies_closed_form(lam):
    box = gamekit.qre_at(MP, lam)
    assert box.contains([Fraction(1, 2)] * 2, [Fraction(1, 2)] * 2)  # exact point in the box
    assert box.globally_unique == (lam < 1)  # contraction bound: λ·L < 1 with L = 1


@pytest.mark.parametrize("lam", [Fraction(1, 2), 1, 3])
def test_constant_advantage_closed_form(lam):
    """x_T = 1/(1 + e^{-λ}); y_L = 1/(1 + e^{-λ(2x_T - (1 - x_T))}) — checked in ball arithmetic."""
    import flint
    from flint import arb, fmpq

    from gamekit.quantal.certified import _bounds

    box = gamekit.qre_at(DOM, lam)
    with flint.ctx.workprec(256):  # the closed form to 256 bits (the box is ~1e-15 wide)
        L = arb(fmpq(Fraction(lam).numerator, Fraction(lam).denominator))
        xt = 1 / (1 + (-L).exp())
        yl = 1 / (1 + (-L * (3 * xt - 1)).exp())

    for (lo, hi), ball in ((box.row[0], xt), (box.col[0], yl)):
        blo, bhi = _bounds(ball)  # the closed form's rigorous ball lies inside the certified box
        assert lo <= blo and bhi <= hi


def test_qre_limits_match_gambit_logit_solve():
    for g in FIXTURES:
        ours = gamekit.qre(g)
        theirs = gbt.nash.logit_solve(_gambit(g)).equilibria[0]
        x, y = _profile(theirs, g)
        assert ours.limit is not None
        assert max(np.abs(np.array([float(v) for v in ours.limit.row]) - x).max(),
                   np.abs(np.array([float(v) for v in ours.limit.col]) - y).max()) < 1e-3
        assert gamekit.is_equilibrium(g, ours.limit.row, ours.limit.col)


def test_branch_points_match_gambit_and_boxes_contain_them():
    for g in FIXTURES[:4]:
        G = _gambit(g)
        for p in gqre.logit_solve_lambda(G, [0.25, 1.0, 2.5]):
            x, y = _profile(p.profile, g)
            box = gamekit.qre_at(g, p.lam)  # Gambit's own λ (it stops within 1e-12 of the target)
            assert box.width < 1e-9
            bx, by = box.midpoint()
            assert np.abs(np.array(bx + by) - np.array(x + y)).max() < 1e-6  # pygambit's tolerance
            # the certified box, widened by pygambit's corrector tolerance, holds its point
            tol = Fraction(1, 10**7)
            assert all(lo - tol <= Fraction(v) <= hi + tol
                       for (lo, hi), v in zip(box.row + box.col, x + y))


def test_fit_matches_gambit_logit_estimate():
    G = _gambit(BOS)
    data = G.mixed_strategy_profile(data=[[30, 10], [20, 20]])
    theirs = gqre.logit_estimate(data)
    ours = gamekit.qre_fit(BOS, ([30, 10], [20, 20]))
    assert ours.lam == pytest.approx(theirs.lam, abs=1e-5)
    assert ours.log_like == pytest.approx(theirs.log_like, abs=1e-7)


def test_symmetric_battle_of_sexes_bifurcates():
    """The symmetric BoS has a pitchfork on its symmetric branch: qre follows the symmetric
    branch to the mixed equilibrium (Gambit picks one of the asymmetric ones)."""
    g = gamekit.BimatrixGame([[2, 0], [0, 1]], [[1, 0], [0, 2]])
    b = gamekit.qre(g)
    assert b.limit is not None
    assert b.limit.row == (Fraction(2, 3), Fraction(1, 3))
    assert len(b.bifurcations) == 1 and 1 < b.bifurcations[0] < 2
    assert gamekit.qre(BOS).bifurcations == ()  # the generic one has none


def test_components_limit_is_exact_point_of_component():
    g = gen.random_game(8, 8, seed=3)  # degenerate: the branch ends inside a component
    b = gamekit.qre(g)
    assert b.limit is not None and b.component is not None
    assert gamekit.is_equilibrium(g, b.limit.row, b.limit.col)


def test_bad_input():
    with pytest.raises(GameError):
        gamekit.qre_at(MP, -1)
    with pytest.raises(GameError):
        gamekit.qre_fit(MP, ([1, 2, 3], [1, 1]))
    with pytest.raises(GameError):
        gamekit.qre("not a game")  # type: ignore[arg-type]


def test_principal_branch_chain():
    """Proved on the principal branch by a chain of boxes; not past the symmetric BoS's
    pitchfork (there the branch is not unique)."""
    box = gamekit.qre_at(BOS, 3)
    assert not box.globally_unique and box.on_principal_branch and box.chain_boxes > 0
    sym = gamekit.BimatrixGame([[2, 0], [0, 1]], [[1, 0], [0, 2]])
    assert gamekit.qre_at(sym, 1).on_principal_branch          # contraction range
    assert not gamekit.qre_at(sym, 2).on_principal_branch      # past the bifurcation at 1.40
    assert not gamekit.qre_at(BOS, 3, prove_branch=False).on_principal_branch


@pytest.mark.parametrize("seed", range(20))
def test_limit_agrees_with_gambit_on_random_games(seed):
    """Generic games: the same limiting equilibrium as pygambit's logit_solve (this caught a
    jump to a nearby branch, now rejected by the orientation test), and no bifurcation."""
    g = gen.covariance(3 + seed % 3, 3 + seed % 2, 0.0, denominator=1000, seed=seed)
    ours = gamekit.qre(g)
    x, y = _profile(gbt.nash.logit_solve(_gambit(g)).equilibria[0], g)
    assert ours.limit is not None and ours.bifurcations == ()
    assert max(abs(float(a) - b) for a, b in zip(ours.limit.row + ours.limit.col, x + y)) < 1e-3
