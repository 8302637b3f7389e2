"""The baccara tab of ``gamekit serve`` (games.baccara.web), through Starlette's TestClient.

Checked facts: the tab's ``data`` is the JSON of ``baccara solve --json`` for the same model,
d and α; Banker's grid has the cells ``baccara solve`` prints (paper II, Model B2 with d = 6,
α = 1/20: Banker mixes only at 06:- and draws there with probability 77143741/121269912);
bad input is a 400 naming the field; the entry point declared in pyproject.toml is the plugin.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from gamekit.web.app import create_app  # noqa: E402
from gamekit.web.plugins import ENTRY_POINT_GROUP, load_plugin  # noqa: E402
from games.baccara.web import plugin  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app([plugin]), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("model", ["A1", "B2"])
def test_tab_answers_as_baccara_solve(client, baccara_cli, model):
    r = client.post("/api/plugins/baccara", json={"model": model, "decks": "6", "alpha": "1/20"})
    assert r.status_code == 200
    cli = baccara_cli("solve", "--model", model, "--json")
    assert cli.returncode == 0
    assert r.json()["data"] == json.loads(cli.stdout)


def test_banker_grid_b2(client):
    report = client.post("/api/plugins/baccara", json={"model": "B2"}).json()
    grid = report["grids"][0]
    heads = [c["label"] for c in grid["columns"]]
    assert heads == ["total", "hand", *"0123456789", "∅"]
    cells = {(row[1]["text"], heads[k]): cell["text"] for row in grid["rows"] for k, cell in enumerate(row)}
    assert cells[("06", "∅")] == ".636"       # 77143741/121269912 = 0.63613…
    assert cells[("00", "0")] == "D" and cells[("07", "∅")] == "S"
    assert any("77143741/121269912" in line for line in report["lines"])
    mixed = [(h, c) for (h, c), t in cells.items() if c not in ("total", "hand") and t not in ("D", "S")]
    assert mixed == [("06", "∅")]


@pytest.mark.parametrize(
    ("payload", "field"),
    [({"model": "C1"}, "model"), ({"decks": "0"}, "decks"), ({"decks": "x"}, "decks"),
     ({"alpha": "1"}, "alpha"), ({"alpha": "-1/10"}, "alpha"), ({"seed": "1"}, "seed")],
)
def test_bad_input(client, payload, field):
    r = client.post("/api/plugins/baccara", json=payload)
    assert r.status_code == 400 and r.json()["field"] == field


def test_entry_point_is_declared():
    tomllib = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    ref = project["entry-points"][ENTRY_POINT_GROUP]["baccara"]
    assert load_plugin(ref) is plugin
