package framework

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// ResourceBase is embedded by a resource: it names the type and receives the
// provider data, so that a resource file holds only its schema and CRUD.
// T is the provider's data type; Name is the type name after the provider's
// prefix ("machine" for orch_machine).
//
//	func NewMachineResource() resource.Resource {
//		return &machineResource{ResourceBase: framework.ResourceBase[providerData]{Name: "machine"}}
//	}
//
// The methods then use r.PD, after RequireConfigured.
type ResourceBase[T any] struct {
	Name string
	PD   *T
}

// Metadata names the type <provider>_<Name>.
func (b *ResourceBase[T]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.Name
}

// Configure keeps the provider data (see ProviderData and Gate).
func (b *ResourceBase[T]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	b.PD = configured[T](b.Name, req.ProviderData, &resp.Diagnostics)
}

// DataSourceBase is ResourceBase for a data source.
type DataSourceBase[T any] struct {
	Name string
	PD   *T
}

// Metadata names the type <provider>_<Name>.
func (b *DataSourceBase[T]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.Name
}

// Configure keeps the provider data (see ProviderData and Gate).
func (b *DataSourceBase[T]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	b.PD = configured[T](b.Name, req.ProviderData, &resp.Diagnostics)
}

// EphemeralResourceBase is ResourceBase for an ephemeral resource.
type EphemeralResourceBase[T any] struct {
	Name string
	PD   *T
}

// Metadata names the type <provider>_<Name>.
func (b *EphemeralResourceBase[T]) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.Name
}

// Configure keeps the provider data (see ProviderData and Gate).
func (b *EphemeralResourceBase[T]) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	b.PD = configured[T](b.Name, req.ProviderData, &resp.Diagnostics)
}

// ActionBase is ResourceBase for an action (Terraform 1.14+): the provider
// hands it its data through ConfigureResponse.ActionData.
type ActionBase[T any] struct {
	Name string
	PD   *T
}

// Metadata names the type <provider>_<Name>.
func (b *ActionBase[T]) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.Name
}

// Configure keeps the provider data (see ProviderData and Gate).
func (b *ActionBase[T]) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	b.PD = configured[T](b.Name, req.ProviderData, &resp.Diagnostics)
}

// Gate is implemented by provider data that serves only some of the
// provider's types in some configurations (orch's controller_mode serves
// only its controllers). Admit reports whether the type named name (after
// the provider's prefix) may use the data, with an error diagnostic that
// says why not; a type refused gets no provider data.
type Gate interface {
	Admit(name string, diags *diag.Diagnostics) bool
}

func configured[T any](name string, data any, diags *diag.Diagnostics) *T {
	pd := ProviderData[T](data, diags)
	if g, ok := any(pd).(Gate); ok && pd != nil && !g.Admit(name, diags) {
		return nil
	}
	return pd
}
