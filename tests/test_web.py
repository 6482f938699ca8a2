"""The web table (``GET /`` and ``/static/``): its files through FastAPI's test client, then
the page itself in headless Chromium driven by Selenium against a real uvicorn server: a
whole closed hand and a whole Pineapple game played through it and settled as the library
settles them, the analysis view against `chinese_poker.solve`, a phone-wide viewport, the
API's refusals shown on the page, and each view's game kept in the tab across a reload (and
dropped when the server no longer has it).

The browser tests need Debian's ``chromium`` and ``chromium-driver`` and the ``selenium``
package (the ``test`` extra); without them they are skipped, or fail under ``CI=true``, where
``.ci/run`` installs them. Screenshots of the three views go to ``$CHINESE_POKER_SCREENSHOTS``
(default: a temporary folder of pytest)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import chinese_poker as cp
from chinese_poker.ofc import OfcGame

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from chinese_poker.server import Limits, create_app  # noqa: E402
from chinese_poker.server.web import CONTENT_SECURITY_POLICY, FILES, STATIC  # noqa: E402

ROWS = ("front", "middle", "back")
HAND = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: Where the screenshots go: CI points it at a folder it keeps.
SCREENSHOTS_ENV = "CHINESE_POKER_SCREENSHOTS"
#: Seconds a page may take to show what the server answered.
WAIT = 20

client = TestClient(create_app())


# --- the files, without a browser ----------------------------------------------------------


class Links(HTMLParser):
    """Every ``src`` and ``href`` of a page, and the ids it defines."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.inline_scripts = 0
        self.styled: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the links, the id, any inline style and any inline script of a tag."""
        found = dict(attrs)
        self.links += [v for k, v in attrs if k in ("src", "href") and v is not None]
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if "style" in found:
            self.styled.append(tag)
        if tag == "script" and "src" not in found:
            self.inline_scripts += 1


def page_links() -> Links:
    """The links and ids of the page as served."""
    parser = Links()
    parser.feed(client.get("/").text)
    return parser


def test_the_page_is_served_with_its_policy() -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "default-src 'self'" in CONTENT_SECURITY_POLICY
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "<!doctype html>" in r.text.lower() and 'name="viewport"' in r.text
    assert client.head("/").status_code == 200
    # The JSON API is unchanged: the page's routes are not in its description.
    paths = client.get("/openapi.json").json()["paths"]
    assert "/" not in paths and not any(p.startswith("/static") for p in paths)


@pytest.mark.parametrize(
    ("name", "media"),
    [
        ("index.html", "text/html"),
        ("table.css", "text/css"),
        ("table.js", "text/javascript"),
        ("favicon.svg", "image/svg+xml"),
    ],
)
def test_each_file_has_its_content_type(name: str, media: str) -> None:
    r = client.get(f"/static/{name}")
    assert r.status_code == 200
    assert r.headers["content-type"].split(";")[0] == media
    assert r.content == (STATIC / name).read_bytes()


def test_no_other_file_is_served() -> None:
    assert set(FILES) == {p.name for p in STATIC.iterdir()}
    for path in ("/static/nope.js", "/static/..%2Fapp.py", "/static/../app.py", "/static/"):
        r = client.get(path)
        assert r.status_code == 404, path
    assert client.get("/static/nope.js").json()["error"] == "NotFound"


def test_the_page_loads_only_its_own_files() -> None:
    parser = page_links()
    assert parser.links, "the page links nothing"
    for link in parser.links:
        assert not re.match(r"^(?:[a-z][a-z0-9+.-]*:|//)", link, re.I), link
        if link.startswith("#"):
            continue
        assert client.get(link).status_code == 200, link
    # No inline code or style: the policy refuses both, so the page must not need them.
    assert parser.inline_scripts == 0 and parser.styled == []
    for name in ("table.css", "table.js"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert "://" not in text and "@import" not in text, name
        assert not re.search(r"url\(\s*['\"]?(?:[a-z]+:|//)", text), name


def test_every_element_the_script_names_is_on_the_page() -> None:
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    named = set(re.findall(r'\$\("([\w-]+)"\)', script))
    named |= {
        f"{prefix}-{view}" for prefix in ("tab", "view") for view in ("closed", "ofc", "analysis")
    }
    named |= {f"{game}-tally" for game in ("closed", "ofc")}
    assert named and named <= page_links().ids, named - page_links().ids


def test_the_script_parses() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    r = subprocess.run(
        [node, "--check", str(STATIC / "table.js")], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr


def test_the_files_are_package_data() -> None:
    # Found through the package, as an installed wheel finds them.
    static = resources.files("chinese_poker").joinpath("server", "static")
    assert {name for name in FILES if static.joinpath(name).is_file()} == set(FILES)


# --- the page in a browser -----------------------------------------------------------------


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is not installed (Debian: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (the test extra)"
    return None


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A real uvicorn server of the application on a free loopback port, in a thread; its
    rate limit of new sessions raised, since every test here deals from one address."""
    reason = missing_browser()
    if reason and os.environ.get("CI") == "true":
        # .ci/run installs the browser: in CI a skip here would hide a broken install.
        pytest.fail(f"CI has no browser for the web table's tests: {reason}")
    if reason:
        pytest.skip(reason)
    import uvicorn

    port = free_port()
    config = uvicorn.Config(
        create_app(Limits(session_burst=1000)), host="127.0.0.1", port=port, log_level="warning"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Any]:
    """Headless Chromium under the system's chromedriver: both paths given, so Selenium
    Manager is never asked to find (or download) a driver."""
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root, where Chromium's sandbox will not start
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--no-first-run",
        "--window-size=1100,900",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(WAIT)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the screenshots."""
    given = os.environ.get(SCREENSHOTS_ENV)
    folder = Path(given) if given else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def screenshot(driver: Any, path: Path) -> None:
    """The whole page, not only the window, as a PNG."""
    import base64

    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    path.write_bytes(base64.b64decode(shot["data"]))
    assert path.stat().st_size > 10_000, path


def wait(driver: Any, what: Any, message: str = "") -> Any:
    """Wait for `what(driver)` to be true, failing with the page's message area in view."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, WAIT).until(what)
    except TimeoutException:
        shown = driver.find_element("id", "message").text
        raise AssertionError(f"timed out waiting: {message}; the page says: {shown!r}") from None


