package fwmgr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each rulebase row, with its position block, has exactly the attributes of
// upstream's checkpoint_management_<type> resource at v3.2.0 (nested ones
// included, of the same schema types), as TestManagementTypesHaveUpstreamsAttributes
// checks for the object rows.
func TestRulebaseTypesHaveUpstreamsAttributes(t *testing.T) {
	require.Len(t, upstreamRulebaseAttributes, len(RulebaseTypes))
	for _, rt := range RulebaseTypes {
		t.Run(rt.Name, func(t *testing.T) {
			want, ok := upstreamRulebaseAttributes[rt.Name]
			require.True(t, ok, "no upstream attributes for the row")
			assert.ElementsMatch(t, want, attributePaths("", append(rt.AllFields(), PositionField)))
		})
	}
}

var upstreamPosition = []string{
	"position TypeList1", "position.above TypeString", "position.below TypeString",
	"position.bottom TypeString", "position.top TypeString",
}

var upstreamRulebaseAttributes = map[string][]string{
	"access-rule": append([]string{
		"layer TypeString", "name TypeString", "action TypeString", "action_settings TypeList1",
		"action_settings.enable_identity_captive_portal TypeBool", "action_settings.limit TypeString",
		"content TypeSet", "content_direction TypeString", "content_negate TypeBool", "custom_fields TypeList1",
		"custom_fields.field_1 TypeString", "custom_fields.field_2 TypeString", "custom_fields.field_3 TypeString",
		"destination TypeSet", "destination_negate TypeBool", "enabled TypeBool", "inline_layer TypeString",
		"install_on TypeSet", "service TypeSet", "service_negate TypeBool", "source TypeSet", "source_negate TypeBool",
		"time TypeSet", "track TypeList1", "track.accounting TypeBool", "track.alert TypeString",
		"track.enable_firewall_session TypeBool", "track.per_connection TypeBool", "track.per_session TypeBool",
		"track.type TypeString", "user_check TypeList1", "user_check.confirm TypeString",
		"user_check.custom_frequency TypeList1", "user_check.custom_frequency.every TypeInt",
		"user_check.custom_frequency.unit TypeString", "user_check.frequency TypeString",
		"user_check.interaction TypeString", "vpn TypeString", "vpn_communities TypeSet", "vpn_directional TypeList",
		"vpn_directional.from TypeString", "vpn_directional.to TypeString", "ignore_warnings TypeBool",
		"ignore_errors TypeBool", "comments TypeString", "fields_with_uid_identifier TypeSet",
	}, upstreamPosition...),
	"access-section": append([]string{
		"name TypeString", "layer TypeString", "ignore_warnings TypeBool", "ignore_errors TypeBool",
	}, upstreamPosition...),
	"nat-rule": append([]string{
		"package TypeString", "name TypeString", "enabled TypeBool", "install_on TypeSet", "method TypeString",
		"original_destination TypeString", "original_service TypeString", "original_source TypeString",
		"translated_destination TypeString", "translated_service TypeString", "translated_source TypeString",
		"auto_generated TypeBool", "ignore_warnings TypeBool", "ignore_errors TypeBool", "comments TypeString",
	}, upstreamPosition...),
	"nat-section": append([]string{
		"name TypeString", "package TypeString", "ignore_warnings TypeBool", "ignore_errors TypeBool",
	}, upstreamPosition...),
	"threat-rule": append([]string{
		"layer TypeString", "name TypeString", "action TypeString", "destination TypeSet", "destination_negate TypeBool",
		"enabled TypeBool", "install_on TypeSet", "protected_scope TypeSet", "protected_scope_negate TypeBool",
		"service TypeSet", "service_negate TypeBool", "source TypeSet", "source_negate TypeBool", "track TypeString",
		"track_settings TypeList1", "track_settings.packet_capture TypeBool", "comments TypeString", "exceptions TypeSet",
		"ignore_warnings TypeBool", "ignore_errors TypeBool",
	}, upstreamPosition...),
	"threat-exception": append([]string{
		"layer TypeString", "name TypeString", "exception_group_uid TypeString", "exception_group_name TypeString",
		"rule_uid TypeString", "rule_name TypeString", "action TypeString", "destination TypeSet", "destination_negate TypeBool",
		"enabled TypeBool", "install_on TypeSet", "protected_scope TypeSet", "protected_scope_negate TypeBool",
		"protection_or_site TypeSet", "service TypeSet", "service_negate TypeBool", "source TypeSet", "source_negate TypeBool",
		"track TypeString", "comments TypeString", "owner TypeString", "ignore_warnings TypeBool", "ignore_errors TypeBool",
	}, upstreamPosition...),
	"https-rule": append([]string{
		"layer TypeString", "name TypeString", "destination TypeSet", "service TypeSet", "source TypeSet",
		"action TypeString", "blade TypeSet", "certificate TypeString", "destination_negate TypeBool", "enabled TypeBool",
		"install_on TypeSet", "service_negate TypeBool", "site_category TypeSet", "site_category_negate TypeBool",
		"source_negate TypeBool", "track TypeString", "comments TypeString", "ignore_warnings TypeBool", "ignore_errors TypeBool",
	}, upstreamPosition...),
	"https-section": append([]string{
		"name TypeString", "layer TypeString", "ignore_warnings TypeBool", "ignore_errors TypeBool",
	}, upstreamPosition...),
}

// The examples pass their fields' checks, and Change touches every field a
// user sets, as the object rows' do.
func TestRulebaseExamplesCheckAndChangeEveryField(t *testing.T) {
	for _, rt := range RulebaseTypes {
		t.Run(rt.Name, func(t *testing.T) {
			for _, body := range []map[string]any{rt.Example, rt.Change} {
				for k, v := range body {
					f, ok := fieldOf(rt.AllFields(), k)
					require.True(t, ok, "no field %s", k)
					assert.NoError(t, f.Check(v), k)
				}
			}
			for _, f := range rt.AllFields() {
				// A Parent row's rule selectors name the rule it belongs to:
				// changed, they replace the entry.
				if f.WriteOnly || f.ReadOnly || f.Name == rt.Container.Name || rt.IsParentSelector(f.Name) {
					continue
				}
				assert.Contains(t, rt.Change, f.Name, "Change leaves %s as it is", f.Name)
			}
		})
	}
}

func fieldOf(fields []Field, name string) (Field, bool) {
	for _, f := range fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}
