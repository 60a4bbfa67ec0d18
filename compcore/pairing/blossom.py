"""Maximum matchings in general graphs (Edmonds' blossoms), for the ladder's look-ahead.

The ladder pairs top-down and may only accept a board when everybody still unpaired can
be paired legally afterwards. That question is answered with one perfect matching ``M``
of the legality graph, kept up to date as boards are accepted:

* accepting ``(u, v)`` with ``v = M(u)`` is always feasible (the rest of ``M`` pairs the
  others);
* otherwise remove ``u`` and ``v``; their old partners ``u' = M(u)`` and ``v' = M(v)`` are
  the only unmatched vertices left, so the rest is perfectly matchable iff ``M`` has an
  augmenting path between ``u'`` and ``v'`` in ``G - u - v``. Edmonds' search (with blossom
  contraction, since the graph is not bipartite) finds one or proves there is none.

The graph is implicit: ``adjacent(a, b)`` is asked on demand and each vertex's neighbour
row is cached the first time a search scans it, so a dense legality graph with a thousand
players costs only what the searches touch. Vertices are small integers ``0..n-1``;
removed vertices (``alive[v]`` false) are ignored by every search.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

NONE = -1


class Matcher:
    """A matching of the graph on the alive vertices, with augmenting-path searches."""

    __slots__ = ("_adjacent", "_build_row", "_rows", "alive", "mate", "n")

    def __init__(
        self,
        n: int,
        adjacent: Callable[[int, int], bool],
        build_row: Callable[[int], list[int]] | None = None,
    ) -> None:
        self.n = n
        self._adjacent = adjacent
        self._build_row = build_row
        self._rows: list[list[int] | None] = [None] * n
        self.alive = [True] * n
        self.mate = [NONE] * n

    # ------------------------------------------------------------------ graph

    def adjacent(self, a: int, b: int) -> bool:
        return a != b and self._adjacent(a, b)

    def row(self, v: int) -> list[int]:
        """All neighbours of ``v`` (alive or not), computed once."""
        row = self._rows[v]
        if row is None:
            if self._build_row is not None:
                row = self._build_row(v)
            else:
                adjacent = self._adjacent
                row = [w for w in range(self.n) if w != v and adjacent(v, w)]
            self._rows[v] = row
        return row

    def remove(self, v: int) -> None:
        """Take ``v`` out of the graph (its matching edge, if any, is dropped)."""
        m = self.mate[v]
        if m != NONE:
            self.mate[m] = NONE
            self.mate[v] = NONE
        self.alive[v] = False

    def match(self, a: int, b: int) -> None:
        self.mate[a] = b
        self.mate[b] = a

    # ------------------------------------------------------------------ searches

    def _search(self, root: int) -> tuple[int, list[int], list[bool]]:
        """Edmonds' search from the unmatched vertex ``root``.

        Returns ``(end, parent, outer)``: ``end`` is an unmatched vertex reached by an
        augmenting path (``NONE`` if there is none), ``parent`` the tree links to rebuild
        the path, ``outer`` the even-labelled vertices (the root's alternating tree with
        blossoms expanded). After a failed search, ``outer`` is exactly the set of
        vertices reachable from ``root`` by an even alternating path.

        A vertex's blossom is a label (``label[v]``; ``base_of[label]`` is the blossom's
        base) with its members listed, so contracting a blossom relabels the smaller
        blossoms it swallows, not the whole tree: a vertex adjacent to thousands of
        players closes thousands of small blossoms onto the root, one at a time (a
        10,000-player ladder's augmenting search was quadratic). The vertices that turn
        outer are queued in the order they joined the tree, so the search visits, finds
        and returns exactly what relabelling the whole tree did.
        """
        n = self.n
        mate = self.mate
        alive = self.alive
        parent = [NONE] * n
        label = list(range(n))
        base_of = list(range(n))
        #: each label's members, for the labels of blossoms (a lone vertex is its own)
        members: dict[int, list[int]] = {}
        outer = [False] * n
        outer[root] = True
        queue = deque([root])
        joined = {root: 0}  # every vertex labelled so far, by when: only these can be in a blossom

        def lca(a: int, b: int) -> int:
            seen = set()
            while True:
                a = base_of[label[a]]
                seen.add(a)
                if mate[a] == NONE:
                    break
                a = parent[mate[a]]
            while True:
                b = base_of[label[b]]
                if b in seen:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
            while base_of[label[v]] != b:
                blossom.add(base_of[label[v]])
                blossom.add(base_of[label[mate[v]]])
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        def contract(current: int, blossom: set[int]) -> None:
            """Every member of the blossoms based at ``blossom`` joins ``current``'s."""
            labels = {label[b] for b in blossom}
            labels.add(label[current])
            big = max(labels, key=lambda lab: len(members.get(lab, ())) or 1)
            into = members.setdefault(big, [big])
            for lab in labels:
                if lab == big:
                    continue
                swallowed = members.pop(lab, None) or [lab]
                for i in swallowed:
                    label[i] = big
                into.extend(swallowed)
            base_of[big] = current
            # the inner vertices of the cycle turn outer (the others are outer already:
            # an inner vertex is a blossom of its own, its own base)
            for i in sorted((b for b in blossom if not outer[b]), key=joined.__getitem__):
                outer[i] = True
                queue.append(i)

        while queue:
            v = queue.popleft()
            for to in self.row(v):
                if not alive[to] or label[v] == label[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != NONE and parent[mate[to]] != NONE):
                    # an odd cycle: contract the blossom onto its base
                    current = lca(v, to)
                    blossom: set[int] = set()
                    mark(v, current, to, blossom)
                    mark(to, current, v, blossom)
                    contract(current, blossom)
                elif parent[to] == NONE:
                    parent[to] = v
                    if mate[to] == NONE:
                        return to, parent, outer
                    nxt = mate[to]
                    outer[nxt] = True
                    queue.append(nxt)
                    joined[to] = len(joined)
                    joined[nxt] = len(joined)
        return NONE, parent, outer

    def _flip(self, end: int, parent: list[int]) -> None:
        mate = self.mate
        v = end
        while v != NONE:
            pv = parent[v]
            ppv = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = ppv

    def augment(self, root: int) -> bool:
        """Grow the matching by an augmenting path from the unmatched ``root``, if any."""
        end, parent, _ = self._search(root)
        if end == NONE:
            return False
        self._flip(end, parent)
        return True

    # ------------------------------------------------------------------ whole matchings

    def maximise(self) -> list[int]:
        """Augment until maximum; return the vertices left unmatched."""
        exposed = [v for v in range(self.n) if self.alive[v] and self.mate[v] == NONE]
        unmatched = []
        for k, v in enumerate(exposed):
            if self.mate[v] != NONE:
                continue
            if not any(self.mate[w] == NONE for w in exposed[k + 1 :]):
                unmatched.append(v)  # nobody left to augment towards
                continue
            if not self.augment(v):
                unmatched.append(v)
        # an earlier failed root can never become augmentable later (Edmonds), but a vertex
        # matched by a later augmentation is no longer unmatched
        return [v for v in unmatched if self.mate[v] == NONE]

    def try_exclude(self, c: int, root: int) -> bool:
        """For a maximum matching whose only unmatched vertex is ``root``: take ``c`` out if
        the others stay perfectly matchable (``c`` may sit out), else change nothing."""
        if c == root:
            self.alive[c] = False
            return True
        partner = self.mate[c]
        self.alive[c] = False
        self.mate[c] = NONE
        self.mate[partner] = NONE
        if self._adjacent(root, partner):
            self.match(root, partner)
            return True
        end, parent, _ = self._search(root)
        if end != NONE:
            self._flip(end, parent)
            return True
        self.alive[c] = True
        self.match(c, partner)
        return False

    # ------------------------------------------------------------------ the look-ahead

    def try_pair(self, u: int, v: int) -> tuple[bool, tuple[int, ...] | None]:
        """Accept the edge ``(u, v)`` if the others stay perfectly matchable.

        Requires a perfect matching of the alive vertices. On success ``u`` and ``v`` are
        removed and the matching of the rest is updated: ``(True, None)``. On failure
        nothing changes and the players who could be left over are returned
        (``(False, group)``: the vertices even-reachable from ``u'`` or from ``v'``).
        """
        mate = self.mate
        if mate[u] == v:
            self.alive[u] = self.alive[v] = False
            mate[u] = mate[v] = NONE
            return True, None
        u2, v2 = mate[u], mate[v]
        self.alive[u] = self.alive[v] = False
        mate[u] = mate[v] = mate[u2] = mate[v2] = NONE
        if self._adjacent(u2, v2):
            self.match(u2, v2)
            return True, None
        end, parent, outer_u = self._search(u2)
        if end != NONE:
            self._flip(end, parent)
            return True, None
        # a witness: the players who could be the ones left over (even-reachable from u'
        # or from v'; Gallai-Edmonds' D set of G - u - v)
        _, _, outer_v = self._search(v2)
        group = tuple(i for i in range(self.n) if outer_u[i] or outer_v[i])
        self.alive[u] = self.alive[v] = True
        self.match(u, u2)
        self.match(v, v2)
        return False, group
