terraform {
  required_providers {
    orch = {
      source = "iacsuite.example/iacsuite/orch"
    }
  }
}

# The controller address, user and password come from ORCH_CONTROLLER_ADDRESSES,
# ORCH_USERNAME and ORCH_PASSWORD; the sandbox's certificate from SSL_CERT_FILE
# (or ca_certificate / ORCH_CA_CERT).
provider "orch" {}
