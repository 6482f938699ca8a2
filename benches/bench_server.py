"""Load benchmark of the HTTP service: ``POST /solve`` (the fast solver) under concurrent
clients, every answer checked against the library call, the server's memory sampled.

Needs the ``server`` extra and, for the default client, ``wrk`` (Debian's package: ``apt-get
install -y wrk``)::

    python benches/bench_server.py                     # 2 workers, 50 clients, 20 s, wrk
    python benches/bench_server.py --workers 1 --duration 10 --runs 3 --json
    python benches/bench_server.py --client python     # no wrk: an asyncio client
    python benches/bench_server.py --uvicorn --serve-arg=--loop=asyncio --serve-arg=--http=h11

What it does: makes `--hands` random seeded 13-card hands (distinct, `--seed`), starts
``chinese-poker serve --workers N --no-access-log`` (or, with ``--uvicorn``, uvicorn itself on
the application factory) on a free loopback port with a throw-away session database, waits for
``/health``, drives ``POST /solve`` with the hands round-robin for `--warmup` seconds (not
counted), then `--runs` times for `--duration` seconds with `--clients` connections (HTTP/1.1
keep-alive, one request in flight on each). wrk is driven by a generated Lua script that
keeps a count of each distinct answer; the asyncio client (``--client python``) does the same
in-process. The client's own CPU is reported: wrk takes about 30 microseconds a request, the
asyncio client about 100 (a third of what the server takes), which on a small machine it
takes from the server: prefer wrk.

Reported per run: requests/s, latency p50/p90/p99/max (wrk's figures with wrk), the errors
(a status other than 200, or a socket error or timeout), how many answers were checked and
how many differ from ``chinese_poker.solve(hand, Rules.preset(preset), opponents=...)`` (the
setting, its EV and every candidate's EV; an answer names its hand by the cards of its
setting), the CPU used by the server, the client and everything else on the machine (in
cores: CPU seconds over wall seconds, so the load of other jobs is seen), the server's CPU
microseconds per request (the figure least moved by other jobs on the machine), and the resident
memory of the server's processes (the uvicorn supervisor and its workers; sampled every
`--sample-seconds` across the runs: first, last and max). Then whether the service's floor
was met: at least 1,000 requests/s with p99 at most 50 ms, no error, every answer identical.
``--json`` prints the same as one JSON object. Exit status 1 when an answer differs or a
request failed. Nothing is asserted about speed (benchmarks are not tests); Linux only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psutil

import chinese_poker as cp

#: The service's floor on this benchmark: requests/s at least, p99 at most (ms).
FLOOR_RPS = 1000.0
FLOOR_P99_MS = 50.0

#: How to get the default load generator.
WRK_MISSING = (
    "wrk is not installed: apt-get install -y wrk (Debian's package), or run with --client python"
)

MiB = 1024 * 1024

#: wrk's script: every request prepared once, sent round-robin from a per-thread offset, and
#: a count kept of each distinct answer (status and body), read back in `done` from each
#: thread and written to OUT as lines "count<TAB>status<TAB>body" (a JSON body holds no raw
#: tab or newline), then the latency percentiles in microseconds.
WRK_LUA = r"""
local BODIES, OUT = %(bodies)s, %(out)s
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end
local reqs, i = {}, 0
seen = {}  -- a global: thread:get reads globals only
function init(args)
  local headers = {["Content-Type"] = "application/json"}
  for line in io.lines(BODIES) do
    reqs[#reqs + 1] = wrk.format("POST", "/solve", headers, line)
  end
  i = (id * 7919) %% #reqs
end
function request()
  i = i %% #reqs + 1
  return reqs[i]
end
function response(status, headers, body)
  local key = status .. "\t" .. body
  seen[key] = (seen[key] or 0) + 1
end
function done(summary, latency, requests)
  local f = assert(io.open(OUT, "w"))
  for _, t in ipairs(threads) do
    for key, n in pairs(t:get("seen")) do f:write(n, "\t", key, "\n") end
  end
  local e = summary.errors
  f:write("#errors\t", e.connect + e.read + e.write + e.timeout, "\n")
  f:write("#requests\t", summary.requests, "\n")
  f:write("#duration_us\t", summary.duration, "\n")
  for _, p in ipairs({50, 90, 99}) do
    f:write("#p", p, "\t", latency:percentile(p), "\n")
  end
  f:write("#max\t", latency.max, "\n")
  f:close()
end
"""


def make_hands(n: int, seed: int) -> list[str]:
    """`n` distinct 13-card hands as card text: the first 13 cards of seeded deals."""
    hands: list[str] = []
    seen: set[tuple[int, ...]] = set()
    i = 0
    while len(hands) < n:
        codes = cp.deal(seed, i)[:13]
        i += 1
        key = tuple(sorted(codes))
        if key not in seen:
            seen.add(key)
            hands.append(cp.format_cards(list(codes)))
    return hands


@dataclass(frozen=True)
class Expected:
    """The library's answer for one hand: the setting's codes, its EV, the candidates' EVs."""

    codes: tuple[int, ...]
    ev: float
    candidate_evs: tuple[float, ...]


def library_answers(
    hands: list[str], preset: str, opponents: int
) -> dict[frozenset[int], Expected]:
    """Each hand's fast solution by the library call, keyed by the hand's set of cards."""
    rules = cp.Rules.preset(preset)
    out: dict[frozenset[int], Expected] = {}
    for hand in hands:
        sol = cp.solve(hand, rules, opponents=opponents)
        codes = tuple(sol.setting.codes)
        out[frozenset(codes)] = Expected(codes, sol.ev, tuple(ev for _, ev in sol.candidates))
    return out


def differs(body: str, expected: dict[frozenset[int], Expected]) -> str | None:
    """Why an answer of 200 is not the library's (None when it is): its setting names its
    hand."""
    try:
        out = json.loads(body)
        s = out["setting"]
        codes = tuple(cp.parse_cards(" ".join(s["front"] + s["middle"] + s["back"])))
    except (ValueError, KeyError, TypeError, cp.ChinesePokerError) as exc:
        return f"not a solve answer ({exc}): {body[:200]}"
    want = expected.get(frozenset(codes))
    if want is None:
        return f"a setting of no hand sent: {body[:200]}"
    got = (codes, out["ev"], tuple(c["ev"] for c in out["candidates"]))
    if got != (want.codes, want.ev, want.candidate_evs):
        return f"differs from the library ({want}): {body[:200]}"
    return None


@dataclass
class Run:
    """One measured run."""

    seconds: float
    requests: int
    rps: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    errors: int
    checked: int
    differing: int
    server_cores: float
    server_cores_each: list[float]
    server_us_per_request: float
    client_cores: float
    other_cores: float
    first_problem: str | None = None


@dataclass
class Report:
    """The whole benchmark: the set-up, each run and the memory samples."""

    command: list[str]
    client: str
    clients: int
    workers: int
    hands: int
    cores: int
    runs: list[Run] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)
    rss_per_process_mib: list[list[float]] = field(default_factory=list)
    log_problems: list[str] = field(default_factory=list)


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_tree(proc: psutil.Process) -> list[psutil.Process]:
    """The server's processes: the one started and its children (uvicorn's workers; not
    multiprocessing's resource tracker, which holds no server state)."""
    procs = [proc]
    for child in proc.children(recursive=True):
        try:
            if "resource_tracker" not in " ".join(child.cmdline()):
                procs.append(child)
        except psutil.Error:
            pass
    return procs


