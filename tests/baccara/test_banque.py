"""Baccara banque (games.baccara.banque): model identities and the three concepts.

Checked facts: probabilities of all situations sum to 1; the team game at θ = 1/2 is
symmetric in the two Players; every reported Nash equilibrium passes the exact
three-player best-response check and its payoffs sum to 0 (zero-sum); swapping θ and
1 − θ swaps the Players; the correlated value equals the exact LP value and is at least
the team's payoff at a Nash equilibrium (Banker best-responds there); the independent
cooperative equilibrium is a product strategy with the correlated value where it exists
and the reason is given where it does not; the CLI keeps the contract shape and exit codes.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from functools import cache

import pytest

from gamekit.core.errors import GameError
from games.baccara.banque.certify import is_banque_nash
from games.baccara.banque.concepts import correlated, independent
from games.baccara.banque.model import ROWS, banque_tables, check_theta
from games.baccara.banque.nash import banque_nash


@cache
def nash(t):
    return banque_nash(t)


@cache
def corr(t):
    return correlated(t)


def test_probabilities_sum_to_one():
    tb = banque_tables()
    card = [F(4, 13)] + [F(1, 13)] * 9
    tot = [sum(card[a] * card[b] for a in range(10) for b in range(10) if (a + b) % 10 == t) for t in range(10)]
    nat = tot[8] + tot[9]
    for row in tb.prob:
        assert sum(row) + nat + (1 - nat) * nat**2 == 1
    assert len(tb.infosets) == 8 * (12 * 12 - 1)


def test_theta_is_validated():
    for bad in ("0", "1", "3/2", "-1/2", "x"):
        with pytest.raises(GameError):
            check_theta(bad)


@pytest.mark.slow
def test_nash_equilibria_are_certified_and_zero_sum():
    for t in (F(3, 10), F(1, 10)):
        res = nash(t)
        assert res.complete and res.equilibria
        for e in res.equilibria:
            assert is_banque_nash(t, e.p1, e.p2, e.draw)
            assert sum(e.payoffs.values()) == 0


@pytest.mark.slow
def test_swapping_theta_swaps_the_players():
    a = {(e.p1, e.p2) for e in nash(F(3, 10)).equilibria}
    b = {(e.p2, e.p1) for e in nash(F(7, 10)).equilibria}
    assert a == b


@pytest.mark.slow
def test_correlated_value_bounds_the_team_at_nash():
    t = F(3, 10)
    c = corr(t)
    assert c.exists
    for e in nash(t).equilibria:
        team_nash = e.payoffs["player1"] + e.payoffs["player2"]
        assert team_nash <= -c.value


def test_correlated_is_symmetric_at_one_half():
    c = corr(F(1, 2))
    for s in c.solutions:
        assert s["team"]["SD"] == s["team"]["DS"]
        assert s["p1"] == s["p2"]


def test_independent_exists_or_explains():
    t_yes, t_no = F(3, 10), F(1, 2)
    yes = independent(t_yes, corr(t_yes))
    assert yes.exists
    for s in yes.solutions:
        x = [s["team"][r] for r in ROWS]
        assert x[0] * x[3] == x[1] * x[2]
        assert s["payoffs"]["banker"] == corr(t_yes).value
    no = independent(t_no, corr(t_no))
    assert not no.exists and "not product" in no.notes[0]


def test_cli_contract_shape_and_errors(baccara_cli):
    r = baccara_cli("solve", "--game", "banque", "--theta", "3/10", "--concept", "independent", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["game"] == "banque" and d["theta"] == "3/10" and d["concept"] == "independent"
    assert d["exists"] is True and isinstance(d["notes"], list)
    e = d["equilibria"][0]
    assert set(e) >= {"player1", "player2", "banker", "payoffs"}
    assert set(e["player1"]) == {"5"} and len(e["banker"]) == 1144
    bad = baccara_cli("solve", "--game", "banque", "--theta", "1")
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.startswith("error:")