def by_css(driver: Any, css: str) -> list[Any]:
    """The elements `css` selects, maybe none."""
    return list(driver.find_elements("css selector", css))


def open_page(driver: Any, url: str, fresh: bool = True) -> None:
    """Load the page and wait for its presets and for any game kept in the tab to be
    shown again; `fresh`: as a new tab, nothing kept from an earlier test."""
    if fresh:
        # The tab's storage is the page's origin's: cleared from a page of that origin.
        driver.execute_script("try { window.sessionStorage.clear(); } catch (e) {}")
    driver.get(url)
    wait_loaded(driver)


def wait_loaded(driver: Any) -> None:
    """Wait for the page loaded (or reloaded) to show its presets and its kept games."""
    for flag, what in (("data-ready", "presets"), ("data-restored", "the kept games")):
        wait(driver, lambda d, f=flag: d.find_element("tag name", "body").get_attribute(f), what)
    assert not driver.find_element("id", "message").is_displayed()


def kept(driver: Any, what: str) -> Any:
    """The game (or view) the page keeps in the tab's sessionStorage, as JSON, or None."""
    return driver.execute_script(
        "const v = window.sessionStorage.getItem(arguments[0]);"
        "if (v === null) return null; try { return JSON.parse(v); } catch (e) { return v; }",
        f"chinese-poker.{what}",
    )


def cards_in(element: Any, css: str = ".card[data-card]") -> list[str]:
    """The cards shown inside `element`, as the service's card text."""
    return [c.get_attribute("data-card") for c in element.find_elements("css selector", css)]


def sorted_codes(cards: Any) -> list[int]:
    """Cards (text or a list of card texts) as sorted engine codes."""
    text = cards if isinstance(cards, str) else " ".join(cards)
    return sorted(cp.parse_cards(text)) if text else []


def setting_rows(setting: Any) -> list[list[int]]:
    """A setting's rows as sorted codes (the order within a row is not part of it)."""
    if isinstance(setting, cp.Setting):
        return [sorted(setting.front), sorted(setting.middle), sorted(setting.back)]
    return [sorted_codes(setting[r]) for r in ROWS]


def shown_setting(block: Any) -> list[list[int]]:
    """The setting shown by a `settingBlock` of the page."""
    rows = block.find_elements("css selector", ".setting > .cards[data-row]")
    assert [r.get_attribute("data-row") for r in rows] == list(ROWS)
    return [sorted_codes(cards_in(r)) for r in rows]


