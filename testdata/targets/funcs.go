package targets

// Exported is a plain exported function: a target.
func Exported(x int) int {
	if x > 0 {
		return x
	}
	return -x
}

// unexported is a plain unexported function: a target.
func unexported(x int) bool { return x%2 == 0 }

// WithClosure is a target; the closure inside it is not.
func WithClosure(xs []int) int {
	count := 0
	each := func(x int) {
		if unexported(x) {
			count++
		}
	}
	for _, x := range xs {
		each(x)
	}
	return count
}

// Both init functions and the package initializer are left out.
func init() { registry = append(registry, "first") }

func init() { registry = append(registry, "second") }

var registry []string

// A blank function cannot be called, so it is left out.
func _() {}
