"""The default bot: legal moves always, traps when it can, does not walk into a trap, reasons."""

import random
from pathlib import Path

import pytest

from game.duel.bots import make_bot
from game.duel.bots.common import legal_moves
from game.duel.bots.default import evaluate, make_plan, nodes_for, pockets
from game.duel.bots.sim import PSTAR, STAR, State
from game.duel.commands.bot import PROGRAM_MOVE_TIME
from game.duel.protocol import MOVES, Decision, DuelObservation

from .arena import observation, parse_map, play
from .test_registry_simple import obs_of

FAST = 0.02


def default(seed=0, nodes=40):
    """The default bot with a fixed search size (no wall-clock cut-off: the same on a busy machine)."""
    from game.duel.bots.default import DefaultBot

    return DefaultBot(seed=seed, move_time=30.0, node_budget=nodes)


def decide(obs, move_time=FAST, seed=0):
    answer = make_bot("default", seed=seed, move_time=move_time).act(obs)
    assert isinstance(answer, Decision) and answer.reason
    return answer


def test_in_the_last_rounds_the_search_decides_even_far_from_the_other():
    # gen9x19-241896 seed 1 as B against collector (session 65), round 997: B 21, A 27 and more than
    # FAR steps away. The star at (8,14) is four moves off through a poison mushroom (21 -> 20, then
    # a mushroom, 21, and the star at round 1000: 42). The plan, alone far from the other, turned
    # LEFT to a mushroom (22, and lost 22-27); the search sees the line to the end.
    from game.duel.bots.default import END_ROUNDS

    rows = ["..xx.Axb....x.x...b",
            ".x.xx..xx..x..x.x.x",
            ".....x...x.......x.",
            ".x.x.x.xx.x..x.x.x.",
            "...nx.........xn...",
            ".x.x.x..x.xx.x.x.x.",
            ".x.......xm.Bx...n.",
            "x.x.x..x..xxnmxx.x.",
            "b...x.x....bx.sxxm."]
    answer = default(nodes=1000).act(obs_of(rows, me="B", round_=997, score_a=27, score_b=21))
    assert answer.move == "DOWN" and "ends ahead" in answer.reason, answer.reason
    # Earlier, far apart, the plan decides alone (no search: no depth in the reason).
    earlier = default(nodes=1000).act(obs_of(rows, me="B", round_=1000 - END_ROUNDS, score_a=27, score_b=21))
    assert "depth" not in earlier.reason, earlier.reason


def test_in_the_last_rounds_far_from_a_copycat_the_search_does_not_decide():
    # A leads 1-0, the players point-symmetric and far apart, seven rounds to go. The search alone
    # takes the poison star (1 -> 0), three mushrooms and the star (6), not seeing that mirror takes
    # the mirror image of each (a 6-6 tie; gen30x30-728762 seed 1 as A against mirror, session 70:
    # 1-0 at round 993, 8-8 at the end). Against a copycat the copy game decides there: 1-0.
    rows = ["A t m m m s . . . . . . . . . . . . x x x x x .",
            ". x x x x x . . . . . . . . . . . . s m m m t B"]
    result = play(obs_of(rows, round_=993, score_a=1, score_b=0), default(1, nodes=2000),
                  make_bot("mirror", seed=2), keep_moves=True)
    assert result.winner == "A Win" and result.scores == (1, 0), result.scores
    assert any("copies us" in reason for who, _, reason in result.moves if who == "A")


def test_boxes_the_other_in_when_it_can():
    # B sits in a corner whose only other exit is a wall; A stepping UP takes B's last move.
    obs = obs_of([". . . B", ". . A x", ". . . ."])
    answer = decide(obs)
    assert answer.move == "UP"
    assert "traps B" in answer.reason


def test_does_not_enter_a_dead_end_the_other_can_close():
    # Two mushrooms at the end of a corridor; B is 4 steps from its mouth, A needs 9 to get them
    # and come out. Going in lets B walk in behind and box A at the end. (A third mushroom, B's,
    # keeps the game going: with the corridor's two the last items, taking them would end the game
    # 2-0 before B got there, and a search of 3000 nodes or more rightly went in.)
    obs = obs_of(["A . . . m m",
                  ". x x x x x",
                  ". . . . . .",
                  ". . B . . m"])
    assert decide(obs, move_time=0.1).move == "DOWN"


def test_a_dead_end_is_closed_when_the_other_reaches_its_mouth_as_soon_and_moves_next():
    # A's corridor (right column, then along the bottom) meets the board's ring at (2, 3). A and B
    # are both 4 steps from it: with B to move, B is there first and A is boxed in at the end;
    # with A to move, A is out first. (A cell both reach in as many steps counted as both
    # players', so the first position looked open: at every leaf after A's own move, and a search
    # whose last depth ended there walked in; 88map, default against itself, round 43.)
    rows = [". B . . x A",
            ". x x . x .",
            "m . . . . ."]
    after_ours = State.from_observation(obs_of(rows, me="B", score_a=5, score_b=5))
    assert evaluate(after_ours, detail=True).doomed == (True, False)
    ours = State.from_observation(obs_of(rows, me="A", score_a=5, score_b=5))
    assert evaluate(ours, detail=True).doomed == (False, False)


def _penned(grid, me="B", a=3, b=5):
    return evaluate(State.from_observation(obs_of(grid, me=me, score_a=a, score_b=b)), detail=True).penned


def test_penned_behind_in_a_pocket_the_other_can_shut():
    # A has just moved. Its pocket (six cells on the left) meets the rest of the board at one
    # cell, B's side of it. A cannot be boxed in (the board's colours), but behind with nothing in
    # the pocket it is penned: it cannot get ahead, and B need only stay at the mouth. Not ahead,
    # nor with enough mushrooms in the pocket to get ahead; not with A to move (then A is the one
    # that can be boxed in: the dead-end rules judge that).
    rows = ["A . . x x x x",
            ". . . . B . m",
            "x x x x . . ."]

    assert _penned(rows) == (True, False)
    assert _penned(rows, a=5, b=3) == (False, False)
    assert _penned(rows, me="A") == (False, False)
    fed = ["A m m x x x x",
           ". . m . B . m",
           "x x x x . . ."]
    assert _penned(fed) == (False, False)
    behind = evaluate(State.from_observation(obs_of(rows, me="B", score_a=3, score_b=5)))
    ahead = evaluate(State.from_observation(obs_of(rows, me="B", score_a=5, score_b=3)))
    assert behind < ahead - 20  # nearly lost, as a dead end is


def test_penned_by_two_ways_out_the_other_stands_next_to():
    # gen12x23-255575 seed 1 as A against trapper: A's four cells on the top row open downwards
    # at two cells; B walks to and fro under them, and A never gets out. Here B stands on one
    # and next to the other. With B further off, A's side is the larger one: not penned.
    held = [". . A . x",
            "x . B x x",
            "x . . . m",
            ". . . . ."]
    assert _penned(held) == (True, False)
    loose = [". . A . x",
             "x . . x x",
             "x . . . m",
             ". . . . B"]
    assert _penned(loose) == (False, False)


def _copy_offer(b_cell):
    """A 3 x 4 board, point-symmetric at round 1 (A top left, B bottom right); at round 2 A has
    stepped RIGHT, one step from the mirror image of B's cell: a copycat answers LEFT, onto (2, 2)."""
    first = obs_of(["A . . .", ". . . .", ". . . B"])
    rows = [list(". A . ."), list(". . . ."), list(". . . .")]
    rows[b_cell[0]][b_cell[1] * 2] = "B"
    second = obs_of(["".join(r) for r in rows])
    return first, DuelObservation(round=2, grid=second.grid, score_a=0, score_b=0, me="A")


def test_a_bot_that_does_not_copy_when_it_could_is_no_copycat():
    # The guard against a copycat (keep the players from standing point-symmetric) costs moves,
    # once a poison star (gen12x23-255575 seed 1 as A against trapper, at 86-105). The other
    # passing up a copy shows it is no copycat, and the guard is off for the rest of the game.
    for b_cell, declined in (((2, 2), False), ((1, 3), True)):
        first, second = _copy_offer(b_cell)
        bot = default(1)
        bot.act(first)
        bot.act(second)
        assert bot.memory()["declined"] is declined
        program = default(1)
        program.restore(bot.memory())
        assert program._declined is declined


@pytest.mark.parametrize("nodes", [3, 10, 40, 200])
def test_the_star_at_the_end_of_a_dead_end_only_if_we_are_back_out_first(nodes):
    # Up for the star, A is 4 steps from the corridor's mouth. B, 4 steps from it and moving
    # next, would box A in: A turns back, at every search size. One step further away, B is too
    # late and the star is A's.
    closing = [". B . . x s",
               ". x x . x A",
               "m . . . . ."]
    assert default(nodes=nodes).act(obs_of(closing, score_a=5, score_b=5)).move == "DOWN"
    late = ["B . . . x s",
            ". x x . x A",
            "m . . . . ."]
    if nodes >= 10:
        assert default(nodes=nodes).act(obs_of(late, score_a=5, score_b=5)).move == "UP"


def test_collects_from_a_dead_end_when_the_other_is_far():
    obs = obs_of(["A . . m x . . . . . . .",
                  ". x x x x . . . . . . .",
                  ". . . . . . . . . . . .",
                  ". . . . . . . . . . . B"])
    assert decide(obs).move == "RIGHT"


