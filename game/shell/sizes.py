"""Window sizes every part of the arcade agrees on, in a module without pygame (the command
line checks ``--size`` before anything draws)."""

# The smallest window every screen fits in: each one (picker, options, help, play, replay, game
# over, for every game) was looked at from here up. Narrower, the side panels go (a detective
# playing Scotland Yard loses his travel log), the options' rows and the help's columns run off
# the screen. `--size` refuses less, and a window the user resizes stops here.
MIN_WINDOW = (800, 450)
