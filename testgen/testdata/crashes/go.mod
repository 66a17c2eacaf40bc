module example.com/crashes

go 1.22
