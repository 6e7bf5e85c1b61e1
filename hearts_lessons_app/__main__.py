"""``python -m hearts_lessons_app``: the same as the ``hearts-lessons`` command."""

from hearts_lessons_app.cli import main

raise SystemExit(main())
