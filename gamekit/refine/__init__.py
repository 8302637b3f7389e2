"""Equilibrium refinements of bimatrix games, exact and certified.

* :func:`~gamekit.refine.perfect.perfect_equilibria` — Selten's (normal-form) perfect
  equilibria: every extreme one and the perfect part of every maximal Nash subset;
* :func:`~gamekit.refine.index.component_indices` — the index of every connected
  component of the equilibrium set (sum +1), with the index-0 ones flagged;
* :func:`~gamekit.refine.ess.ess` / :func:`~gamekit.refine.ess.is_ess` — evolutionarily
  stable strategies of symmetric games;
* :func:`~gamekit.refine.proper.proper_equilibria` — Myerson's proper equilibria (the
  cases decided are listed there).

See ``docs/refinements.md``. This package sits above :mod:`gamekit.bimatrix` and
:mod:`gamekit.lp` and imports only downward.
"""

from __future__ import annotations

__all__: list[str] = []
