"""The shape of the code: the engine runs without Flask, and modules import one another without cycles."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE_MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for path in (ROOT / "wizard").rglob("*.py")
    if "web" not in path.relative_to(ROOT / "wizard").parts and path.name != "__main__.py"
    # `wizard serve` is the web app; `wizard reference` documents its settings (DEFAULTS)
    and path.relative_to(ROOT).as_posix() not in {"wizard/cli/serving.py", "wizard/cli/reference.py"}
)


def test_engine_modules_are_found():
    assert {"wizard.engine.assess", "wizard.engine.facts", "wizard.packet.content", "wizard.authoring.checks", "wizard.cli.rules"} <= set(ENGINE_MODULES)


def test_importing_every_engine_module_leaves_flask_unloaded():
    """`wizard assess`, `wizard check` and the packet must work on a machine with no web stack loaded."""
    script = (
        "import importlib, json, sys\n"
        f"for name in {ENGINE_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'flask_wtf', 'wtforms', 'waitress'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_a_started_web_app_has_not_loaded_the_printer_nor_postgresql():
    """The server sends printing to its print workers (wizard/packet/printing.py): importing the web app and
    creating it must not load WeasyPrint, the dearest import of a start; nor psycopg, on an SQLite
    file (wizard/store/__init__.py)."""
    script = (
        "import json, sys\n"
        "from wizard.web.app import create_app\n"
        "app = create_app({'DATABASE': sys.argv[1], 'SECRET_KEY': 'k', 'SWEEPER': False, 'PACKET_PREFETCH': False})\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'pydyf', 'psycopg', 'psycopg_pool'))))\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([sys.executable, "-c", script, str(Path(folder) / "wizard.db")], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def _module_imports(path: Path) -> tuple[list[str], list[int]]:
    """Modules a file imports (resolved to absolute names) and the lines of imports inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    else:
        package = package.removesuffix(".__init__")
    found, nested = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append(name)
            found.extend(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    for function in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        nested += [n.lineno for n in ast.walk(function) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return found, nested


def _graph() -> dict[str, set[str]]:
    modules = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
               for p in (ROOT / "wizard").rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        imports, _ = _module_imports(path)
        graph[name] = {m for m in imports if m in modules and m != name}
    return graph


def test_no_import_cycles_between_modules():
    graph = _graph()
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        for nxt in graph[node]:
            if nxt in trail:
                cycle = trail[trail.index(nxt):] + [nxt]
                if not nxt.startswith(node + "."):  # a package importing its own submodule is no cycle
                    cycles.append(" -> ".join(cycle))
            elif len(trail) < 12:
                visit(nxt, trail + [nxt])

    for start in graph:
        visit(start, [start])
    # A package's __init__ that imports its submodules, which import siblings, is fine; a module
    # importing something that imports it back is not.
    real = [c for c in cycles if len(set(c.split(" -> "))) > 1 and not _is_package_descent(c)]
    assert real == []


def _is_package_descent(cycle: str) -> bool:
    parts = cycle.split(" -> ")
    return any(b.startswith(a + ".") or a.startswith(b + ".") for a, b in zip(parts, parts[1:]))


def test_imports_inside_functions_are_only_the_commented_lazy_ones():
    """Only the commented lazy boundaries import inside functions; everything else imports at the top."""
    allowed = {
        "wizard/packet/printing.py",  # the print workers' jobs load WeasyPrint (0.8 s of CPU), so the server never does
        "wizard/store/__init__.py",  # `open_backend` loads psycopg (0.15 s) only for a PostgreSQL database
        "wizard/packet/envelope_window.py",  # fontTools (0.2-0.4 s) only when a page shows a letter's address
    }
    offenders = {}
    for path in (ROOT / "wizard").rglob("*.py"):
        _, nested = _module_imports(path)
        rel = str(path.relative_to(ROOT))
        if nested and rel not in allowed:
            offenders[rel] = nested
    assert offenders == {}


def test_tests_import_at_the_top_of_their_modules():
    """A test module says what it uses in its first lines, as the code it tests does."""
    offenders = {}
    for path in (ROOT / "tests").rglob("*.py"):
        _, nested = _module_imports(path)
        rel = str(path.relative_to(ROOT))
        if nested:
            offenders[rel] = nested
    assert offenders == {}


def test_no_private_names_imported_across_modules():
    offenders = []
    for path in (ROOT / "wizard").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                offenders += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names
                              if a.name.startswith("_") and not a.name.startswith("__")]
    assert offenders == []


# The layers, lowest first: a module imports only from its own layer's package or a lower layer.
LAYERS = [
    ("wizard.language",),  # the language in force: everything may read it, readable.py's dates too
    ("wizard", "wizard.errors", "wizard.resources", "wizard.readable", "wizard.remembered"),
    ("wizard.kinds",), ("wizard.rules",), ("wizard.engine",), ("wizard.interview",), ("wizard.authoring",),
    ("wizard.store",), ("wizard.packet",), ("wizard.office",),
    ("wizard.web.edge",), ("wizard.web.jobs",), ("wizard.web.kiosk",), ("wizard.web.organizer",), ("wizard.web.office",),
    ("wizard.web.clerks",), ("wizard.web.operations",), ("wizard.web.settings",),
    ("wizard.web",), ("wizard.web.app",),  # the app lists the web package's areas
    ("wizard.cli",), ("wizard.__main__",),
]


def _layer(module: str) -> tuple[int, str]:
    found = [(len(name), number, name) for number, names in enumerate(LAYERS) for name in names
             if module == name or module.startswith(name + ".")]
    _, number, name = max(found)
    return number, name


def test_no_module_imports_from_a_higher_layer():
    upward = []
    for module, imported in _graph().items():
        number, package = _layer(module)
        for other in imported:
            other_number, other_package = _layer(other)
            if other_package != package and not other.startswith(module + ".") and other_number >= number:
                upward.append(f"{module} -> {other}")
    assert upward == []


def test_every_package_is_placed_in_a_layer():
    packages = {".".join(p.relative_to(ROOT).parent.parts) for p in (ROOT / "wizard").rglob("__init__.py")}
    assert all(_layer(name) for name in packages)


def test_the_folders_show_the_architecture():
    """At most 10 modules at the top of wizard/. A folder of more than 20 is not a failure (it is
    named in the run's summary, tests/conftest.py): what a folder must have is one purpose, below."""
    top = sorted(p.name for p in (ROOT / "wizard").glob("*.py"))
    assert len(top) <= 10, top


# First lines that say nothing of a package's purpose.
PLACEHOLDERS = {"", "todo", "tbd", "fixme", "xxx", "package", "init", "module", "helpers", "utilities", "utils",
                "misc", "stuff", "common", "...", "pass"}


def _purpose(package: Path) -> str:
    """The first line of a package's `__init__` docstring."""
    docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    return (docstring.strip().splitlines() or [""])[0].strip()


def test_every_package_names_its_one_purpose():
    """Each package under wizard/ says what it holds in the first line of its `__init__` docstring, so a
    module goes where its purpose is, not wherever there is room."""
    vague = {}
    for init in sorted((ROOT / "wizard").rglob("__init__.py")):
        package, first = init.parent, _purpose(init.parent)
        words = first.rstrip(".:").split()
        bare_name = first.rstrip(".").lower() in {package.name.lower(), package.name.lower() + " package"}
        if first.rstrip(".").lower() in PLACEHOLDERS or bare_name or len(words) < 4:
            vague[str(init.relative_to(ROOT))] = first
    assert vague == {}


def test_a_vague_purpose_is_refused(tmp_path):
    """The rule above fails on a placeholder: an empty docstring, a name alone, a TODO."""
    for text in ('', '"""TODO."""', '"""Helpers."""', '"""Jobs package."""', '"""\n\n"""'):
        (tmp_path / "__init__.py").write_text(text + "\n", encoding="utf-8")
        first = _purpose(tmp_path)
        assert first.rstrip(".").lower() in PLACEHOLDERS or len(first.rstrip(".:").split()) < 4, text


def test_organizer_pages_do_not_import_the_kiosk():
    """The organizer's pages open interviews through the edge (wizard/web/edge/opening.py); the
    kiosk registers its screen's rules there at start-up, so the organizer never imports it."""
    graph = _graph()
    offenders = sorted(f"{module} -> {other}" for module, imported in graph.items()
                       if module.startswith("wizard.web.organizer") for other in imported
                       if other == "wizard.web.kiosk" or other.startswith("wizard.web.kiosk."))
    assert offenders == []


def test_create_app_lists_the_areas():
    """`create_app` reads the settings, opens the store and lets each web area register itself, as
    Flask's tutorial's does: at most 25 lines, not every blueprint by name."""
    tree = ast.parse((ROOT / "wizard" / "web" / "app.py").read_text(encoding="utf-8"))
    [factory] = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "create_app"]
    assert factory.end_lineno - factory.lineno + 1 <= 25
    registered = [n for n in ast.walk(factory) if isinstance(n, ast.Attribute) and n.attr == "register_blueprint"]
    assert registered == []


