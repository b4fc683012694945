module example.com/localcell

go 1.24.0
