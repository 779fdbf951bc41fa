"""The field tables of ``docs/state-format.md``, generated from the save format's JSON
Schema (``core/data/save.schema.json``) so the page and the schema cannot drift apart.

Each table sits between two markers in the page::

    <!-- schema-table: state Board -->
    | field | type | range | meaning (rule) |
    ...
    <!-- end schema-table -->

``save`` is the save object, ``log-entry`` a log entry, and ``state GROUP`` the
GameState fields whose ``x-group`` is GROUP. The type column is read from the schema's
keywords, the range column from its bounds, enums and constants (or its ``x-range`` note
where the rules, not the schema, bound the value), the meaning from ``description``.

``python -m core.game.schema_doc`` says whether the page is up to date (exit 1 and a diff if
not); ``--write`` rewrites its tables.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path
from typing import Any

from core.game.serialize import schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "state-format.md"
_TABLE = re.compile(r"(<!-- schema-table: (?P<name>[^>]*?) -->\n)(?P<body>.*?)"
                    r"(<!-- end schema-table -->)", re.S)
_TYPES = {"integer": "integer", "boolean": "boolean", "string": "string", "null": "null",
          "object": "object", "array": "list"}


def _resolved(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """``node`` with the definition its ``$ref`` names merged under it."""
    ref = node.get("$ref", "")
    if not ref.startswith("#/$defs/"):
        return node
    target = _resolved(defs[ref.removeprefix("#/$defs/")], defs)
    return {**target, **{k: v for k, v in node.items() if k != "$ref"}}


def _plural(text: str) -> str:
    """``text`` for several entries: ``card numbers``, ``lists of 12 integers``."""
    if text.startswith("list of "):
        return f"lists of {text.removeprefix('list of ')}"
    if text.startswith("["):
        return f"`{text}`"
    if not re.fullmatch(r"[A-Za-z ]+", text) or " or " in text:
        return f"entries, each {text}"
    return f"{text[:-1]}ies" if text.endswith("y") else f"{text}s"


def type_of(node: dict[str, Any], defs: dict[str, Any]) -> str:
    """The JSON type of a schema node in words: ``list of 47 integers``."""
    node = _resolved(node, defs)
    if "title" in node:
        return "GameState object" if node["title"] == "GameState" else node["title"]
    if "const" in node or "enum" in node:
        values = [node["const"]] if "const" in node else node["enum"]
        names = {"null" if v is None else _TYPES[_json_type(v)] for v in values}
        return " or ".join(sorted(names, key=lambda n: n == "null"))
    kinds = node.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if kinds == ["array"]:
        size = node.get("minItems") if node.get("minItems") == node.get("maxItems") else None
        item = type_of(node.get("items", {}), defs)
        return f"list of {'' if size is None else f'{size} '}{_plural(item)}"
    if kinds == ["object"] and "propertyNames" in node:
        key = type_of(node["propertyNames"], defs)
        value = node.get("additionalProperties", {})
        shown = _resolved(value, defs).get("title") or range_of(value, defs) \
            or type_of(value, defs)
        return f"object, {key} (as a string key) -> {shown}"
    if kinds:
        return " or ".join(_TYPES[k] for k in sorted(kinds, key=lambda k: k == "null"))
    return "JSON value"


def _json_type(value: Any) -> str:
    return {bool: "boolean", int: "integer", str: "string", float: "integer",
            list: "array", dict: "object"}[type(value)]


def range_of(node: dict[str, Any], defs: dict[str, Any]) -> str:
    """The values a schema node allows beyond its type: ``-2..2``, ``each >= 0``."""
    if "x-range" in node:
        return str(node["x-range"])
    node = _resolved(node, defs)
    if "x-range" in node:
        return str(node["x-range"])
    if "const" in node:
        return f"always `{json.dumps(node['const'], ensure_ascii=False)}`"
    if "enum" in node:
        return ", ".join(f"`{json.dumps(v, ensure_ascii=False)}`" for v in node["enum"])
    lo, hi = node.get("minimum"), node.get("maximum")
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    if hi is not None:
        return f"<= {hi}"
    if "items" in node:
        inner = range_of(node["items"], defs)
        return f"each {inner}" if inner else ""
    return ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def table(name: str, whole: dict[str, Any] | None = None) -> str:
    """The Markdown table the marker ``name`` stands for."""
    whole = schema() if whole is None else whole
    defs = whole["$defs"]
    if name == "save":
        record = whole
    elif name == "log-entry":
        record = defs["LogEntry"]
    elif name.startswith("state "):
        record = defs["GameState"]
    else:
        raise ValueError(f"no schema table named {name!r}")
    group = name.removeprefix("state ") if name.startswith("state ") else None
    rows = ["| field | type | range | meaning (rule) |",
            "|-------|------|-------|----------------|"]
    for field, node in record["properties"].items():
        if group is not None and node.get("x-group") != group:
            continue
        kind = type_of(node, defs)
        if field not in record.get("required", []):
            kind = f"optional {kind}"
        rows.append(f"| `{field}` | {_cell(kind)} | {_cell(range_of(node, defs))} | "
                    f"{_cell(node.get('description', ''))} |")
    if len(rows) == 2:
        raise ValueError(f"the schema has no field for the table {name!r}")
    return "\n".join(rows) + "\n"


def render(text: str, whole: dict[str, Any] | None = None) -> str:
    """``text`` (the page) with every marked table generated again from the schema."""
    return _TABLE.sub(lambda m: m.group(1) + table(m.group("name"), whole) + m.group(4),
                      text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.game.schema_doc", description=__doc__
                                     .splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the page's tables")
    parser.add_argument("--doc", type=Path, default=DOC, help="the page (%(default)s)")
    args = parser.parse_args(argv)
    text = args.doc.read_text(encoding="utf-8")
    if not _TABLE.search(text):
        print(f"{args.doc}: no <!-- schema-table: ... --> marker", file=sys.stderr)
        return 2
    new = render(text)
    if args.write:
        if new != text:
            args.doc.write_text(new, encoding="utf-8")
        print(f"{args.doc}: {'rewritten' if new != text else 'already up to date'}")
        return 0
    if new == text:
        print(f"{args.doc}: the tables match the schema")
        return 0
    sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                               str(args.doc), "generated"))
    print(f"{args.doc}: out of date: python -m core.game.schema_doc --write", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
