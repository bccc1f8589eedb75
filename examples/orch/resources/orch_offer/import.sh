terraform import orch_offer.mysql admin/shop.mysql
