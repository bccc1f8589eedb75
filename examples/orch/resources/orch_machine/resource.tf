resource "orch_model" "web_servers" {
  name = "web-servers"
}

resource "orch_machine" "web" {
  model_uuid        = orch_model.web_servers.uuid
  name              = "web"
  base              = "ubuntu@22.04"
  constraints       = "cores=2 mem=4G"
  annotations       = { role = "web" }
  wait_for_hostname = true

  timeouts {
    create = "45m"
  }
}
