# A tag: a label objects list in their tags, to find and sort them.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_tag" "example" {
  name = "My Tag"
  tags = ["tag1", "tag2"]
}
