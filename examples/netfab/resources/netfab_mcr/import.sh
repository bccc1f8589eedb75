terraform import netfab_mcr.example <PRODUCT_UID>
