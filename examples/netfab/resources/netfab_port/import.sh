terraform import netfab_port.example <product_uid>
