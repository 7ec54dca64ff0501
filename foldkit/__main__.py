"""`python -m foldkit` is the same as the `foldkit` command."""

import sys

from foldkit.cli import main

sys.exit(main())
