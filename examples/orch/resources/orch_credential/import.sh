terraform import orch_credential.rack rack-admin:rack:false:true
