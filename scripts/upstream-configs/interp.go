package main

// A small interpreter for the part of Go that acceptance tests use to build
// their Terraform configurations: string literals, fmt.Sprintf, text/template,
// local variables, calls of the package's own helper functions, ifs, loops
// and switches. It walks each TestAcc function of a test package, follows its
// skips (t.Skip under the environment the profile sets) and records the
// steps it hands to resource.Test / resource.ParallelTest. What it cannot
// evaluate (calls into the upstream's API clients, for one) becomes an opaque
// value; a step whose configuration depends on one is reported as not
// extractable, with the expression that stopped it.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"
)

// opaque is a value the interpreter could not compute.
type opaque struct{ why string }

func (o opaque) String() string { return "<" + o.why + ">" }

// funcVal is a function literal or a declared function used as a value.
type funcVal struct {
	lit *ast.FuncLit
	env *scope
}

// tuple is the result of a call with several results.
type tuple []any

type skipSignal struct{ reason string }

type returnSignal struct{ vals []any }

type breakSignal struct{}

type continueSignal struct{}

type scope struct {
	vars   map[string]any
	parent *scope
}

func newScope(parent *scope) *scope { return &scope{vars: map[string]any{}, parent: parent} }

func (s *scope) lookup(name string) (any, bool) {
	for c := s; c != nil; c = c.parent {
		if v, ok := c.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (s *scope) set(name string, v any) {
	for c := s; c != nil; c = c.parent {
		if _, ok := c.vars[name]; ok {
			c.vars[name] = v
			return
		}
	}
	s.vars[name] = v
}

// step is one resource.TestStep as far as the harness runs it.
type step struct {
	Config             string
	ConfigErr          string // why Config could not be built
	ImportState        bool
	ImportStateVerify  bool
	ImportStateID      string
	ImportIDFunc       bool
	importIDFn         *funcVal
	interp             *interp
	ImportIDAttr       string
	ImportVerifyIgnore []string
	ResourceName       string
	ExpectError        *regexp.Regexp
	PlanOnly           bool
	Query              bool // a query of list blocks (terraform query)
	Example            bool // an example: its provider settings are placeholders
	ExpectNonEmptyPlan bool
	PreConfig          bool
	SkipFunc           bool
	Destroy            bool
	// Vars: the step's ConfigVariables (terraform variables)
	Vars map[string]any
	// Resolve: placeholders of a completed example's query and the
	// attribute of the applied state ("<address>.<attribute>") that
	// replaces each
	Resolve map[string]string
}

// tfVar is a value of terraform-plugin-testing's config package.
type tfVar struct{ v any }

// testCase is one upstream acceptance test.
type testCase struct {
	Name  string
	File  string
	Skip  string // the skip reason when the test does not apply
	Err   string // why the test could not be extracted
	Steps []step
}

// importID runs a step's ImportStateIdFunc on the state (resources by
// address, each with Primary.ID and Primary.Attributes, flattened as the
// test framework's are).
func (s step) importID(state map[string]map[string]any) (id string, err error) {
	interpMu.Lock()
	defer interpMu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ImportStateIdFunc: %v", r)
		}
	}()
	res := map[string]any{}
	for addr, attrs := range state {
		flat := map[string]any{}
		for k, v := range attrs {
			flat[k] = fmt.Sprint(v)
		}
		res[addr] = map[string]any{"Primary": map[string]any{"ID": flat["id"], "Attributes": flat}}
	}
	root := map[string]any{"Resources": res}
	root["Modules"] = []any{root}
	v := s.interp.invoke(s.importIDFn.lit.Type, s.importIDFn.lit.Body, s.importIDFn.env, []any{root}, nil)
	if t, ok := v.(tuple); ok && len(t) > 0 {
		v = t[0]
	}
	id, ok := v.(string)
	if !ok || id == "" {
		return "", fmt.Errorf("ImportStateIdFunc gave %v", v)
	}
	return id, nil
}

// interpMu serialises the interpreter's use by parallel cases.
var interpMu sync.Mutex

// interp holds one parsed upstream test package.
type interp struct {
	fset    *token.FileSet
	funcs   map[string]*ast.FuncDecl
	methods map[string][]*ast.FuncDecl
	globals map[string]ast.Expr
	gvals   map[string]any
	// structs are the package's struct types, whose fields a composite
	// literal leaves out hold their zero value
	structs map[string]*ast.StructType
	prof    *profile
	rnd     *rand.Rand
	cases   []step
	depth   int
	// counter gives every random name of one test a distinct suffix.
	counter int
}

