"""Every module of the project imports: a syntax error in a module no other test loads (the eval runner, a
training script) fails here, not in the next eval."""

import importlib
import pkgutil

import pytest

import rulespal
import training


def _modules():
    for pkg in (rulespal, training):
        yield pkg.__name__
        for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            yield m.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_module_imports(name):
    importlib.import_module(name)
