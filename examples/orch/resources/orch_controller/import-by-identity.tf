import {
  to = orch_controller.this
  identity = {
    orch_binary = "/usr/local/bin/orch"
    name        = "my-controller"
  }
}

# The provider block needs controller_mode = true. terraform plan
# -generate-config-out writes `cloud_credential = null # sensitive`: the
# credential is sensitive and never written into configuration. Replace that
# line with it, e.g.
#   cloud_credential = { name = "ops", auth_type = "certificate", attributes = { client-cert = var.lxd_client_cert, client-key = var.lxd_client_key } }
