"""``trickrules verify``: every theorem on every shipped profile, each source's consistency and
every dispute, run as independent jobs on all cores, cached on disk under a digest of every
input, and assembled into one JSON report."""
