"""``andean serve`` (issue 26 item 5): the play and assist apps served by textual-serve on
a free local port, opened in headless Chromium; the board must appear in the screenshot.

Chromium is driven through its DevTools protocol (a websocket, with aiohttp, which
textual-serve brings): the page opens the app's own websocket, which starts ``andean
play`` on the save; the test waits (real time) until the terminal shows more than the
splash, then keeps the screenshot (``ANDEAN_SERVE_SHOT=file.png`` keeps a copy)."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")
Image = pytest.importorskip("PIL.Image")


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") \
        or shutil.which("google-chrome")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, proc: subprocess.Popen, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            said = proc.stdout.read() if proc.stdout else ""
            raise AssertionError(f"andean serve stopped: {said}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError("andean serve did not listen")


def busy_fraction(png: bytes) -> float:
    """The share of pixels that differ from the page's background (the splash is a
    small dark box on a dark page; the board fills the window with text)."""
    image = Image.open(io.BytesIO(png)).convert("RGB").resize((320, 200))
    flat = getattr(image, "get_flattened_data", image.getdata)
    pixels = list(flat())
    background = max(set(pixels), key=pixels.count)
    far = [p for p in pixels if sum(abs(a - b) for a, b in zip(p, background, strict=True)) > 60]
    return len(far) / len(pixels)


async def _shoot(browser_ws: str, url: str, seconds: float) -> tuple[bytes, float]:
    """Open ``url`` in a new tab; screenshots until the board shows (or time is up)."""
    async with aiohttp.ClientSession() as http, http.ws_connect(browser_ws, max_msg_size=0) as ws:
        ids = iter(range(1, 10_000))

        async def call(method: str, session: str | None = None, **params: object) -> dict:
            n = next(ids)
            message: dict = {"id": n, "method": method, "params": params}
            if session:
                message["sessionId"] = session
            await ws.send_str(json.dumps(message))
            while True:
                reply = json.loads((await ws.receive()).data)
                if reply.get("id") == n:
                    assert "error" not in reply, reply
                    return dict(reply["result"])

        target = (await call("Target.createTarget", url="about:blank"))["targetId"]
        session = (await call("Target.attachToTarget", targetId=target,
                              flatten=True))["sessionId"]
        await call("Emulation.setDeviceMetricsOverride", session, width=1280, height=800,
                   deviceScaleFactor=1, mobile=False)
        await call("Page.navigate", session, url=url)
        end = time.monotonic() + seconds
        png, busy = b"", 0.0
        while time.monotonic() < end:
            await asyncio.sleep(1.0)
            shot = await call("Page.captureScreenshot", session, format="png")
            png = base64.b64decode(shot["data"])
            busy = busy_fraction(png)
            if busy > 0.15:
                await asyncio.sleep(2.0)  # let it settle, then the final picture
                png = base64.b64decode((await call("Page.captureScreenshot", session,
                                                   format="png"))["data"])
                return png, busy_fraction(png)
        return png, busy


def _assist_save(path: Path) -> list[str]:
    """A tabletop game whose first card (#12) the table has named, saved at ``path``:
    ``serve assist`` resumes it in the tab (the board, then the first bot turn)."""
    from core.game import serialize
    from tui.commands.play import new_assist_game

    serialize.save(new_assist_game("standard", 3, [1, None, None, None], 12), path)
    return ["--load", str(path)]


APPS = {
    "play": lambda save: ["--as", "FARC", "--govt", "heuristic", "--scenario", "quick",
                          "--seed", "1"],
    "assist": _assist_save,
}


@pytest.mark.skipif(_chromium() is None, reason="no headless browser: install Debian's "
                    "chromium (apt-get install -y chromium)")
@pytest.mark.parametrize("app", sorted(APPS))
def test_served_app_shows_the_board_in_chromium(tmp_path, app):
    port = _free_port()
    save = tmp_path / "served.json"
    serve = subprocess.Popen(
        [sys.executable, "-m", "tui.commands.main", "serve", "--port", str(port), app,
         *APPS[app](save), "--save", str(save)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        start_new_session=True)
    browser = None
    try:
        _wait_port(port, serve)
        assert save.exists()  # the game is made before the first tab opens
        html = _get(f"http://127.0.0.1:{port}/")
        assert "data-session-websocket-url" in html and "textual.js" in html
        browser = subprocess.Popen(
            [_chromium() or "", "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--no-first-run",
             f"--user-data-dir={tmp_path / 'profile'}", "--remote-debugging-port=0",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            start_new_session=True)
        browser_ws = _devtools_url(browser)
        png, busy = asyncio.run(_shoot(browser_ws, f"http://127.0.0.1:{port}/", 90))
        keep = os.environ.get("ANDEAN_SERVE_SHOT")
        if keep:
            Path(keep.replace(".png", f"-{app}.png")).write_bytes(png)
        assert png.startswith(b"\x89PNG")
        assert busy > 0.15, f"only {busy:.0%} of the page drawn: the board did not appear"
    finally:
        serve.send_signal(signal.SIGINT)  # Ctrl-C with the tab still open: a clean stop
        out, _ = serve.communicate(timeout=60)
        if browser is not None:
            os.killpg(browser.pid, signal.SIGTERM)
            browser.wait(timeout=30)
    assert f"Serving {app} on http://127.0.0.1:{port}" in out
    assert "Stopped; the game is saved in" in out or "stopped; the game is saved" in out
    end = time.monotonic() + 20
    while _apps_on(save) and time.monotonic() < end:
        time.sleep(0.5)
    assert not _apps_on(save), "an app process outlived the server"


def _apps_on(save: Path) -> list[int]:
    """The processes still playing ``save`` (Linux /proc)."""
    out = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if str(save).encode() in cmdline.read_bytes() and \
                    b"serve" not in cmdline.read_bytes():
                out.append(int(cmdline.parent.name))
        except OSError:
            continue
    return out


def _get(url: str) -> str:
    from urllib.request import urlopen

    with urlopen(url, timeout=30) as reply:  # noqa: S310 (a local test server)
        return str(reply.read().decode())


def _devtools_url(browser: subprocess.Popen) -> str:
    assert browser.stderr is not None
    end = time.monotonic() + 60
    while time.monotonic() < end:
        line = browser.stderr.readline()
        if "DevTools listening on " in line:
            return line.split("DevTools listening on ", 1)[1].strip()
        if not line and browser.poll() is not None:
            break
    raise AssertionError("chromium gave no DevTools address")
