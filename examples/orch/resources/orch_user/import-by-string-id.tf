import {
  to = orch_user.operator
  id = "user:<name>"
}

# The password is not read back: the first apply after the import sets the
# configured one.
