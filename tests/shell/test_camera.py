import itertools

import pygame
import pytest

from game.shell.camera import DEFAULT_ZOOM_LEVELS, Camera, zoom_levels

VIEW = (100, 50, 800, 600)  # a viewport that does not start at the screen origin


def brute_force_visible(camera):
    """Every tile whose rectangle overlaps the viewport, the slow obvious way."""
    return {
        (r, c)
        for r in range(camera.rows)
        for c in range(camera.cols)
        if camera.tile_rect((r, c)).colliderect(camera.viewport)
    }


def range_tiles(camera):
    rows, cols = camera.visible_tile_range()
    return {(r, c) for r in range(rows.start, rows.stop) for c in range(cols.start, cols.stop)}


def test_zoom_levels_step_by_a_factor_from_smallest_to_largest():
    assert DEFAULT_ZOOM_LEVELS == (4, 6, 8, 11, 16, 23, 32, 45, 64)
    assert zoom_levels(8, 64, 2) == (8, 16, 32, 64)
    with pytest.raises(ValueError):
        zoom_levels(8, 4)


def test_world_and_screen_round_trip():
    camera = Camera(50, 40, VIEW, tile=23)
    camera.pan(-137, -61)
    for point in [(0.0, 0.0), (3.25, 7.5), (39.99, 49.0), (12.0, 0.125)]:
        assert camera.screen_to_world(camera.world_to_screen(point)) == pytest.approx(point)
    for screen in [(100, 50), (512.5, 300.25), (899, 649)]:
        assert camera.world_to_screen(camera.screen_to_world(screen)) == pytest.approx(screen)


def test_every_pixel_of_a_drawn_tile_maps_back_to_that_tile():
    camera = Camera(30, 20, VIEW, tile=16)
    camera.pan(-5, -3)
    rows, cols = camera.visible_tile_range()
    for tile in itertools.product(range(rows.start, rows.stop, 3), range(cols.start, cols.stop, 3)):
        rect = camera.tile_rect(tile).clip(camera.viewport)
        for corner in (rect.topleft, (rect.right - 1, rect.bottom - 1), rect.center):
            assert camera.screen_to_tile(corner) == tile


def test_screen_to_tile_is_none_off_the_map_or_off_the_viewport():
    camera = Camera(10, 10, VIEW, tile=16)  # 160 px map centred in an 800x600 viewport
    assert camera.screen_to_tile(camera.tile_center((0, 0))) == (0, 0)
    assert camera.screen_to_tile((camera.map_rect.left - 1, camera.map_rect.top)) is None
    big = Camera(100, 100, VIEW, tile=16)
    assert big.screen_to_tile((VIEW[0] - 1, VIEW[1] + 10)) is None  # left of the viewport


@pytest.mark.parametrize("steps", [1, 2, -1, -3])
def test_zoom_at_keeps_the_tile_under_the_cursor(steps):
    camera = Camera(1000, 1000, VIEW, tile=16)
    camera.center_on((500, 500))
    start = camera.tile
    for cursor in itertools.product(range(100, 900, 37), range(50, 650, 41)):
        camera.zoom_to(start, camera.viewport.center)
        camera.center_on((500, 500))
        before = camera.screen_to_tile(cursor)
        assert camera.zoom_at(cursor, steps)
        assert camera.tile != start
        assert camera.screen_to_tile(cursor) == before, cursor


def test_zoom_at_steps_through_the_levels_and_stops_at_the_ends():
    camera = Camera(100, 100, VIEW, tile=16)
    assert camera.zoom_at((500, 300), 1) and camera.tile == 23
    assert camera.zoom_at((500, 300), -2) and camera.tile == 11
    assert camera.zoom_at((500, 300), 100) and camera.tile == 64
    assert not camera.zoom_at((500, 300), 1)
    camera.zoom_at((500, 300), -100)
    assert camera.tile == 4


def test_zoom_from_a_fitted_size_between_levels_snaps_to_the_next_level():
    camera = Camera(40, 30, VIEW)  # fit: min(800 // 40, 600 // 30) = 20 px
    assert camera.tile == 20
    camera.zoom_at((500, 300), 1)
    assert camera.tile == 23
    camera.fit()
    camera.zoom_at((500, 300), -1)
    assert camera.tile == 16


@pytest.mark.parametrize("cols, rows", [(10, 8), (100, 100), (120, 20), (20, 120), (1, 1), (64, 48)])
@pytest.mark.parametrize("tile", [4, 11, 32, 64])
def test_clamping_keeps_the_map_on_screen(cols, rows, tile):
    camera = Camera(cols, rows, VIEW, tile=tile)
    view = camera.viewport
    for dx, dy in [(10_000, 0), (-10_000, 0), (0, 10_000), (0, -10_000), (7777, -7777), (-3, 5)]:
        camera.pan(dx, dy)
        area = camera.map_rect
        axes = [(area.x, area.w, view.x, view.w), (area.y, area.h, view.y, view.h)]
        for start, size, view_start, view_size in axes:
            if size <= view_size:  # small on this axis: centred
                assert abs((start - view_start) - (view_start + view_size - start - size)) <= 1
            else:  # large: no empty space at either edge
                assert start <= view_start and start + size >= view_start + view_size


