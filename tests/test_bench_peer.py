"""The peer benchmark's reading of a peer's output and its hands file (benches/bench_peer.py)."""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "bench_peer.py"


@pytest.fixture(scope="module")
def bench():
    # The script imports its neighbour `_hands`, as it does when run from benches/.
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        spec = importlib.util.spec_from_file_location("bench_peer", SCRIPT)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(SCRIPT.parent))


def test_random_hands_are_seeded_hands_of_distinct_cards(bench):
    hands = bench.random_hands(300, 13, seed=5)
    assert hands.shape == (300, 13) and hands.dtype == np.uint8
    assert hands.max() <= 51
    assert all(len(set(h)) == 13 for h in hands.tolist())
    assert (bench.random_hands(300, 13, seed=5) == hands).all()
    assert not (bench.random_hands(300, 13, seed=6) == hands).all()


def test_median_is_read_in_microseconds(bench):
    assert bench.median_us("cpoker median 3743.5 us mean 3793.1 us hands 2000", "p") == 3743.5
    assert bench.median_us("x median 2.7 ms", "p") == pytest.approx(2700.0)
    assert bench.median_us("solve_best (wiki_2_4) median 15.38 µs", "p") == 15.38


def test_output_without_a_median_is_refused(bench):
    with pytest.raises(SystemExit, match="median"):
        bench.median_us("mean 3.0 us", "the peer")


def test_hands_file_round_trips(bench, tmp_path):
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((50, 52)), axis=1)[:, :13].astype(np.uint8)
    path = tmp_path / "hands.txt"
    bench.write_hands(path, hands)
    back = np.loadtxt(path, dtype=np.uint8)
    assert back.shape == (50, 13)
    assert (back == hands).all()


def test_a_peer_command_must_name_the_file(bench, capsys):
    # Refused by the argument check (exit 2, its message), before anything runs.
    with pytest.raises(SystemExit) as refused:
        bench.main(["--peer", "true"])
    assert refused.value.code == 2
    assert "--peer must contain {hands}" in capsys.readouterr().err
