# By the layer (name or UID) and the https-rule's UID, as upstream's import ID;
# or by the layer and the https-rule's name or rule number.
terraform import fwmgr_management_https_rule.example "<layer>;<id>"
