# An OS API session for this run only: in neither the plan nor the state,
# kept alive while the run uses it and logged out when it ends.
ephemeral "fwmgr_session" "backup" {}

# A script that sends commands itself gets the session, not the password.
resource "terraform_data" "versions" {
  provisioner "local-exec" {
    command = "curl --fail --silent --show-error -X POST -H 'Content-Type: application/json' -H \"$SESSION_HEADER: $SID\" -d '{}' \"$URL/show-api-versions\" > api-versions.json"
    environment = {
      SID            = ephemeral.fwmgr_session.backup.sid
      SESSION_HEADER = ephemeral.fwmgr_session.backup.session_header
      URL            = ephemeral.fwmgr_session.backup.url
    }
  }
}
