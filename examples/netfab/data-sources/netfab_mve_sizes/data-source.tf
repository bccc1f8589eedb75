data "netfab_mve_sizes" "all" {}

output "mve_sizes" {
  value = { for s in data.netfab_mve_sizes.all.mve_sizes : s.size => "${s.cpu_core_count} cores, ${s.ram_gb} GB" }
}
