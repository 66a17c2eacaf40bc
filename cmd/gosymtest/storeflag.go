package main

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/gosymtest/gosymtest/report"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/store"
	"github.com/rs/zerolog"
)

// storeOff is the -store value that keeps answers for the run only.
const storeOff = "off"

// storeSpec is the -store flag: off, a directory, or redis://host:port[/db].
// The empty value (the default) is the file store in the user cache
// directory.
type storeSpec struct{ spec *string }

func (v storeSpec) String() string {
	if v.spec == nil {
		return ""
	}
	return *v.spec
}

func (v storeSpec) Set(s string) error {
	switch {
	case s == "":
		return errors.New("empty (want off, a directory or redis://host:port)")
	case strings.HasPrefix(s, "redis://"):
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return errors.New("not a redis://host:port[/db] URL")
		}
	case strings.Contains(s, "://"):
		return errors.New("unknown scheme (want off, a directory or redis://host:port)")
	}
	*v.spec = s
	return nil
}

// openStore opens the store that -store names, or returns nil: with
// -store off, and when the store cannot be opened, which is a warning
// naming the flag (the run goes on without it). Its warnings (a corrupt
// file read as empty) are logged.
func openStore(ctx context.Context, cfg config, log zerolog.Logger) store.Store {
	spec := cfg.store
	if spec == storeOff {
		return nil
	}
	if spec == "" {
		dir, err := store.DefaultDir()
		if err != nil {
			log.Warn().Err(err).Msg("no user cache directory: running without a persistent store (set -store to a directory to keep one)")
			return nil
		}
		spec = dir
	}
	ns, err := store.Namespace(z3.Version())
	if err != nil {
		log.Warn().Err(err).Str("store", spec).Msg("-store: cannot name this build's answers; running without a persistent store")
		return nil
	}
	s, err := store.Open(ctx, spec, store.Options{
		Namespace: ns,
		Warn:      func(err error) { log.Warn().Err(err).Msg("-store") },
	})
	if err != nil {
		log.Warn().Err(err).Str("store", spec).Msg("-store: cannot open the store; running without it")
		return nil
	}
	log.Debug().Str("store", spec).Str("namespace", ns).Msg("store opened")
	return s
}

// storeJSON is the -stats file's store object for s (nil: -store off).
func storeJSON(s store.Store) report.StoreStats {
	if s == nil {
		return report.StoreStats{Kind: storeOff}
	}
	st := s.Stats()
	return report.StoreStats{
		Kind: st.Kind, Loads: st.Loads, Saves: st.Saves,
		EntriesLoaded: st.EntriesLoaded, EntriesSaved: st.EntriesSaved,
		LoadMs: st.LoadTime.Milliseconds(), SaveMs: st.SaveTime.Milliseconds(),
		Errors: st.Errors,
	}
}
