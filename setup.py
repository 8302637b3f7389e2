"""Build of the simulator's compiled dealing kernel (everything else is in pyproject.toml).

``games.baccara.casino._shoe`` is a CPython extension built by setuptools at install time.
It is optional: without a C compiler the install still succeeds, and ``baccara simulate``
deals with the pure-Python reference after a one-line notice saying how to get the kernel
(games/baccara/casino/shoe_kernel.py).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "games.baccara.casino._shoe",
            sources=["games/baccara/casino/_shoe.c"],
            extra_compile_args=["-O3", "-fno-wrapv", "-fno-strict-aliasing", "-pthread"],
            extra_link_args=["-pthread"],
            optional=True,
        )
    ]
)
