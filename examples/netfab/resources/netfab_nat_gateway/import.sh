terraform import netfab_nat_gateway.example <PRODUCT_UID>
