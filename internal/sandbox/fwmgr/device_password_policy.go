package fwmgr

import (
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// set-password-policy: every input, at every level, is optional and left
// out keeps its value; every given one is checked before anything
// changes, and a refusal names the input by its path
// (lock-settings.failed-attempts-settings.failed-attempts-allowed).

// intBounds checks an optional whole number against its bounds.
func intBounds(field string, v *int64, lo, hi int64) error {
	if v != nil && (*v < lo || *v > hi) {
		return invalid(field, "must be between %d and %d, got %d", lo, hi, *v)
	}
	return nil
}

// daysOrNever checks an optional "never" or 1 to 1827 days.
func daysOrNever(field string, v *string) error {
	if v != nil && api.CheckDaysOrNever(*v) != nil {
		return invalid(field, "%s (a string), got %q", api.DaysOrNeverRule, *v)
	}
	return nil
}

func setPasswordPolicy(_ *call, r *api.SetPasswordPolicyRequest) (func(m *memberSettings) error, error) {
	var checks []error
	if s := r.PasswordStrength; s != nil {
		checks = append(checks,
			intBounds("password-strength.minimum-length", s.MinimumLength, 6, 128),
			intBounds("password-strength.complexity", s.Complexity, 1, 4))
	}
	if h := r.PasswordHistory; h != nil {
		checks = append(checks, intBounds("password-history.repeated-history-length", h.RepeatedHistoryLength, 1, 1000))
	}
	if l := r.LockSettings; l != nil {
		checks = append(checks,
			daysOrNever("lock-settings.password-expiration-days", l.PasswordExpirationDays),
			intBounds("lock-settings.password-expiration-warning-days", l.PasswordExpirationWarningDays, 1, 366),
			daysOrNever("lock-settings.password-expiration-maximum-days-before-lock", l.PasswordExpirationMaximumDaysBeforeLock))
		if i := l.InactivitySettings; i != nil {
			checks = append(checks, intBounds("lock-settings.inactivity-settings.inactivity-threshold-days", i.InactivityThresholdDays, 1, 1827))
		}
		if f := l.FailedAttemptsSettings; f != nil {
			checks = append(checks,
				intBounds("lock-settings.failed-attempts-settings.failed-attempts-allowed", f.FailedAttemptsAllowed, 2, 1000),
				intBounds("lock-settings.failed-attempts-settings.failed-lock-duration-seconds", f.FailedLockDurationSeconds, 60, 604800))
		}
	}
	for _, err := range checks {
		if err != nil {
			return nil, err
		}
	}
	return func(m *memberSettings) error {
		p := &m.PasswordPolicy
		setBool(&p.AllUsersRequireTwoFactorAuthentication, r.AllUsersRequireTwoFactorAuthentication)
		if s := r.PasswordStrength; s != nil {
			setInt(&p.PasswordStrength.MinimumLength, s.MinimumLength)
			setInt(&p.PasswordStrength.Complexity, s.Complexity)
			setBool(&p.PasswordStrength.PalindromeCheckEnabled, s.PalindromeCheckEnabled)
		}
		if h := r.PasswordHistory; h != nil {
			setBool(&p.PasswordHistory.CheckHistoryEnabled, h.CheckHistoryEnabled)
			setInt(&p.PasswordHistory.RepeatedHistoryLength, h.RepeatedHistoryLength)
		}
		if l := r.LockSettings; l != nil {
			ls := &p.LockSettings
			setString(&ls.PasswordExpirationDays, l.PasswordExpirationDays)
			setInt(&ls.PasswordExpirationWarningDays, l.PasswordExpirationWarningDays)
			setString(&ls.PasswordExpirationMaximumDaysBeforeLock, l.PasswordExpirationMaximumDaysBeforeLock)
			setBool(&ls.MustOneTimePasswordEnabled, l.MustOneTimePasswordEnabled)
			if i := l.InactivitySettings; i != nil {
				setBool(&ls.InactivitySettings.LockUnusedAccountsEnabled, i.LockUnusedAccountsEnabled)
				setInt(&ls.InactivitySettings.InactivityThresholdDays, i.InactivityThresholdDays)
			}
			if f := l.FailedAttemptsSettings; f != nil {
				fa := &ls.FailedAttemptsSettings
				setBool(&fa.FailedLockEnabled, f.FailedLockEnabled)
				setInt(&fa.FailedAttemptsAllowed, f.FailedAttemptsAllowed)
				setInt(&fa.FailedLockDurationSeconds, f.FailedLockDurationSeconds)
				setBool(&fa.FailedLockEnforcedOnAdmin, f.FailedLockEnforcedOnAdmin)
			}
		}
		return nil
	}, nil
}

func setBool(to *bool, v *bool) {
	if v != nil {
		*to = *v
	}
}

func setInt(to *int64, v *int64) {
	if v != nil {
		*to = *v
	}
}

func setString(to *string, v *string) {
	if v != nil {
		*to = *v
	}
}
