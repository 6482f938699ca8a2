"""Thread bounds: the cap on `threads=` and `RAYON_NUM_THREADS`, and the pool cache's bound."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import chinese_poker as cp


def _engine_threads() -> int:
    """Live threads of this process named by the engine's pools ("chinese-poker-N")."""
    n = 0
    for task in Path("/proc/self/task").iterdir():
        try:
            if task.joinpath("comm").read_text().startswith("chinese-poker-"):
                n += 1
        except OSError:  # the thread ended while we looked
            pass
    return n


def _hands(n: int) -> np.ndarray:
    # enough rows that the call goes parallel (more than one chunk of 16,384)
    rng = np.random.default_rng(1)
    return (
        np.stack([rng.permutation(52)[:5] for _ in range(64)])
        .astype(np.uint8)
        .repeat(n // 64, axis=0)
    )


@pytest.mark.parametrize("threads", [257, 4096, 0, -1])
def test_threads_beyond_the_cap_are_refused(threads: int) -> None:
    with pytest.raises(ValueError, match="1 to 256"):
        cp.evaluate_batch(_hands(64), threads=threads)


def test_threads_at_the_cap_are_accepted() -> None:
    hands = _hands(1 << 15)
    assert (cp.evaluate_batch(hands, threads=256) == cp.evaluate_batch(hands, threads=1)).all()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_cycling_pool_sizes_does_not_pile_up_threads() -> None:
    hands = _hands(1 << 15)
    for k in range(2, 41):
        cp.evaluate_batch(hands, threads=k)
    # Released pools end their threads asynchronously; the four kept pools
    # (sizes 37..40) hold 154 threads, without the bound every size would stay: 819.
    deadline = time.monotonic() + 10
    while _engine_threads() > 154 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _engine_threads() <= 154


def test_huge_rayon_num_threads_is_capped() -> None:
    code = (
        "import numpy as np, chinese_poker as cp\n"
        "h = np.tile(np.arange(5, dtype=np.uint8), (1 << 15, 1))\n"
        "print(int(cp.evaluate_batch(h)[0]))\n"
    )
    env = dict(os.environ, RAYON_NUM_THREADS="100000")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == int(cp.evaluate([0, 1, 2, 3, 4]))
