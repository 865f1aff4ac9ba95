"""Thrift referee: code the Thrift compiler generated from kitgen's .thrift, on python3-thrift."""
import importlib
import sys

from thrift.protocol import TBinaryProtocol
from thrift.transport import TTransport
from referee_common import main, view


def run(request):
    sys.path.insert(0, request["generated"])
    types = importlib.import_module(request["module"] + ".ttypes")
    Root = getattr(types, request["struct"])

    def decode(data):
        buffer = TTransport.TMemoryBuffer(data)
        value = Root()
        value.read(TBinaryProtocol.TBinaryProtocol(buffer))
        assert buffer._buffer.tell() == len(data), "bytes left after the struct"
        return value

    def encode(value):
        buffer = TTransport.TMemoryBuffer()
        value.write(TBinaryProtocol.TBinaryProtocol(buffer))
        return buffer.getvalue()

    values = [decode(bytes.fromhex(h)) for h in request["payloads"]]
    framed = TTransport.TFramedTransport(TTransport.TMemoryBuffer(bytes.fromhex(request["stream"])))
    streamed = []
    for _ in range(request["streamCount"]):
        value = Root()
        value.read(TBinaryProtocol.TBinaryProtocol(framed))
        streamed.append(value)
    sink = TTransport.TMemoryBuffer()
    framed_out = TTransport.TFramedTransport(sink)
    for value in values:
        value.write(TBinaryProtocol.TBinaryProtocol(framed_out))
        framed_out.flush()

    t = types
    handwritten = Root(
        i32_=-2147483648, i64_=9223372036854775807, i64n=-9007199254740991, f32=0.25, f64=float("-inf"),
        flag=True, text="Grüße 🌍", blob=b"\x00\x01\xff", color=t.Color.DARK_BLUE, maybeColor=None,
        count=5, note=None, tags=["x"], longs=[-1, 4294967296], matrix=[[1.5], []],
        scores={"k": -9223372036854775808}, byName={"a": t.Address(street="s")},
        home=t.Address(street="h", zip="z"), work=None, shape=t.Shape(rect=t.Rect(w=1.0, h=2.0)),
        shapes=[t.Shape(circle=t.Circle(radius=3.0)), t.Shape(empty=t.Empty())], maybeShape=None,
        tree=t.Tree(label="r", children=[t.Tree(label="c", children=[])]),
    )
    return {
        "reencoded": [encode(v).hex() for v in values],
        "views": [view(v) for v in values],
        "streamed": [encode(v).hex() for v in streamed],
        "stream": sink.getvalue().hex(),
        "handwritten": encode(handwritten).hex(),
    }


main(run)
