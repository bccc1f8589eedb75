import {
  to = fwmgr_os_remote_syslog.example
  identity = {
    member_id = "all"
    server_ip = "10::130"
  }
}
