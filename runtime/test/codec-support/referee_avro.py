"""Avro referee: Apache Avro's Python library (python3-avro) reads and writes what kitgen does."""
import io

import avro.datafile
import avro.io
import avro.schema
from referee_common import main, view


class DatumWriter(avro.io.DatumWriter):
    """avro 1.11's DatumWriter.write first validates with raise_on_error, which picks the first
    record branch of a union whose field names cover the datum's keys (so `{}` is taken for any
    record) and then fails; write_data, which does the actual encoding, picks the branch that
    validates. Skip the broken pre-check; the encoding is still the library's own."""

    def write(self, datum, encoder):
        self.write_data(self.writers_schema, datum, encoder)


def run(request):
    schema = avro.schema.parse(request["schema"])
    reader = avro.io.DatumReader(schema)
    writer = DatumWriter(schema)

    def decode(data):
        buffer = io.BytesIO(data)
        datum = reader.read(avro.io.BinaryDecoder(buffer))
        assert buffer.tell() == len(data), f"{len(data) - buffer.tell()} bytes left after the datum"
        return datum

    def encode(datum):
        buffer = io.BytesIO()
        writer.write(datum, avro.io.BinaryEncoder(buffer))
        return buffer.getvalue()

    datums = [decode(bytes.fromhex(h)) for h in request["payloads"]]
    with avro.datafile.DataFileReader(io.BytesIO(bytes.fromhex(request["container"])), avro.io.DatumReader()) as container:
        streamed = list(container)

    # A container written by Python, deflate-compressed, for kitgen's stream decoder.
    out = io.BytesIO()
    file_writer = avro.datafile.DataFileWriter(out, DatumWriter(), schema, codec="deflate")
    for datum in datums:
        file_writer.append(datum)
    file_writer.flush()
    written_container = out.getvalue()

    handwritten = {
        "i32": -2147483648, "i64": 9223372036854775807, "i64n": -9007199254740991, "f32": 0.25, "f64": float("-inf"),
        "flag": True, "text": "Grüße 🌍", "blob": b"\x00\x01\xff", "color": "dark_blue", "maybeColor": None,
        "nick": None, "count": 5, "note": None, "tags": ["x"], "longs": [-1, 4294967296], "matrix": [[1.5], []],
        "scores": {"k": -9223372036854775808}, "byName": {"a": {"street": "s", "zip": None}},
        "home": {"street": "h", "zip": "z"}, "work": None, "shape": {"w": 1.0, "h": 2.0},
        "shapes": [{"radius": 3.0}, {}], "maybeShape": None,
        "tree": {"label": "r", "children": [{"label": "c", "children": []}]},
    }
    return {
        "reencoded": [encode(d).hex() for d in datums],
        "views": [view(d) for d in datums],
        "streamed": [encode(d).hex() for d in streamed],
        "container": written_container.hex(),
        "handwritten": encode(handwritten).hex(),
    }


main(run)
