"""Names vulture takes for unused that are used, by code it cannot see: read by vulture in
``tests/test_lint.py``, never imported or run. Each entry says who uses the name."""

import ast

import pygltflib
import pytest

from foldkit.kinds import base
from tests import conftest
from tests.nets import test_census
from tests.packing import test_units
from tests.page import test_browser
from tests.paper import test_letters, test_template_marks

(  # noqa: B018 - a use of each name, all vulture needs
    # pygltflib reads the material attribute foldkit.fold.gltf sets when it writes the glTF file.
    pygltflib.PbrMetallicRoughness.baseColorTexture,
    # pytest calls its hooks by name, passes their parameters by name (exitstatus), and reads the
    # session's exit status that conftest sets.
    conftest.pytest_sessionstart,
    conftest.pytest_sessionfinish,
    conftest.pytest_runtest_setup,
    conftest.pytest_runtest_makereport,
    conftest.pytest_terminal_summary,
    pytest.Session.exitstatus,
    # Python calls what a Protocol's __call__ describes.
    base.Maker.__call__,
    # compile() reads the annotation tests/test_typed_seam.py plants in a parsed body.
    ast.arg.annotation,
    # pytest hands a fixture to the tests that name it as a parameter.
    test_letters.two_boxes,
    test_template_marks.two_boxes,
    # pytest reads a module's marks from its pytestmark.
    test_census.pytestmark,
    test_units.pytestmark,
    test_browser.pytestmark,
)