def names(players: int) -> list[str]:
    """The page's names of the seats: the player's seat 0, the bots by number."""
    return ["You"] + [f"Bot {s}" for s in range(1, players)]


def readable(text: str) -> str:
    """The engine's names of kinds (``THREE_FLUSHES``) as the page writes them."""
    words = r"\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b|\b[A-Z]{3,}\b"
    return re.sub(words, lambda m: m.group(0).replace("_", " ").capitalize(), text)


def check_settlement(box: Any, result: Any, settings: list[Any]) -> None:
    """The settlement the page shows in `box` is the library's `result` of `settings`."""
    who = names(len(settings))
    players = box.find_elements("css selector", ".player[data-seat]")
    assert len(players) == len(settings)
    for seat, (shown, info, setting) in enumerate(zip(players, result.players, settings)):
        total = shown.find_element("css selector", ".total [data-points]")
        assert float(total.get_attribute("data-points")) == float(info["total"]), seat
        assert shown.find_element("css selector", "h4 span").text == who[seat]
        status = shown.find_element("css selector", ".status")
        assert status.get_attribute("data-status") == info["status"]
        assert status.text.startswith(readable(info["status"]))
        played = setting[1] if isinstance(setting, tuple) else setting
        assert shown_setting(shown) == setting_rows(played), seat
        values = [v.text for v in shown.find_elements("css selector", ".value")]
        described = [v.describe() for v in info["values"]] if info["values"] else []
        assert [v.split(" (royalty")[0] for v in values] == described, seat
    lines = box.find_elements("css selector", ".totals .total-line [data-points]")
    assert [float(t.get_attribute("data-points")) for t in lines] == [
        float(t) for t in result.totals
    ]
    pairs = box.find_elements("css selector", "tr.pair")
    assert len(pairs) == len(result.pairs)
    for shown, pair in zip(pairs, result.pairs):
        a, b = pair["a"], pair["b"]
        assert (shown.get_attribute("data-a"), shown.get_attribute("data-b")) == (str(a), str(b))
        assert shown.get_attribute("data-kind") == pair["kind"]
        compared = pair["kind"] == "rows" or pair["kind"].startswith("foul")
        winners = [
            (who[a] if r > 0 else who[b] if r < 0 else "tie") if compared else "—"
            for r in pair["rows"]
        ]
        cells = shown.find_elements("css selector", "td.row-winner")
        assert [c.text for c in cells] == winners
        points = shown.find_element("css selector", "td.points [data-points]")
        assert float(points.get_attribute("data-points")) == float(pair["points"])
        explained = shown.find_element("xpath", "following-sibling::tr[1]").text
        expected = re.sub(r"\bP(\d+)\b", lambda m: who[int(m.group(1))], pair["explanation"])
        expected = readable(expected)
        assert explained.endswith(expected), (explained, expected)
        if pair["scoop"] is not None:
            assert f"scoop by {who[pair['scoop']]}" in explained


def fast_player(hand: list[int], rules: cp.Rules, players: int, seat: int) -> Any:
    """A bot seat of a closed deal as the server plays it: the fast solver, a natural
    declared."""
    banker = rules["table.topology"] == "banker" and int(rules["table.banker"]) == seat
    sol = cp.solve(hand, rules, opponents=players - 1, banker=banker)
    return ("natural", sol.setting) if sol.natural is not None else sol.setting


def press(driver: Any, *keys: str) -> None:
    """Keys typed where the focus is, as a person types them."""
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def shown_apply(driver: Any, game: str) -> bool:
    """Whether the hint panel of `game` shows its moves."""
    return any(b.is_displayed() for b in by_css(driver, f"#{game}-hint-panel button.apply"))


def focused_card(driver: Any) -> str | None:
    """The card the keyboard focus is on, if any."""
    # Read in one script: a row's value arriving from the server redraws the cards, and an
    # element found by one command may be gone by the next.
    return driver.execute_script(  # type: ignore[no-any-return]
        "const e = document.activeElement; return e ? e.getAttribute('data-card') : null;"
    )


def focus_card(driver: Any, root: str, code: str) -> None:
    """Put the focus on the card `code` under `root`, none picked up."""
    driver.find_element("css selector", f'{root} button.card[data-card="{code}"]').click()
    # A click picks the card up; Space puts it down again, leaving only the focus on it.
    press(driver, " ")
    assert focused_card(driver) == code


