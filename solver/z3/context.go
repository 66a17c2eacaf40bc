package z3

// This file is the part of the binding that owns Z3 objects with a
// lifetime longer than one query: the context, its parameters and the
// solver object. Every function that can fail reads Z3's error code right
// after the call, because the next Z3 call resets it.

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/gosymtest/gosymtest/solver"
)

// The oldest Z3 the binding is written against (Debian's libz3-dev 4.8.12;
// the calls it uses are all present in 4.8).
const minZ3Major, minZ3Minor = 4, 8

// z3Context owns one Z3 context, created with reference counting, and the
// solver object that queries are asserted into. Its methods are thin,
// checked wrappers over the C calls; the policy lives in solver.go.
type z3Context struct {
	ctx    C.Z3_context
	params C.Z3_params // solver parameters; one reference, dropped by close
	solver C.Z3_solver // one reference, dropped by replaceSolver and close

	// divisions number the divisions by a constant whose quotient and
	// remainder this context has named (division.go).
	divisions map[division]int

	// cancelled: a check was forced with canceller, which leaves the
	// context cancelled for good; it must be replaced.
	cancelled bool
}

// newZ3Context makes a context and a solver whose checks stop after
// timeout (none if 0).
func newZ3Context(timeout time.Duration) (*z3Context, error) {
	if err := checkZ3Version(); err != nil {
		return nil, err
	}
	cfg := C.Z3_mk_config()
	if cfg == nil {
		return nil, fmt.Errorf("z3: cannot create a configuration")
	}
	ctx := C.Z3_mk_context_rc(cfg)
	C.Z3_del_config(cfg)
	if ctx == nil {
		return nil, fmt.Errorf("z3: cannot create a context")
	}
	// Z3's default error handler aborts the process. With none, an error
	// is only recorded, and err() reads it after each call that can fail.
	C.Z3_set_error_handler(ctx, nil)
	c := &z3Context{ctx: ctx, divisions: make(map[division]int)}
	if err := c.makeParams(timeout); err != nil {
		c.close()
		return nil, err
	}
	if err := c.replaceSolver(); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// Version is the full version of the Z3 library linked in, as Z3
// reports it ("4.8.12.0"): with a shared libz3 it changes with an
// upgrade of the library alone, which the persistent store's namespace
// must tell (package store).
func Version() string {
	return C.GoString(C.Z3_get_full_version())
}

func checkZ3Version() error {
	var major, minor, build, rev C.uint
	C.Z3_get_version(&major, &minor, &build, &rev)
	if major < minZ3Major || major == minZ3Major && minor < minZ3Minor {
		return fmt.Errorf("z3: version %d.%d.%d is older than the %d.%d this binding needs", major, minor, build, minZ3Major, minZ3Minor)
	}
	return nil
}

// makeParams builds the solver parameters: the timeout, and ctrl_c off so
// that Z3 does not install its own SIGINT handler during a check (it would
// take Ctrl-C away from the Go program, and two contexts checking at once
// would save and restore each other's handlers).
func (c *z3Context) makeParams(timeout time.Duration) error {
	p := C.Z3_mk_params(c.ctx)
	if p == nil {
		return c.errOr("cannot create parameters")
	}
	C.Z3_params_inc_ref(c.ctx, p)
	c.params = p
	if timeout > 0 {
		C.Z3_params_set_uint(c.ctx, p, c.symbol("timeout"), z3Millis(timeout))
	}
	C.Z3_params_set_bool(c.ctx, p, c.symbol("ctrl_c"), false)
	return c.err()
}

// z3Millis is a positive timeout as Z3 takes it: whole milliseconds, at
// least 1, in an unsigned int (at most 49 days).
func z3Millis(d time.Duration) C.uint {
	return C.uint(min(max(1, d.Milliseconds()), 1<<32-1))
}

// symbol makes a Z3 symbol; Z3 interns a copy of the name.
func (c *z3Context) symbol(name string) C.Z3_symbol {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.Z3_mk_string_symbol(c.ctx, cs)
}

// replaceSolver drops the solver object, with everything asserted in it,
// and makes a fresh one with the parameters.
func (c *z3Context) replaceSolver() error {
	if c.solver != nil {
		C.Z3_solver_dec_ref(c.ctx, c.solver)
		c.solver = nil
	}
	s := C.Z3_mk_solver(c.ctx)
	if s == nil {
		return c.errOr("cannot create a solver")
	}
	C.Z3_solver_inc_ref(c.ctx, s)
	c.solver = s
	C.Z3_solver_set_params(c.ctx, s, c.params)
	return c.err()
}

// aside runs f with a fresh solver object, with the parameters, as the
// current one, and then drops it and makes the previous object current
// again, untouched: what it asserted and learned stays. Everything that
// works on the current object (asserting, checking, reading the model,
// interrupting) works on the fresh one within f.
func (c *z3Context) aside(f func() error) error {
	kept := c.solver
	c.solver = nil
	defer func() {
		if c.solver != nil {
			C.Z3_solver_dec_ref(c.ctx, c.solver)
		}
		c.solver = kept
	}()
	if err := c.replaceSolver(); err != nil {
		return err
	}
	return f()
}

// setLimits bounds the solver object's next checks to rlimit of Z3's
// resource units (its "rlimit"; 0: none) and, when timeout is positive,
// to timeout instead of the context's. Z3 counts the units from where
// the check starts (Z3_solver_check pushes a limit relative to the
// context's running count), so the bound is per check, not cumulative.
// The parameters are merged into the solver's own, so an rlimit of 0
// removes it. Setting parameters costs more than a small check (see
// checkLimited), so callers do it only when a limit changes.
func (c *z3Context) setLimits(rlimit uint64, timeout time.Duration) error {
	p := C.Z3_mk_params(c.ctx)
	if p == nil {
		return c.errOr("cannot create parameters")
	}
	C.Z3_params_inc_ref(c.ctx, p)
	defer C.Z3_params_dec_ref(c.ctx, p)
	C.Z3_params_set_uint(c.ctx, p, c.symbol("rlimit"), C.uint(min(rlimit, 1<<32-1)))
	if timeout > 0 {
		C.Z3_params_set_uint(c.ctx, p, c.symbol("timeout"), z3Millis(timeout))
	}
	C.Z3_solver_set_params(c.ctx, c.solver, p)
	return c.err()
}

// reset removes every assertion and scope, keeping the solver object and
// its parameters.
func (c *z3Context) reset() error {
	C.Z3_solver_reset(c.ctx, c.solver)
	return c.err()
}

func (c *z3Context) push() error {
	C.Z3_solver_push(c.ctx, c.solver)
	return c.err()
}

// pop removes the n innermost scopes; Z3 reports an error when there are
// fewer.
func (c *z3Context) pop(n int) error {
	C.Z3_solver_pop(c.ctx, c.solver, C.uint(n))
	return c.err()
}

func (c *z3Context) assert(a C.Z3_ast) error {
	C.Z3_solver_assert(c.ctx, c.solver, a)
	return c.err()
}

// check decides the assertions. On Unknown it also gives Z3's reason.
func (c *z3Context) check() (solver.Result, string, error) {
	r := C.Z3_solver_check(c.ctx, c.solver)
	if err := c.err(); err != nil {
		return solver.Unknown, "", err
	}
	switch r {
	case C.Z3_L_TRUE:
		return solver.Sat, "", nil
	case C.Z3_L_FALSE:
		return solver.Unsat, "", nil
	}
	reason := C.GoString(C.Z3_solver_get_reason_unknown(c.ctx, c.solver))
	return solver.Unknown, reason, c.err()
}

// interrupter gives a function that asks the current solver object's
// running check to stop. It is the one thing that may be called from
// another goroutine while a check runs; see watch in interrupt.go.
//
// It uses Z3_solver_interrupt, not Z3_interrupt. Z3_solver_interrupt
// acts, under a lock of Z3's, only while a check of this solver has its
// handler installed, and the cancellation ends with that check; one that
// comes too early or too late does nothing. Z3_interrupt cancels the whole
// context, and in Z3 4.8.12 one that arrives while no check runs leaves
// the context cancelled for good: every later push fails with "push
// canceled" (TestStrayInterruptIsHarmless).
func (c *z3Context) interrupter() func() {
	ctx, s := c.ctx, c.solver
	return func() { C.Z3_solver_interrupt(ctx, s) }
}

// canceller gives a function that cancels the whole context: unlike
// interrupter's, it also stops an assert. Z3 rewrites each assertion as
// it takes it, and on a deep term of nested if-then-elses that can run
// for minutes (encoding/csv's readRecord once spent 14 minutes in one
// Z3_solver_assert, far past its budget). The context stays cancelled
// for good, so whoever calls it must replace the context afterwards.
func (c *z3Context) canceller() func() {
	ctx := c.ctx
	return func() { C.Z3_interrupt(ctx) }
}

// close deletes the context, which frees every object still in it.
func (c *z3Context) close() {
	if c.solver != nil {
		C.Z3_solver_dec_ref(c.ctx, c.solver)
		c.solver = nil
	}
	if c.params != nil {
		C.Z3_params_dec_ref(c.ctx, c.params)
		c.params = nil
	}
	C.Z3_del_context(c.ctx)
	c.ctx = nil
}

// err turns the error code of the last Z3 call into a Go error.
func (c *z3Context) err() error {
	code := C.Z3_get_error_code(c.ctx)
	if code == C.Z3_OK {
		return nil
	}
	return fmt.Errorf("z3: %s", C.GoString(C.Z3_get_error_msg(c.ctx, code)))
}

// errOr is err, or an error saying what failed when Z3 recorded nothing
// (a call returned NULL without an error code).
func (c *z3Context) errOr(what string) error {
	if err := c.err(); err != nil {
		return err
	}
	return fmt.Errorf("z3: %s", what)
}

// astString prints a Z3 term, for error messages.
func (c *z3Context) astString(a C.Z3_ast) string {
	return C.GoString(C.Z3_ast_to_string(c.ctx, a))
}

// EstimatedAllocBytes is Z3's own estimate of the memory it holds, over all
// contexts in the process. Tests and benchmarks use it to see that queries
// do not leak.
func EstimatedAllocBytes() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }
