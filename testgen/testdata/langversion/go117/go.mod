module example.com/go117

go 1.17
