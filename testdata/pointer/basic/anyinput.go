package basic

// Tally is asserted to below, so inputs of type any may hold a *Tally.
type Tally struct{ N int }

// EntryAny bumps a *Tally held in an input of type any.
func EntryAny(v any) {
	if c, ok := v.(*Tally); ok {
		c.N = 1  //@ mod("input:v:Tally.N")
		print(c) //@ pointsto("input:v:Tally")
	}
}
