"""Ctrl-C stops every long call promptly, and one OfcGame may be shared by threads.

Each interrupt test runs the call in a child process, sends it a real SIGINT a
second after the call has started, and checks that the child ends with
KeyboardInterrupt (or, for `simulate`, with the blocks it finished) soon after.
The bound on the delay is generous: it tells a prompt stop from a call that
runs to its end (tens of seconds to hours), it is not a performance figure.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from chinese_poker import ChinesePokerError
from chinese_poker.ofc import OfcGame

#: Seconds from SIGINT to the child's exit that count as prompt (measured: 0.02 to 0.1).
PROMPT = 1.0
#: Seconds the call runs before the signal.
RUNNING = 1.0


def _default_sigint() -> None:
    """Runs in the child before its program: SIGINT back to its default action
    (a job started in the background inherits SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(program: str) -> tuple[float, int, str, str]:
    """Runs `program` in a child, which prints ``ready`` just before its long call;
    sends SIGINT `RUNNING` seconds later. Returns (seconds from the signal to the
    exit, exit status, stdout, stderr); kills a child that does not stop."""
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(program)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.strip() == "ready", (first, proc.stderr.read() if proc.stderr else "")
    time.sleep(RUNNING)
    assert proc.poll() is None, "the call ended before the signal: make it longer"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return time.monotonic() - sent, proc.returncode, first + out, err


def assert_interrupted(program: str) -> None:
    """The call raised KeyboardInterrupt promptly after SIGINT."""
    took, status, _, err = interrupt(program)
    assert err.strip().splitlines()[-1:] == ["KeyboardInterrupt"], err[-2000:]
    assert status != 0
    assert took < PROMPT, f"SIGINT answered after {took:.1f} s"


def test_simulate_range_stops_on_sigint() -> None:
    assert_interrupted(
        """
        import chinese_poker as cp
        print("ready", flush=True)
        cp.simulate_range(0, 10**7)
        """
    )


def test_solve_batch_stops_on_sigint() -> None:
    assert_interrupted(
        """
        import numpy as np
        import chinese_poker as cp
        rng = np.random.default_rng(1)
        hands = np.argsort(rng.random((300_000, 52)), axis=1)[:, :13].astype(np.uint8)
        print("ready", flush=True)
        cp.solve_batch(hands)
        """
    )


def test_strong_solve_stops_on_sigint() -> None:
    # A hand whose race does not settle early: with this seed it runs to its
    # budget of 30 s (and without one for minutes).
    assert_interrupted(
        """
        import numpy as np
        import chinese_poker as cp
        hand = np.random.default_rng(4).permutation(52)[:13].tolist()
        print("ready", flush=True)
        cp.solve(hand, strategy="strong", effort=2**20, time_budget=30)
        """
    )


def test_suggest_stops_on_sigint() -> None:
    assert_interrupted(
        """
        from chinese_poker.ofc import OfcGame
        g = OfcGame("ofc_ru_main", players=2, seed=1)
        print("ready", flush=True)
        g.suggest(samples=2**14)
        """
    )


def test_duplicate_match_stops_on_sigint() -> None:
    assert_interrupted(
        """
        import chinese_poker as cp
        print("ready", flush=True)
        cp.duplicate_match("fast", "fast", 10**7)
        """
    )


def test_simulate_stops_inside_a_long_block_and_keeps_its_first_deals() -> None:
    # One block of a million deals takes minutes: the signal comes inside it. The deals
    # finished are the block's first ones, the same as an uninterrupted run of as many.
    took, status, out, err = interrupt(
        """
        import chinese_poker as cp
        print("ready", flush=True)
        s = cp.simulate(10**8, block=10**6, progress=False)
        again = cp.simulate(s.deals, progress=False)
        print(s.deals, list(s.blocks), s.interrupted, s.stats == again.stats)
        """
    )
    assert status == 0, err[-2000:]
    words = out.split()
    assert words[0] == "ready" and int(words[1]) > 0
    assert words[2:] == ["[]", "True", "True"]
    assert took < PROMPT, f"SIGINT answered after {took:.1f} s"


def test_simulate_range_hands_back_the_deals_finished_with_the_interrupt() -> None:
    took, status, out, err = interrupt(
        """
        import chinese_poker as cp
        print("ready", flush=True)
        try:
            cp.simulate_range(5, 10**7, 4, seed=3, record_deals=False)
        except KeyboardInterrupt as exc:
            part = exc.partial
            print(part["deals"], part == cp.simulate_range(5, part["deals"], 4, seed=3))
        """
    )
    assert status == 0, err[-2000:]
    words = out.split()
    assert int(words[1]) > 0 and words[2] == "True", out
    assert took < PROMPT, f"SIGINT answered after {took:.1f} s"


def test_score_batch_stops_on_sigint() -> None:
    # Forty million four-player deals (one deal, broadcast) take over ten seconds on one
    # thread; the output array is written only as far as the call gets.
    assert_interrupted(
        """
        import numpy as np
        import chinese_poker as cp
        deal = np.arange(52, dtype=np.uint8).reshape(4, 13)
        print("ready", flush=True)
        cp.score_batch(np.broadcast_to(deal, (4 * 10**7, 4, 13)), threads=1)
        """
    )


def test_simulate_keeps_its_finished_blocks() -> None:
    took, status, out, err = interrupt(
        """
        import chinese_poker as cp
        print("ready", flush=True)
        s = cp.simulate(10**8, block=200, progress=False)
        print(s.deals, list(s.blocks)[-1])
        """
    )
    assert status == 0, err[-2000:]
    deals, last = (int(w) for w in out.split()[1:])
    assert deals > 0 and deals % 200 == 0 and last == deals - 200
    assert took < PROMPT, f"SIGINT answered after {took:.1f} s"


def test_suggest_time_budget_bounds_the_call() -> None:
    g = OfcGame("ofc_ru_main", players=2, seed=1)
    start = time.monotonic()
    ranked = g.suggest(samples=2**14, time_budget=0.2)
    assert time.monotonic() - start < PROMPT
    moves = {m["text"] for m in g.legal_moves()}
    assert ranked and all(m["text"] in moves for m, _ in ranked)


@pytest.mark.parametrize("budget", [0, -1.0, float("nan")])
def test_suggest_refuses_a_bad_time_budget(budget: float) -> None:
    with pytest.raises(ChinesePokerError, match="time_budget"):
        OfcGame("ofc_ru_main", players=2, seed=1).suggest(time_budget=budget)


@pytest.mark.parametrize("samples", [0, 2**14 + 1, 10**7])
def test_suggest_samples_are_bounded(samples: int) -> None:
    with pytest.raises(ChinesePokerError, match="samples.*1 to 16384"):
        OfcGame("ofc_ru_main", players=2, seed=1).suggest(samples=samples)


@pytest.mark.parametrize("effort", [0, 2**14 + 1])
def test_suggest_names_the_effort_it_was_given(effort: int) -> None:
    from chinese_poker import OptionError, ofc

    with pytest.raises(OptionError) as refused:
        ofc.suggest(OfcGame("ofc_ru_main", players=2, seed=1), effort=effort)
    assert str(refused.value) == (
        f'invalid effort "{effort}"; expected a number of rollouts from 1 to 16384'
    )


def test_strong_effort_is_bounded() -> None:
    with pytest.raises(ChinesePokerError, match="effort"):
        from chinese_poker import solve

        solve("As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh", strategy="strong", effort=10**8)


def test_one_game_shared_by_two_threads() -> None:
    """Two threads play, read and ask for suggestions on one game: every call
    answers or raises ChinesePokerError (a move that the other thread made
    illegal), and the game ends as a replay of the moves it accepted."""
    game = OfcGame("ofc_pineapple", players=3, seed=7)
    unexpected: list[BaseException] = []
    refused = [0]

    def hammer(seed: int) -> None:
        rng = random.Random(seed)
        try:
            while not game.is_finished():
                try:
                    seat = game.to_act
                    moves = game.legal_moves()
                    if seat is None or not moves:
                        continue
                    if rng.random() < 0.3:
                        game.suggest(samples=2, seat=seat)
                    game.board(0)
                    game.view(seat)
                    repr(game)
                    game.play_move(seat, rng.choice(moves))
                except ChinesePokerError:
                    refused[0] += 1
        except BaseException as e:  # anything else is a failure of the test
            unexpected.append(e)

    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert not unexpected, unexpected
    assert game.is_finished()
    replay = OfcGame.from_json(game.to_json())
    assert replay.to_json() == game.to_json()
    assert [replay.board(s) for s in range(3)] == [game.board(s) for s in range(3)]
    assert all(len(sum(game.board(s), [])) == 13 for s in range(3))


@pytest.mark.parametrize("block", [10**6, 300])
def test_simulate_time_budget_keeps_the_first_deals(block: int) -> None:
    # One block that would take minutes, or many short ones: either way the run stops
    # at its budget and what it kept is what a run of that many deals gives.
    from chinese_poker import simulate

    start = time.monotonic()
    r = simulate(10**8, block=block, time_budget=0.5, progress=False, threads=1)
    assert time.monotonic() - start < PROMPT
    assert r.timed_out and not r.interrupted and 0 < r.deals < 10**8
    assert r.stats == simulate(r.deals, block=block, progress=False).stats
    assert "(out of time)" in r.table() and r.to_dict()["timed_out"] is True


def test_simulate_time_budget_on_an_executor() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from chinese_poker import simulate

    with ThreadPoolExecutor(2) as pool:
        r = simulate(10**8, block=500, time_budget=0.5, progress=False, client=pool)
    assert r.timed_out and 0 < r.deals < 10**8
    assert r.stats == simulate(r.deals, block=500, progress=False).stats


def test_simulate_range_time_budget_returns_a_prefix() -> None:
    from chinese_poker import simulate_range

    part = simulate_range(3, 10**8, 4, seed=2, time_budget=0.3, threads=1)
    assert 0 < part["deals"] < 10**8
    assert part == simulate_range(3, part["deals"], 4, seed=2, threads=1)


def test_a_budget_that_is_met_changes_nothing() -> None:
    from chinese_poker import simulate

    r = simulate(300, seed=4, time_budget=600, progress=False)
    assert not r.timed_out and r.stats == simulate(300, seed=4, progress=False).stats


@pytest.mark.parametrize("budget", [0, -1.0, float("nan"), float("inf")])
def test_simulate_refuses_a_bad_time_budget(budget: float) -> None:
    from chinese_poker import simulate, simulate_range

    with pytest.raises(ChinesePokerError, match="time_budget"):
        simulate(10, time_budget=budget, progress=False)
    if budget != float("inf"):
        with pytest.raises(ChinesePokerError, match="time_budget"):
            simulate_range(0, 10, time_budget=budget)