def test_assess_and_check_load_nothing_of_the_web():
    """`wizard assess` and `wizard check` are the engine and the checks alone: no Flask, Werkzeug,
    WTForms or waitress (the office's accounts hash with Werkzeug: only `wizard clerk` loads them)."""
    script = (
        "import json, sys\n"
        "from wizard.cli import main\n"
        "for args in (['assess', sys.argv[1]], ['check']):\n"
        "    try:\n"
        "        main(args, standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "web = ('flask', 'werkzeug', 'wtforms', 'flask_wtf', 'waitress', 'flask_login')\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & set(web))))\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        answers = Path(folder) / "answers.json"
        answers.write_text(json.dumps({"jurisdiction": "baroda-mi", "max_attendance": 500}))
        done = subprocess.run([sys.executable, "-c", script, str(answers)], cwd=ROOT, capture_output=True,
                              text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_no_test_module_imports_another_test_module():
    """Helpers live in tests/support/ (or beside the browser tests), never in a test module: a test module
    imports no other test module, and the tests' conftest.py imports from tests/support/ alone."""
    offenders = []
    for path in (ROOT / "tests").rglob("*.py"):
        imported, _ = _module_imports(path)
        tests_imported = {m for m in imported if m.startswith("tests.")}
        offenders += [f"{path.relative_to(ROOT)}: {m}" for m in tests_imported if m.rsplit(".", 1)[-1].startswith("test_")]
        if path == ROOT / "tests" / "conftest.py":
            offenders += [f"tests/conftest.py: {m}" for m in tests_imported
                          if not m.startswith("tests.support.") and m != "tests.support"]
    assert offenders == []
