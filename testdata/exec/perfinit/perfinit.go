// Package perfinit is a benchmark fixture whose package initialisation does
// what the initialisers of real packages do: fill a lookup table and a map
// in loops, all concrete work.
package perfinit

// table is filled by init, like a checksum or character-class table.
var table [4096]uint16

// index is filled by init, like a package's name-to-value map.
var index = make(map[int]int)

func init() {
	for i := range table {
		table[i] = uint16(i*31) ^ uint16(i>>3)
	}
	for i := 0; i < 2000; i++ {
		index[i*7] = i
	}
}

// Probe reads what init built; exploring it runs the init first.
func Probe() int {
	return int(table[4095]) + index[7*1999] + len(index)
}
