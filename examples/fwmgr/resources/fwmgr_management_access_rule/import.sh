# By the layer (name or UID) and the access-rule's UID, as upstream's import ID;
# or by the layer and the access-rule's name or rule number.
terraform import fwmgr_management_access_rule.example "<layer>;<id>"
