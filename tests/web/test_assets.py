"""Text is sent compressed; static files are cached a year under versioned URLs; pages never are."""
from __future__ import annotations

import gzip
import re


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_pages_are_sent_gzipped_to_browsers_that_accept_it_and_still_never_cached(client):
    response = client.get("/clerks", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.headers["Cache-Control"] == "no-store"
    assert b"For clerks" in gzip.decompress(response.data)


def test_pages_name_their_static_files_by_content_and_htmx_stays_pinned(client):
    urls = static_urls(client.get("/").get_data(as_text=True))
    assert any(re.fullmatch(r"/static/htmx-2\.0\.11\.min\.js\?v=[0-9a-f]{12}", u) for u in urls)
    assert len(urls) == 3 and all("?v=" in u for u in urls)


def test_a_versioned_static_file_is_cached_for_a_year_and_compressed(client):
    for url in static_urls(client.get("/").get_data(as_text=True)):
        response = client.get(url, headers={"Accept-Encoding": "br, gzip"})
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["Content-Encoding"] in ("br", "gzip")


def test_a_stale_or_missing_version_is_revalidated_not_kept(client):
    for url in ("/static/style.css", "/static/style.css?v=000000000000"):
        response = client.get(url)
        assert response.status_code == 200
        assert "immutable" not in response.headers.get("Cache-Control", "")
