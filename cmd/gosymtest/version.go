package main

import "runtime/debug"

// version reports the module version the binary was built from (set by
// go install module@version, or from the VCS by go build), else "devel"
// followed by the VCS revision when the build recorded one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			return "devel " + s.Value
		}
	}
	return "devel"
}
