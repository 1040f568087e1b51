"""The game-agnostic arcade shell: loop, clock, scenes, tweens, camera, input, display, text.

Nothing in this package knows which game it hosts. A game's arcade brings its own scenes, its
own key table and its own drawing; the shell gives it a fixed-step loop driven by an injected
clock, a scene stack moved by returned transitions, tweens advanced by the loop's step, a camera
over a tile grid, one translator from pygame events to intentions, and helpers to open the
window, render text and compare frames with golden images.

Modules: ``clock`` (real and fake time), ``loop`` (fixed-step loop, ``run_app``), ``scenes``
(scene stack and transitions), ``app`` (loop + input + scenes glue), ``tweens``, ``camera``,
``input`` (events to intentions, key tables), ``display`` (window, UI scale), ``text`` (cached
text), ``golden`` (golden-image assertions for tests).

Every module is importable and testable without a window and without real time.
"""