func newInterp(dir string, prof *profile) (*interp, []*ast.FuncDecl, map[*ast.FuncDecl]string, error) {
	in := &interp{
		fset:    token.NewFileSet(),
		funcs:   map[string]*ast.FuncDecl{},
		methods: map[string][]*ast.FuncDecl{},
		globals: map[string]ast.Expr{},
		structs: map[string]*ast.StructType{},
		gvals:   map[string]any{},
		prof:    prof,
		rnd:     rand.New(rand.NewSource(1)),
	}
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, nil, nil, err
	}
	if prof.testFiles != nil {
		files = slices.DeleteFunc(files, func(f string) bool { return !prof.testFiles(filepath.Base(f)) })
	}
	// helpers of the tests that live in non-test files (test_utils.go)
	utils, _ := filepath.Glob(filepath.Join(dir, "*test_util*.go"))
	files = append(files, utils...)
	sort.Strings(files)
	// the constants of the package's other files (the environment
	// variables' names the tests read: JujuUsernameEnvKey)
	all, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range all {
		if slices.Contains(files, f) {
			continue
		}
		af, err := parser.ParseFile(in.fset, f, nil, 0)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.CONST {
				for _, sp := range gd.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							if _, isLit := vs.Values[i].(*ast.BasicLit); isLit {
								in.globals[n.Name] = vs.Values[i]
							}
						}
					}
				}
			}
		}
	}
	var tests []*ast.FuncDecl
	fileOf := map[*ast.FuncDecl]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, nil, err
		}
		af, err := parser.ParseFile(in.fset, f, src, 0)
		if err != nil {
			return nil, nil, nil, err
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					in.methods[d.Name.Name] = append(in.methods[d.Name.Name], d)
					continue
				}
				in.funcs[d.Name.Name] = d
				if prof.isTest(d) {
					tests = append(tests, d)
					fileOf[d] = filepath.Base(f)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok {
						if st, ok := ts.Type.(*ast.StructType); ok {
							in.structs[ts.Name.Name] = st
						}
						continue
					}
					vs, ok := sp.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							in.globals[n.Name] = vs.Values[i]
						} else {
							in.globals[n.Name] = nil
						}
					}
				}
			}
		}
	}
	for k, v := range prof.globals {
		in.gvals[k] = v
	}
	return in, tests, fileOf, nil
}

// runTest interprets one test function and returns its case.
func (in *interp) runTest(fd *ast.FuncDecl, file string) (tc testCase) {
	tc = testCase{Name: fd.Name.Name, File: file}
	in.counter = 0
	in.cases = nil
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case skipSignal:
				tc.Skip = r.reason
			case returnSignal:
			default:
				tc.Err = fmt.Sprint(r)
			}
		}
		tc.Steps = in.cases
		if tc.Skip == "" && tc.Err == "" && len(tc.Steps) == 0 {
			tc.Err = "no resource.Test call reached"
		}
	}()
	env := newScope(nil)
	env.vars["t"] = testingT{name: fd.Name.Name}
	if fd.Recv != nil {
		env.vars["suite"] = testingT{name: fd.Name.Name}
	}
	in.execBlock(fd.Body, env)
	return tc
}

type testingT struct{ name string }

func (in *interp) execBlock(b *ast.BlockStmt, env *scope) {
	if b == nil {
		return
	}
	s := newScope(env)
	for _, st := range b.List {
		in.exec(st, s)
	}
}

func (in *interp) exec(st ast.Stmt, env *scope) {
	switch st := st.(type) {
	case *ast.ExprStmt:
		in.eval(st.X, env)
	case *ast.AssignStmt:
		in.assign(st, env)
	case *ast.DeclStmt:
		gd, ok := st.Decl.(*ast.GenDecl)
		if !ok {
			return
		}
		for _, sp := range gd.Specs {
			vs, ok := sp.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, n := range vs.Names {
				var v any
				if i < len(vs.Values) {
					v = in.eval(vs.Values[i], env)
				} else {
					v = zeroOf(vs.Type)
				}
				env.vars[n.Name] = v
			}
		}
	case *ast.IfStmt:
		s := newScope(env)
		if st.Init != nil {
			in.exec(st.Init, s)
		}
		c := in.eval(st.Cond, s)
		b, ok := c.(bool)
		if !ok {
			// An undecidable condition: the upstream's own state decides it;
			// take neither branch (most such ifs guard t.Fatal).
			return
		}
		if b {
			in.execBlock(st.Body, s)
		} else if st.Else != nil {
			in.exec(st.Else, s)
		}
	case *ast.BlockStmt:
		in.execBlock(st, env)
	case *ast.ReturnStmt:
		var vals []any
		for _, r := range st.Results {
			v := in.eval(r, env)
			if t, ok := v.(tuple); ok && len(st.Results) == 1 {
				vals = append(vals, t...)
			} else {
				vals = append(vals, v)
			}
		}
		panic(returnSignal{vals})
	case *ast.RangeStmt:
		in.execRange(st, env)
	case *ast.ForStmt:
		s := newScope(env)
		if st.Init != nil {
			in.exec(st.Init, s)
		}
		for i := 0; i < 10000; i++ {
			if st.Cond != nil {
				c, ok := in.eval(st.Cond, s).(bool)
				if !ok || !c {
					break
				}
			}
			if in.loopBody(st.Body, s) {
				break
			}
			if st.Post != nil {
				in.exec(st.Post, s)
			}
		}
	case *ast.IncDecStmt:
		v, _ := in.eval(st.X, env).(int)
		if st.Tok == token.INC {
			v++
		} else {
			v--
		}
		in.store(st.X, v, env, false)
	case *ast.SwitchStmt:
		in.execSwitch(st, env)
	case *ast.DeferStmt, *ast.GoStmt, *ast.EmptyStmt, *ast.LabeledStmt:
	case *ast.BranchStmt:
		if st.Tok == token.BREAK {
			panic(breakSignal{})
		}
		if st.Tok == token.CONTINUE {
			panic(continueSignal{})
		}
	default:
		panic(fmt.Sprintf("statement %T at %s", st, in.fset.Position(st.Pos())))
	}
}

