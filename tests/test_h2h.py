"""The duplicate match against a peer's settings (benches/h2h.py), without a peer.

The scoring is checked against facts that do not come from the script: a peer
that plays exactly our settings can gain nothing in a duplicate match, and a
peer that fouls every hand pays what RULES R-SCORE-4 says a foul pays (as if
scooped: 3 rows + 1 overall point = 4 under 2-4, 3 rows + 3 scoop = 6 under
1-6) whenever our setting does not foul.
"""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import chinese_poker as cp

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "h2h.py"
PLAIN_2_4 = cp.Rules(preset="plain", method="2-4")


@pytest.fixture(scope="module")
def h2h():
    spec = importlib.util.spec_from_file_location("h2h", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    # The dataclass in the script looks its module up by name while it is defined.
    sys.modules["h2h"] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules["h2h"]


def fouled_deals() -> tuple[np.ndarray, np.ndarray]:
    """Four deals (8 hands, A then B) and a fouling setting of each hand.

    Each fouling setting has trips in front and high-card middle and back rows
    (distinct ranks, no five in sequence, mixed suits), so the front beats the
    middle whatever the rules' foul details; the suits are rotated from deal to
    deal, which keeps those properties.
    """
    base = [
        "Ac Ad Ah / 2c 4d 6h 8s Tc / 3d 5h 7s 9c Jd",
        "Kc Kd Kh / 2d 4h 6s 8c Td / 3h 5s 7c 9d Jh",
    ]
    hands, fouls = [], []
    for shift in range(4):
        for text in base:
            codes = [4 * (c // 4) + (c % 4 + shift) % 4 for c in cp.Setting(text).codes]
            fouls.append(codes)
            hands.append(sorted(codes))
    return np.asarray(hands, dtype=np.uint8), np.asarray(fouls, dtype=np.uint8)


def test_the_fouling_settings_foul_and_the_deals_hold_distinct_cards():
    hands, fouls = fouled_deals()
    for deal in hands.reshape(4, 26):
        assert len(set(deal.tolist())) == 26
    assert all(cp.Setting.from_codes(s).is_foul(PLAIN_2_4) for s in fouls.tolist())


def test_a_peer_playing_our_settings_has_edge_zero(h2h):
    hands = h2h.deal_hands(300, 4).reshape(-1, 13)
    ours = h2h.our_settings(hands, PLAIN_2_4, "fast")
    # The same choices with each row's cards in another order are the same setting.
    peer = np.concatenate([ours[:, 2::-1], ours[:, 7:2:-1], ours[:, 12:7:-1]], axis=1)
    r = h2h.play_match(ours, peer, PLAIN_2_4)
    assert (r.deals, r.edge, r.se) == (300, 0.0, 0.0)
    assert (r.same_setting, r.same_back) == (600, 600)
    assert r.fouls_ours == r.fouls_peer


@pytest.mark.parametrize(("method", "foul_pays"), [("2-4", 4), ("1-6", 6)])
def test_a_peer_fouling_every_hand_pays_as_if_scooped(h2h, method, foul_pays):
    rules = h2h.make_rules([f"method={method}"])
    hands, fouls = fouled_deals()
    ours = h2h.our_settings(hands, rules, "fast")
    r = h2h.play_match(ours, fouls, rules)
    assert r.fouls_ours == 0, "the fact below holds only against a legal setting"
    assert r.fouls_peer == 8
    assert (r.edge, r.se) == (foul_pays, 0.0)
    # Seen from the other side, the fouling player loses just as much.
    assert h2h.play_match(fouls, ours, rules).edge == -foul_pays


def test_the_seats_are_swapped(h2h):
    # Against a peer that fouls only hand A of the one deal, we collect on A
    # only where the peer holds A: the second game. Then the duplicate sum is
    # 4 (peer fouls A) + the first game (ours A against the peer's B).
    hands, fouls = fouled_deals()
    hands, fouls = hands[:2], fouls[:2]
    ours = h2h.our_settings(hands, PLAIN_2_4, "fast")
    peer = np.stack([fouls[0], ours[1]])
    first = cp.score_batch(np.stack([ours[0], ours[1]])[None], PLAIN_2_4)[0][0, 0]
    assert h2h.play_match(ours, peer, PLAIN_2_4).edge == (4 + first) / 2


def test_written_hands_are_two_disjoint_seeded_hands_a_deal(h2h, tmp_path):
    path = tmp_path / "hands.txt"
    assert h2h.main(["--write-hands", str(path), "--deals", "50", "--seed", "9"]) == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 100
    rows = [[int(x) for x in line.split()] for line in lines]
    assert all(len(r) == 13 and all(0 <= c <= 51 for c in r) for r in rows)
    for a, b in zip(rows[0::2], rows[1::2]):
        assert len(set(a) | set(b)) == 26
    assert rows == h2h.deal_hands(50, 9).reshape(-1, 13).tolist()
    assert rows != h2h.deal_hands(50, 10).reshape(-1, 13).tolist()


def test_main_plays_a_settings_file_of_our_own_choices(h2h, tmp_path, capsys):
    hands = h2h.deal_hands(20, 3).reshape(-1, 13)
    path = tmp_path / "settings.txt"
    path.write_text(h2h.format_lines(h2h.our_settings(hands, PLAIN_2_4, "fast")))
    assert h2h.main(["--deals", "20", "--seed", "3", "--peer-settings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "edge +0.0000 +- 0.0000" in out and "same setting 100.0%" in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("0 1 2 3 4 5 6 7 8 9 10 11", "line 2: 12 fields"),
        ("0 1 2 3 4 5 6 7 8 9 10 11 x", "line 2: not a list of card codes"),
        ("0 1 2 3 4 5 6 7 8 9 10 11 52", "line 2: card codes are 0..51"),
        ("0 1 2 3 4 5 6 7 8 9 10 11 11", "line 2: a card appears twice"),
        ("0 1 2 3 4 5 6 7 8 9 10 11 51", "line 2: the cards are not those of hand 2"),
    ],
)
def test_a_bad_peer_line_is_refused_by_number(h2h, line, message):
    hands = np.arange(26, dtype=np.uint8).reshape(2, 13)[[1, 0]]
    good = " ".join(map(str, range(13, 26)))
    with pytest.raises(h2h.PeerFileError, match=message):
        h2h.parse_settings(f"{good}\n{line}\n", hands)


def test_a_short_settings_file_is_refused(h2h):
    hands = np.arange(26, dtype=np.uint8).reshape(2, 13)
    with pytest.raises(h2h.PeerFileError, match="1 settings for 2 hands"):
        h2h.parse_settings(" ".join(map(str, range(13))) + "\n", hands)


def test_bad_input_ends_with_a_message_not_a_traceback(h2h, tmp_path, capsys):
    path = tmp_path / "settings.txt"
    path.write_text("1 2 3\n")
    assert h2h.main(["--deals", "1", "--peer-settings", str(path)]) == 2
    assert "h2h: peer settings: line 1: 3 fields" in capsys.readouterr().err
    assert h2h.main(["--deals", "1", "--peer-settings", str(tmp_path / "none.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert h2h.main(["--deals", "1", "--peer-settings", str(path), "--rules", "method=9-9"]) == 2
    assert "h2h: --rules:" in capsys.readouterr().err


def test_peer_times_are_read_in_microseconds(h2h):
    text = "hands 40 illegal 0 mean 3512.3 us p10 3100.0 us p90 4000.1 us\nmedian 3.4 ms\n"
    assert h2h.peer_times(text) == {"mean": 3512.3, "median": 3400.0}


def test_model_plays_the_given_model(h2h, tmp_path, capsys):
    # The peer plays our settings priced with a model trained here; ours with that
    # model file match them exactly, ours with the shipped one need not.
    model = cp.train_model(PLAIN_2_4, 2, deals=300, iterations=2, seed=5)
    model_file = tmp_path / "m.bin"
    model.save(model_file)
    hands = h2h.deal_hands(200, 3).reshape(-1, 13)
    path = tmp_path / "settings.txt"
    path.write_text(h2h.format_lines(h2h.our_settings(hands, PLAIN_2_4, "fast", model=model)))
    args = ["--deals", "200", "--seed", "3", "--peer-settings", str(path)]
    assert h2h.main([*args, "--model", str(model_file)]) == 0
    assert "same setting 100.0%" in capsys.readouterr().out
    assert h2h.main(args) == 0
    assert "same setting 100.0%" not in capsys.readouterr().out
    assert h2h.main([*args, "--model", str(tmp_path / "none.bin")]) == 2
    assert "--model" in capsys.readouterr().err


def test_the_response_scripts_points_are_the_scorers(h2h) -> None:
    """benches/peer_response.py prices with its own numpy scorer; it must give what
    score_batch gives, fouls, ties and the overall point included."""
    spec = importlib.util.spec_from_file_location(
        "peer_response", SCRIPT.parent / "peer_response.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = np.random.default_rng(5)
    # random settings foul often, solved ones never: both kinds, and some rows tie
    hands = np.argsort(rng.random((600, 52)), axis=1)[:, :26].astype(np.uint8)
    hands = hands.reshape(600, 2, 13)
    solved, _ = cp.solve_batch(hands[:300].reshape(-1, 13), PLAIN_2_4, opponents=1, threads=1)
    # a won front and two tied rows: one point, no overall point
    tied = [
        cp.Setting("Ad As 4d / 6d 5c 8h 4c 7s / Tc 9c Js Qc Kh").codes,
        cp.Setting("3h Qh 3c / 5d 6h 8d 4h 7h / 9s Ts Jc Qd Ks").codes,
    ]
    games = np.concatenate(
        [hands[300:], solved.reshape(300, 2, 13), np.asarray([tied], dtype=np.uint8)]
    )
    totals, den = cp.score_batch(np.ascontiguousarray(games), PLAIN_2_4, threads=1)
    a = module.row_values(np.ascontiguousarray(games[:, 0]))
    b = module.row_values(np.ascontiguousarray(games[:, 1]))
    mine = module.points(a, b)
    assert (mine != 0).any() and (np.abs(mine) == 4).any() and mine[-1] == 1
    assert (totals[:, 0] / den == mine).all()


def test_our_declared_natural_is_scored_as_one(h2h):
    """With the dragon enabled, hand A of the deal a dragon: our solver declares it, so we
    take 13 where we hold A; the peer playing the same cards as a set hand takes what the
    scorer gives that setting against our B (`score`, the independent scorer)."""
    rules = h2h.make_rules(["natural.enabled=DRAGON:13"])
    dragon = cp.parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    rest = [c for c in range(52) if c not in dragon][:13]
    hands = np.array([dragon, rest], dtype=np.uint8)
    ours, naturals = h2h.our_play(hands, rules, "fast")
    assert naturals.tolist() == [True, False]
    assert np.array_equal(ours, h2h.our_settings(hands, rules, "fast"))
    peer = ours.copy()
    a, b = (cp.Setting.from_codes(s.tolist()) for s in ours)
    played = cp.score([a, b], rules).totals[0]  # the peer's A, set, against our B
    assert h2h.play_match(ours, peer, rules, naturals).edge == (13 - played) / 2
    # Without the flags the dragon is played as a set hand on both sides: no edge.
    assert h2h.play_match(ours, peer, rules).edge == 0.0
