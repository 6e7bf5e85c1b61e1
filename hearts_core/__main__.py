"""``python -m hearts_core``: see :mod:`hearts_core.cli`."""

import sys

from hearts_core.cli import main

if __name__ == "__main__":
    sys.exit(main())
