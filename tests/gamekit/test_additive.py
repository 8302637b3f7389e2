"""AdditiveGame tables, behaviour strategies, Lemma 1 and materialization (issue 3)."""

from fractions import Fraction

import pytest
from additive_gen import A1_LABELS, additive_games
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import AdditiveGame, GameError, TooLargeError, is_equilibrium
from gamekit.additive.behaviour import (
    behaviour_to_mixed,
    behaviour_to_mixture,
    col_best_response,
    is_additive_equilibrium,
    mixed_to_behaviour,
    mixture_to_behaviour,
    payoffs,
    row_best_responses,
)
from gamekit.additive.reduction import forced_moves, materialize, materialized_columns
from gamekit.core.equilibrium import col_payoffs, row_payoffs

F = Fraction


def small_game() -> AdditiveGame:
    # b gains: l0: (+,+) -> T1, l1: (-,-) -> T0, l2: (-,+) -> T*, l3: (0,+) -> T* (weak only)
    return AdditiveGame(
        ["r0", "r1"], ["a", "b", "c", "d"],
        b_base=[1, 2],
        b_move=[[(0, 1), (2, 1), (1, 0), (3, 3)], [(0, 2), (1, 0), (0, 1), (0, 5)]],
        a_base=[0, 1],
        a_move=[[(1, 2), (0, 0), (3, 1), (0, 1)], [(2, 2), (1, 4), (0, 0), (1, 0)]],
    )


def test_pure_payoffs_and_tables():
    g = small_game()
    T = {0, 2}
    # b_{0,T} = 1 + 1 (l0 move 1) + 2 (l1 move 0) + 0 (l2 move 1) + 3 (l3 move 0)
    assert g.b(0, T) == 7
    assert g.a(1, T) == 1 + 2 + 1 + 0 + 1
    assert g.pure_payoffs(0, T) == (g.a(0, T), g.b(0, T))
    assert g.b_gains(1) == (2, -1, 1, 5)
    assert g.b_const(0) == 1 + 0 + 2 + 1 + 3
    assert g.a_const(1) == 1 + 2 + 1 + 0 + 1
    with pytest.raises(GameError, match="out of range"):
        g.pure_payoffs(0, {7})


def test_materialize_column_order_and_payoffs():
    g = small_game()
    full = materialize(g, reduce=False, moves=("S", "D"))
    assert full.shape == (2, 16)
    assert full.col_labels[:3] == ("SSSS", "SSSD", "SSDS") and full.col_labels[-1] == "DDDD"
    cols = materialized_columns(g, reduce=False)
    assert cols[1] == frozenset({3}) and cols[8] == frozenset({0})
    for j, T in enumerate(cols):
        for u in range(2):
            assert full.A[u][j] == g.a(u, T) and full.B[u][j] == g.b(u, T)


def test_materialize_refuses_above_limit():
    g = AdditiveGame(["r"], [str(i) for i in range(30)], [0], [[(0, 0)] * 30], a_base=[0], a_move=[[(0, 0)] * 30])
    with pytest.raises(TooLargeError, match="2\\^30 columns, above the limit 4096"):
        materialize(g, limit=4096, reduce=False)
    # Lemma 1 keeps all 30 (all gains 0) -> still too large
    with pytest.raises(TooLargeError):
        materialize(g, limit=4096)


def test_lemma1_sets_and_reduced_game_is_a_subgame():
    g = small_game()
    red = forced_moves(g)
    assert (red.forced_0, red.forced_1, red.free) == ((1,), (0,), (2, 3))
    assert red.reduced.infosets == ("c", "d")
    full = materialize(g, reduce=False)
    fcols = materialized_columns(g, reduce=False)
    small = materialize(g)
    scols = materialized_columns(g)
    assert small.shape == (2, 4) and scols == tuple(red.lift_set(S) for S in [(), (1,), (0,), (0, 1)])
    idx = {T: j for j, T in enumerate(fcols)}
    for j, T in enumerate(scols):
        assert T >= frozenset(red.forced_1) and not T & frozenset(red.forced_0)
        for u in range(2):
            assert small.A[u][j] == full.A[u][idx[T]] and small.B[u][j] == full.B[u][idx[T]]


def test_lemma1_removed_columns_are_strictly_dominated():
    """Every column outside T1 ⊂ T ⊂ T1 ∪ T* is strictly dominated by the one-step fix."""
    g = small_game()
    red = forced_moves(g)
    full = materialize(g, reduce=False)
    cols = materialized_columns(g, reduce=False)
    idx = {T: j for j, T in enumerate(cols)}
    removed = 0
    for j, T in enumerate(cols):
        missing = [l for l in red.forced_1 if l not in T]
        wrong = [l for l in red.forced_0 if l in T]
        if missing or wrong:
            better = T | {missing[0]} if missing else T - {wrong[0]}
            k = idx[frozenset(better)]
            assert all(full.B[u][k] > full.B[u][j] for u in range(2))
            removed += 1
    assert removed == 16 - 4
    # l3 has G_0 = 0: only weakly better, so Lemma 1 (strict) must keep it
    assert 3 in red.free


