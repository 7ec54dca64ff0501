"""The compiled nets search (_search.c) under AddressSanitizer and UndefinedBehaviorSanitizer (see
tests/sanitizers.py)."""

from __future__ import annotations

import pytest

from tests.sanitizers import Sanitized, assert_clean, of_kind


@pytest.mark.slow  # a build with the sanitizers, then real searches through it
@pytest.mark.parametrize("entry", of_kind("nets"), ids=lambda entry: entry.source.name)
def test_the_compiled_nets_search_is_clean_under_asan_and_ubsan(tmp_path, entry: Sanitized):
    assert_clean(entry, tmp_path)
