terraform import netfab_ix.example <PRODUCT_UID>
