"""Solve a chemin de fer model exactly: every Nash equilibrium, in behaviour strategies.

Pipeline (Ethier & Lee, *Baccara chemin de fer II*, sections 2–4):

1. **Tables.** :func:`games.baccara.models.tables.model_tables` gives the model as an additive
   m × 2ⁿ game (m = 2 rows in Models 1–2, 2⁵ in Model 3; n = 88 or 484 Banker
   information sets) at the commission α.
2. **Lemma 1.** With the weighted gains G_u(l) = p_u(l)[b_{u,1}(l) − b_{u,0}(l)], Banker
   draws on T₁ = {l : G_u(l) > 0 ∀u} and stands on T₀ = {l : G_u(l) < 0 ∀u} in every
   equilibrium; only T_* = the rest is strategic (:func:`gamekit.additive.reduction.forced_moves`).
   The same one-step argument for Player: his move at a set h is forced when his gain has a
   constant strict sign over every Banker behaviour strategy left by Lemma 1.
3. **Equilibria.** Models 1–2 (two rows): Foster's algorithm, Lemma 2, generalized to every
   degenerate case (:func:`gamekit.additive.foster.solve_additive`) — all extreme equilibria and
   whether the equilibrium is unique. Model 3 (2⁵ rows): the exact enumeration of all
   equilibria of doubly additive games (:func:`gamekit.doubly_additive.solve_doubly_additive`):
   Player's payoff, too, is additive in his five choices (paper II, section 4).
4. **Lifting.** Equilibria of the reduced game are lifted back to all information sets
   (draw with probability 1 on T₁, 0 on T₀). Payoffs are unchanged by the reduction.

Uniqueness is in behaviour strategies. With replacement (Model A2, A3) a Banker who sees his
composition learns nothing beyond his total, so at the sets where Model A1's Banker mixes the
equilibria form a continuum; it is reported by its extreme points (``unique`` false).

Usage::

    from games.baccara.analysis.equilibria import solve_model
    s = solve_model("B2", decks=6, alpha="1/20")
    s.unique, s.equilibria[0].player["5"], s.equilibria[0].banker_draw("06:-")
    s.to_json()                                   # the contract's ``baccara solve --json``
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gamekit.additive import (
    AdditiveGame,
    AdditiveSolution,
    ForcedMoves,
    certify_additive_profile,
    forced_moves,
    solve_additive,
)
from gamekit.core import GameError, fmt
from games.baccara.cards import check_decks
from games.baccara.models.tables import ModelTables, model_tables, parse_alpha, parse_model

__all__ = [
    "MODEL_DESCRIPTIONS",
    "UNIFORM_ALPHA_RANGE",
    "ModelEquilibrium",
    "ModelSolution",
    "solve_model",
    "fix_banker_moves",
    "player_forced_moves",
]

#: One-line descriptions of the six models (Ethier & Lee II, section 1).
MODEL_DESCRIPTIONS = {
    "A": "cards dealt with replacement from one deck",
    "B": "cards dealt without replacement from a {d}-deck shoe",
    "1": "Player and Banker see only their totals",
    "2": "Player sees his total, Banker the composition of his hand",
    "3": "Player and Banker see the compositions of their hands",
}

#: The commission range of paper II (0 ≤ α ≤ 1/10) over which ``reduced`` is also counted
#: uniformly (an information set is forced there only if Lemma 1 forces it at every α).
UNIFORM_ALPHA_RANGE = (Fraction(0), Fraction(1, 10))

_ZERO = Fraction(0)
_ONE = Fraction(1)


# -- results ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ModelEquilibrium:
    """One (extreme) equilibrium in behaviour strategies, over ALL information sets.

    ``player[label]``: Player's probability of drawing at each of his information sets
    (``"5"``, or the compositions ``"05"`` … ``"78"`` in Model 3); ``banker[l]``: Banker's
    probability of drawing at information set l (model order, ``infosets[l]``);
    ``payoffs``: (Player, Banker) expected payoffs per unit bet.
    """

    player: dict[str, Fraction]
    banker: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]
    infosets: tuple[str, ...] = field(repr=False)

    def banker_draw(self, label: str) -> Fraction:
        """Banker's probability of drawing at the information set ``label`` (``"06:-"``)."""
        try:
            return self.banker[self.infosets.index(label)]
        except ValueError:
            raise GameError(f"unknown Banker information set {label!r}") from None

    @property
    def mixed_banker(self) -> dict[str, Fraction]:
        """The Banker information sets where he strictly mixes, with his draw probability."""
        return {s: v for s, v in zip(self.infosets, self.banker) if 0 < v < 1}

    def to_json(self) -> dict:
        return {
            "player": {k: fmt(v) for k, v in self.player.items()},
            "banker": {s: fmt(v) for s, v in zip(self.infosets, self.banker)},
            "payoffs": {"player": fmt(self.payoffs[0]), "banker": fmt(self.payoffs[1])},
        }


