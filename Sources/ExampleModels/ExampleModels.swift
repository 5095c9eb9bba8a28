// Models and services the example view models use.
