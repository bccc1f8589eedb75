package fwmgr

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

var _ resource.ResourceWithValidateConfig = (*mgmtResource)(nil)

// ValidateConfig checks the rules over several fields of the type
// (api.CheckConstraints: a host needs an address, a range's first address
// comes before its last, an application site has URLs or a signature, ...)
// at plan, with the server's words, so that a configuration the server
// would refuse fails before anything is sent. The single-field rules are
// the attributes' validators. A configuration with a value not known yet
// (another resource's attribute) is left to the server: an unknown value
// is neither present nor absent.
func (r *mgmtResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if !req.Config.Raw.IsFullyKnown() {
		return
	}
	config, err := objectAttrs(req.Config.Raw)
	if err != nil {
		return // the framework reports a malformed configuration itself
	}
	obj, err := mgmtRequest(r.typ.AllFields(), config, nil)
	if err != nil {
		return
	}
	var ce *api.ConstraintError
	if err := api.CheckConstraints(r.typ.Name, obj); errors.As(err, &ce) {
		attrs := make([]string, len(ce.Fields))
		for i, f := range ce.Fields {
			attrs[i] = strings.ReplaceAll(f, "-", "_")
		}
		root, _, _ := strings.Cut(attrs[0], ".")
		resp.Diagnostics.AddAttributeError(path.Root(root), "Invalid fwmgr_"+r.Name,
			fmt.Sprintf("%s: %s. The management server refuses such an object.", strings.Join(attrs, ", "), ce.Message()))
	}
}
