"""``docs/architecture.md`` is true: its module tree is the code's (tests/architecture_tree.py)."""

from __future__ import annotations

from architecture_tree import BEGIN, DOC, END, tree


def test_the_module_tree_in_architecture_md_is_generated_from_the_code():
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/architecture.md lost its generated module tree"
    block = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert block == tree(), ("docs/architecture.md is out of date: run "
                             "`python tests/architecture_tree.py --write` and commit the result")
