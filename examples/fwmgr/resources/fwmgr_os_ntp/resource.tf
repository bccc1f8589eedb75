# NTP: whether the clock follows time servers, which ones, and the preferred one.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_ntp" "example" {
  enabled   = true
  preferred = "10.20.0.123"
  servers {
    address = "10.20.0.123"
    type    = "server"
    version = 4
  }
  servers {
    address = "pool.ntp.example.org"
    type    = "pool"
  }
}
