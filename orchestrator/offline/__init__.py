"""The offline router: routes requests onto any server's tools with no model, key or network.

`OfflineRouter` is a `Model` (`orchestrator.models`): the session runs its tool calls like any
model's. See `router` for how it decides, `_match` for matching words onto tool schemas and
`_dates` for reading dates and times.
"""

from orchestrator.offline.router import OfflineRouter

__all__ = ["OfflineRouter"]
