"""The reconciled rulebook: reStructuredText pages and card drawings generated from ``spec/``
and the verification report, built by Sphinx into HTML and (with rst2pdf) a PDF."""
