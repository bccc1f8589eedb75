# The clients that may connect to the OS's web, API and SSH interfaces: any host, or the hosts and networks listed.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_allowed_clients" "example" {
  allowed_any_host = false
  allowed_hosts    = ["192.168.100.20", "192.168.100.21"]
  allowed_networks {
    subnet      = "10.20.0.0"
    mask_length = 16
  }
}