def placed_rows(driver: Any) -> list[list[int]]:
    """The cards placed in each row of the closed game, as sorted codes."""
    rows = [driver.find_element("css selector", f'[data-group="{r}"]') for r in ROWS]
    return [sorted_codes(cards_in(row)) for row in rows]


def test_a_closed_hand_is_played_and_settled_through_the_page(
    browser: Any, server: str, shots: Path
) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    seed, preset, players = 7, "cp_pro_2_4", 4
    rules = cp.Rules.preset(preset)
    deck = cp.deal(seed, 0)
    # Each seat dealt its 13 cards in order, as the server deals them.
    hands = [sorted(deck[13 * s : 13 * s + 13]) for s in range(players)]
    open_page(browser, f"{server}/?seed={seed}#closed")
    Select(browser.find_element("id", "closed-preset")).select_by_value(preset)
    browser.find_element("id", "closed-deal").click()
    wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "the hand")
    shown = cards_in(browser.find_element("id", "closed-hand"))
    assert sorted_codes(shown) == sorted(hands[0])
    # Each card drawn with its suit, red or black.
    first = browser.find_element("css selector", "#closed-hand button.card")
    suit = first.find_element("css selector", ".suit").text
    assert suit in "♠♥♦♣" and ("red" in first.get_attribute("class")) == (suit in "♥♦")
    assert focused_card(browser) == shown[0]  # the deal puts the focus on the first card

    # The keyboard: F places the focused card in front and the focus moves on; the arrow
    # moves it; U takes a card back.
    press(browser, "f")
    assert cards_in(browser.find_element("css selector", '[data-group="front"]')) == [shown[0]]
    assert focused_card(browser) == shown[1]
    press(browser, Keys.ARROW_RIGHT)
    assert focused_card(browser) == shown[2]
    press(browser, Keys.ARROW_DOWN)  # to the front row, below the hand
    assert focused_card(browser) == shown[0]
    press(browser, "u")
    assert len(by_css(browser, "#closed-hand button.card")) == 13

    # A row takes no more cards than its size: a fourth for the front is refused, in words.
    focus_card(browser, "#closed-hand", shown[0])
    press(browser, "f", "f", "f", "f")
    assert len(cards_in(browser.find_element("css selector", '[data-group="front"]'))) == 3
    message = browser.find_element("id", "message")
    assert message.is_displayed() and "The front holds 3 cards" in message.text
    browser.find_element("id", "closed-clear").click()
    assert len(by_css(browser, "#closed-hand button.card")) == 13

    # Sending an unfinished arrangement is refused on the page, in the message area.
    browser.find_element("id", "closed-submit").click()
    message = browser.find_element("id", "message")
    assert message.is_displayed() and "Place all 13 cards" in message.text

    # The hint: the solver's best setting, its EV and the runners-up, and Apply sets it.
    browser.find_element("id", "closed-hint").click()
    wait(browser, lambda d: shown_apply(d, "closed"), "the hint")
    best = browser.find_element("css selector", "#closed-hint-panel .hint-best")
    hinted = shown_setting(best)
    assert sorted(c for row in hinted for c in row) == sorted(hands[0])
    assert best.find_element("css selector", ".ev").text.startswith("EV ")
    assert by_css(browser, "#closed-hint-panel .runners-up li")
    browser.find_element("css selector", "#closed-hint-panel .hint-best button.apply").click()
    assert placed_rows(browser) == hinted
    assert browser.switch_to.active_element.get_attribute("id") == "closed-submit"
    wait(browser, lambda d: all(v.text for v in by_css(d, "#closed-rows .row-value")), "row values")

    # Then the hand set by keys alone, as the fast solver sets it, and Enter sends it.
    browser.find_element("id", "closed-clear").click()
    mine = cp.solve(hands[0], rules, opponents=players - 1).setting
    keys = {c: k for row, k in zip(setting_rows(mine), "123") for c in row}
    focus_card(browser, "#closed-hand", shown[0])
    for _ in range(13):
        code = cp.parse_cards(focused_card(browser) or "")[0]
        press(browser, keys[code])
    assert placed_rows(browser) == setting_rows(mine)
    back = '[data-group="back"]'
    focus_card(browser, back, cards_in(browser.find_element("css selector", back))[0])
    press(browser, Keys.ENTER)
    wait(browser, lambda d: d.find_element("id", "closed-result").is_displayed(), "the settlement")

    settings = [mine] + [fast_player(hands[s], rules, players, s) for s in range(1, players)]
    result = cp.score(settings, rules)
    check_settlement(browser.find_element("id", "closed-result"), result, settings)
    assert browser.switch_to.active_element.get_attribute("id") == "closed-next"
    screenshot(browser, shots / "closed-settled.png")


