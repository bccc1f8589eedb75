# A section of a policy package's NAT rulebase: a titled group of the manual rules that follow it, up to the next section.
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
