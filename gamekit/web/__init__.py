"""``gamekit.web``: a local web page and JSON API over :func:`gamekit.solve` (``gamekit serve``).

Modules:

* :mod:`gamekit.web.jobs` — request validation and the solve jobs run in worker processes
  (plain Python: no web framework imported);
* :mod:`gamekit.web.plugins` — :class:`~gamekit.web.plugins.WebPlugin`, how a package adds a
  tab to the page (entry-point group ``gamekit.web``);
* :mod:`gamekit.web.app` — the Starlette application (needs the ``web`` extra:
  ``pip install -e ".[web]"``).

Documented in ``docs/web.md``; the API's JSON shapes in ``docs/json.md``.
"""
