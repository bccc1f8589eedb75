terraform import netfab_lag_port.example <product_uid>
