# By the layer (name or UID) and the threat-rule's UID, as upstream's import ID;
# or by the layer and the threat-rule's name or rule number.
terraform import fwmgr_management_threat_rule.example "<layer>;<id>"
