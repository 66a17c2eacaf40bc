package main

import (
	"errors"
	"os"
	"regexp"
)

func readFileString(name string) (string, error) {
	data, err := os.ReadFile(name)
	return string(data), err
}

func writeFileString(name, s string) error { return os.WriteFile(name, []byte(s), 0o644) }

func mustMatch(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }

var errTest = errors.New("exit status 1")
