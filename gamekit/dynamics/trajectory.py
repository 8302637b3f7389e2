"""The result of a learning rule, limit identification, and the dispatch by rule name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame

__all__ = ["RULES", "Rule", "Trajectory", "settle", "run", "check_game", "check_steps"]

Rule = Literal["fictitious-play", "stochastic-fictitious-play", "best-response", "replicator",
               "asymmetric-replicator", "regret-matching", "logit"]
RULES: tuple[str, ...] = ("fictitious-play", "stochastic-fictitious-play", "best-response", "replicator",
                          "asymmetric-replicator", "regret-matching", "logit")


@dataclass(frozen=True, eq=False)
class Trajectory:
    """A learning trajectory.

    Attributes
    ----------
    rule
        The rule's name (one of :data:`RULES`).
    times
        (T,) step numbers or ODE times.
    row, col
        (T, m) and (T, n) arrays: the strategies (or empirical frequencies / beliefs) the
        rule tracks, one row per time.
    limit
        The certified equilibrium the trajectory settled at, or None.
    distance
        Max-norm distance of the last point to ``limit`` (NaN without a limit).
    info
        Rule-specific extras (e.g. the exact final beliefs of fictitious play, the plays).

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> from gamekit.dynamics import best_response_dynamics
    >>> t = best_response_dynamics(BimatrixGame([[3, 0], [5, 1]], [[3, 5], [0, 1]]), 10)
    >>> t.rule, t.row.shape, t.limit, t.distance
    ('best-response', (3, 2), Equilibrium(row=(0, 1), col=(0, 1), payoffs=(1, 1)), 0.0)
    """

    rule: str
    times: np.ndarray
    row: np.ndarray
    col: np.ndarray
    limit: Equilibrium | None = None
    distance: float = float("nan")
    info: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.times)

    def to_json(self) -> dict:
        """``gamekit dynamics --json``'s object (see docs/json.md)."""
        extra = {k: v for k, v in self.info.items() if isinstance(v, (int, float, str, bool, list))}
        return {"rule": self.rule, "times": [float(t) for t in self.times],
                "row": [[float(v) for v in r] for r in self.row],
                "col": [[float(v) for v in r] for r in self.col],
                "limit": None if self.limit is None else self.limit.to_json(),
                "distance": None if np.isnan(self.distance) else self.distance, "info": extra}


def check_game(game: object, what: str) -> BimatrixGame:
    if not isinstance(game, BimatrixGame):
        raise GameError(f"{what} expects a BimatrixGame, got {type(game).__name__}")
    return game


def check_steps(steps: object) -> int:
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 1:
        raise GameError(f"steps must be a positive integer, got {steps!r}")
    return int(steps)


def check_start(v: object, size: int, who: str) -> np.ndarray | None:
    if v is None:
        return None
    a = np.asarray(v, dtype=float)
    if a.shape != (size,) or (a < 0).any() or not np.isclose(a.sum(), 1):
        raise GameError(f"the {who} starting strategy must be {size} non-negative numbers summing to 1")
    return a


def settle(game: BimatrixGame, row: np.ndarray, col: np.ndarray, tol: float) -> tuple[Equilibrium | None, float]:
    """The certified equilibrium the trajectory settled at: the last point is within ``tol``
    of a certified equilibrium and the last tenth of the trajectory moved by less than ``tol``."""
    from gamekit.nearest import nearest_equilibrium

    tail = max(1, len(row) // 10)
    moved = max(float(np.ptp(row[-tail:], axis=0).max()), float(np.ptp(col[-tail:], axis=0).max()))
    if moved > tol:
        return None, float("nan")
    e, _, _, d = nearest_equilibrium(game, row[-1], col[-1])
    return (e, d) if d <= tol else (None, float("nan"))


def run(game: BimatrixGame, rule: Rule, steps: int, *, seed: int | None = None, **options: Any) -> Trajectory:
    """Run the learning ``rule`` for ``steps`` steps (the CLI's entry point).

    Parameters
    ----------
    game
        The game.
    rule
        One of :data:`RULES`.
    steps
        Iterations, or ODE output points for the replicator rules.
    seed
        Seed of the stochastic rules (ignored by the deterministic ones).
    **options
        Passed to the rule's function.

    Returns
    -------
    Trajectory

    Raises
    ------
    GameError
        On an unknown rule or bad parameters.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> t = run(BimatrixGame([[3, 0], [5, 1]], [[3, 5], [0, 1]]), "best-response", 5)   # prisoner's dilemma
    >>> t.limit.row, t.limit.col
    ((Fraction(0, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1)))
    """
    import gamekit.dynamics as d

    if rule == "fictitious-play":
        return d.fictitious_play(game, steps, seed=seed, **options)
    if rule == "stochastic-fictitious-play":
        return d.stochastic_fictitious_play(game, steps, seed=seed, **options)
    if rule == "best-response":
        return d.best_response_dynamics(game, steps, **options)
    if rule == "replicator":
        return d.replicator(game, steps, **options)
    if rule == "asymmetric-replicator":
        return d.asymmetric_replicator(game, steps, **options)
    if rule == "regret-matching":
        return d.regret_matching(game, steps, **options)
    if rule == "logit":
        return d.logit_dynamics(game, steps, seed=seed, **options)
    raise GameError(f"unknown rule {rule!r}; valid rules: {', '.join(RULES)}")
