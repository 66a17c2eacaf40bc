package value

import "go/types"

// This file rounds allocations up as Go's allocator does. A slice that
// append grows, or a conversion allocates, gets the capacity Go gives it.

// sizeClasses are the Go allocator's small object size classes (runtime
// sizeclasses.go); an allocation is rounded up to the next one.
var sizeClasses = []int64{
	0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
	288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280,
	1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528,
	6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072,
	20480, 21760, 24576, 27264, 28672, 32768,
}

const pageSize = 8192

// RoundUpSize is runtime.roundupsize: the size class for small objects,
// whole pages for large ones.
func RoundUpSize(size int64) int64 {
	if size <= sizeClasses[len(sizeClasses)-1] {
		for _, c := range sizeClasses {
			if c >= size {
				return c
			}
		}
	}
	return (size + pageSize - 1) / pageSize * pageSize
}

// GrowCapacity is the capacity the Go runtime gives a slice that must grow
// from oldCap to hold newLen elements (runtime.nextslicecap, then rounded
// up to the allocator's size class).
func GrowCapacity(oldCap, newLen int, elem types.Type) int {
	newCap := oldCap
	double := newCap + newCap
	switch {
	case newLen > double:
		newCap = newLen
	case oldCap < 256:
		newCap = double
	default:
		for newCap < newLen {
			newCap += (newCap + 3*256) >> 2
		}
	}
	size := GCSizes.Sizeof(elem)
	if size == 0 {
		return newCap
	}
	return int(RoundUpSize(int64(newCap)*size) / size)
}
