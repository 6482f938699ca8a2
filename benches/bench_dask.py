"""Scaling of `simulate` over Dask workers.

Starts a `LocalCluster` on loopback with 1 and then 2 single-threaded worker
processes, runs the same seeded simulation on each (the same deal ranges as
tasks), checks that the statistics are identical, and prints deals/s and the
speed-up. On a machine with fewer free cores than workers the speed-up is
capped by the cores, so the script also prints the process CPU count.

    python benches/bench_dask.py [--deals 8000] [--block 500] [--strategy fast]
"""

from __future__ import annotations

import argparse
import os
import time

from distributed import Client, LocalCluster

import chinese_poker as cp


def run(workers: int, deals: int, block: int, strategy: str) -> tuple[float, object]:
    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        # Warm every worker (import, tables, model) before timing.
        cp.simulate(block * workers, strategy=strategy, seed=99, client=client, block=block)
        start = time.perf_counter()
        result = cp.simulate(deals, strategy=strategy, seed=1, client=client, block=block)
        return time.perf_counter() - start, result.stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8000)
    ap.add_argument("--block", type=int, default=500)
    ap.add_argument("--strategy", choices=["fast", "greedy"], default="fast")
    args = ap.parse_args()
    print(f"chinese-poker {cp.__version__}, {os.cpu_count()} CPUs, {args.deals} deals")
    base = None
    reference = None
    for workers in (1, 2):
        seconds, stats = run(workers, args.deals, args.block, args.strategy)
        rate = args.deals / seconds
        base = base or rate
        same = reference is None or stats == reference
        reference = reference or stats
        print(
            f"{workers} worker(s): {seconds:6.2f} s  {rate:8,.0f} deals/s  "
            f"speed-up {rate / base:4.2f}x  same statistics: {same}"
        )


if __name__ == "__main__":
    main()
