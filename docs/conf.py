"""Sphinx configuration for the trickrules documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

project = "trickrules"
author = "trickrules"
copyright = "2026, trickrules"
extensions = ["sphinx.ext.autodoc"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
exclude_patterns = ["_build"]
html_theme = "alabaster"
nitpicky = False
