"""The how-to of docs/extensive.md runs as written and its printed values are the computed ones."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

DOC = Path(__file__).parents[2] / "docs" / "extensive.md"


def test_the_kuhn_poker_howto_runs_and_says_what_it_computes():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    ns: dict = {}
    exec(blocks[0], ns)  # build the tree
    exec(blocks[1], ns)  # solve it
    # the values the doc's comments show
    assert ns["z"].certificate["value"] == Fraction(-1, 18)
    assert ns["e"].payoffs == (Fraction(-1, 18), Fraction(1, 18))
    assert [h.label for h in ns["kuhn"].infosets[0]] == ["J", "J-check-bet", "Q", "Q-check-bet", "K", "K-check-bet"]
    assert ns["e"].behaviour[0][0] == (Fraction(2, 3), Fraction(1, 3))
    assert ns["r"].to_json()["equilibria"][0]["behaviour"]["Player 1"]["K"] == {"check": "0", "bet": "1"}
