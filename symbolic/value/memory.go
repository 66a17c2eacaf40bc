package value

import (
	"go/types"
	"iter"
	"maps"

	"golang.org/x/tools/go/ssa"
)

// Object is one allocation: its static type and its whole contents as one
// immutable value tree. A write builds a new object.
type Object struct {
	Type  types.Type
	Value Value
	Site  ssa.Value // the allocation site, or nil for inputs and runtime objects
	Input string    // for input objects, the name of the pointer it came from
	// Root and RootType name an input object for the points-to check: the
	// parameter it hangs off, and its type as pointer.InputObject wants it.
	Root     *ssa.Parameter
	RootType types.Type
	// Descriptor, when not nil, marks a type descriptor the executor made
	// (typedesc.go) and names the Go type it describes.
	Descriptor types.Type
}

// Memory maps object IDs to objects, in two layers: a frozen base, which
// many memories share and none writes (the package variables after the
// inits, usually thousands of objects), and the memory's own objects,
// those allocated or changed since (usually a few dozen). Forked states
// share their own layer until one of them writes; the writer then copies
// that layer (not the objects, which are immutable), so a fork costs O(1)
// and a write after a fork O(objects of the own layer).
type Memory struct {
	base    *frozen // nil: none
	objects map[ObjectID]*Object
	globals map[*ssa.Global]ObjectID
	// descriptors are the type descriptors made so far, by typeKey, so
	// that each type has one (descriptors compare by address).
	descriptors map[string]ObjectID
	next        ObjectID
	shared      bool
	// laidOut counts the package variables and type descriptors with
	// objects, in both layers.
	laidOut int
	// log, during a step of a state a Pruner follows, records the objects
	// read and written (symbolic/prunehook.go).
	log *AccessLog
	// layout is a hash of the order in which package variables and type
	// descriptors got their objects (AddGlobal, AddDescriptor), so that a
	// Pruner can tell two memories that number them alike.
	layout uint64
}

// frozen is the base layer of memories: never written once made, so
// that engines on other goroutines read it without locking.
type frozen struct {
	objects     map[ObjectID]*Object
	globals     map[*ssa.Global]ObjectID
	descriptors map[string]ObjectID
}

// NewMemory is an empty memory.
func NewMemory() *Memory {
	return &Memory{objects: make(map[ObjectID]*Object), globals: make(map[*ssa.Global]ObjectID), next: 1}
}

// Fork returns a memory for a new state; both this and the result become
// copy-on-write.
func (m *Memory) Fork() *Memory {
	m.shared = true
	c := m.share()
	if m.log != nil {
		c.log = m.log.clone()
	}
	return c
}

// share is a memory with m's layers, marked shared, without m's log.
func (m *Memory) share() *Memory {
	return &Memory{base: m.base, objects: m.objects, globals: m.globals, descriptors: m.descriptors, next: m.next, shared: true, laidOut: m.laidOut, layout: m.layout}
}

func (m *Memory) own() {
	if !m.shared {
		return
	}
	// Every way to make a Memory gives it objects and globals maps, and
	// a clone of a map is nil only when the map is.
	m.objects, m.globals, m.descriptors = maps.Clone(m.objects), maps.Clone(m.globals), maps.Clone(m.descriptors)
	m.shared = false
}

// lookup is object id, from the own layer or else the base.
func (m *Memory) lookup(id ObjectID) *Object {
	if o, ok := m.objects[id]; ok || m.base == nil {
		return o
	}
	return m.base.objects[id]
}

// Alloc adds an object and returns its ID.
func (m *Memory) Alloc(o *Object) ObjectID {
	m.own()
	id := m.next
	m.next++
	m.objects[id] = o
	if m.log != nil {
		m.log.Writes = append(m.log.Writes, id)
	}
	return id
}

func (m *Memory) Get(id ObjectID) *Object {
	if m.log != nil {
		m.log.Reads = append(m.log.Reads, id)
	}
	return m.lookup(id)
}

// AddGlobal records that package variable g lives in object id.
func (m *Memory) AddGlobal(g *ssa.Global, id ObjectID) {
	if _, ok := m.Global(g); !ok {
		m.laidOut++
	}
	m.own()
	m.globals[g] = id
	m.noteLayout(g.RelString(nil), id)
}

// AddDescriptor records that the descriptor of the type named key lives in
// object id.
func (m *Memory) AddDescriptor(key string, id ObjectID) {
	if _, ok := m.Descriptor(key); !ok {
		m.laidOut++
	}
	m.own()
	if m.descriptors == nil {
		m.descriptors = make(map[string]ObjectID)
	}
	m.descriptors[key] = id
	m.noteLayout(key, id)
}

func (m *Memory) noteLayout(name string, id ObjectID) {
	m.layout = mixLayout(m.layout*layoutPrime^uint64(id), name)
}

// Set replaces the contents of an object.
func (m *Memory) Set(id ObjectID, value Value) {
	m.own()
	old := m.lookup(id)
	if m.log != nil {
		m.log.Writes = append(m.log.Writes, id)
	}
	m.objects[id] = &Object{Type: old.Type, Value: value, Site: old.Site, Input: old.Input, Descriptor: old.Descriptor}
}

