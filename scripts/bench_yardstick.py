"""The fair yardstick of scripts/bench.py's served rows: a bare Flask app that does what any small
site does for a page, served by the same waitress with the same threads as `wizard serve`.

    python scripts/bench_yardstick.py   # the size of its page, plain and compressed
"""
from __future__ import annotations

import contextlib
import sys

# The fair yardstick: what any small Flask site does for a page, on the same waitress and threads, so
# that the step's ratio to it says what the wizard's own work costs: one row read from SQLite (a
# connection kept per thread) and a 6 KB Jinja template rendered from it (compiled once, as Flask's
# loader keeps it), compressed by Flask-Compress (its defaults, the app's content types) for the
# same browser Accept-Encoding. The "Hello" route beside it sends five bytes and reads nothing.
FAIR = """
import sqlite3, sys, threading, waitress
from flask import Flask
from flask_compress import Compress
app = Flask("fair")
app.config["COMPRESS_MIMETYPES"] = ["text/html", "text/css", "text/javascript", "application/javascript",
                                    "application/json", "text/calendar", "text/plain"]
Compress(app)
PAGE = app.jinja_env.from_string(sys.argv[4])
kept = threading.local()
@app.get("/")
def page():
    if not hasattr(kept, "db"):
        kept.db = sqlite3.connect(sys.argv[3])
    name, text, places = kept.db.execute("SELECT name, text, places FROM pages WHERE id = 1").fetchone()
    return PAGE.render(name=name, text=text, places=places.split(","), request_path="/")
waitress.serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=int(sys.argv[2]))
"""
# About 6 KB rendered: a page's frame, a heading, a form of radios and a text field, a few paragraphs.
FAIR_TEMPLATE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ name }}</title>"
                 "<link rel=\"stylesheet\" href=\"/static/site.css\"></head><body><header class=\"header\">"
                 "<a href=\"/\">{{ name }}</a><nav>{% for p in places %}<a href=\"/{{ p }}\">{{ p|title }}</a> "
                 "{% endfor %}</nav></header><main id=\"content\"><h1>{{ name }}: who owns the land?</h1>"
                 "<form method=\"post\" action=\"{{ request_path }}\"><fieldset><legend>{{ text[:60] }}</legend>"
                 "{% for p in places %}<div class=\"radio\"><input type=\"radio\" id=\"o-{{ loop.index }}\" "
                 "name=\"owner\" value=\"{{ p }}\"><label for=\"o-{{ loop.index }}\">{{ p|title }}: {{ text[:80] }}"
                 "</label></div>{% endfor %}</fieldset><label for=\"n\">Event name</label>"
                 "<input id=\"n\" name=\"event_name\" value=\"{{ name }}\"><button>Continue</button></form>"
                 "{% for n in range(22) %}<p>{{ text }} ({{ n }})</p>{% endfor %}</main>"
                 "<footer><p>{{ name }} &middot; {{ places|length }} places</p></footer></body></html>")
FAIR_TEXT = ("A mass gathering of more than a few hundred people needs a permit from the place where it "
             "happens: the ordinance names the sums, the deadlines and the documents to send with it.")
FAIR_PLACES = "baroda,dekalb,whitesboro,wisconsin,private,public"


def fair_database(folder: str) -> str:
    """The fair yardstick's database: one row, read on every request."""
    import sqlite3

    path = f"{folder}/fair.db"
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE pages (id INTEGER PRIMARY KEY, name TEXT, text TEXT, places TEXT)")
        db.execute("INSERT INTO pages VALUES (1, 'Village of Baroda', ?, ?)", (FAIR_TEXT, FAIR_PLACES))
    return path


def rendered() -> str:
    """The yardstick's page as it renders (its size is the one the bench states)."""
    from jinja2 import Environment

    return Environment(autoescape=True).from_string(FAIR_TEMPLATE).render(
        name="Village of Baroda", text=FAIR_TEXT, places=FAIR_PLACES.split(","), request_path="/")


if __name__ == "__main__":
    import gzip

    page = rendered().encode()
    print(f"{len(page)} bytes, {len(gzip.compress(page))} gzipped")
    sys.exit(0)
