# The DNS resolvers, search suffix, forwarding domains and DNS proxy interfaces of a virtual system.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_dns" "example" {
  primary              = "10.20.0.53"
  secondary            = "10.20.0.54"
  tertiary             = ""
  suffix               = "edge.example.net"
  listening_interfaces = ["eth2"]
  forwarding_domains {
    suffix    = "lab.example.org"
    primary   = "172.18.1.53"
    secondary = "172.18.1.54"
  }
}
