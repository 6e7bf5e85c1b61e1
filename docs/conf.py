"""Sphinx configuration for the notebook authors' reference (``./dev docs`` builds it into ``_build/docs``).

Sphinx rather than MkDocs: autodoc reads the docstrings the engine and widgets already
carry (with their ``Raises:`` sections, through napoleon), MyST lets the pages stay the
Markdown the repository already keeps (rules, record format, notation), and everything
builds offline from the package registries' wheels, with no theme or plugin downloaded.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "Hearts Lessons"
author = "The Hearts Lessons authors"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.doctest"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "screenshots"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
html_theme = "alabaster"
html_title = "Hearts Lessons: a reference for notebook authors"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"  # the site's pages ask for one; without it a browser logs a 404
# The docstrings cross-reference names Sphinx cannot always resolve (type aliases, traitlets);
# those stay plain text rather than failing the build.
nitpicky = False
suppress_warnings = ["myst.xref_missing"]
