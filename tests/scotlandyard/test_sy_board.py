"""SCOTLAND-YARD.md §1: the board, and the project's own board file against the reference data."""

from pathlib import Path
import subprocess
import sys

import pytest

from game.scotlandyard import Board, BoardFileError, Ticket, Transport
from game.scotlandyard.board import STANDARD_FILE

ROOT = Path(__file__).resolve().parents[2]
SHARED_BOARD = ROOT / ".." / "shared" / "data" / "scotland-yard"
TRANSPORT = {"Taxi": Transport.TAXI, "Bus": Transport.BUS, "Underground": Transport.UNDERGROUND,
             "Ferry": Transport.FERRY}


@pytest.fixture
def reference():
    if not (SHARED_BOARD / "graph.txt").is_file():
        pytest.skip(f"reference board not found at {SHARED_BOARD} (CI checks ../shared out beside the repo)")
    return SHARED_BOARD


def test_standard_board_has_199_stations_and_467_edges():
    board = Board.standard()
    assert board.stations == tuple(range(1, 200))
    assert len(board.edges) == 467
    counts = {t: sum(1 for e in board.edges if e[2] is t) for t in Transport}
    assert counts == {Transport.TAXI: 345, Transport.BUS: 99, Transport.UNDERGROUND: 20, Transport.FERRY: 3}
    ferries = sorted((a, b) for a, b, t in board.edges if t is Transport.FERRY)
    assert ferries == [(108, 115), (115, 157), (157, 194)]


def test_standard_board_is_one_shared_value():
    assert Board.standard() is Board.standard()


def test_project_board_file_agrees_with_graph_txt_edge_for_edge(reference):
    lines = (reference / "graph.txt").read_text().splitlines()
    n_nodes, n_edges = map(int, lines[0].split())
    nodes = {int(x) for x in lines[1:1 + n_nodes]}
    edges = set()
    for line in lines[1 + n_nodes:1 + n_nodes + n_edges]:
        a, b, t = line.split()
        edges.add((min(int(a), int(b)), max(int(a), int(b)), TRANSPORT[t]))
    board = Board.standard()
    assert set(board.stations) == nodes
    assert board.edges == edges


def test_project_board_positions_agree_with_pos_txt(reference):
    lines = (reference / "pos.txt").read_text().splitlines()
    positions = {int(n): (int(x), int(y)) for n, x, y in (line.split() for line in lines[1:])}
    assert Board.standard().positions == positions


def test_conversion_script_reproduces_the_committed_file(reference, tmp_path):
    out = tmp_path / "standard.txt"
    result = subprocess.run([sys.executable, str(ROOT / "maps" / "scotland-yard" / "convert.py"),
                             str(reference), "-o", str(out)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert out.read_text() == STANDARD_FILE.read_text()


def test_connections_are_undirected_and_each_pair_transport_counts_once():
    board = Board.from_edges([1, 2, 3], [(1, 2, Transport.TAXI), (2, 1, Transport.TAXI),
                                         (2, 3, Transport.BUS), (3, 2, Transport.UNDERGROUND)])
    assert len(board.edges) == 3
    assert board.neighbours(1) == (2,) and board.neighbours(2) == (1, 3)
    assert board.transports(3, 2) == {Transport.BUS, Transport.UNDERGROUND}
    assert board.transports(1, 3) == frozenset()


def test_standard_neighbours_and_transports():
    board = Board.standard()
    assert board.neighbours(1) == (8, 9, 46, 58)
    assert board.transports(46, 1) == {Transport.BUS, Transport.UNDERGROUND}
    assert board.transports(194, 157) == {Transport.FERRY}
    assert Transport.FERRY.ticket is Ticket.SECRET and Transport.BUS.ticket is Ticket.BUS


def test_boards_are_equal_by_stations_and_edges():
    a = Board.from_edges([1, 2, 3], [(1, 2, Transport.TAXI), (2, 3, Transport.BUS)])
    b = Board.from_edges([3, 2, 1], [(3, 2, Transport.BUS), (2, 1, Transport.TAXI)], positions={1: (0, 0)})
    c = Board.from_edges([1, 2, 3], [(1, 2, Transport.TAXI), (2, 3, Transport.TAXI)])
    d = Board.from_edges([1, 2, 3, 4], [(1, 2, Transport.TAXI), (2, 3, Transport.BUS)])
    assert a == b and hash(a) == hash(b)
    assert a != c and a != d


def test_an_edge_brings_its_stations_and_may_list_several_transports():
    board = Board.from_edges([], [(5, 6, {Transport.TAXI, Transport.BUS})])
    assert board.stations == (5, 6)
    assert board.transports(5, 6) == {Transport.TAXI, Transport.BUS}


def test_an_empty_board_can_be_built():
    board = Board.from_edges([], [])
    assert board.stations == () and len(board.edges) == 0 and 1 not in board


def test_a_bad_board_file_names_file_line_and_what_was_expected(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("# a board\nstation 1 0 0\nstation 2 5 5\nedge 1 2 CAMEL\n")
    with pytest.raises(BoardFileError, match=r"bad.txt:4: expected .*got 'edge 1 2 CAMEL'"):
        Board.load(path)
    path.write_text("station 1 0 0\nedge 1 9 TAXI\n")
    with pytest.raises(BoardFileError, match="edge 1-9 names a station with no 'station' line"):
        Board.load(path)
    with pytest.raises(BoardFileError, match="cannot read"):
        Board.load(tmp_path / "missing.txt")


def test_conversion_script_reports_bad_input(tmp_path):
    (tmp_path / "graph.txt").write_text("2 1\n1\n2\n1 2 Camel\n")
    (tmp_path / "pos.txt").write_text("2\n1 0 0\n2 1 1\n")
    result = subprocess.run([sys.executable, str(ROOT / "maps" / "scotland-yard" / "convert.py"),
                             str(tmp_path), "-o", str(tmp_path / "out.txt")], capture_output=True, text=True)
    assert result.returncode == 2
    assert "graph.txt:4: expected 'A B Transport'" in result.stderr
    assert not (tmp_path / "out.txt").exists()


def test_a_board_can_be_read_from_the_coursework_graph_format(reference, tmp_path):
    assert Board.from_graph_file(reference / "graph.txt") == Board.standard()
    bad = tmp_path / "graph.txt"
    bad.write_text("2 1\n1\n2\n1 2 Rocket\n")
    with pytest.raises(BoardFileError, match=r"graph.txt:4: expected 'A B Taxi\|Bus"):
        Board.from_graph_file(bad)


def test_a_board_is_immutable_and_survives_pickling():
    import pickle

    board = Board.from_edges([1, 2], [(1, 2, Transport.BUS)], positions={1: (0, 0), 2: (5, 5)})
    with pytest.raises(AttributeError):
        board.stations = (1,)
    with pytest.raises(TypeError):
        board.positions[1] = (9, 9)
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.positions == {1: (0, 0), 2: (5, 5)}
    assert pickle.loads(pickle.dumps(Board.standard())) is Board.standard()
