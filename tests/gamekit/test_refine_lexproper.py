"""One proper equilibrium of every bimatrix game up to 10 x 10 (issue #24, item 2): the ε-proper
certificate of :mod:`gamekit.refine.permutahedron` (Lemke on the facet LCP of the
ε-permutahedra) re-checked two ways (symbolically by the
module, and here against Myerson's definition at a tiny rational ε, exactly), its limit a
Nash equilibrium inside one of the maximal Nash subsets of ``method="all"`` and perfect, and
never an extreme equilibrium that the necessary conditions refute."""

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BimatrixGame
from gamekit.core.errors import GameError
from gamekit.lp.simplex import solve_lp
from gamekit.refine.perfect import is_perfect
from gamekit.refine.permutahedron import (
    MAX_STRATEGIES,
    ProperCertificate,
    check_proper_certificate,
    labels_to_follow,
    lexicographic_proper,
)
from gamekit.refine.proper import proper_equilibria, proper_verdict
from tests.oracles.proper_orderings import lexicographic_proper as orderings_proper

F = Fraction
GAMES = Path(__file__).resolve().parents[1] / "games"
MYERSON = [[1, 0, -9], [0, 0, -7], [-9, -7, -7]]


def sym(A):
    return BimatrixGame(A, [list(c) for c in zip(*A)])


def at(polys, eps):
    v = [sum(F(a) * eps ** k for k, a in enumerate(p)) for p in polys]
    t = sum(v)
    return [p / t for p in v]


def eps_proper_at(g, cert, eps):
    """Myerson's definition, exactly, at one rational ε."""
    x, y = at(cert.row_poly, eps), at(cert.col_poly, eps)
    if min(x) <= 0 or min(y) <= 0:
        return False
    Ay = [sum(a * q for a, q in zip(r, y)) for r in g.A]
    xB = [sum(x[i] * g.B[i][j] for i in range(g.m)) for j in range(g.n)]
    return (all(not (Ay[s] < Ay[t]) or x[s] <= eps * x[t] for s in range(g.m) for t in range(g.m))
            and all(not (xB[s] < xB[t]) or y[s] <= eps * y[t] for s in range(g.n) for t in range(g.n)))


def in_hull(p, vertices):
    k = len(vertices)
    A_eq = [[v[i] for v in vertices] for i in range(len(p))] + [[F(1)] * k]
    return solve_lp([F(0)] * k, A_eq=A_eq, b_eq=list(p) + [F(1)]).status == "optimal"


def in_some_component(nash, x, y):
    return any(in_hull(x, [nash.row_vertices[i] for i in c.rows]) and in_hull(y, [nash.col_vertices[j] for j in c.cols])
               for c in nash.components)


def test_myerson_the_constructed_equilibrium_is_the_proper_one():
    """Myerson (1978): of the three pure equilibria only (1, 1) is proper."""
    g = sym(MYERSON)
    c = lexicographic_proper(g)
    assert (c.row, c.col) == ((1, 0, 0), (1, 0, 0))
    assert check_proper_certificate(g, c) and eps_proper_at(g, c, F(1, 10 ** 30))


@pytest.mark.parametrize("name, proper", [
    ("refine/perfect2.nfg", ((0, 1, 0), (0, 1, 0))),   # Gambit contrib: the unique proper equilibrium
    ("selten_e02.nfg", ((1, 0, 0), (1, 0))),           # Selten (1975), Fig. 2
])
def test_unique_proper_equilibrium_is_found(name, proper):
    g = gamekit.read_nfg(GAMES / name)
    r = proper_equilibria(g)
    assert r.complete and [(e.row, e.col) for e in r] == [proper]
    assert r.parameters["sources"] == ["extreme"] and r.parameters["construction"] == "not needed"
    c = lexicographic_proper(g)
    assert (c.row, c.col) == proper and eps_proper_at(g, c, F(1, 10 ** 30))


def test_gambit_perfect1_the_constructed_point_is_perfect():
    g = gamekit.read_nfg(GAMES / "refine" / "perfect1.nfg")
    c = lexicographic_proper(g)
    assert is_perfect(g, c.row, c.col) and in_some_component(gamekit.solve(g), c.row, c.col)


def test_every_extreme_equilibrium_refuted_yet_one_is_constructed():
    """A game (found by a random search) whose extreme equilibria are all refuted: the proper
    equilibrium is the midpoint of a Nash segment, and ``solve`` returns it as constructed."""
    A = [[1, 2, 0], [2, 0, 0], [0, 2, 0]]
    B = [[2, 0, 2], [0, 2, 1], [2, 1, 2]]
    g = BimatrixGame(A, B)
    r = gamekit.solve(g, method="proper")
    assert all(v["status"] == "not proper" for v in r.certificate["verdicts"]) and r.complete
    assert [(e.row, e.col) for e in r] == [((F(1, 2), F(1, 2), 0), (0, 0, 1))]
    assert r.parameters["sources"] == ["constructed"]
    assert r.to_json()["parameters"]["sources"] == ["constructed"]
    assert r.certificate["constructed"][0]["row"] == ["1/2", "1/2", "0"]


def test_undecided_extreme_equilibrium_decided_by_the_limit():
    """A game (random search) whose only proper extreme equilibrium the LPS search and the
    necessary conditions leave undecided; the constructed limit decides it."""
    A = [[0, 2, 1, 0], [2, 0, 0, 2], [2, 1, 0, 2]]
    B = [[2, 0, 0, 0], [1, 2, 2, 1], [1, 0, 1, 0]]
    g = BimatrixGame(A, B)
    e = ((0, 0, 1), (F(1, 3), 0, F(2, 3), 0))
    assert proper_verdict(g, *e).status == "undecided"
    r = proper_equilibria(g)
    assert r.complete and [(x.row, x.col) for x in r] == [e]
    assert r.parameters["sources"] == ["extreme+constructed"]
    assert [v["status"] for v in r.certificate["verdicts"]] == ["not proper", "not proper", "proper"]


