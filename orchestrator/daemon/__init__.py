"""The warm orchestrator: a resident process per user, working folder and environment that
answers one-shot requests with servers, sessions and a provider already up, and the command's
thin client that reaches it (`_client`: standard library only). `_protocol` is what they share
(socket, fingerprints, messages), `_server` the process, `_routes` the standard streams it
routes to each caller's own. Nothing is imported here: the client must stay light."""
