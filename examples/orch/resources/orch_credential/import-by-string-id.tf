import {
  to = orch_credential.lab
  id = "lab:lab:false:true"
}

# terraform plan -generate-config-out writes `attributes = null # sensitive`:
# the credential's attributes are sensitive and never written into
# configuration. Replace that line with them, e.g.
#   attributes = { client-cert = file("client.crt"), client-key = file("client.key") }
