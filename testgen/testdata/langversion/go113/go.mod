module example.com/go113

go 1.13
