package solver

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"context"
	"fmt"
	"sync"
	"time"
	"unsafe"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// checksPerSolver is how many checks one Z3 solver object answers before it
// is replaced by a fresh one. Z3's incremental core keeps state across
// push and pop: measured on 10,000 random queries, one solver object for
// all of them grew Z3's memory from 26 to 46 MB and took 2.7 ms a query;
// a fresh object every 500 checks stayed at 25-27 MB and took 0.9 ms, and
// a fresh one for every check took 4.3 ms.
const checksPerSolver = 500

// Z3 is the solver backend over one Z3 context.
type Z3 struct {
	ctx    C.Z3_context
	solver C.Z3_solver
	opts   Options
	sorts  map[expr.Sort]C.Z3_sort // counted references, released by Close
	// asserted are the constraints in the solver, one scope each.
	asserted []expr.Expr
	// checks counts the checks made on the current Z3 solver object.
	checks int
	stats  Stats
	closed bool

	// interrupt guards Z3_interrupt so it is only called while a check
	// runs: a late interrupt must not cancel the next query.
	interrupt sync.Mutex
	checking  bool
}

var _ Solver = (*Z3)(nil)

// NewZ3 creates a Z3 backend. Close it when done.
func NewZ3(opts Options) (*Z3, error) {
	cfg := C.Z3_mk_config()
	if cfg == nil {
		return nil, fmt.Errorf("z3: cannot create a configuration")
	}
	setParam(cfg, "model", "true")
	ctx := C.Z3_mk_context_rc(cfg)
	C.Z3_del_config(cfg)
	if ctx == nil {
		return nil, fmt.Errorf("z3: cannot create a context")
	}
	// With no handler, errors are only recorded; every call is checked.
	C.Z3_set_error_handler(ctx, nil)
	z := &Z3{ctx: ctx, opts: opts, sorts: make(map[expr.Sort]C.Z3_sort)}
	if err := z.newSolver(); err != nil {
		C.Z3_del_context(ctx)
		return nil, err
	}
	return z, nil
}

func setParam(cfg C.Z3_config, key, value string) {
	k, v := C.CString(key), C.CString(value)
	defer C.free(unsafe.Pointer(k))
	defer C.free(unsafe.Pointer(v))
	C.Z3_set_param_value(cfg, k, v)
}

// newSolver replaces the Z3 solver object with an empty one.
func (z *Z3) newSolver() error {
	if z.solver != nil {
		C.Z3_solver_dec_ref(z.ctx, z.solver)
		z.solver = nil
	}
	s := C.Z3_mk_solver(z.ctx)
	if err := z.lastError(); err != nil {
		return err
	}
	C.Z3_solver_inc_ref(z.ctx, s)
	z.solver = s
	z.asserted = z.asserted[:0]
	z.checks = 0
	if z.opts.Timeout > 0 {
		p := C.Z3_mk_params(z.ctx)
		C.Z3_params_inc_ref(z.ctx, p)
		key := C.CString("timeout")
		C.Z3_params_set_uint(z.ctx, p, C.Z3_mk_string_symbol(z.ctx, key), C.uint(max(1, z.opts.Timeout.Milliseconds())))
		C.free(unsafe.Pointer(key))
		C.Z3_solver_set_params(z.ctx, s, p)
		C.Z3_params_dec_ref(z.ctx, p)
	}
	return z.lastError()
}

// lastError turns Z3's recorded error, if any, into a Go error.
func (z *Z3) lastError() error {
	code := C.Z3_get_error_code(z.ctx)
	if code == C.Z3_OK {
		return nil
	}
	return fmt.Errorf("z3: %s", C.GoString(C.Z3_get_error_msg(z.ctx, code)))
}

// Stats implements Solver.
func (z *Z3) Stats() Stats { return z.stats }

// Close releases the solver, the sorts and the context.
func (z *Z3) Close() error {
	if z.closed {
		return nil
	}
	z.closed = true
	if z.solver != nil {
		C.Z3_solver_dec_ref(z.ctx, z.solver)
	}
	for _, s := range z.sorts {
		C.Z3_dec_ref(z.ctx, C.Z3_sort_to_ast(z.ctx, s))
	}
	C.Z3_del_context(z.ctx)
	return nil
}

