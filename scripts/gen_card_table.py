#!/usr/bin/env python3
"""Generate data/cards-1993-1997.tsv, the card table behind `judge deck` and `judge formats`.

Input: Scryfall card data (one JavaScript module per set, each an array of card
objects as printed by Node's util.inspect), as stored in the public GitHub
repository madeleinehuish/reactPracticeSite, commit
bee09a8b619ad8d73814106b0b0092d2776a4203, folder magicAPI/largeData/full_scryfall/.
Run it with the path of that folder:

    python3 scripts/gen_card_table.py PATH/TO/full_scryfall > data/cards-1993-1997.tsv

Output (tab-separated, UTF-8, sorted, deterministic):
    @set CODE  NAME  RELEASED  KIND         one line per set, KIND core|expansion|collector|promo|portal
    NAME  CODES  FLAGS                      one line per card name
CODES are the sets that printed the name, in release order. FLAGS: B basic land
(snow-covered basics included), L legend (a creature or land whose type line
says Legendary: "Summon Legend" and "Legendary Land" in 1994), A ante card (its
text mentions ante), '-' for none.

Only the sets of the era up to Weatherlight are read. Reprint-only products of
the era (Renaissance, Rinascimento, Summer Magic, Foreign Black Border, the
Introductory Two-Player Set, Rivals Quick Start) add no name and are left out;
gold-bordered and oversized products (Pro Tour Collector Set, World
Championship Decks, Vanguard) were never tournament cards and are left out.
"""

import re
import sys
from pathlib import Path

# Our code, the source file's stem, the kind. Codes follow the Summary's own
# abbreviations where it uses one (RV, 4E, CH, IA, HL, AL, DK, VI, PR).
SETS = [
    ("LA", "Limited_Edition_Alpha", "core"),
    ("LB", "Limited_Edition_Beta", "core"),
    ("UL", "Unlimited_Edition", "core"),
    ("CE", "Collectors_Edition", "collector"),
    ("IE", "Intl__Collectors_Edition", "collector"),
    ("AN", "Arabian_Nights", "expansion"),
    ("AQ", "Antiquities", "expansion"),
    ("RV", "Revised_Edition", "core"),
    ("LG", "Legends", "expansion"),
    ("DK", "The_Dark", "expansion"),
    ("FE", "Fallen_Empires", "expansion"),
    ("4E", "Fourth_Edition", "core"),
    ("IA", "Ice_Age", "expansion"),
    ("CH", "Chronicles", "expansion"),
    ("HL", "Homelands", "expansion"),
    ("AL", "Alliances", "expansion"),
    ("MI", "Mirage", "expansion"),
    ("VI", "Visions", "expansion"),
    ("5E", "Fifth_Edition", "core"),
    ("PO", "Portal", "portal"),
    ("WL", "Weatherlight", "expansion"),
]

SET_NAMES = {
    "LA": "Limited Edition (Alpha)",
    "LB": "Limited Edition (Beta)",
    "UL": "Unlimited Edition",
    "CE": "Collector's Edition",
    "IE": "International Collector's Edition",
    "AN": "Arabian Nights",
    "AQ": "Antiquities",
    "RV": "Revised Edition",
    "LG": "Legends",
    "DK": "The Dark",
    "FE": "Fallen Empires",
    "4E": "Fourth Edition",
    "IA": "Ice Age",
    "CH": "Chronicles",
    "HL": "Homelands",
    "AL": "Alliances",
    "MI": "Mirage",
    "VI": "Visions",
    "5E": "Fifth Edition",
    "PO": "Portal",
    "WL": "Weatherlight",
    "PR": "Promotional cards",
}

# Promotional printings handed out up to the Summary's date (07/15/97).
PROMO_FILES = [
    "Arena_League_1996",
    "DCI_Legend_Membership",
    "Dragon_Con",
    "HarperPrism_Book_Promos",
    "Magazine_Inserts",
]
CUTOFF = "1997-07-15"

STR = r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
KEY = re.compile(r"^    (\w+):\s*" + STR, re.M)


def unquote(s: str) -> str:
    body = s[1:-1]
    return re.sub(r"\\(.)", r"\1", body)


def field(chunk: str, name: str) -> str | None:
    m = re.search(r"^    " + name + r":\s*" + STR, chunk, re.M)
    return unquote(m.group(1)) if m else None


def oracle_text(chunk: str) -> str:
    # Long strings are split as 'a' +\n 'b'; take everything up to the next top-level key.
    m = re.search(r"^    oracle_text:(.*?)(?=^    \w+:)", chunk, re.M | re.S)
    if not m:
        return ""
    return "".join(unquote(p) for p in re.findall(STR, m.group(1)))


def cards(path: Path):
    text = path.read_text(encoding="utf-8")
    for chunk in text.split("{ object: 'card',")[1:]:
        name = field(chunk, "name")
        released = field(chunk, "released_at")
        type_line = field(chunk, "type_line") or ""
        if name is None or released is None:
            sys.exit(f"{path.name}: a card without name or release date")
        yield name, released, type_line, oracle_text(chunk)


def flags(type_line: str, text: str) -> set[str]:
    out = set()
    if type_line.startswith("Basic"):
        out.add("B")
    if type_line.startswith("Legendary") and ("Creature" in type_line or "Land" in type_line):
        out.add("L")
    if re.search(r"\bante\b", text, re.I):
        out.add("A")
    return out


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = Path(sys.argv[1])
    printed: dict[str, list[str]] = {}
    marks: dict[str, set[str]] = {}
    set_lines = []

    def add(code: str, name: str, type_line: str, text: str) -> None:
        printed.setdefault(name, [])
        if code not in printed[name]:
            printed[name].append(code)
        marks.setdefault(name, set()).update(flags(type_line, text))

    for code, stem, kind in SETS:
        dates = set()
        count = 0
        for name, released, type_line, text in cards(root / f"{stem}.js"):
            dates.add(released)
            add(code, name, type_line, text)
            count += 1
        if len(dates) != 1 or count == 0:
            sys.exit(f"{stem}: expected one release date, found {sorted(dates)}")
        set_lines.append((code, SET_NAMES[code], dates.pop(), kind))

    promo_dates = []
    for stem in PROMO_FILES:
        for name, released, type_line, text in cards(root / f"{stem}.js"):
            if released <= CUTOFF:
                promo_dates.append(released)
                add("PR", name, type_line, text)
    # Promos came out over years; the set's date is the first one, each is legal on its own.
    set_lines.append(("PR", SET_NAMES["PR"], min(promo_dates), "promo"))

    order = {code: i for i, (code, *_rest) in enumerate(sorted(set_lines, key=lambda s: (s[2], s[0])))}
    print("# The cards of Magic: The Gathering from Alpha to Weatherlight (1993-1997):")
    print("# which sets printed each name. Generated by scripts/gen_card_table.py; do not edit.")
    for code, name, released, kind in sorted(set_lines, key=lambda s: order[s[0]]):
        print(f"@set\t{code}\t{name}\t{released}\t{kind}")
    for name in sorted(printed, key=lambda n: (n.casefold(), n)):
        codes = " ".join(sorted(printed[name], key=lambda c: order[c]))
        f = "".join(sorted(marks[name])) or "-"
        print(f"{name}\t{codes}\t{f}")


if __name__ == "__main__":
    main()
