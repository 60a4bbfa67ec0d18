"""The look-ahead's matching code against networkx (the oracle) on random graphs."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from compcore.pairing.blossom import NONE, Matcher


def random_graph(
    n: int, p: float, rng: random.Random, *, planted: bool = False
) -> set[frozenset[int]]:
    """G(n, p); with ``planted`` plus a random (near-)perfect matching, so one exists."""
    edges = {frozenset((a, b)) for a in range(n) for b in range(a + 1, n) if rng.random() < p}
    if planted:
        order = list(range(n))
        rng.shuffle(order)
        edges |= {frozenset(order[k : k + 2]) for k in range(0, n - 1, 2)}
    return edges


def matcher(n: int, edges: set[frozenset[int]]) -> Matcher:
    return Matcher(n, lambda a, b: frozenset((a, b)) in edges)


def nx_max(n: int, edges: set[frozenset[int]], without: tuple[int, ...] = ()) -> int:
    g = nx.Graph()
    g.add_nodes_from(v for v in range(n) if v not in without)
    g.add_edges_from(tuple(e) for e in edges if not (e & set(without)))
    return len(nx.max_weight_matching(g, maxcardinality=True))


def check_matching(m: Matcher, edges: set[frozenset[int]]) -> None:
    for v in range(m.n):
        if m.alive[v] and m.mate[v] != NONE:
            assert m.mate[m.mate[v]] == v
            assert frozenset((v, m.mate[v])) in edges
            assert m.alive[m.mate[v]]


@pytest.mark.parametrize("seed", range(60))
def test_maximum_matching_size_matches_networkx(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 16)
    edges = random_graph(n, rng.choice([0.15, 0.3, 0.5, 0.8]), rng)
    m = matcher(n, edges)
    unmatched = m.maximise()
    check_matching(m, edges)
    assert (n - len(unmatched)) // 2 == nx_max(n, edges)


@pytest.mark.parametrize("seed", range(40))
def test_feasibility_of_each_edge_matches_networkx(seed: int) -> None:
    """try_pair(u, v) succeeds iff G - u - v has a perfect matching."""
    rng = random.Random(1000 + seed)
    n = 2 * rng.randint(2, 7)
    edges = random_graph(n, rng.choice([0.1, 0.2, 0.35]), rng, planted=True)
    m = matcher(n, edges)
    if m.maximise():
        pytest.skip("no perfect matching to start from")
    outcomes: set[bool] = set()
    for edge in sorted(tuple(sorted(e)) for e in edges):
        u, v = edge
        trial = matcher(n, edges)
        trial.maximise()
        mates_before = list(trial.mate)
        ok, stuck = trial.try_pair(u, v)
        expected = nx_max(n, edges, (u, v)) == (n - 2) // 2
        assert ok == expected, (edge, sorted(map(sorted, edges)))
        outcomes.add(ok)
        if ok:
            assert not trial.alive[u] and not trial.alive[v]
            check_matching(trial, edges)
            assert all(trial.mate[x] != NONE for x in range(n) if trial.alive[x])
        else:
            assert trial.mate == mates_before and trial.alive[u] and trial.alive[v]
            assert stuck


@pytest.mark.parametrize("seed", range(40))
def test_walk_of_accepted_edges_stays_feasible(seed: int) -> None:
    """Accept edges in random order whenever feasible: the result is a perfect matching."""
    rng = random.Random(5000 + seed)
    n = 2 * rng.randint(2, 8)
    edges = random_graph(n, rng.choice([0.1, 0.3, 0.5]), rng, planted=True)
    m = matcher(n, edges)
    if m.maximise():
        pytest.skip("no perfect matching")
    pairs = []
    for u in range(n):
        if not m.alive[u]:
            continue
        candidates = [v for v in range(n) if v != u and m.alive[v] and frozenset((u, v)) in edges]
        rng.shuffle(candidates)
        for v in candidates:
            ok, _ = m.try_pair(u, v)
            if ok:
                pairs.append((u, v))
                break
        else:  # pragma: no cover
            raise AssertionError("a perfect matching always gives u a feasible partner")
    assert sorted(x for p in pairs for x in p) == list(range(n))


@pytest.mark.parametrize("seed", range(40))
def test_failed_search_marks_who_may_sit_out(seed: int) -> None:
    """For an odd graph with a near-perfect matching, the failed search from the unmatched
    root marks as outer exactly the c for which G - c has a perfect matching (the bye
    candidates that keep the rest pairable; ``try_pair``'s witness is this set)."""
    rng = random.Random(9000 + seed)
    n = 2 * rng.randint(1, 7) + 1
    edges = random_graph(n, rng.choice([0.1, 0.25, 0.4]), rng, planted=True)
    m = matcher(n, edges)
    unmatched = m.maximise()
    if len(unmatched) != 1:
        pytest.skip("no near-perfect matching")
    end, _, reachable = m._search(unmatched[0])
    assert end == NONE  # the matching is maximum: no augmenting path
    for c in range(n):
        assert reachable[c] == (nx_max(n, edges, (c,)) == (n - 1) // 2), c


@pytest.mark.parametrize("seed", range(30))
def test_try_exclude_is_who_may_sit_out(seed: int) -> None:
    """try_exclude(c, root) succeeds iff G - c has a perfect matching (the bye candidates
    that keep the rest pairable), and leaves a perfect matching of the others."""
    rng = random.Random(7000 + seed)
    n = 2 * rng.randint(1, 7) + 1
    edges = random_graph(n, rng.choice([0.1, 0.25, 0.4]), rng, planted=True)
    for c in range(n):
        m = matcher(n, edges)
        unmatched = m.maximise()
        assert len(unmatched) == 1
        ok = m.try_exclude(c, unmatched[0])
        assert ok == (nx_max(n, edges, (c,)) == (n - 1) // 2), c
        if ok:
            check_matching(m, edges)
            assert all(m.mate[x] != NONE for x in range(n) if m.alive[x])


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        (p, s)
        for p in ("ladder-ab", "dubbelschaak", "keizer-classic", "magnus-senior")
        for s in range(4)
    ],
)
def test_solver_rows_are_exactly_the_legal_partners(preset: str, seed: int) -> None:
    """The fast neighbour rows (everyone but Rules.suspects, those checked one by one) equal
    the brute-force legality graph, on histories with repeats and critical colours."""
    from compcore.pairing.context import build_context
    from compcore.pairing.ladder import Solver
    from compcore.rules.rulesets import ruleset_of
    from tests.builders import generated as season

    s = season(preset, 30, 1 if seed % 2 else 6, seed=seed)  # round 2: LA-3's level round
    ruleset = ruleset_of(s)
    ctx = build_context(s, ruleset, s.open_round)
    players = list(ctx.order)
    solver = Solver(ctx.rules, players)
    for v in range(len(players)):
        brute = {
            w
            for w in range(len(players))
            if w != v and not ctx.rules.violations(players[v], players[w])
        }
        assert set(solver.row(v)) == brute
        assert len(solver.row(v)) == len(brute)


class WholeTreeRelabel(Matcher):
    """The search as it was before issue 19: a blossom's contraction relabels every vertex
    of the tree (quadratic when one vertex closes thousands of blossoms); the reference
    the labelled blossoms must equal step for step."""

    def _search(self, root: int) -> tuple[int, list[int], list[bool]]:
        from collections import deque

        n, mate, alive = self.n, self.mate, self.alive
        parent = [NONE] * n
        base = list(range(n))
        outer = [False] * n
        outer[root] = True
        queue = deque([root])
        tree = [root]

        def lca(a: int, b: int) -> int:
            seen = set()
            while True:
                a = base[a]
                seen.add(a)
                if mate[a] == NONE:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if b in seen:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
            while base[v] != b:
                blossom.add(base[v])
                blossom.add(base[mate[v]])
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in self.row(v):
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != NONE and parent[mate[to]] != NONE):
                    current = lca(v, to)
                    blossom: set[int] = set()
                    mark(v, current, to, blossom)
                    mark(to, current, v, blossom)
                    for i in tree:
                        if base[i] in blossom:
                            base[i] = current
                            if not outer[i]:
                                outer[i] = True
                                queue.append(i)
                elif parent[to] == NONE:
                    parent[to] = v
                    if mate[to] == NONE:
                        return to, parent, outer
                    nxt = mate[to]
                    outer[nxt] = True
                    queue.append(nxt)
                    tree.append(to)
                    tree.append(nxt)
        return NONE, parent, outer


