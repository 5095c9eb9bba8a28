// Generated view models live here.
