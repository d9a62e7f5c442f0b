// The entry point: parse the command line, then run the app (Parea.run).
Parea.main()
