package slicing

import (
	"slices"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// Snapshot is what one point of a finished subtree leaves for matching
// (§3.2, §3.3): the point's context, its relevant locations with the
// values they held there, and the relevant constraints.
type Snapshot struct {
	Ctx machine.Context
	// Locs are the relevant locations, with Loc.Act as a depth in Ctx's
	// stack (0 outermost), not an activation; objects have Act 0.
	// Sorted, no duplicates.
	Locs []machine.Loc
	// Values are what each of Locs held at the point (nil when not
	// written yet).
	Values []value.Value
	// Unsound marks a snapshot of the unsound slice (Options.Unsound):
	// for the search heuristic only, never for pruning.
	Unsound bool

	// point is where the snapshot was taken (for tests).
	point *pointRec
	// provs are the provenance of each of Locs in table (prov.go), and
	// cond the path condition at the point, for Refine.
	provs []prov
	table *provTable
	cond  []expr.Expr
	vars  varCache
	// constraints caches Constraints, once asked for (done).
	constraints []expr.Expr
	done        bool
}

// Constraints are the relevant constraints: of the path condition at the
// point, those that depend on Locs: the conjuncts that share a variable
// (expr.Vars) with some value in Values, closed transitively over shared
// variables (paper §3.2: "Δ|L"). They are worked out when first asked
// for: most snapshots are never matched that far, and the values of
// their locations may be large (a package's tables).
func (s *Snapshot) Constraints() []expr.Expr {
	if !s.done {
		vars := s.vars
		if vars == nil {
			vars = varCache{} // a snapshot built by hand
		}
		s.constraints, s.done = vars.relevant(s.cond, s.Values), true
	}
	return s.constraints
}

// prov is the provenance of Locs[i]; a snapshot built by hand (tests)
// has none, and its locations count as relevant always.
func (s *Snapshot) prov(i int) prov {
	if s.provs == nil {
		return provAlways
	}
	return s.provs[i]
}

// Refine is the snapshot without the locations that are no longer
// relevant now that rel's code is covered (§3.4): those whose every
// reason was a branch that has stopped being relevant. The relevant
// constraints shrink with them. It returns s itself when nothing goes.
func (s *Snapshot) Refine(rel *cdg.Relevance) *Snapshot {
	if s.provs == nil {
		return s
	}
	keep := make([]bool, len(s.Locs))
	n := 0
	for i := range s.Locs {
		if keep[i] = s.table.live(s.provs[i], rel); keep[i] {
			n++
		}
	}
	if n == len(s.Locs) {
		return s
	}
	r := &Snapshot{Ctx: s.Ctx, point: s.point, Unsound: s.Unsound, table: s.table, cond: s.cond, vars: s.vars,
		Locs: make([]machine.Loc, 0, n), Values: make([]value.Value, 0, n), provs: make([]prov, 0, n)}
	for i, k := range keep {
		if k {
			r.Locs = append(r.Locs, s.Locs[i])
			r.Values = append(r.Values, s.Values[i])
			r.provs = append(r.provs, s.provs[i])
		}
	}
	return r
}

// locLess orders locations by kind, activation (depth) and index.
func locLess(a, b machine.Loc) int {
	switch {
	case a.Kind != b.Kind:
		return int(a.Kind) - int(b.Kind)
	case a.Act != b.Act:
		return int(a.Act) - int(b.Act)
	case a.Index != b.Index:
		return int(a.Index) - int(b.Index)
	}
	return int(a.Part) - int(b.Part)
}

// snapshot builds the snapshot of point pt of node n from the relevant
// set s holding there; nil when the point has none (L unusable, or a
// location that cannot be named at the point).
func (g *Graph) snapshot(n *node, pt *pointRec, s *backState) *Snapshot {
	if s.top || pt.p.CondLen > len(n.cond) {
		return nil
	}
	depth := map[int32]int32{}
	for d, act := range pt.p.Acts {
		depth[act] = int32(d)
	}
	type pair struct {
		key, named machine.Loc // as the path names it, as the point does
	}
	pairs := make([]pair, 0, len(s.L))
	for l := range s.L {
		named := l
		if l.Kind == machine.LocReg || l.Kind == machine.LocDefer {
			d, ok := depth[l.Act]
			if !ok {
				// A location of a frame not on the stack: it should not be
				// needed here; soundness first.
				return nil
			}
			named.Act = d
		}
		pairs = append(pairs, pair{l, named})
	}
	slices.SortFunc(pairs, func(a, b pair) int { return locLess(a.named, b.named) })
	snap := &Snapshot{Ctx: pt.p.Ctx, point: pt, Locs: make([]machine.Loc, len(pairs)), Values: make([]value.Value, len(pairs)),
		provs: make([]prov, len(pairs)), table: g.provs, cond: n.cond[:pt.p.CondLen:pt.p.CondLen], vars: g.vars}
	for i, p := range pairs {
		v, ok := g.valueAt(n, pt.pos, p.key)
		if !ok {
			return nil // an opaque event may have changed it unseen
		}
		snap.Locs[i], snap.Values[i], snap.provs[i] = p.named, v, s.L[p.key]
	}
	return snap
}

// valueAt is what loc held after the first pos events of n: the last
// write on the path, else what the root's state held; false when an
// opaque event may have changed it since.
func (g *Graph) valueAt(n *node, pos int, loc machine.Loc) (value.Value, bool) {
	if v, found, known := n.lastWrite(loc.Whole(), pos); !known || found {
		return machine.ValuePart(v, loc.Part), known
	}
	root := n.root
	if root == nil || root.initial == nil {
		return nil, true
	}
	if loc.Kind == machine.LocReg || loc.Kind == machine.LocDefer {
		d := slices.Index(root.acts, loc.Act)
		if d < 0 {
			return nil, true
		}
		loc.Act = int32(d)
	}
	return root.initial.ValueAt(loc), true
}

// varCache remembers the variables of each conjunct: the points of a
// path share their conditions' prefixes.
type varCache map[expr.Expr][]expr.Expr

func (c varCache) of(e expr.Expr) []expr.Expr {
	vs, ok := c[e]
	if !ok {
		vs = expr.Vars(e)
		c[e] = vs
	}
	return vs
}

// relevantConstraints returns Δ|L: the conjuncts of cond that share a
// variable with vals, closed transitively over shared variables, in
// cond's order.
func relevantConstraints(cond []expr.Expr, vals []value.Value) []expr.Expr {
	return varCache{}.relevant(cond, vals)
}

// relevant is relevantConstraints with c's memory of variables.
func (c varCache) relevant(cond []expr.Expr, vals []value.Value) []expr.Expr {
	vars := map[expr.Expr]bool{}
	for _, v := range vals {
		// Values are mostly constants (a package's tables): those have
		// no variables, and the others are remembered by term.
		value.Exprs(v, func(e expr.Expr) {
			if e.IsValid() && !e.IsConst() {
				for _, x := range c.of(e) {
					vars[x] = true
				}
			}
		})
	}
	if len(vars) == 0 {
		return nil
	}
	cvars := make([][]expr.Expr, len(cond))
	for i, e := range cond {
		cvars[i] = c.of(e)
	}
	taken := make([]bool, len(cond))
	for changed := true; changed; {
		changed = false
		for i := range cond {
			if taken[i] {
				continue
			}
			for _, x := range cvars[i] {
				if vars[x] {
					taken[i], changed = true, true
					break
				}
			}
			if taken[i] {
				for _, x := range cvars[i] {
					vars[x] = true
				}
			}
		}
	}
	var out []expr.Expr
	for i, e := range cond {
		if taken[i] {
			out = append(out, e)
		}
	}
	return out
}
