"""Where mypyc would run the compiled modules differently from plain Python, found from
mypy's types (not a timing; issue 39 item 3; docs/performance.md, "The compiled engine").

    python benchmarks/compiled_lint.py        # exit 1 and one line a finding, if any

Compiled, a variable, argument or field declared ``int`` is a native integer: an
``IntEnum`` member (a :class:`~core.pieces.Piece`, a :class:`~core.pieces.Faction`) stored
in it comes back a plain int, without its ``label`` and never ``is`` the member, while
plain Python keeps the member (mypy narrows the variable to it, so it type-checks). Two
findings, in the modules of ``core.engine.COMPILED_MODULES``:

* a name declared ``int`` (or bool) whose type where it is used is an enum (a loop
  variable first bound to an int and then to ``Piece(kind)``): give the enum its own name;
* an ``is`` / ``is not`` between an int-typed expression and an enum member: compare
  with ``==``, or type the expression as the enum.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout first

from mypy import build  # noqa: E402
from mypy.modulefinder import BuildSource  # noqa: E402
from mypy.nodes import ComparisonExpr, Expression, NameExpr, Var  # noqa: E402
from mypy.options import Options  # noqa: E402
from mypy.types import Instance, Type, get_proper_type  # noqa: E402

from core import engine  # noqa: E402


def _enum(t: Type) -> bool:
    p = get_proper_type(t)
    return isinstance(p, Instance) and p.type.is_enum


def _native_int(t: Type) -> bool:
    p = get_proper_type(t)
    return isinstance(p, Instance) and p.type.fullname in ("builtins.int", "builtins.bool")


def findings(root: Path = ROOT) -> list[str]:
    options = Options()
    options.export_types = True
    options.incremental = False
    options.python_version = (3, 11)
    options.ignore_missing_imports = True
    modules = engine.COMPILED_MODULES
    sources = [BuildSource(str(engine.source_path(m, root)), m) for m in modules]
    types = build.build(sources, options).types
    hits: set[tuple[int, int, str]] = set()
    for expr, typ in types.items():
        node = expr.node if isinstance(expr, NameExpr) else None
        declared = node.type if isinstance(node, Var) else None
        if declared is not None and _native_int(declared) and _enum(typ):
            assert isinstance(expr, NameExpr)
            hits.add((expr.line, expr.column,
                      f"{expr.name} is declared {declared} but holds {typ}"))
        if isinstance(expr, ComparisonExpr):
            pairs: list[tuple[str, Expression, Expression]] = list(
                zip(expr.operators, expr.operands, expr.operands[1:], strict=False))
            for op, left, right in pairs:
                if op in ("is", "is not") and left in types and right in types:
                    lt, rt = types[left], types[right]
                    if (_native_int(lt) and _enum(rt)) or (_enum(lt) and _native_int(rt)):
                        hits.add((expr.line, expr.column, f"'{op}' between {lt} and {rt}"))
    # mypy's expressions carry a line and column but no file: name each module whose
    # source has the finding's text there
    texts = {m: engine.source_path(m, root).read_text(encoding="utf-8").splitlines()
             for m in modules}
    out = []
    for line, column, message in sorted(hits):
        word = message.split()[0].strip("'")
        for module, lines in texts.items():
            if line <= len(lines) and word in lines[line - 1][column:]:
                out.append(f"{engine.source_path(module, Path('.'))}:{line}: {message}")
    return out


def main() -> int:
    found = findings()
    for line in found:
        print(line)
    print(f"compiled_lint: {len(found)} finding(s) in {len(engine.COMPILED_MODULES)} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
