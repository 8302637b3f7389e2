"""The exact Nash test for extensive games, in behaviour strategies (perfect recall).

For player 1 facing player 2's realization plan y, the best-response value is computed by
one backward pass over player 1's information sets (deepest first):

    u(h) = max_a [ (A y)_(h,a) + Σ_{h' : σ(h') = (h,a)} u(h') ],   BR = (A y)_∅ + Σ_{σ(h) = ∅} u(h),

which is the maximum over player 1's pure strategies of the expected payoff (perfect
recall: the sequence form, von Stengel 1996). (x, y) is a Nash equilibrium iff
BR₁(y) = xᵀAy and BR₂(x) = xᵀBy — checked in rational arithmetic, independently of the
algorithm that produced (x, y). A failure is a :class:`CertificationError` (a solver bug).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamekit.core.certify import seal
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.numbers import fmt
from gamekit.extensive.game import ExtensiveGame
from gamekit.extensive.sequence_form import (
    SequenceForm,
    behaviour_from_plan,
    plan_from_behaviour,
    sequence_form,
)

__all__ = ["BehaviourProfile", "best_response_value", "certify_plans", "is_extensive_equilibrium"]


@dataclass(frozen=True)
class BehaviourProfile:
    """A Nash equilibrium of an extensive game.

    ``behaviour[i][h]`` is player i+1's probability vector over the moves of information
    set h (uniform where the player's own plan does not reach h); ``plans[i]`` the
    realization plan (indexed by sequences, see :mod:`gamekit.extensive.sequence_form`);
    ``payoffs`` the exact expected payoffs.
    """

    behaviour: tuple[tuple[tuple[Fraction, ...], ...], tuple[tuple[Fraction, ...], ...]]
    plans: tuple[tuple[Fraction, ...], tuple[Fraction, ...]]
    payoffs: tuple[Fraction, Fraction]

    @property
    def row(self) -> tuple[tuple[Fraction, ...], ...]:
        """Player 1's behaviour strategy (as ``gamekit.is_equilibrium`` takes it)."""
        return self.behaviour[0]

    @property
    def col(self) -> tuple[tuple[Fraction, ...], ...]:
        """Player 2's behaviour strategy."""
        return self.behaviour[1]

    def to_json(self, game: ExtensiveGame) -> dict:
        """``{"behaviour": {player: {infoset: {move: "p/q"}}}, "plans": [...], "payoffs": [...]}``."""
        sf = sequence_form(game)
        out: dict[str, Any] = {"behaviour": {}, "plans": {}, "payoffs": [fmt(v) for v in self.payoffs]}
        for s in (0, 1):
            name = game.players[s]
            sets = {}
            for h, info in enumerate(game.infosets[s]):
                key = game.infoset_label(s + 1, h)
                if key in sets:
                    key = f"{key}#{info.number}"
                sets[key] = {a: fmt(p) for a, p in zip(info.actions, self.behaviour[s][h])}
            out["behaviour"][name] = sets
            out["plans"][name] = {sf.sequence_label(s + 1, q): fmt(v) for q, v in enumerate(self.plans[s]) if v}
        return out


def _products(sf: SequenceForm, player: int, other: Sequence[Fraction]) -> dict[int, Fraction]:
    """(A y)_σ for player 1 (other = y) or (Bᵀ x)_τ for player 2 (other = x), sparse."""
    out: dict[int, Fraction] = {}
    if player == 1:
        for (i, j), v in sf.A.items():
            if other[j]:
                out[i] = out.get(i, Fraction(0)) + v * other[j]
    else:
        for (i, j), v in sf.B.items():
            if other[i]:
                out[j] = out.get(j, Fraction(0)) + v * other[i]
    return out


def best_response_value(sf: SequenceForm, player: int, other: Sequence[Fraction]) -> Fraction:
    """The exact best-response payoff of ``player`` against the opponent's realization plan.

    Parameters
    ----------
    sf : SequenceForm
        The sequence form.
    player : int
        1 or 2.
    other : sequence of Fraction
        The opponent's realization plan.

    Returns
    -------
    Fraction
        max over the player's pure strategies of the expected payoff (module doc).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> sf = sequence_form(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})))
    >>> best_response_value(sf, 1, [F(1)])
    Fraction(1, 1)
    """
    s = player - 1
    prod = _products(sf, player, other)
    infosets = sf.game.infosets[s]
    value: dict[int, Fraction] = {}  # information set -> u(h)
    below: dict[int, Fraction] = {}  # sequence -> Σ u(h') over the information sets it leads to
    for h in sorted(range(len(infosets)), key=lambda k: infosets[k].nodes[0], reverse=True):
        off = sf.offsets[s][h]
        best = max(prod.get(off + a, Fraction(0)) + below.get(off + a, Fraction(0))
                   for a in range(len(infosets[h].actions)))
        value[h] = best
        q = sf.parent[s][h]
        below[q] = below.get(q, Fraction(0)) + best
    return prod.get(0, Fraction(0)) + below.get(0, Fraction(0))


def _is_plan(sf: SequenceForm, player: int, plan: Sequence[Fraction]) -> bool:
    if len(plan) != sf.sizes[player - 1] or any(v < 0 for v in plan):
        return False
    for row in sf.constraint_rows(player):
        total = sum((c * plan[q] for q, c in row.items()), Fraction(0))
        if total != (1 if 0 in row and len(row) == 1 else 0):
            return False
    return True


def certify_plans(sf: SequenceForm, x: Sequence[Fraction], y: Sequence[Fraction],
                  what: str = "profile", behaviour: tuple | None = None) -> BehaviourProfile:
    """The certified :class:`BehaviourProfile` of realization plans (x, y), after the exact
    test (module doc); raises :class:`CertificationError` if (x, y) is not an equilibrium.

    Parameters
    ----------
    sf : SequenceForm
        The sequence form.
    x, y : sequences of Fraction
        The realization plans.
    what : str
        What is certified (for the error message).
    behaviour : pair of behaviour strategies, optional
        The behaviour strategies to report (they must induce x and y; default: those of
        :func:`~gamekit.extensive.sequence_form.behaviour_from_plan`, uniform where unreached).

    Returns
    -------
    BehaviourProfile
        Sealed as certified.

    Raises
    ------
    CertificationError
        Not realization plans, or some player has a better reply.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> sf = sequence_form(ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)})))
    >>> certify_plans(sf, [F(1), F(0), F(1)], [F(1)]).payoffs
    (Fraction(1, 1), Fraction(1, 1))
    """
    x = tuple(Fraction(v) for v in x)
    y = tuple(Fraction(v) for v in y)
    if not _is_plan(sf, 1, x) or not _is_plan(sf, 2, y):
        raise CertificationError(f"{what}: not a pair of realization plans")
    u, w = sf.payoffs(x, y)
    if best_response_value(sf, 1, y) != u or best_response_value(sf, 2, x) != w:
        raise CertificationError(f"{what}: not a Nash equilibrium (exact best-response test failed)")
    if behaviour is None:
        beh = (behaviour_from_plan(sf, 1, x), behaviour_from_plan(sf, 2, y))
    else:
        beh = (tuple(tuple(p) for p in behaviour[0]), tuple(tuple(p) for p in behaviour[1]))
        if plan_from_behaviour(sf, 1, beh[0]) != x or plan_from_behaviour(sf, 2, beh[1]) != y:
            raise CertificationError(f"{what}: the behaviour strategies do not induce the realization plans")
    return seal(BehaviourProfile(beh, (x, y), (u, w)), "exact best response (sequence form, behaviour strategies)")


def is_extensive_equilibrium(game: ExtensiveGame, row: Sequence, col: Sequence) -> bool:
    """Exact Nash test of behaviour strategies (one probability vector per information set).

    Parameters
    ----------
    game : ExtensiveGame
        The game.
    row, col : sequences of probability vectors
        Player 1's and player 2's behaviour strategies, information sets in the game's order.

    Returns
    -------
    bool
        True when neither player gains by deviating (to any strategy).

    Raises
    ------
    GameError
        Malformed strategies.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "r", {"L": Leaf(0, 0), "R": Leaf(1, 1)}))
    >>> is_extensive_equilibrium(g, [[0, 1]], []), is_extensive_equilibrium(g, [[1, 0]], [])
    (True, False)
    """
    if not isinstance(game, ExtensiveGame):
        raise GameError("is_extensive_equilibrium expects an ExtensiveGame")
    sf = sequence_form(game)
    x = plan_from_behaviour(sf, 1, row)
    y = plan_from_behaviour(sf, 2, col)
    u, w = sf.payoffs(x, y)
    return best_response_value(sf, 1, y) == u and best_response_value(sf, 2, x) == w
