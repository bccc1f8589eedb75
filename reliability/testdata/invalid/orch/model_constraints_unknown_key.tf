# mem, cores, ... are constraint keys; ram is not.
# attribute: constraints
# expect: invalid constraints
resource "orch_model" "bad" {
  name        = "development"
  constraints = "ram=4G"
}
