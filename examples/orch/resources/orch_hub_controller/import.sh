# A registered controller is imported by its name in the hub. The hub never
# answers the credentials it connects with: terraform plan
# -generate-config-out writes `username = null # sensitive` and
# `password = null # sensitive`; replace those lines with the credentials,
# e.g.
#   username = "admin"
#   password = var.controller_password
# The first apply after the import then records the password in state (an
# in-place change that calls nothing); force is not imported.
terraform import orch_hub_controller.east east
