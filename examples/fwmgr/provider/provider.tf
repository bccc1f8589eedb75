terraform {
  required_providers {
    fwmgr = { source = "iacsuite.example/iacsuite/fwmgr" }
  }
}

# The password comes from FWMGR_PASSWORD; every setting has such a variable.
provider "fwmgr" {
  server            = "gw1.example.net"
  username          = "admin"
  context           = "os_api"
  session_name      = "terraform"
  session_timeout   = 600
  session_file_name = "fwmgr-session.json"
}
