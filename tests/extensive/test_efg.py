"""gamekit.extensive.efg: Gambit .efg files read and written exactly, checked against pygambit."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest

import gamekit
from gamekit.core.errors import GameError
from gamekit.extensive.efg import EfgFormatError, format_efg, parse_efg, read_efg, write_efg
from tests.extensive.trees import kuhn_poker, random_tree

EFG = Path(__file__).parents[1] / "games" / "efg"
ALL = sorted(EFG.glob("*.efg"))
IMPERFECT = {"books_vonstengel2022_fig10.7.efg", "journals_geb_wichardt2008.efg"}
PERFECT = [p for p in ALL if p.name not in IMPERFECT]
F = Fraction


def _gambit_leaves(game) -> list[tuple[Fraction, Fraction]]:
    """Leaf payoffs of a pygambit game in prefix order (sums of outcomes along the path)."""
    out = []
    p1, p2 = list(game.players)

    def walk(node, acc):
        try:
            acc = (acc[0] + F(str(node.outcome[p1])), acc[1] + F(str(node.outcome[p2])))
        except KeyError:  # pygambit 16.7: a node without an outcome
            pass
        if node.is_terminal:
            out.append(acc)
        for child in node.children:
            walk(child, acc)

    walk(game.root, (F(0), F(0)))
    return out


def _leaves(g) -> list[tuple[Fraction, Fraction]]:
    return [g.leaf_payoffs[i] for i in g.leaves()]


def test_the_root_names_agree_with_the_module():
    assert gamekit.read_efg is read_efg and gamekit.write_efg is write_efg
    assert gamekit.EfgFormatError is EfgFormatError and issubclass(EfgFormatError, GameError)


@pytest.mark.parametrize("path", PERFECT, ids=lambda p: p.stem)
def test_catalog_files_read_like_pygambit_and_round_trip(path, tmp_path):
    g = read_efg(path)
    pg = gbt.read_efg(str(path))
    assert _leaves(g) == _gambit_leaves(pg)
    assert [len(s) for s in g.infosets] == [len(p.infosets) for p in list(pg.players)]
    # gamekit -> text -> gamekit, and gamekit -> file -> pygambit
    assert _leaves(parse_efg(format_efg(g))) == _leaves(g)
    out = tmp_path / "g.efg"
    write_efg(g, out)
    assert _gambit_leaves(gbt.read_efg(str(out))) == _leaves(g)
    # pygambit -> file -> gamekit
    back = tmp_path / "back.efg"
    back.write_text(pg.to_efg())
    again = read_efg(back)
    assert _leaves(again) == _leaves(g)
    assert [[h.actions for h in s] for s in again.infosets] == [[h.actions for h in s] for s in g.infosets]


@pytest.mark.parametrize("name", sorted(IMPERFECT))
def test_imperfect_recall_is_a_clear_error(name):
    assert not gbt.read_efg(str(EFG / name)).is_perfect_recall
    with pytest.raises(GameError, match="imperfect recall: player [12]'s information set"):
        read_efg(EFG / name)


def test_kuhn_poker_round_trips_through_pygambit(tmp_path):
    g = kuhn_poker()
    p = tmp_path / "kuhn.efg"
    write_efg(g, p)
    pg = gbt.read_efg(str(p))
    assert pg.is_perfect_recall and len(list(pg.players)[0].infosets) == 6
    assert _gambit_leaves(pg) == _leaves(g)
    assert [str(a.prob) for a in pg.root.infoset.actions] == ["1/6"] * 6


@pytest.mark.parametrize("seed", range(10))
def test_random_trees_round_trip_through_pygambit(seed, tmp_path):
    g = random_tree(seed)
    p = tmp_path / "r.efg"
    write_efg(g, p)
    pg = gbt.read_efg(str(p))
    assert pg.is_perfect_recall and _gambit_leaves(pg) == _leaves(g)


HEAD = 'EFG 2 R "t" { "A" "B" }\n'


@pytest.mark.parametrize("text, message", [
    ("", "<string>:1: empty file"),
    ('NFG 1 R "" { "A" "B" } { 1 1 } 0 0', "strategic-form"),
    ('EFG 3 R "" { "A" "B" }', "unsupported EFG version"),
    ('EFG 2 R "" { "A" "B" "C" }', "two-player games only; this file has 3 players"),
    (HEAD + 'p "" 1 1 "" { "L" "R" } 0\nt "" 1 "" { 1 2 }\n', "<string>:3: the tree ends early: 1 more"),
    (HEAD + 'p "" 3 1 "" { "L" } 0\n', "out of range"),
    (HEAD + 'c "" 1 "" { "H" 1/2 "T" 1/3 } 0\nt "" 0\nt "" 0\n', "<string>:2: the probabilities of chance"),
    (HEAD + 'c "" 1 "" { "H" 3/2 "T" -1/2 } 0\nt "" 0\nt "" 0\n', "not non-negative"),
    (HEAD + 't "" 1 "" { 1 2 3 }\n', "outcome 1 has 3 payoffs, expected 2"),
    (HEAD + 't "" 1 "" { 1 x }\n', "expected a payoff or '}'"),
    (HEAD + 't "" 1 "" { 1 1e99999 }\n', "exponent beyond"),
    (HEAD + 't "" 1 "" { 1 1/0 }\n', "zero denominator"),
    (HEAD + 't "" 2\n', "outcome 2 is used before its payoffs are given"),
    (HEAD + 'p "" 1 1 0\n', "must give its name and moves"),
    (HEAD + 'p "" 1 1 "" { "L" "R" } 0\nt "" 1 "" { 1 2 }\nt "" 1 "" { 1 3 }\n', "<string>:4: outcome 1 was defined with other payoffs on line 3"),
    (HEAD + 't "" 0\nt "" 0\n', "<string>:3: unexpected 't' after the end of the tree"),
    (HEAD + 'x\n', "expected a node"),
    ('EFG 2 R "t { "A" "B" }', "expected '{'"),
])
def test_malformed_files_name_file_and_line(text, message):
    with pytest.raises(EfgFormatError) as info:
        parse_efg(text)
    assert message in str(info.value)


def test_exact_numbers_and_shared_outcomes():
    g = parse_efg(HEAD + 'c "" 1 "" { "H" 0.25 "T" 3/4 } 0\n'
                  'p "" 1 1 "x" { "L" "R" } 1 "o" { 1/3, -1/3 }\n t "" 2 "" { 0.1 1e-3 }\n t "" 0\n'
                  'p "" 1 1 0\n t "" 0\n t "" 1\n')
    assert g.chance_infosets[0].probs == (F(1, 4), F(3, 4))
    assert _leaves(g) == [(F(1, 3) + F(1, 10), F(-1, 3) + F(1, 1000)), (F(1, 3), F(-1, 3)), (F(0), F(0)),
                          (F(1, 3), F(-1, 3))]


def test_read_refuses_devices_and_missing_files(tmp_path):
    with pytest.raises(GameError, match="not a regular file"):
        read_efg("/dev/zero")
    with pytest.raises(GameError, match="cannot read"):
        read_efg(tmp_path / "missing.efg")
