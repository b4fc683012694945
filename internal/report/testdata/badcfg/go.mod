module example.com/badcfg

go 1.26
