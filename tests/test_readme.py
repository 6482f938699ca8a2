"""The README's Python examples run as doctests."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has Python examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    shared: dict[str, object] = {}  # the blocks read as one session, like a reader's
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, shared, f"README block {i}", str(README), 0)
        runner.run(test, clear_globs=False)
        shared.update(test.globs)  # DocTest works on a copy of the globals
    assert runner.failures == 0, f"{runner.failures} README example(s) failed"
    assert runner.tries >= 5


def test_package_docstrings() -> None:
    import chinese_poker
    from chinese_poker import _types

    for module in (chinese_poker, _types):
        failures, tries = doctest.testmod(module)
        assert failures == 0


def test_core_docstrings() -> None:
    from chinese_poker import _core

    globs = {name: getattr(_core, name) for name in dir(_core)}
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    tested = 0
    for name in (
        "parse_cards",
        "parse_ranks",
        "format_cards",
        "evaluate",
        "value5",
        "value3",
        "evaluate_batch",
        "categories",
        "HandValue",
        "Rules",
        "Setting",
        "find_natural",
        "score",
        "score_batch",
        "all_settings",
        "pareto_settings",
        "batch_limit",
        "set_batch_limit",
    ):
        obj = getattr(_core, name)
        assert obj.__doc__, f"{name} has no docstring"
        for test in finder.find(obj, name, globs=dict(globs)):
            runner.run(test)
            tested += len(test.examples)
    assert runner.failures == 0
    assert tested >= 18


def test_readme_lists_every_preset() -> None:
    from chinese_poker import Rules

    text = README.read_text(encoding="utf-8")
    missing = [name for name in Rules.presets() if f"| `{name}` |" not in text]
    assert not missing, f"presets missing from the README's variants table: {missing}"
