"""Z3 encodings, theorems, cross-checks, and the trickrules command line."""