def next_street(driver: Any, before: list[str]) -> bool:
    """Whether the page shows the settlement, or cards dealt other than `before`."""
    if driver.find_element("id", "ofc-result").is_displayed():
        return True
    dealt = cards_in(driver.find_element("id", "ofc-hand"))
    return bool(dealt) and dealt != before


def test_a_pineapple_game_is_played_to_its_settlement(
    browser: Any, server: str, shots: Path
) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    seed, players = 11, 2
    open_page(browser, f"{server}/?seed={seed}#ofc")
    preset = Select(browser.find_element("id", "ofc-preset")).first_selected_option
    assert preset.get_attribute("value") == "ofc_pineapple"
    Select(browser.find_element("id", "ofc-players")).select_by_value(str(players))
    browser.find_element("id", "ofc-deal").click()
    wait(browser, lambda d: by_css(d, "#ofc-hand button.card"), "the first street")

    ref = OfcGame("ofc_pineapple", players=players, seed=seed)

    def bots() -> None:
        # The server's bots: the placement agent at its default rollouts, seed 0.
        while not ref.is_finished() and ref.to_act is not None and ref.to_act >= 1:
            ref.play_move(ref.to_act, ref.suggest(samples=16, seed=0)[0][0])

    def boards_match() -> None:
        for seat in range(players):
            board = browser.find_element("css selector", f'.board[data-seat="{seat}"]')
            for row, codes in zip(ROWS, ref.board(seat)):
                shown = cards_in(board, f'.cards[data-row="{row}"] .card:not(.pending)')
                assert sorted_codes(shown) == sorted(codes), (seat, row)

    def pending() -> dict[str, list[int]]:
        mine = browser.find_element("css selector", ".board.mine")
        move = {r: cards_in(mine, f'.cards[data-row="{r}"] .card.pending') for r in ROWS}
        move["discard"] = cards_in(browser.find_element("id", "ofc-discard"))
        return {r: sorted_codes(cards) for r, cards in move.items()}

    bots()
    streets = 0
    while not ref.is_finished():
        dealt = cards_in(browser.find_element("id", "ofc-hand"))
        assert sorted_codes(dealt) == sorted(ref.hand(0)), streets
        boards_match()
        if streets == 0:
            # The first street by keys: each card placed as the library's heuristic would.
            mv = ref.heuristic_move()
            keys = {c: k for r, k in zip((*ROWS, "discard"), "123d") for c in mv[r]}
            focus_card(browser, "#ofc-hand", dealt[0])
            for _ in dealt:
                press(browser, keys[cp.parse_cards(focused_card(browser) or "")[0]])
            assert pending() == {k: sorted(mv[k]) for k in (*ROWS, "discard")}
            mine = browser.find_element("css selector", ".board.mine")
            focus_card(browser, ".board.mine", cards_in(mine, ".card.pending")[0])
            press(browser, Keys.ENTER)
        else:
            # Later streets by the hint: the agent's best move, applied and played.
            browser.find_element("id", "ofc-hint").click()
            wait(browser, lambda d: shown_apply(d, "ofc"), "the hint")
            best = browser.find_element("css selector", "#ofc-hint-panel li .ev")
            assert best.text.endswith("points")
            browser.find_element("css selector", "#ofc-hint-panel button.apply").click()
            mv = pending()
            assert sum(len(v) for v in mv.values()) == len(dealt)
            if streets == 2:
                screenshot(browser, shots / "ofc-in-progress.png")
            browser.find_element("id", "ofc-submit").click()
        ref.play_move(0, mv)
        bots()
        streets += 1
        wait(browser, lambda d, before=dealt: next_street(d, before), f"street {streets}")
    assert streets == 5
    result = ref.settle()
    settings = [cp.Setting.from_codes([c for r in ref.board(s) for c in r]) for s in range(players)]
    check_settlement(browser.find_element("id", "ofc-result"), result, settings)
    screenshot(browser, shots / "ofc-settled.png")


