"""MsgPack referee: the msgpack Python library (python3-msgpack) reads and writes what kitgen does."""
import msgpack
from referee_common import main, view


def run(request):
    values = [msgpack.unpackb(bytes.fromhex(h), raw=False, strict_map_key=False) for h in request["payloads"]]
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    unpacker.feed(bytes.fromhex(request["stream"]))
    streamed = list(unpacker)
    handwritten = {
        "i32": -2147483648, "i64": 9223372036854775807, "i64n": -9007199254740991, "f32": 0.25, "f64": float("-inf"),
        "flag": True, "text": "Grüße 🌍", "blob": b"\x00\x01\xff", "color": "dark-blue", "maybeColor": None,
        "count": 5, "note": None, "tags": ["x"], "longs": [-1, 4294967296], "matrix": [[1.5], []],
        "scores": {"k": -9223372036854775808}, "byName": {"a": {"street": "s"}},
        "home": {"street": "h", "zip": "z"}, "work": None, "shape": {"kind": "Rect", "w": 1.0, "h": 2.0},
        "shapes": [{"kind": "Circle", "radius": 3.0}, {"kind": "Empty"}], "maybeShape": None,
        "tree": {"label": "r", "children": [{"label": "c", "children": []}]},
    }
    return {
        "reencoded": [msgpack.packb(v, use_bin_type=True).hex() for v in values],
        "views": [view(v) for v in values],
        "stream": b"".join(msgpack.packb(v, use_bin_type=True) for v in streamed).hex(),
        "handwritten": msgpack.packb(handwritten, use_bin_type=True).hex(),
    }


main(run)
