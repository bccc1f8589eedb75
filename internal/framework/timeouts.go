package framework

import (
	"context"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

// Waits describes, for a resource's timeouts (terraform-plugin-framework-
// timeouts), the operations that wait: what each one waits for, and the
// provider setting that applies when the resource's timeouts leave the
// operation out. Every provider documents its timeouts through it, so that
// they read the same everywhere.
type Waits struct {
	// Create, Update and Delete say what the operation waits for, such as
	// "the port to be provisioned"; "" when the operation does not wait.
	Create, Update, Delete string
	// Default names what applies to an operation the timeouts leave out,
	// such as "the provider's `wait_time` (10m unless set)";
	// CreateDefault, UpdateDefault and DeleteDefault, when set, instead for
	// that operation.
	Default                                     string
	CreateDefault, UpdateDefault, DeleteDefault string
}

// Attribute is the timeouts as a nested attribute, set as
// `timeouts = { create = "30m" }`.
func (w Waits) Attribute(ctx context.Context) schema.Attribute {
	a := timeouts.Attributes(ctx, w.opts())
	if n, ok := a.(schema.SingleNestedAttribute); ok {
		n.Description = w.description()
		return n
	}
	return a
}

// Block is the timeouts as a block, set as `timeouts { create = "30m" }`,
// for resources whose upstream configurations write it so.
func (w Waits) Block(ctx context.Context) schema.Block {
	b := timeouts.Block(ctx, w.opts())
	if n, ok := b.(schema.SingleNestedBlock); ok {
		n.Description = w.description()
		return n
	}
	return b
}

func (w Waits) description() string {
	return "How long the operations that wait may take, each a duration such as `30m` or `1h30m`; an operation " +
		"left out takes its default."
}

func (w Waits) opts() timeouts.Opts {
	op := func(name, what, def string) string {
		if def == "" {
			def = w.Default
		}
		return "How long the " + name + " waits for " + what + "; default " + def + "."
	}
	o := timeouts.Opts{Create: w.Create != "", Update: w.Update != "", Delete: w.Delete != ""}
	if o.Create {
		o.CreateDescription = op("create", w.Create, w.CreateDefault)
	}
	if o.Update {
		o.UpdateDescription = op("update", w.Update, w.UpdateDefault)
	}
	if o.Delete {
		o.DeleteDescription = op("delete", w.Delete, w.DeleteDefault)
	}
	return o
}

// ShortDuration spells d as a configuration would, without the zero units
// that time.Duration's String adds: 10m, 1h30m, 45s.
func ShortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