def test_the_analysis_is_the_solver_answer(browser: Any, server: str, shots: Path) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    open_page(browser, f"{server}/#analysis")
    Select(browser.find_element("id", "analysis-preset")).select_by_value("cp_pro_2_4")
    Select(browser.find_element("id", "analysis-opponents")).select_by_value("2")
    field = browser.find_element("id", "analysis-hand")
    field.send_keys("As As Kd" + Keys.ENTER)  # refused by the engine: shown, not swallowed
    wait(browser, lambda d: d.find_element("id", "message").is_displayed(), "the refusal")
    assert "Error" in browser.find_element("id", "message").text
    field.clear()
    field.send_keys(HAND + Keys.ENTER)
    wait(browser, lambda d: d.find_element("id", "analysis-result").is_displayed(), "the analysis")
    assert not browser.find_element("id", "message").is_displayed()

    sol = cp.solve(HAND, cp.Rules.preset("cp_pro_2_4"), opponents=2, candidates=5)
    best = browser.find_element("id", "analysis-best")
    assert shown_setting(best) == setting_rows(sol.setting)
    assert float(best.get_attribute("data-ev")) == sol.ev
    rows = [sol.setting.front, sol.setting.middle, sol.setting.back]
    shown = best.find_elements("css selector", ".category")
    assert [c.get_attribute("data-category") for c in shown] == [
        cp.evaluate(list(r)).category.name for r in rows
    ]
    listed = by_css(browser, "#analysis-result .candidates li")
    assert len(listed) == len(sol.candidates) == 5
    for item, (setting, ev) in zip(listed, sol.candidates):
        assert shown_setting(item) == setting_rows(setting)
        assert float(item.get_attribute("data-ev")) == ev
    screenshot(browser, shots / "analysis.png")


def no_sideways_scroll(driver: Any, what: str) -> None:
    """The page is no wider than the viewport."""
    wide = driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], f"{what}: the page is {wide[0]} px wide in {wide[1]}"


