package symbolic

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// object is one allocation: its static type and its whole contents as one
// immutable value tree. A write builds a new object.
type object struct {
	typ   types.Type
	value Value
	site  ssa.Value // the allocation site, or nil for inputs and runtime objects
	input string    // for input objects, the name of the pointer it came from
	// root and rootType name an input object for the points-to check: the
	// parameter it hangs off, and its type as pointer.InputObject wants it.
	root     *ssa.Parameter
	rootType types.Type
	// descriptor, when not nil, marks a type descriptor the executor made
	// (typedesc.go) and names the Go type it describes.
	descriptor types.Type
}

// memory maps object IDs to objects. Forked states share one map until one
// of them writes; the writer then copies the map (not the objects, which are
// immutable), so a fork costs O(1) and a write after a fork O(objects).
type memory struct {
	objects map[ObjectID]*object
	globals map[*ssa.Global]ObjectID
	// descriptors are the type descriptors made so far, by typeKey, so
	// that each type has one (descriptors compare by address).
	descriptors map[string]ObjectID
	next        ObjectID
	shared      bool
	// log, during a step of a state a Pruner follows, records the objects
	// read and written (prunehook.go).
	log *accessLog
	// layout is a hash of the order in which package variables and type
	// descriptors got their objects (addGlobal, addDescriptor), so that a
	// Pruner can tell two memories that number them alike.
	layout uint64
}

func newMemory() *memory {
	return &memory{objects: make(map[ObjectID]*object), globals: make(map[*ssa.Global]ObjectID), next: 1}
}

// fork returns a memory for a new state; both this and the result become
// copy-on-write.
func (m *memory) fork() *memory {
	m.shared = true
	c := &memory{objects: m.objects, globals: m.globals, descriptors: m.descriptors, next: m.next, shared: true, layout: m.layout}
	if m.log != nil {
		c.log = m.log.clone()
	}
	return c
}

func (m *memory) own() {
	if !m.shared {
		return
	}
	objects := make(map[ObjectID]*object, len(m.objects)+1)
	for id, o := range m.objects {
		objects[id] = o
	}
	globals := make(map[*ssa.Global]ObjectID, len(m.globals))
	for g, id := range m.globals {
		globals[g] = id
	}
	m.objects, m.globals = objects, globals
	if m.descriptors != nil {
		descriptors := make(map[string]ObjectID, len(m.descriptors)+1)
		for k, id := range m.descriptors {
			descriptors[k] = id
		}
		m.descriptors = descriptors
	}
	m.shared = false
}

// alloc adds an object and returns its ID.
func (m *memory) alloc(o *object) ObjectID {
	m.own()
	id := m.next
	m.next++
	m.objects[id] = o
	if m.log != nil {
		m.log.writes = append(m.log.writes, id)
	}
	return id
}

func (m *memory) get(id ObjectID) *object {
	if m.log != nil {
		m.log.reads = append(m.log.reads, id)
	}
	return m.objects[id]
}

// addGlobal records that package variable g lives in object id.
func (m *memory) addGlobal(g *ssa.Global, id ObjectID) {
	m.own()
	m.globals[g] = id
	m.noteLayout(g.RelString(nil), id)
}

// addDescriptor records that the descriptor of the type named key lives in
// object id.
func (m *memory) addDescriptor(key string, id ObjectID) {
	m.own()
	if m.descriptors == nil {
		m.descriptors = make(map[string]ObjectID)
	}
	m.descriptors[key] = id
	m.noteLayout(key, id)
}

func (m *memory) noteLayout(name string, id ObjectID) {
	m.layout = mixString(m.layout*hashPrime^uint64(id), name)
}

// set replaces the contents of an object.
func (m *memory) set(id ObjectID, value Value) {
	m.own()
	old := m.objects[id]
	if m.log != nil {
		m.log.writes = append(m.log.writes, id)
	}
	m.objects[id] = &object{typ: old.typ, value: value, site: old.site, input: old.input, descriptor: old.descriptor}
}

// valueAt reads the value at path inside v.
func valueAt(v Value, path Path) Value {
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

// replaceAt returns v with the value at path replaced by x, copying only
// the composites along the path.
func replaceAt(v Value, path Path, x Value) Value {
	if len(path) == 0 {
		return x
	}
	step := path[0]
	switch c := v.(type) {
	case Struct:
		fields := append([]Value(nil), c.Fields...)
		fields[step] = replaceAt(fields[step], path[1:], x)
		return Struct{fields}
	case Array:
		return c.Set(step, replaceAt(c.At(step), path[1:], x))
	}
	panic(internalError("path step %d into %T", step, v))
}
