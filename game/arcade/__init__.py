"""The shared arcade, every game's: game picker, replay list, context and app, shared overlays, timeline,
thinking worker, sound, settings, off-screen helpers. Each game's own scenes live in its package's ``arcade``."""
