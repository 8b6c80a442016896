"""The translation catalogs (docs/decisions/0002-spanish-beside-the-law.md): extract, update and compile them, or check them.

    .venv/bin/python scripts/catalogs.py update   # after changing a text in _(): then translate the new entries
    .venv/bin/python scripts/catalogs.py check    # what ./scripts/test.sh runs: fails on a stale or incomplete catalog

Two domains (wizard/language.py reads both, merged): `messages`, the pages' words (templates/,
wizard/web/, wizard/kinds/, wizard/readable.py), and `engine`, the sentences written below the web
edge (wizard/engine/, interview/, rules/, office/, packet/). Each is extracted with pybabel
(`_`, `gettext`, `ngettext`, `lazy_gettext`; templates with Jinja's extractor) into
wizard/translations/<domain>.pot, merged into wizard/translations/<lang>/LC_MESSAGES/<domain>.po
and compiled to the .mo beside it, which is committed: the server and the installed package
read the .mo, and nothing compiles at start-up. Entries carry no source lines, so moving a
string in a file changes no catalog.

`check` fails when a catalog is stale (a text in the code that the .po lacks, or an entry the code
no longer has), when an entry has no translation or a fuzzy one (every plural form counts), or
when the .mo is not the .po compiled.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("es",)
DOMAINS = {
    "messages": ("templates", "wizard/web", "wizard/kinds", "wizard/readable.py"),
    "engine": ("wizard/engine", "wizard/interview", "wizard/rules", "wizard/office", "wizard/packet"),
}
MAPPING = "[python: **.py]\n[jinja2: **.html]\n"
KEYWORDS = ("-k", "N_", "-k", "_", "-k", "gettext", "-k", "ngettext:1,2", "-k", "lazy_gettext", "-k", "lazy_ngettext:1,2")


def pybabel(*arguments: str, root: Path = ROOT) -> None:
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), "-q", *arguments], cwd=root, check=True)


def extract(domain: str, output: Path, root: Path = ROOT, sources: tuple[str, ...] | None = None) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as mapping:
        mapping.write(MAPPING)
    try:
        found = [s for s in (sources or DOMAINS[domain]) if (root / s).exists()]
        pybabel("extract", "-F", mapping.name, "--no-location", "--omit-header", "--sort-output", *KEYWORDS,
                "-o", str(output), *found, root=root)
    finally:
        Path(mapping.name).unlink()


def po_path(translations: Path, language: str, domain: str) -> Path:
    return translations / language / "LC_MESSAGES" / f"{domain}.po"


def update(root: Path = ROOT) -> None:
    translations = root / "wizard" / "translations"
    for domain in DOMAINS:
        translations.mkdir(parents=True, exist_ok=True)
        template = translations / f"{domain}.pot"
        extract(domain, template, root)
        for language in LANGUAGES:
            po = po_path(translations, language, domain)
            if not po.exists() and not template.read_text(encoding="utf-8").strip():
                template.unlink()  # nothing of this domain in _() yet: no catalog to make
                continue
            command = "update" if po.exists() else "init"
            extra = ("--no-fuzzy-matching", "--ignore-obsolete") if command == "update" else ()
            pybabel(command, "-D", domain, "-i", str(template), "-d", str(translations), "-l", language, *extra,
                    root=root)
            pybabel("compile", "-D", domain, "-d", str(translations), "-l", language, root=root)


def untranslated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return message.fuzzy or not all(strings)


def problems(root: Path = ROOT, sources: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """Every way the catalogs under `root` fall short, one sentence each; [] when they are complete."""
    translations = root / "wizard" / "translations"
    found: list[str] = []
    for domain, paths in (sources or DOMAINS).items():
        with tempfile.TemporaryDirectory() as folder:
            fresh = Path(folder) / f"{domain}.pot"
            extract(domain, fresh, root, paths)
            with fresh.open("rb") as handle:
                wanted = {m.id for m in read_po(handle) if m.id}
        for language in LANGUAGES:
            po = po_path(translations, language, domain)
            if not po.exists():
                if wanted:
                    found.append(f"{po.relative_to(root)} is missing: {len(wanted)} texts to translate "
                                 f"(run scripts/catalogs.py update)")
                continue
            with po.open("rb") as handle:
                catalog = read_po(handle)
            have = {m.id for m in catalog if m.id}
            for missing in sorted(wanted - have, key=str):
                found.append(f"{po.relative_to(root)} is stale: no entry for {first(missing)!r} "
                             f"(run scripts/catalogs.py update)")
            for gone in sorted(have - wanted, key=str):
                found.append(f"{po.relative_to(root)} is stale: {first(gone)!r} is no longer in the code")
            for message in catalog:
                if message.id and message.id in wanted and untranslated(message):
                    found.append(f"{po.relative_to(root)}: {first(message.id)!r} has no {language} translation"
                                 + (" (fuzzy)" if message.fuzzy else ""))
            found += compiled_problems(po, catalog, root)
    return found


def compiled_problems(po: Path, catalog, root: Path) -> list[str]:
    mo = po.with_suffix(".mo")
    if not mo.exists():
        return [f"{mo.relative_to(root)} is missing (run scripts/catalogs.py update)"]
    with mo.open("rb") as handle:
        built = {plain(m.id): plain(m.string) for m in read_mo(handle) if m.id}
    wanted = {plain(m.id): plain(m.string) for m in catalog if m.id and not untranslated(m)}
    return [] if built == wanted else [f"{mo.relative_to(root)} is not {po.name} compiled "
                                        f"(run scripts/catalogs.py update)"]


def plain(value):
    """A plural entry's ids or strings as a tuple, whether read from a .po or a .mo."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def first(message_id) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


def main(arguments: list[str]) -> int:
    if arguments == ["update"]:
        update()
        return 0
    if arguments == ["check"]:
        found = problems()
        for problem in found:
            print(problem, file=sys.stderr)
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
