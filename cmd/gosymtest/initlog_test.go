package main

import (
	"bytes"
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/rs/zerolog"
	"golang.org/x/tools/go/ssa"
)

// lockedBuffer is a bytes.Buffer for loggers on several goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// TestInitLogLogsEachFailureOnce: workers that flush the init log at once,
// after each new failure, log every failure exactly once.
func TestInitLogLogsEachFailureOnce(t *testing.T) {
	inits := machine.NewInits(machine.InitBudget{})
	prog := ssa.NewProgram(token.NewFileSet(), 0)
	var out lockedBuffer
	log := zerolog.New(&out)
	var l initLog
	for i := range 5 {
		pkg := prog.CreatePackage(types.NewPackage(fmt.Sprintf("example.com/p%d", i), "p"), nil, nil, false)
		inits.Fail(pkg, machine.InitFault{Reason: "unsupported"})
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l.flush(log, inits)
			}()
		}
		wg.Wait()
	}
	for i := range 5 {
		if n := strings.Count(out.buf.String(), fmt.Sprintf(`"package":"example.com/p%d"`, i)); n != 1 {
			t.Errorf("p%d's failure logged %d times, want once:\n%s", i, n, out.buf.String())
		}
	}
}