@dataclass(frozen=True)
class ModelSolution:
    """Every Nash equilibrium of one model at one commission α (and deck count).

    ``reduced_player``/``reduced_banker``: information sets left strategic after Lemma 1
    (``strategic``: the Banker labels); ``uniform_banker``: the same count when Lemma 1 is
    applied uniformly on paper II's range 0 ≤ α ≤ 1/10 (a set counts as forced only if it
    is forced at every α there) — None when α lies outside that range.
    ``equilibria``: the extreme equilibria (one when ``unique``); ``continuum``: the
    equilibrium set is infinite. ``method``: ``"foster"`` or ``"doubly additive
    enumeration"``; ``raw``: the gamekit solution of the reduced game.
    """

    model: str
    decks: int
    alpha: Fraction
    player_infosets: tuple[str, ...]
    banker_infosets: tuple[str, ...]
    rows: int
    reduced_player: int
    reduced_banker: int
    strategic: tuple[str, ...]
    uniform_banker: int | None
    equilibria: tuple[ModelEquilibrium, ...]
    unique: bool | None
    continuum: bool
    method: str
    notes: tuple[str, ...]
    timings: dict[str, float]
    lemma1: ForcedMoves = field(repr=False)
    raw: object = field(repr=False)

    @property
    def uses_decks(self) -> bool:
        """False for Model A (cards with replacement: the deck count plays no role)."""
        return self.model[0] == "B"

    def to_json(self) -> dict:
        """The ``baccara solve --json`` object of ``docs/json.md`` (exact strings)."""
        # docs/json.md: ``banker_infosets`` is Lemma 1 applied as in paper II, uniformly over
        # the commission range 0 <= alpha <= max(1/10, alpha) (20 for B2, d = 6); the count at
        # the given alpha alone is ``banker_infosets_at_alpha``.
        lo, hi = uniform_range(self.alpha)
        uniform = self.uniform_banker if self.uniform_banker is not None else self.reduced_banker
        reduced: dict = {
            "player_infosets": self.reduced_player,
            "banker_infosets": uniform,
            "banker_infosets_at_alpha": self.reduced_banker,
            "uniform_alpha_range": [fmt(lo), fmt(hi)],
        }
        reduced["strategic"] = list(self.strategic)
        return {
            "model": self.model,
            "decks": self.decks,
            "alpha": fmt(self.alpha),
            "reduced": reduced,
            "unique": self.unique,
            "continuum": self.continuum,
            "method": self.method,
            "equilibria": [e.to_json() for e in self.equilibria],
            "notes": list(self.notes),
        }


# -- helpers ---------------------------------------------------------------------------------
def fix_banker_moves(game: AdditiveGame, moves: Mapping[str, int], title: str = "") -> AdditiveGame:
    """The game in which Banker's move is fixed at some information sets (a constrained Banker).

    ``moves`` maps information-set labels to 0 (stand) or 1 (draw); the fixed weighted terms
    p_u(l)b_{u,v}(l) (and Player's) are folded into the base payoffs, exactly as Lemma 1
    folds T₀ and T₁. This is how the casino rules of paper I, section 4 (Crockford's Club,
    the modern 2 × 4 game) restrict Banker. Raises :class:`GameError` on an unknown label
    or a move other than 0/1.
    """
    if game.a_move is None:
        raise GameError("fix_banker_moves needs additive payoffs for both players")
    fixed: dict[int, int] = {}
    for label, v in moves.items():
        if v not in (0, 1):
            raise GameError(f"move at {label!r} must be 0 (stand) or 1 (draw), got {v!r}")
        fixed[game.index(label)] = int(v)
    keep = [l for l in range(game.n) if l not in fixed]

    def fold(base: Sequence[Fraction], move: Sequence) -> list[Fraction]:
        return [
            base[u] + sum((move[u][l][v] for l, v in fixed.items()), _ZERO) for u in range(game.m)
        ]

    prob = None
    if game.prob is not None:
        prob = [[game.prob[u][l] for l in keep] for u in range(game.m)]
    return AdditiveGame(
        game.rows,
        [game.infosets[l] for l in keep],
        fold(game.b_base, game.b_move),
        [[game.b_move[u][l] for l in keep] for u in range(game.m)],
        a_base=fold(game.a_base, game.a_move),  # type: ignore[arg-type]
        a_move=[[game.a_move[u][l] for l in keep] for u in range(game.m)],  # type: ignore[index]
        prob=prob,
        title=title or game.title,
    )


