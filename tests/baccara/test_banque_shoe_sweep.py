"""Banque dealt from a shoe for every θ: the θ ↔ 1 − θ symmetry, the completeness proof of a
shoe Nash segment, and the chunked, cached sweep (games/baccara/banque/theta_chunks.py).

Checked facts: the complete Nash enumeration at θ and at 1 − θ from a 3-deck shoe give the
same equilibria with the Players (and Banker's sets j/s₁/s₂ ↔ j/s₂/s₁) exchanged and the same
payoffs (the symmetry proved in :mod:`theta_mirror`), and the counted tables satisfy the
identities it rests on; the box proof, built from the shoe's own tables, proves the 6-deck
segment through θ = 3/10 complete and fails when one tracked equilibrium is removed.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.baccara.banque.model import banque_tables


def _swap(lab: str) -> str:
    j, s1, s2 = lab.split("/")
    return f"{j}/{s2}/{s1}"


def test_shoe_tables_satisfy_the_mirror_identities():
    """P(l | u) = P(l̄ | ū), V₂[u][l] = V₁[ū][l̄], base₂ = base₁ (u = a₁a₂ → ū = a₂a₁)."""
    tb = banque_tables(3)
    idx = {lab: k for k, lab in enumerate(tb.infosets)}
    bar = (0, 2, 1, 3)
    assert tb.base1 == tb.base2
    for lab, k in idx.items():
        k2 = idx[_swap(lab)]
        for u in range(4):
            assert tb.prob[u][k] == tb.prob[bar[u]][k2]
            assert tb.V2[u][k] == tb.V1[bar[u]][k2]


def test_nash_from_a_shoe_at_theta_and_one_minus_theta_are_mirror_images():
    """Two independent complete enumerations (3 decks): θ = 2/7 and 5/7."""
    from games.baccara.banque.nash import banque_nash

    a, b = banque_nash(F(2, 7), 3), banque_nash(F(5, 7), 3)
    assert a.complete and b.complete and len(a.equilibria) == len(b.equilibria) >= 1
    labels = banque_tables(3).infosets
    idx = {lab: k for k, lab in enumerate(labels)}
    mirrored = set()
    for e in a.equilibria:
        draw = tuple(e.draw[idx[_swap(lab)]] for lab in labels)
        mirrored.add((e.p2, e.p1, draw, e.payoffs["player2"], e.payoffs["player1"], e.payoffs["banker"]))
    direct = {(e.p1, e.p2, e.draw, e.payoffs["player1"], e.payoffs["player2"], e.payoffs["banker"])
              for e in b.equilibria}
    assert mirrored == direct


def test_completeness_proof_of_a_six_deck_segment():
    """The segment through θ = 3/10 from a 6-deck shoe (p₁ = p₂ = q₆, one equilibrium) is
    proved complete with the shoe's forms; a copy claiming no equilibrium is not (every θ has
    one), and its failing box lies inside the segment."""
    import copy

    from games.baccara.banque.nash_proof import prove_piece
    from games.baccara.banque.theta_nash import nash_piece

    pc = nash_piece(F(3, 10), decks=6)
    assert pc.decks == 6 and len(pc.tracked) == 1
    pr = prove_piece(pc)
    assert pr.proved, pr.reason
    assert pc.lo < pr.a < F(3, 10) < pr.c < pc.hi
    damaged = copy.copy(pc)
    damaged.tracked, damaged.samples = [], []
    bad = prove_piece(damaged, max_boxes=3000)
    assert not bad.proved and bad.failed_box is not None
    assert pr.a <= bad.failed_box.t[0] <= bad.failed_box.t[1] <= pr.c


def _key(sg: dict) -> tuple:
    return (sg["from_exact"], sg["to_exact"], sg["player1"]["5"], sg["player2"]["5"], sg["value"],
            tuple(sorted(sg["banker_mixed"].items())))


@pytest.mark.parametrize("rng", [(F(29, 100), F(31, 100)), (F(9, 20), F(11, 20))])
def test_chunked_sweep_equals_the_sweep_in_one_piece(rng):
    """Cut at 3/10 (resp. 19/40 and its mirror 21/40) and joined again, the chunked sweep has
    exactly the segments, ends and formulas of the one-piece sweep (6 decks)."""
    from games.baccara.banque.theta_chunks import run_chunks
    from games.baccara.banque.theta_sweep import records, sweep

    lo, hi = rng
    got = run_chunks("correlated", lo, hi, decks=6, executor="serial", use_cache=False)
    want = records("correlated", sweep("correlated", lo, hi, decks=6), lo, hi, decks=6)
    assert got["chunks"]["total"] == 2
    assert [_key(s) for s in got["segments"]] == [_key(s) for s in want["segments"]]
    assert not any(any(s["cut"]) for s in got["segments"])


def test_chunk_cache_resumes_and_rejects_a_damaged_file(tmp_path):
    from games.baccara.banque.theta_chunks import ChunkCache, run_chunks

    kw = {"decks": 3, "executor": "serial", "cache_dir": tmp_path}
    a = run_chunks("correlated", F(29, 100), F(31, 100), **kw)
    b = run_chunks("correlated", F(29, 100), F(31, 100), **kw)
    assert a["chunks"]["cached"] == 0 and b["chunks"]["cached"] == 2
    assert a["segments"] == b["segments"]
    files = sorted((tmp_path / ChunkCache(tmp_path).dir.name).glob("*.json"))
    assert len(files) == 2
    files[0].write_text(files[0].read_text().replace('"segments"', '"segmentz"', 1))
    c = run_chunks("correlated", F(29, 100), F(31, 100), **kw)
    assert c["chunks"]["cached"] == 1 and c["segments"] == a["segments"]


def test_shoe_nash_sweep_equals_the_direct_solution():
    """The 6-deck Nash sweep through θ = 3/10, read from its JSON formulas at two rationals of
    the segment, equals the complete enumeration ``banque_nash`` at those θ, exactly."""
    import sympy

    from gamekit.exact import number_str
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.theta_chunks import run_chunks

    rec = run_chunks("nash", F(3, 10), F(301, 1000), decks=6, prove=False, executor="serial", use_cache=False)
    (sg,) = rec["segments"]
    th = sympy.Symbol("theta")
    for t in (F(sg["sample"]), F(297, 1000)):
        assert F(sg["from_exact"]) < t < F(sg["to_exact"])
        res = banque_nash(t, 6)
        direct = sorted((sympy.sympify(number_str(e.p1)), sympy.sympify(number_str(e.p2)))
                        for e in res.equilibria)
        swept = sorted((sympy.sympify(sympy.sympify(e["player1"]["5"]).subs(th, sympy.Rational(t.numerator, t.denominator))),
                        sympy.sympify(sympy.sympify(e["player2"]["5"]).subs(th, sympy.Rational(t.numerator, t.denominator))))
                       for e in sg["equilibria"])
        assert len(direct) == len(swept)
        for (a1, a2), (b1, b2) in zip(direct, swept):
            assert sympy.simplify(a1 - b1) == 0 and sympy.simplify(a2 - b2) == 0


def test_cache_clear_removes_the_chunks(tmp_path):
    from games.baccara.banque.theta_chunks import ChunkCache

    c = ChunkCache(tmp_path)
    c.put("k", {"segments": []})
    assert c.get("k") == {"segments": []}
    assert ChunkCache(tmp_path).clear() == 1 and c.get("k") is None


def test_dask_and_process_pool_equal_serial():
    """The chunks on a real local Dask cluster and on a process pool give the serial result."""
    from games.baccara.banque.theta_chunks import run_chunks

    args = ("correlated", F(29, 100), F(31, 100))
    serial = run_chunks(*args, decks=3, executor="serial", use_cache=False)
    pool = run_chunks(*args, decks=3, executor="process", jobs=2, use_cache=False)
    dask = run_chunks(*args, decks=3, executor="dask", jobs=1, use_cache=False)
    assert serial["segments"] == pool["segments"] == dask["segments"]


def test_a_part_of_a_clipped_segment_keeps_only_the_cuts_that_did_not_move():
    """Overlap repair cuts a segment at an algebraic end: that end is then a breakpoint (the
    proof keeps its margin there), while an unmoved rational cut stays a cut."""
    from types import SimpleNamespace

    from games.baccara.banque.theta_cover import _part

    pc = SimpleNamespace(lo=F(1, 40), hi=F(1, 20), ends_by=[["cut"], ["cut"]], cut=(True, True))
    assert _part(pc, F(1, 40), F(3, 80)).cut == (True, False)
    assert _part(pc, F(3, 80), F(1, 20)).cut == (False, True)


# -- re-certification of cached chunk records (issue #28) -----------------------------------------
def _forge_p1(eq: dict, delta: F) -> None:
    """Change Player 1's draw probability of one recorded equilibrium (value and, where the
    formula is that constant, the formula), consistently: only the game can tell."""
    old = eq["at_sample"]["player1"]
    new = str(F(old) + delta)
    eq["at_sample"]["player1"] = new
    if eq["player1"]["5"] == old:
        eq["player1"]["5"] = new


def _nash_record():
    from games.baccara.banque.theta_chunks import chunk_record

    rec = chunk_record("nash", 6, F(3, 10), F(301, 1000), cut_lo=False, cut_hi=False, mirror=False, prove=False)
    eq = rec["segments"][0]["equilibria"][0]
    if F(eq["at_sample"]["player1"]) in (0, 1):   # keep the forged value a probability
        pytest.skip("the sample equilibrium is pure for Player 1")
    return rec


def test_forged_nash_chunk_with_a_valid_checksum_is_not_served(tmp_path):
    """One equilibrium coordinate changed, checksum recomputed: the chunk is rejected by the
    exact equilibrium check at the segment's sample θ, recomputed, reported, and rewritten."""
    import json

    from games.baccara.banque.chunk_check import RecordRejected, check_chunk
    from games.baccara.banque.theta_chunks import ChunkCache, _checksum, run_chunks

    kw = {"decks": 6, "prove": False, "executor": "serial", "cache_dir": tmp_path}
    a = run_chunks("nash", F(3, 10), F(301, 1000), **kw)
    (f,) = (tmp_path / ChunkCache(tmp_path).dir.name).glob("*.json")
    doc = json.loads(f.read_text())
    eq = doc["record"]["segments"][0]["equilibria"][0]
    _forge_p1(eq, F(1, 10**6) if F(eq["at_sample"]["player1"]) < 1 else -F(1, 10**6))
    with pytest.raises(RecordRejected, match="not a Nash equilibrium"):
        check_chunk(doc["record"], "nash", 6, F(3, 10), F(301, 1000), False)
    doc["sha256"] = _checksum(doc["record"])
    f.write_text(json.dumps(doc))
    b = run_chunks("nash", F(3, 10), F(301, 1000), **kw)
    assert b["chunks"] == {"total": 1, "cached": 0, "rejected": 1}
    assert b["segments"] == a["segments"]
    c = run_chunks("nash", F(3, 10), F(301, 1000), **kw)   # the recomputed record was written back
    assert c["chunks"] == {"total": 1, "cached": 1, "rejected": 0}


