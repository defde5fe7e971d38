"""The agent: a graph of code-decided steps around typed model calls."""
