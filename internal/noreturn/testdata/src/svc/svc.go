// Package svc holds the ways a Go service stops a path: fatal helpers,
// servers that loop forever, select{}, goto loops, panics on every branch,
// helpers calling helpers (declared before and after), mutual recursion,
// and their twins that return on some path.
package svc

import (
	"errors"
	"fmt"
	"log"
	"os"
	"time"
)

var errClosed = errors.New("closed")

func die(msg string) { // want die:"noReturn"
	log.Fatalf("svc: %s", msg)
}

func dieWith(err error) { // want dieWith:"noReturn"
	die(err.Error())
}

func mustNot(err error) { // a twin: returns when err is nil
	if err != nil {
		die(err.Error())
	}
}

func exitCode(code int) { // want exitCode:"noReturn"
	fmt.Println("bye")
	os.Exit(code)
}

func serve(tick func()) { // want serve:"noReturn"
	for {
		tick()
		time.Sleep(time.Second)
	}
}

func serveUntil(stop chan struct{}, tick func()) { // a twin: the loop breaks
	for {
		select {
		case <-stop:
			return
		default:
			tick()
		}
	}
}

func block() { // want block:"noReturn"
	select {}
}

func retry(f func() error) { // want retry:"noReturn"
again:
	if f() != nil {
		goto again
	}
	panic(errClosed)
}

func retryTwin(f func() error) error { // a twin: returns after the loop
again:
	if err := f(); err != nil {
		goto again
	}
	return nil
}

func unreachable(kind int) string { // want unreachable:"noReturn"
	switch kind {
	case 1:
		panic("one")
	default:
		panic(fmt.Sprintf("kind %d", kind))
	}
}

func check(kind int) string { // a twin: case 2 returns
	switch kind {
	case 1:
		panic("one")
	case 2:
		return "two"
	}
	panic("other")
}

func ping(n int) { // a twin: the cycle ping → pong → ping is cut where it started, so
	pong(n + 1) // pong's call of ping counts as returning (ctrlflow's rule)
}

func pong(n int) { // a twin: returns through the call of ping
	if n > 10 {
		die("too deep")
	}
	ping(n)
}

type server struct{ log *log.Logger }

func (s *server) fail(msg string) { // want fail:"noReturn"
	s.log.Fatal(msg)
}

func (s *server) warn(msg string) { // a twin
	s.log.Print(msg)
}

func deferredExit() { // a twin: the deferred call does not end the body
	defer os.Exit(0)
	fmt.Println("x")
}

func literalOnly() { // a twin: only the literal never returns
	f := func() { die("in literal") }
	_ = f
}

func later() { // want later:"noReturn"
	declaredAfter()
}

func declaredAfter() { // want declaredAfter:"noReturn"
	panic("after")
}

func uses(s *server) { // want uses:"noReturn"
	dieWith(errClosed)
	mustNot(nil)
	exitCode(1)
	serve(nil)
	serveUntil(nil, nil)
	block()
	retry(nil)
	_ = retryTwin(nil)
	_ = unreachable(1)
	_ = check(2)
	ping(0)
	s.fail("x")
	s.warn("y")
	deferredExit()
	literalOnly()
	later()
	go func() { log.Panicln("in goroutine") }()
}
