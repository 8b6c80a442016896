"""QR codes as SVG images (segno): shown inline as data URIs, so they work with JavaScript off."""
from __future__ import annotations

import segno


def qr_svg_uri(text: str) -> str:
    """An SVG QR code of `text`, dark on white with the standard quiet zone, as a data: URI."""
    return segno.make(text, error="m").svg_data_uri(scale=5, border=4, dark="#0b0c0c", light="#ffffff")
