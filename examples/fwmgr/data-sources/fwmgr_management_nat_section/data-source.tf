# A nat-section read by its package and name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_package" "example" {
  name = "Example_Nat_section_Package"
}

resource "fwmgr_management_nat_section" "example" {
  name    = "NAT Section 1"
  package = fwmgr_management_package.example.name

  position {
    top = "top"
  }
}

data "fwmgr_management_nat_section" "example" {
  package = fwmgr_management_nat_section.example.package
  name    = fwmgr_management_nat_section.example.name
}

output "nat_section_uid" {
  value = data.fwmgr_management_nat_section.example.id
}
