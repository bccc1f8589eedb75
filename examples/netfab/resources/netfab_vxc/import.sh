terraform import netfab_vxc.office_to_router <product_uid>
