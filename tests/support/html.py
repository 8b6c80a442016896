"""Reading pages as a user's browser would: parse the HTML and find things by CSS selector
(BeautifulSoup with soupsieve), rather than matching regular expressions against markup."""
from __future__ import annotations

from bs4 import BeautifulSoup

FIELDS = "input[name], textarea[name], select[name]"


def parse(page) -> BeautifulSoup:
    """A response (or its text) as a document."""
    text = page if isinstance(page, str) else page.get_data(as_text=True)
    return BeautifulSoup(text, "html.parser")


def texts(page, selector: str) -> list[str]:
    """The visible text of every element the selector finds, whitespace collapsed."""
    return [" ".join(element.get_text(" ").split()) for element in parse(page).select(selector)]


def links(page, selector: str = "a[href]") -> list[str]:
    return [element["href"] for element in parse(page).select(selector)]


def attributes(page, selector: str, attribute: str) -> list[str]:
    """One attribute of every element the selector finds that carries it (`action` of forms, `src` of images)."""
    return [element[attribute] for element in parse(page).select(selector) if element.has_attr(attribute)]


def field_names(page) -> set[str]:
    """The names of every field a form on the page sends."""
    return {element["name"] for element in parse(page).select(FIELDS)}


def field_values(page, name: str) -> list[str]:
    """What the fields called `name` show: a box's text, a chosen option; for radios and checkboxes, the ticked ones."""
    values = []
    for element in parse(page).select(FIELDS):
        if element["name"] != name:
            continue
        if element.name == "textarea":
            values.append(element.get_text())
        elif element.name == "select":
            values += [option.get("value", option.get_text()) for option in element.select("option[selected]")]
        elif element.get("type") not in ("radio", "checkbox") or element.has_attr("checked"):
            values.append(element.get("value", ""))
    return values


def field(page, name: str):
    """The one visible field called `name` (the first, for radios), or None."""
    for element in parse(page).select(FIELDS):
        if element["name"] == name and element.get("type") != "hidden":
            return element
    return None


def csrf_token(page) -> str:
    """The CSRF token a form on the page sends back."""
    found = parse(page).select_one('input[name="csrf_token"]')
    return found["value"] if found is not None else ""


def refresh(page) -> tuple[int, str] | None:
    """A `<meta http-equiv="refresh">`: its seconds and where it leads, or None."""
    meta = parse(page).select_one('meta[http-equiv="refresh"]')
    if meta is None:
        return None
    seconds, _, target = meta["content"].partition(";")
    return int(seconds), target.strip().removeprefix("url=")


def unsigned(urls) -> list[str]:
    """The clerks' links without the site's signature, each checked to carry one."""
    bare = []
    for url in urls:
        base, separator, signature = url.rpartition("sig=")
        assert separator and signature and base[-1:] in "?&", f"not a signed link: {url}"
        bare.append(base[:-1])
    return bare
