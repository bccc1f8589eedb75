provider "orch" {
  controller_addresses = "localhost:17070"
  username             = "admin"
  # password comes from ORCH_PASSWORD, ca_certificate from ORCH_CA_CERT.
}
