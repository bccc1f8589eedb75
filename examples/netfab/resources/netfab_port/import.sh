terraform import netfab_port.example <PRODUCT_UID>
