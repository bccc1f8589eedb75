terraform import netfab_ix.example <product_uid>
