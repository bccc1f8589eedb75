# The password policy of the OS's local users: password strength, history, expiration and lockout, and whether every user must use two-factor authentication.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_password_policy" "example" {
  password_strength {
    minimum_length           = 8
    complexity               = 3
    palindrome_check_enabled = true
  }
  password_history {
    check_history_enabled   = true
    repeated_history_length = 10
  }
  lock_settings {
    password_expiration_days                     = "90"
    password_expiration_warning_days             = 14
    password_expiration_maximum_days_before_lock = "never"
    must_one_time_password_enabled               = true
    inactivity_settings {
      lock_unused_accounts_enabled = true
      inactivity_threshold_days    = 180
    }
    failed_attempts_settings {
      failed_lock_enabled           = true
      failed_attempts_allowed       = 5
      failed_lock_duration_seconds  = 900
      failed_lock_enforced_on_admin = false
    }
  }
}
