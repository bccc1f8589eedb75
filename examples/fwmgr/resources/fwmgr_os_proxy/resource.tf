# The HTTP proxy the OS reaches the internet through (updates, licensing, cloud services).
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_proxy" "example" {
  address = "10.1.2.80"
  port    = 8080
}
