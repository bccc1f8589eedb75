# A manual NAT rule of a policy package: which connections (original source, destination, service) are translated to what (translated source, destination, service), and how.
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
