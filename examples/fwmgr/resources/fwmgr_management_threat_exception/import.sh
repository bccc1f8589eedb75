# By the layer (name or UID), the threat rule's UID and the exception's UID, as upstream's import ID
# (its last part may also be the exception's number or name).
terraform import fwmgr_management_threat_exception.example "<layer>;rule_uid;<rule_uid>;<id>"