def test_a_margin_lets_the_map_edge_move_that_far_inside_the_viewport():
    camera = Camera(100, 100, VIEW, tile=16, margin=40)
    camera.pan(10_000, 10_000)
    assert camera.map_rect.topleft == (VIEW[0] + 40, VIEW[1] + 40)
    camera.pan(-10_000, -10_000)
    assert camera.map_rect.bottomright == (VIEW[0] + VIEW[2] - 40, VIEW[1] + VIEW[3] - 40)


@pytest.mark.parametrize("cols, rows", [(128, 128), (10, 10), (200, 50), (7, 300), (64, 48)])
def test_fit_shows_every_tile_with_the_largest_size_that_does(cols, rows):
    camera = Camera(cols, rows, VIEW, tile=64)
    camera.fit()
    assert camera.viewport.contains(camera.map_rect)
    rows_slice, cols_slice = camera.visible_tile_range()
    assert (rows_slice, cols_slice) == (slice(0, rows), slice(0, cols))
    if camera.tile < 64:
        assert (camera.tile + 1) * cols > VIEW[2] or (camera.tile + 1) * rows > VIEW[3]
    center = camera.map_rect.center
    assert abs(center[0] - camera.viewport.centerx) <= 1 and abs(center[1] - camera.viewport.centery) <= 1


@pytest.mark.parametrize("tile", [4, 6, 16, 45])
def test_visible_tile_range_is_exactly_the_tiles_that_touch_the_viewport(tile):
    camera = Camera(90, 70, VIEW, tile=tile)
    for dx, dy in [(10_000, 10_000), (-10_000, -10_000), (10_000, -10_000), (-333, 217), (7, 3), (-1, -1)]:
        camera.pan(dx, dy)
        assert range_tiles(camera) == brute_force_visible(camera)


def test_visible_tile_range_reaches_the_map_edges():
    camera = Camera(90, 70, VIEW, tile=16)
    camera.pan(10_000, 10_000)
    rows, cols = camera.visible_tile_range()
    assert rows.start == 0 and cols.start == 0
    camera.pan(-10_000, -10_000)
    rows, cols = camera.visible_tile_range()
    assert rows.stop == 70 and cols.stop == 90


def test_center_on_puts_the_tile_in_the_middle_unless_at_an_edge():
    camera = Camera(100, 100, VIEW, tile=16)
    camera.center_on((40, 60))
    x, y = camera.tile_center((40, 60))
    assert abs(x - camera.viewport.centerx) <= 1 and abs(y - camera.viewport.centery) <= 1
    camera.center_on((0, 0))  # clamped: the corner stays at the corner
    assert camera.map_rect.topleft == camera.viewport.topleft


def test_smooth_center_on_glides_there_with_the_step():
    camera = Camera(100, 100, VIEW, tile=16)
    camera.center_on((20, 20))
    camera.center_on((60, 70), smooth=True)
    assert camera.moving
    camera.update(0.1)
    halfway = camera.tile_center((60, 70))
    assert halfway != camera.viewport.center
    for _ in range(20):
        camera.update(1 / 60)
    assert not camera.moving
    x, y = camera.tile_center((60, 70))
    assert abs(x - camera.viewport.centerx) <= 1 and abs(y - camera.viewport.centery) <= 1


def test_follow_recentres_when_the_target_nears_the_edge_and_panning_stops_it():
    camera = Camera(100, 100, VIEW, tile=16, glide_time=0.2)
    camera.center_on((50, 50))
    camera.follow((52, 51))  # comfortably inside: nothing moves
    assert not camera.moving and camera.following == (52, 51)
    camera.follow((50, 70))  # near the right edge
    for _ in range(15):
        camera.update(1 / 60)
    x, _ = camera.tile_center((50, 70))
    assert abs(x - camera.viewport.centerx) <= 1
    camera.pan(-30, 0)
    assert camera.following is None


def test_set_viewport_keeps_the_centre_of_the_view():
    camera = Camera(100, 100, VIEW, tile=16)
    camera.center_on((30, 40))
    before = camera.screen_to_tile(camera.viewport.center)
    camera.set_viewport((0, 0, 1200, 900))
    assert camera.screen_to_tile(camera.viewport.center) == before


def test_tile_rects_tile_the_map_without_gaps():
    camera = Camera(5, 4, VIEW, tile=23)
    union = camera.tile_rect((0, 0)).unionall([camera.tile_rect((r, c)) for r in range(4) for c in range(5)])
    assert union == camera.map_rect
    assert camera.tile_rect((1, 2)).topleft == (camera.map_rect.x + 46, camera.map_rect.y + 23)
    assert isinstance(camera.tile_rect((0, 0)), pygame.Rect)