// loopBody runs one iteration; it reports a break.
func (in *interp) loopBody(b *ast.BlockStmt, env *scope) (brk bool) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case breakSignal:
				brk = true
			case continueSignal:
			default:
				panic(r)
			}
		}
	}()
	in.execBlock(b, env)
	return false
}

func (in *interp) execRange(st *ast.RangeStmt, env *scope) {
	x := in.eval(st.X, env)
	bind := func(k, v any) bool {
		s := newScope(env)
		if id, ok := st.Key.(*ast.Ident); ok && id.Name != "_" {
			s.vars[id.Name] = k
		}
		if id, ok := st.Value.(*ast.Ident); ok && id.Name != "_" {
			s.vars[id.Name] = v
		}
		return in.loopBody(st.Body, s)
	}
	switch x := x.(type) {
	case []any:
		for i, v := range x {
			if bind(i, v) {
				return
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if bind(k, x[k]) {
				return
			}
		}
	case int:
		for i := 0; i < x; i++ {
			if bind(i, nil) {
				return
			}
		}
	case string:
		for i, r := range x {
			if bind(i, string(r)) {
				return
			}
		}
	}
}

func (in *interp) execSwitch(st *ast.SwitchStmt, env *scope) {
	s := newScope(env)
	if st.Init != nil {
		in.exec(st.Init, s)
	}
	var tag any = true
	if st.Tag != nil {
		tag = in.eval(st.Tag, s)
	}
	var def *ast.CaseClause
	run := func(cc *ast.CaseClause) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(breakSignal); !ok {
					panic(r)
				}
			}
		}()
		cs := newScope(s)
		for _, b := range cc.Body {
			in.exec(b, cs)
		}
	}
	for _, c := range st.Body.List {
		cc, ok := c.(*ast.CaseClause)
		if !ok {
			continue
		}
		if cc.List == nil {
			def = cc
			continue
		}
		for _, e := range cc.List {
			if equal(in.eval(e, s), tag) {
				run(cc)
				return
			}
		}
	}
	if def != nil {
		run(def)
	}
}

func (in *interp) assign(st *ast.AssignStmt, env *scope) {
	define := st.Tok == token.DEFINE
	if ix, ok := st.Rhs[0].(*ast.IndexExpr); ok && len(st.Rhs) == 1 && len(st.Lhs) == 2 {
		// v, ok := m[k]
		m, isMap := in.eval(ix.X, env).(map[string]any)
		var v any
		found := false
		if isMap {
			v, found = in.lookupKey(m, in.eval(ix.Index, env))
		}
		in.store(st.Lhs[0], v, env, define)
		in.store(st.Lhs[1], found, env, define)
		return
	}
	if len(st.Rhs) == 1 && len(st.Lhs) > 1 {
		v := in.eval(st.Rhs[0], env)
		t, ok := v.(tuple)
		for i, l := range st.Lhs {
			var vi any = opaque{"multi-value " + in.src(st.Rhs[0])}
			if ok && i < len(t) {
				vi = t[i]
			}
			in.store(l, vi, env, define)
		}
		return
	}
	for i, l := range st.Lhs {
		v := in.eval(st.Rhs[i], env)
		if t, ok := v.(tuple); ok && len(t) > 0 {
			v = t[0]
		}
		switch st.Tok {
		case token.ADD_ASSIGN:
			v = binary(token.ADD, in.eval(l, env), v)
		case token.SUB_ASSIGN:
			v = binary(token.SUB, in.eval(l, env), v)
		}
		in.store(l, v, env, define)
	}
}

func (in *interp) store(l ast.Expr, v any, env *scope, define bool) {
	switch l := l.(type) {
	case *ast.Ident:
		if l.Name == "_" {
			return
		}
		if define {
			env.vars[l.Name] = v
		} else if _, ok := env.lookup(l.Name); ok {
			env.set(l.Name, v)
		} else {
			in.gvals[l.Name] = v
		}
	case *ast.IndexExpr:
		c := in.eval(l.X, env)
		switch c := c.(type) {
		case map[string]any:
			c[fmt.Sprint(in.eval(l.Index, env))] = v
		case []any:
			if i, ok := in.eval(l.Index, env).(int); ok && i >= 0 && i < len(c) {
				c[i] = v
			}
		}
	case *ast.SelectorExpr:
		if c, ok := in.eval(l.X, env).(map[string]any); ok {
			c[l.Sel.Name] = v
		}
	}
}

