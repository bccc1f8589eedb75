# attribute: via
# expect: invalid cidr list
resource "orch_integration" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  via        = "10.0.0.0/24,10.1.0.0"

  application {
    name     = "wordpress"
    endpoint = "db"
  }

  application {
    name = "mysql"
  }
}
