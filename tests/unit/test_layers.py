"""Imports point one way: core <- index <- ingest; core <- index <- retrieval <- rules <- answering <- service
<- api <- cli. Read from the source with ast, so no module has to be imported."""

import ast
from pathlib import Path

from rulespal.core.settings import REPO_ROOT

# Packages (or modules) and their layer; a module may import its own layer's package or lower layers.
LAYERS = {
    "rulespal.core": 0,
    "rulespal.index": 1,
    "ingest": 2,
    "rulespal.retrieval": 2,
    "rulespal.rules": 3,
    "rulespal.answering": 4,
    "rulespal.service": 5,
    "rulespal.uploads": 5,  # beside the service: the API hands uploads to it
    "rulespal.api": 6,
    "rulespal.cli": 7,  # `rulespal serve` starts the API
    "rulespal.integrations": 6,
}


def _package(module: str) -> str | None:
    return max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len, default=None)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def layer_violations(root: Path = REPO_ROOT) -> list[str]:
    problems = []
    for folder in ("rulespal", "ingest"):
        for path in sorted((root / folder).rglob("*.py")):
            module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
            own = _package(module)
            if own is None:
                continue
            for imported in _imports(path):
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
    (tmp_path / "ingest").mkdir()
    (tmp_path / "rulespal" / "core" / "bad.py").write_text("from rulespal.service import RulesPal\n")
    (tmp_path / "ingest" / "worse.py").write_text("import rulespal.retrieval.units\n")
    assert sorted(layer_violations(tmp_path)) == [
        "ingest.worse imports rulespal.retrieval.units (layer 2 >= 2)",
        "rulespal.core.bad imports rulespal.service (layer 5 >= 0)"]