def test_another_label_can_end_elsewhere():
    """Different labels (covering vectors): every one ends at a certified proper equilibrium."""
    g = BimatrixGame([[1, 0, 1, 0], [1, 1, 0, 0]], [[2, 2, 0, 2], [0, 1, 2, 2]])
    ends = {(c.row, c.col) for c in (lexicographic_proper(g, k) for k in range(-1, 2 + 4))}
    nash = gamekit.solve(g)
    assert ends and all(in_some_component(nash, x, y) and is_perfect(g, x, y) for x, y in ends)
    with pytest.raises(GameError, match="label"):
        lexicographic_proper(g, 6)


def test_forged_certificates_fail():
    g = sym(MYERSON)
    c = lexicographic_proper(g)
    # (2, 2) with trembles of equal order onto 1 and 3 is not ε-proper (3 is costlier)
    bad = ProperCertificate((0, 1, 0), (0, 1, 0), ((0, 1), (1,), (0, 1)), ((0, 1), (1,), (0, 1)))
    assert not check_proper_certificate(g, bad)
    wrong_limit = ProperCertificate((0, 1, 0), c.col, c.row_poly, c.col_poly)
    assert not check_proper_certificate(g, wrong_limit)


def test_size_limit_is_a_game_error():
    g = BimatrixGame([[0] * 11] * 2, [[0] * 11] * 2)
    assert MAX_STRATEGIES == 10
    with pytest.raises(GameError, match="strategies"):
        lexicographic_proper(g)
    assert labels_to_follow(2, 11) == range(0) and labels_to_follow(6, 6) == range(-1, 0)
    assert labels_to_follow(4, 4) == range(-1, 8)
    r = gamekit.solve(g, method="proper")  # still classifies the extreme equilibria
    assert r.certificate["constructed"] == [] and r.parameters["labels_followed"] == 0 and len(r) >= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3).flatmap(lambda m: st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, 2), min_size=n, max_size=n), min_size=m, max_size=m),
    st.lists(st.lists(st.integers(0, 2), min_size=n, max_size=n), min_size=m, max_size=m)))))
def test_random_degenerate_games(AB):
    g = BimatrixGame(*AB)
    nash = gamekit.solve(g)
    r = proper_equilibria(g, nash)
    c = lexicographic_proper(g)
    assert check_proper_certificate(g, c) and eps_proper_at(g, c, F(1, 10 ** 40))
    assert in_some_component(nash, c.row, c.col) and is_perfect(g, c.row, c.col)
    assert len(r) >= 1  # always at least one
    if r.parameters["construction"] != "not needed":  # built only when no extreme one is proper
        assert any((e.row, e.col) == (c.row, c.col) for e in r)
    built = {(tuple(c["row"]), tuple(c["col"])) for c in r.certificate["constructed"]}
    mine = (tuple(map(str, c.row)), tuple(map(str, c.col)))
    for v in r.certificate["verdicts"]:
        if v["status"] == "not proper":  # a certified proper profile is never refuted
            assert (tuple(v["row"]), tuple(v["col"])) not in built | {mine}


def test_a_proper_extreme_equilibrium_makes_the_construction_unnecessary():
    # Found by hypothesis: the constructed proper equilibrium (0,1,0) x (0,0,1/2,1/2) is not an
    # extreme point and differs from the proper extreme equilibrium returned; both are proper.
    g = BimatrixGame([[0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 1, 0]], [[0, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 1]])
    r = proper_equilibria(g, gamekit.solve(g))
    c = lexicographic_proper(g)
    assert r.parameters["construction"] == "not needed"
    assert [(e.row, e.col) for e in r] == [((0, 1, 0), (0, 1, 0, 0))]
    assert (c.row, c.col) == ((0, 1, 0), (0, 0, F(1, 2), F(1, 2))) and check_proper_certificate(g, c)


def degenerate(m, n, seed):
    import random
    r = random.Random(seed)
    return BimatrixGame([[r.randint(0, 2) for _ in range(n)] for _ in range(m)],
                        [[r.randint(0, 2) for _ in range(n)] for _ in range(m)])


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(2, 4), st.integers(0, 10 ** 6))
def test_agrees_with_the_orderings_oracle(m, n, seed):
    """The facet LCP and the game of orderings (the first construction, now a test oracle)
    both end at certified proper equilibria inside Nash components; Lemke and Lemke–Howson
    follow different paths, so the two limits may differ, but both are ε-proper."""
    g = degenerate(m, n, seed)
    nash = gamekit.solve(g)
    for c in (lexicographic_proper(g), orderings_proper(g)):
        assert check_proper_certificate(g, c) and eps_proper_at(g, c, F(1, 10 ** 40))
        assert in_some_component(nash, c.row, c.col)


@pytest.mark.parametrize("k, seed", [(5, 1), (6, 2)])
def test_larger_degenerate_games_now_solve(k, seed):
    """5 x 5 and 6 x 6 (14400 and 518400 pairs of orderings: out of reach of the oracle)."""
    g = degenerate(k, k, seed)
    c = lexicographic_proper(g)
    assert check_proper_certificate(g, c) and eps_proper_at(g, c, F(1, 10 ** 60))
    assert in_some_component(gamekit.solve(g), c.row, c.col) and is_perfect(g, c.row, c.col)
