"""Test oracles: independent (slower, simpler or previous) implementations that the tests
and benchmarks compare the production solvers with. Never imported by ``gamekit``.

``additive_oracle``    compare an additive solution with the explicit game's maximal Nash subsets
``bfs_search``         the breadth-first float search of a best-response polytope (the reverse
                       search's reference), with the same exact steps 2–3
``json_layout``        the CLI's JSON text and ``SolveResult.to_json`` as first written
                       (one ``json.dumps`` per list, one ``fmt`` per number)
``modular_reference``  the previous modular basis check (63-bit residues, primes < 2³¹)
``two_polytopes``      every extreme equilibrium by enumerating both polytopes exactly and
                       matching labels (the exact strategy's reference)

Tests import them as ``from oracles.… import …`` (``tests/`` is on ``sys.path`` through
``tests/conftest.py``); benchmarks put ``tests/`` on ``sys.path`` themselves.
"""