@pytest.mark.parametrize("field", ["banker", "mixed", "formula"])
def test_other_forged_nash_claims_are_rejected(field):
    """Banker's payoff, one of his mixed probabilities, or a Player's formula in θ changed."""
    from games.baccara.banque.chunk_check import RecordRejected, check_chunk

    rec = _nash_record()
    eq = rec["segments"][0]["equilibria"][0]
    if field == "banker":
        eq["at_sample"]["banker"] = str(F(eq["at_sample"]["banker"]) + F(1, 10**9))
    elif field == "mixed":
        if not eq["banker_mixed"]:
            pytest.skip("Banker does not mix")
        k = sorted(eq["banker_mixed"])[0]
        eq["banker_mixed"][k] = f"({eq['banker_mixed'][k]})*999/1000"
    else:
        eq["player1"]["5"] = f"({eq['player1']['5']}) + theta/10**6"
    with pytest.raises(RecordRejected):
        check_chunk(rec, "nash", 6, F(3, 10), F(301, 1000), False)


def test_forged_correlated_chunk_is_rejected():
    """A team strategy moved inside the simplex (still a probability vector), or a value changed."""
    from games.baccara.banque.chunk_check import RecordRejected, check_chunk
    from games.baccara.banque.theta_chunks import chunk_record

    rec = chunk_record("correlated", 3, F(3, 10), F(301, 1000), cut_lo=False, cut_hi=False, mirror=False,
                       prove=False)
    check_chunk(rec, "correlated", 3, F(3, 10), F(301, 1000), False)
    sg = rec["segments"][0]
    team = dict(sg["team"])
    sg["team"]["SS"], sg["team"]["DD"] = f"{team['SS']} + 1/1000", f"{team['DD']} - 1/1000"
    sg["player1"]["5"] = f"{sg['player1']['5']} - 1/1000"
    sg["player2"]["5"] = f"{sg['player2']['5']} - 1/1000"
    with pytest.raises(RecordRejected, match="not optimal"):
        check_chunk(rec, "correlated", 3, F(3, 10), F(301, 1000), False)
    sg["team"] = team
    sg["value_at_sample"] = str(F(sg["value_at_sample"]) + 1)
    with pytest.raises(RecordRejected):
        check_chunk(rec, "correlated", 3, F(3, 10), F(301, 1000), False)


@pytest.mark.parametrize("concept,decks", [("correlated", 3), ("nash", 3)])
def test_every_genuine_chunk_record_passes_its_recertification(tmp_path, concept, decks):
    """Every chunk of a small symmetric sweep (its mirror images included) is re-certified and
    served: the second run reads all of them and rejects none."""
    from games.baccara.banque.theta_chunks import run_chunks

    kw = {"decks": decks, "prove": False, "executor": "serial", "cache_dir": tmp_path}
    a = run_chunks(concept, F(99, 200), F(101, 200), **kw)
    b = run_chunks(concept, F(99, 200), F(101, 200), **kw)
    assert b["chunks"] == {"total": a["chunks"]["total"], "cached": a["chunks"]["total"], "rejected": 0}
    assert b["segments"] == a["segments"] and len(a["segments"]) >= 1
