package targets

// Counter has methods on both value and pointer receivers.
type Counter struct{ n int }

// Value has a value receiver: a target named Counter.Value.
func (c Counter) Value() int { return c.n }

// Inc has a pointer receiver: a target named Counter.Inc.
func (c *Counter) Inc() { c.n++ }

// reset is an unexported method: a target named Counter.reset.
func (c *Counter) reset() { c.n = 0 }

// Wrapped embeds Counter; the promoted-method wrappers that SSA builds
// for it are not targets.
type Wrapped struct{ Counter }

// Valuer is an interface; its methods have no bodies and are not targets.
type Valuer interface{ Value() int }

// Use converts Wrapped to an interface so that its wrappers are built.
func Use(w *Wrapped) Valuer { w.Inc(); return w }
