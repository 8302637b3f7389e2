"""Start-up of ``baccara`` (issue #14, target 5): what gets imported, and the fast grid.

Checked facts (no wall-clock asserts; times are in benchmarks/bench_startup.py):
* ``baccara`` with no arguments (the main job: Model B2) imports only the solve command,
  not numba, scipy, sympy, flint, matplotlib, networkx nor the other subcommands;
* the pre-laid-out Banker grid (:func:`print_banker_grid`) prints the same characters as
  rich's Table (:func:`banker_grid`), in a pipe and, styles removed, in a terminal.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from games.baccara.analysis.equilibria import solve_model
from games.baccara.cli.cmd_solve import banker_grid, print_banker_grid

ROOT = Path(__file__).resolve().parents[2]


def test_the_main_job_imports_only_what_it_needs() -> None:
    code = ("import sys, contextlib, io\n"
            "from games.baccara.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as f: rc = main([])\n"
            "assert rc == 0 and 'Unique Nash equilibrium' in f.getvalue()\n"
            "mods = ('numba', 'scipy', 'sympy', 'flint', 'matplotlib', 'networkx', 'games.baccara.casino.simulation',"
            " 'games.baccara.cli.cmd_sweep', 'games.baccara.cli.cmd_simulate', 'gamekit.parametric.sweep')\n"
            "print(','.join(m for m in mods if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, cwd=ROOT)
    assert out.stdout.strip() == ""


def _both(sol, console_args: dict) -> tuple[str, str]:
    outs = []
    for fast in (False, True):
        con = Console(file=io.StringIO(), record=True, **console_args)
        if fast:
            print_banker_grid(con, sol, "Banker's strategy")
        else:
            con.print(banker_grid(sol, title="Banker's strategy"))
        outs.append(con.export_text(styles=False))
    return outs[0], outs[1]


@pytest.mark.parametrize("model, decks, alpha", [("B2", "6", "1/20"), ("A1", "6", "1/20"), ("B1", "1", "0"),
                                                 ("A2", "6", "1/10")])
def test_fast_grid_prints_what_the_rich_table_prints(model: str, decks: str, alpha: str) -> None:
    sol = solve_model(model, decks, alpha, progress=False)
    table, fast = _both(sol, {"soft_wrap": True, "width": 200})  # stdout is a pipe (console.py)
    assert fast == table
    table, fast = _both(sol, {"force_terminal": True, "width": 100, "color_system": "standard"})
    assert fast == table
    assert table.count("\n") == len({s.partition(":")[0] for s in sol.banker_infosets}) + 2
