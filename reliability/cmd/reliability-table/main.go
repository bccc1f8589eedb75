// Command reliability-table prints the table of the reliability suite
// (reliability.WriteTable) from the rows its scenario tests appended to the
// report file named as its argument.
package main

import (
	"fmt"
	"os"

	"github.com/iacsuite/providers/reliability"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: reliability-table REPORT_FILE")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "reliability-table:", err)
		os.Exit(1)
	}
	defer f.Close()
	rows, err := reliability.ReadReport(f)
	if err == nil {
		err = reliability.WriteTable(os.Stdout, rows)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "reliability-table:", err)
		os.Exit(1)
	}
}
