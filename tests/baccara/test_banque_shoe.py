"""Baccara banque dealt without replacement from a d-deck shoe (games/baccara/banque/shoe.py).

Every test asserts a checked fact: agreement with the independent chemin de fer engine
(Model B1, games/baccara/models/counts.py) on the marginal law of one Player and Banker,
total probability 1 from an independent count of the naturals, the exchangeability
symmetry between the Players, convergence to the with-replacement tables as d grows
(O(1/d)), a Monte Carlo z-test of one profile, exact certificates of every returned
equilibrium, and the CLI contract.
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import numpy as np
import pytest

from gamekit.additive.behaviour import is_additive_equilibrium
from gamekit.core.errors import GameError
from games.baccara.banque.certify import is_banque_nash, profile_values
from games.baccara.banque.concepts import solve_concept
from games.baccara.banque.model import ROWS, STATES, banque_tables, team_game
from games.baccara.banque.shoe import PRIMES
from games.baccara.cards import falling, shoe_counts
from games.baccara.models.tables import model_tables


def test_crt_primes_are_primes():
    from sympy import isprime  # an independent primality oracle

    assert all(isprime(p) and p < 2 ** 31 for p in PRIMES) and len(set(PRIMES)) == len(PRIMES)


def _cdf_label(j: str, s: str) -> str | None:
    return None if s == "N" else f"{j}:{'-' if s == 'S' else s}"


@pytest.mark.parametrize("d", [1, 6])
def test_marginal_of_one_player_and_banker_is_chemin_de_fer(d):
    """By exchangeability, (Player i's cards, Banker's cards) in banque from a d-deck shoe
    have the chemin de fer law from that shoe: under a Banker strategy that depends only on
    (j, s_i), E[r_i] in banque equals Banker's expected result in Model B1 at α = 0."""
    mt = model_tables("B1", d)
    base, move = mt.banker_weights(0)
    rng = np.random.default_rng(12)
    y = {lab: F(int(k), 4) for lab, k in zip(mt.infosets, rng.integers(0, 5, len(mt.infosets)))}
    tb = banque_tables(d)
    for a1 in (0, 1):
        cdf = base[a1] + sum((m[0] + y[lab] * (m[1] - m[0]) for lab, m in zip(mt.infosets, move[a1])), F(0))
        for a2 in (0, 1):
            e1 = e2 = tb.base1
            for lab, v1, v2 in zip(tb.infosets, tb.V1[2 * a1 + a2], tb.V2[2 * a2 + a1]):
                j, s1, s2 = lab.split("/")
                c1, c2 = _cdf_label(j, s1), _cdf_label(j, s2)
                e1 += v1[0] + (y[c1] * (v1[1] - v1[0]) if c1 else 0)
                e2 += v2[0] + (y[c2] * (v2[1] - v2[0]) if c2 else 0)
            assert e1 == cdf and e2 == cdf     # Player 2 playing a1 against the same rule


def _natural_mass(d: int) -> F:
    """P(Banker natural) + P(Banker not natural, both Players natural), counted directly."""
    n = list(shoe_counts(d))
    N = 52 * d
    nat = [(a, b) for a in range(10) for b in range(10) if (a + b) % 10 >= 8]

    def pair(a, b, used):
        w = (n[a] - used[a])
        used[a] += 1
        w *= n[b] - used[b]
        used[b] += 1
        return w

    banker = sum(n[a] * (n[b] - (a == b)) for a, b in nat)
    both = 0
    for h1 in nat:
        for h2 in nat:
            used = [0] * 10
            w = pair(*h1, used) * pair(*h2, used)
            bn = sum((n[a] - used[a]) * (n[b] - used[b] - (a == b)) for a, b in nat)
            both += w * ((N - 4) * (N - 5) - bn)
    return F(banker, N * (N - 1)) + F(both, falling(N, 6))


@pytest.mark.parametrize("d", [1, 3])
def test_probabilities_sum_to_one_and_players_are_exchangeable(d):
    tb = banque_tables(d)
    rest = 1 - _natural_mass(d)
    idx = {lab: k for k, lab in enumerate(tb.infosets)}
    for u in range(4):
        assert sum(tb.prob[u]) == rest
    # swapping the Players: P(j/s1/s2 | a1 a2) = P(j/s2/s1 | a2 a1), computed independently
    for lab, k in idx.items():
        j, s1, s2 = lab.split("/")
        k2 = idx[f"{j}/{s2}/{s1}"]
        assert tb.prob[1][k] == tb.prob[2][k2] and tb.prob[0][k] == tb.prob[0][k2]


