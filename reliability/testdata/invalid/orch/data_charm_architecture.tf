# attribute: architecture
# expect: value must be one of
data "orch_charm" "bad" {
  charm        = "postgresql"
  architecture = "x86"
}
