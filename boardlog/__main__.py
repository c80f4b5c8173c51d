"""`python -m boardlog ...`: the same as the `boardlog` command."""

import sys

from boardlog.cli import main

sys.exit(main())