def test_converges_to_with_replacement_like_one_over_d():
    inf = banque_tables(None)

    def gap(d):
        tb = banque_tables(d)
        return max(abs(a[k] - b[k]) for u in range(4) for a, b in zip(tb.V1[u], inf.V1[u]) for k in (0, 1))

    g10, g100 = gap(10), gap(100)
    assert 8 < g10 / g100 < 12            # |difference| = O(1/d)


def test_decks_are_validated_and_cached():
    for bad in (0, -1, "x", 1.5, True):
        with pytest.raises(GameError):
            banque_tables(bad)
    assert banque_tables("6") is banque_tables(6) and banque_tables(6).decks == 6


def _deal(rng, n: int, d: int) -> np.ndarray:
    """n coups of nine distinct cards from a fresh d-deck shoe (values), rejection sampling."""
    values = np.array([min(r, 10) % 10 for r in range(1, 14)] * 4 * d)
    out = rng.integers(0, 52 * d, (n, 9))
    while True:
        s = np.sort(out, axis=1)
        bad = (s[:, 1:] == s[:, :-1]).any(axis=1)
        if not bad.any():
            return values[out]
        out[bad] = rng.integers(0, 52 * d, (int(bad.sum()), 9))


def _play(cards, a, y, labels_index):
    """Vectorized coup: positions P1 P1 P2 P2 B B c1 c2 c3; a = (a1, a2) draw at 5 (arrays)."""
    t = [(cards[:, 0] + cards[:, 1]) % 10, (cards[:, 2] + cards[:, 3]) % 10]
    j = (cards[:, 4] + cards[:, 5]) % 10
    state, final = [], []
    for i in (0, 1):
        nat = t[i] >= 8
        draws = ~nat & (j <= 7) & ((t[i] <= 4) | ((t[i] == 5) & (a[i] == 1)))   # no draw after a natural
        state.append(np.where(nat, 0, np.where(draws, 2 + cards[:, 6 + i], 1)))
        final.append(np.where(draws, (t[i] + cards[:, 6 + i]) % 10, t[i]))
    live = (j <= 7) & ~((state[0] == 0) & (state[1] == 0))
    lab = labels_index[np.clip(j, 0, 7), state[0], state[1]]
    draw = live & (y[np.where(live, lab, 0)] == 1)
    bank = np.where(draw, (j + cards[:, 8]) % 10, j)
    r = [np.where(live & (state[i] == 0), -1, np.sign(bank - final[i])) for i in (0, 1)]
    return r, live, lab


def test_monte_carlo_agrees_with_the_exact_value():
    """One profile (p₁, p₂, a 0/1 Banker strategy depending on both Players' states) in a
    6-deck shoe: simulated E[r₁], E[r₂] and P(set) within 4.5 standard errors of the exact values."""
    d, n, theta = 6, 200_000, F(3, 10)
    rng = np.random.default_rng(2015)
    tb = banque_tables(d)
    y = rng.integers(0, 2, len(tb.infosets))
    index = np.zeros((8, 12, 12), dtype=np.int64)
    for k, lab in enumerate(tb.infosets):
        j, s1, s2 = lab.split("/")
        index[int(j), STATES.index(s1), STATES.index(s2)] = k
    p1, p2 = F(1, 3), F(3, 4)
    cards = _deal(rng, n, d)
    a = (rng.random(n) < float(p1)).astype(int), (rng.random(n) < float(p2)).astype(int)
    (r1, r2), live, lab = _play(cards, a, y, index)
    exact = profile_values(theta, p1, p2, tuple(F(int(v)) for v in y), d)
    for r, pay, w in ((r1, exact["player1"], theta), (r2, exact["player2"], 1 - theta)):
        z = (r.mean() - float(-pay / w)) / (r.std() / np.sqrt(n))
        assert abs(z) < 4.5
    x = (float((1 - p1) * (1 - p2)), float((1 - p1) * p2), float(p1 * (1 - p2)), float(p1 * p2))
    for k in (tb.infosets.index("6/S/S"), tb.infosets.index("3/S/8")):
        pk = sum(xu * float(tb.prob[u][k]) for u, xu in enumerate(x))
        z = ((live & (lab == k)).mean() - pk) / np.sqrt(pk * (1 - pk) / n)
        assert abs(z) < 4.5


def _certify(res, theta, d):
    assert res.decks == d
    for s in res.solutions:
        y = s["draw"]
        if res.concept == "nash":
            assert is_banque_nash(theta, s["p1"], s["p2"], y, d)
        else:
            x = tuple(s["team"][r] for r in ROWS)
            assert is_additive_equilibrium(team_game(theta, d), x, y)
            assert s["p1"] == x[2] + x[3] and s["p2"] == x[1] + x[3]
            if res.concept == "independent":
                assert x[0] * x[3] == x[1] * x[2]


