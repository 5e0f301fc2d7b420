//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm, O(n³).
//!
//! This follows the primal-dual formulation of Galil ("Efficient algorithms for finding
//! maximum matching in graphs", 1986) as laid out by Joris van Rantwijk's well-known
//! reference implementation, with exact integer arithmetic: the vertex duals are kept
//! doubled (an edge's slack is `u(i) + u(j) - 2·w`), so every dual stays an integer.
//!
//! No crate on crates.io fit: the ones found were unmaintained, limited to `i32` weights
//! (too small for the pairing's lexicographic weights) or needed a newer Rust than this
//! workspace. The implementation is checked against brute force in this module's tests.

/// An edge weight. Wide enough for the pairing's lexicographic weights on large fields.
pub(crate) type Weight = i128;

/// Finds a matching of maximum total weight in the undirected graph on vertices
/// `0..vertex_count` with the given `edges` (`(i, j, weight)`, `i != j`, at most one edge
/// per pair). Edges of negative weight are never worth taking.
///
/// Returns, for each vertex, its mate or `None`. Deterministic: the same input (edges in the
/// same order) always gives the same matching.
///
/// # Panics
/// If an edge names a vertex outside `0..vertex_count` or joins a vertex to itself.
pub(crate) fn max_weight_matching(vertex_count: usize, edges: &[(usize, usize, Weight)]) -> Vec<Option<usize>> {
    for &(i, j, _) in edges {
        assert!(i < vertex_count && j < vertex_count && i != j, "bad edge ({i}, {j}) on {vertex_count} vertices");
    }
    if edges.is_empty() {
        return vec![None; vertex_count];
    }
    let mut solver = Solver::new(vertex_count, edges);
    solver.solve();
    solver.mate.iter().map(|&p| (p != NONE).then(|| solver.endpoint[p as usize])).collect()
}

/// "No vertex / edge / endpoint / blossom": the index sentinel.
const NONE: isize = -1;

/// Labels of top-level blossoms during a stage.
const FREE: u8 = 0;
/// An S (outer, even) blossom.
const S: u8 = 1;
/// A T (inner, odd) blossom.
const T: u8 = 2;
/// Breadcrumb left by [`Solver::scan_blossom`] (S with this bit set).
const BREADCRUMB: u8 = 4;

/// The state of the primal-dual algorithm. Vertices are `0..n`, blossoms `n..2n`; an edge
/// `k` has the endpoints `2k` (its first vertex) and `2k + 1` (its second), so `p ^ 1` is the
/// other end of endpoint `p`.
struct Solver<'a> {
    n: usize,
    edges: &'a [(usize, usize, Weight)],
    /// The vertex of each endpoint.
    endpoint: Vec<usize>,
    /// For each vertex, the endpoints of its edges on the far side.
    neighbend: Vec<Vec<usize>>,
    /// For each vertex, the far endpoint of its matched edge, or `NONE`.
    mate: Vec<isize>,
    /// For each vertex and top-level blossom: FREE, S or T (S possibly with BREADCRUMB).
    label: Vec<u8>,
    /// The endpoint through which a labelled vertex/blossom got its label, or `NONE`.
    labelend: Vec<isize>,
    /// The top-level blossom of each vertex.
    inblossom: Vec<usize>,
    /// The parent blossom of each vertex/blossom, or `NONE` at top level.
    blossomparent: Vec<isize>,
    /// The sub-blossoms of each blossom, starting at its base, in cycle order.
    blossomchilds: Vec<Vec<usize>>,
    /// The base vertex of each blossom (`NONE` for unused blossom slots).
    blossombase: Vec<isize>,
    /// For each blossom, the endpoints joining its consecutive sub-blossoms.
    blossomendps: Vec<Vec<usize>>,
    /// For each vertex/blossom, the least-slack edge to a different S blossom, or `NONE`.
    bestedge: Vec<isize>,
    /// For each non-trivial S blossom, its least-slack edges to other S blossoms.
    blossombestedges: Vec<Option<Vec<usize>>>,
    /// Blossom slots free for reuse.
    unusedblossoms: Vec<usize>,
    /// The (doubled) dual variables of vertices, then of blossoms.
    dualvar: Vec<Weight>,
    /// Whether an edge has zero slack (may be used in the alternating tree).
    allowedge: Vec<bool>,
    /// S vertices whose edges remain to be scanned.
    queue: Vec<usize>,
}

