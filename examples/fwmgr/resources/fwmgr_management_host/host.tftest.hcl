# `terraform test` / `tofu test`: creates the host of this example on the
# management server (the sandbox in the project's tests), checks what the
# server answers, and deletes it.

run "host_is_created_with_its_address" {
  command = apply

  assert {
    condition     = fwmgr_management_host.example.name == "New Host 1"
    error_message = "the host keeps the configured name"
  }
  assert {
    condition     = fwmgr_management_host.example.ipv4_address == "192.0.2.1"
    error_message = "the host has the configured address"
  }
}
