package report

import (
	"encoding/json"
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"
)

// nativeCalls is how many random inputs each function with dead claims
// runs on natively, besides the boundary values.
const nativeCalls = 100_000

// TestDeadClaimsAreSound explores every fixture package, and runs each
// function with dead claims natively (a harness test added to its package
// with go test -overlay, so the repository is not written) on random and
// boundary inputs within the same bounds, under go test -coverprofile. No
// block claimed dead may run: a false claim is a release-blocking bug.
func TestDeadClaimsAreSound(t *testing.T) {
	if testing.Short() {
		t.Skip("explores all of testdata")
	}
	r, in := explore(t, exploration{budget: 2 * time.Second}, "./testdata/...")
	claims := 0
	for _, pr := range r.Packages {
		var funcs []Func
		var dead []Gap
		for i, fr := range pr.Functions {
			if fr.Dead == 0 {
				continue
			}
			funcs = append(funcs, findPackage(in, pr.Path).Funcs[i])
			for _, g := range fr.Uncovered {
				if g.Reason == "dead" {
					dead = append(dead, g)
				}
			}
		}
		if len(funcs) == 0 {
			continue
		}
		claims += len(dead)
		t.Run(pr.Path, func(t *testing.T) {
			profile := runHarness(t, in, findPackage(in, pr.Path), funcs, r.Bounds)
			ran := 0
			for _, n := range profile {
				ran += n
			}
			if ran < len(funcs) {
				t.Errorf("the harness ran only %d blocks for %d functions: it does not call them", ran, len(funcs))
			}
			for _, g := range dead {
				key := profileKeyOf(t, in, g)
				n, ok := profile[key]
				switch {
				case !ok:
					t.Errorf("claimed dead block %s-%s is not in go test's profile (key %q)", g.Pos, g.End, key)
				case n > 0:
					t.Errorf("FALSE DEAD CLAIM: block %s-%s ran natively", g.Pos, g.End)
				}
			}
		})
	}
	if claims < 5 {
		t.Errorf("only %d dead claims in testdata; the fixtures of testdata/report/deadcode make at least 5", claims)
	}
}

func findPackage(in Input, path string) Package {
	for _, p := range in.Packages {
		if p.Path == path {
			return p
		}
	}
	return Package{}
}

// profileKeyOf is the coverprofile key of a gap.
func profileKeyOf(t *testing.T, in Input, g Gap) string {
	i := strings.LastIndexByte(g.Pos, ':')
	j := strings.LastIndexByte(g.Pos[:i], ':')
	file, line, col := g.Pos[:j], g.Pos[j+1:i], g.Pos[i+1:]
	dir := filepath.ToSlash(filepath.Dir(file))
	return fmt.Sprintf("%s/%s/%s:%s.%s,%s %d", in.ModulePath, dir, filepath.Base(file), line, col, strings.Replace(g.End, ":", ".", 1), g.Statements)
}

// runHarness writes the harness for funcs, runs it under go test with
// coverage, and returns the profile (block key without count -> count).
func runHarness(t *testing.T, in Input, pkg Package, funcs []Func, b Bounds) map[string]int {
	t.Helper()
	tmp := t.TempDir()
	src := harnessSource(t, pkg, funcs, b)
	harness := filepath.Join(tmp, "harness_test.go")
	if err := os.WriteFile(harness, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(pkg.Dir, "zz_gosymtest_soundness_test.go"): harness}})
	overlayFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	profile := filepath.Join(tmp, "cover.out")
	cmd := exec.Command("go", "test", "-count=1", "-overlay="+overlayFile, "-run=^TestGosymtestSoundness$",
		"-covermode=set", "-coverprofile="+profile, pkg.Path)
	cmd.Dir = in.BaseDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("harness failed: %v\n%s\n--- harness:\n%s", err, out, src)
	}
	return profileBlocks(t, profile)
}

// harnessSource is a test that calls each function on boundary values and
// nativeCalls random inputs built by reflection within the bounds:
// strings of at most MaxLen bytes, slices and maps nil or of at most
// MaxElems elements, pointers nil or set up to MaxDepth, interfaces nil
// or one of the package's implementing types, funcs nil.
func harnessSource(t *testing.T, pkg Package, funcs []Func, b Bounds) string {
	var calls, impls []string
	seenIface := map[string]bool{}
	for _, f := range funcs {
		expr, ok := funcExpr(f.Fn)
		if !ok {
			t.Logf("cannot name %s in Go; its claims are not checked natively", f.Name)
			continue
		}
		calls = append(calls, fmt.Sprintf("\t\t{%q, %s},", f.Name, expr))
		for _, p := range f.Fn.Params {
			iface, ok := p.Type().Underlying().(*types.Interface)
			if !ok || iface.Empty() || seenIface[types.TypeString(p.Type(), nil)] {
				continue
			}
			seenIface[types.TypeString(p.Type(), nil)] = true
			qual := types.RelativeTo(f.Fn.Pkg.Pkg)
			var list []string
			scope := f.Fn.Pkg.Pkg.Scope()
			for _, name := range scope.Names() {
				tn, ok := scope.Lookup(name).(*types.TypeName)
				if !ok || types.IsInterface(tn.Type()) {
					continue
				}
				if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
					continue
				}
				for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
					if types.Implements(c, iface) {
						list = append(list, fmt.Sprintf("reflect.TypeFor[%s]()", types.TypeString(c, qual)))
						break
					}
				}
			}
			impls = append(impls, fmt.Sprintf("\t\treflect.TypeFor[%s](): {%s},", types.TypeString(p.Type(), qual), strings.Join(list, ", ")))
		}
	}
	sort.Strings(impls)
	return fmt.Sprintf(harnessTemplate, f0(pkg), b.MaxLen, b.MaxElems, b.MaxDepth, nativeCalls, strings.Join(impls, "\n"), strings.Join(calls, "\n"))
}

