package machine

import (
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// Case is the path's test case, as the test writer takes it; ok is
// false for a path without a replayed concrete test, or whose outcome
// depends on the order of a map range.
func (p *PathEnd) Case() (c concrete.Case, ok bool) {
	t := p.Test
	if t == nil || !t.Replayed || t.OrderDependent {
		return concrete.Case{}, false
	}
	c = concrete.Case{Pins: p.Pins, Args: t.Args, Env: t.Env.Clone(), Uncontrolled: t.Uncontrolled}
	c.Boundary, c.Word = p.Boundary, p.Word
	c.Kills = append(c.Kills, t.Kills...)
	c.Branches = append(c.Branches, p.Branches...)
	blocks, edges := p.Blocks, p.Edges
	if t.Uncontrolled {
		// Only what Go enters whatever the clock or the stack counts.
		blocks, edges = t.SteadyBlocks, t.SteadyEdges
	}
	for _, b := range blocks {
		c.Covers = append(c.Covers, concrete.BlockID{Func: b.Parent(), Index: b.Index})
	}
	for _, e := range edges {
		c.Covers = append(c.Covers, concrete.BlockID{Func: e.To.Parent(), Index: e.To.Index, From: e.From.Index + 1})
	}
	if t.Panics {
		c.Want = concrete.Outcome{Panics: true, PanicMsg: t.PanicMsg, PanicMsgKnown: t.PanicMsgKnown,
			RuntimeError: p.Panic != 0 && p.Panic != PanicExplicit}
		c.Summary = "panics"
		if t.PanicMsgKnown {
			c.Summary += " " + t.PanicMsg
		}
		return c, true
	}
	c.Want.After, c.Want.Before = t.After, t.Before
	var shown []string
	for i, v := range t.Results {
		c.Want.Results = append(c.Want.Results, concrete.Result{Value: v, ErrMsg: t.ErrMsgs[i]})
		switch {
		case t.ErrMsgs[i] != "":
			shown = append(shown, "error "+t.ErrMsgs[i])
		default:
			shown = append(shown, v.String())
		}
	}
	c.Summary = "returns " + strings.Join(shown, " ")
	if len(shown) == 0 {
		c.Summary = "returns"
	}
	return c, true
}
