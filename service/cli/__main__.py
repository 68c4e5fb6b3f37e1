"""`python -m service.cli`: the `rummy` command."""

from service.cli.main import main

raise SystemExit(main())
