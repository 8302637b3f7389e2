"""Where the papers' printed statements differ from what we compute, and why.

``baccara reproduce`` checks every claim as the paper states it. For the claims below the
paper's *printed* text is a misprint, or a statement that is true but not the whole truth;
the reproduce table lists them under "Errata and findings" with the printed value, ours and
the reason, and ``--json`` adds an ``erratum`` object to the claim's record.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Erratum", "ERRATA"]


@dataclass(frozen=True)
class Erratum:
    """The paper's printed value, the value we compute, and why they differ."""

    printed: str
    ours: str
    why: str

    def to_json(self) -> dict:
        return {"printed": self.printed, "ours": self.ours, "why": self.why}


ERRATA: dict[str, Erratum] = {
    "II.B3.matrix2x4": Erratum(
        printed="(D at (1,4), SD) entry of the 2 × 4 matrix at β₀: −1939185798/1525814595305",
        ours="−19391857983/1525814595305",
        why="misprint (a dropped final digit): the paper's own equalizing probability "
            "18885571/36781056 for (SD, DD) follows only from our value; the claim compares "
            "the corrected matrix",
    ),
    "I.thm2.2x9": Erratum(
        printed="on (1/6, 2/5) dominance leaves 9 strategies: 0, 2, 6, 8, 10, 12, 13, 14, 15",
        ours="8 strategies: 15 = DDDD is strictly dominated by 4/195·DDSS + 191/195·DDSD",
        why="the paper's reduction is valid but not exhaustive; the equilibrium is unaffected "
            "(the claim passes)",
    ),
    "I.thm2.31": Erratum(
        printed="on (α₀, 1/6] dominance removes one more strategy, 31 = DDDDD",
        ours="31 and also 23 = DSDDD",
        why="a further strict dominance the paper does not use; the equilibrium is unaffected "
            "(the claim passes)",
    ),
    "II.B2.figure1.regions": Erratum(
        printed="d = 6: [0, 1/10] × [0, 1] minus the 20 curves is the union of 43 open regions",
        ours="44 regions (V = 67, E = 110, F = E − V + 1)",
        why="the 20 curves are 20 pieces, each ending on the rectangle's boundary, with the "
            "paper's own 23 intersections (Table 3), all simple crossings at distinct points: each "
            "piece adds one region and each crossing one more, 1 + 20 + 23 = 44; the claim "
            "checks the curves, the crossings and Euler's formula",
    ),
}
