// Hawaii is UTC-10 all year; tests run with the machine's zone as UTC so nothing depends on it.
process.env.TZ = 'UTC';
