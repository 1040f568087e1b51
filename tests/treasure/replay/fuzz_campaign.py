"""The by-hand fuzz campaign of issue #18 (not collected by pytest: it runs for minutes).

    python tests/treasure/replay/fuzz_campaign.py SEED N_MAPS N_REPLAYS N_EDITS N_RULES
    e.g. python tests/treasure/replay/fuzz_campaign.py 20261122 6000 2600 3000 500

Mutated real map files (shipped and peer maps) through the reader, byte-mutated real replays
through the loader and checker, single-field edits of real replays (a field, a map cell or a
header number), and random valid rules played with a random agent. Prints the counts; any
CRASH or FALSE PASS is a bug.
"""
import copy
import json
import random
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from game.treasure.agents.base import RandomValidAgent
from game.treasure.agents.runner import play_game
from game.commands.play import save_record
from game.treasure.replay import Playback, ReplayError, load_replay, parse_replay
from game.treasure.mapfile import MapFormatError, MapWarning, read_map
from tests.conftest import peer_map_files
from tests.treasure.replay.test_tampering import Mixed, edits_of, leaf_paths, same_game, set_at
from tests.treasure.test_mapfile_limits import NASTY as MAP_NASTY
from tests.treasure.replay.test_tampering import NASTY as REPLAY_NASTY

seed, n_maps, n_replays, n_edits, n_rules = map(int, sys.argv[1:6])
rng = random.Random(seed)
tmp = Path(tempfile.mkdtemp(prefix="h3fuzz"))
files = sorted((ROOT / "maps").glob("*.txt")) + peer_map_files()
sources = [p.read_bytes() for p in files]
print(f"{len(files)} real map files")


def mutate(data: bytes, nasty) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data.extend(rng.choice(nasty))
            continue
        at = rng.randrange(len(data))
        kind = rng.randrange(6)
        if kind == 0:
            data[at] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = rng.choice(nasty)
        elif kind == 2:
            del data[at:at + rng.randint(1, 64)]
        elif kind == 3:
            data[at:at] = data[at:at + rng.randint(1, 200)]
        elif kind == 4:
            data[at:at + 1] = str(rng.choice([rng.randint(-10, 10**12), 2**31, 10**20])).encode()
        else:
            del data[at:]
    return bytes(data)


# --- maps ---
counts, slowest, crashes = Counter(), 0.0, []
path = tmp / "m.txt"
for i in range(n_maps):
    data = mutate(rng.choice(sources), MAP_NASTY)
    path.write_bytes(data)
    t0 = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MapWarning)
            read_map(path)
        counts["accepted"] += 1
    except MapFormatError as e:
        assert e.line >= 1 and e.column >= 1, e
        counts["refused"] += 1
    except Exception:  # noqa: BLE001
        counts["CRASH"] += 1
        crashes.append((data[:200], traceback.format_exc()[-400:]))
    slowest = max(slowest, time.perf_counter() - t0)
print(f"maps: {n_maps} mutated files: {dict(counts)}; slowest {slowest * 1000:.1f} ms")
for c in crashes[:3]:
    print(c)

# --- replays: record some on real maps ---
boards = []
for p in files:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MapWarning)
            b = read_map(p)
        if b.width * b.height <= 64 * 64:
            boards.append(b)
    except MapFormatError:
        pass
recorded = []
for k, b in enumerate(rng.sample(boards, min(12, len(boards)))):
    rec = play_game(b, k, Mixed(k))
    out = tmp / f"r{k}.json"
    save_record(rec, b, k, "mixed", out)
    recorded.append(out.read_bytes())
print(f"{len(recorded)} replays recorded on real maps, {sum(len(json.loads(r)['actions']) for r in recorded)} actions")

counts, crashes = Counter(), []
rpath = tmp / "x.json"
for i in range(n_replays):
    data = mutate(rng.choice(recorded), REPLAY_NASTY)
    rpath.write_bytes(data)
    try:
        Playback(load_replay(rpath))
        counts["accepted"] += 1
    except ReplayError:
        counts["refused"] += 1
    except Exception:  # noqa: BLE001
        counts["CRASH"] += 1
        crashes.append((data[:100], traceback.format_exc()[-600:]))
print(f"replays: {n_replays} byte-mutated files: {dict(counts)}")
for c in crashes[:3]:
    print(c)

# --- single-field edits of real replays ---
counts, false_passes, crashes = Counter(), [], []
originals = [(json.loads(r), parse_replay(r.decode("utf-8"))) for r in recorded]
for i in range(n_edits):
    doc, original = rng.choice(originals)
    if rng.random() < 0.3:
        lines = doc["map"].split("\n")
        row = rng.randrange(5, len(lines) - 1)
        cells = lines[row].split(";")
        col = rng.randrange(len(cells))
        token = cells[col].strip()
        digits = token.rstrip("MPT")
        rid = int(digits) if digits else 0
        if row < 5 or not token:
            continue
        new = rng.choice(["0" if rid else "1", f"{max(rid, 1)}M", f"{max(rid, 1)}P", str(rid + 1) + token[len(digits):]])
        cells[col] = new
        lines[row] = ";".join(cells)
        if rng.random() < 0.2:  # or a header number instead
            hrow = rng.randrange(5)
            nums = doc["map"].split("\n")[hrow].split()
            i = rng.randrange(len(nums))
            nums[i] = str(int(nums[i]) + rng.choice([-1, 1]))
            lines = doc["map"].split("\n")
            lines[hrow] = " ".join(nums)
        edited = dict(doc, map="\n".join(lines))
        what = f"map row {row} col {col} -> {new}"
    else:
        leaf = rng.choice([l for l in leaf_paths(doc) if l != ("map",)])
        value = doc
        for key in leaf:
            value = value[key]
        edited = copy.deepcopy(doc)
        if rng.random() < 0.1:
            set_at(edited, leaf, None, delete=True)
            what = f"del {leaf}"
        else:
            new = rng.choice(edits_of(value))
            set_at(edited, leaf, new)
            what = f"{leaf} = {new!r}"
    try:
        replay = parse_replay(json.dumps(edited, ensure_ascii=False))
        Playback(replay)
        if same_game(replay, original):
            counts["accepted, same game"] += 1
        else:
            counts["FALSE PASS"] += 1
            false_passes.append(what)
    except ReplayError:
        counts["refused"] += 1
    except Exception:  # noqa: BLE001
        counts["CRASH"] += 1
        crashes.append((what, traceback.format_exc()[-600:]))
print(f"replay edits: {n_edits} single-field edits: {dict(counts)}")
print("false passes:", false_passes[:10])
for c in crashes[:3]:
    print(c)

# --- rules ---
from tests.treasure.test_robustness import any_valid_rules  # noqa: E402
counts, crashes = Counter(), []
small = [b for b in boards if b.width * b.height <= 32 * 32] or boards
for i in range(n_rules):
    rules = any_valid_rules().example()
    b = rng.choice(small)
    try:
        r = play_game(b, i, RandomValidAgent(i), rules, max_actions=150, time_limit=None)
        counts["played"] += 1
        if r.invalid_actions:
            counts["with invalid actions"] += 1
    except Exception:  # noqa: BLE001
        counts["CRASH"] += 1
        crashes.append((rules, traceback.format_exc()[-600:]))
print(f"rules: {n_rules} random valid rules on real maps: {dict(counts)}")
for c in crashes[:3]:
    print(c)
