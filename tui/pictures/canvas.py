"""A tiny drawing surface with two outputs: SVG text and a matplotlib figure (PNG).

The board picture is built once as a list of shapes (rectangles, circles, polygons,
lines, text) in pixel coordinates, y downwards; :meth:`Canvas.svg` writes them as SVG
and :meth:`Canvas.png` draws the same shapes with matplotlib (the package's ``plot``
extra), so the PNG needs no SVG converter. Groups carry ``data-*`` attributes in the SVG (the
tests read them back) and are ignored by the PNG.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from core.atomic import write_with
from core.extras import require_extra

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"


@dataclass
class Shape:
    kind: str  # rect / circle / polygon / line / text / group / end
    args: dict[str, Any] = field(default_factory=dict)


class Canvas:
    """Shapes in drawing order; ``group``/``end`` bracket a space's shapes."""

    def __init__(self, width: float, height: float, background: str = "#ffffff") -> None:
        self.width = width
        self.height = height
        self.background = background
        self.shapes: list[Shape] = []

    # --- building ------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none",
             stroke: str = "none", width: float = 1.0, rx: float = 0.0, dash: str = "",
             opacity: float = 1.0, title: str = "") -> None:
        self.shapes.append(Shape("rect", dict(x=x, y=y, w=w, h=h, fill=fill, stroke=stroke,
                                              width=width, rx=rx, dash=dash,
                                              opacity=opacity, title=title)))

    def circle(self, cx: float, cy: float, r: float, *, fill: str = "none",
               stroke: str = "none", width: float = 1.0, title: str = "") -> None:
        self.shapes.append(Shape("circle", dict(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke,
                                                width=width, title=title)))

    def polygon(self, points: list[tuple[float, float]], *, fill: str = "none",
                stroke: str = "none", width: float = 1.0, opacity: float = 1.0,
                title: str = "") -> None:
        self.shapes.append(Shape("polygon", dict(points=points, fill=fill, stroke=stroke,
                                                 width=width, opacity=opacity, title=title)))

    def line(self, points: list[tuple[float, float]], *, stroke: str = "#000",
             width: float = 1.0, dash: str = "", opacity: float = 1.0) -> None:
        self.shapes.append(Shape("line", dict(points=points, stroke=stroke, width=width,
                                              dash=dash, opacity=opacity)))

    def text(self, x: float, y: float, text: str, *, size: float = 12.0,
             fill: str = "#000", anchor: str = "start", weight: str = "normal",
             halo: str = "") -> None:
        """Text with its baseline at ``y``; ``anchor`` start / middle / end; ``halo`` a
        colour drawn behind the letters so they stay readable over lines."""
        self.shapes.append(Shape("text", dict(x=x, y=y, text=text, size=size, fill=fill,
                                              anchor=anchor, weight=weight, halo=halo)))

    def group(self, cls: str, **data: Any) -> None:
        self.shapes.append(Shape("group", dict(cls=cls, data=data)))

    def end(self) -> None:
        self.shapes.append(Shape("end"))

    # --- SVG -------------------------------------------------------------------------------
    def svg(self, *, css: str = "", title: str = "") -> str:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:.0f} '
            f'{self.height:.0f}" width="{self.width:.0f}" height="{self.height:.0f}" '
            f'font-family={quoteattr(FONT)} role="img">'
        ]
        if title:
            out.append(f"<title>{escape(title)}</title>")
        if css:
            out.append(f"<style>{css}</style>")
        out.append(f'<rect x="0" y="0" width="{self.width:.0f}" height="{self.height:.0f}" '
                   f'fill="{self.background}"/>')
        for s in self.shapes:
            out.append(_svg_shape(s))
        out.append("</svg>")
        return "\n".join(x for x in out if x)

    # --- PNG -------------------------------------------------------------------------------
    def png(self, path: str | Path, scale: float = 1.0) -> Path:
        """Draw the shapes with matplotlib's Agg backend into a PNG file (needs the
        ``plot`` extra)."""
        matplotlib = require_extra("plot", "a PNG picture")

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib import patches
        from matplotlib.patheffects import withStroke

        dpi = 100
        fig = plt.figure(figsize=(self.width * scale / dpi, self.height * scale / dpi),
                         dpi=dpi)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, self.width)
        ax.set_ylim(self.height, 0)
        ax.axis("off")
        fig.patch.set_facecolor(self.background)
        px = 72.0 / dpi * scale  # one drawing pixel in points
        for z, s in enumerate(self.shapes, start=1):
            a = s.args
            if s.kind == "rect":
                style = f"round,pad=0,rounding_size={a['rx']}" if a["rx"] else "square,pad=0"
                ax.add_patch(patches.FancyBboxPatch(
                    (a["x"], a["y"]), a["w"], a["h"], boxstyle=style,
                    facecolor=_mpl(a["fill"]), edgecolor=_mpl(a["stroke"]),
                    linewidth=a["width"] * px if a["stroke"] != "none" else 0,
                    linestyle=_dash(a["dash"]), alpha=a["opacity"], zorder=z))
            elif s.kind == "circle":
                ax.add_patch(patches.Circle(
                    (a["cx"], a["cy"]), a["r"], facecolor=_mpl(a["fill"]),
                    edgecolor=_mpl(a["stroke"]),
                    linewidth=a["width"] * px if a["stroke"] != "none" else 0, zorder=z))
            elif s.kind == "polygon":
                ax.add_patch(patches.Polygon(
                    a["points"], closed=True, facecolor=_mpl(a["fill"]),
                    edgecolor=_mpl(a["stroke"]),
                    linewidth=a["width"] * px if a["stroke"] != "none" else 0,
                    alpha=a["opacity"], zorder=z))
            elif s.kind == "line":
                xs, ys = zip(*a["points"], strict=True)
                ax.plot(xs, ys, color=a["stroke"], linewidth=a["width"] * px,
                        linestyle=_dash(a["dash"]), alpha=a["opacity"], zorder=z,
                        solid_capstyle="round")
            elif s.kind == "text":
                effects = [withStroke(linewidth=3 * px, foreground=a["halo"])] \
                    if a["halo"] else None
                ax.text(a["x"], a["y"], a["text"], fontsize=a["size"] * px, color=a["fill"],
                        ha={"start": "left", "middle": "center", "end": "right"}[a["anchor"]],
                        va="baseline", fontweight=a["weight"], zorder=z,
                        family="DejaVu Sans", path_effects=effects)
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            write_with(target, lambda tmp: fig.savefig(tmp, format="png", dpi=dpi,
                                                       facecolor=self.background))
        finally:
            plt.close(fig)
        return target


