"""Card text in every notation (RULES §1 and §11 vectors 1–2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import chinese_poker as cp
from chinese_poker import format_cards, parse_cards, parse_ranks


def code(rank: str, suit: str) -> int:
    return 4 * "23456789TJQKA".index(rank) + "cdhs".index(suit)


AS, TH, TD = code("A", "s"), code("T", "h"), code("T", "d")


@pytest.mark.parametrize(
    "text",
    [
        "As 10h Td",
        "as,10H-tD",
        "AS10HTD",
        "A♠ 10♥ T♦",
        "A♠10♥T♦",
        "A♤ 10♡ T♢",
        "A♠\ufe0f 10♥\ufe0f T♦\ufe0f",
        "  As\t10h\nTd  ",
        "Аs 10h Тd",  # Cyrillic А and Т folded under intl (RULES §1.2)
    ],
)
def test_intl_forms(text: str) -> None:
    assert parse_cards(text) == [AS, TH, TD]


def test_codes_are_4_rank_plus_suit() -> None:
    assert parse_cards("2c 2d 2h 2s As") == [0, 1, 2, 3, 51]
    assert cp.RANKS[51 // 4] == "A" and cp.SUITS[51 % 4] == "s"


def test_vector_1_ru_latin_ranks() -> None:
    # RULES §11 vector 1 (seed 000): ace first, V as a second spelling of the jack
    assert parse_ranks("T-2-3-4-5-6-7-8-9-10-V-D-K", notation="ru_latin") == [
        12,
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
    ]
    assert parse_cards("Bc Dd Kh Ts", notation="ru_latin") == [
        code("J", "c"),
        code("Q", "d"),
        code("K", "h"),
        code("A", "s"),
    ]


SEED_004 = "2♣4♥4♣4♦4♠5♦5♠5♣6♥7♥8♥9♥Т♥"  # Cyrillic Т (U+0422)


def test_vector_2_cyrillic_homoglyphs() -> None:
    assert "\u0422" in SEED_004
    intl = parse_cards(SEED_004, notation="intl")
    assert len(intl) == 13 and intl[-1] == TH
    ru = parse_cards(SEED_004, notation="ru_cyrillic")
    assert len(ru) == 13 and ru[-1] == code("A", "h")
    with pytest.raises(cp.AmbiguousNotationError):
        parse_cards(SEED_004, notation="auto")
    assert parse_cards("А♠К♥J♦", notation="auto") == [AS, code("K", "h"), code("J", "d")]
    assert parse_cards("А♣А♥Т♠", notation="auto") == [
        code("A", "c"),
        code("A", "h"),
        code("T", "s"),
    ]


def test_auto_rules() -> None:
    assert parse_cards("Ts Bh", notation="auto") == [code("A", "s"), code("J", "h")]  # step 1
    assert parse_cards("10s Th", notation="auto") == [code("T", "s"), code("A", "h")]  # step 3
    assert parse_cards("2s 3h 9d", notation="auto") == [
        code("2", "s"),
        code("3", "h"),
        code("9", "d"),
    ]
    assert parse_cards("13h 1d", notation="auto") == [code("K", "h"), code("A", "d")]
    with pytest.raises(cp.AmbiguousNotationError, match="notation"):
        parse_cards("Ts 2h", notation="auto")


def test_numeric() -> None:
    assert parse_cards("1d 13h 11c 12s 10h", notation="numeric") == [
        code("A", "d"),
        code("K", "h"),
        code("J", "c"),
        code("Q", "s"),
        TH,
    ]
    with pytest.raises(cp.InvalidCardError):
        parse_cards("14h", notation="numeric")


def test_errors_name_token_and_position() -> None:
    with pytest.raises(cp.InvalidCardError) as e:
        parse_cards("As Ks Xh")
    assert (e.value.token, e.value.position) == ("Xh", 6)
    assert "Xh" in str(e.value) and "6" in str(e.value)
    with pytest.raises(cp.DuplicateCardError) as d:
        parse_cards("As Kd as")
    assert (d.value.card, d.value.position, d.value.first) == ("As", 6, 0)
    with pytest.raises(cp.InvalidCardError):
        parse_cards("As K")  # rank without suit
    with pytest.raises(cp.InvalidCardError):
        parse_cards("Ax")
    with pytest.raises(cp.InvalidCardError):
        parse_cards("Jc", notation="ru_latin")  # J is not a Russian rank
    with pytest.raises(cp.OptionError):
        parse_cards("As", notation="klingon")  # type: ignore[arg-type]
    assert parse_cards("") == []


def test_format_cards() -> None:
    assert format_cards([51, 34, 0]) == "As Th 2c"
    assert format_cards([51, 34, 0], style="unicode") == "A♠ T♥ 2♣"
    with pytest.raises(cp.InvalidCardError):
        format_cards([52])
    with pytest.raises(cp.OptionError):
        format_cards([1], style="fancy")  # type: ignore[arg-type]


@given(
    st.lists(st.integers(0, 51), unique=True, max_size=52), st.sampled_from(["ascii", "unicode"])
)
def test_format_parse_round_trip(codes: list[int], style: str) -> None:
    text = format_cards(codes, style=style)  # type: ignore[arg-type]
    assert parse_cards(text) == codes
    assert parse_cards(text.replace(" ", "")) == codes
    try:
        assert parse_cards(text, notation="auto") == codes
    except cp.AmbiguousNotationError:
        # only a bare T (ten or Russian ace) with no J/Q/A/10 to decide is ambiguous
        assert "T" in text and not any(r in text for r in "JQA")


@given(
    st.text(max_size=40), st.sampled_from(["intl", "ru_latin", "ru_cyrillic", "numeric", "auto"])
)
def test_fuzz_parser(text: str, notation: str) -> None:
    try:
        codes = parse_cards(text, notation=notation)  # type: ignore[arg-type]
    except cp.ChinesePokerError:
        return
    assert len(set(codes)) == len(codes) and all(0 <= c < 52 for c in codes)
