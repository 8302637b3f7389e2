"""Published casino numbers (games/baccara/reproduce/published.py) against the exact odds.

Shackleford's 8-deck EZ Baccarat tables (Wizard of Odds): returns to 6 places, house edges to
2 places and the side bets' winning deal counts to 15 significant digits equal our exact
enumeration rounded the same way; a wrong published value is caught.
"""

from __future__ import annotations

from fractions import Fraction as F

from games.baccara.reproduce import published, run_claims


def test_ez_baccarat_8_decks_matches_the_published_tables():
    (r,) = run_claims("pub.ez.8deck")
    assert r.error is None and r.passed, (r.paper_value, r.our_value)


def test_banker_count_identity_behind_the_uncompared_row():
    # all Banker wins = wins except on a three-card 7 + the Dragon 7 wins (ours exactly)
    he = published._ez8()
    d = he.distribution.denominator
    banker_all = F(2292252566437888, d)
    dragon = he.bets["ez_dragon7_40_to_1"].p_win
    assert d == published.DEALS_8
    assert he.bets["ez_banker"].p_win == banker_all - dragon
    assert (banker_all - dragon) * d == 2179619555108864


def test_a_wrong_published_value_is_caught():
    paper, ours = published._ez_8deck()
    wrong = dict(paper, ez_panda8_25_to_1=(172660763262976, "-0.101877", "10.19"))
    assert paper == ours and wrong != ours


def test_rounding_helpers():
    assert published.round_to(F(-76113, 10**6) - F(1, 10**9), 6) == "-0.076113"
    assert published.significant(2179619555108864) == 2179619555108860
    assert published.significant(123) == 123


def test_parallel_groups_give_the_serial_results():
    from games.baccara.reproduce import _run_parallel, group_of, registry

    claims = [c for c in registry() if c.id in ("I.sec2.p1", "I.sec5.nearest", "pub.ez.8deck")]
    assert len({group_of(c) for c in claims}) == 2
    par = _run_parallel(claims, 2, None)
    ser = [r for c in claims for r in run_claims(c.id)]
    assert [r.claim.id for r in par] == [c.id for c in claims]
    assert [(r.claim.id, r.paper_value, r.our_value, r.passed, r.error) for r in par] == \
        [(r.claim.id, r.paper_value, r.our_value, r.passed, r.error) for r in ser]


def test_the_method_claims_run_with_the_b3_sweep_claims():
    from games.baccara.reproduce import group_of, registry

    by_id = {c.id: c for c in registry()}
    assert group_of(by_id["II.B3.method"]) == group_of(by_id["II.B3.sweep.betas"]) == "paper2_b3_sweep"


def test_list_shows_each_long_claims_cost(capsys):
    import json

    from games.baccara.cli.main import main

    assert main(["reproduce", "--list", "--json", "--only", "banque."]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["long"] and "CPU-s" in r["cost"] for r in rows)
    assert main(["reproduce", "--list", "--only", "I.sec5.nearest"]) == 0
    assert "[long" not in capsys.readouterr().out
    assert main(["reproduce", "--only", "I.sec5", "--jobs", "0"]) == 2
