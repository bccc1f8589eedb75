# The ed25519 SSH keys authorised on the machines of a model.
list "orch_ssh_key" "ed25519" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
    type       = "ssh-ed25519"
  }
}
