"""Reading pages as a user's browser would: parse the HTML and find things by CSS selector
(BeautifulSoup with soupsieve), rather than matching regular expressions against markup."""
from __future__ import annotations

from bs4 import BeautifulSoup


def parse(page) -> BeautifulSoup:
    """A response (or its text) as a document."""
    text = page if isinstance(page, str) else page.get_data(as_text=True)
    return BeautifulSoup(text, "html.parser")


def texts(page, selector: str) -> list[str]:
    """The visible text of every element the selector finds, whitespace collapsed."""
    return [" ".join(element.get_text(" ").split()) for element in parse(page).select(selector)]


def links(page, selector: str = "a[href]") -> list[str]:
    return [element["href"] for element in parse(page).select(selector)]
