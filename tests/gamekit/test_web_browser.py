"""``gamekit serve`` in a real browser: headless Chromium driven by Playwright.

The test starts the server (its own process group, killed in ``finally``) on a free loopback
port, types a 3×3 game into the page's grid (integers, a fraction, a decimal), clicks Solve,
reads the equilibria off the page and compares them with :func:`gamekit.solve`; it also
checks that a bad entry is reported next to its cell, and saves the screenshot kept as
``docs/img/web-page.png`` (and ``web-envelope.png``: a 3×2 game's upper envelope and
best-response regions). Skipped only when Chromium (``/usr/bin/chromium``, Debian's
``chromium`` package) or Playwright is missing; waits are on page events, and a wait that
runs out on a starved machine skips rather than fails.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import gamekit

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SCREENSHOT = ROOT / "docs" / "img" / "web-page.png"
ENVELOPE = ROOT / "docs" / "img" / "web-envelope.png"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT_MS = 180_000  # generous: a starved machine skips instead of failing

# A 3×3 game with 7 extreme equilibria (a coordination game: every nonempty common support),
# typed with a fraction and a decimal.
A = [["3", "0", "0"], ["0", "2", "0"], ["0", "0", "1"]]
B = [["2", "0", "0"], ["0", "3", "0"], ["0", "0", "1/2"]]
B_TYPED = [["2", "0", "0"], ["0", "3", "0"], ["0", "0", "0.5"]]

pytestmark = [
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} missing (apt-get install -y chromium)"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


def _start_server() -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gamekit.cli", "serve", "--host", "127.0.0.1", "--port", "0", "--no-plugins"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    assert proc.stderr is not None
    ready, _, _ = select.select([proc.stderr], [], [], WAIT_MS / 1000)
    line = proc.stderr.readline().decode() if ready else ""
    if "http://" not in line:
        _stop(proc)
        if not ready:
            pytest.skip("the server did not start in time (machine starved)")
        pytest.fail(f"gamekit serve did not start: {line!r}")
    return proc, line.split()[2]


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    except ProcessLookupError:
        pass
    if proc.stderr is not None:
        proc.stderr.close()


def _read_equilibria(page) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...], tuple[Fraction, ...]]]:
    out = []
    for row in page.query_selector_all("#equilibria tr.equilibrium"):
        x, y = ([Fraction(s.inner_text()) for s in td.query_selector_all("span.num")]
                for td in row.query_selector_all("td.strategy"))
        pay = [Fraction(s.inner_text()) for s in row.query_selector_all("td.payoffs span.num")]
        out.append((tuple(x), tuple(y), tuple(pay)))
    return out


def test_type_a_game_solve_and_read_the_answer(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    expected = [(e.row, e.col, e.payoffs) for e in gamekit.solve(gamekit.BimatrixGame(A, B))]
    assert len(expected) == 7
    proc, url = _start_server()
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                page = browser.new_page(viewport={"width": 1100, "height": 900})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                server_errors: list[str] = []  # a 5xx answer is a bug, never "the machine is slow"
                page.on("response", lambda r: server_errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
                page.goto(url, timeout=WAIT_MS)
                page.wait_for_selector("body[data-ready=true]", timeout=WAIT_MS)
                assert page.input_value("#method") == "all"
                page.fill("#title", "A 3×3 coordination game")
                for i in range(3):
                    page.fill(f"#row-label-{i}", "TMB"[i])
                    page.fill(f"#col-label-{i}", "LCR"[i])
                    for j in range(3):
                        page.fill(f"#A-{i}-{j}", A[i][j])
                        page.fill(f"#B-{i}-{j}", B_TYPED[i][j])
                # a bad entry first: the message sits next to its cell
                page.fill("#A-1-2", "2/x")
                page.click("#solve")
                page.wait_for_selector("td .field-error", timeout=WAIT_MS)
                assert "A[1][2]" in page.inner_text("td .field-error")
                assert page.eval_on_selector("#A-1-2", "e => e.classList.contains('invalid')")
                page.fill("#A-1-2", "0")
                page.click("#solve")
                page.wait_for_selector("#status:has-text('solved')", timeout=WAIT_MS)
                assert page.query_selector(".field-error") is None
                shown = _read_equilibria(page)
                assert shown == expected
                assert "7 extreme equilibria" in page.inner_text("#summary")
                pure = page.query_selector_all("#equilibria tr.equilibrium .badge")
                assert len(pure) == sum(1 for x, y, _ in expected if 1 in x and 1 in y) == 3
                # decimals on hover
                titles = page.eval_on_selector_all(
                    "#equilibria span.num", "ns => ns.filter(n => n.textContent.includes('/')).map(n => n.title)")
                assert titles and all(t.startswith("≈ 0.") or t.startswith("≈ 1.") or ": ≈ " in t for t in titles)
                assert errors == []
                shot = tmp_path / "web-page.png"
                page.screenshot(path=str(shot), full_page=True)
                SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(shot, SCREENSHOT)

                # an m×2 game from the examples: the upper-envelope picture, one dot per
                # distinct equilibrium strategy of the column player
                game = gamekit.read_nfg(ROOT / "gamekit" / "examples" / "von_stengel_3x2.nfg")
                page.select_option("#examples", "von_stengel_3x2")
                page.wait_for_selector("#status:has-text('loaded')", timeout=WAIT_MS)
                page.click("#solve")
                page.wait_for_selector("#status:has-text('solved')", timeout=WAIT_MS)
                assert [(x, y) for x, y, _ in _read_equilibria(page)] == [
                    (e.row, e.col) for e in gamekit.solve(game)]
                eqs = gamekit.solve(game)
                assert len(page.query_selector_all("svg.envelope-pic")) == 1  # m×2: over player II's mix
                assert len(page.query_selector_all("svg.simplex-pic")) == 1   # 3×n: over player I's mix
                assert len(page.query_selector_all("svg.envelope-pic circle.eq-dot")) == len({e.col for e in eqs})
                assert len(page.query_selector_all("svg.simplex-pic circle.eq-dot")) == len({e.row for e in eqs})
                # both columns l and r are best responses somewhere in player I's triangle
                assert len(page.query_selector_all("svg.simplex-pic polygon.br-region")) == 2
                page.locator("#result").screenshot(path=str(tmp_path / "env.png"))
                shutil.copyfile(tmp_path / "env.png", ENVELOPE)

                # open a .nfg file: von Stengel's 6×6 game with 75 equilibria; download both
                vs75 = ROOT / "tests" / "big_games" / "vonstengel_6x6_75eq.nfg"
                page.set_input_files("#nfg-file", str(vs75))
                page.wait_for_selector("#status:has-text('loaded 6×6')", timeout=WAIT_MS)
                page.click("#solve")
                page.wait_for_selector("#status:has-text('solved')", timeout=WAIT_MS)
                assert len(_read_equilibria(page)) == 75
                with page.expect_download(timeout=WAIT_MS) as download:
                    page.click("#download-json")
                answer = json.loads(Path(download.value.path()).read_text())
                game = gamekit.read_nfg(vs75)
                assert answer == gamekit.solve(game, max_seconds=10.0).to_json() | {"labels": answer["labels"]}
                with page.expect_download(timeout=WAIT_MS) as download:
                    page.click("#download-nfg")
                assert gamekit.parse_nfg(Path(download.value.path()).read_text()) == game

                # paste as text (a spreadsheet block: tabs)
                page.click("#paste-toggle")
                page.fill("#paste-a", "1\t2\n3\t4\n5\t6")
                page.fill("#paste-b", "0 1\n1 0\n2 2")
                page.click("#paste-apply")
                assert page.inner_text("#rows-count") == "3" and page.inner_text("#cols-count") == "2"
                assert page.input_value("#A-2-1") == "6" and page.input_value("#B-2-0") == "2"
                assert errors == []
            except sync_api.TimeoutError as exc:
                if server_errors:
                    pytest.fail(f"the server answered with an error: {server_errors}")
                pytest.skip(f"the page did not answer in time (machine starved?): {exc}")
            finally:
                browser.close()
    finally:
        _stop(proc)
