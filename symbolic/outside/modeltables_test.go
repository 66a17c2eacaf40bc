package outside

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/models"
)

// The engine's table (symbolic's engineModels) looks in memoryModels
// before package models' table. The two name different functions, so
// that the order does not decide which model runs.
func TestModelTablesAreDisjoint(t *testing.T) {
	names := models.Names()
	if len(names) < 50 {
		t.Fatalf("package models has %d models; its table did not fill", len(names))
	}
	for _, name := range names {
		if _, ok := memoryModels[name]; ok {
			t.Errorf("%s has a model in both tables", name)
		}
	}
}