// Check implements Solver.
func (z *Z3) Check(ctx context.Context, q Query) (resp Response) {
	if z.closed {
		return Response{Reason: "solver is closed"}
	}
	if err := ctx.Err(); err != nil {
		return Response{Reason: "canceled: " + err.Error()}
	}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the binding must not take the run down; the solver
			// is reset because its scopes may be half-built.
			_ = z.newSolver()
			resp = Response{Reason: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	if z.checks >= checksPerSolver {
		if err := z.newSolver(); err != nil {
			return Response{Reason: err.Error()}
		}
	}
	z.checks++
	tr := newTranslator(z)
	defer tr.release()
	if err := z.assertQuery(tr, q.Constraints); err != nil {
		_ = z.newSolver()
		return Response{Reason: err.Error()}
	}
	start := time.Now()
	result := z.check(ctx)
	elapsed := time.Since(start)
	z.stats.Time += elapsed
	z.stats.Queries++
	switch result {
	case C.Z3_L_TRUE:
		z.stats.Sat++
		model, err := z.model(tr)
		if err != nil {
			z.stats.Unknown++
			return Response{Reason: err.Error()}
		}
		return Response{Result: Sat, Model: model}
	case C.Z3_L_FALSE:
		z.stats.Unsat++
		return Response{Result: Unsat}
	}
	z.stats.Unknown++
	reason := C.GoString(C.Z3_solver_get_reason_unknown(z.ctx, z.solver))
	if err := z.lastError(); err != nil {
		reason = err.Error()
	}
	switch {
	case ctx.Err() != nil:
		reason = "canceled: " + reason
	case z.opts.Timeout > 0 && elapsed >= z.opts.Timeout*9/10:
		// Z3 implements its timeout by cancelling itself, and says
		// "canceled"; our context was not cancelled, so it was the timeout.
		reason = "timeout after " + z.opts.Timeout.String() + " (" + reason + ")"
	}
	return Response{Reason: reason}
}

// assertQuery makes the solver hold exactly the query's constraints,
// reusing the longest prefix already asserted.
func (z *Z3) assertQuery(tr *translator, constraints []expr.Expr) error {
	keep := 0
	if !z.opts.NoIncremental {
		for keep < len(z.asserted) && keep < len(constraints) && z.asserted[keep] == constraints[keep] {
			keep++
		}
	}
	if pop := len(z.asserted) - keep; pop > 0 {
		C.Z3_solver_pop(z.ctx, z.solver, C.uint(pop))
		z.asserted = z.asserted[:keep]
	}
	for _, c := range constraints[keep:] {
		if !c.Sort().IsBool() {
			return fmt.Errorf("z3: constraint %v is not a Bool", c)
		}
		ast := tr.translate(c)
		C.Z3_solver_push(z.ctx, z.solver)
		C.Z3_solver_assert(z.ctx, z.solver, ast)
		if err := z.lastError(); err != nil {
			return err
		}
		z.asserted = append(z.asserted, c)
	}
	// Variables of the kept prefix need values in the model too.
	for _, c := range constraints[:keep] {
		tr.collectVars(c)
	}
	return nil
}

// check runs Z3, interrupting it if ctx is cancelled meanwhile.
func (z *Z3) check(ctx context.Context) C.Z3_lbool {
	done := make(chan struct{})
	watcher := make(chan struct{})
	z.interrupt.Lock()
	z.checking = true
	z.interrupt.Unlock()
	go func() {
		defer close(watcher)
		select {
		case <-ctx.Done():
			z.interrupt.Lock()
			if z.checking {
				C.Z3_interrupt(z.ctx)
			}
			z.interrupt.Unlock()
		case <-done:
		}
	}()
	result := C.Z3_solver_check(z.ctx, z.solver)
	z.interrupt.Lock()
	z.checking = false
	z.interrupt.Unlock()
	close(done)
	<-watcher
	return result
}

// EstimatedAllocBytes is Z3's own estimate of the memory it holds, in all
// contexts. Tests and benchmarks use it to see that queries do not leak.
func EstimatedAllocBytes() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }
