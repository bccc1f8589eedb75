terraform import orch_offer.mysql admin/development.mysql
