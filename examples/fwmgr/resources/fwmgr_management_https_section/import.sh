# By the layer (name or UID) and the https-section's UID, as upstream's import ID;
# or by the layer and the https-section's name.
terraform import fwmgr_management_https_section.example "<layer>;<id>"
