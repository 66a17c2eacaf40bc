package main

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// printTargets lists targets on w grouped by package: the import path on
// a line of its own, then one indented line per function with the name
// and the position of its declaration, in aligned columns.
func printTargets(w io.Writer, targets []target) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for i, t := range targets {
		if i == 0 || t.pkg != targets[i-1].pkg {
			if i > 0 {
				fmt.Fprintln(tw)
			}
			fmt.Fprintln(tw, t.pkg)
		}
		fmt.Fprintf(tw, "    %s\t%s\n", t.name, t.pos)
	}
	return tw.Flush()
}