def _mpl(colour: str) -> str:
    return "none" if colour == "none" else colour


def _dash(dash: str) -> Any:
    if not dash:
        return "solid"
    on, off = (float(x) for x in dash.split()[:2])
    return (0, (on / 1.5, off / 1.5))


def _attrs(**kw: Any) -> str:
    return " ".join(f'{k.replace("_", "-")}={quoteattr(str(v))}' for k, v in kw.items()
                    if v not in ("", None))


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _svg_shape(s: Shape) -> str:
    a = s.args
    title = f"<title>{escape(a['title'])}</title>" if a.get("title") else ""
    if s.kind == "group":
        data = " ".join(f"data-{k.replace('_', '-')}={quoteattr(str(v))}"
                        for k, v in a["data"].items())
        return f'<g class={quoteattr(a["cls"])} {data}>'
    if s.kind == "end":
        return "</g>"
    if s.kind == "rect":
        attrs = _attrs(x=_num(a["x"]), y=_num(a["y"]), width=_num(a["w"]),
                       height=_num(a["h"]), rx=_num(a["rx"]) if a["rx"] else "",
                       fill=a["fill"], stroke=a["stroke"],
                       stroke_width=_num(a["width"]) if a["stroke"] != "none" else "",
                       stroke_dasharray=a["dash"],
                       opacity=a["opacity"] if a["opacity"] != 1.0 else "")
        return f"<rect {attrs}>{title}</rect>" if title else f"<rect {attrs}/>"
    if s.kind == "circle":
        attrs = _attrs(cx=_num(a["cx"]), cy=_num(a["cy"]), r=_num(a["r"]), fill=a["fill"],
                       stroke=a["stroke"],
                       stroke_width=_num(a["width"]) if a["stroke"] != "none" else "")
        return f"<circle {attrs}>{title}</circle>" if title else f"<circle {attrs}/>"
    if s.kind == "polygon":
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in a["points"])
        attrs = _attrs(points=pts, fill=a["fill"], stroke=a["stroke"],
                       stroke_width=_num(a["width"]) if a["stroke"] != "none" else "",
                       stroke_linejoin="round",
                       opacity=a["opacity"] if a["opacity"] != 1.0 else "")
        return f"<polygon {attrs}>{title}</polygon>" if title else f"<polygon {attrs}/>"
    if s.kind == "line":
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in a["points"])
        attrs = _attrs(points=pts, fill="none", stroke=a["stroke"],
                       stroke_width=_num(a["width"]), stroke_dasharray=a["dash"],
                       stroke_linecap="round", stroke_linejoin="round",
                       opacity=a["opacity"] if a["opacity"] != 1.0 else "")
        return f"<polyline {attrs}/>"
    if s.kind == "text":
        attrs = _attrs(x=_num(a["x"]), y=_num(a["y"]), font_size=_num(a["size"]),
                       fill=a["fill"], text_anchor=a["anchor"],
                       font_weight=a["weight"] if a["weight"] != "normal" else "")
        if a["halo"]:
            attrs += (f' stroke="{a["halo"]}" stroke-width="3" paint-order="stroke" '
                      'stroke-linejoin="round"')
        return f"<text {attrs}>{escape(a['text'])}</text>"
    raise ValueError(f"unknown shape {s.kind}")
