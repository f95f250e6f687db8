"""One module per provider, named after its config key; each has `create_model(model)`."""
