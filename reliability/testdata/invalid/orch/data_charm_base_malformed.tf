# attribute: base
# expect: invalid base
data "orch_charm" "bad" {
  charm = "postgresql"
  base  = "22.04"
}
