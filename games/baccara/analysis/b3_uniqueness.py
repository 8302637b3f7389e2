"""Is the Nash equilibrium of Model B3 unique?  A certificate from the complete enumeration.

Ethier & Lee, *Baccara chemin de fer II*, section 4, find one Nash equilibrium of Model B3
(the 2⁵ × 2⁴⁸⁴ bimatrix game in which both players see their two-card compositions) and
state that they cannot prove uniqueness. Model B3 is a *doubly additive* game: Player's
payoff is additive in his five stand/draw choices and Banker's in his 484, so it is bilinear
in behaviour strategies x ∈ [0,1]⁵, y ∈ [0,1]⁴⁸⁴ (``docs/doubly-additive.md``).
:func:`gamekit.doubly_additive.solve_doubly_additive` enumerates **all** its equilibria:

1. iterated strict dominance for both players (Lemma 1 of the paper, repeated) — sound,
   because every Banker information set and every Player composition is reached with
   positive probability under every strategy, so a strictly worse move is never played;
2. every vertex of the arrangement of Banker's gain hyperplanes g_l(x) = 0 in Player's
   remaining box (each extreme equilibrium has its x at such a vertex);
3. at each vertex x*, the exact polytope of Banker replies y making (x*, y) an equilibrium.

:func:`certify` runs this on the **full** 32 × 2⁴⁸⁴ game built by
:func:`games.baccara.models.tables.build_game` (not on the Lemma-1-reduced game of
:func:`games.baccara.analysis.equilibria.solve_model`, so the two routes are independent), and again
with the brute-force reference (``subdivide=False``: every square system of hyperplanes, no
pruning by subdivision). It re-checks every equilibrium with exact arithmetic against the
full game and records the certificate (cases examined, vertices, time).

Behaviour vs mixed strategies: every mixed equilibrium of the 2⁵ × 2⁴⁸⁴ bimatrix game
induces a behaviour equilibrium and conversely. When the behaviour equilibrium is unique
and each player mixes at **at most one** information set, the mixed strategy inducing it is
unique too (all other coordinates are 0 or 1, so the mixture lives on two pure strategies
with determined weights): ``unique_mixed``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from gamekit.core import GameError, fmt
from gamekit.doubly_additive import (
    DoublyAdditiveGame,
    DoublyAdditiveSolution,
    solve_doubly_additive,
)
from games.baccara.cards import check_decks
from games.baccara.models.tables import build_game, model_tables, parse_alpha

__all__ = ["B3Certificate", "b3_game", "certify", "certify_many"]


@cache
def b3_game(decks: int, alpha: Fraction) -> DoublyAdditiveGame:
    """The full Model B3 game (32 × 2⁴⁸⁴) as a doubly additive game, rows in the paper's order.

    Row u = (u₁…u₅)₂ draws at the i-th of (0,5), (1,4), (2,3), (6,9), (7,8) iff uᵢ = 1
    (bit order ``"msb"``): row 19 = DSSDD, row 27 = DDSDD.
    """
    d = check_decks(decks)
    a = parse_alpha(alpha)
    tables = model_tables("B3", d)
    return DoublyAdditiveGame.from_additive(build_game("B3", d, a), tables.player_infosets)


@dataclass(frozen=True)
class B3Certificate:
    """The uniqueness verdict for Model B3 at (d, α) with the enumeration's evidence.

    ``equilibria``: the extreme equilibria as (Player's draw probabilities by composition,
    Banker's mixed information sets → draw probability, (Player, Banker) payoffs).
    ``systems``/``vertices``/``feasible``: linear systems solved (the cases examined),
    distinct arrangement vertices, vertices carrying an equilibrium; ``*_reference``: the
    same for the brute-force run. ``dominance_fixed``: Banker/Player sets fixed by iterated
    strict dominance; ``hyperplanes``: Banker gain hyperplanes left in Player's box.
    """

    decks: int
    alpha: Fraction
    unique: bool
    unique_mixed: bool
    equilibria: tuple[tuple[dict[str, Fraction], dict[str, Fraction], tuple[Fraction, Fraction]], ...]
    components: int
    banker_fixed: int
    player_fixed: int
    free_dims: int
    hyperplanes: int
    faces: int
    regions: int
    systems: int
    vertices: int
    feasible: int
    degenerate: int
    seconds: float
    systems_reference: int
    vertices_reference: int
    seconds_reference: float
    agree: bool
    verified: bool
    build_seconds: float = 0.0
    raw: DoublyAdditiveSolution | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        return {
            "model": "B3",
            "decks": self.decks,
            "alpha": fmt(self.alpha),
            "unique": self.unique,
            "unique_mixed": self.unique_mixed,
            "components": self.components,
            "equilibria": [
                {
                    "player": {k: fmt(v) for k, v in x.items()},
                    "banker_mixed": {k: fmt(v) for k, v in y.items()},
                    "payoffs": [fmt(v) for v in pay],
                }
                for x, y, pay in self.equilibria
            ],
            "certificate": {
                "banker_fixed_by_dominance": self.banker_fixed,
                "player_fixed_by_dominance": self.player_fixed,
                "free_dims": self.free_dims,
                "hyperplanes": self.hyperplanes,
                "faces": self.faces,
                "regions": self.regions,
                "systems": self.systems,
                "vertices": self.vertices,
                "feasible": self.feasible,
                "degenerate": self.degenerate,
                "seconds": round(self.seconds, 3),
                "reference_systems": self.systems_reference,
                "reference_vertices": self.vertices_reference,
                "reference_seconds": round(self.seconds_reference, 3),
                "routes_agree": self.agree,
                "verified_exactly": self.verified,
            },
        }


def _key(sol: DoublyAdditiveSolution) -> set[tuple]:
    return {(tuple(e.x), tuple(e.y)) for e in sol.equilibria}


def certify(decks: int, alpha: object = Fraction(1, 20), *, reference: bool = True,
            progress: bool = False) -> B3Certificate:
    """Enumerate every Nash equilibrium of Model B3 at (d, α) and certify (non-)uniqueness.

    ``reference``: also run the brute-force enumeration (``subdivide=False``) and require the
    same equilibria (``agree``). Every equilibrium is re-checked with
    :meth:`DoublyAdditiveGame.is_equilibrium` on the full 32 × 2⁴⁸⁴ game (``verified``).
    Raises :class:`GameError` for a bad d or α.
    """
    d = check_decks(decks)
    a = parse_alpha(alpha)
    t0 = time.perf_counter()
    game = b3_game(d, a)
    build = time.perf_counter() - t0
    sol = solve_doubly_additive(game, progress=progress)
    if not sol.complete:  # pragma: no cover - the enumerator reports incompleteness explicitly
        raise GameError(f"the enumeration for d = {d}, alpha = {fmt(a)} is incomplete")
    cert = sol.certificate
    if reference:
        ref = solve_doubly_additive(game, subdivide=False)
        agree = _key(ref) == _key(sol)
        ref_cert = ref.certificate
        rs, rv, rt = ref_cert.systems, ref_cert.vertices, ref_cert.seconds
    else:
        agree, rs, rv, rt = True, 0, 0, 0.0
    verified = all(game.is_equilibrium(e.x, e.y) for e in sol.equilibria)
    cols = game.col_sets
    eqs = tuple(
        (
            dict(zip(game.row_sets, e.x)),
            {cols[l]: v for l, v in enumerate(e.y) if 0 < v < 1},
            tuple(e.payoffs),
        )
        for e in sol.equilibria
    )
    unique = sol.unique
    unique_mixed = unique and all(
        sum(1 for v in e.x if 0 < v < 1) <= 1 and sum(1 for v in e.y if 0 < v < 1) <= 1
        for e in sol.equilibria
    )
    return B3Certificate(
        decks=d,
        alpha=a,
        unique=unique,
        unique_mixed=unique_mixed,
        equilibria=eqs,
        components=len(sol.components),
        banker_fixed=sum(1 for who, *_ in cert.pruned if who == "II"),
        player_fixed=sum(1 for who, *_ in cert.pruned if who == "I"),
        free_dims=cert.free_dims,
        hyperplanes=cert.hyperplanes,
        faces=cert.faces,
        regions=cert.regions,
        systems=cert.systems,
        vertices=cert.vertices,
        feasible=cert.feasible,
        degenerate=cert.degenerate,
        seconds=cert.seconds,
        systems_reference=rs,
        vertices_reference=rv,
        seconds_reference=rt,
        agree=agree,
        verified=verified,
        build_seconds=build,
        raw=sol,
    )


def certify_many(cases, *, reference: bool = True, progress: bool = False) -> list[B3Certificate]:
    """:func:`certify` for every (d, α) in ``cases`` (a rich progress bar on stderr if asked)."""
    cases = list(cases)
    if not progress:
        return [certify(d, a, reference=reference) for d, a in cases]
    from rich.progress import Progress

    out = []
    with Progress(transient=True) as bar:
        task = bar.add_task("Model B3 uniqueness", total=len(cases))
        for d, a in cases:
            out.append(certify(d, a, reference=reference))
            bar.advance(task)
    return out
