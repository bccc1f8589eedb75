# Offer access is imported by the offer's URL (as orch_offer.<name>.url
# holds it) and the access level, such as ci@serviceaccount/db.mysql:consumer.
terraform import orch_hub_access_offer.mysql <offer_url>:<access>
