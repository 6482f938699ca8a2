"""Writes hand-made seed inputs of the fuzz targets into fuzz/corpus/<target>/.

Run after `make dev` (`.venv/bin/python fuzz/make_seeds.py`), then
`make fuzz` and `make fuzz-corpus`: files are named by content hash, and the
committed corpus is the smallest set of seeds and fuzzing finds that covers
every edge reached, so a seed that adds nothing is dropped there.
"""

from __future__ import annotations

import hashlib
import pathlib

import numpy as np

import chinese_poker as cp
from chinese_poker.ofc import PRESETS, OfcGame

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"
PRESET_NAMES = cp.Rules.presets()


def write(target: str, data: bytes) -> None:
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def notation_seeds() -> None:
    texts = [
        "As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc",
        "As 10h Td",
        "A♠10♥T♦",
        "A♤ 10♡ T♢",
        "A♠\ufe0f10♥\ufe0fT♦\ufe0f",
        "T-2-3-4-5-6-7-8-9-10-V-D-K",
        "2♣4♥4♣4♦4♠5♦5♠5♣6♥7♥8♥9♥Т♥",
        "А♠К♥J♦",
        "1d 13h 11c10s",
        "Тп Дч Вб 10к",
        "Bs Dh Kd Tc",
        "2c,3d;4h|5s/6c–7d",
        "",
        "As As",
        "Xh",
    ]
    for t in texts:
        write("notation", t.encode())


def rules_seeds() -> None:
    for name in PRESET_NAMES:
        write("rules", f"preset={name}".encode())
        pairs = cp.Rules.preset(name).to_dict()
        write("rules", "\n".join(f"{k}={v}" for k, v in pairs.items()).encode())
    extra = [
        "score.scoop_multiplier=9223372036854775807",
        "royalty.table=A\nroyalty.middle_premium=9223372036854775807",
        "foul.penalty=fixed(9223372036854775807)",
        "natural.enabled=DRAGON:9223372036854775807",
        "table.topology=pot_only_winner\npot.ante=9223372036854775807",
        "table.topology=banker\ntable.banker=3",
        "natural.enabled=SIX_PAIRS,DRAGON\nnatural.precedence=DRAGON,SIX_PAIRS",
        "tie.suit_order=SHCD\ntie.flush_suit_first=true",
        "score.method=russian_table",
    ]
    for t in extra:
        write("rules", t.encode())


def ofc_seeds() -> None:
    for preset in PRESETS:
        players = 3
        g = OfcGame(preset, players=players, seed=7)
        write("ofc_json", g.to_json().encode())
        while not g.is_finished():
            g.play_move(g.to_act, g.heuristic_move())
            if len(g.to_json()) < 600:
                write("ofc_json", g.to_json().encode())
        write("ofc_json", g.to_json().encode())
    g = OfcGame("ofc_pineapple", players=3, seed=5, fantasyland=[0, 14, 0])
    write("ofc_json", g.to_json().encode())
    g = OfcGame(
        "ofc_ru_main",
        players=2,
        rules=cp.Rules.preset("ofc_ru_main").replace(**{"score.method": "russian_match"}),
    )
    write("ofc_json", g.to_json().encode())
    deck = list(range(51, -1, -1))
    write(
        "ofc_json",
        (
            '{"preset":"ofc_us","rules":[],"players":2,"button":1,"seed":0,'
            f'"deck":{deck},"fantasyland":[0,0],"moves":[]}}'
        )
        .replace(" ", "")
        .encode(),
    )


def batch_seeds() -> None:
    rng = np.random.default_rng(1)
    hands = np.array([rng.permutation(52)[:13] for _ in range(4)], dtype=np.uint8)
    write("batch", bytes([0, 0]) + hands[:, :5].tobytes())
    write("batch", bytes([0x10, 0]) + hands[:, :5].tobytes())
    write("batch", bytes([1, 0]) + hands[:, :3].tobytes())
    values = cp.evaluate_batch(hands[:, :5])
    write("batch", bytes([3, 0]) + values.astype("<u4").tobytes())
    for players in (2, 3, 4):
        deck = rng.permutation(52)[: 13 * players]
        deal = np.array(
            [cp.solve_batch(deck.reshape(players, 13).astype(np.uint8))[0]], dtype=np.uint8
        )
        for preset in (0, 6, 8, 17, 20):
            write("batch", bytes([2, (preset << 2) | (players - 1)]) + deal.tobytes())


def search_seeds() -> None:
    rng = np.random.default_rng(2)
    hands = [
        "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
        "2c 2d 3h 3s 4c 4d 5h 5s 6c 6d 7h 7s Ac",
        "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh",
    ]
    rows = [bytes(cp.parse_cards(h)) for h in hands]
    rows += [bytes(rng.permutation(52)[:13].astype(np.uint8)) for _ in range(3)]
    for i, row in enumerate(rows):
        write("search", bytes([0, i * 5 % len(PRESET_NAMES)]) + row)
    write("search", bytes([2, 6]) + rows[0] + rows[3])
    write("search", bytes([1, 3]) + bytes([200, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))


if __name__ == "__main__":
    notation_seeds()
    rules_seeds()
    ofc_seeds()
    batch_seeds()
    search_seeds()