func zeroOf(t ast.Expr) any {
	switch t := t.(type) {
	case *ast.Ident:
		switch t.Name {
		case "string":
			return ""
		case "int", "int64", "int32":
			return 0
		case "bool":
			return false
		}
	case *ast.ArrayType:
		return []any{}
	case *ast.MapType:
		return map[string]any{}
	case *ast.SelectorExpr:
		if t.Sel.Name == "Builder" || t.Sel.Name == "Buffer" {
			return &builder{}
		}
	}
	return nil
}

// builder stands for a strings.Builder or bytes.Buffer.
type builder struct {
	strings.Builder
	bad string // what could not be written
}

func (in *interp) src(e ast.Node) string {
	var b bytes.Buffer
	p := in.fset.Position(e.Pos())
	fmt.Fprintf(&b, "%s:%d", filepath.Base(p.Filename), p.Line)
	return b.String()
}

func (in *interp) eval(e ast.Expr, env *scope) any {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			s, err := strconv.Unquote(e.Value)
			if err != nil {
				return opaque{"literal"}
			}
			return s
		case token.INT:
			n, _ := strconv.Atoi(e.Value)
			return n
		case token.FLOAT:
			f, _ := strconv.ParseFloat(e.Value, 64)
			return f
		case token.CHAR:
			s, _ := strconv.Unquote(e.Value)
			return s
		}
	case *ast.Ident:
		switch e.Name {
		case "true":
			return true
		case "false":
			return false
		case "nil":
			return nil
		}
		if v, ok := env.lookup(e.Name); ok {
			return v
		}
		return in.global(e.Name)
	case *ast.ParenExpr:
		return in.eval(e.X, env)
	case *ast.StarExpr:
		return in.eval(e.X, env)
	case *ast.UnaryExpr:
		v := in.eval(e.X, env)
		switch e.Op {
		case token.NOT:
			if b, ok := v.(bool); ok {
				return !b
			}
		case token.SUB:
			if n, ok := v.(int); ok {
				return -n
			}
		case token.AND:
			return v
		}
		return opaque{"unary " + in.src(e)}
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			l, ok := in.eval(e.X, env).(bool)
			if !ok {
				return opaque{"condition " + in.src(e)}
			}
			if e.Op == token.LAND && !l || e.Op == token.LOR && l {
				return l
			}
			r, ok := in.eval(e.Y, env).(bool)
			if !ok {
				return opaque{"condition " + in.src(e)}
			}
			return r
		}
		return binary(e.Op, in.eval(e.X, env), in.eval(e.Y, env))
	case *ast.CallExpr:
		return in.call(e, env)
	case *ast.CompositeLit:
		return in.composite(e, env)
	case *ast.FuncLit:
		return &funcVal{lit: e, env: env}
	case *ast.IndexExpr:
		x := in.eval(e.X, env)
		i := in.eval(e.Index, env)
		switch x := x.(type) {
		case []any:
			if n, ok := i.(int); ok && n >= 0 && n < len(x) {
				return x[n]
			}
		case map[string]any:
			v, _ := in.lookupKey(x, i)
			return v
		case string:
			if n, ok := i.(int); ok && n >= 0 && n < len(x) {
				return int(x[n])
			}
		}
		return opaque{"index " + in.src(e)}
	case *ast.SliceExpr:
		x := in.eval(e.X, env)
		lo, hi := 0, -1
		if e.Low != nil {
			lo, _ = in.eval(e.Low, env).(int)
		}
		if e.High != nil {
			if h, ok := in.eval(e.High, env).(int); ok {
				hi = h
			}
		}
		switch x := x.(type) {
		case []any:
			if hi < 0 || hi > len(x) {
				hi = len(x)
			}
			if lo <= hi {
				return append([]any{}, x[lo:hi]...)
			}
		case string:
			if hi < 0 || hi > len(x) {
				hi = len(x)
			}
			if lo <= hi {
				return x[lo:hi]
			}
		}
		return opaque{"slice " + in.src(e)}
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if _, local := env.lookup(id.Name); !local {
				if v, ok := in.prof.selectors[id.Name+"."+e.Sel.Name]; ok {
					return v
				}
			}
		}
		x := in.eval(e.X, env)
		if m, ok := x.(map[string]any); ok {
			if v, ok := m[e.Sel.Name]; ok {
				return v
			}
		}
		return opaque{"selector " + in.src(e) + " " + e.Sel.Name}
	case *ast.TypeAssertExpr:
		return in.eval(e.X, env)
	case *ast.KeyValueExpr:
		return in.eval(e.Value, env)
	}
	return opaque{fmt.Sprintf("expression %T %s", e, in.src(e))}
}

// lookupKey finds a key of a map; a key that is an upstream resource
// address ("megaport_port.port") also finds the renamed one.
func (in *interp) lookupKey(m map[string]any, k any) (any, bool) {
	key := fmt.Sprint(k)
	if v, ok := m[key]; ok {
		return v, true
	}
	v, ok := m[in.prof.rename(key)]
	return v, ok
}