def player_forced_moves(reduced: AdditiveGame) -> dict[int, int]:
    """Player's strictly dominant moves in a two-row (Models 1–2) Lemma-1-reduced game.

    Player's advantage of row 1 (draw on 5) is D(y) = a_{1,∅} − a_{0,∅} + Σ_l δ_l y_l,
    affine in Banker's behaviour strategy y ∈ [0, 1]^{n_*}. If D > 0 (< 0) on the whole box,
    drawing (standing) is strictly dominant: returns ``{0: 1}`` (``{0: 0}``); else ``{}``.
    """
    if reduced.m != 2:
        raise GameError("player_forced_moves handles two-row games (Models 1 and 2)")
    H0, H1 = reduced.a_gains(0), reduced.a_gains(1)
    c = reduced.a_const(1) - reduced.a_const(0)
    deltas = [h1 - h0 for h0, h1 in zip(H0, H1)]
    lo = c + sum((d for d in deltas if d < 0), _ZERO)
    hi = c + sum((d for d in deltas if d > 0), _ZERO)
    if lo > 0:
        return {0: 1}
    if hi < 0:
        return {0: 0}
    return {}


def _lemma1_signs(tables: ModelTables, alpha: Fraction):
    """Sign of every weighted gain G_u(l) at α, straight from the integer tables (m × n).

    den·D·G_u(l) = den·(ΔW − ΔL) − num·ΔW with ΔX = X(draw) − X(stand), α = num/den.
    """
    import numpy as np

    from games.baccara.models.tables import LOSS, WIN

    mv = tables.move
    dW = mv[:, :, 1, WIN] - mv[:, :, 0, WIN]
    dL = mv[:, :, 1, LOSS] - mv[:, :, 0, LOSS]
    g = alpha.denominator * (dW - dL) - alpha.numerator * dW
    return np.sign(g.astype(object)).astype(int)


def uniform_range(alpha: Fraction) -> tuple[Fraction, Fraction]:
    """Paper II's commission range [0, 1/10], stretched to contain ``alpha`` if needed."""
    lo, hi = UNIFORM_ALPHA_RANGE
    return lo, max(hi, alpha)


def _uniform_count(tables: ModelTables, alpha: Fraction) -> int | None:
    """Banker sets strategic somewhere on the range 0 ≤ α ≤ max(1/10, alpha) (paper II, §3).

    Banker's gains are affine in α, so a set is forced on the whole range iff Lemma 1 forces
    the same move at both ends: every G_u(l) < 0 (or every one > 0) at both ends of the range.
    """
    lo, hi = uniform_range(alpha)
    s = [_lemma1_signs(tables, x) for x in (lo, hi)]
    forced = ((s[0] < 0).all(axis=0) & (s[1] < 0).all(axis=0)) | (
        (s[0] > 0).all(axis=0) & (s[1] > 0).all(axis=0)
    )
    return tables.n - int(forced.sum())


def _describe(model: str, decks: int) -> str:
    return f"{MODEL_DESCRIPTIONS[model[0]].format(d=decks)}; {MODEL_DESCRIPTIONS[model[1]]}"


