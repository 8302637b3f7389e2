"""The disk cache of the simulator's exact odds (games.baccara.casino.odds_cache).

Checked facts:
* the exact returns computed over the simulator's bet classes from the cached state
  counts equal :func:`bet_return`'s (full and depleted shoes, all 11 contract bets);
* a stored file is used (the enumeration is not run again), and a damaged, altered or
  foreign file is detected (schema, shoe, ΣNₛ = D identity) and rewritten;
* an unwritable cache changes nothing but the time.

(The dealing kernel is an extension module built at install time: nothing of it is cached.)
"""

from __future__ import annotations

import json

import pytest

from games.baccara.casino import odds_cache
from games.baccara.casino.odds import STANDARD_BETS, Shoe, bet_return, coup_distribution
from games.baccara.casino.sim_core import bet_classes

SHOES = [Shoe.decks(8), Shoe.decks(1).remove({"5": 4, "K": 2})]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(tmp_path))
    return tmp_path


def _returns(shoe: Shoe) -> dict:
    c = bet_classes(dict(STANDARD_BETS))
    return odds_cache.exact_returns(shoe, c.names, c.cls_list, c.exact_pay)


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
