# By <member_id>:<virtual_system_id>, the member all (every member) or a member-id; the id attribute is this import ID.
terraform import fwmgr_os_dns.example <id>
