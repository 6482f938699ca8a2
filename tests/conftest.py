"""Test configuration: a fast hypothesis profile by default, a thorough one
with CHINESE_POKER_SLOW=1."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fast", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("slow", max_examples=2000, deadline=None)
settings.load_profile("slow" if os.environ.get("CHINESE_POKER_SLOW") else "fast")
