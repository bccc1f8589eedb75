data "orch_charm" "postgresql" {
  charm    = "postgresql"
  channel  = "14/stable"
  revision = 553
  base     = "ubuntu@22.04"
}