func (in *interp) global(name string) any {
	if v, ok := in.gvals[name]; ok {
		return v
	}
	if x, ok := in.globals[name]; ok {
		in.gvals[name] = opaque{"recursive global " + name}
		var v any = opaque{"uninitialised global " + name}
		if x != nil {
			v = in.evalSafe(x, newScope(nil))
		}
		in.gvals[name] = v
		return v
	}
	if fd, ok := in.funcs[name]; ok {
		return fd
	}
	return opaque{"unknown " + name}
}

// evalSafe evaluates an expression; a panic (not a skip) becomes opaque.
func (in *interp) evalSafe(e ast.Expr, env *scope) (v any) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(skipSignal); ok {
				panic(r)
			}
			v = opaque{fmt.Sprint(r)}
		}
	}()
	return in.eval(e, env)
}

func equal(a, b any) bool {
	if _, ok := a.(opaque); ok {
		return false
	}
	if _, ok := b.(opaque); ok {
		return false
	}
	return fmt.Sprintf("%T%v", a, a) == fmt.Sprintf("%T%v", b, b)
}

func binary(op token.Token, a, b any) any {
	if o, ok := a.(opaque); ok && op != token.EQL && op != token.NEQ {
		return o
	}
	if o, ok := b.(opaque); ok && op != token.EQL && op != token.NEQ {
		return o
	}
	switch op {
	case token.EQL, token.NEQ:
		_, ao := a.(opaque)
		_, bo := b.(opaque)
		if ao || bo {
			return opaque{"comparison"}
		}
		eq := equal(a, b)
		if op == token.EQL {
			return eq
		}
		return !eq
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		if !ok {
			break
		}
		switch op {
		case token.ADD:
			return x + y
		case token.LSS:
			return x < y
		case token.GTR:
			return x > y
		}
	case int:
		y, ok := b.(int)
		if !ok {
			break
		}
		switch op {
		case token.ADD:
			return x + y
		case token.SUB:
			return x - y
		case token.MUL:
			return x * y
		case token.QUO:
			if y != 0 {
				return x / y
			}
		case token.REM:
			if y != 0 {
				return x % y
			}
		case token.LSS:
			return x < y
		case token.GTR:
			return x > y
		case token.LEQ:
			return x <= y
		case token.GEQ:
			return x >= y
		}
	}
	return opaque{fmt.Sprintf("operation %v %s %v", a, op, b)}
}

func (in *interp) composite(e *ast.CompositeLit, env *scope) any {
	isStruct := false
	switch t := e.Type.(type) {
	case *ast.ArrayType:
		out := []any{}
		for _, el := range e.Elts {
			if cl, ok := el.(*ast.CompositeLit); ok && cl.Type == nil {
				cl.Type = t.Elt
			}
			out = append(out, in.evalSafe(el, env))
		}
		return out
	case *ast.MapType:
	case *ast.SelectorExpr:
		if t.Sel.Name == "Builder" || t.Sel.Name == "Buffer" {
			return &builder{}
		}
		// resource.TestStep, resource.TestCase, internaltesting.TemplateData
		isStruct = !strings.HasSuffix(t.Sel.Name, "Data")
	case *ast.Ident:
		isStruct = true
	}
	out := map[string]any{}
	if id, ok := e.Type.(*ast.Ident); ok && in.structs[id.Name] != nil {
		for _, f := range in.structs[id.Name].Fields.List {
			var zero any
			switch t := f.Type.(type) {
			case *ast.Ident:
				switch t.Name {
				case "string":
					zero = ""
				case "bool":
					zero = false
				case "int", "int64", "int32":
					zero = 0
				}
			}
			if zero == nil {
				continue
			}
			for _, n := range f.Names {
				out[n.Name] = zero
			}
		}
	}
	for _, el := range e.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		var k string
		if id, ok := kv.Key.(*ast.Ident); ok && isStruct {
			k = id.Name
		} else {
			k = fmt.Sprint(in.eval(kv.Key, env))
		}
		if cl, ok := kv.Value.(*ast.CompositeLit); ok && cl.Type == nil {
			if mt, ok := e.Type.(*ast.MapType); ok {
				cl.Type = mt.Value
			}
		}
		out[k] = in.evalSafe(kv.Value, env)
	}
	return out
}

