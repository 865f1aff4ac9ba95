"""Shared by the referee scripts: JSON in on stdin, JSON out on stdout, values made JSON-safe."""
import json
import math
import sys


def view(value):
    """A JSON-safe view of a decoded value (exact ints, bytes as hex, non-finite floats as names)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value if abs(value) <= 2**53 - 1 else {"$int": str(value)}
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return value
    if isinstance(value, (bytes, bytearray)):
        return {"$bytes": bytes(value).hex()}
    if isinstance(value, dict):
        return {str(k): view(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [view(v) for v in value]
    if hasattr(value, "__dict__"):  # generated Thrift structs and unions: their set fields
        return {k: view(v) for k, v in vars(value).items() if v is not None}
    raise TypeError(f"no view for {type(value)}")


def main(run):
    request = json.load(sys.stdin)
    json.dump(run(request), sys.stdout)
