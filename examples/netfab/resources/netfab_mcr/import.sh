terraform import netfab_mcr.example <product_uid>
