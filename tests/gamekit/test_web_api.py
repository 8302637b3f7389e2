"""The JSON API of ``gamekit serve`` (gamekit.web), through Starlette's TestClient.

Checked facts: ``POST /api/solve`` answers exactly what ``gamekit solve --json`` prints for
the same game and method (battle of the sexes, a degenerate game, von Stengel's 6×6 game with
75 equilibria — the number of his 1999 paper); a partial answer under a time budget lists
only certified equilibria of the full set; bad input is a 400 naming the field; a worker
that outlives its budget is killed and the server keeps answering.
"""

from __future__ import annotations

import json
import random
import socket
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

import gamekit  # noqa: E402
from gamekit.bimatrix.solve import METHODS, solve_result  # noqa: E402
from gamekit.cli import main as cli_main  # noqa: E402
from gamekit.web import jobs  # noqa: E402
from gamekit.web.app import create_app  # noqa: E402
from gamekit.web.jobs import MAX_STRATEGIES  # noqa: E402
from gamekit.web.plugins import FormField, WebPlugin  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

GAMES = Path(__file__).resolve().parents[1] / "games"
BOS = GAMES / "battle_of_sexes.nfg"
DEGENERATE = GAMES / "degenerate_3x3.nfg"
VS75 = GAMES.parent / "big_games" / "vonstengel_6x6_75eq.nfg"
BUDGET = 10.0


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(time_budget=BUDGET), raise_server_exceptions=False) as c:
        yield c


def _request(path: Path) -> dict:
    g = gamekit.read_nfg(path)
    return {"A": [[gamekit.fmt(v) for v in r] for r in g.A], "B": [[gamekit.fmt(v) for v in r] for r in g.B],
            "row_labels": list(g.row_labels), "col_labels": list(g.col_labels)}


def _cli_json(path: Path, method: str, capsys) -> dict:
    """``gamekit solve --json`` with the server's options (method all: its time budget)."""
    capsys.readouterr()
    budget = ["--max-seconds", str(BUDGET)] if method == "all" else []
    assert cli_main(["solve", str(path), "--method", method, "--json", *budget]) == 0
    return json.loads(capsys.readouterr().out)


def test_health_and_methods(client):
    assert client.get("/api/health").json()["status"] == "ok"
    body = client.get("/api/methods").json()
    names = [m["name"] for m in body["methods"]]
    assert body["default"] == "all" and names[0] == "all"
    assert sorted(names) == sorted(METHODS)


@pytest.mark.parametrize("path", [BOS, DEGENERATE, VS75], ids=["battle_of_sexes", "degenerate", "vonstengel75"])
def test_solve_is_the_cli_answer(client, path, capsys):
    r = client.post("/api/solve", json=_request(path))
    assert r.status_code == 200
    assert r.json() == _cli_json(path, "all", capsys)


def test_known_counts(client):
    bos = client.post("/api/solve", json=_request(BOS)).json()
    assert [e["row"] for e in bos["equilibria"]] == [["1", "0"], ["3/5", "2/5"], ["0", "1"]]
    assert bos["equilibria"][1]["payoffs"] == ["6/5", "6/5"]
    vs = client.post("/api/solve", json=_request(VS75)).json()
    assert vs["complete"] is True and len(vs["equilibria"]) == 75  # von Stengel (1999)
    game = gamekit.read_nfg(VS75)
    assert {(tuple(map(Fraction, e["row"])), tuple(map(Fraction, e["col"]))) for e in vs["equilibria"]} == {
        (e.row, e.col) for e in gamekit.solve(game)}
    deg = client.post("/api/solve", json=_request(DEGENERATE)).json()
    sizes = sorted(len(c["rows"]) * len(c["cols"]) for c in deg["components"])
    assert sizes == [1, 4, 4]  # the file's comment: maximal Nash subsets with 4 + 1 + 4 extreme equilibria


@pytest.mark.parametrize("method", METHODS)
def test_every_method_is_the_cli_answer(client, method, capsys):
    r = client.post("/api/solve", json={**_request(DEGENERATE), "method": method.replace("_", "-").upper()})
    assert r.status_code == 200
    assert r.json() == _cli_json(DEGENERATE, method, capsys)


