"""Loopback HTTP servers that speak each model vendor's wire format, scripted per test.

```python
from orchestrator.testing.vendors.openai import fake_openai, text, tool_call

with fake_openai(tool_call("create_todo", {"title": "eggs"}), text("Done.")) as fake:
    os.environ["OPENAI_BASE_URL"] = fake.url + "/v1"
    ...                                   # the real SDK talks to the fake
    assert fake.completions[0].tools["create_todo"]
```

`openai` (Chat Completions, also for compatible endpoints and Ollama), `anthropic` (Messages)
and `gemini` (generateContent) each give reply builders, error replies in the vendor's shape,
and a recorder of what the SDK really sent; `SILENCE` is a reply that never comes (a provider
that took the request and hangs). `_server.FakeVendor` is the mechanics under them.
"""

from orchestrator.testing.vendors._server import SILENCE, FakeVendor, Recorded, Reply

__all__ = ["SILENCE", "FakeVendor", "Recorded", "Reply"]
