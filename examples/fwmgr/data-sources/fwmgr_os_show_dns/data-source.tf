# DNS resolvers, search suffix, forwarding domains and the interfaces the DNS proxy listens on.
data "fwmgr_os_show_dns" "example" {}

output "dns" {
  value = data.fwmgr_os_show_dns.example.primary
}
