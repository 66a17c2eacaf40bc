// Package redistest starts a redis-server of its own for a test: on
// loopback, on a free port, saving nothing, in a temporary directory, and
// stopped when the test ends. The tests of the Redis store and of
// gosymtest's -store flag use it.
package redistest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Start starts a redis-server and returns its URL (redis://127.0.0.1:N).
// Without the redis-server program the test fails under CI (CI=true,
// where .ci/run installs it) and is skipped elsewhere.
func Start(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis-server is not installed (scripts/ensure-redis.sh installs it): %v", err)
		}
		t.Skipf("redis-server is not installed (scripts/ensure-redis.sh installs it): %v", err)
	}
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	// The server says when it accepts connections; until then, or until
	// it exits, its log is what a failure shows.
	ready := make(chan error, 1)
	go func() {
		var log strings.Builder
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if strings.Contains(sc.Text(), "Ready to accept connections") {
				ready <- nil
				for sc.Scan() { // keep the pipe drained
				}
				return
			}
		}
		ready <- fmt.Errorf("redis-server exited before it was ready:\n%s", log.String())
	}()
	select {
	case err := <-ready:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("redis-server not ready after 30s")
	}
	return fmt.Sprintf("redis://127.0.0.1:%d", port)
}

// freePort is a loopback TCP port nothing listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
