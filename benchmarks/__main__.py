"""``python -m benchmarks`` (``make bench``): the engine speed study and the simulation's
throughput (figures to read), then the serve load benchmark and every budget beside its
measured figure; the exit status is 1 when a budget is missed. Any argument is passed to the
budgets (``--skip tests`` ...)."""

import sys

from benchmarks import baselines, budgets, engine_speed, serve_load, simulate_speed

engine_speed.main([])
simulate_speed.main([])
baselines.main(["--hands", "4", "--games", "1"])  # the game-AI baselines' table
load = serve_load.main([])  # 200 clients, 5 s a phase (--seconds 60: the long run)
sys.exit(max(budgets.main(sys.argv[1:]), load))
