package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// printTargets lists targets on w grouped by package: the import path on
// a line of its own, then one indented line per function with the name
// and the position of its declaration, in aligned columns. After a
// package's targets come the methods of through (throughListed) that are
// its, each with the targets it is tested through.
func printTargets(w io.Writer, targets, through []target) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for i, t := range targets {
		if i == 0 || t.pkg != targets[i-1].pkg {
			if i > 0 {
				fmt.Fprintln(tw)
			}
			fmt.Fprintln(tw, t.pkg)
		}
		fmt.Fprintf(tw, "    %s\t%s\n", t.name, t.pos)
		if i+1 == len(targets) || targets[i+1].pkg != t.pkg {
			for _, m := range through {
				if m.pkg == t.pkg {
					fmt.Fprintf(tw, "    %s\t%s\ttested through %s\n", m.name, m.pos, strings.Join(m.through, ", "))
				}
			}
		}
	}
	return tw.Flush()
}
