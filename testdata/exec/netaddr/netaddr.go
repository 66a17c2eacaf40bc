// Package netaddr holds fixtures that call packages net, os and time. The
// executor refuses a call for what it does, not for its package: the pure
// parsers of net are followed like any code, while opening a file or
// sleeping is refused.
package netaddr

import (
	"errors"
	"net"
	"os"
	"time"
)

// Family names the family of the IP address s: "invalid" when s is not
// one, "v4" for an IPv4 address, "v6" otherwise.
func Family(s string) string {
	ip := net.ParseIP(s)
	if ip == nil {
		return "invalid"
	}
	if ip.To4() != nil {
		return "v4"
	}
	return "v6"
}

// Port is the port of a "host:port" address, or an error when it has no
// port or no host.
func Port(hostport string) (string, error) {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return "", err
	}
	if host == "" {
		return "", errors.New("no host")
	}
	return port, nil
}

// errNoName is Size's error for an empty name.
var errNoName = errors.New("no name")

// Size opens the file name and reports its size: it reaches the file
// system when name is not empty.
func Size(name string) (int64, error) {
	if name == "" {
		return 0, errNoName
	}
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// Backoff waits for attempt seconds before a retry, and reports whether
// it waited: it sleeps when attempt is positive.
func Backoff(attempt int) bool {
	if attempt <= 0 {
		return false
	}
	time.Sleep(time.Duration(attempt) * time.Second)
	return true
}
