module github.com/gosymtest/gosymtest

go 1.26.8

require (
	github.com/rs/zerolog v1.35.1
	golang.org/x/tools v0.52.0
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
