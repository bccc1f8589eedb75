resource "orch_model" "ops" {
  name = "ssh-key-example"
}

# A public key authorised on the machines of the model; usually
# payload = file("~/.ssh/id_ed25519.pub").
resource "orch_ssh_key" "operator" {
  model_uuid = orch_model.ops.uuid
  payload    = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJt9xTU2o6UwWVJqLtQYKovEmWCRinh5wjJJxLcmpdHE operator@example"
}
