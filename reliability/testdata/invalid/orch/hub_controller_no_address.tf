# At least one of api_addresses and public_address.
# attribute: public_address
# expect: at least one of these attributes must be configured
resource "orch_hub_controller" "bad" {
  uuid     = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  username = "admin"
  password = "controller-password"
}