def test_numbers_exact_and_zero_sum_default(client):
    # JSON decimals are read as written: 0.1 is 1/10, not the binary double
    r = client.post("/api/solve", json={"A": [[0.1, "-1/10"], ["-0.1", 0.1]]}).json()
    expected = solve_result(gamekit.BimatrixGame([["1/10", "-1/10"], ["-1/10", "1/10"]]))
    assert r["equilibria"] == [e.to_json() for e in expected.equilibria]
    assert r["equilibria"] == [{"row": ["1/2", "1/2"], "col": ["1/2", "1/2"], "payoffs": ["0", "0"]}]


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"A": [[1, 2], [3, "x"]]}, "A[1][1]"),
        ({"A": [[1, 2], [3, ""]]}, "A[1][1]"),
        ({"A": [[1, 2], [3]]}, "A[1]"),
        ({"A": [[1, 2]], "B": [[1, 2], [3, 4]]}, "B"),
        ({"A": [[1, 2]], "B": [[1, True]]}, "B[0][1]"),
        ({"A": [[1, None]]}, "A[0][1]"),
        ({"A": [[1, [2]]]}, "A[0][1]"),
        ({"A": [[1, "1/0"]]}, "A[0][1]"),
        ({"A": [[1, "1e999999"]]}, "A[0][1]"),
        ({"A": []}, "A"),
        ({"A": "1 2"}, "A"),
        ({"B": [[1]]}, "A"),
        ({"A": [[1]], "method": "best"}, "method"),
        ({"A": [[1]], "method": 3}, "method"),
        ({"A": [[1]], "row_labels": ["a", "b"]}, "row_labels"),
        ({"A": [[0]] * (MAX_STRATEGIES + 1)}, "A"),
        ({"A": [[0] * (MAX_STRATEGIES + 1)]}, "A[0]"),
        ([[1]], "body"),
    ],
)
def test_bad_input_names_the_field(client, payload, field):
    r = client.post("/api/solve", json=payload)
    assert r.status_code == 400
    body = r.json()
    assert body["field"] == field and body["error"] and "Traceback" not in body["error"]


