"""The row walk: every way to fill one row under its clue (``rows``, compiled in ``compiled``), a row's
sketches beside its neighbours (``sketch``), the layouts of tiles a row may take (``layouts``), and
the order rows are searched in (``order``); their shared types are ``rowtypes``.
"""
