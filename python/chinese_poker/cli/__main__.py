"""``python -m chinese_poker.cli``: the command line."""

import sys

from chinese_poker.cli import main

sys.exit(main())