@pytest.mark.parametrize("raw", [b"{", b'{"A": [[NaN]]}', b'{"A": [[Infinity]]}', b"\xff\xfe", b"[" * 100000])
def test_malformed_json(client, raw):
    r = client.post("/api/solve", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["field"] == "body"


def test_body_size_bound(client):
    r = client.post("/api/solve", content=b" " * 1_000_001, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["field"] == "body"


def test_errors_are_json(client):
    assert client.get("/api/nothing").json()["error"]
    r = client.get("/api/solve")
    assert r.status_code == 405 and r.json()["error"]
    r = client.get("/api/examples/nothing")
    assert r.status_code == 404 and r.json()["field"] == "name"


def test_parse_and_format_nfg_round_trip(client):
    game = gamekit.read_nfg(VS75)
    parsed = client.post("/api/parse-nfg", content=VS75.read_bytes()).json()
    assert gamekit.BimatrixGame(parsed["A"], parsed["B"]) == game
    text = client.post("/api/format-nfg", json={"A": parsed["A"], "B": parsed["B"]}).text
    assert gamekit.parse_nfg(text) == game
    bad = client.post("/api/parse-nfg?filename=bad.nfg", content=b"NFG 1 R \"x\" { \"1\" \"2\" }\n{ 2 2 }\n1 2 3")
    assert bad.status_code == 400 and bad.json()["error"].startswith("bad.nfg:")


def test_examples(client):
    names = client.get("/api/examples").json()["examples"]
    assert "battle_of_sexes" in names
    doc = client.get("/api/examples/battle_of_sexes").json()
    assert doc["row_labels"] == ["Opera", "Football"] and doc["A"] == [["3", "0"], ["0", "2"]]


def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    # no external resource: the machine (and a user's) may have no network
    for name in ("index.html", "app.js", "style.css"):
        text = (Path(gamekit.__file__).parent / "web" / "static" / name).read_text()
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text


def test_time_budget_gives_certified_partial_answer():
    rng = random.Random(16)
    A = [[rng.randint(0, 99) for _ in range(16)] for _ in range(16)]
    B = [[rng.randint(0, 99) for _ in range(16)] for _ in range(16)]
    game = gamekit.BimatrixGame(A, B)
    # the hard stop is far away: the first solve of this size may compile the solver's kernels
    with TestClient(create_app(time_budget=1e-6, grace=3600)) as c:
        body = c.post("/api/solve", json={"A": A, "B": B}).json()
    found = [(tuple(map(Fraction, e["row"])), tuple(map(Fraction, e["col"]))) for e in body["equilibria"]]
    assert found and all(gamekit.is_equilibrium(game, x, y) for x, y in found)
    if body["complete"]:  # the search finished before its first look at the clock
        assert set(found) == {(e.row, e.col) for e in gamekit.solve(game)}
    else:
        assert body["notes"][0].startswith("stopped by the time budget:") and body["unique"] is None and body["components"] is None
        assert {"rows", "cols", "method", "complete", "equilibria", "unique", "components", "labels",
                "notes"} <= set(body)


def sleeper(params: dict[str, str]) -> dict:
    """A plugin job that never ends by itself (the server must stop it)."""
    time.sleep(3600)
    return {}


def test_long_job_is_stopped_and_does_not_block():
    plugin = WebPlugin("sleep", "Sleep", run=sleeper, fields=(FormField("x", "x", "1"),), time_budget=8)
    with TestClient(create_app([plugin])) as c:
        out: dict = {}
        worker = threading.Thread(target=lambda: out.update(r=c.post("/api/plugins/sleep", json={})))
        worker.start()
        try:
            assert c.get("/api/health").json()["status"] == "ok"
            small = c.post("/api/solve", json=_request(BOS))
            assert small.status_code == 200 and len(small.json()["equilibria"]) == 3
            starved = not worker.is_alive()
        finally:
            worker.join()
        if starved:
            pytest.skip("the machine is too loaded: the small solve took longer than the sleeper's budget")
        r = out["r"]
        assert r.status_code == 400 and r.json()["timeout"] is True
        # the killed worker is replaced
        assert c.post("/api/solve", json=_request(BOS)).status_code == 200


def test_plugins_endpoint_validation():
    plugin = WebPlugin("demo", "Demo", run=dict, fields=(FormField("k", "K", "a", ("a", "b")),))
    with TestClient(create_app([plugin])) as c:
        assert c.get("/api/plugins").json()["plugins"][0]["fields"][0]["choices"] == ["a", "b"]
        assert c.post("/api/plugins/demo", json={"k": "b"}).json() == {"k": "b"}
        r = c.post("/api/plugins/demo", json={"k": "c"})
        assert r.status_code == 400 and r.json()["field"] == "k"
        r = c.post("/api/plugins/demo", json={"z": "1"})
        assert r.status_code == 400 and r.json()["field"] == "z"
        assert c.post("/api/plugins/none", json={}).status_code == 404


def test_doctests_of_the_web_modules():
    import doctest

    import gamekit.web.app
    import gamekit.web.jobs
    import gamekit.web.plugins

    for module in (gamekit.web.jobs, gamekit.web.plugins, gamekit.web.app):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_serve_without_the_web_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the extra were not installed
    assert cli_main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and 'pip install -e ".[web]"' in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["--port", "70000"], ["--port", "-1"], ["--time-budget", "0"],
                                  ["--plugin", "nowhere.at_all:plugin"], ["--plugin", "gamekit.web.jobs:Reply"]])
def test_serve_bad_arguments(argv, capsys):
    assert cli_main(["serve", "--no-plugins", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_serve_port_in_use(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert cli_main(["serve", "--no-plugins", "--port", str(port)]) == 2
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err


def broken_certificate(params: dict[str, str]) -> dict:
    """A job whose exact check fails (stands for a solver bug)."""
    raise gamekit.CertificationError("profile 3 fails the best-response test")


def broken_code(params: dict[str, str]) -> dict:
    """A job with an unexpected exception (stands for any other bug)."""
    raise KeyError("oops")


@pytest.mark.parametrize(("run", "text"), [(broken_certificate, "internal error: profile 3 fails"),
                                           (broken_code, "internal error: KeyError")])
def test_internal_errors_are_500_json(run, text):
    plugin = WebPlugin("bug", "Bug", run=run)
    with TestClient(create_app([plugin]), raise_server_exceptions=False) as c:
        r = c.post("/api/plugins/bug", json={})
    body = r.json()
    assert r.status_code == 500 and body["internal"] is True
    assert body["error"].startswith(text) and body["error"].endswith("please report")


def test_warm_up_job():
    status, body = jobs.warm_up_job()
    assert status == 200 and body["warm"] is True and body["equilibria"] >= 1