def test_mushrooms_before_a_safe_star():
    # A star and a mushroom, both far from B: the mushroom first, since the star doubles it later.
    obs = obs_of(["A s . m", ". . . .", ". x x x"] + [". . . ."] * 12 + [". . . B"], score_a=4)
    st = State.from_observation(obs)
    plan = make_plan(st)
    assert plan is not None and obs.grid[plan.cell // obs.cols][plan.cell % obs.cols] == "m"


# A at the mouth of a dead end (a star, then a mushroom), three more mushrooms 7 steps away, B far.
STAR_AT_A_MOUTH = (". . . . . . . . . . . .",
                   ". x x x x x x x x x x x",
                   "A s m x . . . . . . . .",
                   ". x x x . . . . . . . .",
                   *[". . . . . . . . . . . ."] * 4,
                   ". m m m . . . . . . . .",
                   ". . . . . . . . . . . B")


def test_does_not_walk_over_a_star_it_keeps_for_a_mushroom_behind_it():
    # A stands at the mouth of a dead end: a star, then a mushroom. Three more mushrooms are 7
    # steps away, B is far. Over the star (its plain 4 extra steps) the mushroom behind it was
    # nearer, and the star went early: every mushroom after it was not doubled (duel20x20.txt
    # seed 0 as A against trapper, 227-132 at round 73, lost 480-572). Crossing it costs the
    # mushrooms it would double; with none of ours left but that one, it is cheap again.
    rows = list(STAR_AT_A_MOUTH)
    obs = obs_of(rows, score_a=10, score_b=10)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and divmod(plan.cell, obs.cols) == (8, 1) and plan.steps == 7
    rows[8] = ". . . . . . . . . . . ."
    plan = make_plan(State.from_observation(obs_of(rows, score_a=10, score_b=10)))
    assert plan is not None and plan.first == 2 * obs.cols + 1  # onto the star: nothing left to double


def test_on_a_board_of_more_stars_than_the_cap_no_star_waits_for_mushrooms():
    # The course's boards have 12 and 4 stars, the bench's generated ones at most 26, and there a
    # star far from the other waits for our mushrooms (they get doubled too). On the shipped 64x64
    # board (124 stars) the stars of our part waited while `greedy` walked in and took them (B
    # lost 4.1e9 to 1.2e20, session 77): with more stars than STAR_CAP each is taken at once.
    from game.duel.bots.default import RACE_WHY, STAR_CAP

    rows = list(STAR_AT_A_MOUTH)
    few = obs_of(rows, score_a=10, score_b=10)
    plan = make_plan(State.from_observation(few))
    assert plan is not None and plan.first != 2 * few.cols + 1  # walks round the star it keeps
    rich = [r[:8] + "s s s s s s s s" if 4 <= i <= 8 else r for i, r in enumerate(rows)]
    many = obs_of(rich, score_a=10, score_b=10)
    assert sum(row.count("s") for row in many.grid) == 1 + 5 * 8 > STAR_CAP
    st = State.from_observation(many)
    plan = make_plan(st)
    # A star now, not the mushrooms: the block B races for first, the star at the mouth is safe.
    assert plan is not None and st.items[plan.cell] == STAR and plan.cell == 4 * many.cols + 4
    assert plan.why.startswith(RACE_WHY)


def _row_of_stars(*rows_below, round_=1):
    """Stars at 0, 4, 11 and 18 of a top row 36 cells long, A at 1, B at 35 (17 steps from the
    star at 18), then ``rows_below`` (each a cell repeated along the row); scores 50-50."""
    cells = ["."] * 36
    cells[1], cells[35] = "A", "B"
    for c in (0, 4, 11, 18):
        cells[c] = "s"
    rows = [" ".join(cells)] + [" ".join(ch * len(cells)) for ch in rows_below]
    return obs_of(rows, round_=round_, score_a=50, score_b=50)


def test_on_a_star_rich_board_the_next_star_is_the_one_that_wins_the_race_for_the_most():
    # Walled-off rows of stars below the row make the board star-rich. By value per step the star
    # beside A comes first, and then B, one step ahead, takes the star at 18: 3 stars to 1. The
    # race (both players then walking to the nearest star left) sees that: A goes up the row first
    # and takes all four (on g36x56s13, generated, A walked 30 steps to a lone star while B took eleven).
    from game.duel.bots.default import RACE_WHY, _star_race

    st = State.from_observation(_row_of_stars("x", "s", "s"))
    assert _star_race(st.geo, st.masks[STAR], 0, 1, st.pos[1], 0, 1000) == (3, 1)
    assert _star_race(st.geo, st.masks[STAR], 0, 1, st.pos[1], 0, 5) == (2, 0)   # within 5 turns
    plan = make_plan(st)
    assert plan is not None and plan.cell != 0 and plan.why == f"{RACE_WHY}: 4 stars to the other's 0 in 80 rounds"


def test_a_game_that_began_star_rich_stays_so_as_its_stars_go():
    # The same row, an open row beside it: with only its four stars on the board, value per step
    # (the star beside A first); in a game whose board had more than STAR_CAP stars, still the
    # race, and a program, started afresh each move, remembers that in its memory file (g36x56s13
    # seed 0 as B against greedy: at 40 stars left B turned from its race to a star 44 steps away, and lost).
    from game.duel.bots.default import RACE_WHY

    few = _row_of_stars(".", "x", ".", ".", round_=30)
    assert make_plan(State.from_observation(few)).cell == 0
    assert make_plan(State.from_observation(few), star_rich=True).why.startswith(RACE_WHY)
    first = make_bot("default", seed=0, move_time=0.05)
    first.act(_row_of_stars(".", "x", "s", "s"))
    memory = first.memory()
    assert memory["star_rich"] is True
    later = make_bot("default", seed=0, move_time=0.05)
    later.restore(memory)
    assert RACE_WHY in later.act(few).reason
    assert RACE_WHY not in make_bot("default", seed=0, move_time=0.05).act(few).reason


def test_races_for_a_star_the_other_would_take():
    # The same star with B next to it: take it now (and deny B the doubling).
    obs = obs_of(["A s B m", ". . . .", ". . . ."], score_a=4, score_b=6)
    st = State.from_observation(obs)
    plan = make_plan(st)
    assert plan is not None and plan.cell == 1


def _star_race(b_row, b_col, a_col=0):
    """A (score 3) in the top row, three mushrooms below it down the second column and a star in
    the seventh; B (score 8) at (b_row, b_col); a 16 x 8 board."""
    rows = [list("......s........."), *[list(".m..............") for _ in range(3)],
            *[list("................") for _ in range(4)]]
    rows[0][a_col] = "A"
    rows[b_row][b_col] = "B"
    return obs_of([" ".join(r) for r in rows], score_a=3, score_b=8)


def test_a_star_chosen_in_a_race_stays_the_target_while_we_walk_to_it():
    # B as far from the star as A: A races for it (urgent: B would double 8). A steps towards it,
    # B steps away. Counted from where A stands, A's lead is 6 (11 - 5), the star's urgency falls
    # with every step A takes, and the mushroom next to A wins; the plan would turn back, and go
    # for the star again when B comes nearer (on gen30x30-728762, seed 0 as A against trapper:
    # three turns in ten rounds, four stars lost). Counted from where A chose it, the lead is 5:
    # only B's steps count.
    raced = make_plan(State.from_observation(_star_race(2, 10)))
    assert raced.cell == 6 and raced.since == 6
    nearer = State.from_observation(_star_race(2, 15, a_col=1))
    assert make_plan(nearer, keep=6).cell == 17  # counted from here: the mushroom nearest A
    kept = make_plan(nearer, keep=6, keep_since=raced.since)
    assert kept.cell == 6 and kept.steps == 5 and kept.since == 6
    # A fresh choice (nothing kept) is made from where A stands.
    assert make_plan(nearer, keep_since=6).cell == 17


def test_stars_the_other_is_a_little_nearer_to_are_a_group_too():
    # Two stars two steps apart, B two steps nearer to the first than A (a try). Counted one by
    # one the pair was worth a star divided by the race, and A walked to the mushroom at its feet;
    # as a group, the other's doubling twice over. On the course's 20x20 map, when our way to a
    # middle star went round a mine and turned a step longer than the other's, the four middle
    # stars became tries worth one star each, and B went back to its corner star while the other
    # took the middle (default as B against trapper, session 25).
    rows = [list("A.....s.s.B....."), *[list("................") for _ in range(6)], list("s...............")]
    rows[1][1] = "m"
    obs = DuelObservation(round=1, grid=tuple("".join(r) for r in rows), score_a=3, score_b=8, me="A")
    plan = make_plan(State.from_observation(obs))
    assert plan.cell == 6 and "then 1 more star" in plan.why


def test_a_kept_star_is_let_go_when_its_racer_walks_away():
    # The other's steps still count: B walks off to the far corner, the lead counted from where A
    # chose the star is 10, and the star waits for the mushrooms (session 24 kept the urgency the
    # star was chosen with: on gen22x22-43037 seed 0 as B, B walked seven steps up the board for
    # a star while A went the other way).
    raced = make_plan(State.from_observation(_star_race(2, 10)))
    away = State.from_observation(_star_race(7, 15, a_col=1))
    assert make_plan(away, keep=6, keep_since=raced.since).cell == 17


def _detour_board(score_a=10, below=False, group=True):
    """A (score ``score_a``) at the top left, its star two steps to the right (and a mushroom below
    it if ``below``); B (score 500) at (8, 18), two steps below a group of three stars (if
    ``group``); a 20 x 10 board with a column of mushrooms between."""
    rows = [list("." * 20) for _ in range(10)]
    rows[0][0], rows[0][2], rows[8][18] = "A", "s", "B"
    if below:
        rows[1][0] = "m"
    for col in (14, 16, 18) if group else ():
        rows[6][col] = "s"
    for row in (0, 3, 6, 9):
        rows[row][8] = "m"
    grid = tuple("".join(r) for r in rows)
    return State.from_observation(DuelObservation(round=300, grid=grid, score_a=score_a, score_b=500, me="A"))


def test_a_star_we_were_going_for_two_steps_away_is_taken_before_turning_away():
    # Nothing kept, the far group is the better target: B's 500 points, counted 2^2 times (three stars).
    st = _detour_board()
    group = make_plan(st)
    assert divmod(group.cell, 20) == (6, 14) and "2 more stars" in group.why
    # Two steps from the star we were going for, B standing where it stood two turns ago: the
    # star first, then the group (on gen24x27-422677 seed 0 as A against trapper, A turned from
    # its star two steps away to a far group three times, and lost 258-6338).
    b = 8 * 20 + 18
    kept = make_plan(st, keep=2, keep_since=6, their_past=b)
    assert kept.cell == 2 and kept.steps == 2 and "on the way" in kept.why
    # B walking straight at the group (two steps nearer than two turns ago), already nearer to it
    # than we are: the two steps lose the race, and the plan turns to the group.
    walking = make_plan(st, keep=2, keep_since=6, their_past=b + 20 + 1)
    assert walking.cell == group.cell


def test_a_star_we_were_going_for_waits_for_a_mushroom_when_no_longer_at_risk():
    # At 1 point, with no group to race for, the mushroom below A is worth more per step than the
    # star two steps away: the star waits to double it (taken first, it would double 1 point, not 2).
    low = _detour_board(score_a=1, below=True, group=False)
    assert make_plan(low, keep=2, keep_since=6, their_past=8 * 20 + 18).cell == 20


def test_the_bot_remembers_where_it_chose_its_star_between_moves_and_as_a_program():
    first, second = _star_race(2, 10), _star_race(2, 15, a_col=1)
    second = DuelObservation(round=2, grid=second.grid, score_a=3, score_b=8, me="A")
    bot = default(1)
    assert bot.act(first).move == "RIGHT"
    assert bot.act(second).move == "RIGHT"
    assert make_bot("default").act(second).move != "RIGHT"  # without the memory: back to the mushrooms
    memory = {}
    for obs in (first, second):
        fresh = default(1)
        fresh.restore(memory)
        move = fresh.act(obs).move
        memory = fresh.memory()
    assert move == "RIGHT" and memory["since"] == 6


def test_a_mine_on_the_way_counts_its_stun_in_the_race():
    # A's only way out crosses a mine: 4 steps to the star, and 3 turns stunned on the way. B
    # needs 5. Counting steps only, A looked first.
    rows = ["A . b . s",
            "x x x x .",
            "m . . . .",
            ". . . . .",
            ". . . B ."]
    plan = make_plan(State.from_observation(obs_of(rows, score_a=4, score_b=4)))
    assert plan.cell == 4 and plan.steps == 7 and plan.their_steps == 5
    assert "nearer" in plan.why


def test_with_the_other_far_a_mine_costs_about_its_stun_not_a_detour_of_thirty_steps():
    # The mushroom two steps to A's right is behind a mine: 2 steps and 3 turns stunned. The other
    # mushroom is 15 steps away, and B is far (28 steps). Charged 30 steps for the mine (with the
    # other up to 20 steps away, 300), A walked the 15. (20map seed 0 as A against collector: A
    # walked round the mines on its short ways and lost the race for B's corner stars by a round,
    # 258-938; charged 9, it went over them and won.)
    rows = ["A b m x . . . . . . . . . . . . . . . . . . . B",
            ". x x x . . . . . . . . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . . . . . . . . . . . .",
            ". . . . . . . . . . . m . . . . . . . . . . . ."]
    plan = make_plan(State.from_observation(obs_of(rows, score_a=4, score_b=4)))
    assert plan.cell == 2 and plan.first == 1 and plan.steps == 2 + 3


_BEHIND_A_MINE = ["m . A s x . . .",  # A stands where the mine was; the star's only way in
                  "m m m x . . . .",
                  ". . . . . . . .",
                  "m m m m m . . .",
                  *[". . . . . . . ."] * 7,
                  ". . . . . . . B"]


@pytest.mark.parametrize("mine, last_round, move", [(True, 20, "RIGHT"), (False, 20, "DOWN"), (True, 21, "DOWN")])
def test_the_target_is_kept_across_our_own_stun(mine, last_round, move):
    # A stepped on the mine at round 20 on its way to the star (its target), and plays again at
    # round 24. The star, with B far away, would wait for the mushrooms (as a fresh choice); kept,
    # it is taken now, not left behind the mine. Without the mine, or with a round between the two
    # moves unaccounted for, nothing is kept.
    bot = default(1)
    grid = [r.replace(" ", "") for r in _BEHIND_A_MINE]
    bot.restore({"round": last_round, "other": [11, 7], "grid": grid, "stun": 0, "target": 3, "mine": mine})
    assert bot.act(obs_of(_BEHIND_A_MINE, round_=24, score_a=4, score_b=4)).move == move


def test_the_bot_remembers_stepping_on_a_mine():
    bot = default(1)
    bot.act(obs_of(["x A b", "x x .", "B . ."], round_=5))
    assert bot.memory()["mine"] is True
    bot.act(obs_of([". A .", "x x .", "B . ."], round_=9))
    assert bot.memory()["mine"] is False


def test_never_illegal_while_a_legal_move_exists():
    from game.duel.generator import generate_board

    rng = random.Random(5)
    for k in range(12):
        rows, cols = rng.randint(4, 12), rng.randint(4, 12)
        board = generate_board(rows, cols, seed=k)
        obs = parse_map("\n".join(board.grid))
        st = State.from_observation(obs)
        # Scatter the players a little: a few random legal moves each.
        for _ in range(rng.randint(0, 12)):
            moves = st.legal(st.turn)
            if not moves:
                break
            st.play(rng.choice(moves)[1])
        if st.over():
            continue
        o = observation(st, st.turn)
        legal = legal_moves(o)
        move = decide(o).move
        assert move in MOVES
        if legal:
            assert move in legal


SHARED = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "duel"


@pytest.mark.skipif(not (SHARED / "88map").exists(), reason="needs ../shared/data/duel/88map (the course's 8x8 map)")
@pytest.mark.parametrize("opponent", ["greedy", "trapper", "hunter", "walker"])
def test_wins_the_course_8x8_map_from_both_sides(opponent):
    board = parse_map((SHARED / "88map").read_text())
    for a, b, winner in ((default(1), make_bot(opponent, seed=2), "A Win"),
                         (make_bot(opponent, seed=1), default(2), "B Win")):
        result = play(board, a, b)
        assert result.winner == winner, (a, b, result.scores, result.end)


@pytest.mark.skipif(not (SHARED / "20map").exists(), reason="needs ../shared/data/duel/20map (the course's 20x20 map)")
def test_as_b_on_the_course_map_the_middle_stars_come_before_its_own_corner_star():
    # The course's 20x20 map from its start: four stars in the middle, A one move ahead on the
    # way there. At round 10 B is nearer to all four than A is; its corner star is 27 steps ahead
    # of A. Going back for the corner star first lost the middle to a collector playing this same
    # plan (A took all four in rounds 37-43 and won 1809-139); the middle first, B takes them.
    from game.duel.protocol import DELTAS

    from .arena import observation

    board = parse_map((SHARED / "20map").read_text())
    st = State.from_observation(board)
    st.turn = 0
    bots = (make_bot("trapper", seed=1), default(2))
    cols = st.geo.cols
    middle = {r * cols + c for r in (9, 10) for c in (8, 11)}
    assert all(st.items[c] == STAR for c in middle)
    taken = []
    while st.round <= 45:
        p = st.turn
        if st.stun[p] > 0:
            st.play(-1)
            continue
        dr, dc = DELTAS[bots[p].act(observation(st, p)).move]
        r, c = divmod(st.pos[p], cols)
        cell = (r + dr) * cols + c + dc
        if cell in middle and st.items[cell] == STAR:
            taken.append("AB"[p])
        st.play(cell)
    assert taken.count("B") >= 3, taken


@pytest.mark.skipif(not (SHARED / "88map").exists(), reason="needs ../shared/data/duel/88map (the course's 8x8 map)")
@pytest.mark.parametrize("nodes", [4000, nodes_for(PROGRAM_MOVE_TIME)])
def test_as_b_on_the_course_8x8_map_it_does_not_walk_to_and_fro_while_the_other_collects(nodes, monkeypatch):
    # The course's 8x8 map from its start against a collector, at 4000 nodes (where it was found)
    # and at the nodes the bot searches as a course program. At round 9 B's plan sent it down to a
    # star at the end of a dead end and the search, overriding it, back up: to and fro between two
    # cells until round 19 while A collected (lost 6-60). The way back grows dearer from DITHER
    # such moves: B goes on one way. (Played without the opening's mine, which since session 69
    # keeps B out of that position: the breaker is still what any such to and fro meets.)
    import game.duel.bots.default as default_module
    from game.duel.bots.default import DITHER
    from game.duel.protocol import DELTAS

    monkeypatch.setattr(default_module, "OPENING_FLIP_ROUNDS", 0)

    board = parse_map((SHARED / "88map").read_text())
    result = play(board, make_bot("collector", seed=0), default(1, nodes=nodes), rounds=24, keep_moves=True)
    start = State.from_observation(board)
    cols, cells, reasons = start.geo.cols, [start.pos[1]], []
    for letter, move, reason in result.moves:
        if letter == "B":
            dr, dc = DELTAS[move]
            cells.append(cells[-1] + dr * cols + dc)
            reasons.append(reason)
    longest = run = 1
    for k in range(2, len(cells)):
        run = run + 1 if cells[k] == cells[k - 2] != cells[k - 1] else 1
        longest = max(longest, run)
    assert longest <= DITHER, cells
    assert any("to-and-fro" in r for r in reasons), reasons


def test_a_hunter_does_not_box_it_in():
    # A generated 9x9 board on which an early version walked into a pocket and was boxed in by
    # the trapper in 16 rounds.
    from game.duel.generator import generate_board

    board = parse_map("\n".join(generate_board(9, 9, seed=433774).grid))
    for a, b, me in ((make_bot("trapper", seed=1), default(2), 1), (default(1), make_bot("trapper", seed=2), 0)):
        result = play(board, a, b, rounds=300)
        assert not (result.end == "invalid move" and result.scores[me] == -100), (a, b, result.scores)


def test_parity_decides_who_can_be_boxed_in():
    from game.duel.bots.default import _vulnerable

    # A to move, both on the same colour of the checkerboard: after A's move they differ on B's
    # turns, so only B can ever be boxed in.
    st = State.from_observation(obs_of(["A . . .", ". . . .", ". . . .", ". . . B"]))
    assert not _vulnerable(st, 0) and _vulnerable(st, 1)
    # Three turns skipped on a mine flip it.
    st.stun[1] = 3
    assert _vulnerable(st, 0) and not _vulnerable(st, 1)


def test_a_mine_that_leads_on_is_a_way_out_of_a_dead_end():
    from game.duel.bots.default import evaluate

    # B is in a corridor with A at its mouth. Stepping on a mine is a legal move, so a mine at the
    # corridor's end that leads on to the rest of the board is B's way out (game-0048 of the rush
    # set: A halved its lead to chase B into such a corridor and never boxed it in) ...
    st = State.from_observation(obs_of([". . . . . .",
                                        ". x x x x .",
                                        "b . . B . A"]))
    assert evaluate(st, detail=True).doomed == (False, False)
    # ... a mine with nothing behind it is only the end of the dead end, like an empty cell ...
    for end in ("b", "."):
        st = State.from_observation(obs_of([". . . . . .",
                                            "x x x x x .",
                                            f"{end} . . B . A"]))
        assert evaluate(st, detail=True).doomed == (False, True), end
    # ... and one beside the mouth, which A reaches first, is closed with it.
    st = State.from_observation(obs_of(["x x x b . .",
                                        "x B . . . A",
                                        "x x x x x ."]))
    assert evaluate(st, detail=True).doomed == (False, True)


def test_chases_a_player_into_the_end_of_its_dead_end():
    # B is in a corridor closed at its left end; A comes in behind it and boxes it in.
    board = parse_map("\n".join([". B . . . .",
                                 "x x x x x .",
                                 "m . . . . A"]))
    result = play(board, default(1), make_bot("walker", seed=2), rounds=40, keep_moves=True)
    assert result.end == "invalid move" and result.scores[1] == -100 and result.winner == "A Win"
    assert any("chases it" in reason for who, _, reason in result.moves if who == "A")


def _symmetric(top: list[str], middle: str) -> list[str]:
    """A point-symmetric board from its top rows and its middle row's left half (odd sizes)."""
    flip = {"A": "B", "B": "A"}
    rows = top + [middle + "".join(flip.get(ch, ch) for ch in reversed(middle[:-1]))]
    rows += ["".join(flip.get(ch, ch) for ch in reversed(r)) for r in reversed(top)]
    return rows


def test_breaks_a_copycat_through_the_centre_of_an_odd_board():
    # On an odd-by-odd point-symmetric board a copycat B is beaten only by stepping on the centre
    # (B cannot follow there): from then on it walks. Copied, every other game is a tie.
    rows = _symmetric(["Am.m.x.", ".x.x.mm", "m..m..."], "..m.")
    board = parse_map("\n".join(" ".join(r) for r in rows))
    assert board.grid == tuple("".join({"A": "B", "B": "A"}.get(ch, ch) for ch in reversed(r))
                               for r in reversed(board.grid))
    result = play(board, default(1), make_bot("mirror", seed=2), rounds=200, keep_moves=True)
    assert result.winner == "A Win", result.scores
    assert any("breaks the copying" in reason for who, _, reason in result.moves if who == "A")


def test_against_a_copycat_takes_the_items_whose_mirror_image_is_gone():
    from game.duel.bots.default import copy_plan

    # Players point-symmetric, B to copy A; the mushroom at (0, 3) has its mirror (3, 0) gone,
    # the one at (1, 0) its mirror (2, 3) still there: only the first gains anything.
    st = State.from_observation(obs_of(["A . . m",
                                        "m . . .",
                                        ". . . m",
                                        ". . . B"]))
    plan = copy_plan(st)
    assert plan is not None and plan.cell == 3 and plan.first == 1
    # Fully symmetric items on an even board: nothing to gain, no copycat plan.
    st = State.from_observation(obs_of(["A . . m", "m . . .", ". . . m", "m . . B"]))
    assert copy_plan(st) is None


# Point-symmetric but for the mushroom at (1, 4), whose mirror image (2, 1) is gone; A to move.
COPY_GAME = ["A . t . m .",
             ". m . . m .",
             ". . . . m .",
             ". m . t . B"]


def test_behind_against_a_copycat_a_pair_of_poison_stars_halves_the_gap():
    from game.duel.bots.default import copy_game_line, copy_game_won
    from game.duel.bots.sim import apply_item

    # One point behind, the lone mushroom only brings A level: the quick count sees a tie. But a
    # pair of mushrooms (2-3) and then the poison stars (1-1) make it level first, and the lone
    # mushroom then puts A ahead.
    st = State.from_observation(obs_of(COPY_GAME, score_a=1, score_b=2))
    assert not copy_game_won(st)
    line = copy_game_line(st)
    assert line is not None
    a, b = st.score
    for ours, theirs in line:
        a, b = apply_item(a, ours), apply_item(b, theirs)
    assert a > b
    assert (PSTAR, PSTAR) in line
    # Two behind: halving leaves one, the lone mushroom brings A level, no more: no line.
    assert copy_game_line(State.from_observation(obs_of(COPY_GAME, score_a=3, score_b=5))) is None
    # Ahead already: nothing to do.
    assert copy_game_line(State.from_observation(obs_of(COPY_GAME, score_a=2, score_b=1))) == ()


def test_behind_against_a_copycat_wins_by_the_poison_stars():
    # The game, 200 rounds against mirror: 3-2 (the quick count's plan tied 3-3, taking the lone
    # mushroom first).
    result = play(obs_of(COPY_GAME, score_a=1, score_b=2), default(1), make_bot("mirror", seed=2), rounds=200,
                  keep_moves=True)
    assert result.winner == "A Win", result.scores
    assert any("copy game" in reason for who, _, reason in result.moves if who == "A")
    # Two behind there is no such line: a tie, as before.
    result = play(obs_of(COPY_GAME, score_a=3, score_b=5), default(1), make_bot("mirror", seed=2), rounds=200)
    assert result.winner == "Tie", result.scores


def test_against_a_copycat_the_stand_off_breaker_stays_out():
    # A copycat brings the same two cells back by design, and the copy game decides there: the
    # breaker's costs there turned two won games against mirror into ties (duel8x8 seeds 1 and 3,
    # 3-2 and 2-1 before, 10-10 with it). Here the plan's move has been played from these two cells
    # eight times: the copy game's move is still played as planned, with no search against a cost.
    from game.duel.bots.default import COPYCAT
    obs = obs_of(COPY_GAME, round_=10, score_a=1, score_b=2)
    st = State.from_observation(obs)
    bot = default(1)
    bot._prev = (9, obs.position("B"), obs.grid, 0)
    bot._copied = COPYCAT
    right = MOVES.index("RIGHT")
    bot._visits = [[r, st.pos[0], st.pos[1], right, 0] for r in range(2, 10)]
    answer = bot.act(obs)
    assert answer.move == "RIGHT" and "copy game" in answer.reason and "stand-off" not in answer.reason
    assert bot.last_depth == 0


COPIED = [["A . . . .", ". . . . .", "m . . . .", ". . . . .", "m . . . B"],
          [". A . . .", ". . . . .", "m . . . .", ". . . . .", "m . . B ."],
          [". . A . .", ". . . . .", "m . . . .", ". . . . .", "m . B . ."]]


def test_a_copycat_is_recognised_from_its_moves():
    # As A, after B has answered two moves in a row with their mirror images, the bot plays the
    # copycat plan (here: the mushroom whose mirror image is gone), not its usual one.
    bot = default(1)
    grids = COPIED
    for k, g in enumerate(grids):
        answer = bot.act(obs_of(g, round_=k + 1))
    assert "copies" in answer.reason or "breaks the copying" in answer.reason, answer.reason
    # As a program (a fresh bot every move), the count travels in the bot's memory file.
    memory = {}
    for k, g in enumerate(grids):
        bot = default(1)
        bot.restore(memory)
        fresh = bot.act(obs_of(g, round_=k + 1))
        memory = bot.memory()
    assert fresh.move == answer.move and fresh.reason == answer.reason


def test_no_copycat_plan_against_a_bot_that_once_did_not_copy():
    # A bot that passed up a copy it could have made is no copycat (a copycat never does: see
    # test_a_bot_that_does_not_copy_when_it_could_is_no_copycat), even when the players stand
    # point-symmetric again. gen22x10-498490 seed 0 as A against searcher: at 52-58, B stood by
    # its star and stepped to and fro; A's steps by its own star mirrored them every other turn, so
    # the copycat plan (a poison star "halving the gap") and the usual plan (a mushroom 5 steps
    # away) took turns, and A stood still from round 104 to 996 (lost 104-115).
    bot = default(1)
    bot._declined = True
    for k, g in enumerate(COPIED):
        answer = bot.act(obs_of(g, round_=k + 1))
    assert bot.memory()["copied"] >= 2  # the symmetric turns are still counted
    assert not any(word in answer.reason for word in ("copies", "copying", "copy game")), answer.reason
    # As a program, the same from the memory file.
    memory = {}
    for k, g in enumerate(COPIED):
        bot = default(1)
        bot.restore(memory)
        if k == 0:
            bot._declined = True  # from the memory file after that
        fresh = bot.act(obs_of(g, round_=k + 1))
        memory = bot.memory()
    assert memory["declined"] is True and fresh.reason == answer.reason


def test_memory_from_an_earlier_game_is_dropped_at_the_next_games_start():
    # A judge may run a program in the same working folder game after game. What the bot
    # remembers from the last game (here: a copycat seen round after round) must not carry over:
    # round 1 of the next game plays exactly as a bot that remembers nothing.
    grids = COPIED
    memory = {}
    for k, g in enumerate(grids):
        bot = default(1)
        bot.restore(memory)
        bot.act(obs_of(g, round_=k + 1))
        memory = bot.memory()
    assert memory["copied"] >= 2
    stale = default(1)
    stale.restore(memory)
    fresh = default(1)
    after_stale, after_fresh = stale.act(obs_of(grids[0])), fresh.act(obs_of(grids[0]))
    assert "cop" not in after_fresh.reason
    assert (after_stale.move, after_stale.reason) == (after_fresh.move, after_fresh.reason)
    assert stale.memory() == fresh.memory()


def test_memory_from_another_game_played_at_the_same_time_is_dropped():
    # Two games at once in one working folder: the memory file may hold the other game's move of
    # the round before. Its board differs from ours in more cells than one round's two moves can
    # change, so it is taken for another game's and dropped (here: a copycat seen there).
    memory = {}
    for k, g in enumerate(COPIED[:2]):
        bot = default(1)
        bot.restore(memory)
        bot.act(obs_of(g, round_=k + 1))
        memory = bot.memory()
    assert memory["copied"] == 2
    ours = [". . A . .", "m m m m m", ". . . . .", "m m m m m", ". . B . ."]
    stale, fresh = default(1), default(1)
    stale.restore(memory)
    after_stale, after_fresh = stale.act(obs_of(ours, round_=3)), fresh.act(obs_of(ours, round_=3))
    assert (after_stale.move, after_stale.reason) == (after_fresh.move, after_fresh.reason)
    assert stale.memory() == fresh.memory() and stale.memory()["copied"] == 1
    # The same game's memory, a round on, is kept: the copycat is recognised.
    same = default(1)
    same.restore(memory)
    answer = same.act(obs_of(COPIED[2], round_=3))
    assert same.memory()["copied"] == 3 and "cop" in answer.reason, answer.reason


def test_races_for_a_star_the_other_reaches_before_our_mushrooms_are_in():
    # Our star is nearer to us than to B, but B gets there long before our four mushrooms are in:
    # take it now rather than lose it.
    obs = obs_of(["A s . . . . . .",
                  "m . . . . . . .",
                  "m . . . . . . .",
                  "m . . . B . . .",
                  "m m . . . . . ."], score_a=5, score_b=5)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and plan.cell == 1


def test_a_star_at_risk_is_worth_the_doubling_of_the_score_the_other_is_on_its_way_to():
    # Level at 0-0, the players far apart: the star doubles nothing of ours yet, but B, one step
    # behind us on the way to it, reaches 24 mushrooms first and would double what it has after
    # them. Denying B that doubling is worth more than the mushroom behind us (valued at B's score
    # now, 0, it was not).
    def board(b_col):
        top = ["."] * 22
        top[0], top[1], top[9], top[b_col] = "m", "A", "s", "B"
        return [" ".join(top)] + [" ".join(["."] * 14 + ["m"] * 8)] * 3

    plan = make_plan(State.from_observation(obs_of(board(18))))
    assert plan is not None and plan.cell == 9, plan and plan.why
    assert "before the other takes it" in plan.why
    # With B far behind, the star is safe: the mushroom first, then the star doubles it.
    plan = make_plan(State.from_observation(obs_of(board(21))))
    assert plan is not None and plan.cell == 0, plan and plan.why


def test_a_star_the_other_races_us_for_is_worth_the_group_it_would_go_on_to():
    # No mushrooms left: every star is a target, and B races A for all of them (B, at 40, is 1 to
    # 3 steps behind A on the way to each). Star by star, denying B the single star to the left
    # (B 1 step behind) is the best value per step; but to the right, B taking the first of three
    # stars a step apart goes on to the other two, and denying it that group (8 times its score
    # where one star doubles it) is worth the longer way. With one star on the right, the single
    # star to the left is the target again.
    top = ["."] * 23
    top[5], top[10], top[16], top[17], top[18] = "s", "A", "s", "s", "s"
    bottom = ["."] * 23
    bottom[9] = "B"
    rows = [" ".join(top), " ".join(["."] * 23), " ".join(bottom)]
    plan = make_plan(State.from_observation(obs_of(rows, score_a=10, score_b=40)))
    assert plan is not None and plan.cell in (16, 17, 18), plan and plan.why
    assert "then 2 more stars within" in plan.why
    top[17] = top[18] = "."
    rows[0] = " ".join(top)
    plan = make_plan(State.from_observation(obs_of(rows, score_a=10, score_b=40)))
    assert plan is not None and plan.cell == 5, plan and plan.why


def test_no_target_down_a_dead_end_the_other_can_close_behind_us():
    # Late in the game every item is a target. A is far ahead. The star at the end of the corridor (7
    # steps, 3 more back to its mouth) is worth far more than the mushroom, but B reaches the mouth
    # in 7: on A's colour pattern (A can be boxed in) it would shut A in and box it in at the end,
    # a loss from far ahead. With B one step further along, on A's own colour, A can never be boxed
    # in and takes the star; only twice B's score, A needs the star and takes it too.
    def board(b):
        rows = [list("A........"), list(".xxxxxxx."), list("m........"),
                list("xx.xxxxxx"), list("xx.xxxxxx"), list("xxsxxxxxx")]
        rows[b[0]][b[1]] = "B"
        return ["".join(r) for r in rows]

    st = State.from_observation(obs_of(board((1, 8)), round_=980, score_a=50, score_b=10))
    assert pockets(st.geo) == {29: (20, 1), 38: (20, 2), 47: (20, 3)}
    plan = make_plan(st)
    assert plan is not None and plan.cell == 18, plan and plan.why
    plan = make_plan(State.from_observation(obs_of(board((0, 8)), round_=980, score_a=50, score_b=10)))
    assert plan is not None and plan.cell == 47, plan and plan.why
    plan = make_plan(State.from_observation(obs_of(board((1, 8)), round_=980, score_a=20, score_b=10)))
    assert plan is not None and plan.cell == 47, plan and plan.why


def test_goes_for_contested_items_when_the_other_is_nearer_to_all():
    # B is nearer to every item; the plan still targets one (B may be busy elsewhere).
    obs = obs_of(["A . . . . .",
                  ". . . . . .",
                  ". . . . . .",
                  ". . . m B m"])
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and plan.cell in (21, 23)
    assert "contested" in plan.why


def test_tries_for_a_star_the_other_is_only_a_little_nearer_to():
    # B reaches the star in 1 step, A in 8; B is far enough from A not to be in its way. A star
    # doubles the score: worth the try (B may be keeping it for later, as this plan does) rather
    # than the mushroom A reaches first.
    obs = obs_of(["m . . A . . . . . . . s B"], score_a=100, score_b=100)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and plan.cell == 11, plan and plan.why
    assert "worth the try" in plan.why


def test_no_try_with_the_other_near():
    # B is 3 steps from A: within CLOSE it is a wall for the plan, and the way to a try would open
    # and close as it moves; A keeps to the mushroom it reaches first.
    obs = obs_of(["A . . m . . .",
                  ". . . . . . .",
                  ". . s . . . .",
                  ". B . . . . ."], score_a=10, score_b=10)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and plan.cell == 3


def test_leaves_a_star_the_other_is_far_nearer_to():
    from game.duel.bots.default import STAR_TRY

    # B stands next to the star, 14 steps nearer than A: past STAR_TRY, so A takes its own
    # mushroom, though the star would double a score of 1000. (B at 100 doubled is still behind
    # A: no need to deny it the star.)
    assert 14 > STAR_TRY
    obs = obs_of(["A m . . . . . . . . . . . . s B"], score_a=1000, score_b=100)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and plan.cell == 1


def _far_walker(lead):
    """A (10 points) two steps from its star, its twelve mushrooms around it; B (10) on A's row,
    ``lead`` steps further from the star than A."""
    top = ["m"] * 6 + ["."] * 24
    middle = ["."] * 30
    middle[1], middle[3], middle[lead + 5] = "A", "s", "B"
    rows = [" ".join(top), " ".join(middle), " ".join(top)]
    return State.from_observation(obs_of(rows, score_a=10, score_b=10))


def test_a_star_far_ahead_of_the_other_waits_for_the_mushrooms_even_while_it_walks_at_it():
    from game.duel.bots.default import RISK_COMING, STAR_RISK

    # A's tour of twelve mushrooms (30 steps) would double 10 points to 22 and more.
    assert RISK_COMING + 5 <= STAR_RISK
    for lead, waits in ((RISK_COMING + 5, True), (RISK_COMING - 1, False)):
        st = _far_walker(lead)
        b = st.pos[1]
        # B stood still: the star waits (a mushroom first).
        assert make_plan(st, their_past=b).item == 1
        # B two steps nearer than two turns ago: within RISK_COMING steps of A's lead it may be
        # coming for the star, which is taken now; further, it cannot get there before A turns
        # back (the plan asks again every move), so the star waits. (As B on gen22x25-692443 after
        # the opening of seed 1, against collector, B took its star at 14 points to 7, 22 steps ahead of A.)
        walking = make_plan(st, their_past=b + 2)
        assert (walking.item == 1) == waits, (lead, walking.cell, walking.why)
        # Not knowing where B was, the star is at risk whatever the lead (as for collector).
        assert make_plan(st).item == 3


def test_of_two_stars_the_other_walks_at_the_one_it_is_nearer_to_goes_first():
    from game.duel.bots.default import RISK_COMING, RISK_NEAR, STAR_SAFETY

    # A (40 points, its 30 mushrooms above and below) between two stars of its own: x four steps
    # to the left, y nine to the right, B at the right end walking left, 27 steps behind A on the
    # way to x and 9 on the way to y (past STAR_SAFETY, so not a deadline for the earliest-first
    # rule). Plan by value per step, x goes first; but x, more than RISK_COMING ahead, may wait,
    # and y first then x still leaves x 9 steps ahead of B (27 - (9 + 13 - 4)), more than
    # RISK_NEAR: y goes first. (duel20x20.txt seed 1 as B against collector: at round 23, at 5
    # points, B took the star 4 steps away, 25 ahead of A, and left the one 9 steps away, 13 ahead,
    # that A was walking at; lost 511-595. Taking that one first, won 884 to -100.)
    top = ["m"] * 15 + ["."] * 19
    middle = ["."] * 34
    middle[0], middle[4], middle[13], middle[31] = "s", "A", "s", "B"
    obs = obs_of([" ".join(top), " ".join(middle), " ".join(top)], score_a=40, score_b=10)
    st = State.from_observation(obs)
    b, x, y = st.pos[1], obs.cols, obs.cols + 13
    assert 27 > RISK_COMING and 9 >= STAR_SAFETY and 27 - (9 + 13 - 4) > RISK_NEAR
    assert make_plan(st, their_past=b + 2).cell == y
    # Not knowing where B was, x goes first (value per step; y is 9 ahead); B standing still,
    # both stars wait for the mushrooms.
    assert make_plan(st).cell == x
    assert make_plan(st, their_past=b).item == 1


def _near_tie(star, b=23, poison=-1):
    # A at the left end of the middle row, B at column ``b``; A's one mushroom is a step away,
    # B's twenty are behind it. Scores 10-10.
    top = ["m"] + ["."] * 13 + ["m"] * 10
    middle = ["A"] + ["."] * 23
    middle[b], middle[star] = "B", "s"
    if poison >= 0:
        middle[poison] = "n"
    rows = [" ".join(top), " ".join(middle), " ".join(["."] + top[1:])]
    return State.from_observation(obs_of(rows, score_a=10, score_b=10))


def test_a_near_tie_try_in_an_open_race_denies_the_score_to_come():
    from game.duel.bots.default import APPROACH, TIE_STEPS

    # The star is 12 steps from A, 11 from B. Valued at B's score now (10), the try is worth less
    # a step than A's mushroom; valued at B's score to come (its 20 mushrooms too), more.
    st = _near_tie(12)
    b = st.pos[1]
    assert 1 <= TIE_STEPS < 3 and APPROACH <= 2
    # Not knowing where B was, it may be walking at the star: a lost race. A takes its mushroom.
    assert make_plan(st).cell == 0
    # B stood still: the race is open, and A tries.
    plan = make_plan(st, their_past=b)
    assert divmod(plan.cell, 24) == (1, 12) and "worth the try" in plan.why
    # B came two steps nearer in our last APPROACH turns (column 23 to 21): it walks at the star.
    walking = _near_tie(11, b=21)
    assert make_plan(walking, their_past=24 + 23).cell == 0
    assert divmod(make_plan(walking, their_past=24 + 21).cell, 24) == (1, 11)
    # B three steps nearer (the star at column 13: A 13, B 10) is past TIE_STEPS: the mushroom.
    assert make_plan(_near_tie(13), their_past=b).cell == 0


def test_a_try_only_for_a_detour_round_poison_is_an_open_race():
    # Star 11 steps from A, 12 from B: A's shortest way crosses the poison mushroom at column 5,
    # its cheapest goes round it (13 steps): the other looks nearer, but the race is A's to win
    # whatever B does. A tries, not knowing where B was.
    plan = make_plan(_near_tie(11, poison=5))
    assert divmod(plan.cell, 24) == (1, 11) and "worth the try" in plan.why
    # A step further (12 against 11 the shortest way), it is a race B wins walking at it.
    assert make_plan(_near_tie(12, poison=5)).cell == 0


def test_behind_on_what_the_regions_hold_tries_for_stars_however_far():
    # B is 3 steps from a group of three stars, A 18. A's mushroom is its only item. At 100-10,
    # B's 10 doubled three times (80) stays below A's 101: A takes its mushroom. At 100-20 (B
    # ends at 160), only denying B stars can win: the group is a try though far past STAR_TRY.
    rows = ["A . . . . . . . . . . . . . . . . . . .",
            ". . . m . . . . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . . . . s s s B"]
    ahead = make_plan(State.from_observation(obs_of(rows, score_a=100, score_b=10)))
    assert ahead is not None and divmod(ahead.cell, 20) == (1, 3)
    behind = make_plan(State.from_observation(obs_of(rows, score_a=100, score_b=20)))
    assert behind is not None and divmod(behind.cell, 20) == (2, 16) and "worth the try" in behind.why


def test_as_a_avoids_the_move_that_lets_b_restore_the_symmetry():
    from game.duel.bots.default import copy_game_won, symmetry_risks

    # Items point-symmetric, scores equal, players not. After A's RIGHT to (0, 1), B's RIGHT to
    # (3, 2) stands on its mirror cell: everything is symmetric, and a copycat B ties from there.
    # After DOWN to (1, 0), no reply of B reaches the mirror cell (2, 3).
    g = ["A . . m",
         ". . . .",
         ". . . .",
         "m B . ."]
    st = State.from_observation(obs_of(g))
    legal = st.legal(0)
    risky = symmetry_risks(st, legal)
    assert {MOVES[mc[0]] for mc in risky} == {"RIGHT"}
    assert st.pos == [0, 13] and st.items[3] and st.turn == 0   # the check leaves the state as it was
    # A copycat one step from the mirror image of A's cell steps onto it (it reads the step off the
    # board as A's move and answers it), so after RIGHT the chance is 1, not one of B's 3 replies.
    assert list(risky.values()) == [1.0]
    after = obs_of([". A . m", ". . . .", ". . . .", "m B . ."], me="B")
    assert make_bot("mirror", seed=0).act(after).move == "RIGHT"
    # The plan heads RIGHT for the mushroom at (0, 3) (B takes the one at (3, 0) first); the bot
    # goes DOWN instead and says why.
    assert make_plan(st).first == 1
    answer = default(1).act(obs_of(g))
    assert answer.move == "DOWN" and "symmetric" in answer.reason, answer
    # With the mirror image of the mushroom at (0, 3) gone, A wins the copy game (it takes that
    # mushroom, B's mirror cell is empty): nothing to avoid. One point behind, it only ties: risky.
    g = ["A . . m", ". . . .", ". . . .", ". B . ."]
    assert symmetry_risks(State.from_observation(obs_of(g)), legal) == {}
    st = State.from_observation(obs_of(g, score_b=1))
    assert not copy_game_won(st)
    assert {MOVES[mc[0]] for mc in symmetry_risks(st, legal)} == {"RIGHT"}
    # A board with an open centre cell: A can always break the copying there.
    g = ["A . . . m", ". . . . .", ". . . . .", ". . . . .", "m . . B ."]
    st = State.from_observation(obs_of(g))
    assert symmetry_risks(st, st.legal(0)) == {}


def test_the_board_alone_shows_a_bot_that_has_passed_up_a_copy():
    from game.duel.bots.default import copy_broken

    def broken(rows):
        return copy_broken(State.from_observation(obs_of(rows)))

    # From a point-symmetric start a copycat answers every move of A with its mirror image, so
    # the players and the items stay point-symmetric; anything else shows it once did not copy.
    assert not broken(["A . . m", ". x . .", ". . x .", "m . . B"])
    assert broken(["A . . m", ". x . .", ". . x .", "m B . ."])      # B off A's mirror cell
    assert broken(["A . . m", ". x . .", ". . x .", ". . . B"])      # an item without its mirror image
    # Nothing to read where a copycat could not always copy: an open centre cell (A steps on it,
    # B cannot follow), or walls that are not point-symmetric.
    assert not broken(["A . . . m", ". . . . .", ". . . . .", ". . . . .", ". B . . ."])
    assert not broken(["A . . m", ". x . .", ". . . .", "m B . ."])
    # A centre that is a wall is no way out of the copy game: such a board reads as an even one
    # (gen11x27-277060 from its start, remembering nothing, 10 games as A: 4 won, 3 before).
    assert broken(["A . . . m", ". . . . .", ". . x . .", ". . . . .", ". B . . ."])
    assert not broken(["A . . . m", ". . . . .", ". . x . .", ". . . . .", "m . . . B"])


def test_remembering_nothing_the_guard_against_a_copycat_reads_the_board():
    # The position of test_as_a_avoids_the_move_that_lets_b_restore_the_symmetry: items
    # point-symmetric, players not. At round 1 (a map that starts so) nothing has happened, and
    # the guard keeps A from RIGHT, after which B could restore the symmetry.
    g = ["A . . m",
         ". . . .",
         ". . . .",
         "m B . ."]
    assert default(1).act(obs_of(g)).move == "DOWN"
    # Later in a game from a point-symmetric start, a program that remembers nothing from move
    # to move (its working folder read-only) reads off the board that B once did not copy: no
    # copycat, no guard. (20map seed 0 as A against searcher: guarded, A took the star by its
    # start at a score of 0, lost 187-204; reading the board, won 1597-56.)
    program = default(1)
    program.from_the_start = True
    later = program.act(obs_of(g, round_=9))
    assert later.move == "RIGHT" and "symmetric" not in later.reason, later
    # In process the first move seen may follow an opening someone else played (the bench's):
    # the opening made the asymmetry, so the board proves nothing and the guard holds.
    joined = default(1).act(obs_of(g, round_=9))
    assert joined.move == "DOWN" and "symmetric" in joined.reason, joined
    # A bot that remembers the game goes by what it saw (B has not passed up a copy it could
    # make): an opening of random moves, as in the bench, breaks the symmetry too.
    bot = default(1)
    bot.act(obs_of([". . . m", "A . . .", ". . . .", "m B . ."], round_=8))
    kept = bot.act(obs_of(g, round_=9))
    assert kept.move == "DOWN" and "symmetric" in kept.reason, kept


def _no_target_and_not(obs, move):
    """The plan has no target, and the bot (without search or with a small one) does not play ``move``."""
    assert make_plan(State.from_observation(obs)) is None
    for nodes in (1, 40):
        assert default(nodes=nodes).act(obs).move != move


def test_no_target_behind_a_poison_star_that_would_halve_more_than_it_gives():
    # The last two mushrooms lie behind a poison star. With 40 points, halving costs 20 for 2:
    # the plan has no target and the bot, standing at the star, does not step on it. With 1 point
    # (halving costs 1) the mushrooms are worth the way.
    rows = [". . . . . . . B",
            ". . . A . . . .",
            "x x x t x x x x",
            "m m . . . . . ."]
    _no_target_and_not(obs_of(rows, score_a=40, score_b=10), "DOWN")
    poor = obs_of(rows, score_a=1, score_b=0)
    plan = make_plan(State.from_observation(poor))
    assert plan is not None and plan.cell // 8 == 3 and rows[3].split()[plan.cell % 8] == "m"


def test_a_star_behind_a_poison_star_only_to_keep_the_other_from_doubling():
    # Over the poison star A's 40 become 20, and the star behind it doubles them back to 40: with
    # B far behind and nothing to double, not worth the way (gen17x30-666011 seed 0 as B against
    # greedy: 65 -> 32 -> 64). With B two steps behind on its way to double 100, it is.
    rows = [". . . . . . . B",
            ". . . A . . . .",
            "x x x t x x x x",
            "s . . . . . . ."]
    assert make_plan(State.from_observation(obs_of(rows, score_a=40, score_b=0))) is None
    raced = [". . . . . . . .",
             ". . . A . . . .",
             "x x x t x x x x",
             "s . . . . . . B"]
    plan = make_plan(State.from_observation(obs_of(raced, score_a=40, score_b=100)))
    assert plan is not None and plan.cell == 3 * 8 and plan.first == 2 * 8 + 3


def test_paths_count_the_poison_stars_they_cross():
    # From A to the top-right cell: 2 steps over the poison star, or 8 around the wall. Cost, steps
    # and first step are as without the count.
    st = State.from_observation(obs_of(["A t .", ". x .", ". x .", ". . B"]))
    crossings = [1 if it == PSTAR else 0 for it in st.items]
    for extra, way, over in ((0, 2, 1), (10, 8, 0)):
        cost_steps = [1 + (extra if it == PSTAR else 0) for it in st.items]
        plain = st.geo.cheapest_paths(0, cost_steps)
        cost, steps, first, crossed = st.geo.cheapest_paths(0, cost_steps, tally=crossings)
        assert (cost, steps, first) == plain
        assert steps[2] == way and crossed[2] == over and crossed[1] == 1 and crossed[3] == 0


def test_no_poison_star_for_a_star_the_other_is_far_nearer_to():
    # The halving is certain, the star is B's in one step: at 125-33 A stays off the poison star
    # (gen12x23-255575 seed 2 as A against walker went 125 -> 62 -> 32 this way and lost 53-69).
    rows = [". . . x . . . . . .",
            ". . A t . . . . s B",
            ". . . x . . . . . ."]
    _no_target_and_not(obs_of(rows, score_a=125, score_b=33), "RIGHT")


@pytest.mark.parametrize("score_a, score_b", [(5, 6), (5, 5), (10, 5)])
def test_in_a_stand_off_it_stops_repeating_itself(score_a, score_b):
    # The same two cells round after round (the other shadowing us) is a stand-off: behind, a loss
    # on points; ahead, the items we came for stay out of reach while the other may leave for them
    # at any time (duel12x30 seed 3 against hunter: 880 rounds at 157-69, then lost 171-600). From
    # the third time, each earlier play of a move from here costs extra: the bot tries another way,
    # then a third, and goes back to the least repeated one.
    rows = ["m . . . . . m",
            ". . . . . . .",
            ". . . A . . .",
            ". . . . . . .",
            "m x . B . m m"]
    bot = default(2, nodes=200)
    answers = [bot.act(obs_of(rows, round_=k + 1, score_a=score_a, score_b=score_b)) for k in range(6)]
    moves = [a.move for a in answers]
    assert moves[0] == moves[1] and not any("stand-off" in a.reason for a in answers[:2])
    assert moves[2] != moves[0] and "breaks a stand-off" in answers[2].reason
    assert moves[3] not in (moves[0], moves[2]) and "breaks a stand-off" in answers[3].reason
    if score_a != score_b:  # (level, every move costs one penalty at most: see the next test)
        assert moves[5] != moves[0]  # played twice before, it costs the most
    # As a program (a fresh bot every move) the positions travel in the bot's memory file.
    memory, moves = {}, []
    for k in range(3):
        bot = default(2, nodes=200)
        bot.restore(memory)
        moves.append(bot.act(obs_of(rows, round_=k + 1, score_a=score_a, score_b=score_b)).move)
        memory = bot.memory()
    assert moves == [a.move for a in answers[:3]]


def test_a_stand_off_costs_each_earlier_play_of_a_move_up_to_three_times_and_a_mine_is_no_way_out_unless_behind():
    from game.duel.bots.default import CYCLE_COUNT, CYCLE_PENALTY, DefaultBot
    rows = [". . . . .",
            ". b A . .",
            ". . t . .",
            ". . . . B"]
    obs = obs_of(rows, round_=30, score_a=20, score_b=10)
    st = State.from_observation(obs)
    legal = st.legal(0)
    by_name = {MOVES[mc[0]]: mc for mc in legal}
    assert set(by_name) == {"UP", "LEFT", "RIGHT", "DOWN"}
    bot = DefaultBot(seed=0)
    here, there = st.pos[0], st.pos[1]
    up, right = MOVES.index("UP"), MOVES.index("RIGHT")
    bot._visits = [[20, here, there, up, 0]]
    assert bot._repeats(st, legal) == {}  # once is not a stand-off
    bot._visits = [[r, here, there, up, 0] for r in range(20, 25)] + [[25, here, there, right, 0], [26, here + 1, there, right, 0]]
    pen = bot._repeats(st, legal)
    assert pen[by_name["UP"]] == CYCLE_COUNT * CYCLE_PENALTY        # five times, counted three
    assert pen[by_name["RIGHT"]] == CYCLE_PENALTY                   # once from here (once elsewhere)
    assert pen[by_name["LEFT"]] == pen[by_name["DOWN"]] == CYCLE_COUNT * CYCLE_PENALTY  # a mine, a poison star
    # Behind, the mine is no dearer than before (never played from here: no cost at all): its three
    # skipped turns flip which of us can be boxed in, and the search weighs that.
    behind = State.from_observation(obs_of(rows, round_=30, score_a=10, score_b=20))
    assert bot._repeats(behind, behind.legal(0)) == {mc: p for mc, p in pen.items() if mc != by_name["LEFT"]}
    # ... but not with the players far apart: there the search looks one move ahead.
    assert bot._repeats(behind, behind.legal(0), far=True) == pen
    # Level, the stand-off holds a tie: each move costs one penalty at most, however often it was
    # played (88map from its start as B against a 4000-node searcher: at 4-4, giving up four
    # bits to leave the centre lost 8-22; holding, B won 6-4).
    level = State.from_observation(obs_of(rows, round_=30, score_a=20, score_b=20))
    assert bot._repeats(level, level.legal(0)) == {mc: CYCLE_PENALTY for mc in pen}


def test_walking_to_and_fro_between_two_cells_makes_the_way_back_dearer_the_longer_it_goes_on():
    # The plan walks one way, the search overrides it back, round after round (88map from the start
    # as B against collector: rounds 9 to 19 between a star in a dead end and its way out, while A
    # collected). From DITHER such moves in a row, every other one an override, the move back to the
    # cell we came from costs CYCLE_PENALTY, more the longer it goes on (at most CYCLE_COUNT times);
    # the other moves cost nothing.
    from game.duel.bots.default import CYCLE_COUNT, CYCLE_PENALTY, DITHER, DefaultBot
    rows = [". . . . .",
            ". . A . .",
            ". . . . .",
            ". . . . B"]
    st = State.from_observation(obs_of(rows, round_=40, score_a=20, score_b=10))
    legal = st.legal(0)
    by_name = {MOVES[mc[0]]: mc for mc in legal}
    here, below = st.pos[0], by_name["DOWN"][1]
    bot = DefaultBot(seed=0)

    def walked(moves, overrode=range(1, 40, 2)):
        # Our cells at rounds 39, 38, ...: below, here, below, ... (``moves`` of them), the search
        # overriding the plan in the rounds ``overrode`` (by default at every other move).
        return [[39 - k, below if k % 2 == 0 else here, st.pos[1], 0, int(39 - k in overrode)]
                for k in range(moves)][::-1]

    bot._visits = walked(DITHER - 1)
    assert bot._dither(st, 40, legal) == {}
    bot._visits = walked(DITHER)
    assert bot._dither(st, 40, legal) == {by_name["DOWN"]: CYCLE_PENALTY}
    bot._visits = walked(DITHER + 2)
    assert bot._dither(st, 40, legal) == {by_name["DOWN"]: 2 * CYCLE_PENALTY}
    bot._visits = walked(DITHER + 20)
    assert bot._dither(st, 40, legal) == {by_name["DOWN"]: CYCLE_COUNT * CYCLE_PENALTY}
    # A round missing (we were stunned), or a third cell, ends the run.
    bot._visits = [v for v in walked(DITHER + 2) if v[0] != 37]
    assert bot._dither(st, 40, legal) == {}
    bot._visits = [v if v[0] != 36 else [36, by_name["RIGHT"][1], st.pos[1], 0, 0] for v in walked(DITHER + 2)]
    assert bot._dither(st, 40, legal) == {}
    # The search alone walking us to and fro (no plan overridden) is how we hold the other in a
    # pocket: left alone.
    bot._visits = walked(DITHER + 2, overrode=[35])
    assert bot._dither(st, 40, legal) == {}
    bot._visits = walked(DITHER + 2, overrode=[33, 35, 37, 39])
    assert bot._dither(st, 40, legal) == {by_name["DOWN"]: 2 * CYCLE_PENALTY}
    # As a program the cells travel in the memory file.
    bot._visits = walked(DITHER, overrode=[35, 37, 39])
    bot._prev = (39, (3, 4), obs_of(rows).grid, 0)
    again = DefaultBot(seed=0)
    again.restore(bot.memory())
    assert again._dither(st, 40, legal) == {by_name["DOWN"]: CYCLE_PENALTY}


@pytest.mark.parametrize("behind, first", [(21, "s"), (36, "m")])
def test_a_star_waits_for_a_long_mushroom_tour_only_while_the_other_is_far_behind(behind, first):
    # 14 mushrooms of ours (a tour of about 35 steps) and a star 2 steps away, worth our 20 points.
    # With the other 21 steps behind us on the way to the star it would get there during the tour: take it now
    # (a collector on a star-rich board takes such stars early). 36 steps behind is safe: the
    # mushrooms first, to be doubled by the star.
    width = 2 + behind + 4
    top = ["m"] * 7 + ["."] * (width - 7)
    middle = ["A", ".", "s"] + ["."] * (width - 3)
    middle[2 + behind + 2] = "B"
    rows = [" ".join(top), " ".join(middle), " ".join(top)]
    obs = obs_of(rows, score_a=20, score_b=20)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and obs.grid[plan.cell // obs.cols][plan.cell % obs.cols] == first


@pytest.mark.parametrize("b_was, first, score", [(None, "s", 20), (0, "m", 20), (2, "m", 20), (-2, "m", 20),
                                                  (1, "m", 20), (0, "m", 40), (0, "s", 300)])
def test_a_star_waits_unless_the_other_walks_straight_at_it(b_was, first, score):
    # The long tour of the test above, B 21 steps behind us on the way to the star. Not knowing
    # where B was two turns ago, the star is at risk: taken now. Knowing, it is at risk only if B
    # walked straight at it (two steps nearer in two turns) from within RISK_COMING steps of our
    # lead (the test of _far_walker above): 21 steps behind, it waits for a mushroom even then, and
    # the plan turns back in time. Standing still, walking away or one step nearer, B is busy
    # elsewhere, and the star waits for our mushrooms (a collector keeps to its own items: on
    # duel20x20.txt seed 0 as B against trapper, waiting like this, B took its six stars at 7 to
    # 276 points, not 6 to 229, and won 586-472, lost 489-502 before). At 40 points
    # the 14 mushrooms add less than half a doubling (54/40), but B is 21 steps behind, more than
    # WAIT_LEAD (10): (10/21)^2 of the half doubling, under a quarter of it, is enough and the
    # star waits. At 300 points they add less than that (314/300): not worth the risk of two
    # doublings (ours lost, the other's won), the star is taken now.
    width = 2 + 21 + 4 + 4
    top = ["m"] * 7 + ["."] * (width - 7)
    middle = ["A", ".", "s"] + ["."] * (width - 3)
    b_col = 2 + 21 + 2
    middle[b_col] = "B"
    rows = [" ".join(top), " ".join(middle), " ".join(top)]
    obs = obs_of(rows, score_a=score, score_b=20)
    past = -1 if b_was is None else obs.cols + b_col + b_was
    plan = make_plan(State.from_observation(obs), their_past=past)
    assert plan is not None and obs.grid[plan.cell // obs.cols][plan.cell % obs.cols] == first, plan and plan.why


def test_a_far_star_waits_for_fewer_mushrooms_only_to_send_us_to_a_mushroom():
    # The 40-point board above (B 21 steps behind us on the way to our star, which then waits for
    # the mushrooms), with a second star in the bottom row that we reach one step before B. Were
    # our star to wait, the plan would walk 13 steps to that one (it did, without this rule): not
    # what waiting is for (it pays only by doubling mushrooms), so our star is taken now, as with
    # the half doubling (gen30x30-728762 seed 0 as A against trapper, lost 4540-66516 with far
    # stars waiting while A walked to stars near B; won 290340-33268 taking them).
    width = 2 + 21 + 4 + 4
    top = ["m"] * 7 + ["."] * (width - 7)
    bottom = list(top)
    bottom[12] = "s"
    middle = ["A", ".", "s"] + ["."] * (width - 3)
    middle[2 + 21 + 2] = "B"
    obs = obs_of([" ".join(top), " ".join(middle), " ".join(bottom)], score_a=40, score_b=20)
    past = obs.cols + 2 + 21 + 2
    plan = make_plan(State.from_observation(obs), their_past=past)
    assert plan is not None and plan.cell == obs.cols + 2, plan and plan.why


def test_the_bot_looks_up_where_the_other_stood_two_turns_ago():
    from game.duel.bots.default import APPROACH, DefaultBot

    bot = DefaultBot(seed=0)
    bot._visits = [[10, 5, 40, 0, 0], [11, 6, 41, 0, 0], [12, 7, 42, 1, 0]]
    assert APPROACH == 2
    assert bot._their_cell(12 - APPROACH) == 40
    assert bot._their_cell(9) == -1   # not remembered (a stun, or the start): as if unknown


def test_a_stand_off_is_not_broken_by_a_poison_star():
    # Behind, at the same two cells again; the only other way is a poison star (half our score):
    # it keeps to its move (the way round behind the poison star would not be a dead end).
    rows = [". . x x x x x",
            ". t A . . B .",
            ". . x x x x x"]
    bot = default(2, nodes=200)
    answers = [bot.act(obs_of(rows, round_=k + 1, score_a=40, score_b=50)) for k in range(4)]
    assert {a.move for a in answers} == {"RIGHT"}


@pytest.mark.parametrize("rows, me, a, b, move, why", [
    # B's last move, every move losing: the first legal move (UP) is a poison star, 13 -> 6.
    ([". t . .", "x B . .", ". . . A"], "B", 23, 13, "RIGHT", "every move loses; holding out"),
    ([". t . .", "x B m .", ". . . A"], "B", 23, 13, "RIGHT", "takes mushroom (13 -> 14)"),
    # Ahead, the poison star still wins (6-3), and halves the score all the same.
    ([". t . .", "x B . .", ". . . A"], "B", 3, 13, "RIGHT", "ends ahead"),
    # A's last move, one point ahead: the poison star (6-12) would lose.
    ([". t . .", "x A . .", ". . . B"], "A", 13, 12, "RIGHT", "ends ahead"),
])
def test_the_last_move_of_a_settled_game_keeps_the_score(rows, me, a, b, move, why):
    # gen10x10-587686 seed 0 as B against trapper, round 1000: with every move losing, each had
    # the same value and the first legal move was taken, a poison star (13 -> 6).
    answer = default(nodes=1500).act(obs_of(rows, me=me, round_=1000, score_a=a, score_b=b))
    assert answer.move == move and why in answer.reason, answer.reason
    assert "traps" not in answer.reason  # a win the search sees at the game's end is on points


@pytest.mark.parametrize("rows, me, a, b, round_", [
    # B ahead 13-3; the poison star is the last item: taking it ends the game at once, 6-3.
    ([". t . . . .", ". B . . . .", ". . . . A ."], "B", 3, 13, 997),
    ([". t . . . .", ". B . . . .", ". . . . A ."], "B", 3, 13, 999),
    ([". t . . . .", ". A . . . .", ". . . . B ."], "A", 30, 12, 999),
])
def test_a_game_won_on_points_is_not_ended_early_for_less(rows, me, a, b, round_):
    # A settled result is worth WIN less the plies to it; a game ended by taking the last item
    # counted as a quick win, so the search took the poison star (13 -> 6) to end it a few
    # rounds early. A game that ends on points counts as at the last round's end, and the final
    # margin breaks the tie: it walks on and wins 13-3.
    answer = default(nodes=1500).act(obs_of(rows, me=me, round_=round_, score_a=a, score_b=b))
    assert answer.move != "UP" and "ends ahead" in answer.reason, answer.reason


def test_a_settled_result_prefers_the_better_margin_and_the_quicker_trap():
    from game.duel.bots.default import WIN, settled

    # The final margin never outweighs a ply: a quicker trap, a longer hold-out stay first.
    assert settled(-100, 5, 4) < settled(-100, 500, 6) < 0
    assert settled(5, -100, 3) > settled(5000, -100, 5) > WIN / 2
    # Among results as far off, the better margin, win or loss; a tie is worth nothing.
    assert settled(13, 3, 10) > settled(6, 3, 10) > WIN - 11
    assert settled(6, 23, 10) < settled(13, 23, 10) < -(WIN - 11)
    assert settled(7, 7, 10) == 0


def test_a_penalty_never_turns_a_forced_result_around():
    # Penalties (a copycat's symmetry, a stand-off) weigh moves the search cannot tell apart; a
    # forced loss stays as the search found it, so holding out longest still wins over a move
    # that is boxed in sooner, and a forced win stays a win.
    from game.duel.bots.default import WIN, _penalised

    held_out, boxed_in = -(WIN - 40), -(WIN - 6)
    assert _penalised(held_out, 3.0) > _penalised(boxed_in, 0.0)
    assert _penalised(WIN - 5, 10.0) == WIN - 5
    assert _penalised(1.5, 3.0) == -1.5


def test_a_star_far_ahead_of_the_other_waits_for_one_the_other_is_catching_up_on():
    # Star X (4 steps left of A) is 23 steps ahead of B; star Y (10 steps right) only 3. Going
    # to X first (8 steps there and back past A's cell) loses Y; going to Y first keeps X (B
    # would still need 3 more steps than we do). Earliest deadline first: Y, though X is nearer.
    top = ["s", ".", ".", ".", "A"] + ["."] * 9 + ["s"] + ["."] * 12 + ["B"]
    below = ["."] + ["m"] * 10 + ["."] * 17
    obs = obs_of([" ".join(top), " ".join(below)], score_a=20, score_b=20)
    st = State.from_observation(obs)
    plan = make_plan(st)
    assert plan is not None and plan.cell == 14, plan and (plan.cell, plan.why)
    assert "before the other takes it" in plan.why
    # Without Y, X is the target: it is at risk within our mushroom tour (10 mushrooms).
    obs = obs_of([" ".join(top[:14] + ["."] + top[15:]), " ".join(below)], score_a=20, score_b=20)
    plan = make_plan(State.from_observation(obs))
    assert plan is not None and plan.cell == 0
    # With B 5 steps nearer, it reaches Y first: Y is not ours to lose and X is not deferred.
    near = top[:22] + ["B"] + ["."] * 5
    st = State.from_observation(obs_of([" ".join(near), " ".join(below)], score_a=20, score_b=20))
    assert make_plan(st).cell == 0


def test_against_a_copycat_the_symmetry_guard_does_not_hold_it_to_and_fro_for_good():
    # Generated 12x23 board, the bench's seed-1 opening (10 moves), against mirror: A, behind 1-3
    # in the copy game, was sent back and forth between two cells for the rest of the game (lost
    # 1-3): the plan stepped towards a star, the symmetry guard stepped back. Back at the same two
    # cells again, the plan's step now goes ahead.
    from game.duel.bots.benchmark import generated_maps, opening_moves
    from game.duel.rules import initial_state, observe, step

    spec = next(m for m in generated_maps(20, 0) if m.label == "gen12x23-255575")
    board = spec.board()
    opening = opening_moves(board, 10, 1)
    bots = {"A": default(1, nodes=750), "B": make_bot("mirror", seed=2)}
    st = initial_state(board)
    seen: dict = {}
    while st.outcome is None and st.round <= 60:
        side = st.mover
        script = opening[side]
        if script:
            move = script.pop(0)
        else:
            move = bots[side].act(observe(st)).move
        if side == "A" and not opening["A"]:
            key = (observe(st).position("A"), observe(st).position("B"))
            seen[key] = seen.get(key, 0) + 1
        st, _ = step(st, move)
    assert max(seen.values()) <= 6, sorted(seen.items(), key=lambda kv: -kv[1])[:3]
    assert st.score_a >= 2


def test_against_a_copycat_ahead_to_and_fro_keeps_the_lead():
    # Our 8x8 board, the bench's seed-1 opening, against mirror: A leads 3-2 and the copy game
    # would end level. Going to and fro between two cells keeps the lead to the last round; the
    # plan's step (the cycle breaker above, without its "behind" condition) tied 10-10.
    import random

    from game.duel.bots.benchmark import OPENING_MAX, OPENING_MIN, opening_moves
    from game.duel.mapfile import read_map
    from game.duel.rules import initial_state, observe, step

    board = read_map(Path(__file__).resolve().parents[3] / "maps" / "duel" / "duel8x8.txt")
    opening = opening_moves(board, random.Random("opening:duel8x8.txt:1").randint(OPENING_MIN, OPENING_MAX), 1)
    bots = {"A": default(1), "B": make_bot("mirror", seed=2)}
    st = initial_state(board)
    while st.outcome is None:
        side = st.mover
        move = opening[side].pop(0) if opening[side] else bots[side].act(observe(st)).move
        st, _ = step(st, move)
    assert st.outcome.winner == "A Win", (st.score_a, st.score_b)


def test_a_stand_off_is_not_broken_by_a_poison_mushroom_that_turns_a_tie_into_a_loss():
    # gen10x10-587686 seed 1 as B against trapper: level at 20-20 with nothing left to collect, B
    # broke a stand-off by stepping on a poison mushroom and lost 19-20. The breaker's cost of the
    # repeated moves (up to 9 bits) was more than a point on the log scale of the scores (0.07
    # bits); ending level rather than behind is worth more than that.
    rows = [".xx......A", ".xtxxx.xx.", ".x.....xnB", "...x..b.x.", "x..xx.nx..",
            "..xn.xx..x", ".x....x...", ".nx.....x.", ".xx.xxxtx.", ".......xx."]
    obs = obs_of(rows, me="B", round_=121, score_a=20, score_b=20)
    st = State.from_observation(obs)
    bot = default(1, nodes=750)
    bot._visits = [[r, st.pos[1], st.pos[0], MOVES.index(m), 0] for r in range(100, 120) for m in ("UP", "DOWN")]
    answer = bot.act(obs)
    assert answer.move in ("UP", "DOWN"), answer


def test_near_the_end_being_ahead_counts_more_than_the_share_of_the_score():
    # Nothing left to collect: 20-19 against 20-20 differs by a point, which decides the game.
    rows = [". . A .", "x . B .", "x x . ."]
    level = evaluate(State.from_observation(obs_of(rows, me="B", score_a=20, score_b=20)))
    behind = evaluate(State.from_observation(obs_of(rows, me="B", score_a=20, score_b=19)))
    assert behind - level > 10.0


def test_behind_taking_our_own_item_is_worth_it_under_the_roots_spread():
    # The ending-ahead term divides the projected gap by what is left to take. Taken at each leaf,
    # a side that is behind lost by taking an item (less left to turn the game): B at 5-10 valued
    # the mushroom next to it below every other move. With the root's spread, taking it is best.
    rows = ["A.........", "..........", "m..mB..m..", ".........."]
    for score_a in (8, 10):
        st = State.from_observation(obs_of(rows, me="B", round_=900, score_a=score_a, score_b=5))
        spread = evaluate(st, detail=True).spread
        values = {}
        for mc in st.legal(1):
            undo = st.play(mc[1])
            values[MOVES[mc[0]]] = -evaluate(st, spread=spread)
            st.undo(undo)
        assert max(values, key=values.get) == "LEFT", values


def test_behind_by_more_than_is_left_to_take_only_a_trap_wins():
    from game.duel.bots.default import HUNT_WHY, hopeless

    # A can take one mushroom and one star: (5 + 1) * 2 = 12 at best.
    rows = ["A . m . s",
            ". x x x .",
            ". . . . B"]
    for b, lost in ((11, False), (12, False), (13, True)):
        assert hopeless(State.from_observation(obs_of(rows, score_a=5, score_b=b))) is lost, b
    # A negative score counts as 0 (a poison star could halve it away); a star behind walls does not count.
    assert hopeless(State.from_observation(obs_of(rows, score_a=-50, score_b=3)))
    walled = ["A . m x s",
              ". x x x x",
              ". . . . B"]
    assert hopeless(State.from_observation(obs_of(walled, score_a=5, score_b=7)))
    assert not hopeless(State.from_observation(obs_of(walled, score_a=5, score_b=6)))
    # The other's score can fall: halved by each poison star it can reach, then less each poison
    # mushroom (a bot that hunts or wanders steps on them). B at 29: 14 - 2 = 12, not above A's 12.
    poisoned = ["A . m . s",
                ". x x x .",
                "n n t . B"]
    assert not hopeless(State.from_observation(obs_of(poisoned, score_a=5, score_b=29)))
    assert hopeless(State.from_observation(obs_of(poisoned, score_a=5, score_b=31)))
    # Hopeless, A walks at B round the items (a mushroom would only bring the game's end nearer).
    answer = decide(obs_of(["A m . . . .",
                            ". x x x x .",
                            ". . . . . .",
                            ". . . . . B"], score_a=0, score_b=9), move_time=0.1)
    assert answer.move == "DOWN" and HUNT_WHY in answer.reason
    # Level on points, the same position is a collection again.
    answer = decide(obs_of(["A m . . . .",
                            ". x x x x .",
                            ". . . . . .",
                            ". . . . . B"], score_a=9, score_b=9), move_time=0.1)
    assert answer.move == "RIGHT" and HUNT_WHY not in answer.reason


def test_behind_with_nothing_left_that_could_catch_up_it_hunts_the_other_down():
    # Generated 9x9 boards with only poison and mines left (the game goes on), B 10 points ahead
    # and walking about: A cannot win on points, so it goes after B and boxes it in.
    import dataclasses

    from game.duel.bots.default import HUNT_WHY
    from game.duel.generator import generate_board

    for seed in range(4):
        grid = ["".join(ch if ch in "xnbAB." else "." for ch in row) for row in generate_board(9, 9, seed=seed).grid]
        board = dataclasses.replace(parse_map("\n".join(grid)), score_a=0, score_b=10)
        result = play(board, default(1), make_bot("walker", seed=seed), rounds=300, keep_moves=True)
        assert result.end == "invalid move" and result.scores[1] == -100 and result.winner == "A Win", seed
        assert any(HUNT_WHY in reason for who, _, reason in result.moves if who == "A")


# Only a poison mushroom is left on an open board: A at the top left, B near the bottom right.
OPEN_ROWS = ["A.........",
             ".xx.xx.xx.",
             "..........",
             ".x.xnx.x.x",
             "..........",
             ".x.x.x.x.x",
             "........B."]


def test_with_nothing_left_to_take_and_not_ahead_it_hunts_the_one_that_can_be_boxed_in():
    # Only a poison mushroom is left. Level, a trap is the only way to win. Only one of the two can
    # be boxed in: with the players as in ``rows``, the one not to move (whichever moves), with B a
    # step to the left, the one to move. The one that can box the other in hunts it; ahead, or
    # the one that could be boxed in itself, it does not (behind by 2 it is hopeless: HUNT_WHY).
    from game.duel.bots.default import IDLE_HUNT_WHY, _vulnerable

    rows = OPEN_ROWS
    shifted = rows[:-1] + [".......B.."]
    for board, hunts in ((rows, True), (shifted, False)):
        for me in "AB":
            st = State.from_observation(obs_of(board, me=me, round_=300))
            assert _vulnerable(st, 1 - st.turn) is hunts and _vulnerable(st, st.turn) is not hunts, (board[-1], me)
            for a, b in ((5, 5), (7, 5), (5, 7)):
                level = a == b
                answer = decide(obs_of(board, me=me, round_=300, score_a=a, score_b=b), move_time=0.1)
                assert (IDLE_HUNT_WHY in answer.reason) is (hunts and level), (board[-1], me, a, b, answer.reason)
    # The way it walks is the shortest to the other: A goes RIGHT along the top row towards B.
    assert decide(obs_of(rows, round_=300, score_a=5, score_b=5), move_time=0.1).move == "RIGHT"


def b_boxes_a_in(rows, score_a, score_b, round_, a_bot, seeds, rounds):
    """From this board (A to move), ``default`` as B (6000 nodes) against ``a_bot`` (a bot name)
    with each of ``seeds``: B boxes A in every time, before ``rounds``. Returns B's reasons, a list
    per game."""
    import dataclasses

    board = dataclasses.replace(parse_map("\n".join(rows)), score_a=score_a, score_b=score_b, round=round_)
    games = []
    for seed in seeds:
        result = play(board, make_bot(a_bot, seed=seed), default(1, nodes=6000), rounds=rounds, keep_moves=True)
        assert result.end == "invalid move" and result.scores == (-100, score_b), (seed, result.end, result.scores)
        games.append([reason for who, _, reason in result.moves if who == "B"])
    return games


def test_level_with_nothing_left_to_take_it_lies_in_wait_for_a_wanderer():
    # gen12x14-525193 seed 1 as B against collector (session 66), round 201: level at 34, only
    # poison and mines left, and A, the one that can be boxed in, wanders by the dead end (4, 8).
    # The search alone (the other at its best never walks in) stayed near but not near enough:
    # from here it boxed A in within 200 rounds in 2 of 6 games at 6000 nodes and in none at 11,194.
    # Lying in wait (the chance a bot stepping at random is boxed in within AMBUSH_TURNS moves), it
    # boxes A in every time, within 50 rounds.
    from game.duel.bots.default import IDLE_HUNT_WHY, ambush

    rows = ["......x..Axxxx",
            ".xxxxx..x.x...",
            ".xx.xx.....x..",
            ".x...B.x..b...",
            ".x.tx.nx.x...x",
            ".......xxxx...",
            "...xxxx.......",
            "x...x.x..xt.x.",
            "......x.n...x.",
            "..x.....xx.xx.",
            "...x.x..xxxxx.",
            "xxxxnn.x......"]
    for ours in b_boxes_a_in(rows, 34, 34, 201, "collector", range(3), rounds=250):
        assert any("if it steps at random" in reason for reason in ours)
    # A 2-cell corridor closed from its mouth: boxed in for certain, the first step towards it.
    st = State.from_observation(obs_of(["A...x",
                                        "xx.xx",
                                        "xx.xx",
                                        "xx.xx",
                                        "xxBxx"], round_=300, score_a=3, score_b=3))
    assert ambush(st) == (1.0, 1)
    # Far from any dead end it could be closed in, no chance: the walk to the other decides.
    st = State.from_observation(obs_of(OPEN_ROWS, round_=300, score_a=5, score_b=5))
    assert ambush(st) == (0.0, -1)
    answer = decide(obs_of(OPEN_ROWS, round_=300, score_a=5, score_b=5), move_time=0.1)
    assert IDLE_HUNT_WHY in answer.reason and "at random" not in answer.reason


def test_lying_in_wait_beside_a_bot_that_only_steps_to_and_fro_it_breaks_off():
    # gen23x16-999121 seed 1 as B against trapper (session 66), round 287: B behind 647-656 with
    # nothing left to take, beside A, which hunts. Waiting for a wanderer, B stepped UP and DOWN to
    # the end and lost; back at the same two cells WAIT_REPEATS times the stand-off breaker steps
    # in, and B boxes the trapper in.
    rows = [".x.xx...x.......",
            "...x..x...xx..n.",
            "...xx.nx.xxxx..x",
            "x...x..x....xx.x",
            "n.x.x...xxt.xx.x",
            "x..x......xxxx..",
            "x.xx.x.xt...x.xx",
            "..xx..x..x....x.",
            "......tx.x....x.",
            "..x....b........",
            ".......nx..x.x..",
            "xxxbb..xx..bbxxx",
            "..x.x..xn.......",
            "........b....x..",
            ".x....x.xt......",
            ".x....x..x..xx..",
            "xx.x.n.tx.x.xx.x",
            "..xxxx......x..x",
            "x.xx.txx...x.x.n",
            "x.xx....x..x...x",
            "xABxxxx.xn.xx...",
            "....xx...x..x...",
            ".......x...xx.x."]
    [ours] = b_boxes_a_in(rows, 656, 647, 287, "trapper", [1], rounds=400)
    assert any("if it steps at random" in r for r in ours) and any("breaks a stand-off" in r for r in ours), ours


def test_level_with_nothing_left_to_take_and_itself_the_one_to_be_boxed_in_it_steps_on_a_mine():
    # duel8x8.txt seed 1 as B against collector (session 66), round 41, with a mine added at (1, 1):
    # 11-11, only poison left, and B is the one that can be boxed in, so A never can be (the game
    # was a tie). The mine's stun turns that round: B walks to it round the poison, then hunts A.
    from game.duel.bots.default import FLIP_WHY, flip_plan

    rows = [".xx.....",
            ".b...x..",
            "..x...xx",
            ".x..n..x",
            "x..n..x.",
            "xxB..x..",
            "..x.....",
            "..A..xx."]
    for ours in b_boxes_a_in(rows, 11, 11, 41, "collector", range(2), rounds=300):
        assert FLIP_WHY in ours[0] and any("steps on a mine" in r for r in ours), ours[:10]
    # The nearest mine by a way over no other item; none when it is the last item (taking it ends
    # the game) or when only items lead to it.
    st = State.from_observation(obs_of(["A.n.b",
                                        "...x.",
                                        "b..xB"], me="B", round_=300, score_a=3, score_b=3))
    plan = flip_plan(st)
    assert (plan.cell, plan.first, plan.steps) == (4, 9, 2), (plan.cell, plan.first, plan.steps)
    assert flip_plan(State.from_observation(obs_of(["A...b", "...x.", "n..xB"], me="B", round_=300))).cell == 4
    assert flip_plan(State.from_observation(obs_of(["A...b", "...x.", "...xB"], me="B", round_=300))) is None
    assert flip_plan(State.from_observation(obs_of(["A..nb", "...xn", "b..xB"], me="B", round_=300))) is None


def test_early_on_the_one_that_can_be_boxed_in_steps_on_a_mine_when_every_star_lies_down_a_dead_end():
    # Both stars end dead ends: whoever can be boxed in loses either to the other following it in.
    # B (A has moved: they stand on different colours, so B is that player) walks to the mine over
    # the mushroom on its way, 2 steps, A 7 steps from it.
    from game.duel.bots.default import OPENING_FLIP_ROUNDS, OPENING_FLIP_WHY, opening_flip

    rows = [". A . . . x s",
            ". x . x . x .",
            ". . . . . . .",
            ". x . x . x .",
            "s x . . b m B"]

    def plan_of(rows, me="B", round_=1):
        return opening_flip(State.from_observation(obs_of(rows, me=me, round_=round_)))

    plan = plan_of(rows)
    assert (plan.cell, plan.first, plan.steps, plan.why) == (32, 33, 2, OPENING_FLIP_WHY)
    assert plan_of(rows, round_=OPENING_FLIP_ROUNDS).cell == 32
    # Not later in the game, not with a star out in the open, not with the other near the mine
    # (3 steps from it: it would stand by when our stun ends), and not for the player that cannot
    # be boxed in (A not yet moved: the same colour on B's turn).
    assert plan_of(rows, round_=OPENING_FLIP_ROUNDS + 1) is None
    assert plan_of(rows[:2] + [". s . . . . ."] + rows[3:]) is None
    assert plan_of([rows[0].replace("A", ".")] + rows[1:2] + [". . . A . . ."] + rows[3:]) is None
    assert plan_of([rows[0].replace(". A", "A .")] + rows[1:]) is None


@pytest.mark.skipif(not (SHARED / "88map").exists(), reason="needs ../shared/data/duel/88map (the course's 8x8 map)")
def test_as_b_on_the_course_8x8_map_it_steps_on_the_mine_by_its_start_first():
    # All four stars of the course's 8x8 map end dead ends, and B, moving second, is the one that
    # can be boxed in: A, following it down any of them, boxes it in (the stand-offs of sessions
    # 67-69 by the middle's four cells). The mine at (5, 5) is four steps from B's start over two
    # mushrooms; at round 4 B is on it, and from then on A is the one that can be boxed in.
    from game.duel.bots.default import OPENING_FLIP_WHY, _vulnerable

    board = parse_map((SHARED / "88map").read_text())
    result = play(board, make_bot("greedy", seed=0), default(1, nodes=400), rounds=8, keep_moves=True)
    ours = [reason for letter, _, reason in result.moves if letter == "B"]
    assert all(OPENING_FLIP_WHY in r for r in ours[:3]) and "steps on a mine" in ours[3], ours
    assert result.scores[1] == 2  # the two mushrooms on the way
    st = State.from_observation(board)
    st.turn = 0
    assert _vulnerable(st, 1) and not _vulnerable(st, 0)  # at the start, B is the one


@pytest.mark.skipif(not (SHARED / "88map").exists(), reason="needs ../shared/data/duel/88map (the course's 8x8 map)")
def test_as_b_on_the_course_8x8_map_it_keeps_the_parity_the_others_mine_gave_it():
    # searcher-d80 as A (session 69): down and right over the mushrooms at (2,0) and (2,1) onto the
    # mine at (2,2) at round 4, just before B would step on its own. A's stun turned the parity B's
    # way; the search stepped on B's mine all the same, which turned it back (tied 32-32). Now a
    # mine of ours costs DOOM while the parity is ours on such a board: B keeps off it.
    from game.duel.protocol import Bot

    class Scripted(Bot):
        def act(self, obs):
            return ("DOWN", "DOWN", "RIGHT", "RIGHT")[obs.round - 1]

    board = parse_map((SHARED / "88map").read_text())
    result = play(board, Scripted(), default(1, nodes=6000), rounds=4, keep_moves=True)
    ours = [reason for letter, _, reason in result.moves if letter == "B"]
    assert len(ours) == 4 and "steps on a mine" not in ours[3], ours
    assert result.scores == (2, 2), result.scores


def test_behind_with_the_other_near_no_target_down_a_dead_end_it_can_close():
    # The mushroom at (1, 1) ends a dead end whose mouth (2, 2) B reaches in 3 steps, before A,
    # 3 steps in, is back out (5). Behind, held in there A would lose on points: the other
    # mushroom is the target, and the search no longer refuses the plan's step round after round
    # (gen16x12-682994 seed 1 as A against trapper: at 28-52, 850 rounds to and fro at a dead
    # end's mouth). Level, the nearer mushroom is still the target.
    rows = ["x x x . . . .",
            "x m x . . . .",
            "x . . A . . .",
            "x x . . . . m",
            "x x . B . . ."]
    for a, target in ((5, (1, 1)), (4, (3, 6))):
        plan = make_plan(State.from_observation(obs_of(rows, score_a=a, score_b=5)))
        assert divmod(plan.cell, 7) == target, a


# gen16x12-682994 seed 1 as A against searcher, round 61: A (32-75) in a corridor two cells long,
# B one step from the star at the mirror image of A's way out.
STALL_ROWS = [". . . . . x m m . x n .",
              "x . . . . . . . . . m m",
              "x . . x m m m x x . x .",
              ". x m x x x x . x . . x",
              ". . b x x x x A . x . m",
              "x x x t x x n x . x . x",
              "m m . . . m . . . . . x",
              "n m . m m . . x . m . x",
              "x . m . x . . m m . m n",
              "x . . . . . . . . . m m",
              "x . x B x n x x t x x x",
              "m . x s m x x x x b . .",
              "x . . x m x x x x m x .",
              ". x . x x m . . x . m x",
              "m m . . . . . . . . . x",
              ". n x . m m x . . . . ."]


@pytest.mark.parametrize("stand_off", [3, 20])
def test_a_long_stand_off_outside_the_copy_game_drops_the_symmetry_guard(stand_off):
    # Every way out of the corridor (RIGHT) lets B, stepping at random, stand on the mirror image
    # of our cell (its star): the guard sends A back UP. Briefly, that is the guard's job (a
    # copycat that lost the symmetry may snap back). But a bot that stands its ground round after
    # round is no copycat walking about: in the game A walked UP and DOWN for 950 rounds, "keeping
    # the position from turning symmetric", and collected nothing. From STALL repeats of the same
    # two cells, the guard is off and the stand-off breaker takes the way out.
    from game.duel.bots.default import STALL
    obs = obs_of(STALL_ROWS, round_=61, score_a=32, score_b=75)
    st = State.from_observation(obs)
    cols = st.geo.cols
    up, down = MOVES.index("UP"), MOVES.index("DOWN")
    bot = default(1, nodes=1500)
    bot._prev = (60, (9, 3), obs.grid, 0)
    visits = [[r, st.pos[0], st.pos[1], up, 0] if r % 2 else [r, st.pos[0] - cols, st.pos[1] - cols, down, 0]
              for r in range(61 - 2 * stand_off, 61)]
    bot._visits = visits
    answer = bot.act(obs)
    if stand_off < STALL:
        assert answer.move == "UP" and "symmetric" in answer.reason
    else:
        assert answer.move == "RIGHT" and "symmetric" not in answer.reason


# duel12x30.txt seed 0 as A against searcher, round 229: A ahead 280-78, B by the two stars of its
# corner (bottom left) since round 115.
KEPT_STARS = [
    ". x x . . . . . . . . . x x m x x x . n . m m . x . x m . .",
    ". . . . m m n m m m x . x . b . . . . . . . m . x m n x x n",
    "x . x m x x x m . x b . . . . . . m . t x . x x b . . . . t",
    "x . . . . . . x . . x . . . x b . x m x m . . x . . . . . n",
    "x . x . . x . x x . m x . x x x . x m n x . . . . . x x x x",
    ". . . . x . . A . . x m m . m x m x x x . m . n x . x . x m",
    ". x . x . x . . . . x x x m x m . m m x . . . m m x . . . m",
    "x x x x . . . . . x n m x . x x x . x m . x x m x . . x . x",
    "n B . . . . x . . m x m x . b x . . . x . . x m m n . . . x",
    "t s s . . b x x . x t . m . . . . . . b x . . x x x . x . x",
    "n x x n m x . m . . . . . . . . . x . x . . . . . . . . . .",
    ". . m x . x . m m . n . x x x m x x . . . . . . . . . x x .",
]


def test_no_try_for_a_star_the_other_keeps_by_it():
    # B's two stars would double its 78 twice (312): every star of B's is a try (session 28). But
    # B has stood within 3 steps of them at every turn, and takes one the moment A comes near. In
    # the game A's plan swung between them and its own mushrooms, A collected nothing more, and B
    # took both stars in rounds 997-998: lost 283-312. Knowing where B stood at each of our last
    # KEEP_TURNS turns, the plan collects (the mushroom at (4, 10)), and A won 321-312.
    from game.duel.bots.default import KEEP_TURNS
    obs = obs_of(KEPT_STARS, round_=229, score_a=280, score_b=78)
    st = State.from_observation(obs)
    cols = st.geo.cols
    by_it = (8 * cols + 1, 8 * cols + 2)
    kept = by_it * (KEEP_TURNS // 2)
    plan = make_plan(st, their_recent=kept)
    assert divmod(plan.cell, cols) == (4, 10) and "worth the try" not in plan.why
    # Not knowing (nothing remembered, or fewer turns), or with B away from them at one of those
    # turns (passing by, as a collector does), the star is a try.
    for recent in ((), kept[1:], kept[:-1] + (5 * cols + 5,)):
        plan = make_plan(st, their_recent=recent)
        assert divmod(plan.cell, cols) == (9, 2) and "worth the try" in plan.why
    # The bot reads those cells off what it remembers of its last moves.
    bot = default(0, nodes=400)
    bot._prev = (228, (8, 2), obs.grid, 0)
    bot._visits = [[229 - k, st.pos[0], kept[k - 1], 0, 0] for k in range(KEEP_TURNS, 0, -1)]
    assert bot._their_cells(229, KEEP_TURNS) == kept
    bot._visits = bot._visits[1:]
    assert bot._their_cells(229, KEEP_TURNS) == ()


def test_a_cluster_of_stars_counts_only_the_stars_taken_before_the_other_gets_to_the_rest():
    # The course map's middle, in small: four stars round A, B one step from one of them. A reaches
    # all four first, but takes them one at a time: while it takes the first two, B gets to the
    # other two. Counted as A's doublings to come, all four made a stand-off by them look won, and
    # A, behind 3-8, stood there from round 25 to 998 (20map from the start against a searcher
    # with a 0.8 discount, lost 8-16; won 613-286 counting only the first two).
    near = [". . s . .",
            ". s A s .",
            ". . s . .",
            ". . B . .",
            ". . . . ."]
    far = [". . s . . . . . .",
           ". s A s . . . . .",
           ". . s . . . . . .",
           ". . . . . . . . .",
           ". . . . . . . . B"]
    shared = evaluate(State.from_observation(obs_of(near, score_a=10, score_b=10)))
    alone = evaluate(State.from_observation(obs_of(far, score_a=10, score_b=10)))
    assert alone > 10.0       # B far away: all four are A's
    assert abs(shared) < 3.0  # B as near to two of them: about even
