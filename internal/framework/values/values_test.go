package values

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/stretchr/testify/assert"
)

func TestOptional(t *testing.T) {
	assert.Nil(t, OptionalString(types.StringNull()))
	assert.Nil(t, OptionalString(types.StringUnknown()))
	assert.Equal(t, Ptr(""), OptionalString(types.StringValue("")), "an empty string is a value")
	assert.Equal(t, Ptr(int64(0)), OptionalInt64(types.Int64Value(0)))
	assert.Nil(t, OptionalInt64(types.Int64Null()))
	assert.Equal(t, Ptr(false), OptionalBool(types.BoolValue(false)))
	assert.Nil(t, OptionalBool(types.BoolUnknown()))
}

func TestNullForEmpty(t *testing.T) {
	assert.True(t, StringOrNull("").IsNull())
	assert.Equal(t, "x", StringOrNull("x").ValueString())
	assert.True(t, Int64OrNull(0).IsNull())
	assert.Equal(t, []int{}, NonNil[int](nil))
	assert.Equal(t, []int{1}, NonNil([]int{1}))
}

func TestStringMapUnset(t *testing.T) {
	ctx := context.Background()
	m := types.MapValueMust(types.StringType, map[string]attr.Value{
		"a": types.StringValue("1"), "b": types.StringNull(), "c": types.StringNull(),
	})
	set, unset, d := GoStringMapUnset(ctx, m)
	assert.False(t, d.HasError())
	assert.Equal(t, map[string]string{"a": "1"}, set)
	assert.Equal(t, []string{"b", "c"}, unset)
	back, d := StringMapUnset(ctx, set, unset)
	assert.False(t, d.HasError())
	assert.True(t, back.Equal(m))
	set, unset, _ = GoStringMapUnset(ctx, types.MapNull(types.StringType))
	assert.Nil(t, set)
	assert.Nil(t, unset)
}
