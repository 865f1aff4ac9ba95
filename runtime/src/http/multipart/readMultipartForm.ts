import { Form } from './Form.ts';
import type { FormField } from './FormField.ts';
import { MultipartLimits } from './MultipartLimits.ts';
import { decodeMultipart } from './decodeMultipart.ts';

/**
 * Reads a whole multipart form into memory: text fields as text, binary fields as bytes. Uses
 * {@link MultipartLimits.aggregated} unless told otherwise, since every byte is held.
 */
export async function readMultipartForm(
  open: () => AsyncIterable<Uint8Array>,
  contentType: string | undefined,
  limits: Partial<MultipartLimits> = {},
): Promise<Form> {
  const fields: FormField[] = [];
  for await (const field of decodeMultipart(open, contentType, { ...MultipartLimits.aggregated, ...limits })) {
    if (field._tag === 'Text') {
      fields.push(field);
      continue;
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of field.data) chunks.push(chunk);
    fields.push({
      _tag: 'Binary',
      name: field.name,
      data: Buffer.concat(chunks),
      contentType: field.contentType,
      filename: field.filename,
    });
  }
  return Form.of(...fields);
}
