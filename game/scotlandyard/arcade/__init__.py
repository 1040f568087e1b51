"""Scotland Yard in the arcade: the London board, the hidden Mr X, human play and replays.

``entry.ARCADE`` is what the registry's ``arcade`` field names. ``session`` (the game being
played, who sees what), ``botproc`` (AIs in their own process) and ``codec`` (replay documents)
import no pygame, so headless commands can use them; the drawing modules (``view``, ``panel``,
``scenes``, ``replay``) do.

The hidden information is the heart of it: everything the screen shows of a position goes
through :func:`session.seen`, which, for the detectives' view, keeps nothing of Mr X but what
the travel log made public.
"""
