// Package orchcli is the orch command-line tool (cmd/orch): it bootstraps
// sandbox controllers, each a process of its own with its own state
// directory, TLS certificate and admin credentials, reports them, upgrades
// them and destroys them. The orch_controller resource drives it through
// its orch_binary, as a user would by hand.
//
// The CLI keeps what it knows in a data directory (--data-dir, else
// $ORCH_DATA_DIR, else $XDG_DATA_HOME/orch or ~/.local/share/orch): one
// directory per controller under controllers/, with the controller's store,
// certificate, process ID and log, so that a later run of the CLI finds the
// controllers an earlier one created.
package orchcli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Version is the CLI's version (set by cmd/orch at build time).
var Version = "dev"

type command struct {
	name    string
	summary string
	usage   string // the arguments after the command name
	help    string
	hidden  bool
	run     func(ctx context.Context, e *env, fs *flag.FlagSet, args []string) error
	flags   func(fs *flag.FlagSet) // declares the command's flags
}

// env is one run of the CLI.
type env struct {
	data   dataDir
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// usageError is a mistake on the command line: the command's usage follows
// the message.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

var commands []*command

func find(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

const mainHelp = `orch manages sandbox orchestration controllers: each one a process of its
own, with its own state directory, TLS certificate and admin credentials.

Usage:
  orch [--data-dir DIR] <command> [flags] [arguments]

Commands:
%s
Global flags:
  --data-dir DIR   where the CLI keeps its controllers (default $%s, else
                   $XDG_DATA_HOME/orch, else ~/.local/share/orch; now %s)

"orch help <command>" or "orch <command> --help" describes a command.
`

func mainUsage(e *env) string {
	var b strings.Builder
	for _, c := range commands {
		if !c.hidden {
			fmt.Fprintf(&b, "  %-20s %s\n", c.name, c.summary)
		}
	}
	return fmt.Sprintf(mainHelp, b.String(), EnvDataDir, e.data)
}

func commandUsage(c *command, fs *flag.FlagSet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: orch %s %s\n\n%s\n", c.name, c.usage, strings.TrimSpace(c.help))
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) > 0 {
		b.WriteString("\nFlags:\n")
		sort.Strings(names)
		for _, n := range names {
			f := fs.Lookup(n)
			arg, usage := flag.UnquoteUsage(f)
			left := "--" + n
			if arg != "" {
				left += " " + arg
			}
			fmt.Fprintf(&b, "  %-38s %s", left, usage)
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
				fmt.Fprintf(&b, " (default %s)", f.DefValue)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Run runs the CLI with the arguments after the program name and returns
// the exit code: 0 on success, 1 on failure, 2 on a usage mistake.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	global := flag.NewFlagSet("orch", flag.ContinueOnError)
	global.SetOutput(io.Discard)
	dataFlag := global.String("data-dir", "", "")
	version := global.Bool("version", false, "")
	help := global.Bool("help", false, "")
	global.BoolVar(help, "h", false, "")
	if err := global.Parse(args); err != nil {
		e.data = dataDir(defaultDataDir())
		fmt.Fprintf(stderr, "orch: %v\n\n%s", err, mainUsage(e))
		return 2
	}
	e.data = dataDir(*dataFlag)
	if *dataFlag == "" {
		e.data = dataDir(defaultDataDir())
	}
	rest := global.Args()
	switch {
	case *version:
		fmt.Fprintln(stdout, "orch", Version)
		return 0
	case *help || len(rest) == 0:
		fmt.Fprint(stdout, mainUsage(e))
		if len(rest) == 0 && !*help {
			return 2
		}
		return 0
	}
	name, rest := rest[0], rest[1:]
	if name == "help" {
		if len(rest) == 0 {
			fmt.Fprint(stdout, mainUsage(e))
			return 0
		}
		name, rest = rest[0], []string{"--help"}
	}
	c := find(name)
	if c == nil {
		fmt.Fprintf(stderr, "orch: unknown command %q\n\n%s", name, mainUsage(e))
		return 2
	}
	fs := flag.NewFlagSet("orch "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if c.flags != nil {
		c.flags(fs)
	}
	args, err := parseInterspersed(fs, rest)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, commandUsage(c, fs))
		return 0
	}
	if err == nil {
		err = c.run(ctx, e, fs, args)
	}
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue) || isFlagError(err):
		fmt.Fprintf(stderr, "orch %s: %v\n\n%s", c.name, err, commandUsage(c, fs))
		return 2
	default:
		fmt.Fprintf(stderr, "ERROR %v\n", err)
		return 1
	}
}

type flagError struct{ error }

func isFlagError(err error) bool {
	var fe flagError
	return errors.As(err, &fe)
}

// parseInterspersed parses flags before, between and after the positional
// arguments, as users type them (orch destroy-controller c1 --force).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, flagError{err}
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// kvFlag is a repeated key=value flag.
type kvFlag map[string]string

func (f kvFlag) String() string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + f[k]
	}
	return strings.Join(parts, " ")
}

// Set takes key=value, or the path of a JSON file holding an object of
// string values (which keeps secret values off the command line).
func (f kvFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		raw, err := os.ReadFile(s)
		if err != nil {
			return fmt.Errorf("%q is neither key=value nor a readable JSON file: %w", s, err)
		}
		var m map[string]string
		if err := json.Unmarshal(raw, &m); err != nil {
			return fmt.Errorf("%s: not a JSON object of string values: %s", s, jsonProblem(err))
		}
		for k, v := range m {
			f[k] = v
		}
		return nil
	}
	if strings.TrimSpace(k) == "" {
		return fmt.Errorf("%q is not key=value", s)
	}
	f[strings.TrimSpace(k)] = v
	return nil
}

// Main is cmd/orch's main.
func Main() {
	code := Run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	os.Exit(code)
}