def cpu_of(procs: list[psutil.Process]) -> float:
    """User and system CPU seconds of `procs` so far (those gone count nothing)."""
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def machine_busy() -> float:
    """CPU seconds every core of the machine has been busy (not idle) since boot."""
    t = psutil.cpu_times()
    return float(sum(t) - t.idle - getattr(t, "iowait", 0.0))


class RssSampler(threading.Thread):
    """Samples the server processes' resident memory every `interval` seconds."""

    def __init__(self, procs: list[psutil.Process], interval: float) -> None:
        super().__init__(daemon=True)
        self.procs, self.interval = procs, interval
        self.totals: list[float] = []
        self.each: list[list[float]] = []
        self.stop = threading.Event()

    def sample(self) -> None:
        """One sample: the sum and each process's RSS in MiB."""
        each = []
        for p in self.procs:
            try:
                each.append(p.memory_info().rss / MiB)
            except psutil.Error:
                each.append(0.0)
        self.each.append(each)
        self.totals.append(sum(each))

    def run(self) -> None:
        """Sample until `stop` is set."""
        while not self.stop.wait(self.interval):
            self.sample()


def start_server(args: argparse.Namespace, port: int, scratch: Path) -> subprocess.Popen[bytes]:
    """The service on `port`, its log in ``scratch/server.log``; returns once ``/health``
    answers (or raises with the log)."""
    env = dict(os.environ)
    env["CHINESE_POKER_DATABASE"] = str(scratch / "sessions.sqlite3")
    if args.server_pythonpath:
        env["PYTHONPATH"] = args.server_pythonpath
    command = server_command(args, port, scratch)
    log = open(scratch / "server.log", "wb")  # noqa: SIM115 (kept open for the run)
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit("the server did not start:\n" + read_log(scratch)) from None
            time.sleep(0.2)
    # The workers answer one by one: give the others their start-up too.
    time.sleep(1.0 if args.workers > 1 else 0.2)
    return proc


