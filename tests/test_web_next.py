"""Deal after deal on the web table: a closed session's next hands with their running totals
(the library's seeded deals and settlements), and open-face's next deal with Fantasyland
carried over: a bot's Fantasyland board never on the page until the deal ends, a player in
Fantasyland dealt fourteen cards; the cards placed but not yet played kept across a reload.

The open-face seeds are ones the library plays to Fantasyland (the player's seat by the
library's heuristic, the bot by the agent), as tests/test_server_next.py finds them; the
browser fixtures and helpers are tests/test_web.py's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import chinese_poker as cp
from chinese_poker.ofc import OfcGame

pytest.importorskip("fastapi")

from test_server_next import BOT_TO_FANTASYLAND, HUMAN_TO_FANTASYLAND  # noqa: E402
from test_web import (  # noqa: E402, F401 (the fixtures are found by their names)
    ROWS,
    browser,
    by_css,
    cards_in,
    check_settlement,
    fast_player,
    focus_card,
    focused_card,
    next_street,
    open_page,
    placed_rows,
    press,
    screenshot,
    server,
    setting_rows,
    shots,
    shown_apply,
    shown_setting,
    sorted_codes,
    wait,
    wait_loaded,
)

from chinese_poker.server import Limits  # noqa: E402

PLAYERS = 2


def tally(driver: Any, game: str) -> tuple[int, list[float]]:
    """The deal number and running totals the page shows above the table of `game`."""
    line = driver.find_element("id", f"{game}-tally")
    assert line.is_displayed()
    deal = int(line.find_element("css selector", ".deal-number").get_attribute("data-deal"))
    totals = [
        float(p.get_attribute("data-points"))
        for p in line.find_elements("css selector", ".tally-seat [data-points]")
    ]
    return deal, totals


def test_a_closed_session_deals_on_with_its_running_totals(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    seed, preset = 5, "cp_pro_2_4"
    rules = cp.Rules.preset(preset)
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    open_page(browser, f"{server}/?seed={seed}#closed")
    Select(browser.find_element("id", "closed-preset")).select_by_value(preset)
    Select(browser.find_element("id", "closed-opponents")).select_by_value(str(PLAYERS - 1))
    browser.find_element("id", "closed-deal").click()
    running = [0.0] * PLAYERS
    for number in range(3):
        wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "the hand")
        deck = cp.deal(seed, number)
        hands = [sorted(deck[13 * s : 13 * s + 13]) for s in range(PLAYERS)]
        shown = cards_in(browser.find_element("id", "closed-hand"))
        assert sorted_codes(shown) == hands[0], number
        assert tally(browser, "closed") == (number + 1, running)
        # The hand set by keys as the fast solver sets it, then sent.
        mine = cp.solve(hands[0], rules, opponents=PLAYERS - 1).setting
        keys = {c: k for row, k in zip(setting_rows(mine), "123") for c in row}
        focus_card(browser, "#closed-hand", shown[0])
        for _ in range(13):
            press(browser, keys[cp.parse_cards(focused_card(browser) or "")[0]])
        assert placed_rows(browser) == setting_rows(mine)
        browser.find_element("id", "closed-submit").click()
        wait(browser, lambda d: d.find_element("id", "closed-result").is_displayed(), "settled")
        settings = [mine, fast_player(hands[1], rules, PLAYERS, 1)]
        result = cp.score(settings, rules)
        check_settlement(browser.find_element("id", "closed-result"), result, settings)
        running = [t + float(x) for t, x in zip(running, result.totals)]
        assert tally(browser, "closed") == (number + 1, running)
        # The focus is on the next deal: Enter deals it, in the same session.
        assert browser.switch_to.active_element.get_attribute("id") == "closed-next"
        if number < 2:
            session = json.loads(
                browser.execute_script(
                    "return window.sessionStorage.getItem('chinese-poker.closed')"
                )
            )["session"]
            press(browser, Keys.ENTER)
            wait(browser, lambda d: d.find_element("id", "closed-play").is_displayed(), "next")
            kept = browser.execute_script(
                "return window.sessionStorage.getItem('chinese-poker.closed')"
            )
            assert json.loads(kept)["session"] == session

    # A reload shows the last settlement and the totals again.
    browser.refresh()
    wait_loaded(browser)
    assert browser.find_element("id", "closed-result").is_displayed()
    assert tally(browser, "closed") == (3, running)
    # A new game starts its totals from zero (the page's next seed).
    browser.find_element("id", "closed-again").click()
    wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "a new game")
    assert tally(browser, "closed") == (1, [0.0] * PLAYERS)
    assert sorted_codes(cards_in(browser.find_element("id", "closed-hand"))) == sorted(
        cp.deal(seed + 1, 0)[:13]
    )


def bots(ref: OfcGame) -> None:
    """The server's bot (seat 1) played in the library's `ref`: the agent at the service's
    rollouts, seed 0."""
    while not ref.is_finished() and ref.to_act is not None and ref.to_act >= 1:
        ref.play_move(ref.to_act, ref.suggest(samples=Limits().bot_effort, seed=0)[0][0])


def pending(driver: Any) -> dict[str, list[int]]:
    """The cards the page shows placed (or discarded) but not yet played."""
    mine = driver.find_element("css selector", ".board.mine")
    move = {r: cards_in(mine, f'.cards[data-row="{r}"] .card.pending') for r in ROWS}
    move["discard"] = cards_in(driver.find_element("id", "ofc-discard"))
    return {r: sorted_codes(cards) for r, cards in move.items()}


def place_by_keys(driver: Any, move: dict[str, list[int]]) -> None:
    """Each card dealt now placed where `move` puts it, by keys, none played yet."""
    keys = {c: k for r, k in zip((*ROWS, "discard"), "123d") for c in move.get(r, [])}
    dealt = cards_in(driver.find_element("id", "ofc-hand"))
    focus_card(driver, "#ofc-hand", dealt[0])
    for _ in dealt:
        press(driver, keys[cp.parse_cards(focused_card(driver) or "")[0]])


def play_first_deal(driver: Any, server: str, seed: int) -> OfcGame:  # noqa: F811
    """The first deal of a seeded two-player Pineapple session played through the page as
    the library's heuristic plays it, to the settlement; the library's game in step."""
    from selenium.webdriver.support.ui import Select

    open_page(driver, f"{server}/?seed={seed}#ofc")
    Select(driver.find_element("id", "ofc-preset")).select_by_value("ofc_pineapple")
    Select(driver.find_element("id", "ofc-players")).select_by_value(str(PLAYERS))
    driver.find_element("id", "ofc-deal").click()
    wait(driver, lambda d: by_css(d, "#ofc-hand button.card"), "the first street")
    ref = OfcGame("ofc_pineapple", players=PLAYERS, seed=seed)
    bots(ref)
    while not ref.is_finished():
        dealt = cards_in(driver.find_element("id", "ofc-hand"))
        assert sorted_codes(dealt) == sorted(ref.hand(0))
        mv = ref.heuristic_move()
        place_by_keys(driver, mv)
        assert pending(driver) == {k: sorted(mv[k]) for k in (*ROWS, "discard")}
        driver.find_element("id", "ofc-submit").click()
        ref.play_move(0, mv)
        bots(ref)
        wait(driver, lambda d, before=dealt: next_street(d, before), "the next street")
    wait(driver, lambda d: d.find_element("id", "ofc-result").is_displayed(), "the settlement")
    assert tally(driver, "ofc")[1] == [float(t) for t in ref.settle().totals]
    return ref


def cards_on_page(driver: Any) -> set[int]:
    """Every card the open-face view holds in its document, shown or not."""
    codes = driver.execute_script(
        "return [...document.querySelectorAll('#view-ofc [data-card]')].map(e => e.dataset.card)"
    )
    return {cp.parse_cards(c)[0] for c in codes}


def test_a_bot_in_fantasyland_stays_hidden_on_the_page(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    ref = play_first_deal(browser, server, BOT_TO_FANTASYLAND)
    first = [float(t) for t in ref.settle().totals]
    assert json.loads(ref.next_deal(seed=1).view(0))["fantasyland"] == [0, 14]
    assert browser.switch_to.active_element.get_attribute("id") == "ofc-next"
    browser.find_element("id", "ofc-next").click()
    wait(browser, lambda d: d.find_element("id", "ofc-play").is_displayed(), "the next deal")
    assert tally(browser, "ofc") == (2, first)
    seen: set[int] = set()
    streets = 0
    while not browser.find_element("id", "ofc-result").is_displayed():
        bot = browser.find_element("css selector", '.board[data-seat="1"]')
        assert "Fantasyland 14" in bot.find_element("css selector", "h3").text
        assert "Hidden until the board is set" in bot.text and cards_in(bot) == []
        seen |= cards_on_page(browser)
        if streets == 1:
            screenshot(browser, shots / "ofc-fantasyland-hidden.png")
        dealt = cards_in(browser.find_element("id", "ofc-hand"))
        browser.find_element("id", "ofc-hint").click()
        wait(browser, lambda d: shown_apply(d, "ofc"), "the hint")
        seen |= cards_on_page(browser)
        browser.find_element("css selector", "#ofc-hint-panel button.apply").click()
        browser.find_element("id", "ofc-submit").click()
        wait(browser, lambda d, before=dealt: next_street(d, before), "the next street")
        streets += 1
    assert streets == 5
    # Settled: the bot's thirteen cards shown now, and none of them on the page before.
    box = browser.find_element("id", "ofc-result")
    shown = box.find_element("css selector", '.player[data-seat="1"]')
    board = {
        c
        for row in shown.find_elements("css selector", ".setting > .cards[data-row]")
        for c in sorted_codes(cards_in(row))
    }
    assert len(board) == 13
    assert seen & board == set()
    # The deal settled as the library scores the two boards shown, and added to the first's.
    settings = [
        cp.Setting(*shown_setting(box.find_element("css selector", f'.player[data-seat="{s}"]')))
        for s in range(PLAYERS)
    ]
    result = cp.score(settings, cp.Rules.preset("ofc_pineapple"))
    check_settlement(box, result, settings)
    assert tally(browser, "ofc") == (2, [f + float(t) for f, t in zip(first, result.totals)])


def test_a_player_in_fantasyland_sets_fourteen_cards_on_the_page(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    ref = play_first_deal(browser, server, HUMAN_TO_FANTASYLAND)
    assert json.loads(ref.next_deal(seed=1).view(0))["fantasyland"] == [14, 0]
    browser.find_element("id", "ofc-next").click()
    wait(browser, lambda d: len(by_css(d, "#ofc-hand button.card")) == 14, "fourteen cards")
    assert browser.find_element("id", "ofc-shape").text == "Place 13 cards and discard 1"
    mine = browser.find_element("css selector", ".board.mine")
    assert "Fantasyland 14" in mine.find_element("css selector", "h3").text
    # The agent's setting of the fourteen, applied but not played, kept across a reload.
    browser.find_element("id", "ofc-hint").click()
    wait(browser, lambda d: shown_apply(d, "ofc"), "the hint")
    browser.find_element("css selector", "#ofc-hint-panel button.apply").click()
    placed = pending(browser)
    assert [len(placed[r]) for r in (*ROWS, "discard")] == [3, 5, 5, 1]
    screenshot(browser, shots / "ofc-fantasyland.png")
    browser.refresh()
    wait_loaded(browser)
    assert pending(browser) == placed
    assert cards_in(browser.find_element("id", "ofc-hand")) == []
    assert tally(browser, "ofc")[0] == 2
    browser.find_element("id", "ofc-submit").click()
    wait(browser, lambda d: d.find_element("id", "ofc-result").is_displayed(), "the settlement")
    box = browser.find_element("id", "ofc-result")
    rows = box.find_elements("css selector", '.player[data-seat="0"] .setting > .cards[data-row]')
    assert [sorted_codes(cards_in(r)) for r in rows] == [placed[r] for r in ROWS]
    assert not browser.find_element("id", "message").is_displayed()


def test_cards_placed_but_not_played_survive_a_reload(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, f"{server}/?seed=11#ofc")
    Select(browser.find_element("id", "ofc-players")).select_by_value(str(PLAYERS))
    browser.find_element("id", "ofc-deal").click()
    wait(browser, lambda d: len(by_css(d, "#ofc-hand button.card")) == 5, "the first street")
    dealt = cards_in(browser.find_element("id", "ofc-hand"))
    # Two of the five placed, one taken back again: three left in the hand.
    focus_card(browser, "#ofc-hand", dealt[0])
    press(browser, "3", "3")
    mine = browser.find_element("css selector", ".board.mine")
    focus_card(browser, ".board.mine", cards_in(mine, '.cards[data-row="back"] .card.pending')[0])
    press(browser, "1")
    placed = pending(browser)
    assert (len(placed["front"]), len(placed["back"])) == (1, 1)
    browser.refresh()
    wait_loaded(browser)
    assert pending(browser) == placed
    assert sorted_codes(cards_in(browser.find_element("id", "ofc-hand"))) == sorted_codes(dealt[2:])
    # A kept place that is no place (an edited storage) leaves that card in the hand.
    entry = json.loads(
        browser.execute_script("return window.sessionStorage.getItem('chinese-poker.ofc')")
    )
    first = next(c for c, p in entry["where"].items() if p == "front")
    entry["where"][first] = "<img>"
    browser.execute_script(
        "window.sessionStorage.setItem('chinese-poker.ofc', JSON.stringify(arguments[0]))", entry
    )
    browser.refresh()
    wait_loaded(browser)
    assert pending(browser)["front"] == []
    assert len(cards_in(browser.find_element("id", "ofc-hand"))) == 4
