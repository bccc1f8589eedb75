package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// sample is the values of one measurement over several runs.
type sample []float64

func (s sample) sorted() []float64 { return slices.Sorted(slices.Values(s)) }

// median is the middle value (the mean of the two middle ones for an even
// count); 0 for no values.
func (s sample) median() float64 {
	v := s.sorted()
	switch n := len(v); {
	case n == 0:
		return 0
	case n%2 == 1:
		return v[n/2]
	default:
		return (v[n/2-1] + v[n/2]) / 2
	}
}

// spread is the smallest and largest value.
func (s sample) spread() (lo, hi float64) {
	if len(s) == 0 {
		return 0, 0
	}
	v := s.sorted()
	return v[0], v[len(v)-1]
}

func seconds(d time.Duration) float64 { return d.Seconds() }

// unit formats the values of a measurement.
type unit struct {
	name   string // "s", "ms", "MB", "reads/s", "ns/op", "calls"
	format func(float64) string
}

var (
	unitSeconds = unit{"s", func(v float64) string { return fmt.Sprintf("%.2fs", v) }}
	unitMillis  = unit{"ms", func(v float64) string { return fmt.Sprintf("%.0fms", v*1000) }}
	unitMillis1 = unit{"ms", func(v float64) string { return fmt.Sprintf("%.1fms", v*1000) }}
	unitMB      = unit{"MB", func(v float64) string { return fmt.Sprintf("%.1fMB", v) }}
	unitKB      = unit{"KB", func(v float64) string { return fmt.Sprintf("%.0fKB", v) }}
	unitRate    = unit{"/s", func(v float64) string { return fmt.Sprintf("%.0f/s", v) }}
	unitNanos   = unit{"ns/op", func(v float64) string { return fmt.Sprintf("%.0fns/op", v) }}
	unitCount   = unit{"", func(v float64) string { return fmt.Sprintf("%.0f", v) }}
	unitFloat   = unit{"", func(v float64) string { return fmt.Sprintf("%.2f", v) }}
)

// result is one line of the report: a measurement, the yardstick it is
// compared with (measured in the same run, or a fixed goal), their ratio and
// whether it meets the goal.
type result struct {
	id        string // P1, P2, ...
	name      string
	unit      unit
	measured  sample
	yardName  string
	yardstick sample  // empty when the goal is absolute
	goalRatio float64 // the ratio must be at most this (0: no ratio goal)
	goalValue float64 // with no yardstick: the median must be at most (or, with atLeast, at least) this
	atLeast   bool
	goal      string // the goal in words
	info      bool   // no goal: shown for context
	exact     bool   // every value must equal goalValue
	note      string
}

// ratio is measured median over yardstick median (0 without a yardstick).
func (r result) ratio() float64 {
	y := r.yardstick.median()
	if len(r.yardstick) == 0 || y == 0 {
		return 0
	}
	return r.measured.median() / y
}

// met reports whether the goal holds.
func (r result) met() bool {
	switch {
	case r.exact:
		for _, v := range r.measured {
			if v != r.goalValue {
				return false
			}
		}
		return len(r.measured) > 0
	case r.goalRatio > 0:
		return r.ratio() <= r.goalRatio
	case r.atLeast:
		return r.measured.median() >= r.goalValue
	default:
		return r.measured.median() <= r.goalValue
	}
}

func (r result) describe(s sample) string {
	lo, hi := s.spread()
	return fmt.Sprintf("%s [%s..%s n=%d]", r.unit.format(s.median()), r.unit.format(lo), r.unit.format(hi), len(s))
}

// String is the report line.
func (r result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-4s %-52s %s", r.id, r.name, r.describe(r.measured))
	if len(r.yardstick) > 0 {
		fmt.Fprintf(&b, "  vs %s %s  ratio %.2f", r.yardName, r.describe(r.yardstick), r.ratio())
	}
	if !r.info {
		verdict := "MET"
		if !r.met() {
			verdict = "NOT MET"
		}
		fmt.Fprintf(&b, "  goal %s: %s", r.goal, verdict)
	}
	if r.note != "" {
		fmt.Fprintf(&b, "  (%s)", r.note)
	}
	return b.String()
}

// markdownTable is the results as the table of docs/performance.md:
// measurement, median [min..max], its floor or yardstick from the same run,
// the ratio, the goal and whether it is met.
func markdownTable(rs []result) string {
	var b strings.Builder
	b.WriteString("| | measured (median [min..max]) | floor / yardstick (same run) | ratio | goal | met |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rs {
		yard, ratio := "", ""
		if len(r.yardstick) > 0 {
			yard = r.yardName + ": " + r.describeShort(r.yardstick)
			ratio = fmt.Sprintf("%.2f×", r.ratio())
		}
		goal, met := "", ""
		if !r.info {
			goal, met = r.goal, "yes"
			if !r.met() {
				met = "**no**"
			}
		}
		if r.note != "" {
			goal = strings.TrimSpace(goal + " (" + r.note + ")")
		}
		fmt.Fprintf(&b, "| %s %s | %s | %s | %s | %s | %s |\n", r.id, r.name, r.describeShort(r.measured), yard, ratio, goal, met)
	}
	return b.String()
}

func (r result) describeShort(s sample) string {
	lo, hi := s.spread()
	if len(s) <= 1 || lo == hi {
		return r.unit.format(s.median())
	}
	return fmt.Sprintf("%s [%s..%s]", r.unit.format(s.median()), r.unit.format(lo), r.unit.format(hi))
}
