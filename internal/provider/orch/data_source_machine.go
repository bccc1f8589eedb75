package orch

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/wait"
)

// DefaultMachineAddressTimeout bounds the wait of wait_for_ip_addresses (a
// data source has no timeouts block).
const DefaultMachineAddressTimeout = 30 * time.Minute

// NewMachineDataSource is the orch_machine data source.
func NewMachineDataSource() datasource.DataSource {
	return &lookup[machineDataModel]{
		dataSourceBase: dataSourceBase{Name: "machine"},
		description: "A machine of a model, for example to place units on with `machines` of an application, " +
			"and its IP addresses (as upstream, optionally waiting for them with `wait_for_ip_addresses`).",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<machine_id>"),
			"model_uuid": dataModelUUIDAttribute(),
			"machine_id": schema.StringAttribute{Required: true, Description: "Controller-assigned machine ID, such as `0` or `0/lxd/1`."},
			"wait_for_ip_addresses": schema.ListAttribute{
				Optional:    true,
				ElementType: types.StringType,
				Description: "Conditions, each `public`, `private`, `any` or a CIDR (`10.0.10.0/24`), that the read " +
					"waits for (up to 30 minutes): one address of the machine per condition, each address used once, the " +
					"conditions taken in order (so narrow CIDRs first and `any` last). `ip_addresses` are then the " +
					"matching addresses, in the conditions' order.",
				Validators: []validator.List{listvalidator.ValueStringsAre(ipConditionValidator)},
			},
			"ip_addresses": schema.ListAttribute{
				Computed:    true,
				ElementType: types.StringType,
				Description: "With `wait_for_ip_addresses`, the addresses matching its conditions, in their order; " +
					"without it, every address of the machine (none while it is pending).",
			},
		},
		read: readMachine,
	}
}

type machineDataModel struct {
	ID                 types.String `tfsdk:"id"`
	ModelUUID          types.String `tfsdk:"model_uuid"`
	MachineID          types.String `tfsdk:"machine_id"`
	WaitForIPAddresses types.List   `tfsdk:"wait_for_ip_addresses"`
	IPAddresses        types.List   `tfsdk:"ip_addresses"`
}

func readMachine(ctx context.Context, pd *providerData, m *machineDataModel, diags *diag.Diagnostics) {
	var conditions []string
	if !m.WaitForIPAddresses.IsNull() {
		diags.Append(m.WaitForIPAddresses.ElementsAs(ctx, &conditions, false)...)
		if diags.HasError() {
			return
		}
	}
	var got api.Machine
	var addrs []string
	err := wait.Until(ctx, DefaultMachineAddressTimeout, wait.DefaultBackoff, func(ctx context.Context) (bool, error) {
		var err error
		if got, err = pd.client.Machine(ctx, m.ModelUUID.ValueString(), m.MachineID.ValueString()); err != nil {
			return false, err
		}
		if len(conditions) == 0 {
			addrs = got.IPAddresses
			return true, nil
		}
		addrs, err = matchIPAddresses(got.IPAddresses, conditions)
		if errors.Is(err, errNoMatchingAddress) {
			return false, nil // not yet: the machine may still be pending
		}
		return err == nil, err
	})
	if errors.Is(err, wait.ErrTimeout) {
		_, matchErr := matchIPAddresses(got.IPAddresses, conditions)
		err = fmt.Errorf("%w: %w", err, matchErr)
	}
	if err != nil {
		diags.AddError("Could not read machine "+m.MachineID.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(got.ModelUUID + ":" + got.ID)
	list, d := types.ListValueFrom(ctx, types.StringType, append([]string{}, addrs...))
	diags.Append(d...)
	m.IPAddresses = list
}

// errNoMatchingAddress: a condition of wait_for_ip_addresses has no address
// (yet).
var errNoMatchingAddress = errors.New("no matching IP address")

var ipConditionValidator = validate.StringFunc(`must be "public", "private", "any" or a CIDR`, func(s string) error {
	switch s {
	case "public", "private", "any":
		return nil
	}
	if _, err := netip.ParsePrefix(s); err != nil {
		return fmt.Errorf(`must be "public", "private", "any" or a CIDR such as 10.0.10.0/24`)
	}
	return nil
})

// matchIPAddresses picks one address per condition, in order, each address
// used once: the first unused address that matches.
func matchIPAddresses(ips, conditions []string) ([]string, error) {
	used := map[string]bool{}
	out := make([]string, 0, len(conditions))
	for _, cond := range conditions {
		found := ""
		for _, ip := range ips {
			addr, err := netip.ParseAddr(ip)
			if err != nil || used[ip] || !ipMatches(addr, cond) {
				continue
			}
			found = ip
			break
		}
		if found == "" {
			return nil, fmt.Errorf("%w: no address left for %q among the machine's %v", errNoMatchingAddress, cond, ips)
		}
		used[found] = true
		out = append(out, found)
	}
	return out, nil
}

func ipMatches(addr netip.Addr, condition string) bool {
	private := addr.IsPrivate() || addr.IsLoopback() || addr.IsLinkLocalUnicast()
	switch condition {
	case "any":
		return true
	case "public":
		return !private
	case "private":
		return private
	}
	p, err := netip.ParsePrefix(condition)
	return err == nil && p.Contains(addr)
}