def server_command(args: argparse.Namespace, port: int, scratch: Path) -> list[str]:
    """The command that starts the service."""
    common = ["--host", "127.0.0.1", "--port", str(port), "--workers", str(args.workers)]
    if args.uvicorn:
        command = [sys.executable, "-m", "uvicorn", "chinese_poker.server:create_app", "--factory"]
        command += common
    else:
        command = [sys.executable, "-m", "chinese_poker.cli", "serve", *common]
        command += ["--database", str(scratch / "sessions.sqlite3")]
    if not args.access_log:
        command.append("--no-access-log")
    return command + list(args.serve_arg)


def read_log(scratch: Path) -> str:
    """The server's output so far."""
    return (scratch / "server.log").read_text(errors="replace")


def log_problems(text: str) -> list[str]:
    """The lines of the server's log that tell of a fault (an error or a traceback)."""
    words = ("ERROR", "Traceback", "Exception", "CRITICAL")
    return [line for line in text.splitlines() if any(w in line for w in words)]


@dataclass
class Load:
    """What one client run gave: each distinct (status, body) with its count, the
    latency figures in ms, socket errors, the seconds and the client's CPU seconds."""

    answers: Counter[tuple[int, str]]
    p50: float
    p90: float
    p99: float
    max: float
    socket_errors: int
    seconds: float
    client_cpu: float


def run_wrk(args: argparse.Namespace, port: int, scratch: Path, seconds: float) -> Load:
    """Drive the server with wrk for `seconds`."""
    out = scratch / "wrk.out"
    lua = scratch / "solve.lua"
    lua.write_text(
        WRK_LUA % {"bodies": json.dumps(str(scratch / "bodies.txt")), "out": json.dumps(str(out))}
    )
    command = [
        "wrk",
        f"-t{args.wrk_threads}",
        f"-c{args.clients}",
        f"-d{max(1, round(seconds))}s",
        f"--timeout={max(1, round(args.timeout))}s",
        "-s",
        str(lua),
        f"http://127.0.0.1:{port}/solve",
    ]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    stdout, stderr = proc.communicate()
    if proc.returncode != 0 or not out.exists():
        raise SystemExit(f"wrk failed ({proc.returncode}): {stderr.decode()}{stdout.decode()}")
    answers: Counter[tuple[int, str]] = Counter()
    figures: dict[str, float] = {}
    for line in out.read_text().splitlines():
        if line.startswith("#"):
            name, value = line[1:].split("\t")
            figures[name] = float(value)
        else:
            count, status_text, body = line.split("\t", 2)
            answers[(int(status_text), body)] += int(count)
    out.unlink()
    return Load(
        answers,
        figures["p50"] / 1000,
        figures["p90"] / 1000,
        figures["p99"] / 1000,
        figures["max"] / 1000,
        int(figures["errors"]),
        figures["duration_us"] / 1e6,
        usage.ru_utime + usage.ru_stime,
    )