func f0(p Package) string { return filepath.Base(p.Dir) }

// funcExpr is a Go expression, inside the function's package, for fn.
func funcExpr(fn *ssa.Function) (string, bool) {
	if fn.Parent() != nil || fn.Synthetic != "" {
		return "", false
	}
	qual := types.RelativeTo(fn.Pkg.Pkg)
	name := fn.Name()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if len(fn.TypeArgs()) > 0 {
			return "", false
		}
		return fmt.Sprintf("(%s).%s", types.TypeString(recv.Type(), qual), name), true
	}
	if args := fn.TypeArgs(); len(args) > 0 {
		var s []string
		for _, a := range args {
			s = append(s, types.TypeString(a, qual))
		}
		return name + "[" + strings.Join(s, ", ") + "]", true
	}
	return name, true
}

// harnessTemplate: package, MaxLen, MaxElems, MaxDepth, calls per
// function, interface implementations, functions.
const harnessTemplate = `package %s

import (
	"math/rand"
	"reflect"
	"testing"
	"unsafe"
)

const (
	gstMaxLen   = %d
	gstMaxElems = %d
	gstMaxDepth = %d
	gstCalls    = %d
)

var gstImpls = map[reflect.Type][]reflect.Type{
%s
}

var gstFuncs = []struct {
	name string
	fn   any
}{
%s
}

func TestGosymtestSoundness(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, f := range gstFuncs {
		fv := reflect.ValueOf(f.fn)
		ft := fv.Type()
		// Boundary values: every integer argument at the same boundary.
		for k := 0; k < 7; k++ {
			args := make([]reflect.Value, ft.NumIn())
			for i := range args {
				args[i] = gstValue(r, ft.In(i), 0, k)
			}
			gstCall(fv, args)
		}
		for n := 0; n < gstCalls; n++ {
			args := make([]reflect.Value, ft.NumIn())
			for i := range args {
				args[i] = gstValue(r, ft.In(i), 0, -1)
			}
			gstCall(fv, args)
		}
	}
}

func gstCall(fv reflect.Value, args []reflect.Value) {
	defer func() { recover() }()
	fv.Call(args)
}

// gstInt is a random integer of the given size: a boundary value, a small
// one, a power of two nearby, or any, each often.
func gstInt(r *rand.Rand, bits int, signed bool, boundary int) uint64 {
	mask := uint64(1)<<uint(bits) - 1
	if bits == 64 {
		mask = ^uint64(0)
	}
	var min, max uint64 = 0, mask
	if signed {
		min, max = uint64(1)<<uint(bits-1), mask>>1
	}
	bounds := []uint64{0, 1, mask, min, max, min + 1, max - 1}
	if boundary >= 0 {
		return bounds[boundary] & mask
	}
	switch r.Intn(5) {
	case 0:
		return bounds[r.Intn(len(bounds))] & mask
	case 1:
		return uint64(r.Intn(41)-20) & mask
	case 2:
		return (uint64(1)<<uint(r.Intn(bits)) + uint64(r.Intn(3)) - 1) & mask
	default:
		return r.Uint64() & mask
	}
}

func gstValue(r *rand.Rand, t reflect.Type, depth, boundary int) reflect.Value {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(gstSignExtend(gstInt(r, t.Bits(), true, boundary), t.Bits())))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(gstInt(r, t.Bits(), false, boundary))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(r.NormFloat64() * 100)
	case reflect.String:
		n := r.Intn(gstMaxLen + 1)
		b := make([]byte, n)
		for i := range b {
			switch r.Intn(3) {
			case 0:
				b[i] = byte(r.Intn(256))
			default:
				const alphabet = "aAzZ09 ._-x#\x00\xff"
				b[i] = alphabet[r.Intn(len(alphabet))]
			}
		}
		v.SetString(string(b))
	case reflect.Slice:
		if r.Intn(6) == 0 {
			return v
		}
		n := r.Intn(gstMaxElems + 1)
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			s.Index(i).Set(gstValue(r, t.Elem(), depth, -1))
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < t.Len(); i++ {
			v.Index(i).Set(gstValue(r, t.Elem(), depth, boundary))
		}
	case reflect.Map:
		if r.Intn(6) == 0 {
			return v
		}
		m := reflect.MakeMap(t)
		for n := r.Intn(gstMaxElems + 1); n > 0; n-- {
			m.SetMapIndex(gstValue(r, t.Key(), depth, -1), gstValue(r, t.Elem(), depth, -1))
		}
		v.Set(m)
	case reflect.Pointer:
		if depth >= gstMaxDepth || r.Intn(5) == 0 {
			return v
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(gstValue(r, t.Elem(), depth+1, boundary))
		v.Set(p)
	case reflect.Struct:
		if depth > gstMaxDepth {
			return v
		}
		for i := 0; i < t.NumField(); i++ {
			f := v.Field(i)
			f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			f.Set(gstValue(r, t.Field(i).Type, depth+1, boundary))
		}
	case reflect.Interface:
		impls := gstImpls[t]
		if len(impls) == 0 {
			return v
		}
		k := r.Intn(len(impls) + 1)
		if k == 0 {
			return v
		}
		v.Set(gstValue(r, impls[k-1], depth, boundary))
	}
	return v
}

func gstSignExtend(u uint64, bits int) uint64 {
	shift := uint(64 - bits)
	return uint64(int64(u<<shift) >> shift)
}
`
