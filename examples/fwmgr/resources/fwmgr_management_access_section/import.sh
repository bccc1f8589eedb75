# By the layer (name or UID) and the access-section's UID, as upstream's import ID;
# or by the layer and the access-section's name.
terraform import fwmgr_management_access_section.example "<layer>;<id>"
