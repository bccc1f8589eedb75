import {
  to = fwmgr_management_threat_exception.example
  id = "<layer>;rule_uid;<rule_uid>;<id>"
}
