package slicing

// finish slices node n if its whole subtree has ended, then its parent,
// and so on up (§3.2.2: a point's set is known only once every state
// forked below it has ended). Each finished node publishes the snapshots
// of its points, hands its start state to its parent and is freed.
func (g *Graph) finish(n *node) {
	for n != nil && n.pending == 0 && !n.live {
		var starts [2]backState
		if !n.bad {
			for k := 0; k < g.kinds(); k++ {
				starts[k] = g.sliceNode(n, n.acc[k], k == 0)
			}
		}
		p := n.parent
		if p != nil {
			if n.bad {
				p.bad = true
			} else if !p.bad {
				for k := 0; k < g.kinds(); k++ {
					p.acc[k].merge(starts[k])
				}
			}
			if len(n.cond) > len(p.cond) {
				p.cond = n.cond
			}
			p.pending--
		}
		// Free what no one needs any more: the subtree has ended.
		n.finished = true
		n.events, n.points, n.ran, n.writes, n.opaque, n.acc, n.parent = nil, nil, nil, nil, nil, [2]backState{}, nil
		n = p
	}
}

// sliceNode walks n's events backwards from s, what its children need,
// publishing the snapshot of each point on the way, and returns what n
// needs at its start. sound says whether potential dependences count;
// the unsound slice's snapshots are marked so.
func (g *Graph) sliceNode(n *node, s backState, sound bool) backState {
	if s.L == nil {
		s = newBackState(g.provs)
	}
	pi := len(n.points) - 1
	for i := len(n.events); ; i-- {
		for ; pi >= 0 && n.points[pi].pos >= i; pi-- {
			if snap := g.snapshot(n, n.points[pi], &s); snap != nil && g.opts.Publish != nil {
				snap.Unsound = !sound
				g.opts.Publish(snap)
			}
		}
		if i == 0 {
			return s
		}
		g.back(&s, n, i-1, sound)
	}
}
