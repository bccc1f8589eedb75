terraform import orch_credential.lab lab:lab:false:true
