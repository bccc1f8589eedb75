package httpclient

import (
	"context"
	"errors"

	"golang.org/x/sync/singleflight"
)

// SharedLogin makes the callers of a client that need a login (a session
// token, a session ID) at the same time wait for one login instead of each
// making its own: Terraform starts up to 10 operations at once, and a
// service may count failed logins against the account. The zero value is
// ready to use; it keeps nothing between logins, so a failed login is the
// error of the callers that waited for it and the next call tries again.
type SharedLogin struct {
	group singleflight.Group
}

// errAbandoned ends a login whose caller gave up.
var errAbandoned = errors.New("login abandoned by its caller")

// Do returns the result of login, run by this caller or by another caller
// whose login was under way. login runs with the context of the caller that
// runs it; it should first check whether a login that ended meanwhile left a
// credential that will do. When that caller gives up, the callers that were
// waiting run login again with theirs. Do returns when ctx ends.
func (s *SharedLogin) Do(ctx context.Context, login func(ctx context.Context) (string, error)) (string, error) {
	for {
		ch := s.group.DoChan("", func() (any, error) {
			v, err := login(ctx)
			if err != nil && ctx.Err() != nil {
				return "", errAbandoned
			}
			return v, err
		})
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case r := <-ch:
			switch {
			case errors.Is(r.Err, errAbandoned) && ctx.Err() == nil:
				continue // another caller's login, ended early; this caller logs in
			case errors.Is(r.Err, errAbandoned):
				return "", ctx.Err()
			case r.Err != nil:
				return "", r.Err
			}
			v, _ := r.Val.(string) // login returns strings
			return v, nil
		}
	}
}
