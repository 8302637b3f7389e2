"""``python -m gamekit.cli``: the ``gamekit`` command."""

from gamekit.cli import main

raise SystemExit(main())