def run_python(args: argparse.Namespace, port: int, bodies: list[str], seconds: float) -> Load:
    """Drive the server for `seconds` from this process: `--clients` asyncio connections,
    each sending its next request when the last is answered."""
    requests = [
        (
            "POST /solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(b.encode())}\r\n\r\n{b}"
        ).encode()
        for b in bodies
    ]
    answers: Counter[tuple[int, str]] = Counter()
    latencies: list[float] = []
    errors = 0

    async def one(k: int, deadline: float) -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        i = k * 7919
        try:
            while time.perf_counter() < deadline:
                start = time.perf_counter()
                writer.write(requests[i % len(requests)])
                i += 1
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), args.timeout)
                lines = head.split(b"\r\n")
                status = int(lines[0].split()[1])
                length = next(
                    int(h.split(b":", 1)[1])
                    for h in lines
                    if h.lower().startswith(b"content-length:")
                )
                body = await reader.readexactly(length)
                latencies.append(time.perf_counter() - start)
                answers[(status, body.decode())] += 1
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, StopIteration):
            errors += 1
        finally:
            writer.close()

    async def main() -> float:
        start = time.perf_counter()
        deadline = start + seconds
        await asyncio.gather(*(one(k, deadline) for k in range(args.clients)))
        return time.perf_counter() - start

    cpu = time.process_time()
    wall = asyncio.run(main())
    cpu = time.process_time() - cpu
    q = (
        statistics.quantiles(latencies, n=100, method="inclusive")
        if len(latencies) > 1
        else [0] * 99
    )
    return Load(
        answers,
        q[49] * 1e3,
        q[89] * 1e3,
        q[98] * 1e3,
        max(latencies, default=0) * 1e3,
        errors,
        wall,
        cpu,
    )


def measure(
    args: argparse.Namespace,
    port: int,
    scratch: Path,
    bodies: list[str],
    procs: list[psutil.Process],
    expected: dict[frozenset[int], Expected],
    seconds: float,
) -> Run:
    """One run of the client, its answers checked and the CPU of each party counted."""
    each0 = [cpu_of([p]) for p in procs]
    server0, busy0, wall0 = cpu_of(procs), machine_busy(), time.perf_counter()
    if args.client == "wrk":
        load = run_wrk(args, port, scratch, seconds)
    else:
        load = run_python(args, port, bodies, seconds)
    wall = time.perf_counter() - wall0
    server = cpu_of(procs) - server0
    each = [round((cpu_of([p]) - c) / wall, 2) for p, c in zip(procs, each0)]
    others = machine_busy() - busy0 - server - load.client_cpu
    total = sum(load.answers.values())
    errors = load.socket_errors + sum(n for (status, _), n in load.answers.items() if status != 200)
    differing, problem = 0, None
    for (status, body), n in load.answers.items():
        why = f"status {status}: {body[:200]}" if status != 200 else differs(body, expected)
        if why is not None:
            differing += n if status == 200 else 0
            problem = problem or why
    return Run(
        seconds=load.seconds,
        requests=total,
        rps=total / load.seconds,
        p50_ms=load.p50,
        p90_ms=load.p90,
        p99_ms=load.p99,
        max_ms=load.max,
        errors=errors,
        checked=total,
        differing=differing,
        server_cores=server / wall,
        server_cores_each=each,
        server_us_per_request=server / max(total, 1) * 1e6,
        client_cores=load.client_cpu / wall,
        other_cores=max(0.0, others) / wall,
        first_problem=problem,
    )


def table(report: Report) -> str:
    """The report as text."""
    lines = [
        f"server   {' '.join(report.command)}",
        f"client   {report.client}, {report.clients} connections; {report.hands} hands "
        f"round-robin; machine of {report.cores} cores",
        "",
        "run   req/s    p50 ms  p90 ms  p99 ms  max ms  errors  differing  "
        "server µs/req  cores: server client others",
    ]
    for k, r in enumerate(report.runs, 1):
        lines.append(
            f"{k:<4} {r.rps:7.0f}  {r.p50_ms:7.1f} {r.p90_ms:7.1f} {r.p99_ms:7.1f} "
            f"{r.max_ms:7.1f}  {r.errors:6d}  {r.differing:9d}  {r.server_us_per_request:13.0f}  "
            f"{r.server_cores:13.2f} {r.client_cores:6.2f} {r.other_cores:6.2f}"
        )
        if len(r.server_cores_each) > 1:
            lines.append(
                "     server cores by process: "
                + ", ".join(f"{c:.2f}" for c in r.server_cores_each)
            )
        if r.first_problem:
            lines.append(f"     first problem: {r.first_problem}")
    if report.rss_mib:
        each = list(zip(*report.rss_per_process_mib))
        lines.append("")
        lines.append(
            f"rss MiB  first {report.rss_mib[0]:.1f}  last {report.rss_mib[-1]:.1f}  "
            f"max {max(report.rss_mib):.1f}  ({len(report.rss_mib)} samples, "
            f"{len(each)} processes: " + ", ".join(f"{p[0]:.1f}->{p[-1]:.1f}" for p in each) + ")"
        )
    best = max(report.runs, key=lambda r: r.rps)
    met = (
        best.rps >= FLOOR_RPS
        and best.p99_ms <= FLOOR_P99_MS
        and all(r.errors == 0 and r.differing == 0 for r in report.runs)
    )
    lines.append(
        f"floor    {FLOOR_RPS:.0f} req/s, p99 <= {FLOOR_P99_MS:.0f} ms, no error, identical: "
        + ("met" if met else "NOT met")
        + f" (median run {statistics.median(r.rps for r in report.runs):.0f} req/s)"
    )
    if report.log_problems:
        lines.append(
            f"server log: {len(report.log_problems)} fault lines, first: {report.log_problems[0]}"
        )
    else:
        lines.append("server log: no error")
    return "\n".join(lines)


