"""Imports point one way: core <- index <- ingest; core <- index <- retrieval <- rules <- answering <- service
<- api <- cli, with evals under cli. Read from the source with ast, so no module has to be imported: every
import form counts (absolute, relative, ``from rulespal import x``, ``importlib.import_module("...")``)."""

import ast
import importlib.util
from pathlib import Path

from rulespal.core.settings import REPO_ROOT

# Packages (or modules) and their layer; a module may import its own layer's package or lower layers.
LAYERS = {
    "rulespal.core": 0,
    "rulespal.index": 1,
    "rulespal.ingest": 2,
    "rulespal.retrieval": 2,
    "rulespal.rules": 3,
    "rulespal.answering": 4,
    "rulespal.service": 5,
    "rulespal.uploads": 5,  # beside the service: the API hands uploads to it
    "rulespal.api": 6,
    "rulespal.cli": 7,  # `rulespal serve` starts the API
    "rulespal.integrations": 6,
    "rulespal.evals": 6,  # `rulespal eval` runs them; they ask the service as a front end does
}


def _package(module: str) -> str | None:
    return max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len, default=None)


def _imports(path: Path, module: str) -> list[str]:
    """Every module ``path`` (the module ``module``) imports, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    loaders = {"import_module", "__import__"} | {  # `from importlib import import_module as im`
        a.asname for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "importlib"
        for a in n.names if a.name == "import_module" and a.asname}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.append(base)
            if _package(base) is None:  # `from rulespal import service`: the names are the modules
                found.extend(f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Call) and _called(node) in loaders:
            found.append(_dynamic(node))
    return found


def _called(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _dynamic(node: ast.Call) -> str:
    """The module an ``import_module(name, package)`` or ``__import__(name)`` call loads; a name only known at run
    time cannot be checked, so it counts as the top layer (a violation anywhere)."""
    name, *rest = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
    if name is None:
        return "rulespal.cli"
    if name.startswith(".") and rest and rest[0]:
        return importlib.util.resolve_name(name, rest[0])  # `import_module(".service", "rulespal")`
    return name


def layer_violations(root: Path = REPO_ROOT) -> list[str]:
    problems = []
    for folder in ("rulespal",):
        for path in sorted((root / folder).rglob("*.py")):
            module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
            own = _package(module)
            if own is None:
                continue
            for imported in _imports(path, module):
                other = _package(imported)
                if other is None or other == own:
                    continue
                if LAYERS[other] >= LAYERS[own]:
                    problems.append(f"{module} imports {imported} (layer {LAYERS[other]} >= {LAYERS[own]})")
    return problems


def test_every_package_has_a_layer():
    packages = {p.name for p in (REPO_ROOT / "rulespal").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    modules = {p.stem for p in (REPO_ROOT / "rulespal").glob("*.py") if p.stem != "__init__"}
    assert {f"rulespal.{n}" for n in packages | modules} <= set(LAYERS), "give every new package a layer"


def test_imports_point_one_way():
    assert layer_violations() == []


def test_the_check_catches_an_upward_import(tmp_path):
    (tmp_path / "rulespal" / "core").mkdir(parents=True)
    (tmp_path / "rulespal" / "ingest").mkdir(parents=True)
    (tmp_path / "rulespal" / "core" / "bad.py").write_text("from rulespal.service import RulesPal\n")
    (tmp_path / "rulespal" / "ingest" / "worse.py").write_text("import rulespal.retrieval.units\n")
    (tmp_path / "rulespal" / "index").mkdir()
    (tmp_path / "rulespal" / "index" / "rel.py").write_text("from ..answering import chain\n")
    (tmp_path / "rulespal" / "index" / "named.py").write_text("from rulespal import api\n")
    (tmp_path / "rulespal" / "index" / "late.py").write_text(
        "import importlib\nmod = importlib.import_module('rulespal.cli')\n")
    (tmp_path / "rulespal" / "index" / "dunder.py").write_text("__import__('rulespal.service')\n")
    (tmp_path / "rulespal" / "index" / "aliased.py").write_text(
        "from importlib import import_module as im\nim('.api', 'rulespal')\n")
    (tmp_path / "rulespal" / "core" / "runtime.py").write_text(
        "import importlib\nname = 'x'\nimportlib.import_module(name)\n")
    (tmp_path / "rulespal" / "index" / "ok.py").write_text("from . import layout\nfrom ..core import text\n")
    assert sorted(layer_violations(tmp_path)) == [
        "rulespal.core.bad imports rulespal.service (layer 5 >= 0)",
        "rulespal.core.runtime imports rulespal.cli (layer 7 >= 0)",
        "rulespal.index.aliased imports rulespal.api (layer 6 >= 1)",
        "rulespal.index.dunder imports rulespal.service (layer 5 >= 1)",
        "rulespal.index.late imports rulespal.cli (layer 7 >= 1)",
        "rulespal.index.named imports rulespal.api (layer 6 >= 1)",
        "rulespal.index.rel imports rulespal.answering (layer 4 >= 1)",
        "rulespal.ingest.worse imports rulespal.retrieval.units (layer 2 >= 2)"]
