package machine

import (
	"go/types"
	"strings"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Calls the machine refuses. A test that makes a system call, touches the
// network or the file system depends on the machine it runs on, so the
// machine refuses such a call for what the callee does, not for the
// package it is in: net.ParseIP and os.Expand are pure and are followed
// like any code, while os.Open and net.Dial are refused.
//
// What a callee does is read from the program. The system functions are
// the functions of the packages that only talk to the operating system
// (systemPackage), the functions of os and net that have no Go body, the
// methods of os.File (a File is an open file, which only a system call
// makes; the standard streams' stand-ins are modelled, outside/osstreams.go)
// and time.Sleep. A function of os or net is refused when its static call
// graph reaches one: its static callees and the functions its body takes
// as values (closures, method values, functions passed as arguments),
// followed through every package but the runtime's, up to the system
// functions and the modelled ones, whose models run instead (os.Getenv
// reads the path's environment, outside/environ.go; os.Getpid is an
// uncontrolled value, outside/uncontrolled.go). A call through an
// interface is not followed statically: if it reaches a system function
// at run time, the call of that function is refused when it happens.
//
// Functions of other packages are not refused when they reach a system
// function: they run until their path calls one of os, net or a system
// package, so their paths that do not are explored.

// Refusals decides which calls are refused, given which functions have
// models. It computes what a function reaches once, whatever the number
// of calls: the reach of every function its walk meets is kept, and a
// function's models must not change while it is in use. It is safe for
// concurrent use.
type Refusals struct {
	modelled func(*ssa.Function) bool

	mu sync.Mutex
	// reach is the system function each function walked reaches (nil:
	// none); reaching holds the walk's state of the functions not done.
	reach    map[*ssa.Function]*ssa.Function
	reaching map[*ssa.Function]*reachWalk
	stack    []*ssa.Function
	next     int
}

// reachWalk is a function's entry in Tarjan's strongly connected
// components algorithm: the functions of a cycle of calls reach the same
// system functions, and the walk finishes them together.
type reachWalk struct {
	index, low int
	onStack    bool
	via        *ssa.Function
}

// NewRefusals returns the refusals for a model table whose models are
// those modelled reports (nil: no function has a model).
func NewRefusals(modelled func(*ssa.Function) bool) *Refusals {
	if modelled == nil {
		modelled = func(*ssa.Function) bool { return false }
	}
	return &Refusals{modelled: modelled, reach: map[*ssa.Function]*ssa.Function{}}
}

// noModels are the refusals of a machine its caller gave none.
var noModels = NewRefusals(nil)

// Refused says why a call of fn is refused, naming fn and what the call
// does ("call of os.Open: the file system"), or "" when it is followed.
// A function with a model is not refused: its model runs.
func (r *Refusals) Refused(fn *ssa.Function) string {
	if what := r.Does(fn); what != "" {
		return "call of " + fn.String() + ": " + what
	}
	return ""
}

// Does says what a call of fn does that a test cannot run: "a system
// call", "the network", "the file system" or "the clock"; "" when fn is
// followed. A nil Refusals knows of no model.
func (r *Refusals) Does(fn *ssa.Function) string {
	if r == nil {
		r = noModels
	}
	var via *ssa.Function
	switch {
	case system(fn):
		via = fn
	case pkgPath(fn) == "os" || pkgPath(fn) == "net":
		via = r.reached(fn)
	}
	if via == nil || r.modelled(fn) {
		return ""
	}
	return does(fn, via)
}

// pkgPath is the import path of fn's package (its origin's for an
// instance of a generic function), or "" for a wrapper of no package.
func pkgPath(fn *ssa.Function) string {
	if p := loader.PackageOf(fn); p != nil {
		return p.Pkg.Path()
	}
	return ""
}

// systemPackage reports whether every function of the package at path
// asks the operating system for something: a system call, a process, a
// signal, the poller of files and sockets. golang.org/x/sys/cpu is not
// one: it reads the processor's features.
func systemPackage(path string) bool {
	switch path {
	case "syscall", "os/exec", "os/signal", "internal/poll":
		return true
	}
	if strings.HasPrefix(path, "internal/syscall/") {
		return true
	}
	if sys, ok := strings.CutPrefix(path, "golang.org/x/sys/"); ok {
		return sys != "cpu" && !strings.HasPrefix(sys, "cpu/")
	}
	return false
}

// system reports whether fn is a system function (see the comment at the
// top of this file).
func system(fn *ssa.Function) bool {
	path := pkgPath(fn)
	switch {
	case systemPackage(path):
		return true
	case path == "os" || path == "net":
		return len(fn.Blocks) == 0 || fileMethod(fn)
	case path == "time":
		return fn.Name() == "Sleep" && fn.Signature.Recv() == nil
	}
	return false
}

// fileMethod reports whether fn is a method of os.File.
func fileMethod(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}

// does says what a call of fn does, which reaches the system function
// via (fn itself when it is one). A function of net touches the network;
// one that reaches a file operation (fsCall) or is a method of os.File
// touches the file system; time.Sleep waits on the clock; anything else
// is a system call.
func does(fn, via *ssa.Function) string {
	switch {
	case pkgPath(fn) == "net" || netCall(via):
		return "the network"
	case pkgPath(via) == "time":
		return "the clock"
	case fileMethod(via) || fsCall(via):
		return "the file system"
	}
	return "a system call"
}

// fsNames are fragments of the names of the system calls that work on
// files and directories (Openat, Fstatat, Mkdirat, Unlinkat, ReadDirent,
// …). They only choose the words of a reason: a call that matches none is
// "a system call".
var fsNames = []string{
	"open", "stat", "dir", "link", "rename", "chmod", "chown", "chdir", "getwd", "getcwd",
	"truncate", "utime", "access", "mkfifo", "mknod", "flock", "read", "write", "seek", "sync", "close",
}

// fsCall reports whether the system function fn works on files: its name
// says so, or it is a method of internal/poll's FD, which holds a file or
// a socket (a function of net that reaches one is the network: does).
func fsCall(fn *ssa.Function) bool {
	if pkgPath(fn) == "internal/poll" && fn.Signature.Recv() != nil {
		return true
	}
	return nameHas(fn, fsNames)
}

// nameHas reports whether fn's name holds one of the lower-case
// fragments.
func nameHas(fn *ssa.Function, fragments []string) bool {
	name := strings.ToLower(fn.Name())
	for _, f := range fragments {
		if strings.Contains(name, f) {
			return true
		}
	}
	return false
}

// netNames are fragments of the names of the system calls of sockets.
var netNames = []string{"socket", "connect", "bind", "listen", "accept", "sendto", "sendmsg", "recvfrom", "recvmsg", "sockopt", "sockname", "peername"}

// netCall reports whether the system function fn works on sockets.
func netCall(fn *ssa.Function) bool { return nameHas(fn, netNames) }

// reached is the first system function fn's static call graph reaches,
// or nil.
func (r *Refusals) reached(fn *ssa.Function) *ssa.Function {
	r.mu.Lock()
	defer r.mu.Unlock()
	if via, ok := r.reach[fn]; ok {
		return via
	}
	r.reaching = map[*ssa.Function]*reachWalk{}
	r.walk(fn)
	r.reaching, r.stack = nil, nil
	return r.reach[fn]
}

// walk is Tarjan's algorithm from fn: when it returns, fn's component is
// done unless fn is on the stack of a component still open. The caller
// holds r.mu.
func (r *Refusals) walk(fn *ssa.Function) *reachWalk {
	w := &reachWalk{index: r.next, low: r.next, onStack: true}
	r.next++
	r.reaching[fn] = w
	r.stack = append(r.stack, fn)
	for _, callee := range staticCallees(fn) {
		var via *ssa.Function
		switch {
		case r.modelled(callee) || followedNot(callee):
			continue
		case system(callee):
			via = callee
		default:
			if done, ok := r.reach[callee]; ok {
				via = done
				break
			}
			cw, ok := r.reaching[callee]
			if !ok {
				cw = r.walk(callee)
				w.low = min(w.low, cw.low)
			} else if cw.onStack {
				w.low = min(w.low, cw.index)
			}
			via = cw.via
		}
		if w.via == nil {
			w.via = via
		}
	}
	if w.low != w.index {
		return w
	}
	// fn is the root of a component: every function of it reaches what
	// any of them reaches.
	var via *ssa.Function
	i := len(r.stack) - 1
	for ; r.stack[i] != fn; i-- {
	}
	for _, f := range r.stack[i:] {
		if v := r.reaching[f].via; v != nil && via == nil {
			via = v
		}
	}
	for _, f := range r.stack[i:] {
		r.reaching[f].onStack = false
		r.reaching[f].via = via
		r.reach[f] = via
	}
	r.stack = r.stack[:i]
	return w
}

// followedNot reports whether the walk does not look into fn: a function
// of the runtime, which makes its own system calls (memory, scheduling),
// none a test can see.
func followedNot(fn *ssa.Function) bool {
	path := pkgPath(fn)
	return path == "runtime" || strings.HasPrefix(path, "runtime/") || strings.HasPrefix(path, "internal/runtime/")
}

// staticCallees are the functions fn's body calls statically or takes as
// values, in the order of its instructions.
func staticCallees(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				if op == nil {
					continue
				}
				if f, ok := (*op).(*ssa.Function); ok && !seen[f] {
					seen[f] = true
					out = append(out, f)
				}
			}
		}
	}
	return out
}
