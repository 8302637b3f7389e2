"""Every code example of README.md and docs/*.md runs and prints what the page says.

The pages write their Python examples as ``pycon`` blocks (``>>>`` prompts followed by the
real output); :func:`doctest.testfile` runs each page as one test, from the repository root
(the examples read ``tests/games/*.nfg``), with ``ELLIPSIS`` for long or machine-dependent
output. A page with a ```` ```python ```` block fails: an example that is not run can rot
(issue #30: a documented example crashed and another had ``[...]`` placeholders).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_page_examples(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the page's ``>>>`` examples; the failure message is doctest's report."""
    text = page.read_text(encoding="utf-8")
    assert "```python" not in text, f"{page.name}: write Python examples as ```pycon with >>> prompts"
    if ">>>" not in text:
        pytest.skip("no Python examples on this page")
    for peer in ("pygambit", "nashpy"):  # test-extra peers some pages convert to and from
        if f"import {peer}" in text or f"to_{peer}" in text:
            pytest.importorskip(peer)
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        result = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS, encoding="utf-8",
                                  globs={"__name__": "__main__"})
    assert result.attempted > 0
    assert result.failed == 0, report.getvalue()


def test_every_pycon_block_has_prompts() -> None:
    """A ``pycon`` block without ``>>>`` would be skipped silently by doctest."""
    for page in PAGES:
        for block in re.findall(r"```pycon\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S):
            assert block.lstrip().startswith(">>>"), f"{page.name}: pycon block without a prompt"
