# A nat-rule read by its package and name (or uid, or rule_number); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_package" "example" {
  name = "Example_Nat_rule_Package"
}

resource "fwmgr_management_nat_rule" "example" {
  name              = "NAT Rule 1"
  package           = fwmgr_management_package.example.name
  method            = "static"
  original_source   = "InternalNet"
  translated_source = "DMZNet"

  position {
    top = "top"
  }
}

data "fwmgr_management_nat_rule" "example" {
  package = fwmgr_management_nat_rule.example.package
  name    = fwmgr_management_nat_rule.example.name
}

output "nat_rule_uid" {
  value = data.fwmgr_management_nat_rule.example.id
}
