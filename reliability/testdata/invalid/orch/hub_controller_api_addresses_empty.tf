# attribute: api_addresses
# expect: at least 1
resource "orch_hub_controller" "bad" {
  uuid           = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  api_addresses  = []
  public_address = "ctl.example.com:17070"
  username       = "admin"
  password       = "controller-password"
}
