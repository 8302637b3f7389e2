"""CPU seconds of one banque Nash segment: the enumeration and continuation at a sample θ₀
(``theta_nash.nash_piece``) and the box proof of the segment (``nash_proof.prove_piece``).

Usage (one JSON line per run; run it with ``PYTHONPATH`` set to the tree to measure, and
alternate two trees for a before/after comparison on the same pieces)::

    PYTHONPATH=$PWD python benchmarks/bench_banque_sweep_speed.py 2/23 8

Results: ``benchmarks/results/banque_sweep_speed.md`` (issue #27).
"""

from __future__ import annotations

import json
import sys
import time
from fractions import Fraction

import games
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_proof import prove_piece
from games.baccara.banque.theta_nash import nash_piece


def main(theta: str, decks: str) -> None:
    th, d = Fraction(theta), int(decks)
    forms(d)   # per-dealing tables and forms: built once, not counted
    t0 = time.process_time()
    pc = nash_piece(th, d)
    t1 = time.process_time()
    res = prove_piece(pc)
    t2 = time.process_time()
    print(json.dumps({"code": games.__file__.split("/games/")[0], "sample": str(th), "decks": d,
                      "lo": str(pc.lo), "hi": str(pc.hi), "formulas": pc.equilibria,
                      "nash_piece_cpu": round(t1 - t0, 2), "proof_cpu": round(t2 - t1, 2),
                      "proved": res.proved, "boxes": res.boxes, "types": res.types, "anchored": res.anchored,
                      "arcs": res.arcs, "reason": res.reason}))


if __name__ == "__main__":
    main(*sys.argv[1:3])
