# The service never answers vendor_config: the first apply after the import
# records the configured one in place (replacing the MVE only when its
# vendor, image or size differ from the MVE's).
terraform import netfab_mve.example <product_uid>
