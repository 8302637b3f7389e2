"""``baccara cache``: inspect or empty the sweep cache.

    baccara cache info  [--cache-dir DIR] [--json]   where the cache is, entries, size, corrupt ones
    baccara cache clear [--cache-dir DIR] [--json]   remove every entry (all format versions)

The cache (``$XDG_CACHE_HOME/gamekit`` or ``~/.cache/gamekit``) holds one checksummed JSON
file per (model, d, α-range) computed by ``baccara sweep`` / ``baccara plot mixing``; see
:class:`games.baccara.analysis.deck_sweep.SweepCache` (``clear`` also removes banque's θ-chunks,
:class:`games.baccara.banque.theta_chunks.ChunkCache`).
"""

from __future__ import annotations

import argparse
import json
import sys

from games.baccara.analysis.deck_sweep import CACHE_VERSION, SweepCache

__all__ = ["add_arguments", "run", "cache_info"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=("info", "clear"), help="info: describe the cache; clear: empty it")
    p.add_argument("--cache-dir", metavar="DIR", default=None,
                   help="cache directory (default $XDG_CACHE_HOME/gamekit or ~/.cache/gamekit)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _key(path) -> tuple | None:
    """(model, decks, lo, hi) from a cache file name ``B2-d6-alpha0-1_10.json``."""
    from fractions import Fraction

    try:
        model, d, alpha = path.stem.split("-", 2)
        lo, hi = alpha.removeprefix("alpha").split("-")
        decks = None if d == "dx" else int(d[1:])
        return model, decks, Fraction(lo.replace("_", "/")), Fraction(hi.replace("_", "/"))
    except (ValueError, ZeroDivisionError):
        return None


def cache_info(cache: SweepCache) -> dict:
    """Entries of the current version, how many pass every check, their total size."""
    files = cache.entries()
    valid = 0
    size = 0
    for f in files:
        try:
            size += f.stat().st_size
        except OSError:
            continue
        key = _key(f)
        if key is not None and cache.path(*key) == f and cache.get(*key) is not None:
            valid += 1
    return {"directory": str(cache.dir), "version": CACHE_VERSION, "entries": len(files),
            "valid": valid, "corrupt": len(files) - valid, "bytes": size}


def run(args: argparse.Namespace) -> int:
    cache = SweepCache(args.cache_dir)
    if args.action == "clear":
        from games.baccara.banque.theta_chunks import ChunkCache

        n = cache.clear() + ChunkCache(args.cache_dir).clear()   # and banque's θ-chunks
        out = {"directory": str(cache.root), "removed": n}
        text = f"removed {n} cache file{'' if n == 1 else 's'} from {cache.root}"
    else:
        out = cache_info(cache)
        text = (f"sweep cache {out['directory']} (format v{out['version']}): {out['entries']} entries, "
                f"{out['valid']} valid, {out['corrupt']} corrupt (recomputed when needed), {out['bytes']:,} bytes")
    sys.stdout.write((json.dumps(out, indent=1) if args.json else text) + "\n")
    return 0
