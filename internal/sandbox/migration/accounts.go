package migration

import (
	"crypto/subtle"
	"net/http"
	"slices"
	"strings"

	mig "github.com/iacsuite/providers/internal/api/migration"
)

// Accounts: besides Config.Token, which may use every project that no other
// account owns, each Account has a token of its own and the projects only
// it may use. A request for a project of another account is answered 404
// NOT_FOUND, the same for every path in that project whatever it holds, so
// that neither the project's import jobs nor its data files leak.

// The second seeded account and its project.
const (
	OtherToken   = "sandbox-migration-other-token"
	OtherProject = "other-project"
)

// Account is a bearer token and the projects that belong to it alone.
type Account struct {
	Token    string
	Projects []string
}

// DefaultAccounts are the accounts seeded besides Config.Token.
func DefaultAccounts() []Account {
	return []Account{{Token: OtherToken, Projects: []string{OtherProject}}}
}

func (s *service) accounts() []Account {
	if s.cfg.Accounts == nil {
		return DefaultAccounts()
	}
	return s.cfg.Accounts
}

// account returns the account of token: nil for Config.Token, and false
// when the token is none of them. Every token is compared, always.
func (s *service) account(token string) (*Account, bool) {
	match := func(want string) bool { return subtle.ConstantTimeCompare([]byte(token), []byte(want)) == 1 }
	var found *Account
	ok := match(s.cfg.Token)
	for i, a := range s.accounts() {
		if match(a.Token) && !ok {
			found, ok = &s.accounts()[i], true
		}
	}
	return found, ok && token != ""
}

// checkProject refuses a request for a project the account may not use.
func (s *service) checkProject(acct *Account, r *http.Request) error {
	rest, ok := strings.CutPrefix(r.URL.Path, "/"+mig.APIVersion+"/projects/")
	if !ok {
		return nil
	}
	project, _, _ := strings.Cut(rest, "/")
	if acct != nil && slices.Contains(acct.Projects, project) {
		return nil
	}
	if acct == nil && !slices.ContainsFunc(s.accounts(), func(a Account) bool { return slices.Contains(a.Projects, project) }) {
		return nil
	}
	return errorf(http.StatusNotFound, mig.StatusNotFound, "project %q was not found", project)
}
