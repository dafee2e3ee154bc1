"""Speed studies, run side by side in one process: ``make bench`` or ``python -m benchmarks``."""
