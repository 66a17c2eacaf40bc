package report

// Block is one cover block of a package as the report saw it: what
// cmd/gosymtest's merge needs to combine the reports of runs that each
// explored a part of the targets (-shard).
type Block struct {
	Pos        string `json:"pos"` // as Gap.Pos
	End        string `json:"end"` // as Gap.End
	Statements int    `json:"statements"`
	// Covered: a written test ran it; Entered: an exploration entered it;
	// Unmatched: the tests' profile has its file but not the block.
	Covered   bool `json:"covered,omitempty"`
	Entered   bool `json:"entered,omitempty"`
	Unmatched bool `json:"unmatched,omitempty"`
}

// Blocks lists each package's cover blocks, by import path, in the
// order of the package's files and of the blocks in them (the
// coverprofile's order).
func (r *Report) Blocks() map[string][]Block {
	out := make(map[string][]Block, len(r.Packages))
	for _, p := range r.Packages {
		bs := make([]Block, 0, len(p.profile))
		for _, b := range p.profile {
			bs = append(bs, Block{Pos: b.pos, End: b.end, Statements: b.nstmts, Covered: b.count > 0, Entered: b.entered, Unmatched: b.unmatched})
		}
		out[p.Path] = bs
	}
	return out
}
