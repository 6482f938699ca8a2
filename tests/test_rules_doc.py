"""docs/rules.md covers every rule the code cites: each rule id (R-FOUL-1 …) and
each section of a `RULES §…` reference in rust/ and python/ is in the document."""

from __future__ import annotations

import re
from pathlib import Path

import chinese_poker as cp

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
SOURCES = ("rust", "python")
SUFFIXES = {".rs", ".py", ".pyi", ".md", ".toml"}
RULE_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*")
SECTION_REF = re.compile(r"RULES §(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", re.M)


def _source_text() -> str:
    parts = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SUFFIXES and "target" not in path.parts and path.is_file():
                parts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(parts)


def test_every_cited_rule_id_is_in_the_rules_document() -> None:
    cited = set(RULE_ID.findall(_source_text()))
    assert cited, "the scan found no rule ids: is the source tree where the test looks?"
    documented = set(RULE_ID.findall(DOC.read_text(encoding="utf-8")))
    assert sorted(cited - documented) == []


def test_every_cited_section_has_a_heading() -> None:
    cited = {ref.rstrip(".") for ref in SECTION_REF.findall(_source_text())}
    assert cited
    headings = set(HEADING.findall(DOC.read_text(encoding="utf-8")))
    assert sorted(cited - headings, key=lambda s: [int(x) for x in s.split(".")]) == []


def test_every_option_and_preset_is_in_the_rules_document() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert [o for o in cp.Rules.options() if f"| `{o}` |" not in doc] == []
    assert [p for p in cp.Rules.presets() if f"#### `{p}`" not in doc] == []
