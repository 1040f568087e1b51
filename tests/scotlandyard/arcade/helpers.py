"""Drive Scotland Yard's scenes like the window does: the shared harness of the arcade tests
(synthetic events, a fake clock, off-screen) and a click on a station."""

from game.arcade.thinking import Thinker

from ...arcade_multi.helpers import SIZE, STEP, click, key
from ...arcade_multi.helpers import Harness as _Harness

__all__ = ["SIZE", "STEP", "Harness", "click", "key", "play_scene"]


def play_scene(players, *, seed=3, mode="spectator", **kwargs):
    from game.scotlandyard.arcade.scenes import SyPlayScene
    from game.scotlandyard.arcade.session import SySession

    def make(ctx):
        session = SySession(players, seed=seed, move_time=0.05)
        return SyPlayScene(ctx, session, thinker=Thinker(synchronous=True), mode=mode, **kwargs)
    return make


class Harness(_Harness):
    """The shared harness, and a click on a station of the board."""

    def click_station(self, station, button=1):
        pos = self.top.view.station_screen(station)
        self.frames(1, click(pos, button))
        return pos
