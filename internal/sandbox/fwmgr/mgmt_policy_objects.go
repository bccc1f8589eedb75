package fwmgr

import "time"

// What the policy rows (api's management_types_policy.go) answer in
// another shape than the one they are given in. Everything else about
// them (packages, layers, users, user templates, access roles) is the
// generic object code's, from their rows.

// expirationDateLayout is how add-user and add-user-template take an
// expiration-date.
const expirationDateLayout = "2006-01-02"

// renderPolicyObject changes out, the answer of show-T for o, where the
// API answers a field in its own shape: a user's and a user template's
// expiration-date, given as yyyy-MM-dd, is answered as a time
// ({posix, iso-8601}, midnight UTC of that day), as show-user answers it.
func renderPolicyObject(o *mobj, out map[string]any) {
	switch o.Type {
	case "user", "user-template":
		if s, ok := out["expiration-date"].(string); ok {
			if t, err := time.Parse(expirationDateLayout, s); err == nil {
				out["expiration-date"] = stamp(t)
			}
		}
	}
}
