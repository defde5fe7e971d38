"""The synthetic bank: its file format, the generator, the raw-to-core pipeline and the demo accounts. None of
it implements a port: the running service reads the bank only through PostgreSQL."""
