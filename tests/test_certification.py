"""Certification failures are internal errors, never bad input (issue #10, section 1).

A failed exact check raises :class:`gamekit.CertificationError`, which is not a
``GameError``/``ValueError``; both command-line tools report it as
``internal error: … please report`` with exit status 3, while bad input keeps status 2.
The failures are provoked by injecting a wrong profile into the search step of a solver
(monkeypatch), so the exact certifier at the end of the path is what must catch it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import gamekit
from gamekit.core.errors import CertificationError, GameError

GAMES = Path(__file__).parent / "games"
F = Fraction


def _wrong_profiles(ig, *args, **kwargs):
    """A profile that is not an equilibrium of the 2x2 coordination-type games used here:
    both players play their first strategy with probability 1/2 (rows) and 1 (columns)."""
    return [(((0, F(1, 2)), (1, F(1, 2))), ((0, F(1)),))], {}


def test_certification_error_is_not_bad_input():
    assert issubclass(CertificationError, Exception)
    assert not issubclass(CertificationError, GameError)
    assert not issubclass(CertificationError, ValueError)
    assert gamekit.CertificationError is CertificationError


def test_wrong_profile_in_bimatrix_search_is_caught(monkeypatch):
    import gamekit.bimatrix.solve as bsolve

    monkeypatch.setattr(bsolve, "all_extreme_equilibria", _wrong_profiles)
    g = gamekit.read_nfg(GAMES / "prisoners_dilemma.nfg")
    with pytest.raises(CertificationError):
        gamekit.solve(g, method="all")


def test_wrong_lemke_howson_end_point_propagates(monkeypatch):
    """The pivot bound is a user limit (a failed label); a failed certificate is not swallowed."""
    import gamekit.bimatrix.solve as bsolve

    def wrong(ig, max_iter):
        prof = _wrong_profiles(ig)[0][0]
        return [prof], {0: prof}, []

    monkeypatch.setattr(bsolve, "lemke_howson_all", wrong)
    g = gamekit.read_nfg(GAMES / "prisoners_dilemma.nfg")
    with pytest.raises(CertificationError):
        gamekit.solve(g, method="lemke_howson")


def test_gamekit_cli_exit_3_on_failed_certificate(monkeypatch, capsys):
    import gamekit.bimatrix.solve as bsolve
    from gamekit.cli import main

    monkeypatch.setattr(bsolve, "all_extreme_equilibria", _wrong_profiles)
    code = main(["solve", str(GAMES / "prisoners_dilemma.nfg"), "--json"])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""
    assert err.startswith("internal error: ") and err.rstrip().endswith("please report")
    assert err.count("\n") == 1


def test_gamekit_cli_exit_2_on_bad_input(capsys, tmp_path):
    from gamekit.cli import main

    bad = tmp_path / "bad.nfg"
    bad.write_text("NFG 1 R \"x\" { \"1\" \"2\" } { 2 2 }\n1 2 3\n")
    code = main(["solve", str(bad)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ")


def test_baccara_cli_exit_3_on_failed_certificate(monkeypatch, capsys):
    from games.baccara.cli.main import main

    def broken(*args, **kwargs):
        raise CertificationError("injected: a computed profile is not an equilibrium")

    import games.baccara.analysis.equilibria as eqmod

    monkeypatch.setattr(eqmod, "solve_model", broken)
    code = main(["solve", "--model", "A1", "--json"])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""
    assert err.startswith("internal error: injected") and "please report" in err


def test_baccara_cli_exit_2_on_bad_input(capsys):
    from games.baccara.cli.main import main

    code = main(["solve", "--model", "Z9", "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ")
