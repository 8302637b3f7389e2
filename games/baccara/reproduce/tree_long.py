"""New checks (not claims of the papers): Models A2, A3, B2, B3 solved as game trees agree
with the additive solvers (484 Banker information sets: ≈ 1,000 Lemke pivots per tree).
See :mod:`games.baccara.reproduce.tree` for what is compared.
"""

from __future__ import annotations

from games.baccara.reproduce import claim
from games.baccara.reproduce.tree import PAPER, agreement, description


@claim("tree.A2", PAPER, "paper II, §1 (Model A2)", description("A2"))
def _a2():
    return agreement("A2")


@claim("tree.A3", PAPER, "paper II, §1 (Model A3)", description("A3"))
def _a3():
    return agreement("A3")


@claim("tree.B2", PAPER, "paper II, §3 (Model B2)", description("B2"))
def _b2():
    return agreement("B2")


@claim("tree.B3", PAPER, "paper II, §4 (Model B3)", description("B3"))
def _b3():
    return agreement("B3")
