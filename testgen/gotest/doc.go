// Package gotest runs go test on a test file that is not on disk yet, and
// reads back what happened to each test.
//
// testgen checks every file it writes this way before writing it: a case
// is kept only when go test ran it on the real code and saw it pass.
//
// # Contract
//
// Runner.Run takes the file's content, the test functions to run, go
// test's -count, and optionally a package whose coverage to measure. It
// returns a Verdict:
//
//   - Passed, Failed: the tests and subtests ("TestX/case") that passed
//     or failed, with each test's output lines in Outputs.
//   - Crashed: the tests that started and never ended because the test
//     binary died (a panic nothing recovered, a fatal error, a timeout),
//     with the line that says why.
//   - BuildFailed, BuildOutput: the test binary did not build;
//     CompileErrors gives the compiler's messages about the file, by line.
//   - PackageFailed, Output: go test failed outside every test.
//   - Profile: the coverprofile, mode set, of a run that passed.
//
// Only a failure to start go test, or the context's end, is an error. A
// test that fails is a verdict, not an error.
//
// # How
//
// The go command sees the file through -overlay: the path maps to a copy
// in a temporary directory. The package directory is never touched, and
// an earlier file at the path is hidden. The temporary directory is
// removed before Run returns.
//
// go test runs with -json, which names the test each line of output
// belongs to. A test with a start event and no end event was running when
// the binary died. Only the innermost such test is blamed. The reason is
// the first panic, fatal error or timeout line in its output, its
// parents' or the package's.
//
// With -count above 1 a test that failed in any run stays failed. Each
// new run of a test replaces its output, so the output of a failure is
// that of the run that failed first.
//
// -vet=off: the package's own code may not pass vet, which is not this
// check's business.
//
// # Cancelling
//
// On Unix go test runs in a process group of its own. Cancelling the
// context sends the group an interrupt, so that go test stops the test
// binary and removes its build directory. Whatever is left is killed.
// Elsewhere the go command is killed.
package gotest
