# An access role: who a connection comes from, as identity awareness knows it (users, machines, the networks they connect from and the remote access clients they use), usable as a rule's source or destination.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_access_role" "example" {
  name = "New Access Role 1"
  tags = ["terraform"]

  machines {
    selection = ["any"]
    source    = "any"
  }

  users {
    selection = ["all identified"]
    source    = "all identified"
  }
}
