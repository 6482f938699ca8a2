"""Training opponent models: determinism over threads, blocks and executors, model files,
`model=` in the solvers, and the ``train`` command."""

from __future__ import annotations

import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import chinese_poker as cp
from chinese_poker import FileFormatError, Model, Rules, solve, solve_batch, train_model

HAND = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
PLAIN_24 = Rules.preset("plain").replace(**{"score.method": "2-4"})


@pytest.fixture(scope="module")
def small() -> Model:
    """A small heads-up model under plain 2-4 (fast to train)."""
    return train_model(PLAIN_24, 2, deals=200, iterations=2, seed=3, threads=1)


def hands(n: int, seed: int = 11) -> np.ndarray:
    """`n` 13-card hands, each from its own shuffled deck."""
    rng = np.random.default_rng(seed)
    return np.stack([rng.permutation(52)[:13] for _ in range(n)]).astype(np.uint8)


def test_same_model_whatever_threads_blocks_and_executor(small: Model) -> None:
    kw = {"deals": 200, "iterations": 2, "seed": 3}
    two = train_model(PLAIN_24, 2, threads=2, block=37, **kw)
    with ThreadPoolExecutor(max_workers=3) as ex:
        pooled = train_model(PLAIN_24, 2, client=ex, block=23, in_flight=2, **kw)
    assert small.to_bytes() == two.to_bytes() == pooled.to_bytes()
    assert small == pooled
    # The test can tell models apart: another seed trains another model.
    other = train_model(PLAIN_24, 2, deals=200, iterations=2, seed=4, threads=1)
    assert other != small


def test_the_model_records_its_training(small: Model) -> None:
    assert (small.players, small.deals, small.iterations, small.seed) == (2, 200, 2, 3)
    assert small.average is True
    assert small.rules == PLAIN_24
    h = small.history
    assert [r.iteration for r in h] == [0, 1, 2]
    # Every dealt hand is played out, fouled or declared natural.
    assert all(r.rows + r.fouls + r.naturals == 2 * r.deals for r in h)
    assert h[0].drift is None and all(r.drift is not None and r.drift > 0 for r in h[1:])
    assert small.drift == h[-1].drift
    assert all(r.seconds is not None for r in h)
    # Averaging: the tables hold the rows of every solved iteration.
    assert small.samples == sum(r.rows for r in h[1:])
    assert "players=2" in repr(small) and "score.method=2-4" in repr(small)
    seen = []
    train_model(PLAIN_24, 3, deals=20, iterations=1, on_iteration=seen.append)
    assert [r.iteration for r in seen] == [0, 1]


def test_save_and_load_give_identical_answers(small: Model, tmp_path: Path) -> None:
    path = tmp_path / "m.bin"
    small.save(path)
    back = Model.load(str(path))
    assert back.to_bytes() == small.to_bytes() == path.read_bytes()
    assert back.rules == PLAIN_24 and back.drift == small.drift
    # Timings are not kept in the file.
    assert [r.seconds for r in back.history] == [None] * 3
    assert pickle.loads(pickle.dumps(small)) == small
    batch = hands(40)
    a = solve_batch(batch, PLAIN_24, opponents=1, model=small)
    b = solve_batch(batch, PLAIN_24, opponents=1, model=back)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    s1 = solve(HAND, PLAIN_24, opponents=1, model=small)
    s2 = solve(HAND, PLAIN_24, opponents=1, model=back)
    assert (str(s1.setting), s1.ev) == (str(s2.setting), s2.ev)
    # A trained model prices rows differently from the shipped one.
    default = solve_batch(batch, PLAIN_24, opponents=1)
    assert not np.array_equal(a[1], default[1])


MODELS = Path(__file__).resolve().parents[1] / "rust" / "core" / "data" / "models"


def test_solve_uses_the_model_shipped_for_the_rules_and_the_table() -> None:
    m = Model.default()
    assert m.rules is None and m.players is None and m.history == []
    assert m.samples > 0 and "training not recorded" in repr(m)
    # The files in the repository are what the package ships.
    heads_up = Model.for_rules(PLAIN_24, 2)
    assert heads_up == Model.load(MODELS / "plain24_2p.bin") != m
    four = Model.for_rules(Rules(), 4)
    assert four == Model.load(MODELS / "royal16_4p.bin")
    assert Model.for_rules(Rules(), 3) == four  # three players take the four-player model
    # The only-winner pot has no model of its own.
    pot = Rules.preset("pusoy_ph_pot")
    assert Model.for_rules(pot, 2) == m
    for rules, opponents, model in [(None, 3, four), (PLAIN_24, 1, heads_up), (pot, 1, m)]:
        s, t = (
            solve(HAND, rules, opponents=opponents),
            solve(HAND, rules, opponents=opponents, model=model),
        )
        assert (str(s.setting), s.ev, s.candidates) == (str(t.setting), t.ev, t.candidates)
    # Another model gives other prices.
    assert solve(HAND).ev != solve(HAND, model=m).ev
    batch = hands(30, seed=2)
    a, b = solve_batch(batch), solve_batch(batch, model=four)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    strong = {"strategy": "strong", "effort": 40, "seed": 1}
    assert solve(HAND, **strong).ev == solve(HAND, model=four, **strong).ev
    with pytest.raises(cp.ChinesePokerError, match="players"):
        Model.for_rules(Rules(), 5)


def test_the_default_model_writes_itself_back() -> None:
    m = Model.default()
    # The default writes itself back in the first format, byte for byte.
    assert Model.from_bytes(m.to_bytes()) == m
    assert m.to_bytes()[:8] == b"CPMODEL1"


