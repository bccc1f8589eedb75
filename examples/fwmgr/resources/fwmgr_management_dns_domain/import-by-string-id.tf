import {
  to = fwmgr_management_dns_domain.example
  id = "<id>"
}
