# A manual machine takes its base from the host.
# attribute: base
# expect: ssh_address
resource "orch_machine" "bad" {
  model_uuid       = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name             = "web"
  base             = "ubuntu@22.04"
  ssh_address      = "ubuntu@10.0.0.5"
  public_key_file  = "id.pub"
  private_key_file = "id"
}