// call evaluates a call: builtins and the standard library first, then the
// profile's stand-ins, then the package's own functions.
func (in *interp) call(e *ast.CallExpr, env *scope) any {
	args := func() []any {
		var out []any
		for _, a := range e.Args {
			v := in.eval(a, env)
			if t, ok := v.(tuple); ok && len(e.Args) == 1 {
				out = append(out, t...)
			} else {
				out = append(out, v)
			}
		}
		return out
	}
	switch fn := e.Fun.(type) {
	case *ast.Ident:
		switch fn.Name {
		case "len":
			switch x := in.eval(e.Args[0], env).(type) {
			case string:
				return len(x)
			case []any:
				return len(x)
			case map[string]any:
				return len(x)
			}
			return opaque{"len"}
		case "append":
			a := args()
			base, _ := a[0].([]any)
			out := append([]any{}, base...)
			if e.Ellipsis.IsValid() {
				if more, ok := a[1].([]any); ok {
					return append(out, more...)
				}
			}
			return append(out, a[1:]...)
		case "string", "int", "int64", "float64":
			return in.eval(e.Args[0], env)
		case "make":
			if _, ok := e.Args[0].(*ast.MapType); ok {
				return map[string]any{}
			}
			return []any{}
		case "panic":
			panic(fmt.Sprint(args()...))
		}
		if v, ok := env.lookup(fn.Name); ok {
			if f, ok := v.(*funcVal); ok {
				return in.invoke(f.lit.Type, f.lit.Body, f.env, args(), nil)
			}
			return opaque{"call of " + fn.Name}
		}
		if h, ok := in.prof.funcs[fn.Name]; ok {
			return h(in, args())
		}
		if in.prof.fallback != nil {
			if v, ok := in.prof.fallback(fn.Name, args()); ok {
				return v
			}
		}
		if fd, ok := in.funcs[fn.Name]; ok {
			return in.invoke(fd.Type, fd.Body, newScope(nil), args(), nil)
		}
		return opaque{"call of " + fn.Name}
	case *ast.SelectorExpr:
		if id, ok := fn.X.(*ast.Ident); ok {
			if _, local := env.lookup(id.Name); !local {
				if v, done := in.stdlib(id.Name, fn.Sel.Name, args); done {
					return v
				}
			}
		}
		recv := in.eval(fn.X, env)
		switch r := recv.(type) {
		case testingT:
			switch fn.Sel.Name {
			case "Skip", "Skipf", "SkipNow":
				a := args()
				reason := "skipped"
				if len(a) > 0 {
					if f, ok := a[0].(string); ok && fn.Sel.Name == "Skipf" {
						reason = fmt.Sprintf(f, a[1:]...)
					} else {
						reason = fmt.Sprint(a...)
					}
				}
				panic(skipSignal{reason})
			case "Name":
				return r.name
			case "Fatal", "Fatalf", "FailNow":
				panic(fmt.Sprintf("t.%s: %v", fn.Sel.Name, args()))
			case "TempDir":
				d, _ := os.MkdirTemp("", "upstream-configs-")
				return d
			}
			return nil
		case string:
			if ms := in.methods[fn.Sel.Name]; len(ms) == 1 {
				fd := ms[0]
				s := newScope(nil)
				if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 {
					s.vars[fd.Recv.List[0].Names[0].Name] = r
				}
				return in.invoke(fd.Type, fd.Body, s, args(), nil)
			}
			if fn.Sel.Name == "String" {
				return r
			}
		case *builder:
			a := args()
			switch fn.Sel.Name {
			case "String":
				if r.bad != "" {
					return opaque{r.bad}
				}
				return r.String()
			case "WriteString", "WriteByte", "WriteRune":
				if len(a) == 1 {
					if o, ok := a[0].(opaque); ok {
						r.bad = o.why
						return nil
					}
					fmt.Fprint(r, a[0])
				}
				return nil
			}
		case map[string]any:
			// the test framework's state: s.RootModule() is the root module
			if fn.Sel.Name == "RootModule" {
				return r
			}
		case *regexp.Regexp:
			if fn.Sel.Name == "MatchString" {
				a := args()
				if s, ok := a[0].(string); ok {
					return r.MatchString(s)
				}
			}
		}
		return opaque{"method " + fn.Sel.Name + " at " + in.src(e)}
	case *ast.FuncLit:
		return in.invoke(fn.Type, fn.Body, env, args(), nil)
	case *ast.IndexExpr, *ast.ArrayType, *ast.MapType:
		// generic instantiation or a conversion such as []string(x)
		if len(e.Args) == 1 {
			return in.eval(e.Args[0], env)
		}
	}
	return opaque{"call at " + in.src(e)}
}

func (in *interp) invoke(ft *ast.FuncType, body *ast.BlockStmt, env *scope, args []any, _ any) (ret any) {
	in.depth++
	defer func() { in.depth-- }()
	if in.depth > 60 {
		return opaque{"recursion"}
	}
	s := newScope(env)
	i := 0
	if ft.Params != nil {
		for pi, p := range ft.Params.List {
			_, variadic := p.Type.(*ast.Ellipsis)
			names := p.Names
			if len(names) == 0 {
				i++
				continue
			}
			for _, n := range names {
				if variadic && pi == len(ft.Params.List)-1 {
					rest := []any{}
					if i < len(args) {
						if len(args)-i == 1 {
							if sl, ok := args[i].([]any); ok {
								rest = sl
							} else {
								rest = append(rest, args[i])
							}
						} else {
							rest = append(rest, args[i:]...)
						}
					}
					s.vars[n.Name] = rest
					i = len(args)
					continue
				}
				if i < len(args) {
					s.vars[n.Name] = args[i]
				} else {
					s.vars[n.Name] = opaque{"missing argument " + n.Name}
				}
				i++
			}
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if rs, ok := r.(returnSignal); ok {
				switch len(rs.vals) {
				case 0:
					ret = nil
				case 1:
					ret = rs.vals[0]
				default:
					ret = tuple(rs.vals)
				}
				return
			}
			panic(r)
		}
	}()
	in.execBlock(body, s)
	return nil
}