impl<'a> Solver<'a> {
    fn new(n: usize, edges: &'a [(usize, usize, Weight)]) -> Self {
        let max_weight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let endpoint = (0..2 * edges.len()).map(|p| if p % 2 == 0 { edges[p / 2].0 } else { edges[p / 2].1 }).collect();
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut dualvar = vec![max_weight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        Solver {
            n,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n as isize).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    /// The (doubled) slack of edge `k`: zero when the edge is tight.
    fn slack(&self, k: usize) -> Weight {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    /// The vertices inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                // Reverse so that leaves come out in the children's order.
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    /// Labels vertex `w`'s top-level blossom `t` (S or T) through endpoint `p`; a T
    /// blossom's mate becomes S in turn.
    fn assign_label(&mut self, w: usize, t: u8, p: isize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == S {
                let leaves = self.leaves(b);
                self.queue.extend(leaves);
                return;
            }
            let base = self.blossombase[b] as usize;
            let mate_endpoint = self.mate[base];
            debug_assert!(mate_endpoint >= 0);
            w = self.endpoint[mate_endpoint as usize];
            t = S;
            p = mate_endpoint ^ 1;
        }
    }

    /// Traces back from `v` and `w` to find either a new blossom's base (returned) or an
    /// augmenting path (`NONE`).
    fn scan_blossom(&mut self, v: usize, w: usize) -> isize {
        let mut path = Vec::new();
        let mut base = NONE;
        let mut v = v as isize;
        let mut w = w as isize;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v as usize];
            if self.label[b] & BREADCRUMB != 0 {
                base = self.blossombase[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = S | BREADCRUMB;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b] as usize] as isize;
                b = self.inblossom[v as usize];
                debug_assert_eq!(self.label[b], T);
                v = self.endpoint[self.labelend[b] as usize] as isize;
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    /// Makes a new blossom with base `base` through the edge `k` between two S vertices.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base as isize;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b as isize;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b as isize;
            path.push(bv);
            endps.push(self.labelend[bv] as usize);
            v = self.endpoint[self.labelend[bv] as usize];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b as isize;
            path.push(bw);
            endps.push((self.labelend[bw] ^ 1) as usize);
            w = self.endpoint[self.labelend[bw] as usize];
            bw = self.inblossom[w];
        }
        debug_assert_eq!(self.label[bb], S);
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        self.label[b] = S;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for leaf in self.leaves(b) {
            if self.label[self.inblossom[leaf]] == T {
                // A former T vertex becomes S: its edges must be scanned.
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // The least-slack edges from the new blossom to every other S blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[sub].take() {
                Some(list) => vec![list],
                None => {
                    self.leaves(sub).iter().map(|&leaf| self.neighbend[leaf].iter().map(|p| p / 2).collect()).collect()
                }
            };
            for list in lists {
                for k in list {
                    // The edge's end outside the new blossom (if any).
                    let (i, j, _) = self.edges[k];
                    let far = if self.inblossom[j] == b { i } else { j };
                    let bj = self.inblossom[far];
                    if bj != b
                        && self.label[bj] == S
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj] as usize))
                    {
                        bestedgeto[bj] = k as isize;
                    }
                }
            }
            self.bestedge[sub] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).map(|k| k as usize).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b] as usize) {
                self.bestedge[b] = k as isize;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    /// Dissolves top-level blossom `b` into its sub-blossoms (recursively those with a zero
    /// dual at the end of a stage), relabelling them when `b` was a T blossom mid-stage.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == T {
            // Relabel the sub-blossoms on the even-length path from the entry child to the base.
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entrychild = self.inblossom[self.endpoint[(self.labelend[b] ^ 1) as usize]];
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[(p ^ 1) as usize]] = FREE;
                let q = endps[at(j - endptrick as isize)];
                self.label[self.endpoint[q ^ endptrick ^ 1]] = FREE;
                self.assign_label(self.endpoint[(p ^ 1) as usize], T, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = (endps[at(j - endptrick as isize)] ^ endptrick) as isize;
                self.allowedge[p as usize / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let entry_vertex = self.endpoint[(p ^ 1) as usize];
            self.label[entry_vertex] = T;
            self.label[bv] = T;
            self.labelend[entry_vertex] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == S {
                    j += jstep;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE) {
                    debug_assert_eq!(self.label[v], T);
                    debug_assert_eq!(self.inblossom[v], bv);
                    self.label[v] = FREE;
                    let base_mate = self.mate[self.blossombase[bv] as usize];
                    self.label[self.endpoint[base_mate as usize]] = FREE;
                    self.assign_label(v, T, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the path inside blossom `b` from vertex `v`
    /// to the base, making `v` the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b as isize {
            t = self.blossomparent[t] as usize;
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = (p ^ 1) as isize;
            self.mate[self.endpoint[p ^ 1]] = p as isize;
        }
        self.blossomchilds[b].rotate_left(i as usize);
        self.blossomendps[b].rotate_left(i as usize);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v as isize);
    }

    /// Augments the matching along the path through edge `k` between two S vertices.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                debug_assert_eq!(self.label[bs], S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p as isize;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs] as usize];
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], T);
                s = self.endpoint[self.labelend[bt] as usize];
                let j = self.endpoint[(self.labelend[bt] ^ 1) as usize];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = (self.labelend[bt] ^ 1) as usize;
            }
        }
    }

    /// Scans the queued S vertices; returns whether the matching was augmented.
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            debug_assert_eq!(self.label[self.inblossom[v]], S);
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.inblossom[v] == self.inblossom[w] {
                    continue;
                }
                let mut kslack = 0;
                if !self.allowedge[k] {
                    kslack = self.slack(k);
                    if kslack <= 0 {
                        self.allowedge[k] = true;
                    }
                }
                if self.allowedge[k] {
                    if self.label[self.inblossom[w]] == FREE {
                        self.assign_label(w, T, (p ^ 1) as isize);
                    } else if self.label[self.inblossom[w]] == S {
                        let base = self.scan_blossom(v, w);
                        if base >= 0 {
                            self.add_blossom(base as usize, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == FREE {
                        debug_assert_eq!(self.label[self.inblossom[w]], T);
                        self.label[w] = T;
                        self.labelend[w] = (p ^ 1) as isize;
                    }
                } else if self.label[self.inblossom[w]] == S {
                    let b = self.inblossom[v];
                    if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b] as usize) {
                        self.bestedge[b] = k as isize;
                    }
                } else if self.label[w] == FREE
                    && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w] as usize))
                {
                    self.bestedge[w] = k as isize;
                }
            }
        }
        false
    }

    /// Runs stages until no augmenting path improves the matching.
    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(FREE);
            self.bestedge.fill(NONE);
            for slot in &mut self.blossombestedges[n..] {
                *slot = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == FREE {
                    self.assign_label(v, S, NONE);
                }
            }
            let mut augmented = false;
            loop {
                if self.scan_queue() {
                    augmented = true;
                    break;
                }
                // No augmenting path with tight edges: change the duals.
                // Type 1: a free vertex's dual reaches zero (then the matching is optimal).
                let mut deltatype = 1;
                let mut delta = *self.dualvar[..n].iter().min().expect("vertices");
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                // Type 2: an edge from an S vertex to a free vertex becomes tight.
                for v in 0..n {
                    if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v] as usize);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                // Type 3: an edge between two S blossoms becomes tight.
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == S && self.bestedge[b] != NONE {
                        let kslack = self.slack(self.bestedge[b] as usize);
                        debug_assert_eq!(kslack % 2, 0);
                        let d = kslack / 2;
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                // Type 4: a T blossom's dual reaches zero (it must be expanded).
                for b in n..2 * n {
                    if self.blossombase[b] >= 0
                        && self.blossomparent[b] == NONE
                        && self.label[b] == T
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b as isize;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        S => self.dualvar[v] -= delta,
                        T => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0 && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            S => self.dualvar[b] += delta,
                            T => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        let k = deltaedge as usize;
                        self.allowedge[k] = true;
                        let (mut i, j, _) = self.edges[k];
                        if self.label[self.inblossom[i]] == FREE {
                            i = j;
                        }
                        debug_assert_eq!(self.label[self.inblossom[i]], S);
                        self.queue.push(i);
                    }
                    3 => {
                        let k = deltaedge as usize;
                        self.allowedge[k] = true;
                        let (i, _, _) = self.edges[k];
                        debug_assert_eq!(self.label[self.inblossom[i]], S);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom as usize, false),
                }
            }
            if !augmented {
                break;
            }
            // End of stage: expand the S blossoms whose dual is zero.
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] >= 0
                    && self.label[b] == S
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The best total weight over all matchings, by exhaustive search.
    fn brute_force(n: usize, edges: &[(usize, usize, Weight)]) -> Weight {
        let mut w = vec![vec![None; n]; n];
        for &(i, j, wt) in edges {
            w[i][j] = Some(wt);
            w[j][i] = Some(wt);
        }
        fn best(v: usize, used: &mut Vec<bool>, w: &[Vec<Option<Weight>>]) -> Weight {
            let n = used.len();
            let Some(v) = (v..n).find(|&v| !used[v]) else { return 0 };
            used[v] = true;
            let mut result = best(v + 1, used, w); // v stays unmatched
            for u in v + 1..n {
                if let (false, Some(wt)) = (used[u], w[v][u]) {
                    used[u] = true;
                    result = result.max(wt + best(v + 1, used, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            result
        }
        best(0, &mut vec![false; n], &w)
    }

    fn total(edges: &[(usize, usize, Weight)], mates: &[Option<usize>]) -> Weight {
        for (v, m) in mates.iter().enumerate() {
            if let Some(m) = *m {
                assert_eq!(mates[m], Some(v), "mates are symmetric");
            }
        }
        edges.iter().filter(|&&(i, j, _)| mates[i] == Some(j)).map(|e| e.2).sum()
    }

    #[test]
    fn known_small_graphs() {
        // From the reference implementation's own test cases.
        assert_eq!(max_weight_matching(2, &[(0, 1, 1)]), vec![Some(1), Some(0)]);
        assert_eq!(max_weight_matching(4, &[(1, 2, 10), (2, 3, 11)]), vec![None, None, Some(3), Some(2)]);
        assert_eq!(
            max_weight_matching(5, &[(1, 2, 5), (2, 3, 11), (3, 4, 5)]),
            vec![None, None, Some(3), Some(2), None]
        );
        // A T blossom.
        let edges = [(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)];
        assert_eq!(max_weight_matching(7, &edges), vec![None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)]);
        // A blossom, then an augmenting path through it.
        let edges = [(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)];
        assert_eq!(max_weight_matching(5, &edges), vec![None, Some(2), Some(1), Some(4), Some(3)]);
        // Nested S blossoms, relabelled as T.
        let edges = [(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)];
        assert_eq!(total(&edges, &max_weight_matching(7, &edges)), brute_force(7, &edges));
        // An expanded T blossom with an augmentation through it.
        let edges = [
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 35),
            (5, 7, 26),
            (9, 10, 5),
        ];
        assert_eq!(
            max_weight_matching(11, &edges),
            vec![None, Some(6), Some(3), Some(2), Some(8), Some(7), Some(1), Some(5), Some(4), Some(10), Some(9)]
        );
        // Nested blossoms expanded recursively.
        let edges = [
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ];
        assert_eq!(
            max_weight_matching(11, &edges),
            vec![None, Some(2), Some(1), Some(5), Some(9), Some(3), Some(7), Some(6), Some(10), Some(4), Some(8)]
        );
    }

    fn graph(max_n: usize, max_w: i64) -> impl Strategy<Value = (usize, Vec<(usize, usize, Weight)>)> {
        (1..=max_n).prop_flat_map(move |n| {
            let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
            let count = pairs.len();
            (Just(n), proptest::collection::vec(proptest::option::weighted(0.6, -3..=max_w), count)).prop_map(
                move |(n, ws)| {
                    let edges =
                        pairs.iter().zip(ws).filter_map(|(&(i, j), w)| w.map(|w| (i, j, w as Weight))).collect();
                    (n, edges)
                },
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Random graphs with small weights (many ties, many blossoms) and large ones.
        #[test]
        fn matches_brute_force((n, edges) in prop_oneof![graph(10, 6), graph(10, 1_000_000)]) {
            let mates = max_weight_matching(n, &edges);
            prop_assert_eq!(total(&edges, &mates), brute_force(n, &edges));
        }
    }
}
