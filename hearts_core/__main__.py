"""``python -m hearts_core``: see :mod:`hearts_core.cli`."""

from hearts_core.cli import main, run

if __name__ == "__main__":
    run(main)
