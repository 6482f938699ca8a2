"""``python -m chinese_poker``: the ``chinese-poker`` command line."""

import sys

from chinese_poker.cli import main

sys.exit(main())
