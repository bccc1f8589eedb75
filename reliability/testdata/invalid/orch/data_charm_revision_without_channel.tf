# channel is required when revision is set.
# attribute: channel
# expect: revision
data "orch_charm" "bad" {
  charm    = "postgresql"
  revision = 12
}
