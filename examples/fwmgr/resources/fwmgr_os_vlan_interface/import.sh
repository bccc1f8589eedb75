# By <member_id>:<key>: the member all (every member) or a member-id, and <parent>.<resource_id>, the VLAN interface's name (such as eth2.42);
# the id attribute is this import ID.
terraform import fwmgr_os_vlan_interface.example <id>
