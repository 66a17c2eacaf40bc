package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestCIRecipesRunLocally runs scripts/ci-recipes.sh with the binary
// TestMain built: the commands of README.md's sharding recipes (a GitHub
// Actions matrix, a Kubernetes Indexed Job), run on testdata/demo as
// three jobs and three pods would, against a redis-server of the
// script's own, must merge into the test file, -report and -stats (less
// times) of one unsharded run. It fails when a recipe in README.md stops
// working or the merge stops giving the unsharded run's files.
func TestCIRecipesRunLocally(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skipf("the script needs bash: %v", err)
	}
	if _, err := exec.LookPath("redis-server"); err != nil {
		// As redistest does: .ci/run installs redis-server, so a CI run
		// without it would hide the recipes' shared store untested.
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis-server is not installed (scripts/ensure-redis.sh installs it): %v", err)
		}
		t.Skipf("redis-server is not installed (scripts/ensure-redis.sh installs it): %v", err)
	}
	script, err := filepath.Abs(filepath.Join(repoRoot, "scripts", "ci-recipes.sh"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, script, binary)
	// The script's scratch directory is the test's, so that it goes even
	// if the script is killed.
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(), "NO_COLOR=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("scripts/ci-recipes.sh: %v\n%s", err, out.String())
	}
	t.Logf("scripts/ci-recipes.sh took %s:\n%s", time.Since(start).Round(time.Second), out.String())
}
