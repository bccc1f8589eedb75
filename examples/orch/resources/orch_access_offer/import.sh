terraform import orch_access_offer.mysql <offer_url>
