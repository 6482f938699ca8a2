"""Saved games and rules documents read strictly: one reading, bounded size, short messages,
Fantasyland counts the rules can produce."""

from __future__ import annotations

import json

import pytest

import chinese_poker as cp
from chinese_poker.ofc import OfcGame


def _save(**changes: object) -> str:
    doc = json.loads(OfcGame("ofc_pineapple", players=2, seed=5).to_json())
    doc.update(changes)
    return json.dumps(doc, separators=(",", ":"))


def test_a_clean_save_round_trips() -> None:
    g = OfcGame("ofc_pineapple", players=2, seed=5)
    assert OfcGame.from_json(g.to_json()).to_json() == g.to_json()


def test_a_key_twice_is_refused() -> None:
    text = _save(seed=5).replace('"seed":5', '"seed":999,"seed":5')
    assert text.count('"seed"') == 2
    with pytest.raises(cp.InvalidSettingError, match='"seed" appears twice'):
        OfcGame.from_json(text)


def test_a_rules_option_twice_is_refused() -> None:
    text = _save(rules=[["score.scoop_multiplier", "100"], ["score.scoop_multiplier", "2"]])
    with pytest.raises(cp.InvalidSettingError, match="set twice"):
        OfcGame.from_json(text)


def test_an_unknown_key_is_refused() -> None:
    with pytest.raises(cp.InvalidSettingError, match='unknown key "colour"'):
        OfcGame.from_json(_save(colour="red"))


@pytest.mark.parametrize(
    ("preset", "players", "fantasyland", "match"),
    [
        ("ofc_ru_main", 2, [17, 0], "no Fantasyland"),
        ("ofc_pineapple", 3, [17, 17, 17], "17 Fantasyland cards"),
        ("ofc_ru_alt1", 4, [13, 13, 13, 13], "no Fantasyland"),
    ],
)
def test_impossible_fantasyland_states_are_refused(
    preset: str, players: int, fantasyland: list[int], match: str
) -> None:
    with pytest.raises(cp.InvalidSettingError, match=match):
        OfcGame(preset, players=players, seed=1, fantasyland=fantasyland)
    text = json.dumps(
        {"preset": preset, "rules": [], "players": players, "button": 0, "seed": 1,
         "fantasyland": fantasyland, "moves": []}
    )  # fmt: skip
    with pytest.raises(cp.InvalidSettingError, match=match):
        OfcGame.from_json(text)


def test_possible_fantasyland_states_are_accepted() -> None:
    # Pineapple deals 14 on entry; progressive Pineapple 14 to 17
    assert OfcGame("ofc_pineapple", players=2, seed=1, fantasyland=[14, 0]).in_fantasyland(0)
    progressive = [p for p in cp.Rules.presets() if "progressive" in p and p.startswith("ofc")]
    assert progressive == ["ofc_pineapple_progressive"]
    for p in progressive:
        assert OfcGame(p, players=2, seed=1, fantasyland=[0, 16]).in_fantasyland(1)


def test_a_huge_document_is_refused_by_its_size() -> None:
    text = _save(moves=[[0, [], []]] * 6_000_000)
    assert len(text) > 50_000_000
    with pytest.raises(cp.InvalidSettingError, match="at most 1048576") as e:
        OfcGame.from_json(text)
    assert len(str(e.value)) < 200


def test_messages_quote_a_short_prefix_only() -> None:
    text = _save().replace('"seed":5', '"seed":' + "9" * 1_000_000)
    with pytest.raises(cp.InvalidSettingError) as e:
        OfcGame.from_json(text)
    assert len(str(e.value)) < 300
    with pytest.raises(cp.ChinesePokerError) as e2:
        cp.Rules.from_dict({"score.method": "x" * 5_000_000})
    assert len(str(e2.value)) < 1_000
    assert "5000000 characters" in str(e2.value)


def _first_hands(g: OfcGame) -> list[list[int]]:
    hands = []
    while not g.is_finished() and len(hands) < g.players:
        seat = g.to_act
        hands.append(sorted(g.hand(seat)))
        g.play_move(seat, g.heuristic_move())
    return hands


def _finished(g: OfcGame) -> OfcGame:
    while not g.is_finished():
        g.play_move(g.to_act, g.heuristic_move())
    return g


def test_games_without_a_seed_deal_from_entropy() -> None:
    deals = [_first_hands(OfcGame("ofc_pineapple", players=3)) for _ in range(4)]
    # four Pineapple deals of 3 x 5 cards agreeing by chance: far below 1e-20
    assert len({str(d) for d in deals}) == 4
    g = _finished(OfcGame("ofc_pineapple", players=2))
    assert json.loads(g.to_json())["seed"] is None
    assert _first_hands(g.next_deal()) != _first_hands(g.next_deal())


def test_a_seeded_game_replays_identically() -> None:
    a, b = OfcGame("ofc_us", players=3, seed=42), OfcGame("ofc_us", players=3, seed=42)
    assert _first_hands(a) == _first_hands(b)
    a, b = _finished(a), _finished(b)
    assert a.to_json() == b.to_json()
    assert _first_hands(a.next_deal(7)) == _first_hands(b.next_deal(7))


def test_an_unseeded_game_saves_its_deck_and_round_trips() -> None:
    g = OfcGame("ofc_pineapple", players=2)
    _first_hands(g)
    doc = json.loads(g.to_json())
    assert doc["seed"] is None and sorted(doc["deck"]) == list(range(52))
    again = OfcGame.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    assert [again.board(s) for s in range(2)] == [g.board(s) for s in range(2)]


def test_the_source_of_the_cards_is_one_or_the_other() -> None:
    doc = json.loads(OfcGame("ofc_pineapple", players=2).to_json())
    with pytest.raises(cp.InvalidSettingError, match='has "seed": null'):
        OfcGame.from_json(json.dumps(dict(doc, seed=5)))
    del doc["deck"]
    with pytest.raises(cp.InvalidSettingError, match='no "deck"'):
        OfcGame.from_json(json.dumps(doc))
