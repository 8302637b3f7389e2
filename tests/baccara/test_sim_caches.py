"""Disk caches of the simulator's fixed costs (games.baccara.casino.odds_cache, shoe_c).

Checked facts:
* the exact returns computed over the simulator's bet classes from the cached state
  counts equal :func:`bet_return`'s (full and depleted shoes, all 11 contract bets);
* a stored file is used (the enumeration is not run again), and a damaged, altered or
  foreign file is detected (schema, shoe, ΣNₛ = D identity) and rewritten;
* an unwritable cache changes nothing but the time;
* the C library: a cache directory that cannot be created falls through to the next one.
"""

from __future__ import annotations

import json

import pytest

from games.baccara.casino import odds_cache, shoe_c
from games.baccara.casino.odds import STANDARD_BETS, Shoe, bet_return, coup_distribution
from games.baccara.casino.simulation import _BetClasses, simulate

SHOES = [Shoe.decks(8), Shoe.decks(1).remove({"5": 4, "K": 2})]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(tmp_path))
    return tmp_path


def _returns(shoe: Shoe) -> dict:
    c = _BetClasses(dict(STANDARD_BETS))
    return odds_cache.exact_returns(shoe, c.names, c.cls, c.exact_pay)


@pytest.mark.parametrize("shoe", SHOES)
def test_class_sums_equal_bet_return(cache, shoe: Shoe) -> None:
    dist = coup_distribution(shoe)
    assert _returns(shoe) == {n: bet_return(dist, b).expected for n, b in STANDARD_BETS.items()}
    files = list((cache / "odds-v1").iterdir())
    assert len(files) == 1 and json.loads(files[0].read_text())["shoe"] == list(shoe.counts)


def test_stored_counts_are_used(cache, monkeypatch) -> None:
    want = _returns(SHOES[1])

    def no_enumeration(*_a, **_k):
        raise AssertionError("the enumeration ran although its result is cached")

    monkeypatch.setattr(odds_cache, "coup_distribution", no_enumeration)
    assert _returns(SHOES[1]) == want


@pytest.mark.parametrize("damage", ["truncate", "alter_count", "other_shoe", "not_json", "negative"])
def test_damaged_file_is_recomputed_and_rewritten(cache, damage: str) -> None:
    shoe = SHOES[1]
    want = _returns(shoe)
    path = next((cache / "odds-v1").iterdir())
    text = path.read_text()
    rec = json.loads(text)
    if damage == "truncate":
        path.write_text(text[: len(text) // 2])
    elif damage == "not_json":
        path.write_bytes(b"\xff\x00")
    else:
        if damage == "alter_count":
            i = next(i for i, n in enumerate(rec["counts"]) if n)
            rec["counts"][i] += 1  # breaks sum(counts) == denominator
        elif damage == "other_shoe":
            rec["shoe"] = list(Shoe.decks(1).counts)
        else:
            i = next(i for i, n in enumerate(rec["counts"]) if n)
            j = next(j for j, n in enumerate(rec["counts"]) if n and j != i)
            rec["counts"][i], rec["counts"][j] = -1, rec["counts"][j] + rec["counts"][i] + 1
        path.write_text(json.dumps(rec))
    assert odds_cache._read(path, shoe) is None
    assert _returns(shoe) == want
    assert odds_cache._read(path, shoe) is not None  # rewritten


def test_unwritable_cache_changes_nothing(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(blocker / "sub"))
    dist = coup_distribution(SHOES[1])
    assert _returns(SHOES[1]) == {n: bet_return(dist, b).expected for n, b in STANDARD_BETS.items()}


@pytest.mark.skipif(shoe_c.load() is None, reason="no C compiler")
def test_c_library_falls_through_an_unusable_cache_dir(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(blocker / "sub"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    shoe_c.load.cache_clear()
    try:
        assert shoe_c.load() is not None
        assert len(list((tmp_path / "xdg" / "gamekit").iterdir())) == 1
        monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "c")
        a = simulate(3_000, 1, seed=2, exact=False)
        monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "numpy")
        assert simulate(3_000, 1, seed=2, exact=False).counts == a.counts
    finally:
        shoe_c.load.cache_clear()


@pytest.mark.skipif(shoe_c.load() is None or not hasattr(__import__("os"), "getuid"), reason="POSIX with a C compiler")
def test_c_library_in_a_world_writable_directory_is_not_loaded(tmp_path, monkeypatch) -> None:
    """A library someone else could have planted is replaced by our own build, never loaded."""
    import os

    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    name = shoe_c.library_path(shoe_c._compiler())
    (shared / name).write_bytes(b"not a library")
    os.chmod(shared, 0o777)
    shoe_c.load.cache_clear()
    try:
        assert shoe_c.load() is not None
        assert (shared / name).read_bytes() == b"not a library"  # not loaded, not rebuilt there
        assert (tmp_path / "xdg" / "gamekit" / name).is_file()  # built in the next, private directory
    finally:
        shoe_c.load.cache_clear()


@pytest.mark.skipif(__import__("shutil").which("false") is None, reason="needs a failing command")
def test_failing_compiler_falls_back(tmp_path, monkeypatch) -> None:
    """A compiler that fails leaves no file behind, is tried once, and the run uses the next
    backend with the same result."""
    from games.baccara.casino import shoe_kernel

    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("CC", "false")
    calls = []
    real = shoe_c._build
    monkeypatch.setattr(shoe_c, "_build", lambda cc, p: calls.append(p) or real(cc, p))
    shoe_c.load.cache_clear()
    try:
        assert shoe_c.load() is None and len(calls) == 1
        assert list(tmp_path.iterdir()) == []
        assert shoe_kernel.backend() in ("numba", "numpy")
        a = simulate(3_000, 1, seed=5, exact=False)
        monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "numpy")
        assert simulate(3_000, 1, seed=5, exact=False).counts == a.counts
    finally:
        shoe_c.load.cache_clear()
