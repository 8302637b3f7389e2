"""Which path computes ``method="lemke_howson"``: the float path or exact pivoting.

Two strategies follow the same Lemke–Howson path (same variables, same lexicographic
rule); the caller names one with ``strategy=`` or leaves the default ``"auto"``, whose
whole policy is :func:`choose_lh_strategy` — a function of the game's size only, never of
module globals, environment variables or what the process has imported.

==============  ==========================================================================
strategy        algorithm
==============  ==========================================================================
``float_path``  the path in binary64 (compiled, :mod:`gamekit.kernel.float_lemke_howson`);
                the final pair of bases is solved exactly in integers and certified; a
                label whose float path fails falls back to ``exact``
``exact``       fraction-free integer pivoting all the way (:class:`gamekit.kernel.pivot.Dictionary`)
==============  ==========================================================================

Examples
--------
>>> choose_lh_strategy(3, 3), choose_lh_strategy(30, 30)
('exact', 'float_path')
"""

from __future__ import annotations

from typing import Literal, get_args

from gamekit.core.errors import GameError

__all__ = ["LHStrategy", "LHConcrete", "LH_STRATEGIES", "FLOAT_PATH_MIN_LABELS", "choose_lh_strategy",
           "check_lh_options"]

#: The ``strategy`` parameter of ``solve(bimatrix_game, method="lemke_howson", strategy=...)``.
LHStrategy = Literal["auto", "float_path", "exact"]
#: A strategy that names an algorithm (what ``"auto"`` resolves to).
LHConcrete = Literal["float_path", "exact"]
#: Every value of :data:`LHStrategy`, ``"auto"`` first.
LH_STRATEGIES: tuple[str, ...] = get_args(LHStrategy)

FLOAT_PATH_MIN_LABELS = 30
"""From this many labels (m + n) ``"auto"`` takes the float path. Below it the exact path
from every label takes at most a few tens of milliseconds (measured 2–3 ms at 8×8,
10–15 ms at 12×12, 13–35 ms at 15×15), less than loading the compiled kernel into a fresh
process (≈ 0.3–0.5 s), and nothing is compiled for such games (the kernel's one-time
compilation costs ≈ 5 CPU-s)."""


def choose_lh_strategy(m: int, n: int) -> LHConcrete:
    """The strategy ``"auto"`` runs for an m×n game (the whole policy): ``float_path`` from
    :data:`FLOAT_PATH_MIN_LABELS` labels on, else ``exact``.

    Parameters
    ----------
    m, n : int
        Numbers of strategies of the two players.

    Returns
    -------
    str
        ``"float_path"`` or ``"exact"``.

    Examples
    --------
    >>> choose_lh_strategy(15, 15), choose_lh_strategy(14, 15)
    ('float_path', 'exact')
    """
    return "float_path" if m + n >= FLOAT_PATH_MIN_LABELS else "exact"


def check_lh_options(strategy: object, initial_label: object, m: int, n: int) -> None:
    """Validate ``strategy`` (one of :data:`LH_STRATEGIES`) and ``initial_label`` (None or
    an int in 0..m+n−1).

    Raises
    ------
    GameError
        On an invalid value.

    Examples
    --------
    >>> check_lh_options("exact", 4, 2, 2)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: initial_label must be an integer in 0..3 (rows 0..1, columns 2..3), got 4
    """
    if strategy not in LH_STRATEGIES:
        raise GameError(f"unknown strategy {strategy!r} for method 'lemke_howson'; valid strategies: "
                        f"{', '.join(LH_STRATEGIES)}")
    if initial_label is not None and (isinstance(initial_label, bool) or not isinstance(initial_label, int)
                                      or not 0 <= initial_label < m + n):
        raise GameError(f"initial_label must be an integer in 0..{m + n - 1} (rows 0..{m - 1}, columns "
                        f"{m}..{m + n - 1}), got {initial_label!r}")
