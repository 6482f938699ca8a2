"""The ``train`` command: train an opponent model by self-play under the chosen rules and
write it to a file, one line per iteration."""

from __future__ import annotations

import argparse

from chinese_poker import IterationReport, Model, train_model
from chinese_poker.cli.errors import CliError, check_output
from chinese_poker.cli.jsonout import emit
from chinese_poker.cli.options import rules_of


def _line(r: IterationReport) -> str:
    drift = "—" if r.drift is None else f"{r.drift:.5f}"
    seconds = "" if r.seconds is None else f", {r.seconds:.1f} s"
    return (
        f"iteration {r.iteration}: {r.deals:,} deals, {r.rows:,} rows, fouls {r.fouls}, "
        f"naturals {r.naturals}, scoop rate {r.scoop_rate:.4f}, drift {drift}{seconds}"
    )


def _report_dict(r: IterationReport) -> dict[str, object]:
    return {
        "iteration": r.iteration,
        "deals": r.deals,
        "rows": r.rows,
        "fouls": r.fouls,
        "naturals": r.naturals,
        "scoop_rate": r.scoop_rate,
        "drift": r.drift,
        "seconds": r.seconds,
    }


def cmd_train(args: argparse.Namespace) -> int:
    """Train a model and write it to ``--out``."""

    rules = rules_of(args)
    check_output(args.out, "model file")

    reports: list[IterationReport] = []

    def show(r: IterationReport) -> None:
        # With --json the reports come in the one object printed at the end.
        reports.append(r)
        if not args.json:
            print(_line(r), flush=True)

    model = train_model(
        rules,
        args.players,
        deals=args.deals,
        iterations=args.iterations,
        seed=args.seed,
        average=not args.no_average,
        threads=args.threads,
        progress=args.progress,
        on_iteration=show,
    )
    model.save(args.out)
    if args.json:
        emit(
            "train",
            {
                "out": args.out,
                "players": args.players,
                "samples": model.samples,
                "iterations": [_report_dict(r) for r in reports],
            },
        )
    else:
        print(f"wrote {args.out} ({model.samples:,} samples)")
    return 0


def load_model(path: str | None) -> Model | None:
    """The model of ``--model PATH`` (None without it), refused in one line when the file
    is missing, unreadable or not a model."""
    if path is None:
        return None
    try:
        return Model.load(path)
    except OSError as exc:
        raise CliError(f"cannot read the model file {path}: {exc.strerror or exc}") from None