def test_a_phone_wide_viewport_does_not_scroll_sideways(
    browser: Any, server: str, shots: Path
) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    metrics = {"width": 375, "height": 740, "deviceScaleFactor": 1, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        # Seed 144 deals the last bot a natural under the default preset, cp_pro_1_6.
        open_page(browser, f"{server}/?seed=144#closed")
        assert browser.execute_script("return window.innerWidth") == 375
        no_sideways_scroll(browser, "closed, before the deal")
        browser.find_element("id", "closed-deal").click()
        wait(browser, lambda d: by_css(d, "#closed-hand button.card"), "the hand")
        no_sideways_scroll(browser, "closed, dealt")
        browser.find_element("id", "closed-hint").click()
        wait(browser, lambda d: shown_apply(d, "closed"), "the hint")
        no_sideways_scroll(browser, "closed, the hint")
        browser.find_element("css selector", "#closed-hint-panel button.apply").click()
        browser.find_element("id", "closed-submit").click()
        wait(browser, lambda d: d.find_element("id", "closed-result").is_displayed(), "settled")
        no_sideways_scroll(browser, "closed, settled")
        screenshot(browser, shots / "closed-settled-phone.png")
        # The natural is settled and shown as the library settles it.
        rules = cp.Rules.preset("cp_pro_1_6")
        deck = cp.deal(144, 0)
        hands = [sorted(deck[13 * s : 13 * s + 13]) for s in range(4)]
        box = browser.find_element("id", "closed-result")
        mine = cp.Setting(
            *shown_setting(box.find_element("css selector", '.player[data-seat="0"]'))
        )
        settings = [mine] + [fast_player(hands[s], rules, 4, s) for s in range(1, 4)]
        assert isinstance(settings[3], tuple)
        check_settlement(box, cp.score(settings, rules), settings)
        assert by_css(box, 'tr.pair[data-kind="natural"]')

        browser.find_element("id", "tab-ofc").click()
        Select(browser.find_element("id", "ofc-players")).select_by_value("3")
        browser.find_element("id", "ofc-deal").click()
        wait(browser, lambda d: by_css(d, "#ofc-hand button.card"), "the first street")
        browser.find_element("id", "ofc-hint").click()
        wait(browser, lambda d: shown_apply(d, "ofc"), "the hint")
        no_sideways_scroll(browser, "open-face, three boards and the hint")

        browser.find_element("id", "tab-analysis").click()
        browser.find_element("id", "analysis-hand").send_keys(HAND + Keys.ENTER)
        wait(browser, lambda d: d.find_element("id", "analysis-result").is_displayed(), "solved")
        no_sideways_scroll(browser, "analysis")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_views_are_reached_by_keyboard(browser: Any, server: str) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(browser, f"{server}/")
    assert browser.current_url.endswith("#closed")
    # Tab from the start of the page reaches the views' buttons, and Enter opens one.
    browser.execute_script("document.activeElement && document.activeElement.blur()")
    seen = []
    for _ in range(6):
        press(browser, Keys.TAB)
        seen.append(browser.switch_to.active_element.get_attribute("id"))
        if seen[-1] == "tab-analysis":
            break
    assert seen[-1] == "tab-analysis", seen
    press(browser, Keys.ENTER)
    assert browser.find_element("id", "view-analysis").is_displayed()
    assert not browser.find_element("id", "view-closed").is_displayed()
    assert browser.current_url.endswith("#analysis")
    # Every control is a labelled button, select or input.
    for control in by_css(browser, "select, input"):
        label = control.find_element("xpath", "ancestor::label")
        assert label.get_attribute("textContent").strip(), control.get_attribute("id")
    for button in by_css(browser, "button"):
        assert button.get_attribute("textContent").strip() or button.get_attribute("aria-label")


# --- a reload: the games kept in the tab ---------------------------------------------------


def test_a_closed_hand_survives_a_reload(browser: Any, server: str, shots: Path) -> None:
    seed, players = 23, 4
    rules = cp.Rules.preset("cp_pro_1_6")
    deck = cp.deal(seed, 0)
    hands = [sorted(deck[13 * s : 13 * s + 13]) for s in range(players)]
    open_page(browser, f"{server}/?seed={seed}#closed")
    browser.find_element("id", "closed-deal").click()
    wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "the hand")
    # The rows arranged on the page: the hint's setting applied, then one card taken back.
    browser.find_element("id", "closed-hint").click()
    wait(browser, lambda d: shown_apply(d, "closed"), "the hint")
    hinted = shown_setting(browser.find_element("css selector", "#closed-hint-panel .hint-best"))
    browser.find_element("css selector", "#closed-hint-panel .hint-best button.apply").click()
    wait(browser, lambda d: all(v.text for v in by_css(d, "#closed-rows .row-value")), "values")
    front = '[data-group="front"]'
    back_home = cards_in(browser.find_element("css selector", front))[0]
    # Into the middle of the window first: the applied hint scrolled the page down.
    browser.execute_script(
        "arguments[0].scrollIntoView({block: 'center'})",
        browser.find_element("css selector", f'{front} button.card[data-card="{back_home}"]'),
    )
    focus_card(browser, front, back_home)
    press(browser, "u")
    before = placed_rows(browser)
    assert sum(map(len, before)) == 12
    assert cards_in(browser.find_element("id", "closed-hand")) == [back_home]
    entry = kept(browser, "closed")
    assert entry["session"] and entry["token"] and entry["where"][back_home] == "hand"
    # The seat's token is this tab's: in sessionStorage, never in localStorage.
    assert browser.execute_script("return window.localStorage.length") == 0

    browser.refresh()
    wait_loaded(browser)
    assert browser.find_element("id", "closed-play").is_displayed()
    assert placed_rows(browser) == before
    assert cards_in(browser.find_element("id", "closed-hand")) == [back_home]
    shown = [c for row in before for c in row] + sorted_codes([back_home])
    assert sorted(shown) == hands[0]
    wait(browser, lambda d: all(v.text for v in by_css(d, "#closed-rows .row-value")[1:]), "values")
    screenshot(browser, shots / "closed-reloaded.png")

    # The hand finished after the reload: the card put back, the hand set and settled.
    focus_card(browser, "#closed-hand", back_home)
    press(browser, "1")
    assert placed_rows(browser) == hinted
    browser.find_element("id", "closed-submit").click()
    wait(browser, lambda d: d.find_element("id", "closed-result").is_displayed(), "the settlement")
    settings = [cp.Setting(*hinted)] + [
        fast_player(hands[s], rules, players, s) for s in range(1, players)
    ]
    scored = cp.score(settings, rules)
    check_settlement(browser.find_element("id", "closed-result"), scored, settings)

    # A settled hand reloads as its settlement.
    browser.refresh()
    wait_loaded(browser)
    assert browser.find_element("id", "closed-result").is_displayed()
    assert not browser.find_element("id", "closed-play").is_displayed()
    check_settlement(browser.find_element("id", "closed-result"), scored, settings)


