#!/usr/bin/env python3
"""The manual agrees with the README, with `parea --help` and with the code.

Locales/en/parea.6 and Locales/el/parea.6 are written by hand; this keeps them
true. In both languages:

- the pages have the same sections in the same order, and under the keys
  section (the one with subsections) one subsection for the README's
  "Everywhere" sentence and then one per key table of the README's "## Keys",
  in the README's order;
- every key of a README table (each `key` in back quotes, and Enter, Esc,
  Space, Tab, Del, Ctrl-X) is in bold in that table's subsection;
- every option `parea --help` lists, in English and in Greek, is in bold in
  the options section;
- every environment variable the code reads is in bold in the manual.

Usage: check_manual.py BINARY. Prints what is missing and exits 1, or prints
a one-line summary and exits 0.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
NAMED_KEY = re.compile(r"(?<![\w-])(Enter|Esc|Space|Tab|Del|Ctrl-[A-Z])(?![\w-])")
BACKTICKED = re.compile(r"`([^`]+)`")


def keys_in(text):
    """The keys a README cell or sentence names."""
    keys = set(BACKTICKED.findall(text))
    keys.update(NAMED_KEY.findall(BACKTICKED.sub(" ", text)))
    return keys


def readme_keys():
    """(the keys of the "Everywhere" sentence, [(table title, keys)]) from the README's "## Keys"."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split("\n## Keys\n", 1)[1].split("\n## ", 1)[0]
    everywhere = re.search(r"Everywhere:(.*?anywhere\.)", section, re.S)
    if not everywhere:
        sys.exit("README: no 'Everywhere: … anywhere.' sentence under ## Keys")
    tables = []
    for block in re.split(r"\n\s*\n", section):
        rows = [line for line in block.strip().splitlines() if line.startswith("|")]
        if not rows:
            continue
        title = rows[0].strip("| ").strip()
        keys = set()
        for row in rows[2:]:  # after the title row and the |---| row
            for cell in row.strip().strip("|").split(" | "):
                keys |= keys_in(cell)
        tables.append((title, keys))
    return keys_in(everywhere.group(1)), tables


def roff_arguments(line):
    """A request's arguments, with roff's double quotes."""
    return [a if not a.startswith('"') else a[1:-1] for a in re.findall(r'"[^"]*"|\S+', line)]


def unescape(text):
    return text.replace("\\-", "-").replace("\\(->", "→").replace("\\ ", " ").replace("\\&", "")


def bold_words(lines):
    """Every bold word in roff `lines`: .B, the bold halves of .BR/.RB/.BI/.IB, and \\fB…\\f."""
    words = set()
    for line in lines:
        bold = []
        parts = line.split(None, 1)
        request = parts[0] if line.startswith(".") else ""
        arguments = roff_arguments(parts[1]) if len(parts) > 1 and request else []
        if request == ".B":
            bold += arguments
        elif request in (".BR", ".BI"):
            bold += arguments[0::2]
        elif request in (".RB", ".IB"):
            bold += arguments[1::2]
        bold += re.findall(r"\\fB(.*?)\\f[RPI]", line)
        for phrase in bold:
            words.update(unescape(phrase).split())
    return words


def manual(language):
    """[(section title, [subsection title, lines]…, lines)] of Locales/<language>/parea.6."""
    path = os.path.join(ROOT, "Locales", language, "parea.6")
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    sections = []
    for line in lines:
        if line.startswith(".SH"):
            sections.append({"title": unescape(line[3:].strip().strip('"')), "lines": [], "subsections": []})
        elif line.startswith(".SS") and sections:
            sections[-1]["subsections"].append({"title": unescape(line[3:].strip()), "lines": []})
        elif sections:
            sections[-1]["lines"].append(line)
            if sections[-1]["subsections"]:
                sections[-1]["subsections"][-1]["lines"].append(line)
    return sections


def help_options(binary, language):
    environment = dict(os.environ, LC_ALL="", LC_MESSAGES="", LANG="el_GR.UTF-8" if language == "el" else "C")
    output = subprocess.run([binary, "--help"], capture_output=True, text=True, env=environment, check=True).stdout
    options = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])(?![\w-])", output.split("OPTIONS:", 1)[1]))
    if "--lang" not in options:
        sys.exit(f"parea --help ({language}) lists no --lang: cannot read its options")
    return options


def code_environment():
    """The environment variables the code reads (their names as string literals)."""
    names = set()
    pattern = re.compile(r'"((?:XDG|PAREA)_[A-Z_]+|LC_ALL|LC_MESSAGES|LANG|HOME|PATH|TERM)"')
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    names.update(pattern.findall(handle.read()))
    return names


def main():
    binary = sys.argv[1]
    everywhere, tables = readme_keys()
    variables = code_environment()
    problems = []
    pages = {language: manual(language) for language in ("en", "el")}
    english = pages["en"]
    options_index = [s["title"] for s in english].index("OPTIONS")
    for language, sections in pages.items():
        where = f"Locales/{language}/parea.6"
        if len(sections) != len(english):
            problems.append(f"{where}: {len(sections)} sections, the English page has {len(english)}")
            continue
        keyed = [s for s in sections if s["subsections"]]
        if len(keyed) != 1:
            problems.append(f"{where}: {len(keyed)} sections with subsections, expected one (the keys)")
            continue
        subsections = keyed[0]["subsections"]
        expected = [("Everywhere", everywhere)] + tables
        if len(subsections) != len(expected):
            problems.append(
                f"{where}: {len(subsections)} key subsections, the README has {len(expected)} "
                f"(Everywhere + {len(tables)} tables)")
            continue
        for (title, keys), subsection in zip(expected, subsections):
            missing = keys - bold_words(subsection["lines"])
            if missing:
                problems.append(
                    f"{where}: subsection '{subsection['title']}' (README: {title}) lacks in bold: "
                    + " ".join(sorted(missing)))
        options_bold = bold_words(sections[options_index]["lines"])
        for help_language in ("en", "el"):
            missing = help_options(binary, help_language) - options_bold
            if missing:
                problems.append(
                    f"{where}: section '{sections[options_index]['title']}' lacks options of "
                    f"parea --help ({help_language}): " + " ".join(sorted(missing)))
        every_bold = set()
        for section in sections:
            every_bold |= bold_words(section["lines"])
        missing = variables - every_bold
        if missing:
            problems.append(f"{where}: environment variables the code reads, not in bold: " + " ".join(sorted(missing)))
    if problems:
        print("The manual disagrees with the README, parea --help or the code:")
        for problem in problems:
            print("  " + problem)
        sys.exit(1)
    keys = len(everywhere) + sum(len(keys) for _, keys in tables)
    print(
        f"manual: en and el agree with the README ({len(tables)} key tables, {keys} keys), "
        f"parea --help and the {len(variables)} environment variables the code reads")


if __name__ == "__main__":
    main()