def test_a_trained_model_changes_the_strong_solver(small: Model) -> None:
    strong = {"strategy": "strong", "effort": 40, "seed": 1, "opponents": 1}
    a = solve(HAND, PLAIN_24, model=small, **strong)
    assert a.setting.is_foul(PLAIN_24) is False
    # The opponents of the samples are set with the model given: other opponents,
    # other means (the default model's figures are not those of the small one).
    b = solve(HAND, PLAIN_24, **strong)
    assert a.ev != b.ev


def test_bad_files_are_refused_clearly(small: Model, tmp_path: Path) -> None:
    data = small.to_bytes()
    with pytest.raises(FileNotFoundError) as e:
        Model.load(tmp_path / "missing.bin")
    assert "missing.bin" in str(e.value)
    with pytest.raises(IsADirectoryError):
        Model.load(tmp_path)
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[:1000])
    with pytest.raises(FileFormatError, match="cut.bin.*truncated"):
        Model.load(cut)
    twice = tmp_path / "twice.bin"
    twice.write_bytes(data + data)
    with pytest.raises(FileFormatError, match="trailing bytes"):
        Model.load(twice)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"PK\x03\x04" + bytes(5000))
    with pytest.raises(FileFormatError, match="bad magic"):
        Model.load(junk)
    huge = tmp_path / "huge.bin"
    with huge.open("wb") as f:
        f.write(data)
        f.truncate(17 << 20)
    with pytest.raises(FileFormatError, match="larger than"):
        Model.load(huge)
    # A model file is a ValueError for callers that catch those.
    with pytest.raises(ValueError):
        Model.from_bytes(b"")
    with pytest.raises(FileNotFoundError):
        small.save(tmp_path / "no" / "such" / "folder.bin")


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(cp.OptionError, match="players"):
        train_model(PLAIN_24, 5, deals=10, iterations=0)
    with pytest.raises(cp.OptionError, match="deals"):
        train_model(PLAIN_24, 2, deals=0)
    with pytest.raises(cp.OptionError, match="block"):
        train_model(PLAIN_24, 2, deals=10, block=0)
    with pytest.raises(TypeError, match="submit"):
        train_model(PLAIN_24, 2, deals=10, client=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        solve(HAND, model="model.bin")  # type: ignore[arg-type]


@pytest.mark.parametrize("pooled", [False, True])
def test_ctrl_c_stops_between_blocks(pooled: bool) -> None:
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= 20:
            raise KeyboardInterrupt  # what Ctrl-C raises between blocks

    with ThreadPoolExecutor(max_workers=2) as ex, pytest.raises(KeyboardInterrupt):
        train_model(
            PLAIN_24, 2, deals=100, iterations=3, block=10, progress=progress,
            client=ex if pooled else None, in_flight=2,
        )  # fmt: skip
    assert seen == [10, 20]


def test_blocks_out_of_order_are_refused() -> None:
    from chinese_poker._core import _train_block, _Trainer

    t = _Trainer(PLAIN_24, 2, 20, 1, 1, True)
    t.add_block(0, _train_block(PLAIN_24, 2, None, 1, 0, 0, 10))
    with pytest.raises(cp.ChinesePokerError, match="repeated"):
        t.add_block(0, _train_block(PLAIN_24, 2, None, 1, 0, 0, 10))
    with pytest.raises(FileFormatError, match="training block"):
        t.add_block(10, b"CPTALLY1" + bytes(10))
    with pytest.raises(cp.ChinesePokerError, match="10 of its 20 deals"):
        t.end_iteration()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chinese_poker", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_cli_train_writes_a_loadable_file(tmp_path: Path) -> None:
    out = tmp_path / "hu.bin"
    r = run(
        "train", "--preset", "plain", "--option", "score.method=2-4", "--players", "2",
        "--deals", "200", "--iterations", "2", "--seed", "3", "--threads", "1",
        "--out", str(out),
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("iteration")]
    assert len(lines) == 3 and "drift" in lines[1]
    m = Model.load(out)
    # The command trains the same model as the function.
    ref = train_model(PLAIN_24, 2, deals=200, iterations=2, seed=3)
    assert m == ref
    r = run("solve", HAND, "--model", str(out), "--opponents", "1", "--json")
    assert r.returncode == 0, r.stderr
    r = run("train", "--out", str(tmp_path / "x.bin"), "--deals", "20", "--no-average",
            "--iterations", "1", "--players", "3")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert Model.load(tmp_path / "x.bin").average is False


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["solve", HAND, "--model", "/no/such.bin"], ["model file", "/no/such.bin", "No such"]),
        (["train", "--deals", "10"], ["--out"]),
        (["train", "--out", "/no/such/dir/m.bin", "--deals", "10"], ["no folder"]),
        (["train", "--out", "m.bin", "--players", "5"], ["--players"]),
        (["train", "--out", "m.bin", "--iterations", "-1"], ["--iterations"]),
    ],
)
def test_cli_refusals_are_one_line(args: list[str], words: list[str]) -> None:
    r = run(*args)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    for w in words:
        assert w in r.stderr, (w, r.stderr)


def test_cli_solve_refuses_a_file_that_is_no_model(tmp_path: Path) -> None:
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"not a model")
    r = run("solve", HAND, "--model", str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "invalid model file" in r.stderr and "bad.bin" in r.stderr


def test_dask_local_cluster_matches_local_run(small: Model) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = train_model(PLAIN_24, 2, deals=200, iterations=2, seed=3, client=client, block=50)
    assert remote == small
