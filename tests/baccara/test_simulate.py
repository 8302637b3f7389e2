"""Shoe simulation (games.baccara.casino.simulation).

Checked facts:
* the reference dealer respects the cut card (the last coup starts at or before it, no
  coup after it) and ``simulate``'s counts equal the reference dealer's tally of the same
  run (the kernel against the reference shoe by shoe: test_shoe_kernel.py);
* with a fixed seed, every bet's exact return lies in the simulation's 99.9% interval;
* chemin de fer play: simulated payoffs cover the exact expectations;
* reproducibility, prefix property, betting sessions, errors.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from gamekit.core.errors import GameError
from games.baccara.casino import shoe_reference
from games.baccara.casino.odds import STATES, Shoe
from games.baccara.casino.simulation import (
    deal_shoe_python,
    first_coups,
    plot_sessions,
    simulate,
    simulate_chemin_de_fer,
    simulate_python,
)
from games.baccara.rules.drawing import PUNTO_BANCO_BANKER, PUNTO_BANCO_PLAYER, banker_rule

Z999 = 3.2905267314918945  # two-sided 99.9% normal quantile


@pytest.mark.parametrize(
    "shoe, cut, burn",
    [(Shoe.decks(8), 7, True), (Shoe.decks(6), 6, True), (Shoe.decks(1), 6, False), (Shoe.decks(2), 30, True),
     (Shoe.decks(1).remove({"5": 4, "K": 2}), 8, True)],
)
def test_reference_dealer_respects_the_cut_card(shoe: Shoe, cut: int, burn: bool) -> None:
    base = [r for r, n in enumerate(shoe.counts) for _ in range(n)]
    for s in range(64):
        ranks = shoe_reference.shuffled(base, 11, s)
        assert sorted(ranks) == base  # a permutation
        ref = deal_shoe_python(ranks, cut, burn)
        used = sum(len(P) + len(B) for _, P, B in ref)
        start = (1 + (10 if ranks[0] >= 9 else ranks[0] + 1)) if burn else 0
        # the last coup starts at or before the cut card and no coup starts after it
        assert start + used - (len(ref[-1][1]) + len(ref[-1][2])) <= shoe.size - cut < start + used


def test_simulate_counts_equal_reference_dealer_tally() -> None:
    res = simulate(5000, 8, seed=7, exact=False)
    ref = first_coups(Shoe.decks(8), 7, 5000)
    wins = Counter(STATES[code].winner for _, code, _, _ in ref)
    assert res.counts["banker"] == wins["banker"] and res.counts["player"] == wins["player"]
    assert res.counts["tie"] == wins["tie"]
    assert res.counts["player_pair"] == sum(STATES[c].player_pair for _, c, _, _ in ref)
    assert res.shoes == ref[-1][0]


def test_means_cover_exact_values() -> None:
    res = simulate(600_000, 8, seed=2024)
    assert res.rounds == 600_000 and sum(res.counts[k] for k in ("banker", "player", "tie")) == 600_000
    for name, b in res.bets.items():
        assert b.exact is not None and b.stderr > 0
        assert b.within(float(b.exact), Z999), (name, b.mean, float(b.exact), b.stderr)
    # standard errors have the right size: sd of a banker unit bet is ~0.93
    assert 0.8 < res.bets["banker"].stderr * np.sqrt(res.rounds) < 1.1


def test_six_decks_cut_six_no_burn_cover_exact_values() -> None:
    res = simulate(300_000, 6, seed=99, cut=6, burn=False)
    for name, b in res.bets.items():
        assert b.within(float(b.exact), Z999), name


def test_reproducible_and_prefix() -> None:
    a = simulate(20_000, 8, seed=5, exact=False)
    b = simulate(20_000, 8, seed=5, exact=False)
    assert a.counts == b.counts and a.bets["banker"].mean == b.bets["banker"].mean
    c = simulate(20_000, 8, seed=6, exact=False)
    assert c.counts != a.counts
    ref = first_coups(Shoe.decks(8), 5, 30_000)
    tally = Counter(STATES[code].winner for _, code, _, _ in ref[:20_000])
    assert a.counts["banker"] == tally["banker"]


def test_threads_do_not_change_results() -> None:
    one = simulate(150_000, 6, seed=12, exact=False, workers=1)
    two = simulate(150_000, 6, seed=12, exact=False, workers=2)
    assert one.counts == two.counts and one.shoes == two.shoes
    assert all(one.bets[k].mean == two.bets[k].mean for k in one.bets)
    with pytest.raises(GameError, match="workers"):
        simulate(10, workers=0)


def test_python_baseline_is_the_same_game() -> None:
    hist = simulate_python(60_000, 8, seed=1)
    n = sum(hist)
    assert n == 60_000
    p_banker = sum(h for h, s in zip(hist, STATES, strict=True) if s.winner == "banker") / n
    # exact P(banker) = 0.458597...; 99.9% band for a binomial proportion
    assert abs(p_banker - 0.4585974226) < Z999 * np.sqrt(0.25 / n)


def test_sessions() -> None:
    res = simulate(50 * 200, 8, seed=1, session_bet="player", sessions=50, stake=10)
    s = res.sessions
    assert s is not None and s.profits.shape == (50,) and s.rounds_per_session == 200
    # session profits add up to the whole run's return
    assert s.profits.sum() == pytest.approx(10 * res.rounds * res.bets["player"].mean, abs=1e-6)
    assert s.exact_mean == pytest.approx(10 * 200 * float(res.bets["player"].exact))
    summ = s.summary
    assert summ["min"] <= summ["q25"] <= summ["median"] <= summ["q75"] <= summ["max"]
    assert summ["p_win"] + summ["p_loss"] + summ["p_even"] == pytest.approx(1)
    # profits on an even-money bet with stake 10 are multiples of 10
    assert np.allclose(s.profits / 10, np.round(s.profits / 10))


def test_plot_writes_png(tmp_path) -> None:
    res = simulate(100 * 50, 8, seed=1, session_bet="banker", sessions=100)
    path = tmp_path / "sessions.png"
    plot_sessions(res.sessions, str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rounds": 0}, "positive integer"),
        ({"rounds": -5}, "positive integer"),
        ({"rounds": 1.5}, "positive integer"),
        ({"rounds": 10, "decks": 0}, "at least 1"),
        ({"rounds": 10, "cut": 5}, "at least 6"),
        ({"rounds": 10, "decks": 1, "cut": 500}, "beyond the shoe"),
        ({"rounds": 10, "decks": 1, "cut": 42}, "beyond the shoe"),
        ({"rounds": 10, "seed": -1}, "seed"),
        ({"rounds": 10, "session_bet": "banker", "sessions": 3}, "equal sessions"),
        ({"rounds": 10, "session_bet": "nope", "sessions": 2}, "unknown bet"),
        ({"rounds": 10, "session_bet": "banker"}, "both a bet"),
        ({"rounds": 10, "stake": 0, "exact": False}, "stake"),
    ],
)
def test_bad_input(kwargs: dict, message: str) -> None:
    with pytest.raises(GameError, match=message):
        simulate(**kwargs)


def test_cut_limit_is_inclusive() -> None:
    res = simulate(10, 1, seed=1, cut=41, exact=False)  # 52 - 11: the largest burn leaves one coup
    assert res.rounds == 10


# --- chemin de fer play --------------------------------------------------------------------
def test_chemin_de_fer_punto_banco_rules_match_exact() -> None:
    res = simulate_chemin_de_fer(PUNTO_BANCO_PLAYER, PUNTO_BANCO_BANKER, 8, 400_000, Fraction(1, 20), seed=4)
    assert res.banker.exact == Fraction(19, 20) * Fraction(8954111587648, 19524993263685) - Fraction(
        8712962041376, 19524993263685
    )
    assert res.banker.within(float(res.banker.exact), Z999)
    assert res.player.within(float(res.player.exact), Z999)


def test_chemin_de_fer_mixed_strategies_match_exact() -> None:
    banker = dict(banker_rule("DSDD"))
    banker["6:-"] = Fraction(859, 2288)
    banker["06:-"] = Fraction(1, 3)  # a composition overrides its total
    res = simulate_chemin_de_fer({"5": Fraction(9, 11), "14": 0}, banker, 6, 400_000, Fraction(1, 20), seed=8)
    assert res.banker.within(float(res.banker.exact), Z999)
    assert res.player.within(float(res.player.exact), Z999)
    assert sum(res.counts.values()) == 400_000
    again = simulate_chemin_de_fer({"5": Fraction(9, 11), "14": 0}, banker, 6, 400_000, Fraction(1, 20), seed=8,
                                   exact=False)
    assert again.banker.mean == res.banker.mean


def test_chemin_de_fer_errors() -> None:
    with pytest.raises(GameError, match="total 5"):
        simulate_chemin_de_fer({}, PUNTO_BANCO_BANKER, 6, 10)
    with pytest.raises(GameError, match="positive integer"):
        simulate_chemin_de_fer(PUNTO_BANCO_PLAYER, PUNTO_BANCO_BANKER, 6, 0)
    with pytest.raises(GameError, match="alpha"):
        simulate_chemin_de_fer(PUNTO_BANCO_PLAYER, PUNTO_BANCO_BANKER, 6, 10, alpha=2)


def test_chemin_de_fer_model_b2_equilibrium() -> None:
    """Play the Model B2 equilibrium (d = 6, α = 1/20) found by gamekit's Foster solver.

    The exact expectation from this module's enumeration must equal the solver's
    equilibrium payoffs (computed from games.baccara.models.tables's independent tables), and the
    simulation must cover it.
    """
    from gamekit.additive.foster import solve_additive
    from games.baccara.models.tables import build_game

    alpha = Fraction(1, 20)
    game = build_game("B2", 6, alpha)
    eq = solve_additive(game).equilibria[0]
    player = {"5": eq.row[game.rows.index("D")]}
    banker = dict(zip(game.infosets, eq.draw, strict=True))
    assert player["5"] == Fraction(2372272, 2881749) and banker["06:-"] == Fraction(77143741, 121269912)  # CONTRACT
    res = simulate_chemin_de_fer(player, banker, 6, 400_000, alpha, seed=21)
    assert (res.player.exact, res.banker.exact) == eq.payoffs
    assert res.banker.within(float(res.banker.exact), Z999)
    assert res.player.within(float(res.player.exact), Z999)