def test_lemma1_lift_and_restrict():
    red = forced_moves(small_game())
    y = red.lift_behaviour([F(1, 3), F(1)])
    assert y == (1, 0, F(1, 3), 1)
    assert red.restrict_behaviour(y) == (F(1, 3), 1)
    with pytest.raises(GameError, match="strictly dominated"):
        red.restrict_behaviour((0, 0, 0, 0))


def test_lemma1_with_a_func():
    def a(u, T):
        return F(len(T) * (u + 1) + (3 in T))

    g = AdditiveGame(["r0", "r1"], ["a", "b", "c", "d"], [0, 0],
                     [[(0, 1), (1, 0), (1, 0), (0, 1)], [(0, 1), (1, 0), (0, 1), (1, 0)]], a_func=a)
    red = forced_moves(g)
    assert red.forced_1 == (0,) and red.forced_0 == (1,)
    for S in [(), (0,), (1,), (0, 1)]:
        for u in range(2):
            assert red.reduced.a(u, frozenset(S)) == a(u, red.lift_set(S))


@given(st.lists(st.fractions(min_value=0, max_value=1, max_denominator=12), min_size=0, max_size=12))
@settings(max_examples=150, deadline=None, derandomize=True)
def test_threshold_mixture_roundtrip(y):
    mix = behaviour_to_mixture(y)
    k = sum(1 for v in y if 0 < v < 1)
    assert len(mix) <= k + 1
    assert all(q > 0 for _, q in mix) and sum(q for _, q in mix) == 1
    assert mixture_to_behaviour(mix, len(y)) == tuple(y)
    sets = sorted((T for T, _ in mix), key=len)
    assert all(a <= b for a, b in zip(sets, sets[1:]))  # nested


@given(additive_games(n_max=5), st.data())
@settings(max_examples=60, deadline=None, derandomize=True)
def test_behaviour_payoffs_match_materialized(g, data):
    """Payoffs and best responses in compact form equal those of the explicit game."""
    full = materialize(g, reduce=False)
    cols = materialized_columns(g, reduce=False)
    frac = st.fractions(min_value=0, max_value=1, max_denominator=6)
    y = tuple(data.draw(st.lists(frac, min_size=g.n, max_size=g.n)))
    p = data.draw(frac)
    x = (1 - p, p)
    sigma = behaviour_to_mixed(y, cols)
    assert mixed_to_behaviour(sigma, cols, g.n) == y
    assert payoffs(g, x, y) == full.payoffs(x, sigma)
    assert row_best_responses(g, y).payoffs == tuple(row_payoffs(full, sigma))
    br = col_best_response(g, x)
    colpay = col_payoffs(full, x)
    best = max(colpay)
    assert br.value == best
    assert {j for j, v in enumerate(colpay) if v == best} == {
        j for j, T in enumerate(cols) if br.ones <= T <= br.ones | br.indifferent}
    assert is_additive_equilibrium(g, x, y) == is_equilibrium(full, x, sigma)


def test_behaviour_validation_messages():
    g = small_game()
    with pytest.raises(GameError, match="not in \\[0, 1\\]"):
        payoffs(g, (1, 0), (0, 0, 2, 0))
    with pytest.raises(GameError, match="sum to 1"):
        payoffs(g, (1, 1), (0, 0, 0, 0))
    with pytest.raises(GameError, match="4 information sets"):
        payoffs(g, (1, 0), (0, 0))
    with pytest.raises(GameError, match="not a column"):
        behaviour_to_mixed((F(1, 2), 0, 0, 0), [frozenset()])


def test_a_func_needs_mixture_when_two_sets_mix():
    g = AdditiveGame(["r0", "r1"], ["a", "b"], [0, 0], [[(0, 1), (0, 1)], [(1, 0), (1, 0)]],
                     a_func=lambda u, T: F(len(T) == 1))
    y = (F(1, 2), F(1, 2))
    with pytest.raises(GameError, match="give a mixture"):
        payoffs(g, (1, 0), y)
    # the two mixtures with this marginal give player I different payoffs
    m1 = ((frozenset(), F(1, 2)), (frozenset({0, 1}), F(1, 2)))
    m2 = ((frozenset({0}), F(1, 2)), (frozenset({1}), F(1, 2)))
    assert payoffs(g, (1, 0), mixture=m1)[0] == 0 and payoffs(g, (1, 0), mixture=m2)[0] == 1
    # one mixed set: the mixture is unique, the behaviour vector is enough
    assert payoffs(g, (1, 0), (F(1, 2), 0))[0] == F(1, 2)


def test_constructor_errors():
    with pytest.raises(GameError, match="a_func must be a callable"):
        AdditiveGame(["r"], ["a"], [0], [[(0, 1)]], a_func=3)
    with pytest.raises(GameError, match="missing"):
        AdditiveGame(["r"], ["a"], [0], [[(0, 1)]])


def test_a1_labels_are_the_materialization_order():
    """Our column order is the paper's (SSSS, SSSD, SSDS, …, DDDD) on 4 information sets."""
    g = AdditiveGame(["S", "D"], ["39", "41", "54", "6-"], [0, 0], [[(0, 1)] * 4] * 2,
                     a_base=[0, 0], a_move=[[(0, 0)] * 4] * 2)
    assert list(materialize(g, reduce=False, moves=("S", "D")).col_labels) == A1_LABELS
