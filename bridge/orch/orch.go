// Package orch maps the orch Terraform provider to the Pulumi package orch.
// Tokens are computed: orch_application is orch:index/application:Application
// and the data source orch_application is
// orch:index/getApplication:getApplication. List blocks keep their Terraform
// names in Terraform (charm, expose, cloud, application) and get the seed's
// plural names in Pulumi (charms, exposes, clouds, applications).
package orch

import (
	"context"
	_ "embed" // schema.json and bridge-metadata.json
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	presource "github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
	tforch "github.com/iacsuite/providers/internal/provider/orch"
)

//go:embed schema.json
var schema []byte

//go:embed bridge-metadata.json
var metadata []byte

// Spec is the mapping of the orch provider.
var Spec = bridgeinfo.Spec{
	Name:        "orch",
	DisplayName: "orch",
	Description: "A Pulumi package for managing an orchestration controller: clouds, credentials, models, " +
		"machines, applications deployed from charms, integrations, offers and secrets; and, in hub mode, the " +
		"hub's groups, roles, access grants and registered controllers.",
	Keywords: []string{"orchestration", "charms", "category/infrastructure"},
	New:      tforch.New,
	ConfigEnv: map[string][]string{
		"ca_certificate":       {tforch.EnvCACert},
		"client_id":            {tforch.EnvClientID},
		"client_secret":        {tforch.EnvClientSecret},
		"controller_addresses": {tforch.EnvControllerAddresses},
		"password":             {tforch.EnvPassword},
		"skip_failed_deletion": {tforch.EnvSkipFailedDeletion},
		"username":             {tforch.EnvUsername},
	},
	Metadata:  metadata,
	Schema:    schema,
	Customize: customize,
	// An imported application has its unit count and the machines that
	// hold the units, two inputs the schema makes mutually exclusive: the
	// program `pulumi import` prints states the count.
	ImportInputs: map[string]func(presource.PropertyMap){
		"orch_application": func(in presource.PropertyMap) {
			if _, ok := in["units"]; ok {
				delete(in, "machines")
			}
		},
	},
}

// customize marks the inputs whose change always replaces the resource
// (willReplaceOnChanges), read from the Terraform schema's plan modifiers:
// the bridge does not read them from a framework provider. Inputs that
// replace only under a condition (a charm's base on iaas models, an existing
// storage directive, a model's cloud) are left unmarked; the provider's plan
// decides those, in Pulumi as in Terraform.
func customize(info *tfbridge.ProviderInfo) {
	ctx := context.Background()
	p := tforch.New(version.Version)()
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		ri := info.Resources[m.TypeName]
		if ri == nil {
			continue
		}
		if ri.Fields == nil {
			ri.Fields = map[string]*tfbridge.SchemaInfo{}
		}
		for name, a := range s.Schema.Attributes {
			switch {
			case (a.IsRequired() || a.IsOptional()) && alwaysReplaces(planModifierDescriptions(a)):
				ri.Fields[name] = &tfbridge.SchemaInfo{ForceNew: tfbridge.True()}
			case ri.Fields[name] != nil:
				// The shared schema facts mark every RequiresReplaceIf; here
				// a conditional one must not replace on every change.
				ri.Fields[name].ForceNew = nil
			}
		}
		for name, b := range s.Schema.Blocks {
			if lb, ok := b.(rschema.ListNestedBlock); ok {
				var descs []string
				for _, pm := range lb.PlanModifiers {
					descs = append(descs, pm.Description(ctx))
				}
				if alwaysReplaces(descs) {
					ri.Fields[name] = &tfbridge.SchemaInfo{ForceNew: tfbridge.True()}
				}
			}
		}
	}
	for tf, sets := range levelSets {
		ri := info.Resources[tf]
		for _, name := range sets {
			f := ri.Fields[name]
			if f == nil {
				f = &tfbridge.SchemaInfo{}
				ri.Fields[name] = f
			}
			f.Name = name
		}
	}
	// List blocks of at most one element would be flattened into a single
	// object; the seed has them as arrays under plural names.
	for tf, blocks := range map[string]map[string]string{
		"orch_application": {"charm": "charms", "expose": "exposes"},
		"orch_model":       {"cloud": "clouds"},
		"orch_credential":  {"cloud": "clouds"},
	} {
		ri := info.Resources[tf]
		for block, name := range blocks {
			f := ri.Fields[block]
			if f == nil {
				f = &tfbridge.SchemaInfo{}
				ri.Fields[block] = f
			}
			f.Name = name
			f.MaxItemsOne = tfbridge.False()
		}
	}
}

// levelSets are sets of users named for an access level (upstream's
// attributes): in Pulumi too they keep the level's name rather than the
// plural the bridge would make of a set (admins, consumes, reads).
var levelSets = map[string][]string{
	"orch_access_offer": {"admin", "consume", "read"},
}

// alwaysReplaces reports whether the plan modifiers hold an unconditional
// RequiresReplace (or RequiresReplaceIfConfigured).
func alwaysReplaces(descriptions []string) bool {
	for _, d := range descriptions {
		if strings.Contains(d, "destroy and recreate") {
			return true
		}
	}
	return false
}

// planModifierDescriptions lists the descriptions of an attribute's plan
// modifiers.
func planModifierDescriptions(a rschema.Attribute) []string {
	ctx := context.Background()
	var out []string
	add := func(d interface{ Description(context.Context) string }) { out = append(out, d.Description(ctx)) }
	switch a := a.(type) {
	case rschema.StringAttribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	case rschema.BoolAttribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	case rschema.Int64Attribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	case rschema.SetAttribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	case rschema.ListAttribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	case rschema.MapAttribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	case rschema.SingleNestedAttribute:
		for _, m := range a.PlanModifiers {
			add(m)
		}
	}
	return out
}

// Provider is the bridge's ProviderInfo of the orch package.
func Provider() tfbridge.ProviderInfo { return Spec.Info(version.Version) }

// Schema is the committed Pulumi package schema.
func Schema() []byte { return schema }
