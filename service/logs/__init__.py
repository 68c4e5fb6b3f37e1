"""Game logs as files: export, import, verification against the rules, and terminal replay."""
