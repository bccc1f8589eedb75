# The subnets of a model placed in a space (those still in alpha are not listed).
list "orch_subnet" "all" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"

    # Optional filters:
    # cidr       = "10.150.1.0/24"
    # space_name = "public"
    # zone_name  = "localhost"
    # vlan_tag   = 100
  }
}
