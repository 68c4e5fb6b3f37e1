"""The HTTP layer: the Litestar app's routes, and the web table it serves."""
