terraform import netfab_service_key.multi_use <key>