// stdlib handles pkg.Func calls of the standard library and the test
// framework; done is false when it does not know the function.
func (in *interp) stdlib(pkg, name string, args func() []any) (any, bool) {
	if h, ok := in.prof.funcs[pkg+"."+name]; ok {
		return h(in, args()), true
	}
	switch pkg + "." + name {
	case "fmt.Sprintf", "fmt.Errorf":
		a := args()
		f, ok := a[0].(string)
		if !ok {
			return opaque{"format"}, true
		}
		for _, x := range a[1:] {
			if o, ok := x.(opaque); ok {
				return o, true
			}
		}
		return fmt.Sprintf(f, a[1:]...), true
	case "fmt.Sprint":
		a := args()
		for _, x := range a {
			if o, ok := x.(opaque); ok {
				return o, true
			}
		}
		return fmt.Sprint(a...), true
	case "fmt.Fprintf", "fmt.Fprint", "fmt.Fprintln":
		a := args()
		b, ok := a[0].(*builder)
		if !ok {
			return nil, true
		}
		for _, x := range a[1:] {
			if o, ok := x.(opaque); ok {
				b.bad = o.why
				return nil, true
			}
		}
		switch name {
		case "Fprintf":
			if f, ok := a[1].(string); ok {
				fmt.Fprintf(b, f, a[2:]...)
			}
		case "Fprint":
			fmt.Fprint(b, a[1:]...)
		default:
			fmt.Fprintln(b, a[1:]...)
		}
		return nil, true
	case "fmt.Println", "fmt.Printf", "log.Printf", "log.Println":
		return nil, true
	case "strings.Join":
		a := args()
		sl, ok := a[0].([]any)
		sep, ok2 := a[1].(string)
		if !ok || !ok2 {
			return opaque{"strings.Join"}, true
		}
		parts := make([]string, len(sl))
		for i, x := range sl {
			if o, ok := x.(opaque); ok {
				return o, true
			}
			parts[i] = fmt.Sprint(x)
		}
		return strings.Join(parts, sep), true
	case "strings.ReplaceAll", "strings.Replace":
		a := args()
		s, ok1 := a[0].(string)
		o, ok2 := a[1].(string)
		n, ok3 := a[2].(string)
		if !ok1 || !ok2 || !ok3 {
			return opaque{"strings.Replace"}, true
		}
		return strings.ReplaceAll(s, o, n), true
	case "strings.ToLower", "strings.ToUpper", "strings.TrimSpace", "strings.Title":
		s, ok := args()[0].(string)
		if !ok {
			return opaque{name}, true
		}
		switch name {
		case "ToLower":
			return strings.ToLower(s), true
		case "ToUpper":
			return strings.ToUpper(s), true
		default:
			return strings.TrimSpace(s), true
		}
	case "strings.Repeat":
		a := args()
		s, _ := a[0].(string)
		n, _ := a[1].(int)
		return strings.Repeat(s, n), true
	case "strings.Contains", "strings.HasPrefix", "strings.HasSuffix":
		a := args()
		s, ok1 := a[0].(string)
		t, ok2 := a[1].(string)
		if !ok1 || !ok2 {
			return opaque{name}, true
		}
		switch name {
		case "Contains":
			return strings.Contains(s, t), true
		case "HasPrefix":
			return strings.HasPrefix(s, t), true
		}
		return strings.HasSuffix(s, t), true
	case "strings.Split":
		a := args()
		s, ok1 := a[0].(string)
		t, ok2 := a[1].(string)
		if !ok1 || !ok2 {
			return opaque{name}, true
		}
		var out []any
		for _, p := range strings.Split(s, t) {
			out = append(out, p)
		}
		return out, true
	case "strconv.Itoa", "strconv.FormatBool", "strconv.Quote", "strconv.FormatInt":
		a := args()
		if name == "Quote" {
			return strconv.Quote(fmt.Sprint(a[0])), true
		}
		return fmt.Sprint(a[0]), true
	case "strconv.Atoi":
		n, err := strconv.Atoi(fmt.Sprint(args()[0]))
		return tuple{n, err}, true
	case "config.StringVariable", "config.IntegerVariable", "config.BoolVariable", "config.FloatVariable":
		// a step's ConfigVariables value (terraform-plugin-testing's config
		// package), passed to terraform as a variable
		return tfVar{args()[0]}, true
	case "acctest.RandomWithPrefix":
		p, _ := args()[0].(string)
		in.counter++
		return fmt.Sprintf("%s-%d%03d", p, in.rnd.Intn(900000)+100000, in.counter), true
	case "acctest.RandString", "acctest.RandStringFromCharSet":
		n, _ := args()[0].(int)
		const letters = "abcdefghijklmnopqrstuvwxyz"
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[in.rnd.Intn(len(letters))]
		}
		return string(b), true
	case "acctest.RandInt":
		return in.rnd.Intn(1 << 20), true
	case "acctest.RandIntRange":
		a := args()
		lo, _ := a[0].(int)
		hi, _ := a[1].(int)
		if hi <= lo {
			return lo, true
		}
		return lo + in.rnd.Intn(hi-lo), true
	case "os.Getenv":
		k := fmt.Sprint(args()[0])
		return in.prof.env[k], true
	case "os.LookupEnv":
		k := fmt.Sprint(args()[0])
		v, ok := in.prof.env[k]
		return tuple{v, ok}, true
	case "regexp.MustCompile":
		s, ok := args()[0].(string)
		if !ok {
			return opaque{"regexp"}, true
		}
		re, err := regexp.Compile(s)
		if err != nil {
			return opaque{"regexp"}, true
		}
		return re, true
	case "regexp.QuoteMeta":
		return regexp.QuoteMeta(fmt.Sprint(args()[0])), true
	case "resource.Test", "resource.ParallelTest", "resource.UnitTest":
		a := args()
		tc, ok := a[1].(map[string]any)
		if !ok {
			panic("test case not evaluable")
		}
		in.recordCase(tc)
		return nil, true
	case "internaltesting.GetStringFromTemplateWithData", "testing.GetStringFromTemplateWithData":
		a := args()
		name, _ := a[0].(string)
		text, ok := a[1].(string)
		if !ok {
			return opaque{"template text"}, true
		}
		data, _ := a[2].(map[string]any)
		for k, v := range data {
			if o, ok := v.(opaque); ok {
				return opaque{"template value " + k + ": " + o.why}, true
			}
		}
		t, err := template.New(name).Parse(text)
		if err != nil {
			return opaque{"template: " + err.Error()}, true
		}
		var b bytes.Buffer
		if err := t.Execute(&b, data); err != nil {
			return opaque{"template: " + err.Error()}, true
		}
		return b.String(), true
	case "internaltesting.CompareVersions", "testing.CompareVersions":
		a := args()
		return compareVersions(fmt.Sprint(a[0]), fmt.Sprint(a[1])), true
	case "time.Now", "context.Background", "context.TODO":
		return opaque{pkg + "." + name}, true
	}
	return nil, false
}

