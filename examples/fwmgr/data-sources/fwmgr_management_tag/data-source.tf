# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_tag" "example" {
  name = "My Tag"
  tags = ["tag1", "tag2"]
}

data "fwmgr_management_tag" "example" {
  name = fwmgr_management_tag.example.name
}

output "tag_uid" {
  value = data.fwmgr_management_tag.example.id
}
