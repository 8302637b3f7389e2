"""The banque Nash proof at a zero class from a shoe: an arc witness that is exactly a tracked
equilibrium splits the box; one that is not — another p, or the same p with another Banker
reply — is reported (games/baccara/banque/nash_proof.py, _on_tracked; issue #27).

The segment: three decks, (0.1248481, 1/8) (sample 165/1321; three extreme equilibria). The
proof of the chunk cache's first sweep stopped there at a type with zero class 6/5/S and
Banker mixing at 6/5/S, on the witness below; it is the tracked equilibrium mixing at 6/5/S.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamekit.exact import compare_numbers
from games.baccara.banque.certify import is_banque_nash
from games.baccara.banque.nash_anchor import _point_exact, anchors_of, tracked_profile
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_proof import _on_tracked, prove_range
from games.baccara.banque.nash_types import Type, TypeConds

SAMPLE = F(165, 1321)
# the proof range recorded for the segment (lo + ε, 1/8 − ε)
A, C = F(9931922390479, 79552070880667), F(16623525928714, 132988207591353)
# the arc solver's witness on which the earlier proof stopped
TH = F(4723030943416372895586159723317819, 37824604532049028862699392402245405)
P1, P2 = F(4, 85), F(98664940456146942593099, 116588010001176671181715)


@pytest.fixture(scope="module")
def piece():
    from games.baccara.banque.theta_nash import nash_piece

    pc = nash_piece(SAMPLE, 3)
    pc.lo, pc.hi = A, C
    return pc


def _same(q, p) -> bool:
    return all(compare_numbers(a, b) == 0 for a, b in zip(q, p))


def _mixing(fm, anchors):
    (an,) = [an for an in anchors if [fm.labels[l] for l in an.F] == ["6/5/S"]]
    return an


def _type_of(an) -> tuple[Type, TypeConds]:
    ystate = tuple((l, "F" if l in an.F else int(an.ones[l])) for l in sorted(an.K | set(an.F)))
    return Type(an.sigma, an.A, an.Kcls, ystate), TypeConds(ones=an.ones.copy())


@pytest.mark.slow
def test_witness_is_the_tracked_equilibrium_exactly(piece):
    """p_b(θ*) = p* and the tracked profile at θ* is an exact equilibrium of the 3-deck game;
    the same p with another Banker reply at 6/5/S is not attributed to b (p-only: it is)."""
    fm = forms(3)
    anchors = anchors_of(fm, piece)
    an = _mixing(fm, anchors)
    assert _same(_point_exact(an.branch, TH), (P1, P2))
    y = tracked_profile(an, TH, P1, P2)
    assert y is not None and is_banque_nash(TH, P1, P2, y, 3)
    (l,) = an.F
    assert 0 < y[l] < 1
    t, conds = _type_of(an)
    assert _on_tracked(t, conds, anchors, (TH, P1, P2), False, y)
    other = list(y)
    other[l] = y[l] / 2
    assert not _on_tracked(t, conds, anchors, (TH, P1, P2), False, other)
    assert _on_tracked(t, conds, anchors, (TH, P1, P2), True, other)
    assert not _on_tracked(t, conds, anchors, (TH, P1 + F(1, 10 ** 30), P2), False, y)


@pytest.mark.slow
def test_segment_is_proved_and_a_damaged_copy_is_not(piece):
    """The box proof of the recorded range with the current code: proved; without the tracked
    equilibrium mixing at 6/5/S it stops at a certified witness on that removed branch."""
    fm = forms(3)
    anchors = anchors_of(fm, piece)
    pr = prove_range(fm, A, C, anchors)
    assert pr.proved, pr.reason
    assert pr.arcs > 0          # the arc solver settled types exactly on the way
    gone = _mixing(fm, anchors)
    damaged = prove_range(fm, A, C, [an for an in anchors if an is not gone], max_boxes=20_000)
    assert not damaged.proved
    assert damaged.witness is not None, damaged.reason
    th, p1, p2 = damaged.witness
    assert A <= th <= C and _same(_point_exact(gone.branch, th), (p1, p2))


@pytest.mark.slow
def test_reprove_chunk_proves_the_segment_and_its_mirror_and_skips_a_forged_one(piece):
    """chunk_reprove: a chunk record whose segment was left not proved gets the current proof,
    and its mirror image the reflected one; a segment whose recorded equilibria differ from
    those rebuilt at its sample is left as it is."""
    import copy

    from games.baccara.banque.chunk_reprove import reprove_chunk
    from games.baccara.banque.nash_proof_cover import reflect_proof
    from games.baccara.banque.theta_chunks import _segments

    (seg,) = _segments("nash", [piece], 3)
    seg["proof"] = {"proved": False, "theta_from_exact": str(A), "theta_to_exact": str(C), "boxes": 433,
                    "reason": "an equilibrium not explained by the tracked branches"}
    mirror = {"sample": str(1 - SAMPLE), "from": "", "to": "", "proof": reflect_proof(seg["proof"])}
    forged = copy.deepcopy(seg)
    forged["sample"] = "1/7"        # a sample elsewhere: other equilibria
    rec = {"concept": "nash", "decks": 3, "segments": [seg, forged], "mirror": [mirror]}
    saved: list = []
    got = reprove_chunk(rec, save=lambda r: saved.append(r["segments"][0]["proof"]["proved"]))
    assert got == {"tried": 2, "proved": 1, "mirrored": 1, "skipped": 1}
    assert seg["proof"]["proved"] and seg["proof"]["theta_from_exact"] == str(A)
    assert mirror["proof"]["proved"] and mirror["proof"]["mirror"]
    assert (mirror["proof"]["theta_from_exact"], mirror["proof"]["theta_to_exact"]) == (str(1 - C), str(1 - A))
    assert not forged["proof"]["proved"] and saved == [True, True]
