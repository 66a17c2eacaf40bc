module example.com/clashes

go 1.22
