"""New checks (not claims of the papers): the models solved as game trees agree with the
additive solvers — the quick ones (Models A1 and B1, 88 Banker information sets).

:func:`games.baccara.analysis.tree_check.compare_tree` builds each model's game tree from the
dealing rules (:mod:`games.baccara.models.tree`), solves it by Lemke's algorithm on the
sequence form (gamekit's ``ExtensiveGame``, certified) and compares the answer exactly with
:func:`games.baccara.analysis.equilibria.solve_model`'s — at every information set and in
both payoffs. An independent path to the papers' equilibria: no count table, no Lemma 1,
no Foster. Models 2 and 3 (484 Banker information sets) are in :mod:`tree_long`.
"""

from __future__ import annotations

from fractions import Fraction as F

from games.baccara.analysis.tree_check import compare_tree
from games.baccara.reproduce import claim

__all__ = ["PAPER", "GRID", "agreement", "description"]

PAPER = "tree"

#: The (d, α) grid of every model (Model A deals with replacement: d plays no role there).
GRID = {"A": [(1, F(0)), (1, F(1, 20))],
        "B": [(d, a) for d in (1, 6, 8) for a in (F(0), F(1, 20))]}


def agreement(model: str) -> tuple[dict[str, str], dict[str, str]]:
    """(expected, found): at each grid point, "agrees" when the tree's equilibrium equals the
    additive solver's unique equilibrium (or is one of its extreme equilibria)."""
    expected, found = {}, {}
    for d, a in GRID[model[0]]:
        key = f"d={d}, alpha={a}" if model[0] == "B" else f"alpha={a}"
        c = compare_tree(model, d, a)
        expected[key] = "agrees"
        found[key] = "agrees" if c.agrees else f"differs: {c.mismatch}"
    return expected, found


def description(model: str) -> str:
    """The claim's text for ``model``."""
    grid = "d ∈ {1, 6, 8} × α ∈ {0, 1/20}" if model[0] == "B" else "α ∈ {0, 1/20}"
    return (f"new (not a claim of the papers), checked: Model {model} built as a game tree from the dealing "
            f"rules and solved by Lemke's algorithm on the sequence form ({grid}) gives the additive solver's "
            f"equilibrium exactly — every information set's draw probability and both payoffs (where the "
            f"equilibrium is not unique: one of its extreme equilibria)")


@claim("tree.A1", PAPER, "paper I, §2 (Model A1)", description("A1"))
def _a1():
    return agreement("A1")


@claim("tree.B1", PAPER, "paper II, §1 (Model B1)", description("B1"))
def _b1():
    return agreement("B1")
