# By all (every member) or a member-id; the id attribute is this import ID.
terraform import fwmgr_os_password_policy.example <id>