def test_an_open_face_game_survives_a_reload(browser: Any, server: str, shots: Path) -> None:
    from selenium.webdriver.support.ui import Select

    seed, players = 11, 2
    open_page(browser, f"{server}/?seed={seed}#ofc")
    Select(browser.find_element("id", "ofc-players")).select_by_value(str(players))
    browser.find_element("id", "ofc-deal").click()
    wait(browser, lambda d: by_css(d, "#ofc-hand button.card"), "the first street")

    def my_board() -> list[list[int]]:
        mine = browser.find_element("css selector", ".board.mine")
        rows = [cards_in(mine, f'.cards[data-row="{r}"] .card:not(.pending)') for r in ROWS]
        return [sorted_codes(r) for r in rows]

    def play_street() -> None:
        dealt = cards_in(browser.find_element("id", "ofc-hand"))
        browser.find_element("id", "ofc-hint").click()
        wait(browser, lambda d: shown_apply(d, "ofc"), "the hint")
        browser.find_element("css selector", "#ofc-hint-panel button.apply").click()
        browser.find_element("id", "ofc-submit").click()
        wait(browser, lambda d: next_street(d, dealt), "the next street")

    first = sorted_codes(cards_in(browser.find_element("id", "ofc-hand")))
    play_street()
    board = my_board()
    assert sum(map(len, board)) == 5 and sorted(c for r in board for c in r) == first
    dealt = cards_in(browser.find_element("id", "ofc-hand"))
    assert len(dealt) == 3
    others = browser.find_element("css selector", '.board[data-seat="1"]')
    bot = sorted_codes(cards_in(others))

    # Back to the page by its bare address: the tab's view (open-face) and game come back.
    browser.get(f"{server}/")
    wait_loaded(browser)
    assert browser.find_element("id", "view-ofc").is_displayed()
    assert browser.current_url.endswith("#ofc")
    assert my_board() == board
    assert cards_in(browser.find_element("id", "ofc-hand")) == dealt
    others = browser.find_element("css selector", '.board[data-seat="1"]')
    assert sorted_codes(cards_in(others)) == bot
    screenshot(browser, shots / "ofc-reloaded.png")

    streets = 1
    while not browser.find_element("id", "ofc-result").is_displayed():
        play_street()
        streets += 1
        if streets == 3:
            browser.refresh()
            wait_loaded(browser)
    assert streets == 5
    box = browser.find_element("id", "ofc-result")
    assert len(box.find_elements("css selector", ".player[data-seat]")) == players
    final = shown_setting(box.find_element("css selector", '.player[data-seat="0"]'))
    assert all(set(was) <= set(now) for was, now in zip(board, final))
    assert not browser.find_element("id", "message").is_displayed()


def test_a_kept_game_the_server_no_longer_has_is_dropped(browser: Any, server: str) -> None:
    open_page(browser, f"{server}/#closed")
    browser.find_element("id", "closed-deal").click()
    wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "the hand")
    entry = kept(browser, "closed")
    # The closed game's session gone (expired, the database reset); open-face's entry not
    # even JSON; then the page reloaded.
    browser.execute_script(
        "window.sessionStorage.setItem('chinese-poker.closed', JSON.stringify(arguments[0]));"
        "window.sessionStorage.setItem('chinese-poker.ofc', '{not json');",
        {**entry, "session": "no-such-session-0000"},
    )
    browser.refresh()
    wait_loaded(browser)
    assert browser.find_element("id", "view-closed").is_displayed()
    assert browser.find_element("id", "closed-deal").is_displayed()
    assert not browser.find_element("id", "closed-play").is_displayed()
    assert not browser.find_element("id", "closed-result").is_displayed()
    assert "ended on the server" in browser.find_element("id", "status").text
    assert kept(browser, "closed") is None and kept(browser, "ofc") is None
    # A token that is no seat of a real session is dropped alike.
    browser.find_element("id", "closed-deal").click()
    wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "a new hand")
    entry = kept(browser, "closed")
    browser.execute_script(
        "window.sessionStorage.setItem('chinese-poker.closed', JSON.stringify(arguments[0]));",
        {**entry, "token": "not-the-token"},
    )
    browser.refresh()
    wait_loaded(browser)
    assert not browser.find_element("id", "closed-play").is_displayed()
    assert kept(browser, "closed") is None
    # The start screen works: a new deal is dealt and kept.
    browser.find_element("id", "closed-deal").click()
    wait(browser, lambda d: len(by_css(d, "#closed-hand button.card")) == 13, "a new hand")
    assert kept(browser, "closed")["session"] != entry["session"]
