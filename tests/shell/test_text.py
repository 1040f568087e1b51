import pygame

from game.shell.text import TextRenderer


def test_rendering_headless_gives_an_inked_surface():
    text = TextRenderer()
    surface = text.render("Turn 12", 24, (255, 255, 255))
    width, height = surface.get_size()
    assert width > 20 and height > 10
    assert width == text.measure("Turn 12", 24)[0]
    alphas = [surface.get_at((x, y)).a for x in range(width) for y in range(height)]
    assert max(alphas) == 255 and min(alphas) == 0  # ink on a transparent background


def test_the_same_string_comes_from_the_cache():
    text = TextRenderer()
    first = text.render("Hello", 20, (255, 0, 0))
    assert text.render("Hello", 20, pygame.Color(255, 0, 0)) is first  # colour spelled differently
    assert text.render("Hello", 20, "red") is first
    assert (text.hits, text.misses) == (2, 1)
    assert text.render("Hello", 21, (255, 0, 0)) is not first
    assert text.render("Hello", 20, (0, 255, 0)) is not first
    assert text.render("Hello", 20, (255, 0, 0), background=(0, 0, 0)) is not first


def test_the_cache_forgets_the_least_recently_used():
    text = TextRenderer(max_entries=2)
    a = text.render("a", 20, "white")
    text.render("b", 20, "white")
    assert text.render("a", 20, "white") is a  # "a" is now the most recent
    text.render("c", 20, "white")  # evicts "b"
    assert len(text) == 2
    assert text.render("a", 20, "white") is a
    misses = text.misses
    text.render("b", 20, "white")
    assert text.misses == misses + 1


def test_draw_places_the_text_by_its_anchor():
    text = TextRenderer()
    screen = pygame.Surface((200, 100))
    rect = text.draw(screen, "Hi", 30, "white", (100, 50), anchor="center")
    assert rect.center == (100, 50)
    inked = pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255))
    inked.invert()  # pixels that are not black
    assert inked.count() > 0
    assert all(rect.contains(ink) for ink in inked.get_bounding_rects())  # all ink inside the rect
