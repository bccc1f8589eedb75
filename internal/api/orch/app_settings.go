package orch

import "fmt"

// ExternalHostnameKey is the application setting that names the host a
// cluster application is reached at from outside the cluster. Upstream's
// controller (before 4.0) has it as an implicit setting of every application
// on a cluster (caas) model, beside the charm's options, and needs it to
// expose one; a machine (iaas) application has no such setting.
const ExternalHostnameKey = "juju-external-hostname"

// CheckApplicationSetting tells whether key is an application setting that
// is not a charm option (so a config map may hold it although the charm has
// no option of that name) and, if so, whether an application on a model of
// type modelType ("" when not known yet) may have it.
func CheckApplicationSetting(key, modelName, modelType string) (bool, error) {
	if key != ExternalHostnameKey {
		return false, nil
	}
	if modelType != "" && modelType != ModelTypeCAAS {
		return true, fmt.Errorf("%q is a setting of applications on %s (cluster) models only; model %q is an %s model", key, ModelTypeCAAS, modelName, modelType)
	}
	return true, nil
}