// At reads the value at path inside v.
func At(v Value, path Path) Value {
	for _, step := range path {
		switch c := v.(type) {
		case Struct:
			v = c.Fields[step]
		case Array:
			v = c.At(step)
		default:
			panic(internalError("path step %d into %T", step, v))
		}
	}
	return v
}

// Replace returns v with the value at path replaced by x, copying only
// the composites along the path.
func Replace(v Value, path Path, x Value) Value {
	if len(path) == 0 {
		return x
	}
	step := path[0]
	switch c := v.(type) {
	case Struct:
		fields := append([]Value(nil), c.Fields...)
		fields[step] = Replace(fields[step], path[1:], x)
		return Struct{fields}
	case Array:
		return c.Set(step, Replace(c.At(step), path[1:], x))
	}
	panic(internalError("path step %d into %T", step, v))
}

// Peek is object id without recording a read: for the executor's own
// checks, which the program does not make.
func (m *Memory) Peek(id ObjectID) *Object { return m.lookup(id) }

// Global is the object package variable g lives in, if it has one yet.
func (m *Memory) Global(g *ssa.Global) (ObjectID, bool) {
	if id, ok := m.globals[g]; ok || m.base == nil {
		return id, ok
	}
	id, ok := m.base.globals[g]
	return id, ok
}

// Globals yields the package variables that have objects, in no order.
func (m *Memory) Globals() iter.Seq2[*ssa.Global, ObjectID] {
	return func(yield func(*ssa.Global, ObjectID) bool) {
		for g, id := range m.globals {
			if !yield(g, id) {
				return
			}
		}
		if m.base == nil {
			return
		}
		for g, id := range m.base.globals {
			if _, shadowed := m.globals[g]; !shadowed && !yield(g, id) {
				return
			}
		}
	}
}

// Descriptor is the object of the type descriptor made under key, if any.
func (m *Memory) Descriptor(key string) (ObjectID, bool) {
	if id, ok := m.descriptors[key]; ok || m.base == nil {
		return id, ok
	}
	id, ok := m.base.descriptors[key]
	return id, ok
}

// Next is the ID the next allocation gets. IDs grow, so the objects
// allocated since Next returned n are those from n on.
func (m *Memory) Next() ObjectID { return m.next }

// Layout is a hash of the order in which package variables and type
// descriptors got their objects, and LaidOut is how many did: memories
// that agree on both number them alike.
func (m *Memory) Layout() uint64 { return m.layout }

// LaidOut is the number of package variables and type descriptors with
// objects.
func (m *Memory) LaidOut() int { return m.laidOut }

// StartLog makes m record the objects read and written from now on.
func (m *Memory) StartLog() { m.log = &AccessLog{} }

// TakeLog returns what m recorded since StartLog and stops recording.
func (m *Memory) TakeLog() *AccessLog {
	log := m.log
	m.log = nil
	return log
}

// mixLayout mixes name into the layout hash h, FNV-1a style, as the
// pruner's other hashes do.
func mixLayout(h uint64, name string) uint64 {
	for i := 0; i < len(name); i++ {
		h = (h ^ uint64(name[i])) * layoutPrime
	}
	return h
}

// layoutPrime is FNV's 64-bit prime.
const layoutPrime = 1099511628211

// ForgetSites clears the allocation site of every object from on.
func (m *Memory) ForgetSites(from ObjectID) {
	for id := from; id < m.next; id++ {
		o := m.lookup(id)
		if o == nil || o.Site == nil {
			continue
		}
		m.own()
		c := *o
		c.Site = nil
		m.objects[id] = &c
	}
}

// FrozenFork returns a memory for a state that shares m's objects without
// writing m, which other engines may be forking at the same time.
func FrozenFork(m *Memory) *Memory { return m.share() }

// Freeze returns a memory with m's contents all in a frozen base, which
// the memories forked from it share however they write, and which no
// write copies. m must be one no other goroutine uses yet (a snapshot
// about to be published); it costs O(objects) once.
func Freeze(m *Memory) *Memory {
	f := &frozen{objects: make(map[ObjectID]*Object), globals: make(map[*ssa.Global]ObjectID), descriptors: make(map[string]ObjectID)}
	if m.base != nil {
		maps.Copy(f.objects, m.base.objects)
		maps.Copy(f.globals, m.base.globals)
		maps.Copy(f.descriptors, m.base.descriptors)
	}
	maps.Copy(f.objects, m.objects)
	maps.Copy(f.globals, m.globals)
	maps.Copy(f.descriptors, m.descriptors)
	return &Memory{base: f, objects: map[ObjectID]*Object{}, globals: map[*ssa.Global]ObjectID{}, next: m.next, shared: true, laidOut: m.laidOut, layout: m.layout}
}

// AccessLog records the objects a memory was asked for and changed during
// one step.
type AccessLog struct {
	Reads, Writes []ObjectID
}

func (l *AccessLog) clone() *AccessLog {
	return &AccessLog{Reads: append([]ObjectID(nil), l.Reads...), Writes: append([]ObjectID(nil), l.Writes...)}
}
