"""One text package: every sentence has a key and a Spanish and a Portuguese text, and no other module writes one."""

import ast
import importlib
import pkgutil
import re
import string
from pathlib import Path

import pytest

from quipu.domain import texts
from quipu.domain.yaml_text import read_values

SRC = Path(__file__).resolve().parents[2] / "src" / "quipu"
AREAS = [m.name for m in pkgutil.iter_modules(texts.__path__)]
# The synthetic bank's generator writes the data itself (names, complaint notes, statement images), not quipu's voice.
DATA_GENERATORS = ("bank_data",)  # the synthetic bank's rows and demo photos, not quipu's sentences
FUNCTION_WORDS = re.compile(
    r"\b(el|la|los|las|de|del|que|tu|tus|te|por|para|con|una|você|seu|sua|seus|suas|não|em|do|da|um|uma|no|na|"
    r"está|hay|foi|ficou|quedó)\b",
    re.IGNORECASE,
)
ACCENTS = re.compile(r"[áéíóúñãõçâêô¿¡]", re.IGNORECASE)
NOT_A_SENTENCE = re.compile(r"\\[bswd]|\(\?|\[\^|\([^)]*\||\b(SELECT|FROM|WHERE|the|and|is|of|to)\b")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def pairs(value) -> list[tuple[str, object, object]]:
    """(key, es, pt) for a table {key: {es, pt}}, a single {es, pt} pair, or the error texts."""
    if hasattr(value, "es") and hasattr(value, "pt"):
        return [("", value.es, value.pt)]
    if isinstance(value, dict) and set(value) == {"es", "pt"}:
        return [("", value["es"], value["pt"])]
    found = []
    for key, item in value.items():
        found += [(f"{key}.{k}".strip("."), es, pt) for k, es, pt in pairs(item)]
    return found


def tables():
    for area in AREAS:
        module = importlib.import_module(f"quipu.domain.texts.{area}")
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, dict):
                yield f"{area}.{name}", value


def assert_both_languages(where: str, es, pt) -> None:
    assert es and pt, f"{where} lacks a language"
    for one, other in zip(es, pt, strict=True) if isinstance(es, tuple) else [(es, pt)]:
        assert fields(one) == fields(other), f"{where}: ES and PT fill different values"


def test_every_text_key_exists_in_spanish_and_portuguese():
    count = 0
    for table, value in tables():
        for key, es, pt in pairs(value):
            assert_both_languages(f"{table}.{key}", es, pt)
            count += 1
    assert count > 400


@pytest.mark.parametrize("path", sorted(SRC.glob("skills/*/answers.yaml")), ids=lambda p: p.parent.name)
def test_every_skill_answer_exists_in_spanish_and_portuguese(path):
    for key, texts_ in read_values(path.read_text(encoding="utf-8")).items():
        assert set(texts_) == {"es", "pt"}, f"{path.parent.name}/{key}"
        assert_both_languages(f"{path.parent.name}/{key}", texts_["es"], texts_["pt"])


def sentences(path: Path):
    docstrings = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # breadth first: a def before its docstring
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.body and isinstance(node.body[0], ast.Expr):
                docstrings.add(id(node.body[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text, words = node.value, len(FUNCTION_WORDS.findall(node.value))
            looks_like_one = len(text.split()) >= 4 and words >= 2 and (ACCENTS.search(text) or words >= 3)
            if looks_like_one and not NOT_A_SENTENCE.search(text):
                yield text


def test_no_other_module_holds_spanish_or_portuguese_sentences():
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).parts
        if parts[:2] == ("domain", "texts") or any(part in DATA_GENERATORS for part in parts):
            continue
        if hits := list(sentences(path)):
            found["/".join(parts)] = hits[:3]
    assert not found, f"sentences outside quipu.domain.texts: {found}"


def test_the_text_package_is_pure_data():
    for path in (SRC / "domain" / "texts").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                assert module in ("dataclasses", "__future__"), f"{path.name} imports {module}"
