// Package targets is a fixture for the loader's tests: it declares one
// of each kind of function the loader must list as a target, and one of
// each kind it must leave out.
package targets
