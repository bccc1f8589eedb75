# By <member_id>:<key>: the member all (every member) or a member-id, and <address>, the receiver's address as show-snmp-trap-receivers lists it (such as 4.4.4.5);
# the id attribute is this import ID.
terraform import fwmgr_os_snmp_trap_receiver.example <id>
