# A bearer token for this run only: in neither the plan nor the state, and
# revoked by the service when the run ends.
ephemeral "netfab_access_token" "inventory" {}

# A script that calls the API itself gets the token, not the secret key.
# curl trusts the service's certificate through its usual trust store
# (CURL_CA_BUNDLE for a private CA, such as the sandbox's).
resource "terraform_data" "inventory" {
  provisioner "local-exec" {
    command = "curl --fail --silent --show-error -H \"Authorization: Bearer $NETFAB_TOKEN\" \"$NETFAB_API/v3/locations\" > locations.json"
    environment = {
      NETFAB_TOKEN = ephemeral.netfab_access_token.inventory.access_token
      NETFAB_API   = ephemeral.netfab_access_token.inventory.endpoint
    }
  }
}
