# The best (lowest-rank) AWS hosted-connection port in the red zone of a location.
data "netfab_partner" "aws" {
  connect_type   = "AWSHC"
  location_id    = data.netfab_location.sydney.id
  diversity_zone = "red"
}

data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

# Partner port UIDs can change when the vendor rotates ports. Once connections
# exist, pin the port by its product_uid to keep the configuration stable:
#   data "netfab_partner" "aws_pinned" {
#     product_uid = "<product_uid the lookup above found>"
#   }

output "aws_port" {
  value = {
    uid           = data.netfab_partner.aws.product_uid
    speed         = data.netfab_partner.aws.speed
    vxc_permitted = data.netfab_partner.aws.vxc_permitted
  }
}
