"""Deduction: Number Cross solved the way a person solves it (``deductions``), one module per family of
named deductions (``digits``, ``tiles``, ``rows``, ``whatif``) and the hints and diary built on them
(``hints``).
"""
