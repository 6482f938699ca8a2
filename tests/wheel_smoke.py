"""Smoke test of an installed wheel: run from outside the source tree, after
`pip install dist/*.whl`, so it proves the wheel alone works (no Rust, no
checkout). `.ci/run` runs it; pytest does not collect it (not test_*.py)."""

import pathlib
import subprocess
import sys

import chinese_poker
from chinese_poker import Rules, Setting, evaluate, score, solve
from chinese_poker.ofc import OfcGame

# The package must come from site-packages, not from a checkout on sys.path.
where = pathlib.Path(chinese_poker.__file__).resolve()
assert "site-packages" in where.parts, where

assert evaluate("Kh Qh 8h 6h 3h").describe() == "Flush, K-Q-8-6-3"

s = solve("As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh", Rules.preset("cp_pro_1_6"))
assert str(s.setting) == "As Ad Jh / Kc Kd 9h 9s 2d / 7c 6d 5h 4s 3c", s.setting

players = [
    Setting("Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"),
    "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc",
    "Ks Kd 2c / 5c 6c 7d 8d 9c / 6h 7h 8s 9d Tc",
    "7c 6d 3c / Kh Kc Ts Th Qh / As Ad Ah Ac 2s",
]
assert score(players, Rules(preset="plain", method="per_row")).totals == [3, -5, 3, -1]

g = OfcGame("ofc_pineapple", players=3, seed=5)
while not g.is_finished():
    g.play_move(g.to_act, g.suggest(samples=16, seed=1)[0][0])
assert sum(g.settle().totals) == 0

# The web table's files are package data: in the wheel beside the code that serves them.
static = where.parent / "server" / "static"
for name in ("index.html", "table.css", "table.js", "favicon.svg"):
    assert (static / name).is_file(), static / name

demo = subprocess.run(
    ["chinese-poker", "demo", "--seed", "7"], capture_output=True, text=True, check=True
)
assert demo.stdout.strip(), "demo printed nothing"

print(
    f"wheel smoke: chinese-poker {chinese_poker.__version__} from {where.parent} on {sys.version.split()[0]}: ok"
)
