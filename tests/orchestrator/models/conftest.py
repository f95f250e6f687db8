"""The provider tests' cassettes match requests on their endpoint (see ``tests/_cassettes.py``)."""

from tests._cassettes import pytest_recording_configure

__all__ = ["pytest_recording_configure"]
