# A storage directive holds at least one of pool, count, size.
# attribute: disks
# expect: invalid storage directive
resource "orch_machine" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "web"
  base       = "ubuntu@22.04"
  disks      = ",,"
}
