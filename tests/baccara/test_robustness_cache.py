"""Reliability of the sweep cache (issue #16): a damaged entry is recomputed, never served.

Every corruption below is applied to a genuine cache entry; the sweep must return the
record a fresh computation gives (here: the genuine record, returned by a stand-in for
``solve_record`` that also counts the recomputations), report the entry as rejected, and
overwrite it with a valid one.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

import games.baccara.analysis.deck_sweep as sweep_mod
from games.baccara.analysis.deck_sweep import (
    CACHE_VERSION,
    SweepCache,
    record_checksum,
    run_sweep,
    solve_record,
    valid_record,
)

ROOT = Path(__file__).resolve().parents[2]
LO, HI = F(0), F(1, 10)


@pytest.fixture(scope="module")
def genuine() -> dict:
    """The record of Model B2, d = 3 (Table 4 of Ethier-Lee II: 22 curves, 9 intersections)."""
    rec = solve_record("B2", 3, LO, HI)
    assert (rec["curves"], rec["intersections"], rec["boundary_curves"], rec["intervals"],
            rec["nonunique_points"]) == (22, 9, 4, 40, 0)
    return rec


@pytest.fixture
def counted(monkeypatch, genuine):
    """solve_record replaced by a counter returning the genuine record."""
    calls = []

    def fake(model, decks, lo, hi):
        calls.append(decks)
        return _altered(genuine, ("decks",), decks)

    monkeypatch.setattr(sweep_mod, "solve_record", fake)
    return calls


def _envelope(rec: dict, **over) -> dict:
    doc = {"schema": "gamekit-sweep", "version": CACHE_VERSION, "sha256": record_checksum(rec), "record": rec}
    doc.update(over)
    return doc


def _altered(rec: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(rec)
    node = out
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return out


def _corruptions(rec: dict) -> dict[str, bytes | None]:
    good = json.dumps(_envelope(rec)).encode()
    header = {k: rec[k] for k in ("model", "decks", "alpha_min", "alpha_max")}
    curves999 = _altered(rec, ("curves",), 999)
    formula = _altered(rec, ("segments", 0, "player", "5"), "1/2")
    return {
        "truncated": good[: len(good) // 2],
        "empty": b"",
        "not json": b"{not json",
        "binary": bytes(range(256)),
        "wrong version": json.dumps(_envelope(rec, version=CACHE_VERSION - 1)).encode(),
        "old format (bare record)": json.dumps(rec).encode(),
        "altered count, old checksum": json.dumps(_envelope(rec, record=curves999)).encode(),
        "altered formula, old checksum": json.dumps(_envelope(rec, record=formula)).encode(),
        "header-only record, valid checksum": json.dumps(_envelope(header)).encode(),
        "count as string, valid checksum": json.dumps(_envelope(_altered(rec, ("curves",), "22"))).encode(),
        "NaN": good.replace(b'"curves": 22', b'"curves": NaN'),
        "Infinity in record": json.dumps(_envelope(rec)).replace('"intervals": 40', '"intervals": Infinity').encode(),
        "deeply nested": b"[" * 100_000 + b"]" * 100_000,
        "other key": json.dumps(_envelope(_altered(rec, ("decks",), 4))).encode(),
        "missing checksum": json.dumps({k: v for k, v in _envelope(rec).items() if k != "sha256"}).encode(),
        "latin-1 garbage": "é".encode("latin-1") * 10,
        "directory": None,
        "fifo": None,
    }


CORRUPTIONS = list(_corruptions({"model": "B2", "decks": 3, "alpha_min": "0", "alpha_max": "1/10",
                                 "curves": 22, "intervals": 40, "segments": [{"player": {"5": "0"}}]}))


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_corrupt_entry_is_recomputed_and_overwritten(tmp_path, genuine, counted, kind):
    cache = SweepCache(tmp_path)
    path = cache.path("B2", 3, LO, HI)
    path.parent.mkdir(parents=True)
    data = _corruptions(genuine)[kind]
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":  # opening it would block: must be refused, then replaced
        os.mkfifo(path)
    else:
        path.write_bytes(data)
    out = run_sweep("B2", "3", cache_dir=tmp_path, jobs=1)
    assert counted == [3]  # recomputed
    assert list(out) == [genuine] and (out.computed, out.cached, out.rejected) == (1, 0, 1)
    if kind != "directory":  # overwritten with a valid entry, served next time
        assert SweepCache(tmp_path).get("B2", 3, LO, HI) == genuine
        again = run_sweep("B2", "3", cache_dir=tmp_path, jobs=1)
        assert counted == [3] and (again.cached, again.rejected) == (1, 0)
    assert not list(path.parent.glob("*.tmp"))


def test_genuine_entry_is_served(tmp_path, genuine, counted):
    SweepCache(tmp_path).put(genuine)
    out = run_sweep("B2", "3", cache_dir=tmp_path, jobs=1)
    assert counted == [] and list(out) == [genuine] and (out.cached, out.rejected) == (1, 0)


def test_valid_record_checks_the_key(genuine):
    assert valid_record(genuine, ("B2", 3, "0", "1/10"))
    assert not valid_record(genuine, ("B2", 4, "0", "1/10"))
    assert not valid_record(genuine, ("B1", 3, "0", "1/10"))
    assert not valid_record(_altered(genuine, ("segments",), []), ("B2", 3, "0", "1/10"))


def test_unwritable_cache_warns_once_and_the_sweep_succeeds(tmp_path, genuine, counted, capsys):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache directory should be")
    out = run_sweep("B2", "3-4", cache_dir=blocker, jobs=1)
    assert counted == [3, 4] and len(out) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("warning: cannot write the sweep cache")


def test_cache_clear_and_info(tmp_path, genuine):
    cache = SweepCache(tmp_path)
    cache.put(genuine)
    cache.path("B2", 5, LO, HI).write_text("{broken")
    from games.baccara.cli.cmd_cache import cache_info

    info = cache_info(cache)
    assert (info["entries"], info["valid"], info["corrupt"]) == (2, 1, 1)
    assert cache.clear() == 2 and cache.entries() == []


def _baccara(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "games.baccara.cli.main", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def test_cli_never_serves_an_altered_entry(tmp_path, genuine):
    SweepCache(tmp_path).put(genuine)
    path = SweepCache(tmp_path).path("B2", 3, LO, HI)
    path.write_text(path.read_text().replace('"curves": 22', '"curves": 999'))
    r = _baccara("sweep", "--decks", "3", "--json", "--cache-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)[0]["curves"] == 22
    assert "corrupt or stale cache entries were ignored" in r.stderr
    r = _baccara("sweep", "--decks", "3", "--json", "--cache-dir", str(tmp_path))
    assert json.loads(r.stdout) == [genuine] and "read from the cache" in r.stderr
    r = _baccara("cache", "clear", "--cache-dir", str(tmp_path))
    assert r.returncode == 0 and r.stdout.startswith("removed 1 cache file")


@pytest.mark.parametrize("env, expect", [
    ({"GAMEKIT_CACHE_DIR": "/tmp/gk-explicit", "XDG_CACHE_HOME": "/tmp/xdg", "HOME": "/h"}, "/tmp/gk-explicit"),
    ({"GAMEKIT_CACHE_DIR": "relative", "XDG_CACHE_HOME": "/tmp/xdg", "HOME": "/h"}, "/tmp/xdg/gamekit"),
    ({"XDG_CACHE_HOME": "rel/ative", "HOME": "/h"}, "/h/.cache/gamekit"),
    ({"HOME": "/h"}, "/h/.cache/gamekit"),
])
def test_cache_root_follows_the_xdg_rules(monkeypatch, env, expect):
    """#28/#30: one rule for every cache; relative paths are ignored (XDG spec)."""
    from gamekit.io.cachedir import cache_root

    for k in ("GAMEKIT_CACHE_DIR", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(k, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert str(cache_root()) == expect


@pytest.mark.parametrize("home", ["", "relative", "/"])
def test_cache_root_without_a_usable_home_is_a_private_temporary_directory(monkeypatch, home):
    import tempfile

    from gamekit.io.cachedir import cache_root

    for k in ("GAMEKIT_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("HOME", home)
    root = cache_root()
    assert root.is_absolute() and root.parent == Path(tempfile.gettempdir())


def test_sweep_cache_honours_gamekit_cache_dir(monkeypatch, tmp_path):
    from games.baccara.analysis.deck_sweep import SweepCache

    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(tmp_path))
    assert SweepCache().root == tmp_path


def _forgeries(rec: dict) -> dict[str, tuple[int, dict]]:
    """Records with a *recomputed* checksum (the outside campaign's forgeries, #28): (the
    deck count whose key the file is stored under, the forged record)."""
    relabelled = _altered(rec, ("decks",), 4)
    return {
        "relabelled d=3 -> d=4": (4, relabelled),
        "curve count changed": (3, _altered(rec, ("curves",), rec["curves"] + 1)),
        "intersection count changed": (3, _altered(rec, ("intersections",), rec["intersections"] - 1)),
        "decks 3.0": (3, _altered(rec, ("decks",), 3.0)),
        "Player's formula changed": (3, _altered(rec, ("segments", 0, "player", "5"), "1/2")),
        "Banker's move changed": (3, _altered(rec, ("segments", 0, "pattern", "03:9"),
                                              "0" if rec["segments"][0]["pattern"].get("03:9") == "1" else "1")),
    }


@pytest.mark.parametrize("kind", list(_forgeries({"decks": 3, "curves": 0, "intersections": 0,
                                                  "segments": [{"player": {}, "pattern": {}}]})))
def test_forged_entry_with_a_valid_checksum_is_not_served(tmp_path, genuine, kind):
    """A forged record passes the checksum but not the re-certification against its game."""
    d, forged = _forgeries(genuine)[kind]
    cache = SweepCache(tmp_path)
    path = cache.path("B2", d, LO, HI)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_envelope(forged)))
    assert cache.get("B2", d, LO, HI) is None
    assert cache.rejected == [path]
    assert len(cache.uncertified) == 1, cache.uncertified  # refused by the re-certification


def test_every_genuine_record_passes_its_recertification():
    """The check accepts what the solver produces (Model B2, d = 1 … 8, and Model B1)."""
    from games.baccara.analysis.record_check import check_record

    for model, d in [("B2", d) for d in range(1, 9)] + [("B1", 6)]:
        check_record(solve_record(model, d, LO, HI))
