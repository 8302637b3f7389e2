"""Long reliability campaign for both CLIs (issues #16, #28; see docs/reliability.md).

    python benchmarks/fuzz_campaign.py [--cases N] [--workers W] [--stop-after SECONDS]
                                       [--runs N] [--seed S] [--timeout T] [--signal-runs K]

First, ``--cases`` generated cases (tests/fuzz_gen.py: hostile values of every option of
every subcommand of both CLIs, strategy and rules files, ``.nfg`` mutants, ``.efg`` junk),
each in its own process group and empty working directory, ``--workers`` at a time,
killed after ``--timeout`` seconds (a hang). Each is classified: ``ok`` (exit 0),
``bad input`` (exit 2, one ``error:`` line, nothing on stdout), ``unclean error`` (exit 2
otherwise), ``internal error`` (exit 3), ``traceback``, ``signal`` (killed by one),
``hang``, ``other`` (any other status), ``half-written`` (a refusal that left a file, a
temporary file left behind). Counts per class and per subcommand go to
``benchmarks/results/fuzz_campaign.md`` (``--md``); ``--stop-after`` stops submitting new
cases after that many seconds and reports the count actually run.

Then the older kinds of run (issue #16). Every run is a real ``gamekit`` / ``baccara`` process fed hostile input or a fault:

* ``nfg``      a generated malformed ``.nfg`` (truncations, byte edits, random bytes, huge and
               exotic numbers, BOM/CRLF, N-player, .efg) given to ``solve --json``,
               ``show --json`` or ``convert``;
* ``args``     argument abuse for every subcommand (the fixed list of the tests plus random
               exotic numbers and sizes in every numeric option);
* ``cache``    a genuine sweep cache entry damaged at random, then ``baccara sweep --json``;
* ``fsize``    ``convert`` / ``simulate --outcomes`` / ``plot -o`` under a random file-size limit;
* ``stdout``   a command writing into ``/dev/full`` or a pipe closed after a few bytes;
* ``signal``   ``baccara sweep`` hit by SIGINT/SIGTERM/SIGKILL at a random moment, then rerun.

Each run is classified: ``ok`` (exit 0 and a checked result), ``clean error`` (exit 2, one
``error:`` line, nothing on stdout), ``traceback`` (a Python traceback or an unexpected exit
status), ``hang`` (no exit within the timeout), ``wrong answer`` (exit 0 with a result that
fails its check: payoffs differing from pygambit's reading of the same file, an equilibrium
failing the exact check, a sweep record differing from a fresh computation, invalid JSON)
and ``half-written`` (an output file present but incomplete, or a temporary file left
behind). Counts go to stdout and to ``benchmarks/results/fuzz_campaign.json``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fuzz_gen import Case, leftovers, make_case, prepare, verdict  # noqa: E402
from robustness_gen import ARG_ABUSE, gambit_reference, malformed_nfg  # noqa: E402

GAMEKIT = [sys.executable, "-m", "gamekit.cli"]
BACCARA = [sys.executable, "-m", "games.baccara.cli.main"]
EXOTIC = ["0", "-1", "1e-10000000", "1e10000000", "١٢", "１２", "1_0", "nan", "inf", "1/0", "9" * 5000,
          "99999999999999999999", "", " ", "0x10", "1e-9999", "-0", "+3", "3.5", "[/]", "\u00a0"]
NUMERIC_OPTIONS = {
    "solve": ["--decks", "--alpha"], "sweep": ["--decks", "--alpha-max", "--jobs"],
    "house-edge": ["--decks", "--commission", "--tie-pays", "--remaining"],
    "simulate": ["--decks", "--rounds", "--workers", "--sessions", "--outcomes-rounds", "--cut"],
}
CHEAP = {"solve": ["--model", "A1"], "sweep": ["--model", "A1"], "house-edge": [], "simulate": ["--rounds", "200"]}


class Campaign:
    def __init__(self, seed: int, timeout: float, work: Path) -> None:
        self.rng = random.Random(seed)
        self.timeout = timeout
        self.work = work
        self.counts: collections.Counter = collections.Counter()
        self.by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.examples: dict[str, list[str]] = collections.defaultdict(list)
        self.env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(work / "xdg"))
        self.env.pop("PYTHONUNBUFFERED", None)
        self.env["MPLCONFIGDIR"] = str(work / "mpl")
        self.env["PYTHONFAULTHANDLER"] = "1"

    # -- bookkeeping -------------------------------------------------------------------------------
    def record(self, kind: str, outcome: str, what: str) -> None:
        self.counts[outcome] += 1
        self.counts["runs"] += 1
        self.by_kind[kind][outcome] += 1
        if outcome not in ("ok", "clean error") and len(self.examples[outcome]) < 10:
            self.examples[outcome].append(f"{kind}: {what[:3000]}")

    def run(self, cmd: list[str], stdin: str | None = None, fsize: int | None = None, stdout=None):
        def limits():
            os.setsid()
            if fsize is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

        p = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                             stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE, env=self.env,
                             cwd=self.work, preexec_fn=limits)
        try:
            out, err = p.communicate(stdin.encode("utf-8", "surrogateescape") if stdin is not None else None,
                                     timeout=self.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return None, b"", b""
        return p.returncode, out or b"", err

    @staticmethod
    def classify(code, out: bytes, err: bytes) -> str | None:
        """hang / traceback / clean error / unclean error, or None for exit 0 (to be checked)."""
        if code is None:
            return "hang"
        text = err.decode("utf-8", "replace")
        if "Traceback" in text or code not in (0, 2):
            return "traceback"
        if code == 2:
            lines = text.strip().splitlines()
            ok = out == b"" and len(lines) == 1 and lines[0].startswith("error: ")
            return "clean error" if ok else "unclean error"
        return None

    # -- kinds -----------------------------------------------------------------------------------------
    def nfg(self) -> None:
        kind, text = malformed_nfg(self.rng)
        path = self.work / "in.nfg"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        action = self.rng.choice(["solve", "show", "convert"])
        out_path = self.work / "out.nfg"
        out_path.unlink(missing_ok=True)
        cmd = GAMEKIT + ([action, str(path), "--json"] if action != "convert" else [action, str(path), str(out_path)])
        code, out, err = self.run(cmd)
        verdict = self.classify(code, out, err)
        if verdict is None:
            verdict = self._check_nfg(action, text, out, out_path)
        elif action == "convert" and (out_path.exists() or self._temps()):
            verdict = "half-written"
        self.record("nfg", verdict, f"{kind}/{action}: {text[:200]!r} -> {err.decode(errors='replace')[:200]}")

    def _check_nfg(self, action: str, text: str, out: bytes, out_path: Path) -> str:
        from gamekit.core.equilibrium import is_equilibrium
        from gamekit.core.game import BimatrixGame
        from gamekit.io.nfg import read_nfg

        ref = gambit_reference(text)
        try:
            if action == "convert":
                got = read_nfg(out_path)
                if ref is not None and ([list(r) for r in got.A], [list(r) for r in got.B]) != ref:
                    return "wrong answer"
                return "ok"
            doc = json.loads(out)
            if action == "show":
                if ref is not None and ([[Fraction(v) for v in r] for r in doc["A"]],
                                        [[Fraction(v) for v in r] for r in doc["B"]]) != ref:
                    return "wrong answer"
                return "ok"
            if ref is not None:
                g = BimatrixGame(*ref)
                for e in doc["equilibria"]:
                    if not is_equilibrium(g, [Fraction(p) for p in e["row"]], [Fraction(p) for p in e["col"]]):
                        return "wrong answer"
            return "ok"
        except Exception:  # noqa: BLE001 - unreadable output of an exit-0 run is a wrong answer
            return "wrong answer"

    def _temps(self) -> list[Path]:
        return [p for p in self.work.iterdir() if p.name.endswith(".tmp")]

    def args(self) -> None:
        if self.rng.random() < 0.4:
            which = self.rng.choice(list(ARG_ABUSE))
            argv = self.rng.choice(ARG_ABUSE[which])
            cmd = (GAMEKIT if which == "gamekit" else BACCARA) + argv
        else:
            sub = self.rng.choice(list(NUMERIC_OPTIONS))
            argv = [sub, *CHEAP[sub]]
            for opt in self.rng.sample(NUMERIC_OPTIONS[sub], self.rng.randint(1, 2)):
                argv += [opt, self.rng.choice(EXOTIC)]
            cmd = BACCARA + argv + ["--json"]
        code, out, err = self.run(cmd)
        verdict = self.classify(code, out, err)
        if verdict is None:
            try:
                json.loads(out) if "--json" in cmd else None
                verdict = "ok"
            except ValueError:
                verdict = "wrong answer"
        self.record("args", verdict, f"{cmd[3:]} -> {err.decode(errors='replace')[:200]}")

    def cache(self, genuine: bytes, entry: Path, pristine: bytes) -> None:
        data = bytearray(pristine)
        how = self.rng.choice(["flip", "truncate", "number", "nan", "nest", "header", "empty", "dir"])
        if how == "flip":
            for _ in range(self.rng.randint(1, 5)):
                data[self.rng.randrange(len(data))] = self.rng.randrange(256)
        elif how == "truncate":
            data = data[: self.rng.randrange(len(data))]
        elif how == "number":
            data = bytearray(pristine.replace(b'"curves": 22', f'"curves": {self.rng.randint(0, 99)}'.encode()))
        elif how == "nan":
            data = bytearray(pristine.replace(b'"intervals": 40', b'"intervals": NaN'))
        elif how == "nest":
            data = bytearray(b"[" * 100_000 + b"]" * 100_000)
        elif how == "header":
            doc = json.loads(pristine)
            doc["record"] = {k: doc["record"][k] for k in ("model", "decks", "alpha_min", "alpha_max")}
            data = bytearray(json.dumps(doc).encode())
        elif how == "empty":
            data = bytearray()
        if entry.is_dir():
            entry.rmdir()
        entry.unlink(missing_ok=True)
        if how == "dir":
            entry.mkdir()
        else:
            entry.write_bytes(bytes(data))
        code, out, err = self.run(BACCARA + ["sweep", "--decks", "3", "--json"])
        verdict = self.classify(code, out, err)
        if verdict is None:
            verdict = "ok" if out == genuine else "wrong answer"
        if entry.is_dir():
            entry.rmdir()
        self.record("cache", verdict, f"{how} -> rc {code} {err.decode(errors='replace')[:200]}")

    def fsize(self) -> None:
        limit = self.rng.choice([0, 1, 100, 1000, 5000, 20000])
        target = self.work / self.rng.choice(["o.nfg", "o.csv", "o.png", "o.svg", "o.pdf"])
        for p in self.work.glob("o.*"):
            p.unlink()
        if target.suffix == ".nfg":
            cmd = GAMEKIT + ["convert", "example:von_stengel_degenerate", str(target)]
        elif target.suffix == ".csv":
            cmd = BACCARA + ["simulate", "--rounds", "300", "--seed", "1", "--outcomes", str(target), "--json"]
        else:
            cmd = BACCARA + ["simulate", "--rounds", "2000", "--sessions", "20", "--session-rounds", "100",
                             "--seed", "1", "--plot", str(target), "--json"]
        code, out, err = self.run(cmd, fsize=limit)
        verdict = self.classify(code, out, err)
        complete = target.exists() and self._complete(target)
        if self._temps() or (target.exists() and not complete):
            verdict = "half-written"
        elif verdict is None:
            verdict = "ok" if complete else "wrong answer"
        self.record("fsize", verdict, f"{target.name} limit {limit} -> rc {code} {err.decode(errors='replace')[:150]}")

    @staticmethod
    def _complete(p: Path) -> bool:
        data = p.read_bytes()
        if p.suffix == ".nfg":
            from gamekit.io.nfg import read_nfg

            try:
                read_nfg(p)
                return True
            except Exception:  # noqa: BLE001
                return False
        if p.suffix == ".csv":
            return data.endswith(b"\n") and len(data.splitlines()) == 301
        if p.suffix == ".png":
            return data.startswith(b"\x89PNG") and data.rstrip().endswith(b"IEND\xaeB`\x82")
        if p.suffix == ".svg":
            return data.rstrip().endswith(b"</svg>")
        return data.rstrip().endswith(b"%%EOF")

    def stdout(self) -> None:
        cmd = self.rng.choice([
            GAMEKIT + ["solve", "example:degenerate_3x3"], GAMEKIT + ["show", "example:battle_of_sexes", "--json"],
            GAMEKIT + ["convert", "example:selten_e02", "-"], GAMEKIT + ["examples"],
            BACCARA + ["house-edge", "--json"], BACCARA + ["solve", "--model", "A1", "--json"],
            BACCARA + ["sweep", "--model", "A1", "--json"], BACCARA + ["cache", "info"],
            BACCARA + ["simulate", "--rounds", "500", "--json"],
        ])
        if self.rng.random() < 0.5:
            with open("/dev/full", "w") as full:
                code, out, err = self.run(cmd, stdout=full)
            verdict = self.classify(code, b"", err)
            if verdict is None:  # exit 0 although nothing could be written
                verdict = "wrong answer"
        else:
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self.env, cwd=self.work)
            p.stdout.read(self.rng.randint(0, 20))
            p.stdout.close()
            try:
                err = p.stderr.read()
                code = p.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                code, err = None, b""
            verdict = "hang" if code is None else ("traceback" if b"Traceback" in err or code not in (0, 1, 2)
                                                   else "ok" if code in (0, 1) and not err else "clean error")
        self.record("stdout", verdict, f"{cmd[3:]} -> {err.decode(errors='replace')[:200]}")

    def signal_run(self, genuine_1_4: list) -> None:
        cache = self.work / "sigcache"
        p = subprocess.Popen(BACCARA + ["sweep", "--decks", "1-300", "--jobs", "2", "--json", "--cache-dir",
                                        str(cache)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=self.env, start_new_session=True)
        time.sleep(self.rng.uniform(0.5, 6.0))
        kids = _children(p.pid)
        sig = self.rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL, "group"])
        if sig == "group":
            os.killpg(p.pid, signal.SIGINT)
        else:
            os.kill(p.pid, sig)
        try:
            out, err = p.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            alive = [k for k in kids if _alive(k)]
            if p.poll() is None:  # faulthandler dumps every thread of the stuck parent
                os.kill(p.pid, signal.SIGABRT)
            try:
                _, err = p.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                err = b""
            os.killpg(p.pid, signal.SIGKILL)
            self.record("signal", "hang", f"{sig}: no exit (rc {p.returncode}, workers alive {alive}): "
                        f"{err.decode(errors='replace')[-1500:]}")
            return
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and [k for k in kids if _alive(k)]:
            time.sleep(0.2)
        if [k for k in kids if _alive(k)]:
            self.record("signal", "hang", f"{sig}: orphaned workers {kids}")
            return
        expected = {signal.SIGINT: 130, "group": 130, signal.SIGTERM: 143, signal.SIGKILL: -9}[sig]
        text = err.decode(errors="replace")
        if p.returncode not in (expected, 0, -int(signal.SIGTERM if sig == signal.SIGTERM else signal.SIGINT)):
            verdict = "traceback"  # (killed by the default action before the handler is set: no output)
        elif "Traceback" in text:
            verdict = "traceback"
        else:
            code, out, err = self.run(BACCARA + ["sweep", "--decks", "1-4", "--json", "--cache-dir", str(cache)])
            verdict = self.classify(code, out, err) or ("ok" if json.loads(out) == genuine_1_4 else "wrong answer")
        self.record("signal", verdict, f"{sig} -> rc {p.returncode} {text[:200]}")
        shutil.rmtree(cache, ignore_errors=True)


def _children(pid: int) -> list[int]:
    kids = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids += [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            pass
    return kids


def _alive(pid: int) -> bool:
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return False


GEN_CLASSES = ["ok", "bad input", "long, with progress", "unclean error", "internal error", "traceback", "signal",
               "hang", "other", "half-written"]
GOOD = ("ok", "bad input", "long, with progress")


def run_generated(case: Case, timeout: float, env: dict[str, str]) -> tuple[str, str]:
    """Run one generated case in a fresh directory and its own process group: (class, stderr)."""
    work = Path(tempfile.mkdtemp(prefix="gamekit-gen-"))
    try:
        prepare(case, work)
        cmd = (GAMEKIT if case.cli == "gamekit" else BACCARA) + list(case.argv)
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, cwd=work, start_new_session=True)
        try:
            out, err = p.communicate(timeout=timeout)
            code: int | None = p.returncode
        except subprocess.TimeoutExpired:
            code = None
        finally:
            try:
                os.killpg(p.pid, signal.SIGKILL)  # the whole group, workers included
            except ProcessLookupError:
                pass
            if code is None:
                out, err = p.communicate()  # what it printed before the kill (progress lines)
        text = err.decode("utf-8", "replace")
        what = verdict(code, out.decode("utf-8", "replace"), text)
        if what in GOOD and leftovers(case, work, code):
            what, text = "half-written", f"left {leftovers(case, work, code)}; " + text
        return what, text
    finally:
        shutil.rmtree(work, ignore_errors=True)


def generated_campaign(n: int, seed: int, workers: int, timeout: float, stop_after: float | None,
                       md: Path, jsonl: Path | None = None, big: float = 0.02) -> collections.Counter:
    """Run ``n`` generated cases, ``workers`` at a time; write the Markdown report ``md``."""
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    xdg = Path(tempfile.mkdtemp(prefix="gamekit-gen-xdg-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(xdg / "xdg"), MPLCONFIGDIR=str(xdg / "mpl"))
    env.pop("PYTHONUNBUFFERED", None)
    rng = random.Random(seed)
    all_cases = [make_case(rng, big=big) for _ in range(n)]
    counts: collections.Counter = collections.Counter()
    per_cmd: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    examples: dict[str, list[str]] = collections.defaultdict(list)
    start = time.monotonic()
    log = jsonl.open("w") if jsonl else None
    try:
        with ThreadPoolExecutor(workers) as pool:
            pending = set()
            it = iter(all_cases)
            done_count = 0
            while True:
                while len(pending) < workers * 2:
                    if stop_after is not None and time.monotonic() - start > stop_after:
                        break
                    case = next(it, None)
                    if case is None:
                        break
                    fut = pool.submit(run_generated, case, timeout, env)
                    fut.case = case  # type: ignore[attr-defined]
                    pending.add(fut)
                if not pending:
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    case = fut.case  # type: ignore[attr-defined]
                    what, err = fut.result()
                    counts[what] += 1
                    per_cmd[case.command][what] += 1
                    done_count += 1
                    if what not in ("ok", "bad input") and len(examples[what]) < 15:
                        examples[what].append(f"{case.show()[:400]} -> {err.strip()[-600:]}")
                    if log:
                        log.write(json.dumps({"case": case.show()[:500], "class": what,
                                              "err": err.strip()[-300:]}) + "\n")
                        log.flush()
                    if done_count % 100 == 0:
                        print(f"  {done_count}/{n} cases, {time.monotonic() - start:.0f} s, {dict(counts)}",
                              file=sys.stderr, flush=True)
    finally:
        if log:
            log.close()
        shutil.rmtree(xdg, ignore_errors=True)
    seconds = time.monotonic() - start
    _write_md(md, counts, per_cmd, examples, seed, n, workers, timeout, seconds)
    return counts


def _write_md(md: Path, counts, per_cmd, examples, seed: int, n: int, workers: int, timeout: float,
              seconds: float) -> None:
    total = sum(counts.values())
    lines = ["# Fuzz campaign (generated hostile input, issue #28)", "",
             f"`python benchmarks/fuzz_campaign.py --cases {n} --seed {seed} --workers {workers} "
             f"--timeout {timeout:g}`: **{total} cases run** (of {n} generated) in {seconds / 60:.1f} min, "
             f"each a fresh process in its own process group and empty directory, killed after "
             f"{timeout:g} s (a hang). Generator: `tests/fuzz_gen.py`.", "",
             "| class | cases |", "|---|---:|"]
    lines += [f"| {c} | {counts.get(c, 0)} |" for c in GEN_CLASSES]
    lines += [f"| **total** | **{total}** |", "", "## Per subcommand", "",
              "| command | " + " | ".join(GEN_CLASSES) + " |", "|---|" + "---:|" * len(GEN_CLASSES)]
    for cmd in sorted(per_cmd):
        lines.append(f"| `{cmd}` | " + " | ".join(str(per_cmd[cmd].get(c, 0)) for c in GEN_CLASSES) + " |")
    if examples:
        lines += ["", "## Examples of failures", ""]
        for what, ex in examples.items():
            lines.append(f"### {what}")
            lines += [f"- `{e.replace('`', chr(39))[:900]}`" for e in ex]
    md.parent.mkdir(parents=True, exist_ok=True)
    md.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=300, help="runs of the nfg/args/cache/fsize/stdout kinds")
    ap.add_argument("--signal-runs", type=int, default=6, help="interrupted sweeps (each ~10 s)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds before a run counts as a hang")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "fuzz_campaign.json"))
    ap.add_argument("--cases", type=int, default=5000, help="generated cases (tests/fuzz_gen.py)")
    ap.add_argument("--workers", type=int, default=2, help="generated cases run at a time")
    ap.add_argument("--stop-after", type=float, default=None, help="stop submitting generated cases after S seconds")
    ap.add_argument("--big", type=float, default=0.02,
                    help="probability of a valid but big option value (bounded-work check)")
    ap.add_argument("--md", default=str(ROOT / "benchmarks" / "results" / "fuzz_campaign.md"))
    ap.add_argument("--jsonl", default=None, help="also log every generated case's class to this file")
    a = ap.parse_args()
    gen_bad = 0
    if a.cases:
        gen = generated_campaign(a.cases, a.seed, a.workers, a.timeout, a.stop_after, Path(a.md),
                                 Path(a.jsonl) if a.jsonl else None, a.big)
        print("generated cases:", dict(gen))
        gen_bad = sum(v for k, v in gen.items() if k not in GOOD)
        if not a.runs and not a.signal_runs:
            return 1 if gen_bad else 0
    work = Path(tempfile.mkdtemp(prefix="gamekit-fuzz-"))
    camp = Campaign(a.seed, a.timeout, work)
    start = time.monotonic()
    try:
        r = subprocess.run(BACCARA + ["sweep", "--decks", "3", "--json"], capture_output=True, env=camp.env,
                           cwd=work, check=True)
        genuine = r.stdout
        entry = next((work / "xdg" / "gamekit").rglob("B2-d3-*.json"))
        pristine = entry.read_bytes()
        fresh = subprocess.run(BACCARA + ["sweep", "--decks", "1-4", "--json", "--no-cache"], capture_output=True,
                               env=camp.env, cwd=work, check=True)
        genuine_1_4 = json.loads(fresh.stdout)
        # warm matplotlib's font cache (MPLCONFIGDIR) outside the file-size faults
        subprocess.run(BACCARA + ["simulate", "--rounds", "200", "--sessions", "2", "--session-rounds", "100",
                                  "--plot", str(work / "warm.png"), "--json"], capture_output=True, env=camp.env,
                       cwd=work, check=True)
        (work / "warm.png").unlink()
        kinds = ["nfg"] * 4 + ["args"] * 3 + ["cache"] + ["fsize"] + ["stdout"]
        for i in range(a.runs):
            kind = camp.rng.choice(kinds)
            if kind == "cache":
                camp.cache(genuine, entry, pristine)
            else:
                getattr(camp, kind)()
            if (i + 1) % 25 == 0:
                print(f"  {i + 1}/{a.runs} runs, {dict(camp.counts)}", file=sys.stderr, flush=True)
        for _ in range(a.signal_runs):
            camp.signal_run(genuine_1_4)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    keys = ["runs", "ok", "clean error", "unclean error", "traceback", "hang", "wrong answer", "half-written"]
    summary = {k: camp.counts.get(k, 0) for k in keys}
    report = {"seed": a.seed, "seconds": round(time.monotonic() - start, 1), "counts": summary,
              "by_kind": {k: dict(v) for k, v in camp.by_kind.items()}, "examples": camp.examples}
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(report, indent=1) + "\n")
    for k in keys:
        print(f"{k:>14}: {summary[k]}")
    for kind, c in sorted(camp.by_kind.items()):
        print(f"  {kind:>7}: {dict(c)}")
    for outcome, ex in camp.examples.items():
        print(f"examples of {outcome}:")
        for e in ex:
            print("   ", e)
    bad = sum(summary[k] for k in ("unclean error", "traceback", "hang", "wrong answer", "half-written"))
    return 1 if bad or gen_bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