# -- the solver --------------------------------------------------------------------------------
def solve_model(
    model: str,
    decks: object = 6,
    alpha: object = Fraction(1, 20),
    *,
    progress: bool = False,
    on_stage: Callable[[str], None] | None = None,
) -> ModelSolution:
    """All Nash equilibria of chemin de fer ``model`` (A1, A2, A3, B1, B2, B3), exactly.

    ``decks``: integer ≥ 1 (validated, ignored by Model A); ``alpha``: the commission on
    Banker wins, an exact rational 0 ≤ α < 1 (``"1/20"``, ``Fraction(1, 20)``). Bad input
    raises :class:`GameError` with a one-line message. ``progress`` shows the Model 3
    enumeration's progress bar on stderr; ``on_stage(name)`` is called as each stage starts.
    """
    name = parse_model(model)
    d_report = check_decks(6 if decks is None else decks)
    d_checked = d_report if name[0] == "B" else None
    a = parse_alpha(alpha)
    stage = on_stage or (lambda s: None)
    timings: dict[str, float] = {}

    t0 = time.perf_counter()
    stage("payoff tables")
    tables = model_tables(name, d_checked)
    game = tables.game(a)
    t1 = time.perf_counter()
    timings["tables"] = t1 - t0

    stage("Lemma 1")
    lem = forced_moves(game)
    strategic = lem.reduced.infosets
    notes: list[str] = [f"Model {name}: {_describe(name, d_report)}."]
    if name[0] == "A":
        notes.append("Model A deals cards with replacement: the number of decks is ignored.")
    notes.append(
        f"Lemma 1 leaves {lem.n_free} of {game.n} Banker information sets strategic "
        f"(draws on {len(lem.forced_1)}, stands on {len(lem.forced_0)})."
    )
    uniform = _uniform_count(tables, a)
    if uniform is not None and uniform != lem.n_free:
        lo, hi = uniform_range(a)
        notes.append(
            f"Applied uniformly for {fmt(lo)} <= alpha <= {fmt(hi)} (paper II, section 3) "
            f"Lemma 1 leaves {uniform} Banker information sets; at alpha = {fmt(a)} it leaves {lem.n_free}."
        )
    t2 = time.perf_counter()
    timings["lemma1"] = t2 - t1

    if tables.m == 2:
        stage("Foster's algorithm")
        sol = solve_additive(lem.reduced)
        for e in sol.equilibria:  # the lifted equilibrium, checked exactly in the full game
            certify_additive_profile(game, e.row, lem.lift_behaviour(e.draw), e.payoffs, f"Model {name}")
        forced = player_forced_moves(lem.reduced)
        reduced_player = 1 - len(forced)
        label = tables.player_infosets[0]
        eqs = tuple(
            ModelEquilibrium(
                {label: e.p}, lem.lift_behaviour(e.draw), tuple(e.payoffs), game.infosets
            )
            for e in sol.equilibria
        )
        unique: bool | None = sol.unique
        continuum = sol.is_continuum
        method = "foster"
        notes.extend(_foster_notes(sol))
    else:
        stage("doubly additive enumeration")
        eqs, unique, continuum, reduced_player, sol, extra = _solve_model3(tables, lem, progress)
        method = "doubly additive enumeration"
        notes.extend(extra)
    timings["solve"] = time.perf_counter() - t2
    if not unique:
        kind = "a continuum" if continuum else "several isolated equilibria"
        notes.append(f"The equilibrium is not unique: {kind}; {len(eqs)} extreme equilibria are listed.")
    return ModelSolution(
        model=name,
        decks=d_report,
        alpha=a,
        player_infosets=tables.player_infosets,
        banker_infosets=game.infosets,
        rows=tables.m,
        reduced_player=reduced_player,
        reduced_banker=lem.n_free,
        strategic=strategic,
        uniform_banker=uniform,
        equilibria=eqs,
        unique=unique,
        continuum=continuum,
        method=method,
        notes=tuple(notes),
        timings=timings,
        lemma1=lem,
        raw=sol,
    )


def _foster_notes(sol: AdditiveSolution) -> list[str]:
    cert = sol.certificate
    if cert is None:  # pragma: no cover - two-row games always carry a certificate
        return []
    out = [
        f"Foster's algorithm (paper II, Lemma 2): {len(cert.breakpoints)} best-response "
        f"discontinuities, {len(cert.cases)} cases checked."
    ]
    out.extend(cert.notes)
    return out


def _solve_model3(tables: ModelTables, lem: ForcedMoves, progress: bool):
    """Model 3: Lemma 1, then the exact doubly additive enumeration of all equilibria."""
    try:
        from gamekit.doubly_additive import DoublyAdditiveGame, solve_doubly_additive
    except ImportError as exc:  # pragma: no cover - depends on the installed gamekit
        raise GameError(f"Model {tables.model} solving is not available yet: {exc}") from None
    dg = DoublyAdditiveGame.from_additive(lem.reduced, tables.player_infosets)
    sol = solve_doubly_additive(dg, progress=progress)
    forced_player = sum(1 for who, *_ in sol.certificate.pruned if who == "I")
    # Lemma 1's one step for Player: his gain f_h(y) has a strict sign on Lemma 1's box
    reduced_player = _model3_player_strategic(dg)
    eqs = tuple(
        ModelEquilibrium(
            dict(zip(tables.player_infosets, e.x)),
            lem.lift_behaviour(e.y),
            tuple(e.payoffs),
            lem.full.infosets,
        )
        for e in sol.equilibria
    )
    cert = sol.certificate
    notes = [
        "Model 3: Player's payoff is additive in his five choices too (paper II, section 4); "
        "all equilibria by the exact doubly additive enumeration (iterated dominance for both "
        f"players fixed {forced_player} Player and {len(cert.pruned) - forced_player} more "
        f"Banker sets; {cert.systems} linear systems, {cert.vertices} arrangement vertices)."
    ]
    continuum = any(len(s.x_vertices) > 1 or len(s.y_vertices) > 1 for s in sol.subsets)
    return eqs, sol.unique, continuum, reduced_player, sol, notes


def _model3_player_strategic(dg) -> int:
    """Player sets whose gain f_h(y) = a_h + Σ_l C_hl y_l changes sign on [0, 1]^{n_*}."""
    count = 0
    for h in range(dg.m):
        a, row = dg.I.a[h], dg.I.C[h]
        lo = a + sum((c for c in row if c < 0), _ZERO)
        hi = a + sum((c for c in row if c > 0), _ZERO)
        if lo <= 0 <= hi:
            count += 1
    return count
