# `terraform test` / `tofu test`: orders the port of this example from the
# service (the sandbox in the project's tests), checks what the order gives
# back, and cancels it.

run "port_is_ordered_at_its_location" {
  command = apply

  assert {
    condition     = netfab_port.example.location_id == data.netfab_location.sydney.id
    error_message = "the port is at the location looked up by name"
  }
  assert {
    condition     = netfab_port.example.port_speed == 10000
    error_message = "the port has the ordered speed"
  }
  assert {
    condition     = netfab_port.example.product_uid != ""
    error_message = "the service gives the port a product UID"
  }
}