func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(strings.TrimLeft(pa[i], "v"))
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(strings.TrimLeft(pb[i], "v"))
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

func (in *interp) recordCase(tc map[string]any) {
	steps, _ := tc["Steps"].([]any)
	for _, s := range steps {
		m, ok := s.(map[string]any)
		if !ok {
			in.cases = append(in.cases, step{ConfigErr: "step not evaluable"})
			continue
		}
		var st step
		switch c := m["Config"].(type) {
		case string:
			st.Config = c
		case opaque:
			st.ConfigErr = c.why
		case nil:
		default:
			st.ConfigErr = fmt.Sprintf("config %T", c)
		}
		if vs, ok := m["ConfigVariables"].(map[string]any); ok {
			st.Vars = map[string]any{}
			for k, v := range vs {
				tv, ok := v.(tfVar)
				if !ok && st.ConfigErr == "" {
					st.ConfigErr = fmt.Sprintf("ConfigVariables value %q is %T", k, v)
				}
				st.Vars[k] = tv.v
			}
		}
		st.ImportState, _ = m["ImportState"].(bool)
		st.ImportStateVerify, _ = m["ImportStateVerify"].(bool)
		st.ImportStateID, _ = m["ImportStateId"].(string)
		if o, ok := m["ImportStateId"].(opaque); ok && st.ConfigErr == "" {
			st.ConfigErr = "the import ID comes from the upstream's own client (" + o.why + ")"
		}
		if f, ok := m["ImportStateIdFunc"].(*funcVal); ok {
			st.ImportIDFunc = true
			st.importIDFn, st.interp = f, in
		}
		st.ImportIDAttr, _ = m["ImportStateVerifyIdentifierAttribute"].(string)
		if ig, ok := m["ImportStateVerifyIgnore"].([]any); ok {
			for _, x := range ig {
				st.ImportVerifyIgnore = append(st.ImportVerifyIgnore, fmt.Sprint(x))
			}
		}
		st.ResourceName, _ = m["ResourceName"].(string)
		st.ExpectError, _ = m["ExpectError"].(*regexp.Regexp)
		st.PlanOnly, _ = m["PlanOnly"].(bool)
		st.Query, _ = m["Query"].(bool)
		st.ExpectNonEmptyPlan, _ = m["ExpectNonEmptyPlan"].(bool)
		st.Destroy, _ = m["Destroy"].(bool)
		_, st.PreConfig = m["PreConfig"]
		_, st.SkipFunc = m["SkipFunc"]
		if st.ConfigErr == "" && st.Config == "" && !st.ImportState {
			if _, ok := m["ConfigDirectory"]; ok {
				st.ConfigErr = "ConfigDirectory"
			}
			if _, ok := m["ConfigFile"]; ok {
				st.ConfigErr = "ConfigFile"
			}
		}
		in.cases = append(in.cases, st)
	}
}
