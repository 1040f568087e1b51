"""`run.py duel ...` commands, one module each (``HELP``, ``add_arguments``, ``run``)."""
