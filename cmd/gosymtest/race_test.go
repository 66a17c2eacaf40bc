//go:build race

package main

// raceEnabled: the tests run under the race detector, and so does the
// binary TestMain builds, so that the end-to-end runs check it too.
const raceEnabled = true
