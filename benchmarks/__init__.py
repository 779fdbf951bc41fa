"""Benchmarks, soaks and strength runs: scripts, not tests (see docs/performance.md)."""