@pytest.mark.parametrize("seed", range(60))
def test_search_is_the_whole_tree_relabelling_search(seed: int) -> None:
    """The labelled blossoms search exactly as relabelling the whole tree did: the same
    augmenting path, tree links and outer vertices from every exposed root, so matchings,
    look-ahead witnesses and pairings are unchanged; and the same matchings after
    augmenting to maximum and after a walk of try_pair (dense graphs close many blossoms
    around one vertex)."""
    rng = random.Random(11000 + seed)
    n = rng.randint(2, 60)
    edges = random_graph(n, rng.choice([0.05, 0.1, 0.3, 0.6, 0.9]), rng, planted=seed % 2 == 0)
    new, old = matcher(n, edges), WholeTreeRelabel(n, lambda a, b: frozenset((a, b)) in edges)
    # the same greedy start for both, so that searches have blossoms to find
    for m in (new, old):
        for u in range(n):
            if m.mate[u] == NONE:
                w = next(
                    (w for w in range(u + 1, n) if m.mate[w] == NONE and m.adjacent(u, w)), None
                )
                if w is not None:
                    m.match(u, w)
    for root in range(n):
        if new.mate[root] == NONE:
            assert new._search(root) == old._search(root)
    assert new.maximise() == old.maximise()
    assert new.mate == old.mate
    if any(new.alive[v] and new.mate[v] == NONE for v in range(n)):
        return  # no perfect matching to walk on
    for u in range(n):  # the ladder's walk: each takes the first feasible partner
        if not new.alive[u]:
            continue
        for v in range(n):
            if v != u and new.alive[v] and new.adjacent(u, v):
                ok = new.try_pair(u, v)
                assert ok == old.try_pair(u, v)
                assert new.mate == old.mate and new.alive == old.alive
                if ok[0]:
                    break
