# The provider user's credentials of the cloud "rack". The generated
# configuration leaves the sensitive attributes out: add them before the plan.
list "orch_credential" "rack" {
  provider = orch

  config {
    cloud_name = "rack"
  }
}
