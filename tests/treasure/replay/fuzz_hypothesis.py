"""The fuzz tests of issue #18 with many more examples (not collected by pytest).

    python tests/treasure/replay/fuzz_hypothesis.py 3000
"""
import sys, tempfile, time
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from hypothesis import settings, HealthCheck, given
from hypothesis import strategies as st
import tests.treasure.test_mapfile_limits as ml
import tests.treasure.replay.test_tampering as tt
import tests.treasure.test_robustness as tr
from tests.treasure.boards import ISLAND, make_board
from game.treasure.mapfile import read_map

N = int(sys.argv[1])
tmp = Path(tempfile.mkdtemp(prefix="h3hyp"))
class Factory:
    def getbasetemp(self): return tmp
hc = list(HealthCheck)
t = time.perf_counter()
settings(max_examples=N, deadline=None, suppress_health_check=hc)(given(ml.mutated_map())(ml.test_fuzz_mutated_real_maps_raise_nothing_but_map_format_errors.hypothesis.inner_test))(Factory())
print(f"maps: {N} hypothesis examples passed in {time.perf_counter() - t:.0f} s")
real = []
for i, name in enumerate(("island16.txt", "island32.txt")):
    real.append(tt.record(read_map(Path(__file__).resolve().parents[3] / "maps" / name), 3 + i, tmp, f"{name}.json").read_bytes())
t = time.perf_counter()
settings(max_examples=N, deadline=None, suppress_health_check=hc)(given(data=st.data())(tt.test_fuzz_mutated_real_replays_raise_nothing_but_replay_errors.hypothesis.inner_test))(real, tmp)
print(f"replays: {N} hypothesis examples passed in {time.perf_counter() - t:.0f} s")
t = time.perf_counter()
settings(max_examples=N // 4, deadline=None, suppress_health_check=hc)(given(rules=tr.any_valid_rules(), seed=st.integers(0, 2**32))(tr.test_any_rules_that_validate_play_without_a_crash.hypothesis.inner_test))(make_board(ISLAND, (1, 1)))
print(f"rules: {N // 4} hypothesis examples passed in {time.perf_counter() - t:.0f} s")
