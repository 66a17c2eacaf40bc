package slicing

// finish slices node n if its whole subtree has ended, then its parent,
// and so on up (§3.2.2: a point's set is known only once every state
// forked below it has ended). Each finished node publishes the snapshots
// of its points, hands its start state to its parent and is freed.
func (g *Graph) finish(n *node) {
	for n != nil && n.pending == 0 && !n.live {
		s := n.acc
		if !n.bad {
			if s.L == nil {
				s = newBackState(g.provs)
			}
			pi := len(n.points) - 1
			for i := len(n.events); ; i-- {
				for ; pi >= 0 && n.points[pi].pos >= i; pi-- {
					if snap := g.snapshot(n, n.points[pi], &s); snap != nil && g.opts.Publish != nil {
						g.opts.Publish(snap)
					}
				}
				if i == 0 {
					break
				}
				g.back(&s, n.events[i-1])
			}
		}
		p := n.parent
		if p != nil {
			if n.bad {
				p.bad = true
			} else if !p.bad {
				p.acc.merge(s)
			}
			if len(n.cond) > len(p.cond) {
				p.cond = n.cond
			}
			p.pending--
		}
		// Free what no one needs any more: the subtree has ended.
		n.events, n.points, n.writes, n.opaque, n.acc, n.parent = nil, nil, nil, nil, backState{}, nil
		n = p
	}
}
