"""Scotland Yard's ``run.py sy ...`` commands (one module each: ``HELP``, ``add_arguments``, ``run``)."""
