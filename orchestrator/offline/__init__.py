"""The offline router: routes requests onto any server's tools with no model, key or network.

`OfflineRouter` is a `Model` (`orchestrator.models`): the session runs its tool calls like any
model's. `router` describes the pipeline (tokens, the request's action and values, tools scored,
parameters filled from the schema, references resolved by listing, the call checked, the
answer); each step is one private module.
"""

from orchestrator.offline.router import OfflineRouter

__all__ = ["OfflineRouter"]
