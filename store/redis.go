package store

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the Redis store: one hash per scope, key
// gosymtest:<namespace>:<scope>, field per entry. It is safe for
// concurrent use.
type Redis struct {
	counter
	client  *redis.Client
	prefix  string
	timeout time.Duration
}

// OpenRedis connects to the server that url (redis://host:port[/db])
// names and checks that it answers within opts.Timeout.
func OpenRedis(ctx context.Context, url string, opts Options) (*Redis, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	o, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	o.DialTimeout, o.ReadTimeout, o.WriteTimeout = opts.Timeout, opts.Timeout, opts.Timeout
	// One run saves and loads from one goroutine at a time: a small pool
	// and no retries, so that a server gone away fails a call at once.
	o.PoolSize, o.MaxRetries = 2, -1
	o.DisableIdentity = true // CLIENT SETINFO is not in older servers
	client := redis.NewClient(o)
	pctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	if err := client.Ping(pctx).Err(); err != nil {
		client.Close()
		return nil, fmt.Errorf("cannot reach redis at %s: %w", o.Addr, err)
	}
	r := &Redis{client: client, prefix: "gosymtest:" + opts.Namespace + ":", timeout: opts.Timeout}
	r.st.Kind = "redis"
	return r, nil
}

// Key is the Redis key of scope's hash.
func (r *Redis) Key(scope string) string { return r.prefix + scope }

// Load reads scope's hash (HGETALL).
func (r *Redis) Load(ctx context.Context, scope string) (entries map[string][]byte, err error) {
	began := time.Now()
	defer func() { r.loaded(began, len(entries), err) }()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	fields, err := r.client.HGetAll(ctx, r.Key(scope)).Result()
	if err != nil {
		return nil, fmt.Errorf("redis HGETALL %s: %w", r.Key(scope), err)
	}
	entries = make(map[string][]byte, len(fields))
	for k, v := range fields {
		entries[k] = []byte(v)
	}
	return entries, nil
}

// Save adds entries to scope's hash (HSET, which keeps the fields it
// does not name: what another process saved stays).
func (r *Redis) Save(ctx context.Context, scope string, entries map[string][]byte) (err error) {
	began := time.Now()
	defer func() { r.saved(began, len(entries), err) }()
	if len(entries) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	fields := make([]any, 0, 2*len(entries))
	for k, v := range entries {
		fields = append(fields, k, v)
	}
	if err := r.client.HSet(ctx, r.Key(scope), fields...).Err(); err != nil {
		return fmt.Errorf("redis HSET %s: %w", r.Key(scope), err)
	}
	return nil
}

// Close closes the connections.
func (r *Redis) Close() error { return r.client.Close() }
