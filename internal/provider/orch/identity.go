package orch

import (
	"regexp"

	"github.com/iacsuite/providers/internal/framework"
)

// The identity attributes several resources share (framework.WithIdentity;
// each resource's Identity is in its own file).

// modelUUIDIdentity is the model_uuid of a resource that lives in a model.
func modelUUIDIdentity(what string) framework.IdentityAttribute {
	return framework.IdentityAttribute{
		Name: "model_uuid", Description: "UUID of the model of the " + what + ".",
		Shape: "a model UUID (such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e)", Valid: uuidPattern.MatchString,
	}
}

// secretIDPattern is the shape of the secret IDs the controller gives.
var secretIDPattern = regexp.MustCompile(`^[a-z0-9]{20}$`)

// secretIDIdentity is the ID of a secret, which never changes (its name
// does, in place).
func secretIDIdentity() framework.IdentityAttribute {
	return framework.IdentityAttribute{
		Name: "secret_id", Description: "ID of the secret.",
		Shape: "a secret ID (20 lower-case letters and digits, such as d1a4kp7emr2s6f3u9c0b)", Valid: secretIDPattern.MatchString,
	}
}

// cloudNameIdentity is the name of a cloud of the controller.
func cloudNameIdentity(name, description string) framework.IdentityAttribute {
	return framework.IdentityAttribute{
		Name: name, Description: description,
		Shape: "a cloud name (letters, digits, periods, underscores and hyphens, starting with a letter or digit, such as my-maas)",
		Valid: cloudNamePattern.MatchString,
	}
}
