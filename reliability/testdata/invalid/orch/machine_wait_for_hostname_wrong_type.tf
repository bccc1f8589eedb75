# attribute: wait_for_hostname
# expect: a bool is required
resource "orch_machine" "bad" {
  model_uuid        = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name              = "web"
  base              = "ubuntu@22.04"
  wait_for_hostname = "yes please"
}
