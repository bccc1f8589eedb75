terraform import netfab_nat_gateway.example <product_uid>
