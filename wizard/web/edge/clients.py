"""Who a request comes from: an enrolled kiosk screen (its long-lived signed cookie, set when a clerk
enrols the screen: wizard/web/kiosk/screens.py) or a network address. The limits count clients so
(`client_key`), and the kiosk pages ask whether this browser is a screen (`screen_id`)."""
from __future__ import annotations

import ipaddress

from flask import current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer

SCREEN_COOKIE = "wizard_kiosk_screen"
SCREEN_MAX_AGE = 400 * 86400  # seconds: the longest a browser keeps a cookie (Chromium caps it at 400 days)


def _screens() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt="kiosk-screen")


def screen_cookie_value(screen: str) -> str:
    return _screens().dumps(screen)


def screen_id() -> str | None:
    """The enrolled screen this request comes from (its signed cookie), or None."""
    if "kiosk_screen" not in g:
        cookie = request.cookies.get(SCREEN_COOKIE)
        try:
            # No cookie (every phone and laptop): no serializer to build, no signature to refuse.
            value = _screens().loads(cookie) if cookie else None
        except BadSignature:
            value = None
        g.kiosk_screen = value if isinstance(value, str) else None
    return g.kiosk_screen


def client_key() -> str:
    """Who a limit counts: a kiosk screen, an IPv4 address, or an IPv6 /64."""
    screen = screen_id()
    if screen is not None:
        return f"screen:{screen}"
    return address_key()


def address_key() -> str:
    """The request's network address as a limit counts it: IPv4, or an IPv6 address's /64 (one home
    or phone gets a whole /64 and may use any address in it)."""
    address = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