def main() -> int:
    """Run the benchmark as the command line asks; the exit status (1: a wrong answer, a
    failed request or a fault in the server's log; 2: no wrk)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2, help="server worker processes (2)")
    parser.add_argument("--clients", type=int, default=50, help="concurrent connections (50)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of each run (20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds not counted (3)")
    parser.add_argument("--runs", type=int, default=1, help="measured runs on one server (1)")
    parser.add_argument("--hands", type=int, default=1000, help="distinct hands sent (1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands (1)")
    parser.add_argument("--preset", default=cp.DEFAULT_PRESET, help="rules preset of every request")
    parser.add_argument("--opponents", type=int, default=3, help="opponents of every request (3)")
    parser.add_argument("--client", choices=["wrk", "python"], default="wrk", help="load generator")
    parser.add_argument("--wrk-threads", type=int, default=1, help="wrk's threads (1)")
    parser.add_argument("--timeout", type=float, default=10.0, help="a request's timeout, s (10)")
    parser.add_argument("--sample-seconds", type=float, default=1.0, help="RSS sampling period")
    parser.add_argument(
        "--uvicorn", action="store_true", help="start uvicorn on create_app, not `serve`"
    )
    parser.add_argument(
        "--access-log", action="store_true", help="keep uvicorn's access log (off by default)"
    )
    parser.add_argument(
        "--serve-arg", action="append", default=[], help="one more argument of the server command"
    )
    parser.add_argument(
        "--server-pythonpath", help="PYTHONPATH of the server (e.g. another checkout's python/)"
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    if args.client == "wrk" and shutil.which("wrk") is None:
        print(WRK_MISSING, file=sys.stderr)
        return 2

    hands = make_hands(args.hands, args.seed)
    expected = library_answers(hands, args.preset, args.opponents)
    bodies = [
        json.dumps({"hand": h, "preset": args.preset, "opponents": args.opponents}) for h in hands
    ]
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        scratch = Path(tmp)
        (scratch / "bodies.txt").write_text("\n".join(bodies) + "\n")
        port = free_port()
        proc = start_server(args, port, scratch)
        procs = server_tree(psutil.Process(proc.pid))
        report = Report(
            command=server_command(args, port, scratch),
            client="wrk" if args.client == "wrk" else "python asyncio",
            clients=args.clients,
            workers=args.workers,
            hands=len(hands),
            cores=psutil.cpu_count() or 0,
        )
        sampler = RssSampler(procs, args.sample_seconds)
        try:
            if args.warmup > 0:
                measure(args, port, scratch, bodies, procs, expected, args.warmup)
            sampler.sample()
            sampler.start()
            for _ in range(args.runs):
                report.runs.append(
                    measure(args, port, scratch, bodies, procs, expected, args.duration)
                )
            sampler.stop.set()
            sampler.join()
            sampler.sample()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        report.rss_mib = sampler.totals
        report.rss_per_process_mib = sampler.each
        report.log_problems = log_problems(read_log(scratch))
    print(json.dumps(asdict(report), indent=2) if args.json else table(report))
    bad = any(r.errors or r.differing for r in report.runs) or report.log_problems
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
