# By <member_id>:<key>: the member all (every member) or a member-id, and <server_ip>, the server's address or host name as show-remote-syslogs lists it (such as 10.1.2.62 or 10::130);
# the id attribute is this import ID.
terraform import fwmgr_os_remote_syslog.example <id>
