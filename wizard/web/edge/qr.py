"""QR codes as SVG images (segno): shown inline as data URIs, so they work with JavaScript off."""
from __future__ import annotations

import segno
from segno import DataOverflowError


def qr_svg_uri(text: str) -> str | None:
    """An SVG QR code of `text`, dark on white with the standard quiet zone, as a data: URI; None
    when `text` is more than the largest QR code holds (a link carrying very long answers)."""
    try:
        code = segno.make(text, error="m")
    except DataOverflowError:
        return None
    return code.svg_data_uri(scale=5, border=4, dark="#0b0c0c", light="#ffffff")
