output "web_model_uuid" {
  value = orch_model.web.uuid
}

output "machine_hostnames" {
  value = orch_machine.web[*].hostname
}

output "wordpress_units" {
  value = orch_application.wordpress.unit_numbers
}

output "offer_url" {
  value = orch_offer.mysql.url
}

output "secret_uri" {
  value = orch_secret.api_key.secret_uri
}

output "viewer" {
  value = "${orch_user.viewer.name} has ${orch_access_model.viewers.access} access to ${orch_model.web.name}"
}

output "viewer_ssh_key" {
  value = orch_ssh_key.viewer.id
}
