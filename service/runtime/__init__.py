"""The process: settings from the environment, long-lived collector tuning, child processes."""
