"""Readable objects and interop conveniences (issue #15): exact fractions in text, HTML
and LaTeX forms; BimatrixGame(A) is the zero-sum game; .nfg player names reach pygambit."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamekit
from gamekit.io.interop import from_nashpy, to_nashpy, to_pygambit
from gamekit.io.nfg import read_nfg_document

GAMES = Path(__file__).parents[1] / "games"
fractions = st.fractions(min_value=-5, max_value=5, max_denominator=9)


def _bos() -> gamekit.BimatrixGame:
    return gamekit.BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]], title="Battle of the sexes")


def test_equilibrium_text_shows_fractions_not_fraction_objects():
    eqs = list(gamekit.solve(_bos(), method="all"))
    texts = [str(e) for e in eqs]
    assert "Equilibrium(row=(3/5, 2/5), col=(2/5, 3/5), payoffs=(6/5, 6/5))" in texts
    assert all("Fraction" not in t and t == repr(e) for t, e in zip(texts, eqs))


@given(st.lists(st.lists(fractions, min_size=2, max_size=2), min_size=2, max_size=3))
def test_game_text_and_markup_show_every_entry_exactly(A):
    g = gamekit.BimatrixGame(A)
    text, html, latex = str(g), g._repr_html_(), g._repr_latex_()
    for row_a, row_b in zip(g.A, g.B):
        for a, b in zip(row_a, row_b):
            assert f"{gamekit.fmt(a)}, {gamekit.fmt(b)}" in text and f"{gamekit.fmt(a)}, {gamekit.fmt(b)}" in html
    assert "Fraction" not in text + html + repr(g) + latex
    assert latex.startswith("$") and latex.endswith("$") and latex.count("pmatrix") == 4


def test_repr_round_trips_small_games():
    g = _bos()
    assert repr(g) == "BimatrixGame(A=[[3, 0], [0, 2]], B=[[2, 0], [0, 3]], title='Battle of the sexes')"
    assert eval(repr(g), {"BimatrixGame": gamekit.BimatrixGame}) == g


def test_equilibrium_markup():
    e = next(iter(gamekit.solve(gamekit.BimatrixGame([[1, -1], [-1, 1]]))))
    assert "<table>" in e._repr_html_() and "1/2" in e._repr_html_()
    assert "\\frac{1}{2}" in e._repr_latex_()


@given(st.lists(st.lists(fractions, min_size=3, max_size=3), min_size=1, max_size=3))
def test_one_matrix_means_zero_sum(A):
    g = gamekit.BimatrixGame(A)
    assert g.is_zero_sum() and g == gamekit.BimatrixGame(A, [[-x for x in r] for r in A])


def test_one_matrix_agrees_with_nashpy_zero_sum():
    nashpy = pytest.importorskip("nashpy")
    A = [[Fraction(1, 2), -1], [0, 2]]
    ours = gamekit.BimatrixGame(A)
    theirs = from_nashpy(nashpy.Game([[0.5, -1.0], [0.0, 2.0]]))
    assert ours == theirs and from_nashpy(to_nashpy(ours)) == ours


def test_to_pygambit_keeps_player_names_of_an_nfg_file():
    pytest.importorskip("pygambit")
    doc = read_nfg_document(GAMES / "matching_pennies.nfg")
    g = to_pygambit(doc)
    assert [p.label for p in g.players] == list(doc.players) and g.title == doc.title
    assert [p.label for p in to_pygambit(doc, players=("R", "C")).players] == ["R", "C"]
    assert [p.label for p in to_pygambit(doc.game).players] == ["Player 1", "Player 2"]
