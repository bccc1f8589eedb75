# By the package (name or UID) and the nat-rule's UID, as upstream's import ID;
# or by the package and the nat-rule's name or rule number.
terraform import fwmgr_management_nat_rule.example "<package>;<id>"
