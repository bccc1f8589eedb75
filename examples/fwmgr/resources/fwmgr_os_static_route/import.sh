# By <member_id>:<key>: the member all (every member) or a member-id, and <address>/<mask_length>, the destination network as show-static-routes lists it (such as 1.2.3.0/24 or 2001:db8:7::/48);
# the id attribute is this import ID.
terraform import fwmgr_os_static_route.example <id>
