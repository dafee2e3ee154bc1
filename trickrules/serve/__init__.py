"""``trickrules serve``: a local web page and HTTP JSON API that answer the same questions as
``trickrules judge``."""
