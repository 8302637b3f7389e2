"""Figures a reader of the papers can check (issue #15): intersections numbered as paper
II's Table 3, every colour explained, session histograms binned on the outcome lattice."""

from __future__ import annotations

import numpy as np
import pytest

from games.baccara.casino.simulation import _histogram_edges, _roughness
from games.baccara.plots.figures import (
    colour_caption,
    curves_data,
    mixing_caption,
    number_intersections,
)

#: Paper II, Table 3 (d = 6): some of the 23 cases and their intersecting curves.
TABLE3 = {1: ("03:9", "05:4"), 2: ("03:9", "69:4"), 15: ("67:9", "78:4"), 16: ("68:1", "33:6"),
          18: ("06:-", "33:6"), 23: ("88:-", "33:6")}


@pytest.fixture(scope="module")
def d6():
    return curves_data("B2", 6)


def test_intersections_numbered_as_table3(d6):
    nums = number_intersections(d6["intersections"])
    assert sorted(nums) == list(range(1, 24))
    by_number = {n: set(x["curves"]) for n, x in zip(nums, d6["intersections"])}
    for n, pair in TABLE3.items():
        assert by_number[n] == set(pair)


def test_every_colour_used_is_explained(d6):
    caption = colour_caption(d6["curves"])
    for colour in {c["colour"] for c in d6["curves"]}:
        assert f"{colour}:" in caption
    assert "k = 9, Banker total 3" in caption and "∅ (Player stood), Banker total 6" in caption


def test_mixing_caption_reconciles_the_two_limits():
    from fractions import Fraction as F

    # paper II's eq. (38) limit per composition, aggregated over the compositions of 6 with
    # shares computed from the card counts, must give paper I's q at (6,∅)
    caption = mixing_caption(F(179, 286))
    assert "179/286" in caption and "= 859/2288" in caption


def test_lattice_histogram_has_no_comb():
    # Banker-bet sessions: 0.95·wins − losses over 100 coups (ties push), as floats
    rng = np.random.default_rng(1)
    outcomes = rng.choice([0.95, -1.0, 0.0], p=[0.4586, 0.4462, 0.0952], size=(20000, 100))
    profits = outcomes.sum(axis=1)
    edges = _histogram_edges(profits)
    assert not isinstance(edges, int)
    smooth = _roughness(np.histogram(profits, bins=edges)[0])
    naive = _roughness(np.histogram(profits, bins=np.arange(profits.min() - 0.025, profits.max() + 0.7, 0.7))[0])
    assert smooth < naive / 3


def _label_boxes(fig):
    """Per axes: the window boxes of the intersection numbers (annotations of digits only)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    out = []
    for ax in fig.axes:
        texts = [t for t in ax.texts if t.get_text().isdigit()]
        out.append([(t.get_text(), t.get_window_extent(renderer)) for t in texts])
    return out


@pytest.mark.parametrize("which", ["B2", "B3"])
def test_paper_figures_have_no_overlapping_intersection_labels(which, d6):
    """#27/#30: every intersection number of Figures 1 and 2 is readable — no two label boxes
    overlap (Figure 2 used to hide intersection 1 under label 6), and Figure 2 names its
    exceptional commission beta_0 as paper II does."""
    from games.baccara.plots.b3_figure2 import figure2_data
    from games.baccara.plots.figures import _pyplot, curves_figure

    data = d6 if which == "B2" else figure2_data(6)
    fig = curves_figure(data)
    try:
        shown = []
        for boxes in _label_boxes(fig):
            shown += [n for n, _ in boxes]
            for i, (n, a) in enumerate(boxes):
                for m, b in boxes[i + 1:]:
                    assert not a.overlaps(b), f"labels {n} and {m} overlap"
        assert sorted(set(map(int, shown))) == list(range(1, len(data["intersections"]) + 1))
        names = [t.get_text() for t in fig.axes[0].texts]
        assert any(t.startswith("β₀" if which == "B3" else "α₀") for t in names), names
    finally:
        _pyplot().close(fig)
