# Serial number of the device.
data "fwmgr_os_show_serial_number" "example" {}

output "serial_number" {
  value = data.fwmgr_os_show_serial_number.example.serial_number
}
