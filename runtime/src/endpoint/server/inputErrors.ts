import type { TSchema } from 'typebox';
import type { DecodeError } from '../../errors/DecodeError.ts';
import { HttpError } from '../../http/HttpError.ts';
import { validatorFor } from '../../schema/validator.ts';
import { HttpErrors } from '../../errors/catalogue.ts';

/** 400 naming where the bad value was and what was expected. */
export function badInput(where: string, name: string, message: string, expected?: string): HttpError {
  return HttpError.of(HttpErrors.BAD_INPUT, [where, name, message], {
    details: { in: where.split(' ')[0], parameter: name, ...(expected ? { expected } : {}) },
  });
}

/** The value when it fits the schema, else a 400 naming the input and what was expected. */
export function checked(schema: TSchema, value: unknown, where: string, name: string, raw: string): unknown {
  const failure = validatorFor(schema).firstError(value, '', `${where} '${name}'`);
  if (failure) {
    throw HttpError.of(HttpErrors.INVALID_INPUT, [failure.message, raw], {
      details: { in: where.split(' ')[0], parameter: name, expected: failure.expected },
    });
  }
  return value;
}

/** A 400 from a body DecodeError, keeping its pointer. */
export function bodyError(error: DecodeError, name: string): HttpError {
  const message = error.message.startsWith('value')
    ? `${name}${error.message.slice(5)}`
    : error.message.startsWith('body') || error.message.startsWith(name)
      ? error.message
      : `${name}: ${error.message}`;
  return HttpError.of(HttpErrors.BAD_BODY, [message], {
    details: {
      in: 'body',
      ...(error.pointer ? { pointer: error.pointer } : {}),
      ...(error.expected ? { expected: error.expected } : {}),
    },
  });
}
