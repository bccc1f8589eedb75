# By the package (name or UID) and the nat-section's UID, as upstream's import ID;
# or by the package and the nat-section's name.
terraform import fwmgr_management_nat_section.example "<package>;<id>"
