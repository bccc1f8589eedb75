resource "orch_cloud" "lab" {
  name       = "lab"
  type       = "lxd"
  auth_types = ["certificate", "interactive"]
  endpoint   = "https://10.0.0.1:8443"

  regions = [
    { name = "rack-1" },
    { name = "rack-2", endpoint = "https://10.0.1.1:8443" },
  ]
}
