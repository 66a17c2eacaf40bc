package main

import (
	"fmt"
	"image/color"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// armColors keeps an arm's colour the same on every panel.
var armColors = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0x9e, G: 0xc7, B: 0xe8, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
}

// writePlot draws one panel per package: statement coverage (%) against
// seconds, one step line per arm that ran.
func writePlot(name string, results []pkgResult) error {
	var panels []*plot.Plot
	for _, p := range results {
		if p.Status != "" {
			continue
		}
		pl := plot.New()
		pl.Title.Text = p.Entry.Name
		pl.X.Label.Text = "seconds"
		pl.Y.Label.Text = "coverage %"
		pl.Y.Min, pl.Y.Max = 0, 100
		pl.Legend.Top = false
		pl.Legend.Left = false
		for i, a := range p.Arms {
			if !a.ran() || len(a.Curve) == 0 {
				continue
			}
			pts := make(plotter.XYs, len(a.Curve))
			for j, c := range a.Curve {
				pts[j].X, pts[j].Y = float64(c.Ms)/1000, c.Percent
			}
			line, err := plotter.NewLine(pts)
			if err != nil {
				return err
			}
			line.StepStyle = plotter.PostStep // coverage holds until the next sample
			line.Color = armColors[i%len(armColors)]
			line.Width = vg.Points(1.5)
			pl.Add(line)
			pl.Legend.Add(a.Arm, line)
		}
		panels = append(panels, pl)
	}
	if len(panels) == 0 {
		return fmt.Errorf("no package was measured")
	}
	const cols = 3
	rows := (len(panels) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for i, pl := range panels {
		grid[i/cols][i%cols] = pl
	}
	img := vgimg.New(vg.Length(cols)*4*vg.Inch, vg.Length(rows)*3*vg.Inch)
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(grid, tiles, dc)
	for r := range grid {
		for c := range grid[r] {
			if grid[r][c] != nil {
				grid[r][c].Draw(canvases[r][c])
			}
		}
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
