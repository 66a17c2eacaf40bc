// Package demo is a small example to run gosymtest on.
//
// Each function has a few branches whose conditions depend on the
// inputs, which is what symbolic execution explores: a triangle
// classifier, a tiny digit parser, a bank account with a method on a
// pointer receiver, and a generic Max used with int and string.
//
//	make demo
package demo
