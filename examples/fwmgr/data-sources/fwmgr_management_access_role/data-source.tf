# An object read by its name (or uid); here one this configuration creates.
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

data "fwmgr_management_access_role" "example" {
  name = fwmgr_management_access_role.example.name
}

output "access_role_uid" {
  value = data.fwmgr_management_access_role.example.id
}
