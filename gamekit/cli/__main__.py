"""``python -m gamekit.cli``: the ``gamekit`` command."""

if __name__ == "__main__":  # not when a worker process re-imports the main module (anyio, multiprocessing)
    from gamekit.cli import main
    from gamekit.io.guard import exit_process

    exit_process(main())
