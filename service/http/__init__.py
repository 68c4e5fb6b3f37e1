"""The HTTP API: wire schemas, routes, and the OpenAPI document's finishing touches."""