@pytest.mark.parametrize("concept", ["correlated", "independent"])
def test_cooperative_solutions_certified_six_decks(concept):
    theta = F(3, 10)
    res = solve_concept(concept, theta, 6)
    _certify(res, theta, 6)
    if concept == "correlated":
        assert res.exists and len(res.solutions) == 1
        # Banker's value is the team game's maxmin: no pure team row does better against y
        y = res.solutions[0]["draw"]
        rows = [profile_values(theta, F(a1), F(a2), y, 6)["banker"] for a1 in (0, 1) for a2 in (0, 1)]
        assert min(rows) == res.value


@pytest.mark.slow
@pytest.mark.parametrize("d", [3, 6])
@pytest.mark.parametrize("concept", ["correlated", "independent", "nash"])
def test_every_concept_certified(concept, d):
    theta = F(1, 2)
    res = solve_concept(concept, theta, d)
    _certify(res, theta, d)
    if concept != "independent":
        assert res.exists and res.complete


def test_cli_decks_json_shape(baccara_cli):
    r = baccara_cli("solve", "--game", "banque", "--theta", "3/10", "--decks", "6", "--concept", "correlated", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["decks"] == 6 and d["game"] == "banque" and d["exists"] is True and d["unique"] is True
    e = d["equilibria"][0]
    assert len(e["banker"]) == 1144 and set(e["payoffs"]) == {"player1", "player2", "banker"}
    assert sum(F(v) for v in e["payoffs"].values()) == 0          # zero-sum among the three
    assert F(e["player1"]["5"]) == F(e["team"]["DS"]) + F(e["team"]["DD"])
    assert any("6-deck shoe" in note for note in d["notes"])


@pytest.mark.parametrize("args", [
    ("solve", "--game", "banque", "--decks", "0"),
    ("solve", "--game", "banque", "--decks", "-1", "--json"),
    ("solve", "--game", "banque", "--decks", "x"),
    ("sweep", "--game", "banque", "--decks", "0"),
])
def test_cli_bad_decks(args, baccara_cli):
    r = baccara_cli(*args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("error:") and r.stderr.count("\n") == 1


@pytest.mark.slow
def test_cli_sweep_six_decks_small_range(baccara_cli):
    r = baccara_cli("sweep", "--game", "banque", "--decks", "6", "--theta-range", "3/10:301/1000", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["decks"] == 6 and d["segments"]
    s = d["segments"][0]
    assert F(s["from_exact"]) < F(3, 10) < F(s["to_exact"])


def test_counting_pipeline_with_replacement_weights_is_the_closed_form():
    """The multiset counting of shoe.py with per-card weights 4/13, 1/13 (with replacement)
    reproduces model.py's closed-form tables exactly — an independent check of the counting,
    the contractions, the CRT and Player 2's table from exchangeability."""
    from games.baccara.banque.model import _count_tables

    a, b = _count_tables(None, "totals"), banque_tables(None)
    assert a.infosets == b.infosets and a.prob == b.prob and a.base1 == b.base1
    assert a.V1 == b.V1 and a.V2 == b.V2


@pytest.mark.slow
@pytest.mark.parametrize("d", [None, 2])
def test_compositions_aggregate_to_totals(d):
    """Banker seeing compositions: summing his 6292 sets over the compositions of each
    total gives the 1144-set tables (same counts, coarser information)."""
    comp, tot = banque_tables(d, "compositions"), banque_tables(d)
    assert len(comp.infosets) == 44 * 143
    idx = {lab: k for k, lab in enumerate(tot.infosets)}
    for u in range(4):
        acc = [[F(0), F(0), F(0)] for _ in tot.infosets]
        for lab, v, p in zip(comp.infosets, comp.V1[u], comp.prob[u]):
            h, s1, s2 = lab.split("/")
            row = acc[idx[f"{(int(h[0]) + int(h[1])) % 10}/{s1}/{s2}"]]
            row[0] += v[0]
            row[1] += v[1]
            row[2] += p
        assert acc == [[v[0], v[1], p] for v, p in zip(tot.V1[u], tot.prob[u])]


@pytest.mark.slow
def test_compositions_correlated_certified():
    theta = F(1, 2)
    res = solve_concept("correlated", theta, 6, "compositions")
    assert res.exists and res.banker == "compositions"
    for s in res.solutions:
        x = tuple(s["team"][r] for r in ROWS)
        assert is_additive_equilibrium(team_game(theta, 6, "compositions"), x, s["draw"])
    # Banker's extra information cannot hurt him: his value is at least the totals value
    assert res.value >= solve_concept("correlated", theta, 6).value
    with pytest.raises(GameError):
        solve_concept("nash", theta, 6, "compositions")
